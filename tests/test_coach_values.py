"""The coach's move values: exact ones against a brute-force minimax, the rule
for when they are exact, and the estimates' shape and determinism.

The brute force is written here from the rules alone: it plays every line of
a HandState with push/pop to the end of the hand and counts it with
``score_hand``.  Each seat picks the line best for its side (points minus the
others' mean; with two sides that is minimax); with three sides a seat's ties
are broken as the solver breaks them (its own points, then the whole outcome),
since there a tie for the mover can matter to the others.
"""

from __future__ import annotations

import random

import pytest

from scopa_core import HandState, Rules, SeatView
from scopa_core.coach import MATCH_WORTH, is_exact, move_values
from scopa_core.hand import shuffled_deck
from scopa_core.moves import DECLARE, Move
from scopa_core.players.evaluate import side_value
from scopa_core.players.solver import CAPPOTTO_VALUE
from scopa_core.scoring import score_hand

#: every table size and the variants that change the count or the captures
EXACT_RULES = {
    "scopa": Rules.preset("scopa"),
    "scopa re-bello": Rules.preset("scopa", re_bello=True),
    "scopa napola": Rules.preset("scopa", napola=True),
    "scopa a 15": Rules.preset("scopa", capture="standard+fifteen"),
    "quindici": Rules.preset("scopa", capture="fifteen"),
    "asso piglia tutto": Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True),
    "asso, no scopa": Rules.preset("scopa", ace_takes_all=True, ace_takes_all_is_scopa=False),
    "scopa cappotto": Rules.preset("scopa", cappotto=True, primiera_all_suits=False),
    "scopa-3": Rules.preset("scopa-3"),
    "scopa-3 napola": Rules.preset("scopa-3", napola=True, re_bello=True),
    "scopa-4": Rules.preset("scopa-4"),
    "scopa-6": Rules.preset("scopa-6"),
    "scopone": Rules.preset("scopone"),
    "scientifico a 15": Rules.preset("scientifico", capture="standard+fifteen"),
    "trentino": Rules.preset("trentino"),
}


def hand_points(hand: HandState) -> tuple[int, ...]:
    """The points of a finished hand, a cappotto counted as the solver counts it."""
    score = score_hand(hand.rules, hand.final_piles(), hand.scope)
    points = list(score.points)
    if hand.rules.cappotto and score.all_coins is not None:
        points[score.all_coins] += CAPPOTTO_VALUE
    return tuple(points)


def brute(hand: HandState) -> tuple[int, ...]:
    """Every side's points for the hand under best play (max-n; minimax with two sides)."""
    if hand.is_over:
        return hand_points(hand)
    side = hand.side_of(hand.to_move)
    best: tuple[float, int, tuple[int, ...]] | None = None
    for move in hand.legal_moves():
        if move.kind == DECLARE:
            continue  # the coach's search leaves later declarations out
        hand.push(move)
        points = brute(hand)
        hand.pop()
        key = (side_value(list(points), side), points[side], points)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]


def brute_values(hand: HandState) -> dict[Move, float]:
    side = hand.side_of(hand.to_move)
    out = {}
    for move in hand.legal_moves():
        if move.kind == DECLARE:
            continue
        hand.push(move)
        out[move] = side_value(list(brute(hand)), side)
        hand.pop()
    return out


def exact_positions(rules: Rules, count: int, seed: int, most_plies: int) -> list[HandState]:
    """Positions of random hands where the seat to move sees every card's place,
    with at most ``most_plies`` plays left (so that the brute force is quick)."""
    rng = random.Random(seed)
    total = 40 - rules.table_cards
    found: list[HandState] = []
    while len(found) < count:
        hand = HandState(rules, shuffled_deck(rules, rng), rng.randrange(rules.players))
        while not hand.is_over:
            if total - hand.plays <= most_plies and is_exact(view_of(hand)):
                found.append(hand.copy())
                if rng.random() < 0.6:
                    break
            hand.push(rng.choice([m for m in hand.legal_moves() if m.kind != DECLARE]))
    return found


