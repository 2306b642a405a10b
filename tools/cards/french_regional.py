"""The Italian French-suited decks (Piemontesi, Lombarde, Genovesi, Toscane) from a style.

They share the French pips (``french.PIPS``) and their places on the number
cards, and differ from the international French deck and from one another in
what a player sees first: no corner indices (the number cards are read by
their pips, the courts by their figures), double-ended court figures cut level
or slanting (``french_busts``), their colours, the ornament round an ace, a
pattern's own details on certain courts, and the back. A style gives those;
a pattern with full-length courts (the Tuscan) draws its own (``court``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from tools.cards.card import CX, CY, RANKS, SUITS, back_face, card_bg_def, rot180
from tools.cards.french import LAYOUT, PIPS, suit_colour
from tools.cards.french_busts import PARIS, BustDress, Cut, jack_half, king_half, queen_half
from tools.cards.palette import Palette
from tools.cards.shape import TWO_BY_THREE, CardShape
from tools.cards.svg import el, group, rect, tf, use

LEVEL = Cut()  # the halves meet on a level line
BUSTS = {"K": king_half, "Q": queen_half, "J": jack_half}


def by_suit(**ranks: str) -> dict[str, dict[str, str]]:
    """A court figures' colour table, rank -> suit -> palette colour, from each rank's
    colours in the order of ``SUITS``: ``by_suit(K="red blue green blue", ...)``."""
    return {rank: dict(zip(SUITS, names.split(), strict=True)) for rank, names in ranks.items()}


@dataclass(frozen=True)
class FrenchRegionalStyle(ABC):
    """One Italian French-suited pattern."""

    pid: str  # id prefix of the sprite's defs
    pal: Palette
    garment: dict[str, dict[str, str]]  # rank -> suit -> the dress's palette colour
    trim: dict[str, dict[str, str]]  # rank -> suit -> the dress's second colour
    cut: Cut = LEVEL
    dress: BustDress = PARIS
    pip_scale: float = 0.48
    shape: ClassVar[CardShape] = TWO_BY_THREE  # the card's proportions as printed

    @abstractmethod
    def back_pattern(self) -> list[str]:
        """The pattern on the back's coloured field, round the oval."""

    def colour(self, suit: str) -> str:
        return suit_colour(suit, self.pal)

    def extra_defs(self) -> list[str]:
        return []

    def ace_ornament(self, suit: str) -> list[str]:
        """What surrounds the ace's big pip (drawn behind it)."""
        return []

    def court_extras(self, rank: str, suit: str) -> list[str]:
        """A pattern's own detail on a court half, in the top half's coordinates."""
        return []

    def court(self, rank: str, suit: str) -> list[str] | None:
        """The whole court card, for a pattern that does not use the shared halves."""
        return None

    def face_frame(self) -> list[str]:
        """The thin frame the courts stand in."""
        return [rect(12, 12, 176, 276, rx=5, fill="none", stroke=self.pal.ink, stroke_width=1.4)]


def regional_defs(st: FrenchRegionalStyle, height: int) -> list[str]:
    """The blank face, the pips, the court halves and the back, for ``<defs>``."""
    p, pal = st.pid, st.pal
    out = [card_bg_def(p, pal, border=False, height=height)]
    for suit in SUITS:
        out.append(el("path", id=f"{p}{suit}", d=PIPS[suit], fill=st.colour(suit)))
    for rank, bust in BUSTS.items():
        trims = {st.trim[rank][s] for s in SUITS}
        for t in sorted(trims):
            out.append(group(bust(st.cut, pal, pal.colour(t), st.dress), id=f"{p}{rank}-{t}"))
    out.extend(st.extra_defs())
    out.append(back_def(st))
    return out


def regional_cards(st: FrenchRegionalStyle) -> dict[str, str]:
    """Each card's symbol body by code (``7D``, ...), then ``back``."""
    cards: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank == "A":
                marks = [*st.ace_ornament(suit), use(f"{st.pid}{suit}", tf(CX, CY, 1.0))]
            elif rank in "JQK":
                marks = st.court(rank, suit) or court_marks(rank, suit, st)
            else:
                marks = [
                    use(f"{st.pid}{suit}", tf(x, y, st.pip_scale, 180.0 if y > CY else 0.0))
                    for x, y in LAYOUT[rank]
                ]
            cards[rank + suit] = "".join([use(f"{st.pid}bg"), *marks])
    cards["back"] = use(f"{st.pid}backart")
    return cards


def court_marks(rank: str, suit: str, st: FrenchRegionalStyle) -> list[str]:
    """The half figure dressed for ``suit`` with the suit's sign by its head, twice."""
    pal = st.pal
    garment = pal.colour(st.garment[rank][suit])
    half = [
        use(f"{st.pid}{rank}-{st.trim[rank][suit]}", color=garment),
        use(f"{st.pid}{suit}", tf(164, 38, 0.24)),
        *st.court_extras(rank, suit),
    ]
    return [*st.face_frame(), *half, rot180(half), st.cut.divider(pal)]


def back_def(st: FrenchRegionalStyle) -> str:
    """The style's pattern round a white oval with the four suits."""
    pal, p = st.pal, st.pid
    emblem = [
        use(f"{p}H", tf(CX, CY - 27, 0.3)),
        use(f"{p}S", tf(CX - 21, CY, 0.3)),
        use(f"{p}D", tf(CX + 21, CY, 0.3)),
        use(f"{p}C", tf(CX, CY + 27, 0.3)),
    ]
    face = back_face(pal, st.back_pattern(), pal.back_line, (46, 60, pal.back), 1.2)
    return group([*face, *emblem], id=f"{p}backart")
