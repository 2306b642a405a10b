"""The coach: what each move of a seat is worth, and why, from that seat's view only.

The same analysis serves the hint, the review of a hand and ``python -m
scopa_core review`` (docs/coach.md)::

    from scopa_core.coach import analyse, sweep_chance

    analysis = analyse(match.view(seat))       # every legal move, best first
    analysis.best.move, analysis.best.value, analysis.exact
    [(o.move, o.loss, [str(r) for r in o.reasons]) for o in analysis.options]
    sweep_chance(view, move)                   # before a card is put down

- :mod:`.values` -- the value of every legal move (exact, or the expert's estimate);
- :mod:`.reasons` -- the reasons in words, with codes (:data:`REASONS`);
- :mod:`.risk` -- the chance the next seat sweeps the table a move leaves;
- :mod:`.hint` -- one position's options ranked, with losses and reasons;
- :mod:`.review` -- every move of a record's seats, as the command line prints it.
"""

from .hint import Analysis, Option, analyse, option_json, reason_json, rounded
from .reasons import REASONS, Reason, reasons_for
from .review import (
    REVIEW_ENGLISH,
    Position,
    ReviewError,
    positions,
    review_match,
    review_position,
    view_before,
)
from .risk import settebello_chance, sweep_chance
from .values import COACH_BUDGET, MATCH_WORTH, REVIEW_BUDGET, MoveValues, is_exact, move_values

__all__ = [
    "COACH_BUDGET",
    "MATCH_WORTH",
    "REASONS",
    "REVIEW_BUDGET",
    "REVIEW_ENGLISH",
    "Analysis",
    "MoveValues",
    "Option",
    "Position",
    "Reason",
    "ReviewError",
    "analyse",
    "is_exact",
    "move_values",
    "option_json",
    "positions",
    "reason_json",
    "reasons_for",
    "review_match",
    "review_position",
    "rounded",
    "settebello_chance",
    "sweep_chance",
    "view_before",
]
