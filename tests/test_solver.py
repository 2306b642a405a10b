"""The expert's exact solver against brute-force minimax, and on built positions."""

from __future__ import annotations

import random

import pytest

from scopa_core.cards import CARD_VALUE, FULL_DECK, Card
from scopa_core.hand import HandState, shuffled_deck
from scopa_core.moves import DECLARE, KEEP, Move
from scopa_core.players.evaluate import SCOPA, sweepers
from scopa_core.players.playout import DISCARD_PENALTY, playout
from scopa_core.players.solver import PileScorer, Solver, SolverMove, fast_sweepers
from scopa_core.rules import Rules
from scopa_core.scoring import score_hand
from scopa_core.view import SeatView


def _plays(hand: HandState) -> list[Move]:
    return [m for m in hand.legal_moves() if m.kind != DECLARE]


def _points(hand: HandState) -> list[int]:
    return list(score_hand(hand.rules, hand.final_piles(), hand.scope).points)


def brute_two_sides(hand: HandState) -> int:
    """Side 0's final points minus side 1's under plain minimax (no tricks)."""
    if hand.is_over:
        points = _points(hand)
        return points[0] - points[1]
    values = []
    for move in _plays(hand):
        hand.push(move)
        values.append(brute_two_sides(hand))
        hand.pop()
    return max(values) if hand.side_of(hand.to_move) == 0 else min(values)


def brute_maxn(hand: HandState) -> list[int]:
    """Final points of every side, each seat maximising its margin over the others' mean."""
    if hand.is_over:
        return _points(hand)
    side = hand.side_of(hand.to_move)
    outcomes = []
    for move in _plays(hand):
        hand.push(move)
        outcomes.append(brute_maxn(hand))
        hand.pop()
    # ties: the same fixed order on outcomes as the solver's
    return max(outcomes, key=lambda p: (3 * p[side] - sum(p), p[side], tuple(p)))


def random_endgame(rules: Rules, rng: random.Random, plies_left: int) -> HandState:
    hand = HandState(rules, shuffled_deck(rules, rng), rng.randrange(rules.players))
    while 40 - rules.table_cards - hand.plays > plies_left:
        hand.push(rng.choice(_plays(hand)))
    return hand


CASES = [
    ("scopa", {}, 6),
    ("scopa", {}, 9),
    ("scopa-4", {}, 8),
    ("scopone", {}, 7),
    ("scopa", {"ace_takes_all": True, "ace_may_keep": True}, 7),
    ("scopa", {"ace_takes_all": True, "ace_takes_all_is_scopa": False}, 7),
    ("scopa", {"capture": "standard+fifteen", "re_bello": True, "napola": True}, 7),
    ("scopa", {"capture": "fifteen", "primiera_all_suits": False}, 7),
]


@pytest.mark.parametrize(("preset", "variants", "plies"), CASES)
def test_solver_agrees_with_brute_force(
    preset: str, variants: dict[str, object], plies: int
) -> None:
    rules = Rules.preset(preset, **variants)
    rng = random.Random(f"{preset}{variants}{plies}")
    for _ in range(12):
        hand = random_endgame(rules, rng, plies)
        side = hand.side_of(hand.to_move)
        past = hand.scope[side] - hand.scope[1 - side]
        moves = _plays(hand)
        solver = Solver(rules)
        solver.load(hand)
        values = solver.values(moves)
        for move, value in zip(moves, values, strict=True):
            hand.push(move)
            exact = brute_two_sides(hand)
            hand.pop()
            assert (exact if side == 0 else -exact) == value + past, str(move)
        # the solver never changes the world it was given
        assert hand.plays == 40 - rules.table_cards - plies


def test_max_n_agrees_with_brute_force_for_three_players() -> None:
    rules = Rules.preset("scopa-3")
    rng = random.Random(3)
    for _ in range(10):
        hand = random_endgame(rules, rng, 6)
        side = hand.side_of(hand.to_move)
        solver = Solver(rules)
        solver.load(hand)
        past = list(hand.scope)
        value = solver.value()
        points = brute_maxn(hand)
        future = [p - s for p, s in zip(points, past, strict=True)]
        assert value == pytest.approx(future[side] - (sum(future) - future[side]) / 2)


