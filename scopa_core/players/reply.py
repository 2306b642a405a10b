"""The expert's next move in a playout world, chosen per reply it will have seen.

In the greedy playouts of the first deals (:mod:`.playout`) every later move
of the searching side follows a rule of thumb.  Its *next* move is the one
that matters most, and the side will make it knowing more than the rule
does: it will have seen the opponent's reply.  So in each world, after a
candidate move the opponent replies as in the playout, and every move the
side could then make is played out.  The worlds in which the opponent
replied alike look the same to the side at that point (the same reply, the
same cards in its hand), so it will make the same move in all of them: the
one with the best mean over those worlds.  A candidate is worth its mean
over the worlds, each valued with that common choice -- one level of
information-set search on top of the playouts (docs/expert.md).

Two players only: with more seats, the replies of three or five seats split
the worlds so finely that each choice would see a single world and peek.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..moves import Move
from .playout import greedy_move, playout
from .solver import Solver, SolverMove

#: what the side has seen when it makes its next move: the reply, its hand
Seen = tuple[SolverMove, int]
#: the key of a candidate's only value when the side does not move again
NO_FOLLOW_UP: SolverMove = (-1, 0, 0)
#: one world's worth of a candidate: what the side saw (None when it does not
#: move again), and the value of each move it could then make
Outcome = tuple[Seen | None, dict[SolverMove, float]]


class ReplySearch:
    """Collects, world by world, the values of a candidate's follow-ups."""

    def __init__(self, side: int, *, blind: bool) -> None:
        self.side = side
        self.blind = blind
        self.outcomes: list[dict[int, Outcome]] = []
        #: playouts made so far (the caller counts their plies as work)
        self.playouts = 0

    def add_world(self, solver: Solver, moves: Sequence[Move], indices: Sequence[int]) -> None:
        """Value the candidates ``moves[i]`` (``i`` in ``indices``) in the loaded world."""
        row: dict[int, Outcome] = {}
        for i in indices:
            move = moves[i]
            undo = solver.push(move.card, move.take, move.kind)
            row[i] = self._after(solver, undo[2])
            solver.pop(move.card, move.take, undo)
        self.outcomes.append(row)

    def _after(self, solver: Solver, gained: int) -> Outcome:
        """The outcome of the candidate just pushed (``gained``: its scopa)."""
        side = self.side
        if solver.plays == solver.total:
            return None, {NO_FOLLOW_UP: gained + playout(solver, side)}
        reply = greedy_move(solver, side, blind=self.blind)
        undo = solver.push(*reply)
        gained -= undo[2]
        outcome: Outcome
        if solver.plays == solver.total or solver.sides[solver.to_move] != side:
            self.playouts += 1
            outcome = None, {NO_FOLLOW_UP: gained + playout(solver, side, blind=self.blind)}
        else:
            values = {}
            for follow in solver.moves():
                again = solver.push(*follow)
                values[follow] = gained + again[2] + playout(solver, side, blind=self.blind)
                solver.pop(follow[0], follow[1], again)
            self.playouts += len(values)
            outcome = (reply, solver.hands[solver.to_move]), values
        solver.pop(reply[0], reply[1], undo)
        return outcome

    def values(self, count: int) -> list[float]:
        """The mean worth of each of ``count`` candidates over the worlds so far
        (a candidate never valued gets minus infinity)."""
        # per (candidate, what was seen): each follow-up's total over those worlds
        totals: dict[tuple[int, Seen], dict[SolverMove, float]] = {}
        for row in self.outcomes:
            for i, (seen, values) in row.items():
                if seen is not None:
                    total = totals.setdefault((i, seen), {})
                    for follow, value in values.items():
                        total[follow] = total.get(follow, 0.0) + value
        # the same worlds back every follow-up of a key: the best total is the best mean
        choice = {key: max(total, key=lambda f: (total[f], f)) for key, total in totals.items()}
        sums = [0.0] * count
        seen_in = [0] * count
        for row in self.outcomes:
            for i, (seen, values) in row.items():
                follow = NO_FOLLOW_UP if seen is None else choice[(i, seen)]
                sums[i] += values[follow]
                seen_in[i] += 1
        return [s / n if n else float("-inf") for s, n in zip(sums, seen_in, strict=True)]
