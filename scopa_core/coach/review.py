"""The review of a record: every move of the chosen seats, valued from that seat's view.

A *position* is ``(hand, move)``, both 0-based as in the replay checker's
answers: the position just before move ``move`` of hand ``hand``, whose seat
is the one that made that move.  :func:`positions` lists them,
:func:`review_position` values one: the same :func:`.hint.analyse` as the hint,
on the :class:`~scopa_core.view.SeatView` of the seat that moved (its cards,
the public moves, the match scores before the hand), never the record's deck.

The answer for a position is the command line's line::

    {"hand": h, "move": m, "seat": s, "played": MOVE, "best": MOVE, "loss": x,
     "exact": bool, "values": [{"move": MOVE, "value": v}, ...]}

``values`` holds every legal move, best first; values and ``loss`` are rounded
to hundredths of a point, and ``loss`` is the rounded best value minus the
rounded value of the move played.  ``best`` is the move played when its value
is the best one (a tie), else the first best option.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ..hand import HandState
from ..match import Match
from ..moves import Move
from ..problems import Problem
from ..view import SeatView
from .hint import Analysis, analyse, move_json, option_json, rounded
from .values import COACH_BUDGET

#: The English of the review's own refusals.
REVIEW_ENGLISH: Final[dict[str, str]] = {
    "review.bad_seat": "seat {seat} is not a seat of this {players}-player table",
    "review.no_position": "hand {hand} of the record has no move {move}",
}


class ReviewProblem(Problem):
    TEMPLATES: ClassVar[dict[str, str]] = REVIEW_ENGLISH


class ReviewError(ValueError):
    """A review that cannot be made (a seat or a position the record does not have)."""


@dataclass(frozen=True, slots=True)
class Position:
    hand: int
    move: int
    seat: int


def check_seats(match: Match, seats: Collection[int] | None) -> None:
    players = match.rules.players
    for seat in seats or ():
        if not 0 <= seat < players:
            raise ReviewError(ReviewProblem("review.bad_seat", seat=seat, players=players))


def positions(
    match: Match, seats: Collection[int] | None = None, *, hands: Collection[int] | None = None
) -> list[Position]:
    """The moves of ``seats`` (default: every seat) in ``hands`` (default: all), in order."""
    check_seats(match, seats)
    players = match.rules.players
    out = []
    for h, record in enumerate(match.records):
        if hands is not None and h not in hands:
            continue
        for m in range(len(record.moves)):
            seat = (record.dealer + 1 + m) % players
            if seats is None or seat in seats:
                out.append(Position(h, m, seat))
    return out


def view_before(match: Match, hand: int, move: int) -> tuple[SeatView, Move]:
    """The view of the seat that made move ``move`` of hand ``hand``, just before
    it, and the move it made."""
    if not 0 <= hand < len(match.records) or not 0 <= move < len(match.records[hand].moves):
        raise ReviewError(ReviewProblem("review.no_position", hand=hand, move=move))
    record = match.records[hand]
    state = HandState(match.rules, record.deck, record.dealer)
    for made in record.moves[:move]:
        state.push(made)
    scores = [0] * match.rules.num_sides
    for earlier in match.records[:hand]:
        assert earlier.score is not None  # only the last hand may be unfinished
        scores = [a + b for a, b in zip(scores, earlier.score.points, strict=True)]
    return SeatView.of_hand(state, state.to_move, scores), record.moves[move]


def review_position(
    match: Match,
    hand: int,
    move: int,
    *,
    seed: int = 0,
    budget: int = COACH_BUDGET,
    reasons: bool = False,
) -> dict[str, Any]:
    """The review line of one position; with ``reasons``, each entry of
    ``values`` also has its ``loss`` and ``reasons`` (as the hint gives them)."""
    view, played = view_before(match, hand, move)
    analysis = analyse(view, seed=seed, budget=budget)
    return review_line(analysis, hand, move, played, reasons=reasons)


def review_line(
    analysis: Analysis, hand: int, move: int, played: Move, *, reasons: bool = False
) -> dict[str, Any]:
    best = analysis.best
    top = rounded(best.value)
    mine = rounded(analysis.option(played).value)
    if mine == top:
        best = analysis.option(played)
    values = []
    for option in analysis.options:
        entry = option_json(option) if reasons else {}
        entry.update(move=move_json(option.move), value=rounded(option.value))
        values.append(entry)
    return {
        "hand": hand,
        "move": move,
        "seat": analysis.seat,
        "played": move_json(played),
        "best": move_json(best.move),
        "loss": rounded(top - mine),
        "exact": analysis.exact,
        "values": values,
    }


def review_match(
    match: Match,
    seats: Collection[int] | None = None,
    *,
    seed: int = 0,
    budget: int = COACH_BUDGET,
) -> Iterator[dict[str, Any]]:
    """The review line of every move of ``seats`` (default: all), in order."""
    for position in positions(match, seats):
        yield review_position(match, position.hand, position.move, seed=seed, budget=budget)
