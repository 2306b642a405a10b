"""The Siciliane deck: Spanish suits, a woman as the Fante, figures on coloured grounds.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte siciliane; the Portale delle Osterie's; Thomas L. McDonald's look at a
Modiano Siciliane pack; the World of Playing Cards on Sicilian cards), drawn
here in the project's own way:

* Spanish suits: straight swords and knobbly cudgels (the "mazze") standing
  apart, two or three of them crossing; cups as lidded chalices.
* No numbers on the cards: the pips and the figures say what each card is.
* The Fante is a young woman, the "Donna", in a long gown; the court figures
  stand full length on a coloured ground that tells their rank at a glance:
  red under the Donne, yellow under the Cavalli, green under the Re.
* Little pictures among the pips of several number cards: a king's head on the
  two coins of the 2 of coins, the Trinacria (Sicily's three legs) on the
  middle coin of the 3, a bearded head on the middle coin of the 5 (Garibaldi,
  after the Thousand of 1860), a ploughman's field on the 5 of swords, flowers
  between others' pips.
* The ace of coins is a crowned eagle bearing the coin on its breast.

The pack's small size and bright yellow, blue, red and green are kept in the
colours; the back's red lattice round the oval of the suits is the project's.
"""

from __future__ import annotations

from tools.cards.card import BACK_FIELD, CX, CY, back_grid
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import coin_rim, goblet
from tools.cards.ornaments import eagle, trinacria
from tools.cards.palette import NEAPOLITAN, regional
from tools.cards.shape import CardShape
from tools.cards.svg import (
    circle,
    el,
    ellipse,
    fmt,
    group,
    lattice_d,
    line,
    outline,
    path,
    rect,
    tf,
    use,
)

SICILIANE = regional(
    NEAPOLITAN,
    "#fffdf4 #21160e #f7c928 #c98a12 #d42f26 #2458b4 #2e9a46"
    " #a7c7ec #5f9a3a #2f5a1c #f6f1e6 #b3242a #f2c640",
)

# The colour of the ground under each court figure: red, yellow, green.
GROUNDS = {"J": "red", "Q": "gold", "K": "green"}


