"""The one-ply heuristic of the normal player, reusable by stronger levels.

:class:`Heuristic` looks at one view and scores each legal move in points:
what the move captures (card weights with the still-open races, a scopa),
minus what the next opponent can expect to take from the table it leaves
(each value's chance of being in that opponent's hand, computed from the
unseen cards), plus, in teams, a share of what the partner may then take.

Stable API: ``Heuristic(view).score(move) -> float`` and
``Heuristic(view).ranked(moves) -> list[Move]`` (best first, stable order).
"""

from __future__ import annotations

from typing import Final

from ..cards import DECK_SIZE, VALUE_MASKS
from ..hand import capture_rule
from ..moves import DECLARE, KEEP, Move
from ..view import SeatView
from .evaluate import SCOPA, open_races, prob_holds_any, sweepers, weights_for

#: how much of the partner's expected take counts (teams)
PARTNER_SHARE: Final = 0.3
#: how much of the second opponent's expected take counts (3 players)
SECOND_OPPONENT_SHARE: Final = 0.4


class Heuristic:
    #: how much of the next opponent's expected take counts against a move
    risk_weight: float = 1.0

    __slots__ = (
        "capture",
        "hand_after",
        "hand_next",
        "last_play",
        "next_play",
        "rules",
        "unseen",
        "unseen_count",
        "unseen_value",
        "view",
        "weights",
    )

    def __init__(self, view: SeatView, *, unseen: int | None = None) -> None:
        """``unseen`` overrides the view's unseen cards (inference scores a seat's
        past plays as if the cards it had yet to play were unknown to it)."""
        self.view = view
        rules = self.rules = view.rules
        self.capture = capture_rule(rules)
        self.weights = weights_for(rules, *open_races(rules, view.piles))
        if unseen is None:
            unseen = view.unseen
        self.unseen = unseen
        self.unseen_count = unseen.bit_count()
        # mean weight of an unseen card of each value (what the taker adds of its own)
        w = self.weights.card
        self.unseen_value = [0.0] * 11
        for v in range(1, 11):
            cards = [i for i in range(DECK_SIZE) if unseen >> i & 1 and i % 10 == v - 1]
            if cards:
                self.unseen_value[v] = sum(w[i] for i in cards) / len(cards)
        total = DECK_SIZE - rules.table_cards
        played = len(view.history)
        self.last_play = played + 1 == total  # this move ends the hand
        self.next_play = played + 2  # play number (1-based) of the next seat's move
        players = rules.players
        counts = list(view.hand_counts)
        counts[view.seat] -= 1
        if sum(counts) == 0 and view.cards_left_in_deck > 0:
            counts = [rules.hand_size] * players
        self.hand_next = counts[(view.seat + 1) % players]
        self.hand_after = counts[(view.seat + 2) % players]

    # -- scoring -----------------------------------------------------------------
    def score(self, move: Move) -> float:
        view = self.view
        if move.kind == DECLARE:
            return 0.0
        w = self.weights
        table = view.table
        bit = 1 << move.card
        total = DECK_SIZE - self.rules.table_cards
        if move.kind == KEEP:
            gain = w.card[move.card]
            rest = table
        elif move.take:
            gain = w.capture_value(move.take | bit)
            rest = table ^ move.take
            if not rest and not self.last_play and self._is_scopa(move.card, move.take, table):
                gain += SCOPA
        else:
            gain = 0.0
            rest = table | bit
        if self.last_play:
            # the leftovers go to the last capturer
            owner = view.side if move.take else view.last_capturer
            if owner >= 0:
                leftover = w.capture_value(rest)
                gain += leftover if owner == view.side else -leftover
            return gain
        scopa_ok = self.next_play < total
        last_for_next = self.next_play == total
        risk = self.expected_take(rest, self.hand_next, scopa_ok, last_for_next)
        value = gain - self.risk_weight * risk
        players = self.rules.players
        if players >= 4:
            value += PARTNER_SHARE * self.expected_take(
                rest, self.hand_after, self.next_play + 1 < total, False
            )
        elif players == 3:
            value -= SECOND_OPPONENT_SHARE * self.expected_take(
                rest, self.hand_after, self.next_play + 1 < total, False
            )
        return value

    def _is_scopa(self, card: int, take: int, table: int) -> bool:
        return self.rules.ace_takes_all_is_scopa or not self.capture.is_whole_table_ace(
            card, take, table
        )

    def expected_take(self, table: int, hand: int, scopa_ok: bool, takes_rest: bool) -> float:
        """What a seat holding ``hand`` unseen cards may expect to take from ``table``.

        The best take of each value, weighted by the chance that the seat holds
        that value and none better.
        """
        if not table or hand <= 0:
            return 0.0
        w = self.weights
        options = self.capture.options
        unseen = self.unseen
        sweep = sweepers(self.rules, table) if scopa_ok else 0
        found: list[tuple[float, int]] = []
        for v in range(1, 11):
            k = (unseen & VALUE_MASKS[v]).bit_count()
            if not k:
                continue
            best = 0.0
            for take in options(v - 1, table):
                g = w.capture_value(table if takes_rest else take)
                if take == table and sweep & VALUE_MASKS[v]:
                    g += SCOPA
                if g > best:
                    best = g
            if best > 0.0:
                found.append((best + self.unseen_value[v], k))
        if not found:
            return 0.0
        found.sort(reverse=True)
        expected = 0.0
        none_better = 1.0
        n = self.unseen_count
        for gain, k in found:
            p = prob_holds_any(n, k, hand)
            expected += gain * p * none_better
            none_better *= 1.0 - p
        return expected

    def ranked(self, moves: list[Move]) -> list[Move]:
        """Moves best first (ties keep their order)."""
        scored = sorted(enumerate(moves), key=lambda im: (-self.score(im[1]), im[0]))
        return [m for _, m in scored]
