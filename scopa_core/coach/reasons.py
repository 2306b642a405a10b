"""Why a move is good or bad, in words: short reasons with a code each.

A :class:`Reason` is like a :class:`~scopa_core.problems.Problem`: the English
sentence, plus a code and the parameters it was made from, so the page can say
it in Italian.  Each reason states a fact about the move from the seat's view,
true whatever the hidden cards are (the chances are the plain odds of
:mod:`.risk`).  The codes, and exactly when each is given:

``scopa``
    the move takes the whole table and it counts as a scopa.
``settebello`` / ``re_bello``
    the move brings the settebello (7D) / the re bello (KD, with that rule)
    into the side's pile: it takes it from the table or takes with it.
``sevens``
    the move brings sevens other than the settebello into the side's pile
    (``cards``): the best cards for the primiera.
``wins_coins`` / ``wins_cards``
    after the move the side is sure to win the coins / the cards: it has
    more than any other side could reach with every card not yet in a pile
    (``count``: what it has then); before the move it was not sure.
``keeps_coins`` / ``keeps_cards``
    after the move no other side can win the coins / the cards any more,
    though this side is not sure of them either (a tie may be left); before
    the move another side could still have won them.
``leaves_sweep``
    the table the move leaves could be swept for a scopa by a card the seat
    has not seen, and the chance that the next player holds one is at
    least 1% (``percent``, rounded; ``values``: the sweeping values).
``leaves_settebello``
    the move leaves the settebello on the table, and the chance that the
    next player holds a card that can take it is at least 1% (``percent``).
``keeps_pair``
    the seat could have put ``card`` down on the table (it takes nothing),
    but keeps it, and exactly one other card of its value is still unseen:
    that card cannot take ``card`` from the table, and if it is put down
    ``card`` can take it.
``declare_wins`` / ``declare_loses``
    a declaration (chiamarsi fuori) that wins / loses the match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from ..cards import (
    CARD_NAMES,
    CARD_VALUE,
    COINS,
    FULL_DECK,
    RE_BELLO,
    SETTEBELLO,
    VALUE_MASKS,
    bits,
    names,
)
from ..moves import KEEP, Move
from ..players.base import declare_outcome
from ..players.evaluate import sweepers
from ..problems import Problem
from ..view import SeatView
from .risk import settebello_chance, sweep_chance, table_after

#: The English sentence of every reason (the Italian is the page's).
REASONS: Final[dict[str, str]] = {
    "scopa": "it makes a scopa",
    "settebello": "it takes the settebello",
    "re_bello": "it takes the re bello",
    "sevens": "it takes {cards} for the primiera",
    "wins_coins": "it makes the coins sure ({count} coins)",
    "wins_cards": "it makes the cards sure ({count} cards)",
    "keeps_coins": "the other side can no longer win the coins",
    "keeps_cards": "the other side can no longer win the cards",
    "leaves_sweep": (
        "it leaves a sweep: a {percent}% chance the next player can take the whole table"
    ),
    "leaves_settebello": (
        "it leaves the settebello: a {percent}% chance the next player can take it"
    ),
    "keeps_pair": (
        "it keeps {card} paired: the last other card of its value is still out, "
        "and {card} takes it if it is put down"
    ),
    "declare_wins": "declaring now wins the match",
    "declare_loses": "declaring now loses the match",
}

#: a chance under this is not worth a word
LEAST_PERCENT: Final = 1


class Reason(Problem):
    """A reason for or against a move: English, with its code and parameters."""

    TEMPLATES: ClassVar[dict[str, str]] = REASONS


def reasons_for(view: SeatView, moves: Sequence[Move]) -> list[list[Reason]]:
    """The reasons that apply to each of ``moves`` (legal moves of ``view``)."""
    scopa = _ScopaDetector(view)
    discards = {m.card for m in view.legal_moves() if not m.take and m.kind != KEEP and m.card >= 0}
    out = []
    for move in moves:
        if move.is_declare:
            out.append([Reason("declare_wins" if declare_outcome(view) else "declare_loses")])
            continue
        found = [Reason("scopa")] if scopa(move) else []
        found += _captured(view, move)
        found += _races(view, move)
        found += _risks(view, move)
        found += _pairs(view, move, discards)
        out.append(found)
    return out


class _ScopaDetector:
    """Whether a move makes a scopa, by the engine's own rule (push on a world).

    The world's hidden cards are drawn at random, but whether a move sweeps for
    a scopa depends only on the table and the play count, which are public."""

    def __init__(self, view: SeatView) -> None:
        self.side = view.side
        self.world = view.sample_world(random.Random(0))

    def __call__(self, move: Move) -> bool:
        world = self.world
        before = world.scope[self.side]
        world.push(move)
        made = world.scope[self.side] > before
        world.pop()
        return made


def _taken(move: Move) -> int:
    """The cards a move puts into the side's pile."""
    if move.kind == KEEP:
        return 1 << move.card
    return move.take | 1 << move.card if move.take else 0


