"""Properties of the engine over random matches of every preset and variant (hypothesis).

Every card is always in exactly one place; push/pop and apply leave no trace;
a move is legal exactly when legal_moves lists it, and an illegal one changes
nothing; the count follows from the piles; a written record replays to the
same numbers; a seat's view survives the bot protocol.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scopa_core import (
    PRESETS,
    HandState,
    IllegalMove,
    Match,
    Move,
    Rules,
    SeatView,
    check_record,
    load_record,
)
from scopa_core.cards import COINS, FULL_DECK, RE_BELLO, SETTEBELLO
from scopa_core.moves import DECLARE, KEEP, PLAY
from scopa_core.record import check_record_text
from scopa_core.scoring import score_hand

SETTINGS = settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    """A preset with any variants on top."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    changes: dict[str, Any] = {
        key: draw(st.booleans())
        for key in (
            "re_bello", "napola", "cappotto", "kings_redeal", "ace_takes_all",
            "ace_takes_all_is_scopa", "ace_takes_ace_first", "ace_may_keep", "aces_redeal",
            "primiera_all_suits",
        )
    }  # fmt: skip
    changes["capture"] = draw(st.sampled_from(["standard", "fifteen", "standard+fifteen"]))
    changes["target"] = draw(st.sampled_from([1, 3, 6, 11, 21]))
    if rules.num_sides == 2:
        changes["chiamarsi_fuori"] = draw(st.booleans())
    return rules.replace(**changes)


matches = st.tuples(rules_strategy(), st.integers(0, 2**32 - 1))


def play_match(
    rules: Rules,
    seed: int,
    *,
    hands: int = 2,
    on_position: Callable[[Match, random.Random], None] | None = None,
    declare_chance: float = 0.02,
) -> Match:
    """A random match of up to ``hands`` hands; ``on_position`` sees every position."""
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    for _ in range(hands):
        if match.over:
            break
        hand = match.deal()
        while not hand.is_over:
            if on_position:
                on_position(match, rng)
            moves = match.legal_moves()
            plays = [m for m in moves if m.kind != DECLARE]
            if len(plays) < len(moves) and rng.random() < declare_chance:
                match.play(Move.declare())
            else:
                match.play(rng.choice(plays))
    return match


def snapshot(hand: HandState) -> tuple[Any, ...]:
    """Everything that makes up a hand's state."""
    return (
        tuple(hand.hands), hand.table, hand.initial_table, tuple(hand.piles), tuple(hand.scope),
        hand.last_capturer, hand.to_move, hand.deck_pos, tuple(hand.deck), hand.declared,
        tuple(hand.history), hand.dealer, hand.is_over,
    )  # fmt: skip


def places(hand: HandState) -> list[int]:
    """The card sets of every place a card can be during a hand."""
    rest = 0
    for i in hand.deck[hand.deck_pos :]:
        rest |= 1 << i
    return [*hand.hands, hand.table, *hand.piles, rest]


def assert_all_cards_once(hand: HandState) -> None:
    seen = 0
    for cards in places(hand):
        assert not seen & cards, "a card in two places"
        seen |= cards
    assert seen == FULL_DECK, "a card is missing"


@SETTINGS
@given(matches)
def test_the_40_cards_are_always_in_exactly_one_place(case: tuple[Rules, int]) -> None:
    rules, seed = case

    def check(match: Match, rng: random.Random) -> None:
        assert match.hand is not None
        assert_all_cards_once(match.hand)

    match = play_match(rules, seed, on_position=check)
    assert match.hand is not None
    assert_all_cards_once(match.hand)
    final = match.hand.final_piles()
    seen = 0
    for pile in final:
        assert not seen & pile
        seen |= pile
    hand = match.hand
    if hand.declared == -1 and hand.last_capturer != -1:
        assert seen == FULL_DECK and hand.table & ~final[hand.last_capturer] == 0


@SETTINGS
@given(matches)
def test_push_then_pop_restores_the_state_exactly(case: tuple[Rules, int]) -> None:
    rules, seed = case

    def check(match: Match, rng: random.Random) -> None:
        hand = match.hand
        assert hand is not None
        before = snapshot(hand)
        moves = hand.legal_moves()
        for move in rng.sample(moves, min(4, len(moves))):
            hand.push(move)
            assert snapshot(hand) != before
            assert hand.pop() == move
            assert snapshot(hand) == before
        # a few moves deep, then all the way back
        depth = []
        for _ in range(rng.randrange(1, 8)):
            if hand.is_over:
                break
            move = rng.choice(hand.legal_moves())
            hand.push(move)
            depth.append(move)
        for move in reversed(depth):
            assert hand.pop() == move
        assert snapshot(hand) == before

    play_match(rules, seed, on_position=check)


