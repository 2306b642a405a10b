"""What a move gives the next seat: the chance it sweeps the table, or takes the settebello.

The next seat to play is always an opponent (seats alternate sides).  Its
cards are, as far as the moving seat knows, a random handful of the cards that
seat has not seen (``view.unseen``: the other hands and the deck), so the
chance that it holds at least one of ``k`` given unseen cards is the
hypergeometric :func:`~scopa_core.players.evaluate.prob_holds_any` of ``k``
among the unseen cards for the number of cards it will hold when it plays: its
hand now, or a fresh hand of ``hand_size`` cards when this move ends a round
and the deck deals again.  What the other seats' plays suggest about their
hands is left out: these are the plain odds a person can work out.

A take with the last play of the hand is no scopa, so when the next play is the
last one (or this move is) there is no sweep to fear.
"""

from __future__ import annotations

from ..cards import DECK_SIZE, SETTEBELLO
from ..hand import capture_rule
from ..moves import KEEP, Move
from ..players.evaluate import prob_holds_any, sweepers
from ..players.inference import settebello_takers
from ..view import SeatView


def table_after(view: SeatView, move: Move) -> int:
    """The table a card play leaves (a declaration or a kept ace leaves it as it is)."""
    if move.is_declare or move.kind == KEEP:
        return view.table
    if move.take:
        return view.table ^ move.take
    return view.table | 1 << move.card


def next_seat_cards(view: SeatView, *, scopa: bool) -> int:
    """How many cards the next seat holds when it plays after this seat's move;
    with ``scopa``, 0 when that play could not make a scopa (it is the last)."""
    rules = view.rules
    plays = len(view.history) + 1  # the plays made once this seat has moved
    total = DECK_SIZE - rules.table_cards
    if plays >= total or (scopa and plays + 1 >= total):
        return 0
    if plays % (rules.players * rules.hand_size) == 0:
        return rules.hand_size  # the round is over: the deck deals again
    return view.hand_counts[(view.seat + 1) % rules.players]


def chance_next_holds(view: SeatView, cards: int, *, scopa: bool) -> float:
    """The chance that the next seat will hold one of ``cards`` when it plays."""
    unseen = view.unseen
    held = next_seat_cards(view, scopa=scopa)
    return prob_holds_any(unseen.bit_count(), (cards & unseen).bit_count(), held)


def sweep_chance(view: SeatView, move: Move) -> float:
    """The chance that the next seat holds an unseen card that sweeps the table
    ``move`` leaves (0 when the table is empty or no unseen card can sweep it)."""
    rest = table_after(view, move)
    if move.is_declare or not rest:
        return 0.0
    return chance_next_holds(view, sweepers(view.rules, rest), scopa=True)


def settebello_chance(view: SeatView, move: Move) -> float:
    """The chance that the next seat can take the settebello ``move`` leaves on
    the table (0 when it is not left there)."""
    rest = table_after(view, move)
    if move.is_declare or not rest & SETTEBELLO:
        return 0.0
    takers = settebello_takers(capture_rule(view.rules), rest)
    return chance_next_holds(view, takers, scopa=False)
