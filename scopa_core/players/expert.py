"""The expert level: determinized search with an exact endgame solver.

See docs/expert.md for how it works and how strong it is.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from ..cards import DECK_SIZE
from ..hand import HandState
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
        budget = _Budget(self.budget, self.time_cap)
        rng = view_rng(self.seed, view, "expert")
        exact = perfect_information(view)
        forbidden = forbidden_cards(view) if self.infer and not exact else []
        odds = posteriors(view, forbidden, self.play_odds) if forbidden and self.play_odds else {}

        def worlds() -> Iterator[HandState]:
            for _ in range(self.max_worlds):
                yield sample_world(view, rng, forbidden, odds)

        solver = Solver(rules)
        solver.node_limit = max(self.budget // 4, 4000)
        plies_after = _plies_after_move(view)
        solve = plies_after <= self.plies_to_solve(rules)
        if self.reply_search and rules.players == 2 and not solve:
            replies = ReplySearch(view.side, blind=self.own_blind)
            values, count = _reply_values(replies, moves, worlds(), solver, budget, plies_after)
        else:
            soft = self.softness if rules.num_sides == 2 and plies_after <= self.soft_plies else 0.0
            valuer = _WorldValuer(view.side, plies_after, solve, soft, exact, self.own_blind)
            values, count = self._sampled_values(moves, worlds(), solver, budget, valuer)
        self.last_stats = {"worlds": count, "nodes": budget.work}
        return values

    def _sampled_values(
        self,
        moves: list[Move],
        worlds: Iterable[HandState],
        solver: Solver,
        budget: _Budget,
        valuer: _WorldValuer,
    ) -> tuple[list[float], int]:
        """Each move's mean over the worlds, dropping clear losers; and the worlds used."""
        history: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        dropped: dict[int, float] = {}
        count = 0
        for world in worlds:
            solver.load(world)
            solver.nodes = 0
            values = valuer.values(solver, world, [moves[i] for i in alive])
            for i, value in zip(alive, values, strict=True):
                history[i].append(value)
            count += 1
            if budget.spend(solver.nodes) or valuer.exact:
                break
            if self.prune and count % PRUNE_EVERY == 0 and count >= PRUNE_MIN_WORLDS:
                for i in _clearly_behind(history, alive, self.prune):
                    alive.remove(i)
                    dropped[i] = _mean(history[i]) - 1e-6
                if len(alive) == 1:
                    break
        return [dropped[i] if i in dropped else _mean(history[i]) for i in range(len(moves))], count

    def solves(self, view: SeatView) -> bool:
        """Whether this turn's worlds are solved exactly (few enough plays remain)."""
        return _plies_after_move(view) <= self.plies_to_solve(view.rules)

    def plies_to_solve(self, rules: Rules) -> int:
        """Solve worlds exactly when at most this many plays remain after the move."""
        if self.solve_plies is not None:
            return self.solve_plies
        if rules.players == 4 and rules.hand_size == 3:
            return 16
        if rules.players == 6:
            return 13
        # 2 players: the last two deals. The fourth is valued better by the reply
        # search over playouts than by solves that see the other hand (docs/expert.md)
        return 12


class _Budget:
    """The work (search nodes) and the wall time one decision may spend."""

    def __init__(self, nodes: int, seconds: float) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.start = time.perf_counter()
        self.work = 0

    def spend(self, nodes: int) -> bool:
        """Count ``nodes`` more work; True when the decision must stop."""
        self.work += nodes
        return self.work >= self.nodes or time.perf_counter() - self.start > self.seconds


@dataclass
class _WorldValuer:
    """Values candidate moves in a loaded world: exactly while the solve fits
    the node limit, else (from then on) by greedy playouts."""

    side: int
    plies_after: int
    solve: bool  # becomes False when a solve goes past the node limit
    soft: float
    exact: bool
    blind: bool

    def values(self, solver: Solver, world: HandState, candidates: list[Move]) -> list[float]:
        """Each candidate's worth in ``world`` (loaded in ``solver``); adds the
        playouts' plies to ``solver.nodes``."""
        if self.solve:
            try:
                return _solved_values(solver, candidates, self.side, self.soft, self.exact)
            except SearchAborted:
                # too deep for this budget: greedy playouts from now on
                self.solve = False
                solver.load(world)
                solver.nodes = 0
        values = _playout_values(solver, candidates, self.side, self.blind)
        solver.nodes += self.plies_after * len(candidates)
        return values


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _reply_values(
    replies: ReplySearch,
    moves: list[Move],
    worlds: Iterable[HandState],
    solver: Solver,
    budget: _Budget,
    plies_after: int,
) -> tuple[list[float], int]:
    """The reply search's values (every move in every world) and the worlds used."""
    count = 0
    for world in worlds:
        solver.load(world)
        made = replies.playouts
        replies.add_world(solver, moves, range(len(moves)))
        count += 1
        if budget.spend(plies_after * (replies.playouts - made)):
            break
    return replies.values(len(moves)), count


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


def perfect_information(view: SeatView) -> bool:
    """True when the unseen cards can only be one seat's hand (every world is the same)."""
    if view.cards_left_in_deck:
        return False
    holders = sum(
        1 for seat, count in enumerate(view.hand_counts) if seat != view.seat and count > 0
    )
    return holders <= 1
