"""Scoring a hand from the sides' piles, item by item, as the spec counts it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import BEST_PRIMIERA, BEST_PRIMIERA_RANK, COINS, RE_BELLO, SETTEBELLO
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandScore:
    """The count of one hand: every list has one entry per side."""

    cards: tuple[int, ...]
    coins: tuple[int, ...]
    settebello: int | None
    re_bello: int | None
    primiera: tuple[int | None, ...]
    #: the card of each suit that made each side's primiera (for the count screen)
    primiera_cards: tuple[tuple[int, ...], ...]
    scope: tuple[int, ...]
    napola: tuple[int, ...]
    points: tuple[int, ...]
    declared: int | None
    #: side holding all ten coins (a cappotto when the rule is on), else None
    all_coins: int | None

    def to_json(self, dealer: int) -> dict[str, Any]:
        """The per-hand object of the replay checker's output."""
        return {
            "dealer": dealer,
            "complete": True,
            "cards": list(self.cards),
            "coins": list(self.coins),
            "settebello": self.settebello,
            "re_bello": self.re_bello,
            "primiera": list(self.primiera),
            "scope": list(self.scope),
            "napola": list(self.napola),
            "points": list(self.points),
            "declared": self.declared,
        }


def primiera_of(pile: int, all_suits: bool) -> tuple[int | None, tuple[int, ...]]:
    """A pile's primiera and the best card of each suit it has (None: no primiera)."""
    total = 0
    best_cards: list[int] = []
    for suit in range(4):
        ranks = pile >> 10 * suit & 0x3FF
        if not ranks:
            if all_suits:
                return None, ()
            continue
        total += BEST_PRIMIERA[ranks]
        best_cards.append(10 * suit + BEST_PRIMIERA_RANK[ranks])
    if not best_cards:
        return None, ()
    return total, tuple(best_cards)


def napola_of(pile: int) -> int:
    """Length of the unbroken run of coins from the ace, if it reaches the 3."""
    run = 0
    while run < 10 and pile >> run & 1:
        run += 1
    return run if run >= 3 else 0


def strict_winner(values: Sequence[int | None]) -> int | None:
    """The side with strictly the most (None on a tie for the most, or no value at all)."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    best = max(present)
    if present.count(best) > 1:
        return None
    return list(values).index(best)


def _holder(piles: list[int], card_bit: int) -> int | None:
    for side, pile in enumerate(piles):
        if pile & card_bit:
            return side
    return None


def score_hand(
    rules: Rules, piles: list[int], scope: list[int], declared: int | None = None
) -> HandScore:
    """Score the final piles of a hand (leftovers already given out)."""
    sides = len(piles)
    cards = [p.bit_count() for p in piles]
    coins = [(p & COINS).bit_count() for p in piles]
    prim = [primiera_of(p, rules.primiera_all_suits) for p in piles]
    primiera = [value for value, _ in prim]
    settebello = _holder(piles, SETTEBELLO)
    re_bello = _holder(piles, RE_BELLO) if rules.re_bello else None
    napola = [napola_of(p) if rules.napola else 0 for p in piles]
    points = [scope[s] + napola[s] for s in range(sides)]
    for winner in (
        strict_winner(list(cards)),
        strict_winner(list(coins)),
        settebello,
        re_bello,
        strict_winner(primiera),
    ):
        if winner is not None:
            points[winner] += 1
    all_coins = next((s for s, c in enumerate(coins) if c == 10), None)
    return HandScore(
        cards=tuple(cards),
        coins=tuple(coins),
        settebello=settebello,
        re_bello=re_bello,
        primiera=tuple(primiera),
        primiera_cards=tuple(c for _, c in prim),
        scope=tuple(scope),
        napola=tuple(napola),
        points=tuple(points),
        declared=declared,
        all_coins=all_coins,
    )
