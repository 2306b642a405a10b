"""The easy level: takes what it sees, often at random.

It captures when it can (a random one of its captures), but now and then it
just plays a random card, and it never looks at what it leaves on the table.
It declares under chiamarsi fuori exactly when that wins the match.
"""

from __future__ import annotations

from ..moves import Move
from ..view import SeatView
from .base import Player, forced_move, playable_moves, view_rng

#: chance of playing a random legal move instead of taking something
CARELESS: float = 0.25


class EasyPlayer(Player):
    name = "easy"

    def choose(self, view: SeatView) -> Move:
        forced = forced_move(view)
        if forced is not None:
            return forced
        rng = view_rng(self.seed, view, "easy")
        moves = playable_moves(view)
        captures = [m for m in moves if m.take]
        if captures and rng.random() >= CARELESS:
            return captures[rng.randrange(len(captures))]
        return moves[rng.randrange(len(moves))]
