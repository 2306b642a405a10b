"""The expert level: determinized search with an exact endgame solver.

See docs/expert.md for how it works and how strong it is.
"""

from __future__ import annotations

import time
from typing import Final

from ..cards import DECK_SIZE
from ..moves import Move
from ..rules import Rules
from ..view import SeatView
from .base import Player, forced_move, playable_moves, view_rng
from .heuristic import Heuristic
from .inference import forbidden_cards, posteriors, sample_world
from .playout import playout
from .reply import ReplySearch
from .solver import SearchAborted, Solver

#: default work per move, in search nodes (solver nodes + playout plies)
DEFAULT_BUDGET: Final = 60_000
#: how fallible the solver takes an opponent to be: it picks a move with odds
#: exp(SOFTNESS * the move's worth to it, in points); infinity would be minimax
DEFAULT_SOFTNESS: Final = 1.0
#: every so many worlds, drop the moves clearly behind (after a first few worlds)
PRUNE_EVERY: Final = 8
PRUNE_MIN_WORLDS: Final = 16
#: a move is clearly behind when its paired deficit is this many standard errors
PRUNE_Z: Final = 2.5
#: with perfect information, the fallible-opponent worth only breaks minimax ties
#: (a point of it counts this much; minimax worths differ by whole points)
SOFT_TIEBREAK: Final = 0.01
#: model the opponents as fallible when at most this many plays remain (two sides)
SOFT_PLIES: Final = 12
#: in a greedy playout the expert's own later moves judge the sweep they leave
#: from the cards it has not seen, not from the world's hands (it will not see
#: them); the opponents still look (careful never to leave a sweep)
OWN_BLIND: Final = True
#: in a two-player playout world the expert's next move is chosen per reply
#: seen, over the worlds alike to it then, not by the playout's rule (reply.py)
REPLY_SEARCH: Final = True
#: how sure the other seats are taken to be of their judgement when their plays
#: of this deal weigh the worlds (inference.py; 0: only the sure exclusions)
PLAY_ODDS: Final = 5.0
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
        time_cap: float = DEFAULT_TIME_CAP,
        softness: float = DEFAULT_SOFTNESS,
        solve_plies: int | None = None,
        soft_plies: int | None = None,
        infer: bool = True,
        prune: float = PRUNE_Z,
        max_worlds: int = 400,
        play_odds: float = PLAY_ODDS,
        own_blind: bool = OWN_BLIND,
        reply_search: bool = REPLY_SEARCH,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.time_cap = time_cap
        self.softness = softness
        self.solve_plies = solve_plies
        self.soft_plies = SOFT_PLIES if soft_plies is None else soft_plies
        self.infer = infer
        self.prune = prune
        self.max_worlds = max_worlds
        self.play_odds = play_odds
        self.own_blind = own_blind
        self.reply_search = reply_search
        self.last_stats: dict[str, float] = {}

    def choose(self, view: SeatView) -> Move:
        forced = forced_move(view)
        if forced is not None:
            self.last_stats = {"worlds": 0, "nodes": 0}
            return forced
        moves = Heuristic(view).ranked(playable_moves(view))
        values = self.move_values(view, moves)
        best = max(range(len(moves)), key=lambda i: (values[i], -i))
        return moves[best]

    def move_values(self, view: SeatView, moves: list[Move]) -> list[float]:
        """The mean worth of each move over the imagined worlds.

        Every move meets the same worlds.  Every few worlds a move that is
        clearly behind the best (paired over the same worlds) is dropped, so
        the rest of the budget goes to the close calls; a dropped move keeps
        its mean so far (minus a token, so it is never picked over a survivor).
        With the reply search (two-player playout deals) a move's value in a
        world depends on follow-up choices made over all the worlds, so no
        move is dropped and the values come from :class:`ReplySearch`."""
        rules = view.rules
        rng = view_rng(self.seed, view, "expert")
        solver = Solver(rules)
        side = view.side
        history: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        dropped: dict[int, float] = {}
        start = time.perf_counter()
        work = 0
        worlds = 0
        exact = _perfect_information(view)
        forbidden = forbidden_cards(view) if self.infer and not exact else []
        odds = posteriors(view, forbidden, self.play_odds) if forbidden and self.play_odds else {}
        plies_after = _plies_after_move(view)
        solve = plies_after <= self.plies_to_solve(rules)
        soft = self.softness if rules.num_sides == 2 and plies_after <= self.soft_plies else 0.0
        world_limit = max(self.budget // 4, 4000)
        replies = (
            ReplySearch(side, blind=self.own_blind)
            if self.reply_search and rules.players == 2 and not solve
            else None
        )
        while worlds < self.max_worlds:
            world = sample_world(view, rng, forbidden, odds)
            solver.load(world)
            solver.nodes = 0
            solver.node_limit = world_limit
            if replies is not None:
                made = replies.playouts
                replies.add_world(solver, moves, alive)
                work += plies_after * (replies.playouts - made)
                worlds += 1
                if work >= self.budget or time.perf_counter() - start > self.time_cap:
                    break
                continue
            candidates = [moves[i] for i in alive]
            values: list[float] | None = None
            if solve:
                try:
                    values = _solved_values(solver, candidates, side, soft, exact)
                except SearchAborted:
                    # too deep for this budget: greedy playouts from now on
                    solve = False
                    solver.load(world)
                    solver.nodes = 0
            if values is None:
                values = _playout_values(solver, candidates, side, self.own_blind)
                solver.nodes += plies_after * len(candidates)
            for i, value in zip(alive, values, strict=True):
                history[i].append(value)
            worlds += 1
            work += solver.nodes
            if exact or work >= self.budget or time.perf_counter() - start > self.time_cap:
                break
            if self.prune and worlds % PRUNE_EVERY == 0 and worlds >= PRUNE_MIN_WORLDS:
                for i in _clearly_behind(history, alive, self.prune):
                    alive.remove(i)
                    dropped[i] = sum(history[i]) / len(history[i]) - 1e-6
                if len(alive) == 1:
                    break
        self.last_stats = {"worlds": worlds, "nodes": work}
        if replies is not None:
            return replies.values(len(moves))
        return [
            dropped[i] if i in dropped else sum(history[i]) / len(history[i])
            for i in range(len(moves))
        ]

    def solves(self, view: SeatView) -> bool:
        """Whether this turn's worlds are solved exactly (few enough plays remain)."""
        return _plies_after_move(view) <= self.plies_to_solve(view.rules)

    def plies_to_solve(self, rules: Rules) -> int:
        """Solve worlds exactly when at most this many plays remain after the move."""
        if self.solve_plies is not None:
            return self.solve_plies
        if rules.players == 2:
            return 18
        if rules.players == 4 and rules.hand_size == 3:
            return 16
        if rules.players == 6:
            return 13
        return 12


def _solved_values(
    solver: Solver,
    moves: list[Move],
    side: int,
    soft: float,
    perfect: bool,
) -> list[float]:
    """Each move's exact worth in the loaded world: against a fallible opponent
    when ``soft`` (two sides), else minimax (max-n with three sides).

    With ``perfect`` information the opponent can see every card too, so it
    may well play perfectly: the minimax worth decides, and the fallible
    opponent's only breaks ties (which equal move gives it the most rope)."""
    if not soft:
        return solver.values(moves)
    memo: dict[tuple[int, ...], float] = {}
    out = []
    for move in moves:
        undo = solver.push(move.card, move.take, move.kind)
        out.append(undo[2] + solver.value_soft(side, soft, memo))
        solver.pop(move.card, move.take, undo)
    if perfect:
        exact = solver.values(moves)
        return [e + SOFT_TIEBREAK * (s - e) for e, s in zip(exact, out, strict=True)]
    return out


def _playout_values(solver: Solver, moves: list[Move], side: int, blind: bool) -> list[float]:
    """Each move's worth in the loaded world by the greedy playout (``blind``:
    the side's own later moves do not look at the other hands)."""
    values = []
    for move in moves:
        undo = solver.push(move.card, move.take, move.kind)
        values.append(undo[2] + playout(solver, side, blind=blind))
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


def _plies_after_move(view: SeatView) -> int:
    """How many plays of the hand remain after the one being chosen."""
    return DECK_SIZE - view.rules.table_cards - len(view.history) - 1


def _perfect_information(view: SeatView) -> bool:
    """True when the unseen cards can only be one seat's hand (every world is the same)."""
    if view.cards_left_in_deck:
        return False
    holders = sum(
        1 for seat, count in enumerate(view.hand_counts) if seat != view.seat and count > 0
    )
    return holders <= 1
