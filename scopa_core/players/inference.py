"""Inference from play: what the other seats' plays of this deal say about their hands.

Two kinds.  :func:`forbidden_cards` is sure: a seat that left a scopa (or the
settebello it could take) on the table held no card that would have taken it.
:func:`posteriors` weighs the rest, as follows.
Every play of this deal was chosen from the hand the seat held then, which is
its hand now plus the cards it has played since.  A world in which that hand
held a much better play than the one made is unlikely: good players, human or
not, seldom pass up a big capture.  :class:`HandPosterior` turns this into
odds.  Each past play is taken to be chosen with probability

    exp(softness * score(play)) / sum over the seat's legal plays of the same

where ``score`` is the normal level's one-ply judgement of a play
(:class:`.heuristic.Heuristic`, seen from that seat at that moment).  The
odds of a guess at the seat's current hand are the product of those
probabilities over its plays of this deal; :meth:`HandPosterior.draw` picks a
hand with those odds, and :func:`sample_world` deals the rest at random.

Only this deal's plays say anything: a seat's hand now is what it was dealt at
the start of this deal.  The seat's judgement is approximated in one way: at
each past moment it is scored as if the cards it has not yet played were
unseen to it (its real view also knew them), so that one table of scores
serves every guess.  A seat whose guesses are too many to list (the big
hands of scopone) is drawn without odds, only avoiding the cards it surely
does not hold.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Final

from ..capture import CaptureRule
from ..cards import FULL_DECK, SETTEBELLO, VALUE_MASKS, bits
from ..hand import HandState, capture_rule
from ..moves import KEEP, PLAY, Move
from ..view import SeatView
from .evaluate import sweepers
from .heuristic import Heuristic

#: a seat's guesses are listed (with their odds) only up to this many
MAX_GUESSES: Final = 6000
#: how often a drawn hand may clash with another seat's before a plain draw
_DRAW_TRIES: Final = 20


class HandPosterior:
    """The odds of each possible current hand of one seat, from its plays this deal."""

    __slots__ = ("cumulative", "guesses")

    def __init__(self, guesses: list[int], weights: list[float]) -> None:
        self.guesses = guesses
        total = 0.0
        self.cumulative = []
        for w in weights:
            total += w
            self.cumulative.append(total)

    def draw(self, rng: random.Random, avoid: int) -> int | None:
        """A hand with its odds, sharing no card with ``avoid`` (None if none found)."""
        for _ in range(_DRAW_TRIES):
            (hand,) = rng.choices(self.guesses, cum_weights=self.cumulative)
            if not hand & avoid:
                return hand
        return None


def posteriors(view: SeatView, forbidden: list[int], softness: float) -> dict[int, HandPosterior]:
    """The hand odds of every other seat that has played this deal and still holds cards."""
    out: dict[int, HandPosterior] = {}
    if softness <= 0:
        return out
    plays: dict[int, list[int]] = {}
    for k in range(_deal_start(view, len(view.history)), len(view.history)):
        seat = view.seat_of_move(k)
        if seat != view.seat:
            plays.setdefault(seat, []).append(k)
    for seat, indices in plays.items():
        count = view.hand_counts[seat]
        pool = view.unseen & ~forbidden[seat]
        if pool.bit_count() < count:
            pool = view.unseen
        if count == 0 or math.comb(pool.bit_count(), count) > MAX_GUESSES:
            continue
        factors = [_play_odds(view, seat, k, softness) for k in indices]
        played_since = [_played_from(view, seat, k) for k in indices]
        guesses: list[int] = []
        weights: list[float] = []
        for combo in combinations(bits(pool), count):
            hand = 0
            for card in combo:
                hand |= 1 << card
            w = 1.0
            for odds, since in zip(factors, played_since, strict=True):
                w /= sum(odds[c] for c in bits(hand | since))
            guesses.append(hand)
            weights.append(w)
        out[seat] = HandPosterior(guesses, weights)
    return out


def forbidden_cards(view: SeatView) -> list[int]:
    """Cards each other seat surely does not hold, from how it played this deal.

    A seat that left a scopa on the table (or the settebello, when it could
    take it) did not hold a card that would have taken it: everyone takes
    those.  Only this deal's plays say anything about the cards still unseen
    (a seat's hand now is what it held since the deal).
    """
    rules = view.rules
    forbidden = [0] * rules.players
    start = _deal_start(view, len(view.history))
    if start == len(view.history):
        return forbidden
    capture = capture_rule(rules)
    table = view.initial_table
    for k, move in enumerate(view.history):
        if k >= start:
            seat = view.seat_of_move(k)
            if seat != view.seat:
                swept = move.take == table and move.take != 0
                if not swept:
                    forbidden[seat] |= sweepers(rules, table)
                if table & SETTEBELLO and not move.take & SETTEBELLO:
                    forbidden[seat] |= settebello_takers(capture, table)
        if move.kind == KEEP:
            continue
        table = table ^ move.take if move.take else table | 1 << move.card
    return [f & view.unseen for f in forbidden]


def settebello_takers(capture: CaptureRule, table: int) -> int:
    """The cards (all suits of each value) that could take the settebello from ``table``."""
    out = 0
    for value in range(1, 11):
        if any(take & SETTEBELLO for take in capture.options(value - 1, table)):
            out |= VALUE_MASKS[value]
    return out


def _deal_start(view: SeatView, k: int) -> int:
    """The index of the first move of the deal that move ``k`` belongs to."""
    per_round = view.rules.players * view.rules.hand_size
    return k - k % per_round


def _played_from(view: SeatView, seat: int, k: int) -> int:
    """The cards ``seat`` played at move ``k`` and after it (all of this deal)."""
    out = 0
    for j in range(k, len(view.history)):
        if view.seat_of_move(j) == seat:
            out |= 1 << view.history[j].card
    return out


def _play_odds(view: SeatView, seat: int, k: int, softness: float) -> dict[int, float]:
    """For each card the seat might have held at move ``k``: the summed odds of its
    plays, relative to the play it made (which counts 1)."""
    past = SeatView(
        view.rules,
        seat,
        view.dealer,
        view.scores,
        view.initial_table,
        view.history[:k],
        _stand_in_hand(view, seat, k),
    )
    known = _played_from(view, seat, k)
    heuristic = Heuristic(past, unseen=FULL_DECK & ~(past.seen & ~past.hand) & ~known)
    made = view.history[k]
    base = heuristic.score(made)
    capture = capture_rule(view.rules)
    keep = view.rules.ace_takes_all and view.rules.ace_may_keep
    odds: dict[int, float] = {}
    for card in bits(view.unseen | known):
        options = capture.options(card, past.table) or (0,)
        moves = [Move(card, take, PLAY) for take in options]
        if keep and card % 10 == 0:
            moves.append(Move(card, 0, KEEP))
        odds[card] = sum(math.exp(min(50.0, softness * (heuristic.score(m) - base))) for m in moves)
    return odds


def _stand_in_hand(view: SeatView, seat: int, k: int) -> int:
    """A hand of the right size for the seat's past view (only its count matters:
    the heuristic is given the unseen cards explicitly)."""
    need = view.rules.hand_size - sum(
        1 for j in range(_deal_start(view, k), k) if view.seat_of_move(j) == seat
    )
    hand = _played_from(view, seat, k)
    for card in bits(view.unseen):
        if hand.bit_count() >= need:
            break
        hand |= 1 << card
    return hand


def sample_world(
    view: SeatView,
    rng: random.Random,
    forbidden: list[int],
    odds: dict[int, HandPosterior] | None = None,
) -> HandState:
    """A world consistent with the view: the seats with hand odds drawn by them,
    the others at random without their forbidden cards, the rest the deck."""
    if not odds and not any(forbidden):
        return view.sample_world(rng)
    players = view.rules.players
    hands = [0] * players
    used = 0
    for seat, posterior in (odds or {}).items():
        drawn = posterior.draw(rng, used)
        if drawn is not None:
            hands[seat] = drawn
            used |= drawn
    order = sorted(
        (s for s in range(players) if s != view.seat and not hands[s]),
        key=lambda s: -forbidden[s].bit_count(),
    )
    for seat in order:
        count = view.hand_counts[seat]
        pool = view.unseen & ~used & ~forbidden[seat]
        if pool.bit_count() < count:
            pool = view.unseen & ~used
        for card in rng.sample(list(bits(pool)), count):
            hands[seat] |= 1 << card
        used |= hands[seat]
    hands[view.seat] = view.hand
    return view.sample_world(rng, hands=hands)
