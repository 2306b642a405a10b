"""The fair deal (scopa_core/link/fairdeal.py): a deck nobody could choose, checked by
every guest once the hand is over.  Honest hands check; a tampered reveal, a
changed deck, a changed move, a changed guest value, other dealt cards or
another table are each flagged, with its own code."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scopa_core import HandState, Rules
from scopa_core.cards import CARD_NAMES
from scopa_core.link import fairdeal
from scopa_core.link.fairdeal import (
    Claim,
    DealEntry,
    Ledger,
    Seen,
    check_hand,
    commitment,
    dealt_cards,
    deck_seed,
    fair_deck,
    layout_of,
    new_value,
)
from scopa_core.link.problems import LinkError
from scopa_core.moves import Move

MATCH = "0123456789abcdef"


def test_values_are_fresh_hex_and_recognised() -> None:
    values = {new_value() for _ in range(50)}
    assert len(values) == 50
    assert all(fairdeal.is_value(v) for v in values)
    for bad in ("ab", "G" * 64, "A" * 64, 7, None, "0" * 63, "0" * 65):
        assert not fairdeal.is_value(bad)


def test_the_commitment_and_the_deck_depend_on_every_input() -> None:
    secret, share = "1" * 64, "2" * 64
    base = commitment(MATCH, 0, secret)
    assert base != commitment(MATCH, 1, secret) != commitment("other", 0, secret)
    assert base != commitment(MATCH, 0, "3" * 64)
    seed = deck_seed(MATCH, 0, secret, [None, share])
    assert seed != base  # the purpose is part of the hash: a commitment is no seed
    assert seed != deck_seed(MATCH, 0, secret, [share, None])  # the share's seat counts
    assert seed != deck_seed(MATCH, 0, secret, [None, "3" * 64])
    assert seed != deck_seed(MATCH, 2, secret, [None, share])


def test_known_deck_is_the_same_on_cpython_and_pyodide() -> None:
    """Computed with these inputs on CPython 3.11 and on Pyodide 0.314 (CPython 3.14,
    under node): the same deck, so every device rebuilds the deck the host dealt."""
    deck = fair_deck(Rules(), MATCH, 3, "a" * 64, [None, "b" * 64])
    assert deck_seed(MATCH, 3, "a" * 64, [None, "b" * 64]) == KNOWN_SEED
    assert [CARD_NAMES[i] for i in deck] == KNOWN_DECK


KNOWN_SEED = "7c2dca8f059550a9391038b5386eae433ee381d20599614737e2f1aee1ef7d4f"
KNOWN_DECK = [
    "3D",
    "KD",
    "3S",
    "4D",
    "QC",
    "7H",
    "5H",
    "6H",
    "AS",
    "AD",
    "6S",
    "KC",
    "JD",
    "2H",
    "QD",
    "5D",
    "2D",
    "JH",
    "KH",
    "3H",
    "2S",
    "5S",
    "6C",
    "4H",
    "7D",
    "7S",
    "AH",
    "6D",
    "JS",
    "KS",
    "JC",
    "5C",
    "4C",
    "AC",
    "QH",
    "2C",
    "4S",
    "3C",
    "QS",
    "7C",
]


def test_a_fair_deck_is_a_deck_the_rules_deal() -> None:
    rules = Rules.preset("scopa", kings_redeal=True, aces_redeal=True)
    for hand in range(30):
        deck = fair_deck(rules, MATCH, hand, new_value(), [None, new_value()])
        assert sorted(deck) == list(range(40))
        HandState(rules, deck, 0)  # a deck the engine deals: no layout to throw in
        layout = layout_of(rules, deck)
        assert layout.bit_count() == 4 and not layout & fairdeal.dealt_cards(rules, deck, 0, 1, 0)


@pytest.mark.parametrize("preset", ["scopa", "scopa-3", "scopa-4", "scopone", "scopa-6"])
def test_dealt_cards_are_the_ones_the_engine_deals(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    deck = fair_deck(rules, MATCH, 0, new_value(), [new_value()] * rules.players)
    hand = HandState(rules, deck, 2 % rules.players)
    per_deal = rules.players * rules.hand_size
    checked = 0
    while not hand.is_over:
        if len(hand.history) % per_deal == 0:
            deal = len(hand.history) // per_deal
            for seat in range(rules.players):
                assert dealt_cards(rules, deck, hand.dealer, seat, deal) == hand.hands[seat]
            checked += 1
        hand.push(rng.choice([m for m in hand.legal_moves() if not m.is_declare]))
    assert checked == fairdeal.deals_in_hand(rules)


# --- the guest's check ---------------------------------------------------------------------


def honest_hand(seat: int = 1) -> tuple[Rules, DealEntry, Claim, Seen]:
    """A finished 2-player hand, as the guest at ``seat`` saw it and as the host reveals it."""
    rules = Rules()
    values = random.Random(2026)  # the same hand at every call
    secret, share = values.randbytes(32).hex(), values.randbytes(32).hex()
    shares: list[str | None] = [None, None]
    shares[seat] = share
    deck = fair_deck(rules, MATCH, 0, secret, shares)
    hand = HandState(rules, deck, 0)
    rng = random.Random(5)
    seen = Seen(layout=hand.initial_table)
    per_deal = rules.players * rules.hand_size
    while not hand.is_over:
        if len(hand.history) % per_deal == 0:
            seen.dealt[len(hand.history) // per_deal] = hand.hands[seat]
        hand.push(rng.choice(hand.legal_moves()))
    seen.moves = list(hand.history[:-1])  # the last move arrives with the reveal
    entry = DealEntry(commitment(MATCH, 0, secret), list(shares))
    return rules, entry, Claim(secret, list(shares), 0, deck, list(hand.history)), seen


def test_an_honest_hand_checks() -> None:
    rules, entry, claim, seen = honest_hand()
    assert check_hand(rules, MATCH, 0, 1, entry, claim, seen) is None


def flagged(claim: Claim | None = None, seen: Seen | None = None, **changes: object) -> str:
    rules, entry, honest, honest_seen = honest_hand()
    found = check_hand(
        rules,
        MATCH,
        0,
        1,
        entry,
        replace(claim or honest, **changes),
        seen or honest_seen,
    )
    assert found is not None
    assert "hand 0" in found
    return found.code  # type: ignore[attr-defined, no-any-return]


def test_a_tampered_reveal_is_flagged() -> None:
    assert flagged(secret=new_value()) == "link.check_commitment"


def test_a_changed_guest_value_is_flagged() -> None:
    _, _, claim, _ = honest_hand()
    assert flagged(shares=[None, new_value()]) == "link.check_share"
    assert flagged(shares=[new_value(), claim.shares[1]]) == "link.check_deck"


def test_a_changed_deck_is_flagged() -> None:
    _, _, claim, _ = honest_hand()
    swapped = claim.deck[:]
    swapped[0], swapped[39] = swapped[39], swapped[0]
    assert flagged(deck=swapped) == "link.check_deck"


def test_other_dealt_cards_or_another_table_are_flagged() -> None:
    seen = honest_hand()[3]
    other = Seen(seen.layout, {**seen.dealt, 0: seen.dealt[0] ^ 0b11}, seen.moves)
    assert flagged(seen=other) == "link.check_dealt"
    other = Seen((seen.layout or 0) ^ 1 << 39, seen.dealt, seen.moves)
    assert flagged(seen=other) == "link.check_table"


def test_a_changed_move_is_flagged() -> None:
    rules, _, claim, seen = honest_hand()
    first = claim.moves[0]
    other = next(m for m in HandState(rules, claim.deck, 0).legal_moves() if m != first)
    changed = Seen(seen.layout, seen.dealt, [other, *seen.moves[1:]])
    assert flagged(seen=changed) == "link.check_moves"
    assert flagged(moves=[Move.declare(), *claim.moves[1:]]) == "link.check_moves"


# --- the ledger in a record's meta -----------------------------------------------------------


def test_the_ledger_keeps_secrets_until_the_hand_is_revealed() -> None:
    entries = [DealEntry("a" * 64, [None, "b" * 64], "c" * 64) for _ in range(2)]
    ledger = Ledger(entries)
    meta = ledger.to_json(1)
    assert meta["scheme"] == fairdeal.SCHEME
    assert meta["hands"][0]["secret"] == "c" * 64 and "secret" not in meta["hands"][1]
    again = Ledger.from_json(ledger.to_json(2), 2)
    assert again == ledger


@pytest.mark.parametrize(
    "meta",
    [
        "nope",
        {"scheme": "other", "hands": []},
        {"scheme": fairdeal.SCHEME},
        {"scheme": fairdeal.SCHEME, "hands": [{"commitment": "x", "shares": [None, None]}]},
        {"scheme": fairdeal.SCHEME, "hands": [{"commitment": "a" * 64, "shares": [None]}]},
        {"scheme": fairdeal.SCHEME, "hands": [{"commitment": "a" * 64, "shares": [1, None]}]},
        {
            "scheme": fairdeal.SCHEME,
            "hands": [{"commitment": "a" * 64, "shares": [None, None], "secret": "no"}],
        },
    ],
)
def test_a_bad_ledger_is_refused_with_a_sentence(meta: object) -> None:
    with pytest.raises(LinkError) as caught:
        Ledger.from_json(meta, 2)
    assert str(caught.value).startswith("the saved match with another device is not valid")
