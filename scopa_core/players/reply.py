"""The expert's next move in an imagined world, chosen per reply it will have seen.

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

The same holds in the solved last deals while the deck still hides cards
(:meth:`ReplySearch.add_solved_world`): there a world's solve would pick the
side's next move knowing the other hand.  The opponent is the fallible one
of :meth:`.Solver.value_soft`, so in a world every reply counts with the
odds that opponent gives it, and the side's follow-up after each is chosen
over the worlds where it saw that reply.

Two players only: with more seats, the replies of three or five seats split
the worlds so finely that each choice would see a single world and peek.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..moves import Move
from .playout import greedy_move, playout
from .solver import Solver, SolverMove

#: what the side has seen when it makes its next move: the reply, its hand
Seen = tuple[SolverMove, int]
#: the key of a candidate's only value when the side does not move again
NO_FOLLOW_UP: SolverMove = (-1, 0, 0)
#: one reply in one world: its chance there, what the side then saw (None when
#: it does not move again), and the value of each move it could then make
Branch = tuple[float, Seen | None, dict[SolverMove, float]]
#: one world's worth of a candidate: its replies (one for the playout's reply)
Outcome = list[Branch]


class ReplySearch:
    """Collects, world by world, the values of a candidate's follow-ups."""

    def __init__(self, side: int, *, blind: bool) -> None:
        self.side = side
        self.blind = blind
        self.outcomes: list[dict[int, Outcome]] = []
        #: playouts made so far (the caller counts their plies as work)
        self.playouts = 0

    def add_world(self, solver: Solver, moves: Sequence[Move], indices: Sequence[int]) -> None:
        """Value the candidates ``moves[i]`` (``i`` in ``indices``) in the loaded
        world by greedy playouts after the playout's own reply."""
        row: dict[int, Outcome] = {}
        for i in indices:
            move = moves[i]
            undo = solver.push(move.card, move.take, move.kind)
            row[i] = [self._after(solver, undo[2])]
            solver.pop(move.card, move.take, undo)
        self.outcomes.append(row)

    def add_solved_world(
        self, solver: Solver, moves: Sequence[Move], indices: Sequence[int], softness: float
    ) -> None:
        """Value the candidates in the loaded world exactly, against the
        fallible opponent of :meth:`Solver.value_soft`: every reply counts
        with the chance that opponent gives it, and each follow-up is worth
        the soft solve after it.  The soft solve values every node of the
        tree once (memoised), so the follow-ups cost lookups, not searches."""
        memo: dict[tuple[int, ...], float] = {}
        row: dict[int, Outcome] = {}
        for i in indices:
            move = moves[i]
            undo = solver.push(move.card, move.take, move.kind)
            row[i] = self._solved_after(solver, undo[2], softness, memo)
            solver.pop(move.card, move.take, undo)
        self.outcomes.append(row)

    def _after(self, solver: Solver, gained: int) -> Branch:
        """The playout's reply to the candidate just pushed (``gained``: its scopa)."""
        side = self.side
        if solver.plays == solver.total:
            return 1.0, None, {NO_FOLLOW_UP: gained + playout(solver, side)}
        reply = greedy_move(solver, side, blind=self.blind)
        undo = solver.push(*reply)
        gained -= undo[2]
        branch: Branch
        if solver.plays == solver.total or solver.sides[solver.to_move] != side:
            self.playouts += 1
            branch = 1.0, None, {NO_FOLLOW_UP: gained + playout(solver, side, blind=self.blind)}
        else:
            values = {}
            for follow in solver.moves():
                again = solver.push(*follow)
                values[follow] = gained + again[2] + playout(solver, side, blind=self.blind)
                solver.pop(follow[0], follow[1], again)
            self.playouts += len(values)
            branch = 1.0, (reply, solver.hands[solver.to_move]), values
        solver.pop(reply[0], reply[1], undo)
        return branch

    def _solved_after(
        self, solver: Solver, gained: int, softness: float, memo: dict[tuple[int, ...], float]
    ) -> Outcome:
        """Every reply to the candidate just pushed, with its chance, in a solved world."""
        side = self.side
        if solver.plays == solver.total or solver.sides[solver.to_move] == side:
            return [(1.0, None, {NO_FOLLOW_UP: gained + solver.value_soft(side, softness, memo)})]
        branches: list[tuple[float, Seen | None, dict[SolverMove, float]]] = []
        for reply in solver.moves():
            undo = solver.push(*reply)
            after = gained - undo[2]
            if solver.plays == solver.total or solver.sides[solver.to_move] != side:
                seen = None
                values = {NO_FOLLOW_UP: after + solver.value_soft(side, softness, memo)}
            else:
                seen = reply, solver.hands[solver.to_move]
                values = {}
                for follow in solver.moves():
                    again = solver.push(*follow)
                    values[follow] = after + again[2] + solver.value_soft(side, softness, memo)
                    solver.pop(follow[0], follow[1], again)
            solver.pop(reply[0], reply[1], undo)
            branches.append((max(values.values()), seen, values))
        # the opponent's odds, as in value_soft: exp(-softness * the side's best)
        low = min(b[0] for b in branches)
        odds = [math.exp(-softness * (b[0] - low)) for b in branches]
        scale = 1.0 / sum(odds)
        return [
            (o * scale, seen, values) for o, (_, seen, values) in zip(odds, branches, strict=True)
        ]

    def values(self, count: int) -> list[float]:
        """The mean worth of each of ``count`` candidates over the worlds so far
        (a candidate never valued gets minus infinity)."""
        # per (candidate, what was seen): each follow-up's total over those
        # worlds, each world's value weighed by the chance of that reply in it
        totals: dict[tuple[int, Seen], dict[SolverMove, float]] = {}
        for row in self.outcomes:
            for i, branches in row.items():
                for chance, seen, values in branches:
                    if seen is not None:
                        total = totals.setdefault((i, seen), {})
                        for follow, value in values.items():
                            total[follow] = total.get(follow, 0.0) + chance * value
        # the same worlds back every follow-up of a key: the best total is the best mean
        choice = {key: max(total, key=lambda f: (total[f], f)) for key, total in totals.items()}
        sums = [0.0] * count
        seen_in = [0] * count
        for row in self.outcomes:
            for i, branches in row.items():
                for chance, seen, values in branches:
                    follow = NO_FOLLOW_UP if seen is None else choice[(i, seen)]
                    sums[i] += chance * values[follow]
                seen_in[i] += 1
        return [s / n if n else float("-inf") for s, n in zip(sums, seen_in, strict=True)]
