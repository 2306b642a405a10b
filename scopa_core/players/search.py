"""Determinized rollouts: a fast greedy playout policy and the hand evaluation.

The hard player (and the expert, which builds on it) imagines worlds
consistent with what its seat has seen (``view.sample_world(rng)``), plays
each candidate move in each world, lets :class:`Rollout` play the hand out
to the end with a cheap greedy policy, and averages :meth:`Rollout.value`.

Stable API (kept for the expert player):

- ``Rollout(rules, weights=None)``; ``rollout.playout(state)`` plays a
  :class:`~scopa_core.hand.HandState` to the end of its hand in place
  (``push`` only; pass a ``state.copy()`` to keep the original) and returns
  the number of plies played; ``rollout.choose(state)`` is the policy's move
  in a state; ``rollout.value(state, side)`` is the finished hand's result
  for a side (hand point margin, see :func:`.evaluate.side_value`, plus small
  terms for the partial items: cards, coins and primiera margins, and a
  cappotto worth a match);
- :func:`evaluate_moves` -- the averaged values of candidate moves over
  sampled worlds, with a deterministic ply budget and a wall-clock safety cap.

The policy never looks at another seat's cards, even in an imagined world:
each seat plays from its own hand and the public table and piles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from ..cards import COINS, DECK_SIZE, VALUE_MASKS
from ..hand import HandState, capture_rule
from ..moves import KEEP, PLAY, Move
from ..rules import Rules
from ..view import SeatView
from .evaluate import (
    SCOPA,
    Weights,
    hand_points,
    primiera,
    side_value,
    sweep_cache,
    sweepers,
    unseen_by,
    weights_for,
)

#: a dropped card costs this share of its weight (it may be taken)
DROP_COST: Final = 0.25
#: value of a cappotto (all ten coins) in hand points when the rule is on
CAPPOTTO_VALUE: Final = 8.0
#: tiny tie-breaking terms for the partial score items
CARDS_TERM: Final = 0.02
COINS_TERM: Final = 0.03
PRIMIERA_TERM: Final = 0.002
#: entries kept in a rollout's capture-options memo before it is cleared
_MEMO_LIMIT: Final = 60_000


class Rollout:
    """A greedy playout policy and evaluation for one rules object."""

    __slots__ = (
        "ace_scopa",
        "capture",
        "card_w",
        "cv",
        "hand_size",
        "keep",
        "opts",
        "players",
        "rules",
        "sweep",
        "total",
        "weights",
    )

    def __init__(self, rules: Rules, weights: Weights | None = None) -> None:
        self.rules = rules
        self.capture = capture_rule(rules)
        self.weights = weights or weights_for(rules)
        self.card_w = self.weights.card
        self.cv = self.weights.capture_value
        self.total = DECK_SIZE - rules.table_cards
        self.keep = rules.ace_takes_all and rules.ace_may_keep
        self.ace_scopa = rules.ace_takes_all_is_scopa
        self.players = rules.players
        self.hand_size = rules.hand_size
        self.sweep = sweep_cache(rules)
        #: capture options memo: (table << 4 | value) -> options
        self.opts: dict[int, tuple[int, ...]] = {}

    def choose(self, state: HandState) -> Move:
        """The policy's move for the seat to move (never a declaration)."""
        opts_memo = self.opts
        sweep = self.sweep
        cv = self.cv
        total = self.total
        n = len(state.history)
        seat = state.to_move
        hands = state.hands
        hand = hands[seat]
        table = state.table
        unknown = unseen_by(hand, table, state.piles)
        n_unknown = unknown.bit_count()
        nxt = hands[(seat + 1) % self.players].bit_count() or self.hand_size
        risk_scale = SCOPA * nxt / n_unknown if n + 2 < total and n_unknown else 0.0
        scopa_ok = n + 1 < total
        best = -1e9
        best_card = -1
        best_take = 0
        best_kind = PLAY
        h = hand
        while h:
            low = h & -h
            card = low.bit_length() - 1
            h ^= low
            key = table << 4 | card % 10
            opts = opts_memo.get(key)
            if opts is None:
                if len(opts_memo) > _MEMO_LIMIT:
                    opts_memo.clear()
                opts = opts_memo[key] = self.capture.options(card, table)
            if opts:
                for take in opts:
                    rest = table ^ take
                    s = cv(take | low)
                    if rest:
                        if risk_scale:
                            sw = sweep.get(rest)
                            if sw is None:
                                sw = sweepers(self.rules, rest)
                            sw &= unknown
                            if sw:
                                r = sw.bit_count() * risk_scale
                                s -= r if r < SCOPA else SCOPA
                    elif scopa_ok and (
                        self.ace_scopa or not self.capture.is_whole_table_ace(card, take, table)
                    ):
                        s += SCOPA
                    if s > best:
                        best, best_card, best_take, best_kind = s, card, take, PLAY
            else:
                rest = table | low
                s = -DROP_COST * self.card_w[card]
                same = unknown & VALUE_MASKS[card % 10 + 1]
                if same and risk_scale:
                    r = same.bit_count() * risk_scale
                    s -= self.card_w[card] * (r if r < 1.0 else 1.0)
                if risk_scale:
                    sw = sweep.get(rest)
                    if sw is None:
                        sw = sweepers(self.rules, rest)
                    sw &= unknown
                    if sw:
                        r = sw.bit_count() * risk_scale
                        s -= r if r < SCOPA else SCOPA
                if s > best:
                    best, best_card, best_take, best_kind = s, card, 0, PLAY
            if self.keep and card % 10 == 0:
                s = self.card_w[card]
                if table and risk_scale:
                    sw = sweepers(self.rules, table) & unknown
                    if sw:
                        r = sw.bit_count() * risk_scale
                        s -= r if r < SCOPA else SCOPA
                if s > best:
                    best, best_card, best_take, best_kind = s, card, 0, KEEP
        return Move(best_card, best_take, best_kind)

    def playout(self, state: HandState) -> int:
        """Play the hand to its end in place; returns the plies played."""
        history = state.history
        start = len(history)
        total = self.total
        choose = self.choose
        push = state.push
        if state.declared >= 0:
            return 0
        while len(history) < total:
            push(choose(state))
        return len(history) - start

    def value(self, state: HandState, side: int) -> float:
        """The finished hand's result for ``side`` (see the module docstring)."""
        rules = self.rules
        piles = state.final_piles()
        points = hand_points(rules, piles, state.scope)
        v = side_value(points, side)
        if len(piles) == 2:
            mine, theirs = piles[side], piles[1 - side]
            v += CARDS_TERM * (mine.bit_count() - theirs.bit_count())
            v += COINS_TERM * ((mine & COINS).bit_count() - (theirs & COINS).bit_count())
            v += PRIMIERA_TERM * (
                max(primiera(mine, rules.primiera_all_suits), 0)
                - max(primiera(theirs, rules.primiera_all_suits), 0)
            )
        if rules.cappotto:
            for s, pile in enumerate(piles):
                if pile & COINS == COINS:
                    v += CAPPOTTO_VALUE if s == side else -CAPPOTTO_VALUE
        return v