class SicilianeStyle(ItalianStyle):
    shape = CardShape(50, 85)  # Modiano's Siciliane, as sold: 8.5 x 5 cm (small and squat)
    index = "none"
    spanish_pips = True
    fante_figure = "donna"

    def coin_face(self) -> list[str]:
        """A red rim round a rosette of blue and green petals, a red heart."""
        pal = self.pal
        petals = [
            ellipse(
                0,
                -22,
                7,
                13,
                fill=pal.blue if k % 2 == 0 else pal.green,
                stroke=pal.ink,
                stroke_width=1.2,
                transform=f"rotate({k * 45})",
            )
            for k in range(8)
        ]
        return [
            *coin_rim(pal.red, pal),
            *petals,
            el("circle", r=10, fill=pal.red, stroke=pal.ink, stroke_width=1.4),
            el("circle", r=4, fill=pal.gold),
        ]

    def cup(self) -> list[str]:
        """A chalice with a domed lid: gold bowl with a blue band, red knop, round foot."""
        pal = self.pal
        S = outline(pal.ink, 2.4)
        return [
            *goblet(
                pal,
                "M-24,48C-22,38 -10,34 0,34C10,34 22,38 24,48Z",
                "M-5,2L5,2L6,34L-6,34Z",
                ellipse(0, 18, 9, 6, fill=pal.red, stroke=pal.ink, stroke_width=2.4),
                "M-30,-24C-30,-4 -16,4 0,4C16,4 30,-4 30,-24Z",
            ),
            path("M-29,-16Q0,-8 29,-16L27,-8Q0,0 -27,-8Z", fill=pal.blue, **outline(pal.ink, 1.4)),
            path("M-32,-24L32,-24L28,-30L-28,-30Z", fill=pal.gold_dark, **S),
            path("M-26,-30C-24,-44 -10,-48 0,-48C10,-48 24,-44 26,-30Z", fill=pal.red, **S),
            circle(0, -50, 4.5, fill=pal.gold, stroke=pal.ink, stroke_width=1.8),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A green knobbly club: yellow knots behind, lopped twigs, a gleam."""
        pal = self.pal
        knots: list[str] = []
        for i in range(b.knots + 1):
            y, hw = b.at((i + 0.6) / (b.knots + 1.4))
            side = -1 if i % 2 == 0 else 1
            knots.append(
                ellipse(
                    side * (hw + 1.6),
                    y,
                    hw * 0.5 + 1.4,
                    hw * 0.4 + 1.4,
                    fill=pal.gold,
                    stroke=pal.ink,
                    stroke_width=b.stroke_width * 0.8,
                )
            )
        over = [b.highlight(0.35, pal.gold, max(1.2, b.hw0 * 0.35), 0.7)]
        return knots, over

    def back_pattern(self) -> list[str]:
        """A yellow lattice on the red field, with small blue lozenges in its diamonds."""
        pal = self.pal
        dots = "".join(
            path(
                f"M{fmt(x)},{fmt(y - 4)}L{fmt(x + 3)},{fmt(y)}L{fmt(x)},{fmt(y + 4)}"
                f"L{fmt(x - 3)},{fmt(y)}Z"
            )
            for x, y in back_grid(10, 20)
        )
        return [
            path(
                lattice_d(BACK_FIELD, 20.0, 10.0),
                stroke=pal.back_line,
                stroke_width=1.6,
                fill="none",
            ),
            group([dots], fill=pal.blue),
        ]

    def ace(self, suit: str) -> str | None:
        if suit != "D":
            return None
        pal = self.pal
        return "".join(
            [
                eagle(CX, 150, 1.45, pal),
                use(f"{self.pid}coin", tf(CX, 150, 0.56)),
            ]
        )

    def ground(self, rank: str) -> list[str]:
        colour = self.pal.colour(GROUNDS[rank])
        return [
            rect(34, 256, 132, 22, rx=5, fill=colour, stroke=self.pal.ink, stroke_width=1.6),
        ]

    def vignette(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        code = rank + suit
        if code == "2D":
            return [self.king_head(CX, y, 1.3) for y in (92, 208)]
        if code == "3D":
            return [
                circle(CX, CY, 26, fill=pal.gold, stroke=pal.ink, stroke_width=2),
                trinacria(CX, CY, 30, pal),
            ]
        if code == "5D":
            return [self.bearded_head(CX, CY, 0.78)]
        if code == "5S":
            return [self.ploughman()]
        if code in ("4H", "6D", "4C", "6C", "4S"):
            return [self.flower(CX, CY), self.flower(CX, 40), self.flower(CX, 260)]
        return []

    # -- the vignettes ---------------------------------------------------------------
    def flower(self, x: float, y: float) -> str:
        pal = self.pal
        petals = "".join(
            circle(x + dx, y + dy, 3.4) for dx, dy in ((0, -5), (5, 0), (0, 5), (-5, 0))
        )
        return group(
            [
                group([petals], fill=pal.red, stroke=pal.ink, stroke_width=0.8),
                circle(x, y, 2.4, fill=pal.gold),
                line(
                    f"M{fmt(x - 12)},{fmt(y + 2)}Q{fmt(x - 7)},{fmt(y - 4)} {fmt(x - 5)},{fmt(y)}"
                    f"M{fmt(x + 12)},{fmt(y + 2)}Q{fmt(x + 7)},{fmt(y - 4)} {fmt(x + 5)},{fmt(y)}",
                    pal.green,
                    2,
                ),
            ]
        )

    def king_head(self, x: float, y: float, s: float) -> str:
        """A king's head with a great moustache over a coin, as on the 2 of coins."""
        pal = self.pal
        S = outline(pal.ink, 1.2)
        return group(
            [
                circle(0, 0, 18, fill=pal.gold, stroke=pal.ink, stroke_width=1.4),
                circle(0, 1, 11, fill=pal.skin, **S),
                path("M-11,-1C-12,-12 12,-12 11,-1C6,-6 -6,-6 -11,-1Z", fill=pal.hair),
                path(
                    "M0,5C-4,3 -10,4 -15,8C-9,8 -4,8 0,7C4,8 9,8 15,8C10,4 4,3 0,5Z",
                    fill=pal.hair,
                    **S,
                ),
                path("M-3,9L3,9L0,15Z", fill=pal.hair),
                circle(-4, 0, 1.2, fill=pal.ink),
                circle(4, 0, 1.2, fill=pal.ink),
                path("M-9,-9L-9,-16L-4,-12L0,-18L4,-12L9,-16L9,-9Z", fill=pal.red, **S),
            ],
            transform=tf(x, y, s),
        )

    def bearded_head(self, x: float, y: float, s: float) -> str:
        """A bearded face on a red ground, on the middle coin of the 5."""
        pal = self.pal
        return group(
            [
                circle(0, 0, 26, fill=pal.red, stroke=pal.ink, stroke_width=1.6),
                circle(0, -2, 13, fill=pal.skin, **outline(pal.ink, 1.4)),
                path(
                    "M-13,0C-14,16 -6,22 0,22C6,22 14,16 13,0C8,8 -8,8 -13,0Z",
                    fill=pal.gold_dark,
                    **outline(pal.ink, 1.2),
                ),
                path(
                    "M-13,-4C-14,-16 -4,-18 0,-16C4,-18 14,-16 13,-4C8,-10 -8,-10 -13,-4Z",
                    fill=pal.gold_dark,
                ),
                circle(-4.5, -3, 1.4, fill=pal.ink),
                circle(4.5, -3, 1.4, fill=pal.ink),
            ],
            transform=tf(x, y, s),
        )

    def ploughman(self) -> str:
        """A small field between the swords: furrows, and a man behind an ox and plough."""
        pal = self.pal
        return group(
            [
                line("M-30,16L30,16M-26,20L26,20", pal.green, 2),
                path(
                    "M-6,4C-6,-6 14,-6 16,2L20,2L18,8L-4,10Z", fill=pal.hair, **outline(pal.ink, 1)
                ),
                line("M-4,10L-4,15M2,10L2,15M12,9L12,15", pal.ink, 1.4),
                line("M-6,6L-18,12", pal.ink, 1.4),
                circle(-22, -4, 3, fill=pal.skin),
                path("M-25,0L-19,0L-18,12L-26,12Z", fill=pal.blue),
            ],
            transform=tf(CX, 264, 1.0),
        )


SICILIANE_STYLE = SicilianeStyle(
    pid="si-",
    pal=SICILIANE,
    accents=accents("siciliane", SICILIANE),
    garment={"D": "blue", "H": "red", "S": "green", "C": "blue"},
)
