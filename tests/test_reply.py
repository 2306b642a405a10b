"""The expert's next move chosen per reply seen (players/reply.py), checked
against the engine's own play, the exact solver, and worlds taken one at a
time."""

from __future__ import annotations

import random

import pytest

from scopa_core.hand import HandState
from scopa_core.moves import Move
from scopa_core.players.base import playable_moves
from scopa_core.players.playout import greedy_move
from scopa_core.players.reply import ReplySearch
from scopa_core.players.solver import Solver
from scopa_core.rules import Rules
from scopa_core.view import SeatView
from tests.test_solver import _points, random_endgame
from tests.test_solver import greedy_move as plain_greedy_move


def _future(start: HandState, end: HandState, side: int) -> float:
    """Points ``side`` made from ``start`` to the end of ``end``, minus the other's."""
    future = [p - s for p, s in zip(_points(end), start.scope, strict=True)]
    return float(future[side] - future[1 - side])


def _greedy_line(line: HandState, side: int) -> HandState:
    """Play ``line`` out with the plainly written playout policy (checked moves)."""
    solver = Solver(line.rules)
    while not line.is_over:
        solver.load(line)
        own = line.side_of(line.to_move) == side
        line.play(Move(*plain_greedy_move(solver, blind=own)))
    return line


@pytest.mark.parametrize("blind", [False, True])
def test_greedy_move_is_the_playouts_first_move(blind: bool) -> None:
    rules = Rules.preset("scopa")
    rng = random.Random(f"first{blind}")
    for _ in range(200):
        hand = random_endgame(rules, rng, rng.randrange(2, 36))
        solver = Solver(rules)
        solver.load(hand)
        side = hand.side_of(hand.to_move)
        assert greedy_move(solver, side, blind=blind) == plain_greedy_move(solver, blind=blind)


def test_one_world_takes_the_best_follow_up_played_out_on_the_engine() -> None:
    """With a single world nothing is hidden at the next move: a candidate is
    worth the best of the side's follow-ups after the greedy reply, each
    played out greedily -- here replayed move by move on the engine."""
    rules = Rules.preset("scopa")
    rng = random.Random(12)
    checked = swept = 0
    for _ in range(150):
        hand = random_endgame(rules, rng, rng.randrange(8, 34))
        side = hand.side_of(hand.to_move)
        moves = playable_moves(SeatView.of_hand(hand, hand.to_move, [0, 0]))
        search = ReplySearch(side, blind=True)
        solver = Solver(rules)
        solver.load(hand)
        before = (solver.hands[:], solver.table, solver.piles[:], solver.plays, solver.last)
        search.add_world(solver, moves, range(len(moves)))
        assert (solver.hands, solver.table, solver.piles, solver.plays, solver.last) == before
        values = search.values(len(moves))
        for move, value in zip(moves, values, strict=True):
            after = hand.copy()
            after.play(move)
            if after.is_over:
                assert value == _future(hand, after, side)
                continue
            solver.load(after)
            scope = list(after.scope)
            after.play(Move(*plain_greedy_move(solver)))  # the opponent looks
            swept += after.scope != scope
            if after.is_over:
                assert value == _future(hand, after, side)
                continue
            outcomes = []
            for follow in playable_moves(SeatView.of_hand(after, after.to_move, [0, 0])):
                line = after.copy()
                line.play(follow)
                outcomes.append(_future(hand, _greedy_line(line, side), side))
            assert value == pytest.approx(max(outcomes))
            checked += 1
    assert checked > 100
    assert swept > 0  # some replies are a scopa, which counts against the side


def test_worlds_alike_after_the_reply_share_one_follow_up() -> None:
    """Two worlds where the reply and the side's hand are the same look alike
    when the side moves next: the candidate is worth the follow-up best on
    average over both, not each world's own best (that would peek)."""
    rules = Rules.preset("scopa")
    rng = random.Random(5)
    found = 0
    for _ in range(60):
        hand = random_endgame(rules, rng, 36 - rng.choice([0, 1, 6, 7, 12, 13]))
        view = SeatView.of_hand(hand, hand.to_move, [0, 0])
        side = view.side
        moves = playable_moves(view)
        solver = Solver(rules)
        worlds = [view.sample_world(rng) for _ in range(2)]
        alone = []
        for world in worlds:
            single = ReplySearch(side, blind=True)
            solver.load(world)
            single.add_world(solver, moves, range(len(moves)))
            alone.append(single.outcomes[0])
        both = ReplySearch(side, blind=True)
        for world in worlds:
            solver.load(world)
            both.add_world(solver, moves, range(len(moves)))
        values = both.values(len(moves))
        for i in range(len(moves)):
            [(_, seen_a, a)], [(_, seen_b, b)] = alone[0][i], alone[1][i]
            if seen_a is None or seen_a != seen_b:
                continue
            shared = max((a[f] + b[f]) / 2 for f in a)
            assert values[i] == pytest.approx(shared)
            if shared < (max(a.values()) + max(b.values())) / 2 - 1e-9:
                found += 1
    assert found >= 3


