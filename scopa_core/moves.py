"""Moves: a small immutable value, cheap enough for the hot loops.

A move is ``Move(card, take, kind)``: ``card`` is a card index, ``take`` the
set (bitmask) of table cards captured, ``kind`` one of PLAY, KEEP (an ace put
straight into its player's pile under ``ace_may_keep``) or DECLARE
(chiamarsi fuori; ``card`` is -1).  ``Move.from_json`` / ``to_json`` speak the
spec's move objects and ``str(move)`` reads like ``7C x 3S+4D``.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .cards import CARD_NAMES, Card, CardError, describe, names
from .problems import Problem, problem_of

PLAY: Final = 0
KEEP: Final = 1
DECLARE: Final = 2


class MoveError(ValueError):
    """A move object that is not well formed (before any rule is applied)."""


class IllegalMove(ValueError):
    """A well-formed move that the rules do not allow in this position.

    The message is a sentence a person understands; the state it was tried on
    is left exactly as it was.
    """


class Move(NamedTuple):
    card: int
    take: int = 0
    kind: int = PLAY

    @classmethod
    def declare(cls) -> Move:
        return DECLARE_MOVE

    @classmethod
    def play(cls, card: str | Card, *take: str | Card) -> Move:
        """Convenience for people and tests: ``Move.play("KD", "3S", "7C")``."""
        mask = 0
        for t in take:
            mask |= 1 << _card(t).index
        return cls(_card(card).index, mask, PLAY)

    @classmethod
    def keep(cls, card: str | Card) -> Move:
        return cls(_card(card).index, 0, KEEP)

    @property
    def is_declare(self) -> bool:
        return self.kind == DECLARE

    @property
    def is_keep(self) -> bool:
        return self.kind == KEEP

    @property
    def card_name(self) -> str:
        return CARD_NAMES[self.card] if self.card >= 0 else "-"

    def to_json(self, player: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if player is not None:
            out["player"] = player
        if self.kind == DECLARE:
            out["declare"] = True
            return out
        out["card"] = CARD_NAMES[self.card]
        out["take"] = names(self.take)
        if self.kind == KEEP:
            out["keep"] = True
        return out

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Parse a spec move object; a ``player`` key is left for the caller."""
        if not isinstance(data, dict):
            raise MoveError(Problem("move.not_object"))
        # A flag set to false is the same as a flag left out, for "declare" as for "keep".
        declare = data.get("declare", False)
        if not isinstance(declare, bool):
            raise MoveError(Problem("move.declare_not_bool"))
        if declare:
            if "card" in data or "take" in data or data.get("keep", False) is not False:
                raise MoveError(Problem("move.declare_with_card"))
            return DECLARE_MOVE
        if "card" not in data:
            raise MoveError(Problem("move.no_card"))
        try:
            card = Card.parse(data["card"]).index
        except CardError as exc:
            raise MoveError(problem_of(exc)) from None
        keep = data.get("keep", False)
        if not isinstance(keep, bool):
            raise MoveError(Problem("move.keep_not_bool"))
        if "take" not in data:
            if keep:
                return cls(card, 0, KEEP)
            raise MoveError(Problem("move.no_take", card=CARD_NAMES[card]))
        take = data["take"]
        if not isinstance(take, list):
            raise MoveError(Problem("move.take_not_list"))
        mask = 0
        for item in take:
            try:
                bit = 1 << Card.parse(item).index
            except CardError as exc:
                raise MoveError(problem_of(exc)) from None
            if mask & bit:
                raise MoveError(Problem("move.take_twice", card=item))
            mask |= bit
        if keep and mask:
            raise MoveError(Problem("move.keep_takes"))
        if mask >> card & 1:
            raise MoveError(Problem("move.takes_itself", card=CARD_NAMES[card]))
        return cls(card, mask, KEEP if keep else PLAY)

    def __str__(self) -> str:
        if self.kind == DECLARE:
            return "declare"
        if self.kind == KEEP:
            return f"{CARD_NAMES[self.card]} kept"
        if self.take:
            return f"{CARD_NAMES[self.card]} x {describe(self.take)}"
        return CARD_NAMES[self.card]


DECLARE_MOVE: Final = Move(-1, 0, DECLARE)


def _card(value: str | Card) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)
