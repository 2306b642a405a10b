"""The coach never looks at hidden cards.

Two real hands that agree on everything one seat can see but differ in the
other hands and the order of the deck (the cards the seat cannot see
reshuffled among the places it cannot see) get the same analysis: the same
values, losses, reasons, best move and sweep odds, at several budgets and
table sizes, with the same seed.  The review of a record likewise depends
only on what each reviewed seat saw.
"""

from __future__ import annotations

import random

import pytest

from scopa_core import Match, Rules, SeatView
from scopa_core.coach import analyse, review_position, sweep_chance
from scopa_core.hand import shuffled_deck
from tests.test_players_fairness import _played_hand, _twin

TABLES = (
    Rules.preset("scopa"),
    Rules.preset("scopa-3"),
    Rules.preset("scopa-4", re_bello=True),
    Rules.preset("scopa-6"),
    Rules.preset("scopone"),
    Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True, chiamarsi_fuori=True),
)


def summary(view: SeatView, budget: int) -> list[object]:
    analysis = analyse(view, seed=5, budget=budget)
    return [
        analysis.exact,
        analysis.best.move,
        [
            (o.move, o.value, o.loss, [(r.code, r.params) for r in o.reasons])
            for o in analysis.options
        ],
        [sweep_chance(view, o.move) for o in analysis.options],
    ]


@pytest.mark.parametrize("budget", [1500, 6000])
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.hand_size}")
def test_hidden_cards_do_not_change_the_analysis(rules: Rules, budget: int) -> None:
    for case in range(3):
        rng = random.Random(200 + case)
        deck = shuffled_deck(rules, rng)
        dealer = rng.randrange(rules.players)
        hand = _played_hand(rules, deck, dealer, rng.randrange(0, 30))
        seat = hand.to_move
        twin = _twin(rules, deck, dealer, hand, seat)
        assert hand.deck != twin.deck or hand.hands != twin.hands
        one = SeatView.of_hand(hand, seat, [1] * rules.num_sides)
        two = SeatView.of_hand(twin, seat, [1] * rules.num_sides)
        assert summary(one, budget) == summary(two, budget)


def test_the_review_of_a_move_depends_only_on_what_its_seat_saw() -> None:
    """The same nine moves of a hand dealt from two decks that differ only in
    cards the seat to move has not seen by then: its reviews of its earlier
    moves agree (it saw no more at those moves)."""
    rules = Rules.preset("scopa")
    rng = random.Random(7)
    deck = shuffled_deck(rules, rng)
    hand = _played_hand(rules, deck, 1, 9)
    twin = _twin(rules, deck, 1, hand, hand.to_move)
    reviews = []
    for state in (hand, twin):
        match = Match(rules, first_dealer=1)
        match.deal(state.deck)
        for move in state.history:
            match.play(move)
        seat_moves = [m for m in range(len(state.history)) if (1 + 1 + m) % 2 == hand.to_move]
        reviews.append([review_position(match, 0, m, budget=2000) for m in seat_moves[-2:]])
    assert reviews[0] == reviews[1]
