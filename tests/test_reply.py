"""The expert's next move chosen per reply seen (players/reply.py), checked
against the engine's own play and against worlds taken one at a time."""

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
            (seen_a, a), (seen_b, b) = alone[0][i], alone[1][i]
            if seen_a is None or seen_a != seen_b:
                continue
            shared = max((a[f] + b[f]) / 2 for f in a)
            assert values[i] == pytest.approx(shared)
            if shared < (max(a.values()) + max(b.values())) / 2 - 1e-9:
                found += 1
    assert found >= 3
