"""The expert level: determinized search with an exact endgame solver.

See docs/expert.md for how it works and how strong it is.
"""

from __future__ import annotations

import random
import time
from typing import Final

from ..capture import CaptureRule
from ..cards import SETTEBELLO, VALUE_MASKS, bits
from ..hand import HandState, capture_rule
from ..moves import KEEP, Move
from ..rules import Rules
from ..view import SeatView
from .base import Player, forced_move, playable_moves, view_rng
from .evaluate import sweepers
from .heuristic import Heuristic
from .playout import greedy_move, playout
from .solver import SearchAborted, Solver, SolverMove

#: default work per move, in search nodes (solver nodes + playout plies)
DEFAULT_BUDGET: Final = 60_000
#: every so many worlds, drop the moves clearly behind (after a first few worlds)
PRUNE_EVERY: Final = 8
PRUNE_MIN_WORLDS: Final = 16
#: wall-clock safety cap per move (seconds); the budget normally ends the search first
DEFAULT_TIME_CAP: Final = 2.5


class ExpertPlayer(Player):
    """Determinized search: exact solves near the end, greedy playouts before."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        budget: int = DEFAULT_BUDGET,
        *,
        solve_plies: int | None = None,
        time_cap: float = DEFAULT_TIME_CAP,
        max_worlds: int = 400,
        infer: int = 1,
        hybrid: int = 0,
        prune: float = 2.5,
        blind: int = 0,
        group: int = 0,
        exploit: int = 0,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.solve_plies = solve_plies
        self.time_cap = time_cap
        self.max_worlds = max_worlds
        self.infer = infer
        self.hybrid = hybrid
        self.prune = prune
        self.blind = blind
        self.group = group
        self.exploit = exploit
        self.last_stats: dict[str, float] = {}

    def choose(self, view: SeatView) -> Move:
        forced = forced_move(view)
        if forced is not None:
            self.last_stats = {"worlds": 0, "nodes": 0}
            return forced
        moves = Heuristic(view).ranked(playable_moves(view))
        values = self.move_values(view, moves)
        top = max(values)
        slack = 1e-9 if self.exploit < 2 else 0.51 * (self.exploit - 1)
        tied = [i for i in range(len(moves)) if values[i] >= top - slack]
        if (
            len(tied) > 1
            and self.exploit
            and _perfect_information(view)
            and view.rules.num_sides == 2
        ):
            # equal under perfect play: prefer the move that gives a greedy
            # opponent the most rope
            solver = Solver(view.rules)
            solver.load(view.sample_world(random.Random(0)))
            second = {}
            for i in tied:
                move = moves[i]
                undo = solver.push(move.card, move.take, move.kind)
                second[i] = undo[2] + solver.value_against(view.side, greedy_move)
                solver.pop(move.card, move.take, undo)
            return moves[max(tied, key=lambda i: (second[i], -i))]
        best = max(range(len(moves)), key=lambda i: (values[i], -i))
        return moves[best]

    def move_values(self, view: SeatView, moves: list[Move]) -> list[float]:
        """The mean worth of each move over the imagined worlds.

        Every move meets the same worlds.  Every few worlds a move that is
        clearly behind the best (paired over the same worlds) is dropped, so
        the rest of the budget goes to the close calls; a dropped move keeps
        its mean so far (minus a token, so it is never picked over a survivor)."""
        rng = view_rng(self.seed, view, "expert")
        solver = Solver(view.rules)
        side = view.side
        history: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        dropped: dict[int, float] = {}
        start = time.perf_counter()
        work = 0
        worlds = 0
        exact = _perfect_information(view)
        forbidden = forbidden_cards(view) if self.infer and not exact else []
        plies_after = solver.total - len(view.history) - 1
        limit = self.solve_plies_for(view.rules)
        # solve the rest of each world outright, or play out greedily first
        solve_from = -1 if plies_after <= limit else min(self.hybrid, limit)
        world_limit = max(self.budget // 4, 4000)
        grouped = (
            self.group
            and solve_from < 0
            and not exact
            and view.rules.players == 2
            and plies_after >= 2
        )
        raw: list[list[_Entry]] = [[] for _ in moves]
        while worlds < self.max_worlds:
            world = sample_world(view, rng, forbidden)
            solver.load(world)
            solver.nodes = 0
            solver.node_limit = world_limit
            candidates = [moves[i] for i in alive]
            if grouped:
                try:
                    entries = _world_tree(solver, candidates, side)
                except SearchAborted:
                    grouped = False
                    solver.load(world)
                    solver.nodes = 0
                else:
                    for i, entry in zip(alive, entries, strict=True):
                        raw[i].append(entry)
                    values = [0.0] * len(candidates)
            if not grouped:
                try:
                    values = _world_values(solver, candidates, side, solve_from, self.blind)
                except SearchAborted:
                    # too deep for this budget: greedy playouts from now on
                    solve_from = 0
                    solver.load(world)
                    solver.nodes = 0
                    values = _world_values(solver, candidates, side, solve_from, self.blind)
                if solve_from >= 0:
                    solver.nodes += (plies_after - solve_from) * len(candidates)
            for i, value in zip(alive, values, strict=True):
                history[i].append(value)
            worlds += 1
            work += solver.nodes
            if exact or work >= self.budget or time.perf_counter() - start > self.time_cap:
                break
            if self.prune and worlds % PRUNE_EVERY == 0 and worlds >= PRUNE_MIN_WORLDS:
                if grouped:
                    for i in alive:
                        history[i] = _grouped_values(raw[i])
                for i in _clearly_behind(history, alive, self.prune):
                    alive.remove(i)
                    dropped[i] = sum(history[i]) / len(history[i]) - 1e-6
                if len(alive) == 1:
                    break
        if grouped:
            for i in alive:
                history[i] = _grouped_values(raw[i])
        self.last_stats = {"worlds": worlds, "nodes": work}
        return [
            dropped[i] if i in dropped else sum(history[i]) / len(history[i])
            for i in range(len(moves))
        ]

    def solve_plies_for(self, rules: Rules) -> int:
        if self.solve_plies is not None:
            return self.solve_plies
        if rules.players == 2:
            return 18
        if rules.players == 4 and rules.hand_size == 3:
            return 16
        if rules.players == 6:
            return 13
        return 12


#: one world's outcomes after a root move: for each reply of the opponent (with
#: the expert's hand after it), the worth of each of the expert's next moves
_Entry = dict[tuple[SolverMove, int], dict[SolverMove | None, float]]


def _world_tree(solver: Solver, moves: list[Move], side: int) -> list[_Entry]:
    """Exact worth, in the loaded world, of every (move, reply, next move) line."""
    me = solver.to_move
    out = []
    for move in moves:
        u1 = solver.push(move.card, move.take, move.kind)
        entry: _Entry = {}
        if solver.plies_left == 0:
            entry[((-1, 0, 0), 0)] = {None: u1[2] + solver.value_for(side)}
        else:
            for reply in solver.moves():
                u2 = solver.push(*reply)
                base = u1[2] - u2[2]
                outcomes: dict[SolverMove | None, float] = {}
                if solver.plies_left == 0:
                    outcomes[None] = base + solver.value_for(side)
                else:
                    for nxt in solver.moves():
                        u3 = solver.push(*nxt)
                        outcomes[nxt] = base + u3[2] + solver.value_for(side)
                        solver.pop(nxt[0], nxt[1], u3)
                entry[(reply, solver.hands[me])] = outcomes
                solver.pop(reply[0], reply[1], u2)
        solver.pop(move.card, move.take, u1)
        out.append(entry)
    return out


def _grouped_values(entries: list[_Entry]) -> list[float]:
    """Per-world worth of a root move when the expert's next move may depend only
    on what it will see (the reply, its own hand), not on the world.

    In each world the opponent answers as minimax would; the worlds where it
    answers the same way share one next move of the expert's, the best on
    their total.  This takes the PIMC over-valuation of keeping options open
    out of the expert's next decision."""
    groups: dict[tuple[SolverMove, int], list[int]] = {}
    for w, entry in enumerate(entries):
        reply = min(entry, key=lambda k: max(entry[k].values()))
        groups.setdefault(reply, []).append(w)
    out = [0.0] * len(entries)
    for key, worlds in groups.items():
        first = entries[worlds[0]][key]
        best = max(first, key=lambda m: sum(entries[w][key][m] for w in worlds))
        for w in worlds:
            out[w] = entries[w][key][best]
    return out


