"""An exact solver for perfect-information scopa positions.

A *world* is a hand in which every card's place is known: every seat's cards
and the order of the rest of the deck.  Once the deck is empty in a 2-player
hand the real game is such a world (the cards a seat has not seen are the
opponent's hand); earlier, or with more seats, the expert imagines worlds with
:meth:`SeatView.sample_world` and solves each one.

The solver plays the hand out to its end and counts it exactly: cards, coins,
settebello, re bello, primiera and napola are decided by the whole final pile
(leftovers go to the last capturer), so they are scored only at the leaves;
scope are added as they are made.  A node's value is what the side to move
will still gain over the others from here on: future scope plus the count of
the final piles (scope already made are the same for every line, and left
out).  With two sides (2 players, or the teams of 4 and 6) it is a negamax
with alpha-beta and a transposition table; with three sides it is max-n, each
seat maximising its own points minus the mean of the other two.
"""

from __future__ import annotations

import math
from typing import Final

from ..cards import (
    ACES,
    BEST_PRIMIERA,
    CARD_VALUE,
    COINS,
    DECK_SIZE,
    RE_BELLO,
    SETTEBELLO,
    VALUE_MASKS,
)
from ..hand import NOBODY, HandState, capture_rule
from ..moves import KEEP, PLAY, Move
from ..rules import Rules
from .evaluate import weights_for

INF: Final = 1 << 20
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2

#: A move inside the solver: (card, take, kind).
SolverMove = tuple[int, int, int]

#: Ordering weight of each card when captured (settebello, sevens, coins first).
_CAPTURE_WEIGHT: Final = tuple(
    1
    + (2 if i < 10 else 0)
    + (3 if i % 10 == 6 else 0)
    + (1 if i % 10 == 5 else 0)
    + (8 if i == 6 else 0)
    for i in range(DECK_SIZE)
)


def primiera(pile: int, all_suits: bool) -> int:
    """A pile's primiera, or -1 if it has none (compares like the spec's None)."""
    total = 0
    empty = 0
    for shift in (0, 10, 20, 30):
        ranks = pile >> shift & 0x3FF
        if ranks:
            total += BEST_PRIMIERA[ranks]
        elif all_suits:
            return -1
        else:
            empty += 1
    return -1 if empty == 4 else total


def _napola(pile: int) -> int:
    run = 0
    while run < 10 and pile >> run & 1:
        run += 1
    return run if run >= 3 else 0


#: what a cappotto (all ten coins, when the rule is on: the match) counts for
CAPPOTTO_VALUE: Final = 8


class PileScorer:
    """The count of final piles (no scope), exactly as :func:`score_hand` counts it,
    plus :data:`CAPPOTTO_VALUE` for a cappotto when that rule is on."""

    __slots__ = ("all_suits", "cappotto", "napola", "re_bello")

    def __init__(self, rules: Rules) -> None:
        self.all_suits = rules.primiera_all_suits
        self.re_bello = rules.re_bello
        self.napola = rules.napola
        self.cappotto = rules.cappotto

    def diff2(self, p0: int, p1: int) -> int:
        """Side 0's points minus side 1's, from the piles alone."""
        d = 0
        c0, c1 = p0.bit_count(), p1.bit_count()
        if c0 != c1:
            d += 1 if c0 > c1 else -1
        c0, c1 = (p0 & COINS).bit_count(), (p1 & COINS).bit_count()
        if c0 != c1:
            d += 1 if c0 > c1 else -1
        if p0 & SETTEBELLO:
            d += 1
        elif p1 & SETTEBELLO:
            d -= 1
        if self.re_bello:
            if p0 & RE_BELLO:
                d += 1
            elif p1 & RE_BELLO:
                d -= 1
        c0, c1 = primiera(p0, self.all_suits), primiera(p1, self.all_suits)
        if c0 != c1:
            d += 1 if c0 > c1 else -1
        if self.napola:
            d += _napola(p0) - _napola(p1)
        if self.cappotto:
            if p0 & COINS == COINS:
                d += CAPPOTTO_VALUE
            elif p1 & COINS == COINS:
                d -= CAPPOTTO_VALUE
        return d

    def points(self, piles: list[int]) -> list[int]:
        """Each side's points from the piles alone (any number of sides)."""
        sides = len(piles)
        points = [0] * sides
        for values in (
            [p.bit_count() for p in piles],
            [(p & COINS).bit_count() for p in piles],
            [primiera(p, self.all_suits) for p in piles],
        ):
            best = max(values)
            if best >= 0 and values.count(best) == 1:
                points[values.index(best)] += 1
        for side, pile in enumerate(piles):
            if pile & SETTEBELLO:
                points[side] += 1
            if self.re_bello and pile & RE_BELLO:
                points[side] += 1
            if self.napola:
                points[side] += _napola(pile)
            if self.cappotto and pile & COINS == COINS:
                points[side] += CAPPOTTO_VALUE
        return points


