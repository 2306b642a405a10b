"""The normal level: a one-ply heuristic player.

For each legal move it adds what the move captures (the settebello, sevens,
coins, a scopa, the cards and coins races while still open, the re bello and
napola when on) and takes away what the next opponent can expect to take
from the table the move leaves, from each value's chance of being in that
opponent's hand given the cards not yet seen (a scopa counted in full).  In
teams a share of the partner's chances counts for the move; with three
players the second opponent's count against it.  See :mod:`.heuristic`.
"""

from __future__ import annotations

from ..moves import Move
from ..view import SeatView
from .base import Player, forced_move, playable_moves, view_rng
from .heuristic import Heuristic

#: moves within this many points of the best are equally good: pick one at random
TIE: float = 1e-9


class NormalPlayer(Player):
    name = "normal"

    def choose(self, view: SeatView) -> Move:
        forced = forced_move(view)
        if forced is not None:
            return forced
        moves = playable_moves(view)
        heuristic = Heuristic(view)
        scores = [heuristic.score(m) for m in moves]
        best = max(scores)
        top = [m for m, s in zip(moves, scores, strict=True) if s >= best - TIE]
        if len(top) == 1:
            return top[0]
        return top[view_rng(self.seed, view, "normal").randrange(len(top))]
