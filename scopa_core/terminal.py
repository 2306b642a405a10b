"""``python -m scopa_core play``: a quick match against the computer in a terminal.

A thin text front end: the engine decides every rule, this module only prints
the table and reads moves like ``7D`` or ``KD 3S 7C`` (a card and what it
takes).  Useful for trying the engine and the players without a browser.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from .cards import Card, CardError, describe, names
from .match import Match
from .moves import IllegalMove, Move
from .rules import Rules, RulesError
from .scoring import HandScore

HUMAN = 0


def parse_typed_move(text: str, legal: list[Move]) -> Move | str:
    """A typed move (``7D``, ``KD 3S 7C``, ``keep AD``, ``declare``) or why it is no move."""
    words = text.replace(",", " ").replace("+", " ").split()
    if not words:
        return "type a card from your hand, like 7D"
    if words[0].lower() == "declare":
        return Move.declare()
    keep = words[0].lower() == "keep"
    if keep:
        words = words[1:]
    try:
        cards = [Card.parse(w.upper()) for w in words]
    except CardError as exc:
        return str(exc)
    if not cards:
        return "keep which ace?"
    if keep:
        return Move.keep(cards[0])
    played = cards[0].index
    if len(cards) == 1:
        mine = [m for m in legal if m.card == played and not m.is_keep]
        if len(mine) == 1:
            return mine[0]
        if len(mine) > 1:
            options = " or ".join(describe(m.take) for m in mine)
            example = f"{cards[0]} {' '.join(names(mine[0].take))}"
            return f"{cards[0]} can take {options}: say which, e.g. {example}"
    return Move.play(*cards)


def _print_hand_score(out: TextIO, score: HandScore, match: Match) -> None:
    out.write("\nThe count:\n")
    for side, seats in enumerate(match.rules.sides):
        out.write(
            f"  side {side} (seats {seats}): cards {score.cards[side]}, coins {score.coins[side]}, "
            f"primiera {score.primiera[side]}, scope {score.scope[side]} -> "
            f"{score.points[side]} points\n"
        )
    out.write(f"  settebello: side {score.settebello}; totals {match.totals}\n\n")


def play_in_terminal(
    preset: str,
    level: str,
    seed: int | None,
    read: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
) -> int:
    from .players import make_player

    try:
        rules = Rules.preset(preset)
    except RulesError as exc:
        out.write(f"{exc}\n")
        return 2
    match = Match(rules, seed=seed)
    computer = make_player(level, seed or 0)
    out.write(f"Scopa ({preset}), you are seat 0 against the computer ({level}).\n")
    while not match.over:
        if match.needs_deal:
            match.deal()
        hand = match.hand
        assert hand is not None
        seat = hand.to_move
        if seat == HUMAN:
            view = match.view(seat)
            out.write(
                f"\nTable: {' '.join(names(view.table)) or '(empty)'}   "
                f"Your hand: {' '.join(names(view.hand))}   "
                f"Deck: {view.cards_left_in_deck}   Score: {match.totals}\n"
            )
            try:
                typed = read("Your move> ")
            except EOFError:
                out.write("\nBye.\n")
                return 0
            move = parse_typed_move(typed, view.legal_moves())
            if isinstance(move, str):
                out.write(f"{move}\n")
                continue
        else:
            move = computer.choose(match.view(seat))
            out.write(f"Seat {seat} plays {move}\n")
        try:
            score = match.play(move)
        except IllegalMove as exc:
            out.write(f"Not allowed: {exc}\n")
            continue
        if score is not None:
            _print_hand_score(out, score, match)
    out.write(f"Side {match.winner} wins the match {match.totals}.\n")
    return 0
