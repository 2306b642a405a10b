"""The coach's answer for one position: every option ranked, with its reasons.

:func:`analyse` is what the hint, the review and the command line share: the
values of :mod:`.values` and the reasons of :mod:`.reasons`, options best first
(ties in the normal level's order of preference), each with its *loss*, the
points it gives up against the best.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..moves import Move
from ..view import SeatView
from .reasons import Reason, reasons_for
from .values import COACH_BUDGET, MoveValues, move_values

#: values and losses are shown to this many decimals (hundredths of a point)
DECIMALS = 2


@dataclass(frozen=True, slots=True)
class Option:
    move: Move
    value: float
    #: the best value minus this one (never negative)
    loss: float
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class Analysis:
    seat: int
    exact: bool
    #: best first
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        return self.options[0]

    def option(self, move: Move) -> Option:
        return next(o for o in self.options if o.move == move)


def analyse(view: SeatView, *, seed: int = 0, budget: int = COACH_BUDGET) -> Analysis:
    """Every legal move of the seat to move, valued and explained, best first."""
    found = move_values(view, seed=seed, budget=budget)
    return analysis_of(view, found)


def analysis_of(view: SeatView, found: MoveValues) -> Analysis:
    """The ranked options of values already computed (adds the reasons)."""
    order = sorted(range(len(found.moves)), key=lambda i: -found.values[i])
    top = found.values[order[0]]
    reasons = reasons_for(view, found.moves)
    options = tuple(
        Option(found.moves[i], found.values[i], top - found.values[i], tuple(reasons[i]))
        for i in order
    )
    return Analysis(view.seat, found.exact, options)


def rounded(value: float) -> float:
    """A value as shown: hundredths of a point, and never -0.0."""
    return round(value, DECIMALS) + 0.0


def move_json(move: Move) -> dict[str, Any]:
    """A move in the record format (no ``player``)."""
    return move.to_json()


def reason_json(reason: Reason) -> dict[str, Any]:
    """``{"code", "params", "text"}``: the page words it from the code."""
    return {**reason.to_json(), "text": str(reason)}


def option_json(option: Option) -> dict[str, Any]:
    return {
        "move": move_json(option.move),
        "value": rounded(option.value),
        "loss": rounded(option.loss),
        "reasons": [reason_json(r) for r in option.reasons],
    }