def test_pile_scorer_matches_score_hand() -> None:
    rng = random.Random(9)
    for variants in ({}, {"re_bello": True, "napola": True, "primiera_all_suits": False}):
        rules = Rules.preset("scopa", **variants)
        scorer = PileScorer(rules)
        for _ in range(300):
            owner = [rng.randrange(3) for _ in range(40)]
            piles = [sum(1 << i for i in range(40) if owner[i] == s) for s in range(2)]
            points = score_hand(rules, piles, [0, 0]).points
            assert scorer.diff2(*piles) == points[0] - points[1]
            assert scorer.points(piles) == list(points)
        rules3 = Rules.preset("scopa-3", **variants)
        scorer3 = PileScorer(rules3)
        for _ in range(200):
            owner = [rng.randrange(4) for _ in range(40)]
            piles = [sum(1 << i for i in range(40) if owner[i] == s) for s in range(3)]
            assert scorer3.points(piles) == list(score_hand(rules3, piles, [0, 0, 0]).points)


def _mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def _last_deal(
    rules: Rules,
    *,
    hand0: tuple[str, ...],
    hand1: tuple[str, ...],
    table: tuple[str, ...],
    pile1_extra: tuple[str, ...] = (),
) -> HandState:
    """A 2-player position in the last deal, seat 0 to move; the rest in the piles."""
    h0, h1, t = _mask(*hand0), _mask(*hand1), _mask(*table)
    rest = ((1 << 40) - 1) & ~(h0 | h1 | t)
    p1 = _mask(*pile1_extra) & rest
    p0 = rest & ~p1
    played = 36 - len(hand0) - len(hand1)
    # seat 0 moves when an even number of plays were made with dealer 1
    return HandState.from_parts(
        rules,
        1,
        hands=[h0, h1],
        table=t,
        initial_table=_mask("AC", "2C", "3C", "4C"),
        piles=[p0, p1],
        scope=[0, 0],
        last_capturer=0,
        rest_of_deck=[],
        history=[Move(0, 0)] * played,
    )


def test_solver_finds_the_forced_scopa() -> None:
    rules = Rules.preset("scopa")
    # 7C sweeps 3S+4S: a scopa now; nothing else scores as much
    world = _last_deal(
        rules, hand0=("7C", "KH", "2H"), hand1=("5S", "QS", "JS"), table=("3S", "4S")
    )
    solver = Solver(rules)
    solver.load(world)
    moves = _plays(world)
    values = solver.values(moves)
    best = moves[max(range(len(moves)), key=values.__getitem__)]
    assert best == Move.play("7C", "3S", "4S")


def test_solver_avoids_giving_a_scopa() -> None:
    rules = Rules.preset("scopa")
    # the opponent holds a 5: dropping 2H next to the 3S makes 5, a sure scopa for
    # them; dropping KH (10) is safe, the opponent has no way to make 13
    world = _last_deal(rules, hand0=("2H", "KH"), hand1=("5S", "AS"), table=("3S",))
    solver = Solver(rules)
    solver.load(world)
    moves = _plays(world)
    values = dict(zip(moves, solver.values(moves), strict=True))
    assert values[Move.play("KH")] > values[Move.play("2H")]
    assert max(values, key=values.__getitem__) == Move.play("KH")


def test_playout_leaves_the_world_unchanged_and_ends_the_hand() -> None:
    rules = Rules.preset("scopa")
    rng = random.Random(4)
    for _ in range(20):
        world = random_endgame(rules, rng, rng.randrange(1, 36))
        solver = Solver(rules)
        solver.load(world)
        before = (solver.hands[:], solver.table, solver.piles[:], solver.plays, solver.deck_pos)
        value = playout(solver, 0)
        assert isinstance(value, float)
        assert (solver.hands, solver.table, solver.piles, solver.plays, solver.deck_pos) == before


@pytest.mark.parametrize(
    "variants",
    [
        {},
        {"capture": "fifteen"},
        {"capture": "standard+fifteen"},
        {"ace_takes_all": True},
        {"ace_takes_all": True, "ace_takes_all_is_scopa": False},
        {"ace_takes_all": True, "ace_takes_ace_first": False},
        {"ace_takes_all": True, "ace_takes_ace_first": False, "ace_takes_all_is_scopa": False},
        {"ace_takes_all": True, "capture": "standard+fifteen"},
    ],
)
def test_fast_sweepers_match_the_search(variants: dict[str, object]) -> None:
    rules = Rules.preset("scopa", **variants)
    rng = random.Random(str(variants))
    for _ in range(600):
        table = 0
        for i in rng.sample(range(40), rng.randrange(0, 7)):
            table |= 1 << i
        assert fast_sweepers(rules, table) == sweepers(rules, table), bin(table)


