"""Inference from play: the odds of the other seats' hands from their plays this deal."""

from __future__ import annotations

import random

from scopa_core.cards import Card
from scopa_core.hand import HandState
from scopa_core.moves import Move
from scopa_core.players.inference import forbidden_cards, posteriors, sample_world
from scopa_core.rules import Rules
from scopa_core.view import SeatView


def _mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def _after_a_discard() -> tuple[HandState, SeatView]:
    """Seat 1 put the AH down when a 4 or a 6 in its hand would have taken from
    the table (4S 6S); seat 0 is to play and wonders what seat 1 holds."""
    rules = Rules.preset("scopa")
    # dealer 1: seat 0 gets JD 7D 2D, seat 1 AH 2H 5C, the table is 3S 4S 5S 6S
    order = ["JD", "AH", "7D", "2H", "2D", "5C", "3S", "4S", "5S", "6S"]
    first = [Card.parse(c).index for c in order]
    hand = HandState(rules, first + [i for i in range(40) if i not in first], 1)
    hand.play(Move.play("JD", "3S", "5S"))  # leaves 4S 6S
    hand.play(Move.play("AH"))
    return hand, SeatView.of_hand(hand, 0, [0, 0])


def test_a_scopa_left_on_the_table_tells_which_cards_a_seat_lacks() -> None:
    hand, view = _after_a_discard()
    forbidden = forbidden_cards(view)
    assert forbidden[1] == _mask("KD", "KH", "KS", "KC")  # a king would have swept 4S 6S
    rng = random.Random(2)
    for _ in range(50):
        world = sample_world(view, rng, forbidden)
        assert not world.hands[1] & forbidden[1]
        assert world.hands[0] == view.hand
    # at the start of a deal nothing is known yet
    fresh = HandState(hand.rules, hand.deck, 1)
    assert forbidden_cards(SeatView.of_hand(fresh, 0, [0, 0])) == [0, 0]


def _odds(view: SeatView, softness: float) -> dict[int, float]:
    (posterior,) = posteriors(view, forbidden_cards(view), softness).values()
    total = posterior.cumulative[-1]
    out = {}
    previous = 0.0
    for guess, cumulative in zip(posterior.guesses, posterior.cumulative, strict=True):
        out[guess] = (cumulative - previous) / total
        previous = cumulative
    return out


def test_a_seat_that_passed_up_a_capture_probably_did_not_hold_the_card() -> None:
    hand, view = _after_a_discard()
    odds = _odds(view, 2.0)
    # every two-card hand of the unseen cards but the kings (a king would have swept)
    kings = _mask("KD", "KH", "KS", "KC")
    pool = (view.unseen & ~kings).bit_count()
    assert len(odds) == pool * (pool - 1) // 2
    assert not any(guess & kings for guess in odds)
    assert abs(sum(odds.values()) - 1.0) < 1e-9
    uniform = 1.0 / len(odds)
    takers = _mask("4D", "4H", "4C", "6D", "6H", "6C")
    with_a_taker = sum(p for guess, p in odds.items() if guess & takers)
    share_with_a_taker = sum(1 for guess in odds if guess & takers) / len(odds)
    assert with_a_taker < share_with_a_taker
    # its real hand (2H 5C) could take nothing: more likely than a blind guess
    assert odds[hand.hands[1]] > uniform
    # a hand of two takers is the least likely kind
    assert odds[_mask("4D", "6H")] < 0.6 * odds[hand.hands[1]]


def test_softer_judgement_means_weaker_inference() -> None:
    _, view = _after_a_discard()
    takers = _mask("4D", "4H", "4C", "6D", "6H", "6C")
    shares = [
        sum(p for guess, p in _odds(view, softness).items() if guess & takers)
        for softness in (0.5, 2.0, 6.0)
    ]
    assert shares[0] > shares[1] > shares[2]
    assert posteriors(view, forbidden_cards(view), 0.0) == {}


def test_drawn_worlds_follow_the_odds_and_keep_what_the_seat_can_see() -> None:
    _, view = _after_a_discard()
    forbidden = forbidden_cards(view)
    odds = posteriors(view, forbidden, 2.0)
    takers = _mask("4D", "4H", "4C", "6D", "6H", "6C")
    rng = random.Random(4)
    with_a_taker = 0
    draws = 2000
    for _ in range(draws):
        world = sample_world(view, rng, forbidden, odds)
        assert world.hands[0] == view.hand
        assert world.hands[1].bit_count() == 2
        assert not world.hands[1] & forbidden[1]
        assert SeatView.of_hand(world, 0, [0, 0]).to_request() == view.to_request()
        with_a_taker += bool(world.hands[1] & takers)
    expected = sum(p for guess, p in _odds(view, 2.0).items() if guess & takers)
    assert abs(with_a_taker / draws - expected) < 0.04


def test_nothing_is_inferred_at_the_start_of_a_deal() -> None:
    rules = Rules.preset("scopa")
    hand = HandState(rules, list(range(40)), 0)
    view = SeatView.of_hand(hand, 1, [0, 0])
    assert posteriors(view, forbidden_cards(view), 2.0) == {}
