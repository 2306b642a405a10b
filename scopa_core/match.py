"""A match: hands dealt one after another until a side wins.

:class:`Match` owns the running totals, the dealer rotation and the record of
every hand (its deck and moves), and decides the end of the match: a side at
or over the target and strictly ahead of every other side, a cappotto, or a
chiamarsi fuori.  Every move from outside goes through :meth:`Match.play`,
which checks it and raises :class:`IllegalMove` leaving everything unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import CARD_NAMES, DECK_SIZE
from .hand import NOBODY, HandState, layout_problem, shuffled_deck
from .moves import IllegalMove, Move
from .problems import Problem
from .rules import Rules
from .scoring import HandScore, score_hand
from .view import SeatView

RECORD_FORMAT: Final = "scopa-record/1"


@dataclass(slots=True)
class HandRecord:
    """What a record keeps of one hand: the dealer, the deck, the moves."""

    dealer: int
    deck: list[int]
    moves: list[Move] = field(default_factory=list)
    score: HandScore | None = None


class Match:
    """A whole match under one rules object."""

    def __init__(
        self, rules: Rules, *, seed: int | None = None, first_dealer: int | None = None
    ) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.totals = [0] * rules.num_sides
        self.records: list[HandRecord] = []
        self.hand: HandState | None = None
        self.winner: int | None = None
        self._next_dealer = (
            first_dealer if first_dealer is not None else self.rng.randrange(rules.players)
        )

    # -- the flow -----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        """True when the next hand should be dealt (start, or after a hand)."""
        return not self.over and (self.hand is None or self.hand.is_over)

    @property
    def next_dealer(self) -> int:
        return self._next_dealer

    def deal(self, deck: Sequence[int] | None = None) -> HandState:
        """Deal the next hand from ``deck`` (checked) or from a seeded shuffle."""
        if not self.needs_deal:
            raise IllegalMove(Problem("match.over" if self.over else "match.hand_unfinished"))
        rules = self.rules
        if deck is None:
            deck = shuffled_deck(rules, self.rng)
        else:
            problem = deck_problem(rules, deck)
            if problem:
                raise IllegalMove(problem)
        dealer = self._next_dealer
        self.hand = HandState(rules, deck, dealer)
        self.records.append(HandRecord(dealer, list(deck)))
        self._next_dealer = (dealer + 1) % rules.players
        return self.hand

    def legal_moves(self) -> list[Move]:
        return self.hand.legal_moves() if self.hand and not self.over else []

    def play(self, move: Move) -> HandScore | None:
        """Check and make a move. Returns the hand's count when it ends the hand."""
        hand = self.hand
        if hand is None or self.over or hand.is_over:
            raise IllegalMove(Problem("match.over" if self.over else "match.no_hand"))
        hand.play(move)
        self.records[-1].moves.append(move)
        if hand.is_over:
            return self._finish_hand(hand)
        return None

    def _finish_hand(self, hand: HandState) -> HandScore:
        declared = hand.declared if hand.declared != NOBODY else None
        score = score_hand(self.rules, hand.final_piles(), hand.scope, declared)
        self.records[-1].score = score
        for side, points in enumerate(score.points):
            self.totals[side] += points
        self.winner = decide_winner(self.rules, self.totals, score, hand)
        return score

    # -- what a seat may see --------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know about the hand in play, and nothing more."""
        if self.hand is None:
            raise IllegalMove(Problem("match.not_dealt"))
        return SeatView.of_hand(self.hand, seat, self.scores_before_hand())

    def scores_before_hand(self) -> list[int]:
        last = self.records[-1].score if self.records else None
        if last is None:
            return self.totals[:]
        return [t - p for t, p in zip(self.totals, last.points, strict=True)]

    @property
    def hand_scores(self) -> list[HandScore]:
        return [r.score for r in self.records if r.score is not None]

    # -- records ------------------------------------------------------------
    def to_record(self, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """The match as a spec record (JSON-ready)."""
        hands = []
        for rec in self.records:
            first = (rec.dealer + 1) % self.rules.players
            hands.append(
                {
                    "dealer": rec.dealer,
                    "deck": [CARD_NAMES[i] for i in rec.deck],
                    "moves": [
                        m.to_json((first + k) % self.rules.players) for k, m in enumerate(rec.moves)
                    ],
                }
            )
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": self.rules.to_json(),
            "hands": hands,
        }
        if meta is not None:
            out["meta"] = meta
        return out

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.rules = self.rules
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.totals = self.totals[:]
        other.records = [HandRecord(r.dealer, r.deck, r.moves[:], r.score) for r in self.records]
        other.hand = self.hand.copy() if self.hand else None
        other.winner = self.winner
        other._next_dealer = self._next_dealer
        return other

    def apply(self, move: Move) -> Match:
        """The pure version of :meth:`play`."""
        other = self.copy()
        other.play(move)
        return other


def decide_winner(rules: Rules, totals: list[int], score: HandScore, hand: HandState) -> int | None:
    """Who has won the match after this hand, if anyone (see the spec's match rules)."""
    if score.declared is not None:
        side = rules.side_of(score.declared)
        return side if totals[side] >= rules.target else 1 - side
    if rules.cappotto and score.all_coins is not None:
        return score.all_coins
    best = max(totals)
    if best >= rules.target and totals.count(best) == 1:
        return totals.index(best)
    return None


def deck_problem(rules: Rules, deck: Sequence[object]) -> Problem | None:
    """Why a deck (card indices) cannot be dealt, or None."""
    if len(deck) != DECK_SIZE:
        return Problem("deck.size", count=len(deck))
    seen = 0
    for i in deck:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < DECK_SIZE:
            return Problem("deck.not_index", item=repr(i))
        if seen >> i & 1:
            return Problem("deck.twice", card=CARD_NAMES[i])
        seen |= 1 << i
    problem = layout_problem(rules, [int(i) for i in deck])  # type: ignore[call-overload]
    if problem:
        return Problem("deck.thrown_in", reason=problem)
    return None