def greedy_move(world: Solver, blind: bool = False) -> SolverMove:
    """The playout policy written plainly, one move at a time: the move the fast
    :func:`playout` makes in the loaded position (``blind``: the seat to move
    does not look at the next hand but weighs a sweep by its chance from the
    cards it has not seen)."""
    seat = world.to_move
    hand = world.hands[seat]
    table = world.table
    nxt = world.hands[(seat + 1) % world.players]
    seen = hand | table
    for pile in world.piles:
        seen |= pile
    unseen = FULL_DECK & ~seen
    last_play = world.plays + 1 == world.total
    tables = world.tables
    capture = world.capture
    value_of = tables.weights.capture_value
    card_w = tables.weights.card
    best = -1e9
    choice: SolverMove = (-1, 0, 0)

    def threat(rest: int) -> float:
        if not rest or not nxt or last_play:
            return 0.0
        sw = tables.sweepers_of(rest)
        if not blind:
            return SCOPA + value_of(rest) if sw & nxt else 0.0
        # each unseen card is in the next hand with the same chance
        chance = (sw & unseen).bit_count() * nxt.bit_count() / unseen.bit_count()
        return min(chance, 1.0) * (SCOPA + value_of(rest))

    h = hand
    while h:
        low = h & -h
        card = low.bit_length() - 1
        h ^= low
        options = tables.options.get(table << 4 | CARD_VALUE[card])
        if options is None:
            options = tables.options_of(card, table)
        if options:
            for take in options:
                rest = table ^ take
                score = value_of(take | low)
                if not rest:
                    if not last_play and (
                        world.ace_sweep_scores or not capture.is_whole_table_ace(card, take, table)
                    ):
                        score += SCOPA
                else:
                    score -= threat(rest)
                if score > best:
                    best, choice = score, (card, take, 0)
        else:
            score = -card_w[card] - DISCARD_PENALTY - threat(table | low)
            if score > best:
                best, choice = score, (card, 0, 0)
        if world.keep and card % 10 == 0:
            score = card_w[card] - threat(table)
            if score > best:
                best, choice = score, (card, 0, KEEP)
    return choice


@pytest.mark.parametrize("blind", [False, True])
@pytest.mark.parametrize(
    ("preset", "variants"),
    [
        ("scopa", {}),
        ("scopa-3", {}),
        ("scopa-4", {}),
        ("scopone", {}),
        ("scopa", {"ace_takes_all": True, "ace_may_keep": True}),
        ("scopa", {"capture": "fifteen"}),
    ],
)
def test_playout_scores_the_greedy_line_as_checked_play_does(
    preset: str, variants: dict[str, object], blind: bool
) -> None:
    rules = Rules.preset(preset, **variants)
    rng = random.Random(f"playout{preset}{variants}")
    for _ in range(40):
        hand = random_endgame(rules, rng, rng.randrange(1, 36 - rules.table_cards))
        solver = Solver(rules)
        solver.load(hand)
        side = hand.side_of(hand.to_move)
        value = playout(solver, side, blind=blind)
        line = hand.copy()
        while not line.is_over:
            solver.load(line)
            own = hand.side_of(line.to_move) == side
            card, take, kind = greedy_move(solver, blind=blind and own)
            line.play(Move(card, take, kind))  # checked: the policy only plays legal moves
        future = [p - s for p, s in zip(_points(line), hand.scope, strict=True)]
        n = len(future)
        assert value == pytest.approx(future[side] - (sum(future) - future[side]) / (n - 1))


def test_a_blind_seat_chooses_the_same_whatever_the_cards_it_cannot_see() -> None:
    """A blind seat of the playout decides from its own view, as the expert will:
    deal the cards it cannot see afresh and its move stays the same; a seat
    that looks at the next hand changes its move in some of those deals."""
    rules = Rules.preset("scopa")
    rng = random.Random(31)
    looked_changed = 0
    for _ in range(300):
        hand = random_endgame(rules, rng, rng.randrange(7, 30))
        seat = hand.to_move
        view = SeatView.of_hand(hand, seat, [0, 0])
        solver = Solver(rules)
        solver.load(hand)
        blind_move = greedy_move(solver, blind=True)
        looking_move = greedy_move(solver)
        solver.load(view.sample_world(rng))
        assert greedy_move(solver, blind=True) == blind_move
        looked_changed += greedy_move(solver) != looking_move
    assert looked_changed > 0


def test_a_fallible_opponent_is_worth_at_least_minimax_and_tends_to_it() -> None:
    rng = random.Random(12)
    for preset in ("scopa", "scopa-4"):
        rules = Rules.preset(preset)
        for _ in range(15):
            hand = random_endgame(rules, rng, rng.randrange(2, 9))
            side = hand.side_of(hand.to_move)
            solver = Solver(rules)
            solver.load(hand)
            exact = solver.value_for(side)
            soft = solver.value_soft(side, 1.0, {})
            hard = solver.value_soft(side, 60.0, {})
            assert soft >= exact - 1e-9
            assert hard == pytest.approx(exact, abs=1e-6)
            assert solver.plays == hand.plays  # the position is restored
