"""The expert player: legal play everywhere, determinism, fairness, declaring."""

from __future__ import annotations

import random

import pytest

from scopa_core.cards import Card
from scopa_core.hand import HandState, shuffled_deck
from scopa_core.match import Match
from scopa_core.moves import DECLARE, DECLARE_MOVE
from scopa_core.players import make_player
from scopa_core.players.base import declare_outcome, playable_moves
from scopa_core.players.expert import ExpertPlayer
from scopa_core.rules import Rules
from scopa_core.view import SeatView
from tests.test_solver import brute_two_sides, random_endgame

SMALL = 1500  # search nodes per move: enough to exercise every path, and quick


def _mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


@pytest.mark.parametrize(
    ("preset", "variants"),
    [
        ("scopa", {"target": 5}),
        ("scopa-3", {"target": 4}),
        ("scopa-4", {"target": 4}),
        ("scopa-6", {"target": 4}),
        ("scopone", {"target": 4}),
        ("trentino", {"target": 6}),
        ("scopa", {"ace_takes_all": True, "ace_may_keep": True, "target": 4}),
        ("scopa", {"capture": "fifteen", "re_bello": True, "target": 4}),
        ("scopa", {"capture": "standard+fifteen", "napola": True, "target": 4}),
        ("scopa", {"chiamarsi_fuori": True, "target": 4}),
    ],
)
def test_expert_plays_whole_matches_legally(preset: str, variants: dict[str, object]) -> None:
    rules = Rules.preset(preset, **variants)
    match = Match(rules, seed=5)
    players = [
        ExpertPlayer(seat, budget=SMALL) if seat % 2 == 0 else make_player("normal", seat)
        for seat in range(rules.players)
    ]
    hands = 0
    while not match.over:
        if match.needs_deal:
            match.deal()
            hands += 1
            assert hands < 40
        seat = match.hand.to_move if match.hand else 0
        view = match.view(seat)
        move = players[seat].choose(view)
        match.play(move)  # raises IllegalMove if it is not legal
        if move.kind == DECLARE:
            # a declaration the expert makes always wins the match for its side
            assert match.winner == rules.side_of(seat)
    assert match.winner is not None


def _view_in_play(seed: int, rules: Rules, plays: int) -> tuple[HandState, SeatView]:
    rng = random.Random(seed)
    hand = HandState(rules, shuffled_deck(rules, rng), 1)
    for _ in range(plays):
        hand.push(rng.choice([m for m in hand.legal_moves() if m.kind != DECLARE]))
    return hand, SeatView.of_hand(hand, hand.to_move, [0] * rules.num_sides)


def test_same_seed_same_move_and_the_seed_matters_only_through_the_view() -> None:
    rules = Rules.preset("scopa")
    for seed in range(4):
        _, view = _view_in_play(seed, rules, 2 * seed + 4)
        a = ExpertPlayer(7, budget=4000).choose(view)
        b = ExpertPlayer(7, budget=4000).choose(view)
        c = ExpertPlayer(7, budget=4000).choose(SeatView.from_request(view.to_request()))
        assert a == b == c
        assert a in view.legal_moves()


@pytest.mark.parametrize("reply_search", [False, True])
def test_choice_does_not_depend_on_the_cards_it_cannot_see(reply_search: bool) -> None:
    rules = Rules.preset("scopa")
    for seed in range(4):
        hand, view = _view_in_play(seed + 10, rules, 4 + seed)
        me = view.seat
        # deal the unseen cards again among the places it cannot see
        rng = random.Random(seed)
        unseen = [i for i in range(40) if view.unseen >> i & 1]
        rng.shuffle(unseen)
        hands = list(hand.hands)
        pos = 0
        for seat in range(rules.players):
            if seat != me:
                count = hands[seat].bit_count()
                hands[seat] = sum(1 << i for i in unseen[pos : pos + count])
                pos += count
        other = HandState.from_parts(
            rules,
            hand.dealer,
            hands=hands,
            table=hand.table,
            initial_table=hand.initial_table,
            piles=hand.piles,
            scope=hand.scope,
            last_capturer=hand.last_capturer,
            rest_of_deck=unseen[pos:],
            history=hand.history,
        )
        other_view = SeatView.of_hand(other, me, [0, 0])
        assert other_view.to_request() == view.to_request()
        player = ExpertPlayer(3, budget=4000, reply_search=reply_search)
        assert player.choose(view) == player.choose(other_view)