def _soft_values(solver: Solver, moves: list[Move], side: int, softness: float) -> list[float]:
    """Each move's worth against the fallible opponent, by the solver alone."""
    memo: dict[tuple[int, ...], float] = {}
    out = []
    for move in moves:
        undo = solver.push(move.card, move.take, move.kind)
        out.append(undo[2] + solver.value_soft(side, softness, memo))
        solver.pop(move.card, move.take, undo)
    return out


def _late_position(rules: Rules, rng: random.Random) -> HandState:
    """A two-player position of the last two deals, the deck not always empty."""
    return random_endgame(rules, rng, rng.randrange(2, 13))


def test_one_solved_world_is_worth_the_soft_solve() -> None:
    """With one world every reply is followed by the side's best move in it,
    so the solved reply search gives exactly the fallible-opponent values;
    and with a very sure opponent (softness 40) it gives the minimax values
    of the plain negamax."""
    rules = Rules.preset("scopa")
    rng = random.Random(21)
    replies_seen = 0
    for _ in range(120):
        hand = _late_position(rules, rng)
        side = hand.side_of(hand.to_move)
        moves = playable_moves(SeatView.of_hand(hand, hand.to_move, [0, 0]))
        solver = Solver(rules)
        for softness, expected in ((1.0, None), (40.0, "minimax")):
            solver.load(hand)
            search = ReplySearch(side, blind=True)
            before = (solver.hands[:], solver.table, solver.piles[:], solver.plays, solver.last)
            search.add_solved_world(solver, moves, range(len(moves)), softness)
            assert (solver.hands, solver.table, solver.piles, solver.plays, solver.last) == before
            branches = search.outcomes[0][0]
            assert sum(chance for chance, _, _ in branches) == pytest.approx(1.0)
            replies_seen += len(branches) > 1
            want = (
                solver.values(moves)
                if expected == "minimax"
                else _soft_values(solver, moves, side, softness)
            )
            assert search.values(len(moves)) == pytest.approx(want, abs=1e-6)
    assert replies_seen > 50


def test_solved_worlds_alike_after_a_reply_share_one_follow_up() -> None:
    """In solved worlds each reply counts with the opponent's odds in that
    world; where two worlds show the side the same reply and hand, it takes
    one follow-up there, the best on average weighed by those odds."""
    rules = Rules.preset("scopa")
    rng = random.Random(8)
    found = 0
    for _ in range(80):
        hand = random_endgame(rules, rng, rng.randrange(8, 13))  # the deck hides cards
        view = SeatView.of_hand(hand, hand.to_move, [0, 0])
        side = view.side
        moves = playable_moves(view)
        solver = Solver(rules)
        worlds = [view.sample_world(rng) for _ in range(2)]
        alone = []
        for world in worlds:
            single = ReplySearch(side, blind=True)
            solver.load(world)
            single.add_solved_world(solver, moves, range(len(moves)), 1.0)
            alone.append(single.outcomes[0])
        both = ReplySearch(side, blind=True)
        for world in worlds:
            solver.load(world)
            both.add_solved_world(solver, moves, range(len(moves)), 1.0)
        values = both.values(len(moves))
        for i in range(len(moves)):
            by_seen: dict[object, list[tuple[float, dict[tuple[int, int, int], float]]]] = {}
            for branches in (alone[0][i], alone[1][i]):
                for chance, seen, follow in branches:
                    by_seen.setdefault(seen, []).append((chance, follow))
            expected = 0.0
            own_best = 0.0
            for seen, rows in by_seen.items():
                follows = rows[0][1].keys()
                if seen is None:
                    expected += sum(c * v for c, f in rows for v in f.values())
                else:
                    expected += max(sum(c * f[k] for c, f in rows) for k in follows)
                own_best += sum(c * max(f.values()) for c, f in rows)
            assert values[i] == pytest.approx(expected / 2)
            assert values[i] <= own_best / 2 + 1e-9
            if values[i] < own_best / 2 - 1e-9:
                found += 1
    assert found >= 3