def evaluate_moves(
    view: SeatView,
    moves: Sequence[Move],
    rng: random.Random,
    *,
    budget: int,
    min_worlds: int = 4,
    max_worlds: int = 400,
    max_seconds: float = 0.9,
    rollout: Rollout | None = None,
) -> tuple[list[float], int]:
    """Average rollout value of each move over sampled worlds, and the worlds used.

    ``budget`` is in plies (cards played in rollouts): the number of worlds
    is ``budget // (len(moves) * plies left in the hand)`` clamped to
    ``[min_worlds, max_worlds]``, so the same seed and view always give the
    same answer.  ``max_seconds`` is only a safety cap on slow machines.
    Every move is tried in the same worlds (common random numbers).
    """
    rules = view.rules
    rollout = rollout or Rollout(rules)
    left = DECK_SIZE - rules.table_cards - len(view.history)
    worlds = budget // max(1, len(moves) * left)
    worlds = max(min_worlds, min(max_worlds, worlds))
    side = view.side
    totals = [0.0] * len(moves)
    deadline = time.perf_counter() + max_seconds
    done = 0
    for _ in range(worlds):
        world = view.sample_world(rng)
        for i, move in enumerate(moves):
            state = world.copy()
            state.push(move)
            rollout.playout(state)
            totals[i] += rollout.value(state, side)
        done += 1
        if time.perf_counter() > deadline:
            break
    return [t / done for t in totals], done