def _captured(view: SeatView, move: Move) -> list[Reason]:
    taken = _taken(move)
    found = []
    if taken & SETTEBELLO:
        found.append(Reason("settebello"))
    if view.rules.re_bello and taken & RE_BELLO:
        found.append(Reason("re_bello"))
    sevens = taken & VALUE_MASKS[7] & ~SETTEBELLO
    if sevens:
        found.append(Reason("sevens", cards=names(sevens)))
    return found


def _races(view: SeatView, move: Move) -> list[Reason]:
    taken = _taken(move)
    if not taken:
        return []
    before = list(view.piles)
    after = before[:]
    after[view.side] |= taken
    found = []
    for name, cards in (("coins", COINS), ("cards", FULL_DECK)):
        counts_before = [(p & cards).bit_count() for p in before]
        counts_after = [(p & cards).bit_count() for p in after]
        total = cards.bit_count()
        won_before = _sure_winner(counts_before, total) == view.side
        won_after = _sure_winner(counts_after, total) == view.side
        if won_after and not won_before:
            found.append(Reason(f"wins_{name}", count=counts_after[view.side]))
        elif (
            not won_after
            and _others_can_win(counts_before, total, view.side)
            and not _others_can_win(counts_after, total, view.side)
        ):
            found.append(Reason(f"keeps_{name}"))
    return found


def _sure_winner(counts: list[int], total: int) -> int | None:
    """The side that has the race whoever takes the rest, if one does."""
    left = total - sum(counts)
    for side, count in enumerate(counts):
        if all(count > other + left for s, other in enumerate(counts) if s != side):
            return side
    return None


def _others_can_win(counts: list[int], total: int, side: int) -> bool:
    """Whether some side other than ``side`` could still have strictly the most."""
    left = total - sum(counts)
    for s, count in enumerate(counts):
        if s != side and all(count + left > c for t, c in enumerate(counts) if t != s):
            return True
    return False


def _risks(view: SeatView, move: Move) -> list[Reason]:
    found = []
    sweep = _percent(sweep_chance(view, move))
    if sweep >= LEAST_PERCENT:
        mask = sweepers(view.rules, table_after(view, move)) & view.unseen
        values = sorted({CARD_VALUE[i] for i in bits(mask)})
        found.append(Reason("leaves_sweep", percent=sweep, values=values))
    settebello = _percent(settebello_chance(view, move))
    if settebello >= LEAST_PERCENT:
        found.append(Reason("leaves_settebello", percent=settebello))
    return found


def _percent(chance: float) -> int:
    return int(chance * 100 + 0.5)


def _pairs(view: SeatView, move: Move, discards: set[int]) -> list[Reason]:
    found = []
    for card in sorted(discards):
        if card == move.card:
            continue
        twins = VALUE_MASKS[CARD_VALUE[card]] & view.unseen
        if twins.bit_count() == 1:
            found.append(Reason("keeps_pair", card=CARD_NAMES[card]))
    return found