#: entries kept in each shared lookup table before it is emptied
CACHE_LIMIT: Final = 300_000


class SearchAborted(Exception):
    """The solver went past its node limit."""


class Tables:
    """Lookups shared by every search under one rules object (kept between moves).

    ``options[table << 4 | value]`` memoises the capture options of a card of
    that value (they depend on the value only); ``sweep[table]`` memoises
    :func:`.evaluate.sweepers`.  Fill them with :meth:`options_of` /
    :meth:`sweepers_of` on a miss.
    """

    __slots__ = ("capture", "options", "rules", "sweep", "weights")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.capture = capture_rule(rules)
        self.weights = weights_for(rules)
        self.options: dict[int, tuple[int, ...]] = {}
        self.sweep: dict[int, int] = {}

    def options_of(self, card: int, table: int) -> tuple[int, ...]:
        if len(self.options) > CACHE_LIMIT:
            self.options.clear()
        found = self.options[table << 4 | CARD_VALUE[card]] = self.capture.options(card, table)
        return found

    def sweepers_of(self, table: int) -> int:
        if len(self.sweep) > CACHE_LIMIT:
            self.sweep.clear()
        found = self.sweep[table] = fast_sweepers(self.rules, table)
        return found


#: sum of the capture values of the ranks in a 10-bit rank mask
_RANK_SUM: Final = tuple(sum(r + 1 for r in range(10) if m >> r & 1) for m in range(1024))


def fast_sweepers(rules: Rules, table: int) -> int:
    """:func:`.evaluate.sweepers` from the table's value sum, without a search.

    A whole table of two or more cards is taken by the value of its sum (no
    single card can have that value), a one-card table by its own value; with
    fifteen, by 15 minus the sum; aces follow asso piglia tutto when it is on.
    """
    if not table:
        return 0
    total = (
        _RANK_SUM[table & 0x3FF]
        + _RANK_SUM[table >> 10 & 0x3FF]
        + _RANK_SUM[table >> 20 & 0x3FF]
        + _RANK_SUM[table >> 30 & 0x3FF]
    )
    out = 0
    if rules.standard_capture and total <= 10:
        out |= VALUE_MASKS[total]
    if rules.fifteen_capture and 5 <= total <= 14:
        out |= VALUE_MASKS[15 - total]
    if rules.ace_takes_all:
        out &= ~VALUE_MASKS[1]
        aces = table & ACES
        if aces and rules.ace_takes_ace_first:
            if table == aces and aces & (aces - 1) == 0:
                out |= VALUE_MASKS[1]
        elif rules.ace_takes_all_is_scopa:
            out |= VALUE_MASKS[1]
    return out


