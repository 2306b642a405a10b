"""Which table cards a played card may take: the capture rules on bitmasks.

Everything here works on card indices and card-set ints so that the computer
players can call it millions of times.  Sums are solved once per *shape* of
table (how many cards of each value it holds) and memoised, then mapped back to
the actual cards; a single card of the played value needs no search at all.
The sentences that explain why a capture is wrong live here too.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from .cards import ACES, CARD_NAMES, CARD_VALUE, VALUE_MASKS, bits, reading_order
from .problems import Problem
from .rules import Rules

#: SPREAD[m]: a 10-bit rank mask with rank r moved to bit 3*r, so that adding
#: the four suits' spreads gives the count of each value in 3-bit fields.
SPREAD: Final = tuple(sum(1 << 3 * r for r in range(10) if m >> r & 1) for m in range(1024))
#: Cards whose value is below v (sums for v are made only of those).
BELOW: Final = tuple(sum(VALUE_MASKS[w] for w in range(1, v) if w <= 10) for v in range(16))
_RANKS10: Final = (1 << 10) - 1

#: A solution: (values taken whole, [(value, how many of its cards)] taken in part)
_Solution = tuple[int, tuple[tuple[int, int], ...]]


def _shape(table: int) -> int:
    """Count of each value on the table, 3 bits per value (value v at bit 3*(v-1))."""
    return (
        SPREAD[table & _RANKS10]
        + SPREAD[table >> 10 & _RANKS10]
        + SPREAD[table >> 20 & _RANKS10]
        + SPREAD[table >> 30 & _RANKS10]
    )


def _solve(shape: int, target: int, min_size: int) -> tuple[_Solution, ...]:
    """Ways to pick cards of a table shape adding up to target (min_size cards+)."""
    counts = [shape >> 3 * r & 7 for r in range(10)]
    found: list[_Solution] = []

    def pick(value: int, remaining: int, size: int, chosen: list[tuple[int, int]]) -> None:
        if remaining == 0:
            if size >= min_size:
                found.append(_as_solution(chosen, counts))
            return
        if value > remaining or value > 10:
            return
        have = counts[value - 1]
        for k in range(min(have, remaining // value), -1, -1):
            chosen.append((value, k))
            pick(value + 1, remaining - k * value, size + k, chosen)
            chosen.pop()

    pick(1, target, 0, [])
    return tuple(found)


def _as_solution(chosen: list[tuple[int, int]], counts: list[int]) -> _Solution:
    whole = 0
    part: list[tuple[int, int]] = []
    for value, k in chosen:
        if k == 0:
            continue
        if k == counts[value - 1]:
            whole |= VALUE_MASKS[value]
        else:
            part.append((value, k))
    return whole, tuple(part)


def _expand(solution: _Solution, table: int) -> list[int]:
    whole, part = solution
    base = table & whole
    if not part:
        return [base]
    choices = [
        [sum(1 << i for i in combo) for combo in combinations(bits(table & VALUE_MASKS[v]), k)]
        for v, k in part
    ]
    return [base | sum(pick) for pick in product(*choices)]


class CaptureRule:
    """The capture options under one rules object."""

    __slots__ = ("_solutions", "ace_first", "ace_takes_all", "fifteen", "standard")

    def __init__(self, rules: Rules) -> None:
        self.standard = rules.standard_capture
        self.fifteen = rules.fifteen_capture
        self.ace_takes_all = rules.ace_takes_all
        self.ace_first = rules.ace_takes_ace_first
        self._solutions: dict[int, tuple[_Solution, ...]] = {}

    def options(self, card: int, table: int) -> tuple[int, ...]:
        """The sets the card may take (empty: it goes on the table)."""
        value = CARD_VALUE[card]
        if value == 1 and self.ace_takes_all:
            if not table:
                return ()
            aces = table & ACES
            if aces and self.ace_first:
                return _singles(aces)
            return (table,)
        if not self.fifteen:
            singles = table & VALUE_MASKS[value]
            if singles:
                return _singles(singles)
            return self._sums(table & BELOW[value], value, 2)
        found: list[int] = []
        if self.standard:
            singles = table & VALUE_MASKS[value]
            found.extend(
                _singles(singles) if singles else self._sums(table & BELOW[value], value, 2)
            )
        found.extend(self._sums(table & BELOW[16 - value], 15 - value, 1))
        return tuple(sorted(found))

    def _sums(self, table: int, target: int, min_size: int) -> tuple[int, ...]:
        if not table:
            return ()
        key = _shape(table) << 5 | target << 1 | (min_size == 1)
        solutions = self._solutions.get(key)
        if solutions is None:
            solutions = self._solutions[key] = _solve(key >> 5, target, min_size)
        if not solutions:
            return ()
        if len(solutions) == 1 and not solutions[0][1]:
            return (table & solutions[0][0],)
        out: list[int] = []
        for solution in solutions:
            out.extend(_expand(solution, table))
        return tuple(sorted(out))

    def is_whole_table_ace(self, card: int, take: int, table: int) -> bool:
        """An asso-piglia-tutto sweep of the whole table (not an ace taking an ace)."""
        return (
            self.ace_takes_all
            and CARD_VALUE[card] == 1
            and take == table
            and not (self.ace_first and table & ACES)
        )

    def why_not(self, card: int, take: int, table: int) -> Problem:
        """Why taking ``take`` with ``card`` is wrong (call only when it is)."""
        name = CARD_NAMES[card]
        missing = take & ~table
        if missing:
            code = "capture.missing_one" if missing & (missing - 1) == 0 else "capture.missing_many"
            return Problem(code, cards=reading_order(missing))
        masks = self.options(card, table)
        options = [reading_order(option) for option in masks]
        if not options:
            return Problem("capture.nothing", card=name)
        if not take:
            return Problem("capture.must_take", card=name, options=options)
        value = CARD_VALUE[card]
        if value == 1 and self.ace_takes_all:
            if len(masks) > 1 or masks[0] != table:
                return Problem("capture.ace_first", card=name, options=options)
            return Problem("capture.ace_all", card=name, cards=reading_order(table))
        singles = table & VALUE_MASKS[value]
        total = sum(CARD_VALUE[i] for i in bits(take))
        taken = reading_order(take)
        if self.standard and singles and total == value:
            return Problem(
                "capture.single_first", card=name, take=taken, singles=reading_order(singles)
            )
        if not self.fifteen:
            return Problem(
                "capture.bad_sum", card=name, take=taken, total=total, value=value, options=options
            )
        code = "capture.bad_sum_either" if self.standard else "capture.bad_sum_fifteen"
        return Problem(
            code,
            card=name,
            take=taken,
            total=total,
            value=value,
            fifteen=15 - value,
            options=options,
        )


def _singles(mask: int) -> tuple[int, ...]:
    if mask & (mask - 1) == 0:
        return (mask,)
    return tuple(1 << i for i in bits(mask))
