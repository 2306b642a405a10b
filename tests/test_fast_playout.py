"""The simulation fast path must play by exactly the rules of push()."""

from __future__ import annotations

import random

import pytest

from scopa_core.hand import HandState, shuffled_deck
from scopa_core.moves import KEEP, PLAY, Move
from scopa_core.rules import PRESETS, Rules

VARIANTS = [
    {},
    {"ace_takes_all": True, "ace_may_keep": True, "ace_takes_all_is_scopa": False},
    {"ace_takes_all": True, "ace_takes_ace_first": False},
    {"capture": "fifteen"},
    {"capture": "standard+fifteen"},
]


def playout_with_push(hand: HandState, rng: random.Random) -> None:
    """The same random policy as HandState.random_playout, one checked move at a time."""
    keep = hand.rules.ace_takes_all and hand.rules.ace_may_keep
    while not hand.is_over:
        cards = hand.hands[hand.to_move]
        for _ in range(int(rng.random() * cards.bit_count())):
            cards &= cards - 1
        card = (cards & -cards).bit_length() - 1
        options = hand.options(card)
        if keep and card % 10 == 0 and rng.random() < 0.5:
            hand.play(Move(card, 0, KEEP))
        elif options:
            pick = options[int(rng.random() * len(options))] if len(options) > 1 else options[0]
            hand.play(Move(card, pick, PLAY))
        else:
            hand.play(Move(card, 0, PLAY))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_fast_playout_matches_checked_play(preset: str, variant: int) -> None:
    rules: Rules = PRESETS[preset].replace(**VARIANTS[variant])
    deck_rng = random.Random(variant * 100 + len(preset))
    for game in range(40):
        deck = shuffled_deck(rules, deck_rng)
        dealer = game % rules.players
        fast, slow = HandState(rules, deck, dealer), HandState(rules, deck, dealer)
        fast.random_playout(random.Random(game))
        playout_with_push(slow, random.Random(game))
        assert fast.is_over and slow.is_over
        assert (fast.table, fast.piles, fast.scope, fast.last_capturer, fast.hands) == (
            slow.table,
            slow.piles,
            slow.scope,
            slow.last_capturer,
            slow.hands,
        )
        assert fast.final_piles() == slow.final_piles()