def test_declares_when_it_wins_and_never_when_it_loses() -> None:
    rules = Rules.preset("scopa", chiamarsi_fuori=True)
    match = Match(rules, seed=3, first_dealer=1)
    match.deal()
    assert match.hand is not None
    # seat 0 at 10 points: the settebello in its pile would make 11 on declaring
    match.totals = [10, 3]
    view = match.view(0)
    player = ExpertPlayer(0, budget=SMALL)
    move = player.choose(view)
    assert move != DECLARE_MOVE  # nothing captured yet: declaring would lose
    # play on until seat 0 has captured enough to reach 11, and check each call
    rng = random.Random(0)
    for _ in range(36):
        if match.over or match.needs_deal:
            break
        seat = match.hand.to_move
        view = match.view(seat)
        if seat == 0:
            move = player.choose(view)
            wins = declare_outcome(view)
            assert (move == DECLARE_MOVE) == bool(wins)
        else:
            move = rng.choice([m for m in view.legal_moves() if m.kind != DECLARE])
        match.play(move)


def test_plays_the_last_deal_of_a_two_player_hand_perfectly() -> None:
    """Once the deck is empty every card is counted: the expert's move is a
    minimax-best one by a brute-force search on the engine's own states (its
    model of a fallible opponent may only choose among equally good moves)."""
    rules = Rules.preset("scopa")
    rng = random.Random(41)
    for _ in range(25):
        hand = random_endgame(rules, rng, rng.randrange(2, 7))
        assert hand.cards_left_in_deck == 0
        seat = hand.to_move
        sign = 1 if hand.side_of(seat) == 0 else -1
        moves = [m for m in hand.legal_moves() if not m.is_declare]
        worth = {m: sign * brute_two_sides(hand.apply(m)) for m in moves}
        chosen = ExpertPlayer(seed=3).choose(SeatView.of_hand(hand, seat, (0, 0)))
        assert worth[chosen] == max(worth.values()), (hand.plays, chosen, worth)


def test_a_blind_self_in_playouts_changes_values_only_before_the_solver_takes_over() -> None:
    rules = Rules.preset("scopa")
    changed = 0
    for seed in range(6):
        for plays in (4, 12, 25):  # the first and third deals (playouts), the fifth (solved)
            _, view = _view_in_play(seed, rules, plays)
            moves = playable_moves(view)
            blind = ExpertPlayer(seed, budget=SMALL, own_blind=True).move_values(view, moves)
            looking = ExpertPlayer(seed, budget=SMALL, own_blind=False).move_values(view, moves)
            if ExpertPlayer(seed).solves(view):
                assert blind == looking
            elif blind != looking:
                changed += 1
    assert changed >= 3


@pytest.mark.parametrize("preset", ["scopa", "scopa-4"])
def test_a_reply_search_changes_values_only_in_two_player_playout_deals(preset: str) -> None:
    rules = Rules.preset(preset)
    changed = 0
    for seed in range(6):
        for plays in (0, 7, 13, 19, 25):  # 2 players: deals 1-4 (reply search), the fifth
            _, view = _view_in_play(seed, rules, plays)
            moves = playable_moves(view)
            if len(moves) < 2:
                continue
            plain = ExpertPlayer(seed, budget=SMALL, reply_search=False).move_values(view, moves)
            replies = ExpertPlayer(seed, budget=SMALL, reply_search=True).move_values(view, moves)
            if rules.players != 2 or ExpertPlayer(seed).solves(view):
                assert replies == plain
            elif replies != plain:
                changed += 1
    assert changed >= 3 if rules.players == 2 else changed == 0
