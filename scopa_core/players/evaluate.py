"""Card values, fast hand scoring and scopa-risk facts, all on bitmasks.

Shared by every level (and by the expert player).  Stable API:

- :func:`hand_points` -- the spec's hand points per side from final piles
  (same numbers as :func:`scopa_core.scoring.score_hand`, several times faster);
- :func:`side_value` -- one side's hand result as a margin over the others;
- :class:`Weights` / :func:`card_weights` -- what each card is worth when
  captured, in points, under a rules object (``Weights.capture_value(mask)``);
- :func:`sweepers` -- the cards whose value would take the whole of a table
  as a scopa (memoised per rules and table);
- :func:`prob_holds_any` -- the chance a hand of ``h`` unseen cards holds at
  least one of ``k`` particular ones.

Values are in match points: a settebello is worth about 1.4 (its point, a
coin, a seven), a scopa 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Final

from ..cards import (
    ACES,
    BEST_PRIMIERA,
    CARD_VALUE,
    COINS,
    DECK_SIZE,
    FULL_DECK,
    RE_BELLO,
    SETTEBELLO,
    VALUE_MASKS,
)
from ..hand import capture_rule
from ..rules import Rules

_R10: Final = 0x3FF


def hand_points(rules: Rules, piles: list[int], scope: list[int]) -> list[int]:
    """Points per side for these final piles and scope (as ``score_hand``)."""
    n = len(piles)
    points = list(scope)
    if n == 2:
        a, b = piles
        ca, cb = a.bit_count(), b.bit_count()
        if ca != cb:
            points[0 if ca > cb else 1] += 1
        ca, cb = (a & COINS).bit_count(), (b & COINS).bit_count()
        if ca != cb:
            points[0 if ca > cb else 1] += 1
    else:
        _strict(points, [p.bit_count() for p in piles])
        _strict(points, [(p & COINS).bit_count() for p in piles])
    for side in range(n):
        pile = piles[side]
        if pile & SETTEBELLO:
            points[side] += 1
        if rules.re_bello and pile & RE_BELLO:
            points[side] += 1
        if rules.napola and pile & 7 == 7:
            run = 3
            while run < 10 and pile >> run & 1:
                run += 1
            points[side] += run
    prim = [primiera(p, rules.primiera_all_suits) for p in piles]
    _strict(points, prim)
    return points


def primiera(pile: int, all_suits: bool = True) -> int:
    """A pile's primiera; -1 for none (a missing suit, or no cards)."""
    a = pile & _R10
    b = pile >> 10 & _R10
    c = pile >> 20 & _R10
    d = pile >> 30 & _R10
    if all_suits:
        if not (a and b and c and d):
            return -1
    elif not pile:
        return -1
    return BEST_PRIMIERA[a] + BEST_PRIMIERA[b] + BEST_PRIMIERA[c] + BEST_PRIMIERA[d]


def _strict(points: list[int], values: list[int]) -> None:
    best = max(values)
    if best < 0:
        return
    if values.count(best) == 1:
        points[values.index(best)] += 1


def side_value(points: list[int], side: int) -> float:
    """A side's hand result: its points minus the others' (their mean with 3 sides)."""
    if len(points) == 2:
        return float(points[side] - points[1 - side])
    others = sum(points) - points[side]
    return points[side] - others / (len(points) - 1)


def unseen_by(hand: int, table: int, piles: Sequence[int]) -> int:
    """The cards a seat holding ``hand`` has not seen: not in its hand, on the
    table or in a pile (every card played is on the table or in a pile)."""
    seen = hand | table
    for pile in piles:
        seen |= pile
    return FULL_DECK ^ seen


def prob_holds_any(unseen: int, k: int, h: int) -> float:
    """P(a hand of ``h`` cards drawn from ``unseen`` holds one of ``k`` given ones)."""
    if k <= 0 or h <= 0 or unseen <= 0:
        return 0.0
    if h > unseen - k:
        return 1.0
    return 1.0 - comb(unseen - k, h) / comb(unseen, h)


# -- card weights ----------------------------------------------------------------

BASE_CARD: Final = 0.10
COIN_BONUS: Final = 0.12
SEVEN_BONUS: Final = 0.30
SIX_BONUS: Final = 0.12
ACE_BONUS: Final = 0.08
SETTEBELLO_BONUS: Final = 1.0
RE_BELLO_BONUS: Final = 1.0
NAPOLA_BONUS: Final = (0.45, 0.45, 0.45, 0.15, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1)
SCOPA: Final = 1.0


def card_weights(
    rules: Rules,
    *,
    cards_open: bool = True,
    coins_open: bool = True,
    napola_open: bool = True,
) -> tuple[float, ...]:
    """What each card (by index) is worth to the side that captures it, in points.

    A race already decided (``cards_open``/``coins_open`` False) is worth nothing.
    """
    out = []
    for idx in range(DECK_SIZE):
        rank, suit = idx % 10, idx // 10
        w = BASE_CARD if cards_open else 0.0
        if suit == 0:
            w += COIN_BONUS if coins_open else 0.0
            if rules.napola and napola_open:
                w += NAPOLA_BONUS[rank]
        if rank == 6:
            w += SEVEN_BONUS
        elif rank == 5:
            w += SIX_BONUS
        elif rank == 0:
            w += ACE_BONUS
        if 1 << idx == SETTEBELLO:
            w += SETTEBELLO_BONUS
        if rules.re_bello and 1 << idx == RE_BELLO:
            w += RE_BELLO_BONUS
        out.append(w)
    return tuple(out)


