"""One hand (smazzata): the deal, legal moves, and play with push/pop.

:class:`HandState` is the hot path of the whole project.  Its fields are small
ints and lists of ints; ``push``/``pop`` apply and undo a move in place (the
computer players search with them), ``apply`` is the pure version, and
``play`` is ``push`` behind the rules check used for anything that comes from
outside (a person, a record, a bot).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from .capture import CaptureRule
from .cards import ACES, CARD_NAMES, DECK_SIZE, FULL_DECK, KINGS, reading_order
from .moves import DECLARE, DECLARE_MOVE, KEEP, PLAY, IllegalMove, Move
from .problems import Problem
from .rules import Rules

#: Undo entry: (move, table before, last capturer before, scopa made, dealt)
_Undo = tuple[Move, int, int, int, bool]

NOBODY: Final = -1


def layout_problem(rules: Rules, deck: Sequence[int]) -> Problem | None:
    """Why the first layout of this deck would be thrown in, or None."""
    if not rules.table_cards:
        return None
    start = rules.players * rules.hand_size
    layout = 0
    for i in deck[start : start + rules.table_cards]:
        layout |= 1 << i
    if rules.kings_redeal and (layout & KINGS).bit_count() >= 3:
        kings = (layout & KINGS).bit_count()
        return Problem("layout.kings", cards=reading_order(layout), count=kings)
    if rules.aces_redeal and layout & ACES:
        return Problem("layout.ace", cards=reading_order(layout))
    return None


def shuffled_deck(rules: Rules, rng: random.Random) -> list[int]:
    """A shuffled deck whose first layout no redeal rule throws in."""
    deck = list(range(DECK_SIZE))
    while True:
        rng.shuffle(deck)
        if layout_problem(rules, deck) is None:
            return deck


class HandState:
    """A hand in progress. Seats and sides are ints; card sets are bitmasks."""

    __slots__ = (
        "_ace_sweep_no_scopa",
        "_capture",
        "_per_round",
        "_players",
        "_sides",
        "_total_plays",
        "dealer",
        "deck",
        "deck_pos",
        "declared",
        "hands",
        "history",
        "initial_table",
        "last_capturer",
        "piles",
        "rules",
        "scope",
        "table",
        "to_move",
        "undo_log",
    )

    rules: Rules
    dealer: int
    deck: list[int]
    deck_pos: int
    hands: list[int]
    table: int
    initial_table: int
    piles: list[int]
    scope: list[int]
    last_capturer: int
    to_move: int
    declared: int
    history: list[Move]
    undo_log: list[_Undo]

    def __init__(self, rules: Rules, deck: Sequence[int], dealer: int) -> None:
        """Deal a hand from ``deck`` (40 card indices, front first) by the spec."""
        self._setup(rules, dealer)
        self.deck = list(deck)
        self.hands = [0] * rules.players
        self.deck_pos = 0
        self._deal()
        table = 0
        for i in self.deck[self.deck_pos : self.deck_pos + rules.table_cards]:
            table |= 1 << i
        self.deck_pos += rules.table_cards
        self.table = self.initial_table = table

    def _setup(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self._capture = capture_rule(rules)
        self._players = rules.players
        self._ace_sweep_no_scopa = rules.ace_takes_all and not rules.ace_takes_all_is_scopa
        self._sides = tuple(rules.side_of(s) for s in range(rules.players))
        self._per_round = rules.players * rules.hand_size
        self._total_plays = DECK_SIZE - rules.table_cards
        self.piles = [0] * rules.num_sides
        self.scope = [0] * rules.num_sides
        self.last_capturer = NOBODY
        self.to_move = (dealer + 1) % rules.players
        self.declared = NOBODY
        self.history = []
        self.undo_log = []

    @classmethod
    def from_parts(
        cls,
        rules: Rules,
        dealer: int,
        *,
        hands: Sequence[int],
        table: int,
        initial_table: int,
        piles: Sequence[int],
        scope: Sequence[int],
        last_capturer: int,
        rest_of_deck: Sequence[int],
        history: Sequence[Move],
    ) -> HandState:
        """A hand rebuilt mid-way (e.g. one world a computer player imagines).

        ``rest_of_deck`` are the cards still to be dealt, front first.
        """
        state = cls.__new__(cls)
        state._setup(rules, dealer)
        state.hands = list(hands)
        state.table = table
        state.initial_table = initial_table
        state.piles = list(piles)
        state.scope = list(scope)
        state.last_capturer = last_capturer
        state.deck_pos = DECK_SIZE - len(rest_of_deck)
        state.deck = [-1] * state.deck_pos + list(rest_of_deck)
        state.history = list(history)
        state.to_move = (dealer + 1 + len(history)) % rules.players
        return state

    def copy(self) -> HandState:
        """An independent copy (the undo log is not carried over)."""
        other = HandState.__new__(HandState)
        other.rules = self.rules
        other.dealer = self.dealer
        other._capture = self._capture
        other._players = self._players
        other._ace_sweep_no_scopa = self._ace_sweep_no_scopa
        other._sides = self._sides
        other._per_round = self._per_round
        other._total_plays = self._total_plays
        other.deck = self.deck
        other.deck_pos = self.deck_pos
        other.hands = self.hands[:]
        other.table = self.table
        other.initial_table = self.initial_table
        other.piles = self.piles[:]
        other.scope = self.scope[:]
        other.last_capturer = self.last_capturer
        other.to_move = self.to_move
        other.declared = self.declared
        other.history = self.history[:]
        other.undo_log = []
        return other

    # -- facts ------------------------------------------------------------
    @property
    def plays(self) -> int:
        """Cards played so far this hand."""
        return len(self.history) - (self.declared != NOBODY)

    @property
    def is_over(self) -> bool:
        return self.declared != NOBODY or len(self.history) == self._total_plays

    @property
    def cards_left_in_deck(self) -> int:
        return DECK_SIZE - self.deck_pos

    def side_of(self, seat: int) -> int:
        return self._sides[seat]

    def final_piles(self) -> list[int]:
        """The piles once the hand is over: leftovers go to the last capturer."""
        piles = self.piles[:]
        if self.declared == NOBODY and self.is_over and self.last_capturer != NOBODY:
            piles[self.last_capturer] |= self.table
        return piles

    # -- moves ------------------------------------------------------------
    def options(self, card: int) -> tuple[int, ...]:
        """The capture options of ``card`` on the current table."""
        return self._capture.options(card, self.table)

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves: list[Move] = []
        hand = self.hands[self.to_move]
        rules = self.rules
        keep = rules.ace_takes_all and rules.ace_may_keep
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            hand ^= low
            options = self._capture.options(card, self.table)
            if options:
                moves.extend(Move(card, take, PLAY) for take in options)
            else:
                moves.append(Move(card, 0, PLAY))
            if keep and card % 10 == 0:
                moves.append(Move(card, 0, KEEP))
        if rules.chiamarsi_fuori:
            moves.append(DECLARE_MOVE)
        return moves

    def why_illegal(self, move: Move) -> Problem | None:
        """None if ``move`` is legal now, else a sentence saying why not."""
        if self.is_over:
            return Problem("hand.over")
        if move.kind == DECLARE:
            if move != DECLARE_MOVE:
                return Problem("hand.declare_plays")
            if not self.rules.chiamarsi_fuori:
                return Problem("hand.declare_not_allowed")
            return None
        if move.kind not in (PLAY, KEEP) or not 0 <= move.take <= FULL_DECK:
            return Problem("hand.not_a_move", move=repr(move))
        seat = self.to_move
        if not (0 <= move.card < DECK_SIZE) or not self.hands[seat] >> move.card & 1:
            name = CARD_NAMES[move.card] if 0 <= move.card < DECK_SIZE else repr(move.card)
            return Problem("hand.not_in_hand", card=name, seat=seat)
        if move.kind == KEEP:
            if not (self.rules.ace_takes_all and self.rules.ace_may_keep):
                return Problem("hand.keep_not_allowed")
            if move.card % 10:
                return Problem("hand.keep_not_ace", card=CARD_NAMES[move.card])
            if move.take:
                return Problem("hand.keep_takes", cards=reading_order(move.take))
            return None
        options = self._capture.options(move.card, self.table)
        if move.take in options or (not options and not move.take):
            return None
        return self._capture.why_not(move.card, move.take, self.table)

    def play(self, move: Move) -> None:
        """Check and make a move; an illegal one raises IllegalMove and changes nothing."""
        problem = self.why_illegal(move)
        if problem:
            raise IllegalMove(problem)
        self.push(move)

    def apply(self, move: Move) -> HandState:
        """The pure version of :meth:`play`: a new state, this one untouched."""
        problem = self.why_illegal(move)
        if problem:
            raise IllegalMove(problem)
        child = self.copy()
        child.push(move)
        return child

    def push(self, move: Move) -> None:
        """Make a move known to be legal (the fast path: no checks)."""
        seat = self.to_move
        table = self.table
        last = self.last_capturer
        history = self.history
        history.append(move)
        card, take, kind = move
        if kind == DECLARE:
            self.declared = seat
            self.undo_log.append((move, table, last, 0, False))
            return
        bit = 1 << card
        self.hands[seat] ^= bit
        side = self._sides[seat]
        scopa = 0
        if take:
            self.piles[side] |= take | bit
            self.table = table ^ take
            self.last_capturer = side
            if (
                take == table
                and len(history) != self._total_plays
                and not (
                    self._ace_sweep_no_scopa and self._capture.is_whole_table_ace(card, take, table)
                )
            ):
                scopa = 1
                self.scope[side] += 1
        elif kind == KEEP:
            self.piles[side] |= bit
        else:
            self.table = table | bit
        dealt = False
        if len(history) % self._per_round == 0 and self.deck_pos < DECK_SIZE:
            self._deal()
            dealt = True
        self.to_move = (seat + 1) % self._players
        self.undo_log.append((move, table, last, scopa, dealt))

    def pop(self) -> Move:
        """Undo the last ``push``."""
        move, table, last, scopa, dealt = self.undo_log.pop()
        self.history.pop()
        seat = (self.to_move - 1) % self.rules.players
        if move.kind == DECLARE:
            self.declared = NOBODY
            return move
        self.to_move = seat
        if dealt:
            self.deck_pos -= self._per_round
            self.hands = [0] * self.rules.players
        side = self._sides[seat]
        self.hands[seat] |= 1 << move.card
        self.piles[side] &= ~(move.take | 1 << move.card)
        self.table = table
        self.last_capturer = last
        self.scope[side] -= scopa
        return move

    def _deal(self) -> None:
        players = self.rules.players
        first = (self.dealer + 1) % players
        pos = self.deck_pos
        deck = self.deck
        hands = self.hands
        for k in range(self._per_round):
            hands[(first + k) % players] |= 1 << deck[pos + k]
        self.deck_pos = pos + self._per_round

    def seat_of_move(self, index: int) -> int:
        """Who made the ``index``-th move of this hand."""
        return (self.dealer + 1 + index) % self.rules.players

    def random_playout(self, rng: random.Random) -> None:
        """Play random legal moves (never a declaration) to the end of the hand.

        Each move picks a card of the hand uniformly, then one of its options.
        This is the simulation fast path: it runs on local ints and writes the
        final position back, without history or undo entries (so the state it
        leaves cannot be popped back).
        """
        options_of = self._capture.options
        keep = self.rules.ace_takes_all and self.rules.ace_may_keep
        no_ace_scopa = self._ace_sweep_no_scopa
        whole_table_ace = self._capture.is_whole_table_ace
        rand = rng.random
        hands, piles, scope, sides = self.hands, self.piles, self.scope, self._sides
        deck, deck_pos = self.deck, self.deck_pos
        players, per_round, total = self._players, self._per_round, self._total_plays
        first = (self.dealer + 1) % players
        table, last, seat = self.table, self.last_capturer, self.to_move
        played = len(self.history)
        while played < total:
            hand = hands[seat]
            for _ in range(int(rand() * hand.bit_count())):
                hand &= hand - 1
            bit = hand & -hand
            card = bit.bit_length() - 1
            hands[seat] ^= bit
            played += 1
            options = options_of(card, table)
            if keep and card % 10 == 0 and rand() < 0.5:
                piles[sides[seat]] |= bit
            elif options:
                take = options[int(rand() * len(options))] if len(options) > 1 else options[0]
                side = sides[seat]
                piles[side] |= take | bit
                if (
                    take == table
                    and played != total
                    and not (no_ace_scopa and whole_table_ace(card, take, table))
                ):
                    scope[side] += 1
                table ^= take
                last = side
            else:
                table |= bit
            seat = seat + 1 if seat + 1 < players else 0
            if played % per_round == 0 and deck_pos < DECK_SIZE:
                for k in range(per_round):
                    hands[(first + k) % players] |= 1 << deck[deck_pos + k]
                deck_pos += per_round
        self.table, self.last_capturer, self.to_move, self.deck_pos = table, last, seat, deck_pos
        self.history.extend([_PLAYED_OUT] * (played - len(self.history)))
        self.undo_log.clear()


#: Placeholder history entry for moves made by the simulation fast path.
_PLAYED_OUT: Final = Move(-1, 0, PLAY)


_RULE_CACHE: dict[Rules, CaptureRule] = {}


def capture_rule(rules: Rules) -> CaptureRule:
    """One shared, memoising CaptureRule per rules object."""
    found = _RULE_CACHE.get(rules)
    if found is None:
        found = _RULE_CACHE[rules] = CaptureRule(rules)
    return found
