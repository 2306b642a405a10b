"""What happened in the hand so far, move by move: the table view's details.

The engine's hand knows its cards as sets; the page draws more than that: the
table in the order its cards arrived, each seat's last move, the cards each
scopa was made with, and where the leftovers go at the end of the hand.
:class:`HandStory` replays the hand's record to tell it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CARD_NAMES
from ..hand import NOBODY, HandState
from ..moves import DECLARE, KEEP, Move
from ..rules import Rules


class HandStory:
    """What happened in the hand so far, move by move, for the table view."""

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[int], moves: Sequence[Move]):
        state = HandState(rules, deck, dealer)
        # the table in the order its cards arrived: the layout as dealt, then each card put down
        start = rules.players * rules.hand_size
        order = [i for i in deck[start : start + rules.table_cards] if state.table >> i & 1]
        self.moves: list[dict[str, Any]] = []
        self.scope_cards: list[list[str]] = [[] for _ in range(rules.num_sides)]
        for move in moves:
            seat = state.to_move
            side = rules.side_of(seat)
            scope_before = state.scope[side]
            hands_before = sum(h.bit_count() for h in state.hands)
            taken_in_order = [i for i in order if move.take >> i & 1]
            state.push(move)
            info: dict[str, Any] = {"seat": seat, "side": side}
            if move.kind == DECLARE:
                info["kind"] = "declare"
            else:
                info["kind"] = "keep" if move.kind == KEEP else "play"
                info["card"] = CARD_NAMES[move.card]
                info["take"] = [CARD_NAMES[i] for i in taken_in_order]
                info["scopa"] = state.scope[side] > scope_before
                if info["scopa"]:
                    self.scope_cards[side].append(info["card"])
                if move.kind != KEEP:
                    if move.take:
                        order = [i for i in order if not move.take >> i & 1]
                    else:
                        order.append(move.card)
                info["dealt"] = sum(h.bit_count() for h in state.hands) > hands_before
            self.moves.append(info)
        self.state = state
        self.table_order = order
        # leftovers: at the end of a hand (not declared) the table goes to the last capturer
        self.leftover: dict[str, Any] | None = None
        if state.is_over and state.declared == NOBODY and state.table:
            self.leftover = {
                "side": state.last_capturer if state.last_capturer != NOBODY else None,
                "cards": [CARD_NAMES[i] for i in order],
            }

    def last_of_each(self, players: int) -> list[dict[str, Any] | None]:
        last: list[dict[str, Any] | None] = [None] * players
        for info in self.moves:
            last[info["seat"]] = info
        return last