@SETTINGS
@given(matches)
def test_apply_is_pure_and_equals_play_on_a_copy(case: tuple[Rules, int]) -> None:
    rules, seed = case

    def check(match: Match, rng: random.Random) -> None:
        hand = match.hand
        assert hand is not None
        before = snapshot(hand)
        move = rng.choice(hand.legal_moves())
        child = hand.apply(move)
        assert snapshot(hand) == before
        other = hand.copy()
        other.play(move)
        assert snapshot(child) == snapshot(other)
        # the copy shares nothing mutable with the original
        other.hands[0] ^= 1
        other.piles[0] ^= 1
        other.scope[0] += 5
        assert snapshot(hand) == before
        # and Match.apply leaves the match alone too
        totals, records = match.totals[:], len(match.records[-1].moves)
        match.apply(move)
        assert snapshot(hand) == before
        assert match.totals == totals and len(match.records[-1].moves) == records

    play_match(rules, seed, hands=1, on_position=check)


def random_move(hand: HandState, rng: random.Random) -> Move:
    """Any move-shaped value, legal or not (mostly near-misses of legal ones)."""
    roll = rng.random()
    legal = hand.legal_moves()
    if roll < 0.3 and legal:
        card, take, kind = rng.choice(legal)
        flip = 1 << rng.randrange(40)
        return Move(card, take ^ flip, kind)
    if roll < 0.45:
        return Move(rng.randrange(40), 0, KEEP)
    if roll < 0.55:
        return Move(-1, 0, DECLARE)
    if roll < 0.6:
        return Move(rng.randrange(-2, 42), rng.randrange(-1, 1 << 41), rng.randrange(-1, 4))
    card = rng.randrange(40)
    take = 0
    for i in range(40):
        if hand.table >> i & 1 and rng.random() < 0.4:
            take |= 1 << i
    return Move(card, take, PLAY)