class Weights:
    """Card weights plus a fast ``capture_value(mask)`` via per-suit tables."""

    __slots__ = ("card", "chunks")

    def __init__(self, card: tuple[float, ...]) -> None:
        self.card = card
        self.chunks = tuple(
            tuple(sum(card[s * 10 + r] for r in range(10) if m >> r & 1) for m in range(1024))
            for s in range(4)
        )

    def capture_value(self, mask: int) -> float:
        c = self.chunks
        return (
            c[0][mask & _R10]
            + c[1][mask >> 10 & _R10]
            + c[2][mask >> 20 & _R10]
            + c[3][mask >> 30 & _R10]
        )


_WEIGHTS: dict[tuple[Rules, bool, bool, bool], Weights] = {}


def weights_for(
    rules: Rules, cards_open: bool = True, coins_open: bool = True, napola_open: bool = True
) -> Weights:
    """Memoised :class:`Weights` for a rules object and which races are still open."""
    key = (rules, cards_open, coins_open, napola_open)
    found = _WEIGHTS.get(key)
    if found is None:
        found = _WEIGHTS[key] = Weights(
            card_weights(
                rules, cards_open=cards_open, coins_open=coins_open, napola_open=napola_open
            )
        )
    return found


def open_races(rules: Rules, piles: tuple[int, ...] | list[int]) -> tuple[bool, bool, bool]:
    """Whether the cards race, the coins race and napola can still change hands."""
    counts = sorted((p.bit_count() for p in piles), reverse=True)
    coins = sorted(((p & COINS).bit_count() for p in piles), reverse=True)
    left_cards = DECK_SIZE - sum(counts)
    left_coins = 10 - sum(coins)
    cards_open = counts[0] <= counts[1] + left_cards
    coins_open = coins[0] <= coins[1] + left_coins
    napola_open = True
    if rules.napola:
        owners = [p & 7 for p in piles]
        napola_open = sum(1 for o in owners if o) <= 1
    return cards_open, coins_open, napola_open


# -- scopa risk --------------------------------------------------------------------

_SWEEP: dict[Rules, dict[int, int]] = {}
_SWEEP_LIMIT: Final = 60_000


def sweepers(rules: Rules, table: int) -> int:
    """The cards (all suits of each value) that would sweep ``table`` for a scopa.

    An empty table gives 0.  Under asso piglia tutto with
    ``ace_takes_all_is_scopa`` false an ace's whole-table take is no scopa.
    """
    cache = sweep_cache(rules)
    found = cache.get(table)
    if found is None:
        if len(cache) > _SWEEP_LIMIT:
            cache.clear()
        found = cache[table] = fast_sweepers(rules, table)
    return found


def sweep_cache(rules: Rules) -> dict[int, int]:
    """The memo behind :func:`sweepers` (table mask -> sweeping cards) for a rules object."""
    cache = _SWEEP.get(rules)
    if cache is None:
        cache = _SWEEP[rules] = {}
    return cache


#: sum of the capture values of the cards in a 10-bit rank mask
RANK_SUM: Final = tuple(sum(r + 1 for r in range(10) if m >> r & 1) for m in range(1024))


def table_sum(table: int) -> int:
    return (
        RANK_SUM[table & _R10]
        + RANK_SUM[table >> 10 & _R10]
        + RANK_SUM[table >> 20 & _R10]
        + RANK_SUM[table >> 30 & _R10]
    )


def fast_sweepers(rules: Rules, table: int) -> int:
    """:func:`sweepers` without the memo, from the table's value sum."""
    if not table:
        return 0
    total = table_sum(table)
    out = 0
    if rules.capture != "fifteen" and total <= 10:
        out |= VALUE_MASKS[total]
    if rules.capture != "standard" and 5 <= total <= 14:
        out |= VALUE_MASKS[15 - total]
    if rules.ace_takes_all:
        out &= ~ACES
        aces = table & ACES
        if aces and rules.ace_takes_ace_first:
            if table == aces and aces & (aces - 1) == 0:
                out |= ACES  # an ace taking the only card, an ace: an ordinary scopa
        elif rules.ace_takes_all_is_scopa:
            out |= ACES
    return out


def slow_sweepers(rules: Rules, table: int) -> int:
    """:func:`sweepers` by asking the capture rules about every value (for tests)."""
    capture = capture_rule(rules)
    if not table:
        return 0
    out = 0
    for value in range(1, 11):
        card = value - 1  # any card of the value: options depend on the value only
        for take in capture.options(card, table):
            if take == table:
                if not rules.ace_takes_all_is_scopa and capture.is_whole_table_ace(
                    card, take, table
                ):
                    continue
                out |= VALUE_MASKS[value]
                break
    return out


def value_of(card: int) -> int:
    return CARD_VALUE[card]
