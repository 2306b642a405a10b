"""The fair deal: each hand's deck is one that no player could choose.

Before hand *n* the host draws a secret random value and sends only its
commitment, ``commitment(match, n, secret)`` (a SHA-256 hash).  Each guest
answers with a random value of its own (its *share*).  The deck is the
engine's seeded shuffle, ``shuffled_deck(rules, Random(deck_seed(...)))``, of
a hash of the secret and every share together.  The host cannot pick a deck
(its value is fixed before it sees the shares), and a guest cannot either (it
does not know the host's value).  When the hand is over the host reveals its
secret; each guest checks the commitment, rebuilds the deck, compares it with
the cards it was dealt and the table it saw, and replays the moves
(:func:`check_hand`).  docs/remote-play.md says what this does not protect
against.

Every hash input is a JSON list that starts with the scheme's name and the
purpose (``"commit"``, ``"deck"``), then the match id and the hand number: a
value made for one hand or match is useless for any other.  ``random.Random``
seeded with a str is the same generator on CPython 3.11 and Pyodide's 3.14
(version-2 seeding hashes the text with SHA-512), so every device shuffles the
same deck from the same values.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import DECK_SIZE
from ..hand import shuffled_deck
from ..moves import Move
from ..problems import Problem
from ..rules import Rules
from .problems import LinkError, LinkProblem

SCHEME: Final = "scopa-fair-deal/1"
#: A value (the host's secret, a guest's share) is 32 random bytes, in lowercase hex.
VALUE_BYTES: Final = 32
_HEX: Final = frozenset("0123456789abcdef")


def new_value() -> str:
    """A fresh random value (the browser's crypto.getRandomValues under Pyodide)."""
    return _random_hex(VALUE_BYTES)


#: Where values come from (the tests put a seeded generator here, to replay a match).
_random_hex = secrets.token_hex


def is_value(value: object) -> bool:
    return isinstance(value, str) and len(value) == 2 * VALUE_BYTES and set(value) <= _HEX


def _digest(*parts: object) -> str:
    text = json.dumps([SCHEME, *parts], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(match_id: str, hand: int, secret: str) -> str:
    return _digest("commit", match_id, hand, secret)


def deck_seed(match_id: str, hand: int, secret: str, shares: Sequence[str | None]) -> str:
    return _digest("deck", match_id, hand, secret, list(shares))


def fair_deck(
    rules: Rules, match_id: str, hand: int, secret: str, shares: Sequence[str | None]
) -> list[int]:
    """Hand ``hand``'s deck from the host's secret and the guests' shares (per seat)."""
    seed = deck_seed(match_id, hand, secret, shares)
    return shuffled_deck(rules, random.Random(seed))


# --- where the deck's cards go ---------------------------------------------------


def dealt_cards(rules: Rules, deck: Sequence[int], dealer: int, seat: int, deal: int) -> int:
    """The cards ``seat`` gets in deal ``deal`` (0 = the first) of a hand, as a mask."""
    per_round = rules.players * rules.hand_size
    start = deal * per_round + (rules.table_cards if deal else 0)
    offset = (seat - dealer - 1) % rules.players
    mask = 0
    for k in range(offset, per_round, rules.players):
        mask |= 1 << deck[start + k]
    return mask


def layout_of(rules: Rules, deck: Sequence[int]) -> int:
    """The first table of a hand dealt from ``deck``, as a mask."""
    start = rules.players * rules.hand_size
    mask = 0
    for i in deck[start : start + rules.table_cards]:
        mask |= 1 << i
    return mask


def deals_in_hand(rules: Rules) -> int:
    return (DECK_SIZE - rules.table_cards) // (rules.players * rules.hand_size)


# --- the ledger: every hand's commitment, shares and (once revealed) secret --------


@dataclass
class DealEntry:
    """One hand's fair deal: what the host committed to, and every guest's share."""

    commitment: str
    shares: list[str | None]
    secret: str | None = None

    def complete(self, remote_seats: Sequence[int]) -> bool:
        return all(self.shares[seat] is not None for seat in remote_seats)

    def to_json(self, reveal: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"commitment": self.commitment, "shares": list(self.shares)}
        if reveal and self.secret is not None:
            out["secret"] = self.secret
        return out

    @classmethod
    def from_json(cls, data: object, players: int) -> DealEntry:
        """Read a saved entry; raises LinkError on anything a device could not have saved."""
        if not isinstance(data, dict) or not is_value(data.get("commitment")):
            raise _bad_save("a fair-deal entry has no commitment")
        shares = data.get("shares")
        if not isinstance(shares, list) or len(shares) != players:
            raise _bad_save("a fair-deal entry needs one share per seat")
        if not all(share is None or is_value(share) for share in shares):
            raise _bad_save("a fair-deal share is not a value")
        secret = data.get("secret")
        if secret is not None and not is_value(secret):
            raise _bad_save("a fair-deal secret is not a value")
        return cls(data["commitment"], list(shares), secret)


def _bad_save(reason: str) -> LinkError:
    return LinkError(LinkProblem("link.saved_invalid", reason=reason))


@dataclass
class Ledger:
    """The fair deal of every hand of a match (its record's ``meta.fair_deal``)."""

    entries: list[DealEntry] = field(default_factory=list)

    def to_json(self, revealed: int) -> dict[str, Any]:
        """The meta object; secrets only of the first ``revealed`` hands."""
        return {
            "scheme": SCHEME,
            "hands": [entry.to_json(n < revealed) for n, entry in enumerate(self.entries)],
        }

    @classmethod
    def from_json(cls, data: object, players: int) -> Ledger:
        if data is None:
            return cls()
        if not isinstance(data, dict) or data.get("scheme") != SCHEME:
            raise _bad_save(f"meta.fair_deal is not {SCHEME}")
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise _bad_save("meta.fair_deal has no list of hands")
        return cls([DealEntry.from_json(item, players) for item in hands])


# --- the guest's check of a revealed hand ----------------------------------------


@dataclass
class Seen:
    """What one seat was shown of a hand while it was being played."""

    layout: int | None = None
    #: deal number -> the cards this seat got in it
    dealt: dict[int, int] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)


@dataclass(frozen=True)
class Claim:
    """What the host says of a finished hand: its secret, the shares, the deal."""

    secret: str
    shares: list[str | None]
    dealer: int
    deck: list[int]
    moves: list[Move]


def check_hand(
    rules: Rules,
    match_id: str,
    hand: int,
    seat: int,
    entry: DealEntry,
    claim: Claim,
    seen: Seen,
) -> Problem | None:
    """Why the revealed hand does not check, or None: ``entry`` holds the
    commitment this guest was sent and the share it answered with."""

    def fails(code: str) -> LinkProblem:
        return LinkProblem(code, hand=hand)

    if commitment(match_id, hand, claim.secret) != entry.commitment:
        return fails("link.check_commitment")
    if claim.shares[seat] != entry.shares[seat]:
        return fails("link.check_share")
    if fair_deck(rules, match_id, hand, claim.secret, claim.shares) != claim.deck:
        return fails("link.check_deck")
    for deal, cards in seen.dealt.items():
        if dealt_cards(rules, claim.deck, claim.dealer, seat, deal) != cards:
            return fails("link.check_dealt")
    if seen.layout is not None and layout_of(rules, claim.deck) != seen.layout:
        return fails("link.check_table")
    if claim.moves[: len(seen.moves)] != seen.moves:
        return fails("link.check_moves")
    return None
