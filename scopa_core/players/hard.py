"""The hard level: determinized rollouts over worlds consistent with its view.

It keeps track of every card gone (the view's ``seen``), imagines the unseen
cards dealt at random among the other hands and the deck
(``view.sample_world``), plays each candidate move in each imagined world,
finishes the hand with the greedy policy of :mod:`.search`, and picks the
move with the best average hand result for its side.  Candidates are the
heuristic's best few (:mod:`.heuristic`); every candidate meets the same
worlds, and the heuristic breaks near-ties.

``budget`` (plies of rollout per move) sets the strength and the think time
and is deterministic for a seed; a browser can lower it (Pyodide is slower).
``max_seconds`` (0.5 s of wall clock) is only a safety cap.
"""

from __future__ import annotations

from typing import Final

from ..moves import Move
from ..view import SeatView
from .base import Player, forced_move, playable_moves, view_rng
from .heuristic import Heuristic
from .search import Rollout, evaluate_moves

#: default rollout budget in plies per move (CPU median ~37 ms, max ~90 ms on CPython)
DEFAULT_BUDGET: Final = 10_000
#: the most candidate moves searched (the heuristic's best)
MAX_CANDIDATES: Final = 6
#: a heuristic edge of one point counts this much in the rollout average
HEURISTIC_TIEBREAK: Final = 0.05


class HardPlayer(Player):
    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        budget: int = DEFAULT_BUDGET,
        *,
        max_seconds: float = 0.5,
        max_candidates: int = MAX_CANDIDATES,
        min_worlds: int = 4,
        max_worlds: int = 400,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.max_seconds = max_seconds
        self.max_candidates = max_candidates
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self._rollouts: dict[object, Rollout] = {}

    def choose(self, view: SeatView) -> Move:
        forced = forced_move(view)
        if forced is not None:
            return forced
        moves = playable_moves(view)
        heuristic = Heuristic(view)
        hscore = {m: heuristic.score(m) for m in moves}
        ranked = sorted(moves, key=lambda m: -hscore[m])
        candidates = ranked[: self.max_candidates]
        rollout = self._rollouts.get(view.rules)
        if rollout is None:
            rollout = self._rollouts[view.rules] = Rollout(view.rules)
        values, _ = evaluate_moves(
            view,
            candidates,
            view_rng(self.seed, view, "hard"),
            budget=self.budget,
            min_worlds=self.min_worlds,
            max_worlds=self.max_worlds,
            max_seconds=self.max_seconds,
            rollout=rollout,
        )
        best = max(
            range(len(candidates)),
            key=lambda i: (values[i] + HEURISTIC_TIEBREAK * hscore[candidates[i]], -i),
        )
        return candidates[best]
