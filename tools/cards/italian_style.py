"""What tells the Latin-suited decks apart: a style's colours and the parts it draws its own way.

The parts every style draws alike (the layouts of the pips, the aces, the court
figures, the number frames, the card back's frame) only take colours from the
style's ``Accents`` and a few shapes (the cup's bands); the parts each draws
differently are the abstract methods every style module implements.

A regional pattern differs in more than that, so a style also says how its
cards are laid out (``index``: where the numbers go; ``spanish_pips``:
straight swords and knobbly cudgels set apart, as the Spanish-suited patterns
have them, instead of the northern curved swords and long batons crossing;
``halves``: double-ended court cards) and may take over any part through the
hooks at the end (an ace, a court card, a vignette, the cup), each of which
draws the shared default when it returns None.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, fields
from typing import ClassVar, Literal, NamedTuple, Protocol

from tools.cards.palette import Palette
from tools.cards.shape import TWO_BY_THREE, CardShape
from tools.cards.svg import fmt, path

#: Where a style puts the cards' numbers: in a small frame at two corners
#: (Neapolitan), plain at two corners, small in all four corners as the
#: Spanish packs have them, or nowhere (the pips and figures say it).
Index = Literal["frame", "corner", "spanish", "none"]


@dataclass(frozen=True)
class Accents:
    """The colour each style gives to a part of the art every style shares."""

    number: str  # the rank number and its frame
    ace_ground: str  # the disc behind the ace of coins
    grip: str  # the swords' grip
    cup_knob: str  # the knob on the cup's stem
    hose: str  # the Fante's and the rider's hose
    fante_cap: str
    saddle: str  # the horse's saddle cloth
    rider_hat: str


# The palette colour each style gives to the accents, in Accents' order: number,
# ace_ground, grip, cup_knob, hose, fante_cap, saddle, rider_hat.
ACCENTS: dict[str, str] = {
    "neapolitan": "ink green red red gold red red blue",
    "piacentine": "red blue wood_dark blue red blue gold green",
    "trevigiane": "ink blue red blue gold red red green",
    "siciliane": "ink blue red red gold red blue red",
    "sarde": "ink blue blue blue red green red red",
    "toscane": "ink blue red red gold red red blue",
    "bresciane": "ink green red red red green green red",
    "trentine": "ink blue blue red gold blue red blue",
    "bergamasche": "ink red red blue gold red blue red",
    "triestine": "ink blue red green gold blue red red",
    "romagnole": "ink green red red blue red gold green",
}
STYLES = tuple(ACCENTS)


class Dress(Protocol):
    """What the full-length figures need of a deck: its ids' prefix, colours and accents
    (an Italian style has them, and so does the Tuscan pack, whose suits are French)."""

    @property
    def pid(self) -> str: ...

    @property
    def pal(self) -> Palette: ...

    @property
    def accents(self) -> Accents: ...


def accents(style: str, pal: Palette) -> Accents:
    """The accents of ``style`` (one of ``STYLES``) in the colours of ``pal``."""
    names = ACCENTS[style].split()
    return Accents(**{f.name: pal.colour(n) for f, n in zip(fields(Accents), names, strict=True)})


class BowlBand(NamedTuple):
    """A band round the cup's bowl, sagging with its curve."""

    top: float  # the band's height at the middle of its upper and lower edges
    bottom: float
    halves: tuple[float, float]  # its half-widths at the upper and lower edges
    colour: str  # a palette colour's name
    edge: float  # its outline's width


class BowlLine(NamedTuple):
    """A painted line round the cup's bowl."""

    y: float
    half: float  # half-width
    colour: str  # a palette colour's name
    width: float


