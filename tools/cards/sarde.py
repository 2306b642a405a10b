"""The Sarde (Sardinian) deck: Spanish suits, putti on the aces, helmeted Fanti, small indices.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte sarde; the Portale delle Osterie's), drawn here in the project's own
way:

* The closest of the Italian packs to the Spanish one it came from (likely
  through Barcelona): Spanish suits, straight swords and knobbly cudgels; the
  only Spanish-suited Italian pack whose 3 of batons stands its three apart
  instead of crossing them.
* Two small indices at the corners, counted the Spanish way: 1 to 7 on the
  number cards, and 10, 11 and 12 on the Fante (the "sutta"), the Cavallo (the
  "caddu") and the Re, as in a pack that once had 8s and 9s.
* Winged putti hold the suit's sign on the aces of swords and of batons; the
  ace of coins is only a sun inside the coin.
* The Fanti wear plumed helmets; the figures of the swords are in armour.
* A picture among the pips of the 4 of coins: here the four Moors' heads of
  Sardinia's arms (the pattern's own vignette is not described; this one is
  the project's choice).

The teal back with its star-dots is the project's own.
"""

from __future__ import annotations

from tools.cards.card import CX, CY, back_border, back_grid
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import goblet
from tools.cards.ornaments import putto
from tools.cards.palette import NEAPOLITAN, regional
from tools.cards.shape import CardShape
from tools.cards.svg import (
    circle,
    el,
    ellipse,
    fmt,
    group,
    line,
    outline,
    path,
    polar,
    tf,
    use,
    wheel,
)

SARDE = regional(
    NEAPOLITAN,
    "#fffdf5 #1f1712 #f3c22e #bf8515 #c92a2a #1f5aa8 #2a8748"
    " #b7c6d8 #9a6a34 #5c3a16 #8d5a32 #1b5f6b #e8dcb2",
)

# Where a helmet and armour go on each full-length figure (its head's centre).
HEADS = {"J": (100.0, 92.0), "Q": (110.0, 90.0), "K": (100.0, 92.0)}