@SETTINGS
@given(matches)
def test_a_move_is_legal_exactly_when_listed_and_illegal_ones_change_nothing(
    case: tuple[Rules, int],
) -> None:
    rules, seed = case

    def check(match: Match, rng: random.Random) -> None:
        hand = match.hand
        assert hand is not None
        legal = set(hand.legal_moves())
        assert len(legal) == len(hand.legal_moves())
        before = snapshot(hand)
        for _ in range(12):
            move = random_move(hand, rng)
            problem = hand.why_illegal(move)
            assert (problem is None) == (move in legal), (move, problem)
            if problem is None:
                continue
            assert isinstance(problem, str) and problem
            try:
                hand.play(move)
            except IllegalMove as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{move} was played")
            moves_so_far = len(match.records[-1].moves)
            try:
                match.play(move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{move} was played in the match")
            assert snapshot(hand) == before
            assert len(match.records[-1].moves) == moves_so_far

    play_match(rules, seed, hands=1, on_position=check)


def _strict(values: list[int | None]) -> int | None:
    present = [v for v in values if v is not None]
    if not present or present.count(max(present)) > 1:
        return None
    return values.index(max(present))


@SETTINGS
@given(matches)
def test_the_count_follows_from_the_piles(case: tuple[Rules, int]) -> None:
    rules, seed = case
    match = play_match(rules, seed, hands=3)
    for record, score in zip(match.records, match.hand_scores, strict=False):
        hand = HandState(rules, record.deck, record.dealer)
        for move in record.moves:
            hand.play(move)
        piles = hand.final_piles()
        assert score == score_hand(rules, piles, hand.scope, score.declared)
        assert list(score.cards) == [p.bit_count() for p in piles]
        assert list(score.coins) == [(p & COINS).bit_count() for p in piles]
        assert score.scope == tuple(hand.scope)
        holder = [s for s, p in enumerate(piles) if p & SETTEBELLO]
        assert score.settebello == (holder[0] if holder else None)
        king = [s for s, p in enumerate(piles) if p & RE_BELLO]
        assert score.re_bello == (king[0] if king and rules.re_bello else None)
        expected = [score.scope[s] + score.napola[s] for s in range(rules.num_sides)]
        for winner in (
            _strict(list(score.cards)), _strict(list(score.coins)), score.settebello,
            score.re_bello, _strict(list(score.primiera)),
        ):  # fmt: skip
            if winner is not None:
                expected[winner] += 1
        assert list(score.points) == expected
        if not rules.napola:
            assert set(score.napola) == {0}
        if score.declared is None and hand.last_capturer != -1:
            assert sum(score.cards) == 40
    if match.hand_scores:
        columns = zip(*(s.points for s in match.hand_scores), strict=True)
        assert [sum(col) for col in columns] == match.totals


@SETTINGS
@given(matches, st.booleans())
def test_a_written_record_replays_to_the_same_numbers(
    case: tuple[Rules, int], saved_mid_hand: bool
) -> None:
    rules, seed = case
    match = play_match(rules, seed, hands=3)
    if saved_mid_hand and match.needs_deal:
        match.deal()
        for _ in range(random.Random(seed).randrange(10)):
            match.play(match.legal_moves()[0])
    record = match.to_record({"app": "tests"})
    for result in (check_record(record), check_record_text(json.dumps(record))):
        assert result["ok"] is True, result
        assert result["totals"] == match.totals
        assert result["winner"] == match.winner
        assert result["complete"] == match.over
        assert result["sides"] == [list(s) for s in rules.sides]
        points = [h["points"] for h in result["hands"] if h["complete"]]
        assert points == [list(s.points) for s in match.hand_scores]
        assert [h["dealer"] for h in result["hands"]] == [r.dealer for r in match.records]
    loaded = load_record(json.loads(json.dumps(record)))
    assert loaded.rules == rules
    assert loaded.totals == match.totals and loaded.winner == match.winner
    assert [(r.dealer, r.deck, r.moves) for r in loaded.records] == [
        (r.dealer, r.deck, r.moves) for r in match.records
    ]
    assert loaded.to_record({"app": "tests"}) == record
    if match.hand is not None:
        assert loaded.hand is not None and snapshot(loaded.hand) == snapshot(match.hand)


def view_facts(view: SeatView) -> tuple[Any, ...]:
    return (
        view.rules, view.seat, view.dealer, view.scores, view.initial_table, view.history,
        view.hand, view.table, view.piles, view.scope, view.last_capturer, view.to_move,
        view.played_by, view.hand_counts, view.seen, view.unseen, view.cards_left_in_deck,
    )  # fmt: skip


@SETTINGS
@given(matches)
def test_a_seat_view_round_trips_through_the_bot_protocol(case: tuple[Rules, int]) -> None:
    rules, seed = case

    def check(match: Match, rng: random.Random) -> None:
        hand = match.hand
        assert hand is not None
        seat = rng.randrange(rules.players)
        view = match.view(seat)
        request = json.loads(json.dumps(view.to_request()))
        again = SeatView.from_request(request)
        assert view_facts(again) == view_facts(view)
        assert again.to_request() == request
        # what the view knows agrees with the real hand, and nothing hidden leaks
        assert view.hand == hand.hands[seat]
        assert (view.table, list(view.piles), list(view.scope)) == (
            hand.table, hand.piles, hand.scope,
        )  # fmt: skip
        assert view.to_move == hand.to_move and view.last_capturer == hand.last_capturer
        hidden = sum(h for s, h in enumerate(hand.hands) if s != seat)
        for i in hand.deck[hand.deck_pos :]:
            hidden |= 1 << i
        assert view.unseen == hidden
        assert list(view.hand_counts) == [h.bit_count() for h in hand.hands]
        assert view.cards_left_in_deck == hand.cards_left_in_deck
        assert "deck" not in request and set(request) == {
            "rules", "seat", "dealer", "scores", "initial_table", "history", "hand",
        }  # fmt: skip
        if view.my_turn:
            assert sorted(view.legal_moves()) == sorted(hand.legal_moves())
        # a determinization: the unseen cards dealt at random, every card once
        world = view.sample_world(rng)
        assert world.hands[seat] == hand.hands[seat] and world.table == hand.table
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in hand.hands]
        assert_all_cards_once(world)
        if view.my_turn:
            assert sorted(world.legal_moves()) == sorted(hand.legal_moves())

    play_match(rules, seed, hands=1, on_position=check, declare_chance=0.0)
