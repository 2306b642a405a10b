"""Cards as value objects at the edges and as small ints / bitmasks inside.

A card's *index* is ``suit * 10 + rank`` with ranks ``A 2 3 4 5 6 7 J Q K``
numbered 0..9 and suits ``D H S C`` numbered 0..3.  A set of cards is an int
whose bit ``index`` is set: the hot loops of the engine and the computer
players only ever see these ints; :class:`Card` is for parsing and printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar, Final

from .problems import Problem

RANKS: Final = "A234567JQK"
SUITS: Final = "DHSC"
DECK_SIZE: Final = 40
FULL_DECK: Final = (1 << DECK_SIZE) - 1

#: Capture value of each rank index (A=1 ... K=10).
CAPTURE_VALUES: Final = tuple(range(1, 11))
#: Primiera value of each rank index.
PRIMIERA_VALUES: Final = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)

COIN_SUIT: Final = 0
COINS: Final = (1 << 10) - 1  # every D card
SETTEBELLO: Final = 1 << 6  # 7D
RE_BELLO: Final = 1 << 9  # KD
ACES: Final = sum(1 << (suit * 10) for suit in range(4))
KINGS: Final = sum(1 << (suit * 10 + 9) for suit in range(4))

#: VALUE_MASKS[v] is the set of the four cards whose capture value is v (1..10).
VALUE_MASKS: Final = (0, *(sum(1 << (s * 10 + v - 1) for s in range(4)) for v in range(1, 11)))
#: Capture value of every card index.
CARD_VALUE: Final = tuple(idx % 10 + 1 for idx in range(DECK_SIZE))
SUIT_MASKS: Final = tuple(COINS << (10 * s) for s in range(4))


class CardError(ValueError):
    """A string that is not a card of the 40-card deck."""


def _best_primiera(ranks_mask: int) -> int:
    return max((PRIMIERA_VALUES[r] for r in range(10) if ranks_mask >> r & 1), default=0)


#: Best primiera value among the ranks present in a 10-bit rank mask.
BEST_PRIMIERA: Final = tuple(_best_primiera(m) for m in range(1024))
#: The rank giving that best value (the highest such rank on a tie), -1 if none.
BEST_PRIMIERA_RANK: Final = tuple(
    max((r for r in range(10) if m >> r & 1), key=lambda r: (PRIMIERA_VALUES[r], r), default=-1)
    for m in range(1024)
)


class Card:
    """One card of the Italian 40-card deck, e.g. ``Card.parse("7D")``."""

    __slots__ = ("index",)
    index: int

    _cache: ClassVar[dict[int, Card]] = {}

    def __new__(cls, index: int) -> Card:
        card = cls._cache.get(index)
        if card is None:
            if not (isinstance(index, int) and 0 <= index < DECK_SIZE):
                raise CardError(Problem("card.bad_index", index=repr(index)))
            card = super().__new__(cls)
            object.__setattr__(card, "index", index)
            cls._cache[index] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse a two-character code such as ``"7D"`` or ``"KC"``."""
        if not isinstance(text, str) or len(text) != 2:
            raise CardError(Problem("card.bad_text", text=_show(text)))
        rank, suit = RANKS.find(text[0]), SUITS.find(text[1])
        if rank < 0 or suit < 0:
            raise CardError(Problem("card.bad_letters", text=_show(text)))
        return cls(suit * 10 + rank)

    @property
    def rank(self) -> str:
        return RANKS[self.index % 10]

    @property
    def suit(self) -> str:
        return SUITS[self.index // 10]

    @property
    def value(self) -> int:
        """Capture value: A=1 ... 7=7, J=8, Q=9, K=10."""
        return self.index % 10 + 1

    @property
    def primiera(self) -> int:
        return PRIMIERA_VALUES[self.index % 10]

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return RANKS[self.index % 10] + SUITS[self.index // 10]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


ALL_CARDS: Final = tuple(Card(i) for i in range(DECK_SIZE))
CARD_NAMES: Final = tuple(str(c) for c in ALL_CARDS)


def _show(value: object) -> str:
    return repr(value) if isinstance(value, str) else f"{value!r} ({type(value).__name__})"


def bits(mask: int) -> Iterator[int]:
    """The card indices in a card set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for card in cards:
        m |= 1 << card.index
    return m


def cards_of(mask: int) -> list[Card]:
    return [ALL_CARDS[i] for i in bits(mask)]


def names(mask: int) -> list[str]:
    """Card codes of a set, in index order (coins first, ace to king)."""
    return [CARD_NAMES[i] for i in bits(mask)]


def describe(mask: int) -> str:
    """``"3S+4D"``: a set of cards as a person reads it, lowest value first."""
    return "+".join(reading_order(mask))


def reading_order(mask: int) -> list[str]:
    """The codes of a set in the order :func:`describe` shows them."""
    return [CARD_NAMES[i] for i in sorted(bits(mask), key=lambda i: (i % 10, i // 10))]


def value_sum(mask: int) -> int:
    return sum(CARD_VALUE[i] for i in bits(mask))
