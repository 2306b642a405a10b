"""The Piacentine deck: muted colours, starred coins, turned staffs, a lattice back."""

from __future__ import annotations

from tools.cards.card import BACK_FIELD
from tools.cards.italian_style import Baton, BowlBand, BowlLine, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss
from tools.cards.palette import PIACENTINE
from tools.cards.shape import CardShape
from tools.cards.svg import circle, el, group, lattice_d, outline, path, path_d, polar, rect


class PiacentineStyle(ItalianStyle):
    shape = CardShape(52, 94)  # a shop's sheet for a Piacentine pack: 94 x 52 mm
    border = True
    cup_band = BowlBand(top=-26, bottom=-18, halves=(30, 29), colour="blue", edge=1.4)  # high
    cup_line = BowlLine(y=-5, half=24, colour="red", width=3)

    def coin_face(self) -> list[str]:
        """A broad red ring studded with gold, round a sixteen-pointed star."""
        pal = self.pal
        dots = "".join(circle(*polar(41.5, a), 2.2) for a in range(0, 360, 30))
        star = [polar(31 if i % 2 == 0 else 13, i * 22.5 - 90) for i in range(16)]
        return [
            el("circle", r=41.5, fill="none", stroke=pal.red, stroke_width=8),
            el("circle", r=36, fill=pal.gold, stroke=pal.ink, stroke_width=1.4),
            group([dots], fill=pal.gold),
            path(path_d(star), fill=pal.red, **outline(pal.ink, 1.4)),
            *coin_boss(pal.blue, 1.4, pal),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A straight turned staff: green and gold rings and a soft gleam over it."""
        pal = self.pal
        rings: list[str] = []
        for i in range(b.knots + 1):
            y, hw = b.at((i + 0.5) / (b.knots + 1))
            ring = pal.green if i % 2 == 0 else pal.gold
            rings.append(
                rect(
                    -hw - 0.6,
                    y - 2.6,
                    2 * hw + 1.2,
                    5.2,
                    rx=1.5,
                    fill=ring,
                    stroke=pal.ink,
                    stroke_width=b.stroke_width * 0.6,
                )
            )
        return [], [*rings, b.highlight(0.35, pal.white, max(1.0, b.hw0 * 0.3), 0.45)]

    def back_pattern(self) -> list[str]:
        """Two interleaved diagonal lattices, cream over gold."""
        pal = self.pal
        cream = lattice_d(BACK_FIELD, 20.0)
        gold = lattice_d(BACK_FIELD, 20.0, 10.0)
        return [
            path(cream, stroke=pal.back_line, stroke_width=1.4, fill="none", opacity=0.85),
            path(gold, stroke=pal.gold, stroke_width=0.8, fill="none", opacity=0.6),
        ]


PIACENTINE_STYLE = PiacentineStyle(
    pid="pc-",
    pal=PIACENTINE,
    accents=accents("piacentine", PIACENTINE),
    garment={"D": "blue", "H": "red", "S": "green", "C": "gold"},
)
