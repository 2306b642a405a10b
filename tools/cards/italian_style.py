"""What tells the two Italian decks apart: their colours and the parts each draws its own way.

Everything else (the layouts of the pips, the aces, the court figures, the number
frames and the card back) is drawn by the ``italian*`` modules for both styles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tools.cards.palette import Palette
from tools.cards.svg import el, fmt


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
        return el(
            "path",
            d=f"M{fmt(-hw0 * inset)},{fmt(self.y0 - hw0 * 2)}"
            f"L{fmt(-hw1 * inset)},{fmt(self.y1 + hw1 * 2)}",
            stroke=colour,
            stroke_width=width,
            stroke_linecap="round",
            fill="none",
            opacity=opacity,
        )


@dataclass(frozen=True)
class ItalianStyle:
    """One Italian deck: its palette, per-style colours and per-style drawing."""

    pid: str  # id prefix of the sprite's defs
    pal: Palette
    garment: dict[str, str]  # suit -> palette colour name of the court figures' clothes
    border: bool  # a thin red frame inside the card's edge
    number_ink: str  # the rank number and its frame
    ace_ground: str  # the disc behind the ace of coins
    grip: str  # the swords' grip
    cup_knob: str  # the knob on the cup's stem
    hose: str  # the Fante's and the rider's hose
    fante_cap: str
    saddle: str  # the horse's saddle cloth
    rider_hat: str
    coin_face: Callable[[Palette], list[str]]  # the coin inside its gold disc
    cup_bands: Callable[[Palette], list[str]]  # the bands round the cup's bowl
    baton: Callable[[Baton, Palette], list[str]]
    back_pattern: Callable[[str, Palette], list[str]]  # (id prefix, palette) -> the back's field
