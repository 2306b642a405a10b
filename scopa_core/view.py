"""What one seat may know: its own hand and everything played in the open.

A :class:`SeatView` is built from public facts only (the rules, the dealer, the
scores, the first layout, the moves so far) plus the seat's own cards.  It holds
no reference to a :class:`~scopa_core.hand.HandState`, so nothing reachable
from it reveals another hand or the order of the deck: this is the only thing
a computer player is ever given.  It is also exactly a bot-protocol request.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .capture import CaptureRule
from .cards import CARD_NAMES, DECK_SIZE, FULL_DECK, Card, CardError, bits, names
from .moves import DECLARE, KEEP, Move, MoveError
from .rules import Rules, RulesError

if TYPE_CHECKING:
    from .hand import HandState


class ViewError(ValueError):
    """A view (a bot request) that is malformed or cannot happen."""


class SeatView:
    """One seat's knowledge of the hand in play.  Immutable by convention."""

    __slots__ = (
        "dealer",
        "hand",
        "hand_counts",
        "history",
        "initial_table",
        "last_capturer",
        "piles",
        "played_by",
        "rules",
        "scope",
        "scores",
        "seat",
        "seen",
        "table",
        "to_move",
    )

    rules: Rules
    seat: int
    dealer: int
    scores: tuple[int, ...]
    initial_table: int
    history: tuple[Move, ...]
    hand: int
    # derived from the public facts:
    table: int
    piles: tuple[int, ...]
    scope: tuple[int, ...]
    last_capturer: int
    to_move: int
    played_by: tuple[int, ...]
    hand_counts: tuple[int, ...]
    seen: int

    def __init__(
        self,
        rules: Rules,
        seat: int,
        dealer: int,
        scores: Sequence[int],
        initial_table: int,
        history: Sequence[Move],
        hand: int,
    ) -> None:
        """Build and check a view; raises ViewError if it cannot happen."""
        players = rules.players
        for name, value in (("seat", seat), ("dealer", dealer)):
            if not 0 <= value < players:
                raise ViewError(f"{name} {value} is not a seat of a {players}-player table")
        if len(scores) != rules.num_sides:
            raise ViewError(f"scores needs {rules.num_sides} entries, one per side")
        if initial_table.bit_count() != rules.table_cards:
            raise ViewError(f"the first layout must have {rules.table_cards} cards")
        if initial_table & hand:
            raise ViewError(f"{_first(initial_table & hand)} is both in hand and on the table")
        self.rules, self.seat, self.dealer = rules, seat, dealer
        self.scores = tuple(scores)
        self.initial_table, self.hand = initial_table, hand
        self.history = tuple(history)
        self._replay_public()

    def _replay_public(self) -> None:
        rules = self.rules
        capture = CaptureRule(rules)
        sides = rules.num_sides
        table, piles, scope = self.initial_table, [0] * sides, [0] * sides
        played = [0] * rules.players
        seen = self.initial_table | self.hand
        last = -1
        total = DECK_SIZE - rules.table_cards
        for k, move in enumerate(self.history):
            seat = (self.dealer + 1 + k) % rules.players
            side = rules.side_of(seat)
            if move.kind == DECLARE:
                raise ViewError(f"move {k} is a declaration: the hand is over")
            bit = 1 << move.card
            if seen & bit:
                raise ViewError(f"move {k}: {CARD_NAMES[move.card]} has already been seen")
            seen |= bit
            played[seat] |= bit
            if move.kind == KEEP:
                if not (rules.ace_takes_all and rules.ace_may_keep) or move.card % 10:
                    raise ViewError(f"move {k}: {CARD_NAMES[move.card]} cannot be kept")
                piles[side] |= bit
                continue
            options = capture.options(move.card, table)
            if move.take not in options and (options or move.take):
                raise ViewError(f"move {k}: {capture.why_not(move.card, move.take, table)}")
            if move.take:
                piles[side] |= move.take | bit
                last = side
                sweep = move.take == table and k + 1 != total
                if sweep and not (
                    not rules.ace_takes_all_is_scopa
                    and capture.is_whole_table_ace(move.card, move.take, table)
                ):
                    scope[side] += 1
                table ^= move.take
            else:
                table |= bit
        if len(self.history) >= total:
            raise ViewError("the hand is over: every card has been played")
        self.table, self.piles, self.scope = table, tuple(piles), tuple(scope)
        self.last_capturer, self.seen, self.played_by = last, seen, tuple(played)
        self.to_move = (self.dealer + 1 + len(self.history)) % rules.players
        self.hand_counts = tuple(self._count(s) for s in range(rules.players))
        if self.hand.bit_count() != self.hand_counts[self.seat]:
            raise ViewError(
                f"seat {self.seat} should hold {self.hand_counts[self.seat]} cards now, "
                f"not {self.hand.bit_count()}"
            )

    def _count(self, seat: int) -> int:
        rules = self.rules
        in_round = len(self.history) % (rules.players * rules.hand_size)
        offset = (seat - self.dealer - 1) % rules.players
        return (
            rules.hand_size
            - in_round // rules.players
            - (1 if offset < in_round % rules.players else 0)
        )

    # -- facts for players ------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in other hands or still in the deck."""
        return FULL_DECK & ~self.seen

    @property
    def cards_left_in_deck(self) -> int:
        in_hands = sum(self.hand_counts)
        return self.unseen.bit_count() + self.hand.bit_count() - in_hands

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves (empty when it is not its turn)."""
        if not self.my_turn:
            return []
        return self.sample_world(random.Random(0)).legal_moves()

    def seat_of_move(self, index: int) -> int:
        return (self.dealer + 1 + index) % self.rules.players

    def sample_world(self, rng: random.Random, hands: Sequence[int] | None = None) -> HandState:
        """A full hand consistent with this view: the unseen cards dealt at random.

        ``hands`` may give the other seats' cards (a player's own guess); the
        rest of the unseen cards become the deck, in random order.
        """
        from .hand import HandState

        unseen = list(bits(self.unseen))
        rng.shuffle(unseen)
        world_hands = [0] * self.rules.players
        used = 0
        for seat in range(self.rules.players):
            if seat == self.seat:
                world_hands[seat] = self.hand
            elif hands is not None:
                world_hands[seat] = hands[seat]
                used |= hands[seat]
        if hands is None:
            pos = 0
            for seat, count in enumerate(self.hand_counts):
                if seat != self.seat:
                    for i in unseen[pos : pos + count]:
                        world_hands[seat] |= 1 << i
                    pos += count
            rest = unseen[pos:]
        else:
            rest = [i for i in unseen if not used >> i & 1]
        return HandState.from_parts(
            self.rules,
            self.dealer,
            hands=world_hands,
            table=self.table,
            initial_table=self.initial_table,
            piles=self.piles,
            scope=self.scope,
            last_capturer=self.last_capturer,
            rest_of_deck=rest,
            history=self.history,
        )

    # -- construction and the bot protocol --------------------------------
    @classmethod
    def of_hand(cls, hand: HandState, seat: int, scores: Sequence[int]) -> SeatView:
        """The view of ``seat`` on a real hand: only public facts and its own cards."""
        return cls(
            hand.rules,
            seat,
            hand.dealer,
            scores,
            hand.initial_table,
            [m for m in hand.history if m.kind != DECLARE],
            hand.hands[seat],
        )

    def to_request(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "seat": self.seat,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "initial_table": names(self.initial_table),
            "history": [m.to_json(self.seat_of_move(k)) for k, m in enumerate(self.history)],
            "hand": names(self.hand),
        }

    @classmethod
    def from_request(cls, data: object) -> SeatView:
        """Read a bot-protocol request; raises ViewError with a plain sentence."""
        if not isinstance(data, dict):
            raise ViewError("a request must be a JSON object")
        for key in ("rules", "seat", "dealer", "scores", "initial_table", "history", "hand"):
            if key not in data:
                raise ViewError(f"the request has no {key!r}")
        try:
            rules = Rules.from_json(data["rules"])
        except RulesError as exc:
            raise ViewError(str(exc)) from None
        seat, dealer, scores = data["seat"], data["dealer"], data["scores"]
        for name, value in (("seat", seat), ("dealer", dealer)):
            if not _is_int(value):
                raise ViewError(f"{name} must be a whole number")
        if not isinstance(scores, list) or not all(_is_int(s) for s in scores):
            raise ViewError("scores must be a list of whole numbers")
        initial = _card_set(data["initial_table"], "initial_table")
        hand = _card_set(data["hand"], "hand")
        history = data["history"]
        if not isinstance(history, list):
            raise ViewError("history must be a list of moves")
        moves = []
        for k, item in enumerate(history):
            try:
                move = Move.from_json(item)
            except MoveError as exc:
                raise ViewError(f"history move {k}: {exc}") from None
            expected = (dealer + 1 + k) % rules.players if 0 <= dealer < rules.players else None
            if isinstance(item, dict) and "player" in item and item["player"] != expected:
                raise ViewError(
                    f"history move {k} was made by seat {expected}, not {item['player']!r}"
                )
            moves.append(move)
        return cls(rules, seat, dealer, scores, initial, moves, hand)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_set(value: object, what: str) -> int:
    if not isinstance(value, list):
        raise ViewError(f"{what} must be a list of cards")
    mask = 0
    for item in value:
        try:
            bit = 1 << Card.parse(item).index
        except CardError as exc:
            raise ViewError(f"{what}: {exc}") from None
        if mask & bit:
            raise ViewError(f"{what}: {item} appears twice")
        mask |= bit
    return mask


def _first(mask: int) -> str:
    return CARD_NAMES[(mask & -mask).bit_length() - 1]
