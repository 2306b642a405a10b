"""The Neapolitan deck: bright colours, flowered coins, knotty cudgels, a dotted back."""

from __future__ import annotations

from tools.cards.card import CX, CY
from tools.cards.italian_style import Baton, BowlBand, BowlLine, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss
from tools.cards.palette import NEAPOLITAN
from tools.cards.shape import CardShape
from tools.cards.svg import el, ellipse, fmt, group, path, tf, use


class NeapolitanStyle(ItalianStyle):
    shape = CardShape(51, 82)  # Dal Negro's Napoletane n. 82, as sold: 51 x 82 mm
    cup_band = BowlBand(top=-22, bottom=-12, halves=(29.5, 27), colour="red", edge=1.5)
    cup_line = BowlLine(y=-3, half=18, colour="gold_dark", width=2.5)  # gilt, low on the bowl

    def coin_face(self) -> list[str]:
        """A red ring round an eight-petalled flower."""
        pal = self.pal
        petals = "".join(
            ellipse(0, -19, 7.5, 13, transform=f"rotate({a})") for a in range(0, 360, 45)
        )
        return [
            el("circle", r=38.5, fill="none", stroke=pal.red, stroke_width=5),
            el("circle", r=35.5, fill="none", stroke=pal.ink, stroke_width=1.2),
            group([petals], fill=pal.red, stroke=pal.ink, stroke_width=1.3),
            *coin_boss(pal.green, 1.5, pal),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A knotty wooden cudgel: cut-off branch stubs behind, a gleam and grain over it."""
        pal = self.pal
        stubs: list[str] = []
        for i in range(b.knots):
            y, hw = b.at((i + 1) / (b.knots + 1))
            side = -1 if i % 2 == 0 else 1
            rx, ry = hw * 0.45 + 1.6, hw * 0.38 + 1.4
            stubs.append(
                ellipse(
                    side * (hw + 2.0),
                    y,
                    rx,
                    ry,
                    fill=pal.wood_dark,
                    stroke=pal.ink,
                    stroke_width=b.stroke_width * 0.8,
                )
            )
        over = [b.highlight(0.3, pal.gold, max(1.2, b.hw0 * 0.35), 0.8)]
        for i in range(b.knots):
            y, hw = b.at((i + 0.5) / (b.knots + 1) + 0.08)
            grain = (
                f"M{fmt(-hw * 0.6)},{fmt(y)}q{fmt(hw * 0.6)},{fmt(-hw * 0.35)} {fmt(hw * 1.2)},0"
            )
            over.append(
                path(grain, stroke=pal.wood_dark, stroke_width=b.stroke_width * 0.6, fill="none")
            )
        return stubs, over

    def back_pattern(self) -> list[str]:
        """Staggered rows of the little four-pointed motif, leaving room for the emblem."""
        parts: list[str] = []
        for row in range(12):
            for col in range(8):
                x = 22 + col * 22 + (11 if row % 2 else 0)
                y = 24 + row * 23
                if x > 182 or (abs(x - CX) < 52 and abs(y - CY) < 66):
                    continue
                parts.append(use(f"{self.pid}mot", tf(x, y)))
        return parts


NEAPOLITAN_STYLE = NeapolitanStyle(
    pid="na-",
    pal=NEAPOLITAN,
    accents=accents("neapolitan", NEAPOLITAN),
    garment={"D": "red", "H": "blue", "S": "green", "C": "gold"},
)