def _world_values(
    solver: Solver, moves: list[Move], side: int, solve_from: int, blind: int = 0
) -> list[float]:
    """Each move's worth in the loaded world: solved exactly (``solve_from`` < 0),
    or played out greedily until ``solve_from`` plays are left and then solved."""
    if solve_from < 0:
        return solver.values(moves)
    values = []
    for move in moves:
        undo = solver.push(move.card, move.take, move.kind)
        try:
            values.append(undo[2] + playout(solver, side, solve_from, bool(blind)))
        finally:
            solver.pop(move.card, move.take, undo)
    return values


def _clearly_behind(history: list[list[float]], alive: list[int], z: float) -> list[int]:
    """The alive moves whose paired deficit to the leader is over ``z`` standard errors."""
    n = len(history[alive[0]])
    means = {i: sum(history[i][-n:]) / n for i in alive}
    leader = max(alive, key=lambda i: means[i])
    lead = history[leader][-n:]
    out = []
    for i in alive:
        if i == leader:
            continue
        diffs = [a - b for a, b in zip(lead, history[i][-n:], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > 0.02 and mean * mean * n > z * z * var:
            out.append(i)
    return out


def forbidden_cards(view: SeatView) -> list[int]:
    """Cards each other seat surely does not hold, from how it played this deal.

    A seat that left a scopa on the table (or the settebello, when it could
    take it) did not hold a card that would have taken it: everyone takes
    those.  Only this deal's plays say anything about the cards still unseen
    (a seat's hand now is what it held since the deal).
    """
    rules = view.rules
    players = rules.players
    forbidden = [0] * players
    per_round = players * rules.hand_size
    history = view.history
    start = len(history) // per_round * per_round
    if start == len(history):
        return forbidden
    capture = capture_rule(rules)
    table = view.initial_table
    for k, move in enumerate(history):
        if k >= start:
            seat = view.seat_of_move(k)
            if seat != view.seat:
                swept = move.take == table and move.take != 0
                if not swept:
                    forbidden[seat] |= sweepers(rules, table)
                if table & SETTEBELLO and not move.take & SETTEBELLO:
                    forbidden[seat] |= _settebello_takers(capture, table)
        if move.kind == KEEP:
            continue
        table = table ^ move.take if move.take else table | 1 << move.card
    return [f & view.unseen for f in forbidden]


def _settebello_takers(capture: CaptureRule, table: int) -> int:
    out = 0
    for value in range(1, 11):
        if any(take & SETTEBELLO for take in capture.options(value - 1, table)):
            out |= VALUE_MASKS[value]
    return out


def sample_world(view: SeatView, rng: random.Random, forbidden: list[int]) -> HandState:
    """A world consistent with the view in which no seat holds its forbidden cards."""
    if not any(forbidden):
        return view.sample_world(rng)
    unseen = view.unseen
    hands = [0] * view.rules.players
    used = 0
    order = sorted(
        (s for s in range(view.rules.players) if s != view.seat),
        key=lambda s: -forbidden[s].bit_count(),
    )
    for seat in order:
        count = view.hand_counts[seat]
        pool = unseen & ~used & ~forbidden[seat]
        if pool.bit_count() < count:
            pool = unseen & ~used
        cards = list(bits(pool))
        chosen = rng.sample(cards, count)
        for i in chosen:
            hands[seat] |= 1 << i
        used |= hands[seat]
    hands[view.seat] = view.hand
    return view.sample_world(rng, hands=hands)


def _perfect_information(view: SeatView) -> bool:
    """True when the unseen cards can only be one seat's hand (every world is the same)."""
    if view.cards_left_in_deck:
        return False
    holders = sum(
        1 for seat, count in enumerate(view.hand_counts) if seat != view.seat and count > 0
    )
    return holders <= 1