class SardeStyle(ItalianStyle):
    shape = CardShape(56, 88)  # a Sardinian description of the pack: 56 x 88 mm
    index = "corner"
    court_numbers = ("10", "11", "12")
    index_size = 24.0
    spanish_pips = True
    uncrossed = frozenset({"3C"})

    def coin_face(self) -> list[str]:
        """A plain Spanish gold coin: rings struck round a small red boss."""
        pal = self.pal
        return [
            el("circle", r=40, fill="none", stroke=pal.gold_dark, stroke_width=4),
            el("circle", r=31, fill="none", stroke=pal.ink, stroke_width=1.2),
            el("circle", r=24, fill="none", stroke=pal.gold_dark, stroke_width=3),
            el("circle", r=10, fill=pal.red, stroke=pal.ink, stroke_width=1.4),
            el("circle", r=4, fill=pal.gold),
        ]

    def cup(self) -> list[str]:
        """A low wide cup: a shallow red-banded bowl on a short stem and a broad foot."""
        pal = self.pal
        return [
            *goblet(
                pal,
                "M-28,46C-26,36 -12,32 0,32C12,32 26,36 28,46Z",
                "M-6,-2L6,-2L7,32L-7,32Z",
                ellipse(0, 14, 11, 6, fill=pal.blue, stroke=pal.ink, stroke_width=2.4),
                "M-34,-30C-34,-8 -18,0 0,0C18,0 34,-8 34,-30Z",
            ),
            path(
                "M-33,-22Q0,-12 33,-22L31,-14Q0,-4 -31,-14Z", fill=pal.red, **outline(pal.ink, 1.3)
            ),
            ellipse(0, -30, 34, 8, fill=pal.gold_dark, stroke=pal.ink, stroke_width=2.4),
            ellipse(0, -30.5, 27, 4.5, fill=pal.red),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A brown knobbly cudgel with dark lopped twigs and a pale gleam."""
        pal = self.pal
        stubs = []
        for i in range(b.knots + 1):
            y, hw = b.at((i + 0.7) / (b.knots + 1.6))
            side = 1 if i % 2 == 0 else -1
            stubs.append(
                path(
                    f"M{fmt(side * hw * 0.6)},{fmt(y)}l{fmt(side * (hw + 3))},{fmt(-hw * 0.8)}"
                    f"l{fmt(side * 1.2)},{fmt(hw * 0.9)}Z",
                    fill=pal.wood_dark,
                    **outline(pal.ink, b.stroke_width * 0.7),
                )
            )
        return stubs, [b.highlight(0.35, pal.gold, max(1.0, b.hw0 * 0.3), 0.6)]

    def back_pattern(self) -> list[str]:
        """Rows of small eight-pointed stars on the teal field."""
        pal = self.pal
        star = "".join(f"M0,0L{fmt(x)},{fmt(y)}" for x, y in (polar(5, a * 45) for a in range(8)))
        marks = [
            path(star, stroke=pal.back_line, stroke_width=1.2, fill="none", transform=tf(x, y))
            for x, y in back_grid(10, 16)
        ]
        return [*marks, back_border(pal, 1)]

    def ace(self, suit: str) -> str | None:
        pal = self.pal
        p = self.pid
        if suit == "D":
            rays = wheel("M-5,-20L0,-34L5,-20Z", 12)
            return group(
                [
                    use(f"{p}coin", tf(0, 0, 1.4)),
                    el("circle", r=36, fill=pal.gold, stroke=pal.ink, stroke_width=1.6),
                    group([rays], fill=pal.red, stroke=pal.ink, stroke_width=1),
                    el("circle", r=19, fill=pal.gold, stroke=pal.ink, stroke_width=1.6),
                    circle(-6, -3, 2, fill=pal.ink),
                    circle(6, -3, 2, fill=pal.ink),
                    line("M-6,7Q0,11 6,7", pal.ink, 1.6),
                ],
                transform=tf(CX, CY),
            )
        if suit == "S":
            return "".join([use(f"{p}swa", tf(CX, 170, 0.82)), putto(CX, 96, 1.2, pal)])
        if suit == "C":
            return "".join([use(f"{p}cluba", tf(CX, 170, 0.8, 6)), putto(CX, 96, 1.2, pal)])
        return None

    def court_extras(self, rank: str, suit: str) -> list[str]:
        extras: list[str] = []
        if suit == "S":
            extras.append(self.cuirass(rank))
        if rank == "J":
            extras.append(self.helmet())
        return extras

    def helmet(self) -> str:
        """A steel morion with a red plume over the Fante's head."""
        pal = self.pal
        S = outline(pal.ink, 2)
        return "".join(
            [
                path(
                    "M74,82C72,62 86,56 100,56C114,56 128,62 126,82C118,76 82,76 74,82Z",
                    fill=pal.steel,
                    **S,
                ),
                path("M92,58Q100,44 108,58Z", fill=pal.steel, **S),
                path("M100,50C104,34 116,26 128,26C122,36 112,44 104,52Z", fill=pal.red, **S),
            ]
        )

    def cuirass(self, rank: str) -> str:
        """A steel breastplate over the figure's chest (the swords' figures wear armour)."""
        pal = self.pal
        x, y = {"J": (100.0, 120.0), "Q": (110.0, 114.0), "K": (100.0, 146.0)}[rank]
        w = {"J": 22.0, "Q": 14.0, "K": 22.0}[rank]
        d = (
            f"M{fmt(x - w)},{fmt(y)}Q{fmt(x)},{fmt(y - 6)} {fmt(x + w)},{fmt(y)}"
            f"L{fmt(x + w - 2)},{fmt(y + 40)}Q{fmt(x)},{fmt(y + 46)}"
            f" {fmt(x - w + 2)},{fmt(y + 40)}Z"
        )
        return path(d, fill=pal.steel, **outline(pal.ink, 1.8)) + line(
            f"M{fmt(x)},{fmt(y - 2)}L{fmt(x)},{fmt(y + 42)}"
            f"M{fmt(x - w + 3)},{fmt(y + 20)}"
            f"Q{fmt(x)},{fmt(y + 26)} {fmt(x + w - 3)},{fmt(y + 20)}",
            pal.ink,
            1.2,
        )

    def vignette(self, rank: str, suit: str) -> list[str]:
        if rank + suit != "4D":
            return []
        pal = self.pal
        heads = []
        for dx, dy in ((-9, -10), (9, -10), (-9, 12), (9, 12)):
            heads.append(circle(dx, dy, 4.2, fill=pal.ink))
            heads.append(
                line(f"M{fmt(dx - 4)},{fmt(dy - 2)}L{fmt(dx + 4)},{fmt(dy - 2)}", pal.white, 1.6)
            )
        return [
            group(
                [
                    path(
                        "M-18,-22L18,-22L18,4C18,16 8,22 0,26C-8,22 -18,16 -18,4Z",
                        fill=pal.white,
                        **outline(pal.ink, 1.4),
                    ),
                    path(
                        "M-2.5,-22L2.5,-22L2.5,26L-2.5,26ZM-18,-1.5L18,-1.5L18,3.5L-18,3.5Z",
                        fill=pal.red,
                    ),
                    *heads,
                ],
                transform=tf(CX, CY, 1.1),
            )
        ]


SARDE_STYLE = SardeStyle(
    pid="sa-",
    pal=SARDE,
    accents=accents("sarde", SARDE),
    garment={"D": "red", "H": "blue", "S": "green", "C": "red"},
)