_TABLES: dict[Rules, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    found = _TABLES.get(rules)
    if found is None:
        if len(_TABLES) > 16:
            _TABLES.clear()
        found = _TABLES[rules] = Tables(rules)
    return found


class Solver:
    """Exact play of a perfect-information world to the end of the hand.

    Load a world with :meth:`load` (any :class:`HandState`, e.g. one from
    ``view.sample_world``), then ask :meth:`values` for the exact worth of
    each root move, or :meth:`value` for the position.  The world passed in
    is never changed.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.capture = capture_rule(rules)
        self.tables = tables_for(rules)
        self.players = rules.players
        self.num_sides = rules.num_sides
        self.sides = tuple(rules.side_of(s) for s in range(rules.players))
        self.per_round = rules.players * rules.hand_size
        self.total = DECK_SIZE - rules.table_cards
        self.keep = rules.ace_takes_all and rules.ace_may_keep
        self.ace_sweep_scores = rules.ace_takes_all_is_scopa
        self.scorer = PileScorer(rules)
        self.nodes = 0
        #: searching past this many nodes raises SearchAborted (the position is
        #: then left as it was); a safety net, the caller picks shallow enough worlds
        self.node_limit = 1 << 62
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.ttn: dict[tuple[int, ...], tuple[int, ...]] = {}
        # the position
        self.hands: list[int] = []
        self.table = 0
        self.piles: list[int] = []
        self.last = NOBODY
        self.deck: list[int] = []
        self.deck_pos = DECK_SIZE
        self.plays = 0
        self.to_move = 0
        self.first = 0

    # -- loading ----------------------------------------------------------
    def load(self, world: HandState) -> None:
        """Take a copy of a world's position and forget the previous one."""
        self.hands = world.hands[:]
        self.table = world.table
        self.piles = world.piles[:]
        self.last = world.last_capturer
        self.deck = world.deck
        self.deck_pos = world.deck_pos
        self.plays = world.plays
        self.to_move = world.to_move
        self.first = (world.dealer + 1) % self.players
        self.tt.clear()
        self.ttn.clear()

    @property
    def plies_left(self) -> int:
        return self.total - self.plays

    # -- moves ------------------------------------------------------------
    def moves(self) -> list[SolverMove]:
        """Legal moves of the seat to move, best-looking first."""
        hand = self.hands[self.to_move]
        table = self.table
        cache = self.tables.options
        options_of = self.tables.options_of
        keep = self.keep
        scored: list[tuple[int, int, int, int]] = []
        weight = _CAPTURE_WEIGHT
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            hand ^= low
            options = cache.get(table << 4 | CARD_VALUE[card])
            if options is None:
                options = options_of(card, table)
            if options:
                for take in options:
                    w = weight[card]
                    t = take
                    while t:
                        lt = t & -t
                        w += weight[lt.bit_length() - 1]
                        t ^= lt
                    if take == table:
                        w += 40
                    scored.append((w, card, take, PLAY))
            else:
                scored.append((-weight[card] - CARD_VALUE[card], card, 0, PLAY))
            if keep and card % 10 == 0:
                scored.append((weight[card], card, 0, KEEP))
        scored.sort(reverse=True)
        return [(c, t, k) for _, c, t, k in scored]

    def push(self, card: int, take: int, kind: int) -> tuple[int, int, int, int, bool]:
        """Make a move; returns (table, last, scopa, side, dealt) for :meth:`pop`."""
        seat = self.to_move
        side = self.sides[seat]
        table = self.table
        last = self.last
        self.hands[seat] ^= 1 << card
        self.plays += 1
        scopa = 0
        if kind == KEEP:
            self.piles[side] |= 1 << card
        elif take:
            self.piles[side] |= take | 1 << card
            self.table = table ^ take
            self.last = side
            if (
                take == table
                and self.plays != self.total
                and (
                    self.ace_sweep_scores or not self.capture.is_whole_table_ace(card, take, table)
                )
            ):
                scopa = 1
        else:
            self.table = table | 1 << card
        dealt = False
        if self.plays % self.per_round == 0 and self.deck_pos < DECK_SIZE:
            self._deal()
            dealt = True
        self.to_move = (seat + 1) % self.players
        return table, last, scopa, side, dealt

    def pop(self, card: int, take: int, undo: tuple[int, int, int, int, bool]) -> None:
        table, last, _, side, dealt = undo
        self.to_move = seat = (self.to_move - 1) % self.players
        if dealt:
            self.deck_pos -= self.per_round
            for s in range(self.players):
                self.hands[s] = 0
        self.hands[seat] |= 1 << card
        self.piles[side] &= ~(take | 1 << card)
        self.table = table
        self.last = last
        self.plays -= 1

    def _deal(self) -> None:
        players = self.players
        pos = self.deck_pos
        deck = self.deck
        hands = self.hands
        first = self.first
        for k in range(self.per_round):
            hands[(first + k) % players] |= 1 << deck[pos + k]
        self.deck_pos = pos + self.per_round

    def _final_piles(self) -> list[int]:
        piles = self.piles[:]
        if self.last != NOBODY:
            piles[self.last] |= self.table
        return piles

    # -- two sides: negamax ------------------------------------------------
    def _leaf2(self) -> int:
        p0, p1 = self.piles
        if self.last == 0:
            p0 |= self.table
        elif self.last == 1:
            p1 |= self.table
        d = self.scorer.diff2(p0, p1)
        return d if self.sides[self.to_move] == 0 else -d

    def _negamax(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchAborted
        if self.plays == self.total:
            return self._leaf2()
        key = (*self.hands, self.table, self.piles[0], self.last)
        entry = self.tt.get(key)
        best_move = -1
        if entry is not None:
            value, flag, best_move = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                if value >= beta:
                    return value
                if value > alpha:
                    alpha = value
            elif value <= alpha:
                return value
            elif value < beta:
                beta = value
        alpha0 = alpha
        moves = self.moves()
        if best_move >= 0 and moves[0] != moves[best_move]:
            moves.insert(0, moves.pop(best_move))
            order = [best_move, *(i for i in range(len(moves)) if i != best_move)]
        else:
            order = list(range(len(moves)))
        best = -INF
        best_index = 0
        for pos, (card, take, kind) in enumerate(moves):
            undo = self.push(card, take, kind)
            gain = undo[2]
            value = gain - self._negamax(gain - beta, gain - alpha)
            self.pop(card, take, undo)
            if value > best:
                best = value
                best_index = order[pos]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= alpha0:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.tt[key] = (best, flag, best_index)
        return best

    # -- three sides: max-n --------------------------------------------------
    def _maxn(self) -> tuple[int, ...]:
        """Future points of every side under max-n play (margin over the mean)."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchAborted
        if self.plays == self.total:
            return tuple(self.scorer.points(self._final_piles()))
        key = (*self.hands, self.table, *self.piles, self.last)
        found = self.ttn.get(key)
        if found is not None:
            return found
        side = self.sides[self.to_move]
        best: tuple[int, ...] = ()
        best_key: tuple[int, int, tuple[int, ...]] = (-INF, -INF, ())
        for card, take, kind in self.moves():
            undo = self.push(card, take, kind)
            child = self._maxn()
            self.pop(card, take, undo)
            if undo[2]:
                child = tuple(v + (s == side) for s, v in enumerate(child))
            # ties broken by a fixed order on outcomes, whatever the move order
            order = (self._margin(child, side), child[side], child)
            if order > best_key:
                best, best_key = child, order
        self.ttn[key] = best
        return best

    def _margin(self, points: tuple[int, ...], side: int) -> int:
        """Side's points times (sides-1) minus the others' (scaled margin over their mean)."""
        return points[side] * self.num_sides - sum(points)

    # -- the public answers ---------------------------------------------------
    def value_for(self, side: int) -> float:
        """The loaded position's exact worth to ``side``: its future points minus
        the other side's (three sides: minus the mean of the other two)."""
        if self.num_sides == 2:
            v = self._negamax(-INF, INF)
            return float(v if self.sides[self.to_move] == side else -v)
        return self._margin(self._maxn(), side) / (self.num_sides - 1)

    def value_soft(
        self,
        side: int,
        beta: float,
        memo: dict[tuple[int, ...], float],
    ) -> float:
        """The position's worth to ``side`` (two sides) when each opponent picks a
        move with odds ``exp(beta * its worth)`` (a strong but fallible opponent;
        beta -> infinity is minimax) and ``side`` plays perfectly."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchAborted
        if self.plays == self.total:
            v = self._leaf2()
            return float(v if self.sides[self.to_move] == side else -v)
        key = (*self.hands, self.table, self.piles[0], self.last)
        found = memo.get(key)
        if found is not None:
            return found
        mine = self.sides[self.to_move] == side
        values = []
        for card, take, kind in self.moves():
            undo = self.push(card, take, kind)
            gain = undo[2] if mine else -undo[2]
            values.append(gain + self.value_soft(side, beta, memo))
            self.pop(card, take, undo)
        # the opponent favours low values
        result = max(values) if mine else _boltzmann_mean(values, -beta)
        memo[key] = result
        return result

    def value(self) -> float:
        """The loaded position's worth to the side to move (future points)."""
        return self.value_for(self.sides[self.to_move])

    def values(self, moves: list[Move]) -> list[float]:
        """Exact worth of each root move to the side to move, in the same order,
        counting a scopa the move itself makes."""
        out: list[float] = []
        side = self.sides[self.to_move]
        for move in moves:
            undo = self.push(move.card, move.take, move.kind)
            out.append(undo[2] + self.value_for(side))
            self.pop(move.card, move.take, undo)
        return out


def _boltzmann_mean(values: list[float], beta: float) -> float:
    """The mean of ``values`` weighted by ``exp(beta * value)``: what a chooser
    that favours high values (beta > 0) or low ones (beta < 0) gets on average."""
    pivot = max(values) if beta > 0 else min(values)  # keeps exp() from overflowing
    weights = [math.exp(beta * (v - pivot)) for v in values]
    return sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)


def solve_world(world: HandState, moves: list[Move] | None = None) -> list[float]:
    """Convenience: exact worth of each legal (or given) move of a world."""
    solver = Solver(world.rules)
    solver.load(world)
    return solver.values(moves if moves is not None else _playing_moves(world))


def _playing_moves(world: HandState) -> list[Move]:
    return [m for m in world.legal_moves() if m.kind != 2]