def played_to(rules: Rules, plays: int, rng: random.Random) -> HandState:
    """A hand of random moves (dealer 0) after ``plays`` plays."""
    hand = HandState(rules, shuffled_deck(rules, rng), 0)
    while hand.plays < plays:
        hand.push(rng.choice(hand.legal_moves()))
    return hand


def view_of(hand: HandState) -> SeatView:
    return SeatView.of_hand(hand, hand.to_move, [0] * hand.rules.num_sides)


@pytest.mark.parametrize("name", sorted(EXACT_RULES))
def test_exact_values_agree_with_a_brute_force_minimax(name: str) -> None:
    rules = EXACT_RULES[name]
    most = 6 if rules.players == 2 else 5
    checked = 0
    for hand in exact_positions(rules, 12, seed=len(name), most_plies=most):
        view = view_of(hand)
        found = move_values(view, budget=500)
        assert found.exact
        expected = brute_values(hand)
        got = {m: v for m, v in zip(found.moves, found.values, strict=True) if m.kind != DECLARE}
        assert got == pytest.approx(expected, abs=1e-9), (name, view.to_request())
        checked += len(expected)
    assert checked >= 12


def test_the_values_read_as_hand_results_scope_already_made_included() -> None:
    """The last play of a hand: each move's value is the hand's result after it."""
    rng = random.Random(4)
    for _ in range(20):
        hand = played_to(Rules.preset("scopa"), 35, rng)
        view = view_of(hand)
        found = move_values(view)
        for move, value in zip(found.moves, found.values, strict=True):
            hand.push(move)
            assert value == side_value(list(hand_points(hand)), view.side)
            hand.pop()


def test_exact_exactly_when_every_unseen_card_is_placed() -> None:
    """The rule, checked on the real hands: the deck is empty and at most one
    other seat holds cards."""
    for rules in (Rules.preset("scopa"), Rules.preset("scopa-3"), Rules.preset("scopone")):
        rng = random.Random(rules.players)
        seen = {True: 0, False: 0}
        for _ in range(6):
            hand = HandState(rules, shuffled_deck(rules, rng), 0)
            while not hand.is_over:
                holders = [s for s in range(rules.players) if s != hand.to_move and hand.hands[s]]
                expected = hand.cards_left_in_deck == 0 and len(holders) <= 1
                assert is_exact(view_of(hand)) == expected
                seen[expected] += 1
                hand.push(rng.choice(hand.legal_moves()))
        assert seen[True] and seen[False]


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("scopa"),
        Rules.preset("scopa-3"),
        Rules.preset("scopa-4"),
        Rules.preset("scopa-6"),
    ],
    ids=lambda r: f"{r.players}p",
)
def test_estimates_value_every_legal_move_the_same_way_each_time(rules: Rules) -> None:
    rng = random.Random(8)
    for _ in range(4):
        hand = HandState(rules, shuffled_deck(rules, rng), 0)
        for _ in range(rng.randrange(0, 12)):
            hand.push(rng.choice(hand.legal_moves()))
        view = view_of(hand)
        found = move_values(view, seed=3, budget=3000)
        assert not found.exact
        assert sorted(found.moves) == sorted(view.legal_moves())
        assert all(abs(v) < 30 for v in found.values)
        assert move_values(view, seed=3, budget=3000) == found
        assert found.values[found.best] == max(found.values)


def test_a_declaration_is_worth_the_match_it_decides() -> None:
    rules = Rules.preset("scopa", chiamarsi_fuori=True, target=2)
    rng = random.Random(2)
    outcomes = set()
    for _ in range(30):
        hand = HandState(rules, shuffled_deck(rules, rng), 0)
        for _ in range(rng.randrange(20, 33)):
            hand.push(rng.choice([m for m in hand.legal_moves() if m.kind != DECLARE]))
        view = view_of(hand)
        found = move_values(view, budget=1000)
        value = found.value_of(Move.declare())
        wins = score_hand(rules, hand.piles, hand.scope, hand.to_move).points[view.side] >= 2
        assert value == (MATCH_WORTH if wins else -MATCH_WORTH)
        assert (found.moves[found.best] == Move.declare()) == wins
        outcomes.add(wins)
    assert outcomes == {True, False}
