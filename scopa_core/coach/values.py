"""What every legal move of a seat is worth, in points of the hand, from its view.

A move's *value* is the seat's side's points for the whole hand minus the other
side's (with three sides: minus the mean of the other two), as the hand will end
after that move -- the scope already made this hand included, so values read as
hand results, and the difference between two moves is what one costs against
the other.  A cappotto counts :data:`~scopa_core.players.solver.CAPPOTTO_VALUE`
points, as the solver counts it (it wins the match).

- **Exact** when every unseen card's place is known to the seat: no card is
  unseen, or the deck is empty and all the unseen cards are one other seat's
  hand (a 2-player hand once the deck is empty).  Then both sides play their
  best from there (minimax; max-n with three sides, each seat maximising its
  points minus the mean of the others', ties broken as the solver breaks
  them), by :class:`~scopa_core.players.solver.Solver` on the one world the view
  allows.  Declarations after this move are not part of the search.
- Otherwise **the expert's estimate**: :meth:`ExpertPlayer.move_values` over
  the worlds it imagines from the view (docs/expert.md), with no wall-clock cap,
  so the values are a function of the view, the seed and the budget alone.
  The expert drops a move clearly behind the best after a few worlds; such a
  move keeps its mean over the worlds it was valued in (rougher, and behind
  the best by clearly more than the noise).

A declaration (chiamarsi fuori) decides the match, not just the hand: it is
worth ``+MATCH_WORTH`` when it wins the match and ``-MATCH_WORTH`` when it
loses it, more than any hand can bring, so the first is always the best move
and the second never is.

Nothing here looks at a :class:`~scopa_core.hand.HandState` with other hands:
the only input is the :class:`~scopa_core.view.SeatView`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from ..moves import Move
from ..players.base import declare_outcome, playable_moves
from ..players.evaluate import side_value
from ..players.expert import DEFAULT_BUDGET, ExpertPlayer, perfect_information
from ..players.heuristic import Heuristic
from ..players.solver import Solver
from ..view import SeatView

#: a declaration's worth: the match it wins (+) or loses (-), in points
MATCH_WORTH: Final = 100.0
#: the coach's search budget (the expert's nodes) when none is given
COACH_BUDGET: Final = DEFAULT_BUDGET
#: the budget of a review in the browser, a hand of positions in the background
#: within 10 s (docs/coach.md: same best move as COACH_BUDGET 93-96% of the time)
REVIEW_BUDGET: Final = 20_000


@dataclass(frozen=True, slots=True)
class MoveValues:
    """Every legal move of a view with its value; ``moves`` in the normal
    level's order of preference (the declaration last), so ties go to the
    move that looks best at a glance."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    exact: bool

    @property
    def best(self) -> int:
        """The index of the best move (the first of the highest value)."""
        top = max(self.values)
        return self.values.index(top)

    def value_of(self, move: Move) -> float:
        return self.values[self.moves.index(move)]


def is_exact(view: SeatView) -> bool:
    """Whether every card the seat has not seen has a place known to it."""
    return perfect_information(view)


def move_values(view: SeatView, *, seed: int = 0, budget: int = COACH_BUDGET) -> MoveValues:
    """The value of every legal move of ``view`` (the seat must be to move)."""
    plays = Heuristic(view).ranked(playable_moves(view))
    if not plays:
        raise ValueError(f"seat {view.seat} has no move: it is seat {view.to_move}'s turn")
    exact = is_exact(view)
    future = _exact_future(view, plays) if exact else _estimated_future(view, plays, seed, budget)
    made = side_value(list(view.scope), view.side)
    moves = list(plays)
    values = [made + v for v in future]
    outcome = declare_outcome(view)
    if outcome is not None:
        moves.append(Move.declare())
        values.append(MATCH_WORTH if outcome else -MATCH_WORTH)
    assert len(moves) == len(view.legal_moves())
    return MoveValues(tuple(moves), tuple(values), exact)


def _exact_future(view: SeatView, plays: list[Move]) -> list[float]:
    """Minimax worth of each play from here on (future scope and the final count)."""
    # every unseen card's place is known, so every world the view allows is this one
    world = view.sample_world(random.Random(0))
    solver = Solver(view.rules)
    solver.load(world)
    return solver.values(plays)


def _estimated_future(view: SeatView, plays: list[Move], seed: int, budget: int) -> list[float]:
    """The expert's estimate of each play's worth from here on."""
    expert = ExpertPlayer(seed, budget, time_cap=math.inf)
    return expert.move_values(view, plays)