@dataclass(frozen=True)
class Baton:
    """A vertical baton centred on the origin, thin end (half-width ``hw0``) down."""

    length: float
    hw0: float
    hw1: float
    knots: int
    stroke_width: float

    @property
    def y0(self) -> float:
        return self.length / 2

    @property
    def y1(self) -> float:
        return -self.length / 2

    def at(self, t: float) -> tuple[float, float]:
        """Height and half-width a fraction ``t`` of the way from the thin end."""
        return self.y0 + (self.y1 - self.y0) * t, self.hw0 + (self.hw1 - self.hw0) * t

    def outline_d(self) -> str:
        """Path data of the tapered body with rounded ends."""
        hw0, hw1, y0, y1 = self.hw0, self.hw1, self.y0, self.y1
        return (
            f"M{fmt(-hw0)},{fmt(y0 - hw0)}L{fmt(-hw1)},{fmt(y1 + hw1)}"
            f"A{fmt(hw1)},{fmt(hw1)} 0 0,1 {fmt(hw1)},{fmt(y1 + hw1)}"
            f"L{fmt(hw0)},{fmt(y0 - hw0)}"
            f"A{fmt(hw0)},{fmt(hw0)} 0 0,1 {fmt(-hw0)},{fmt(y0 - hw0)}Z"
        )

    def highlight(self, inset: float, colour: str, width: float, opacity: float) -> str:
        """A lengthwise gleam ``inset`` of the half-width left of the axis."""
        hw0, hw1 = self.hw0, self.hw1
        return path(
            f"M{fmt(-hw0 * inset)},{fmt(self.y0 - hw0 * 2)}"
            f"L{fmt(-hw1 * inset)},{fmt(self.y1 + hw1 * 2)}",
            stroke=colour,
            stroke_width=width,
            stroke_linecap="round",
            fill="none",
            opacity=opacity,
        )


@dataclass(frozen=True)
class ItalianStyle(ABC):
    """One Italian deck: its palette and accents, and the parts it draws its own way."""

    pid: str  # id prefix of the sprite's defs
    pal: Palette
    accents: Accents
    garment: dict[str, str]  # suit -> palette colour of the court figures' clothes
    border: ClassVar[bool] = False  # a thin red frame inside the card's edge
    cup_band: ClassVar[BowlBand]
    cup_line: ClassVar[BowlLine]
    index: ClassVar[Index] = "frame"
    court_numbers: ClassVar[tuple[str, str, str]] = ("8", "9", "10")  # Fante, Cavallo, Re
    index_size: ClassVar[float] = 32.0  # a plain corner number's height
    spanish_pips: ClassVar[bool] = False
    uncrossed: ClassVar[frozenset[str]] = frozenset()  # low Spanish cards standing apart ("3C")
    halves: ClassVar[bool] = False
    king_staff: ClassVar[Literal["sceptre", "pike"]] = "sceptre"  # what a half king holds
    fante_figure: ClassVar[Literal["fante", "donna"]] = "fante"  # the 8's full figure
    blunt_swords: ClassVar[bool] = False  # blades cut square, without a point
    baton_girth: ClassVar[float] = 1.0  # how thick the number cards' batons are
    shape: ClassVar[CardShape] = TWO_BY_THREE  # the card's proportions as printed

    @abstractmethod
    def coin_face(self) -> list[str]:
        """The coin's face inside its gold disc of radius 47."""

    @abstractmethod
    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """What goes behind the baton's wooden body and what goes over it."""

    @abstractmethod
    def back_pattern(self) -> list[str]:
        """The pattern on the back's coloured field, round the oval."""

    # -- hooks: a style's own drawing of a part, or None for the shared one ---------
    def extra_defs(self) -> list[str]:
        """Shapes of the style's own that its cards refer to (``<defs>``)."""
        return []

    def cup(self) -> list[str] | None:
        """The cup's parts (about 64 wide and 96 tall, centred on the origin)."""
        return None

    def ace(self, suit: str) -> str | None:
        """The ace of ``suit``."""
        return None

    def court(self, rank: str, suit: str) -> list[str] | None:
        """The court card of ``rank`` (J, Q or K) in ``suit``."""
        return None

    def ground(self, rank: str) -> list[str]:
        """What a full-length court figure of ``rank`` stands on (drawn first)."""
        return []

    def court_extras(self, rank: str, suit: str) -> list[str]:
        """What the pattern adds to a shared court figure (a dog, a shield, a second sword)."""
        return []

    def vignette(self, rank: str, suit: str) -> list[str]:
        """Small pictures a number card of the pattern carries among its pips."""
        return []

    def face_frame(self) -> list[str]:
        """Marks of the card's frame every face carries (the Spanish packs' breaks)."""
        return []
