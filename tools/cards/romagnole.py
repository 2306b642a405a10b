"""The Romagnole deck: Spanish suits, flat-hatted figures, kings with axes, a ring for an ace.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte romagnole; card sellers' pages on the Romagnole pack; the World of
Playing Cards on the Spanish-suited Italian patterns), drawn here in the
project's own way:

* Spanish suits, from the Piacentine pack a little older than it: straight
  swords and batons standing apart, the batons turned staffs much like the
  Piacentine ones; full-length, single-ended figures.
* The ace of coins is only an ornamental ring: the tax stamp took the coin's
  place, and the ring stayed.
* The Fanti of coins and of cups wear the pattern's striped breeches; Fanti and
  Cavalli wear flat hats (the Fante of swords a broad plumed one); the Kings
  of cups and of coins hold an axe.
* A putto holds up the ace of swords, a ribbon across it.
* No corner indices (the descriptions found do not say; these cards carry
  none).

The colours and the olive back with its ring of dots are the project's own.
"""

from __future__ import annotations

from tools.cards.card import BACK_FIELD, CX, CY, back_border
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss, goblet
from tools.cards.ornaments import banner, putto
from tools.cards.palette import PIACENTINE, regional
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
    rect,
    tf,
    use,
    wheel,
)

ROMAGNOLE = regional(
    PIACENTINE,
    "#fdf9ee #2a1e16 #edb93a #a86f1a #c23b2c #30569a #46804a"
    " #bcc8d4 #b8743a #6a3b16 #8e5b34 #556b2f #efe3b8",
)


class RomagnoleStyle(ItalianStyle):
    shape = CardShape(52, 94)  # no printed size found: taken as its neighbour's, the Piacentine
    index = "none"
    spanish_pips = True

    def coin_face(self) -> list[str]:
        """A gold coin with a red band of small lozenges round a blue boss."""
        pal = self.pal
        lozenges = wheel("M0,-34L4,-28L0,-22L-4,-28Z", 12)
        return [
            el("circle", r=40, fill="none", stroke=pal.gold_dark, stroke_width=4),
            el("circle", r=28, fill=pal.red, stroke=pal.ink, stroke_width=1.2),
            group([lozenges], fill=pal.gold),
            el("circle", r=19, fill=pal.gold, stroke=pal.ink, stroke_width=1.2),
            *coin_boss(pal.blue, 1.4, pal),
        ]

    def cup(self) -> list[str]:
        """A goblet with a deep bowl, a blue band under its lip, a flat foot."""
        pal = self.pal
        return [
            *goblet(
                pal,
                "M-26,48L-20,40L20,40L26,48Z",
                "M-5,4L5,4L6,40L-6,40Z",
                ellipse(0, 20, 10, 6, fill=pal.red, stroke=pal.ink, stroke_width=2.4),
                "M-28,-40C-30,-10 -16,6 0,6C16,6 30,-10 28,-40Z",
            ),
            path("M-28.5,-34L28.5,-34L28,-24L-28,-24Z", fill=pal.blue, **outline(pal.ink, 1.4)),
            ellipse(0, -40, 28, 6, fill=pal.gold_dark, stroke=pal.ink, stroke_width=2.4),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A turned staff: red and gold rings along it."""
        pal = self.pal
        rings = []
        for i in range(b.knots + 1):
            y, hw = b.at((i + 0.5) / (b.knots + 1))
            rings.append(
                rect(
                    -hw - 0.6,
                    y - 2.4,
                    2 * hw + 1.2,
                    4.8,
                    rx=1.4,
                    fill=pal.red if i % 2 == 0 else pal.gold,
                    stroke=pal.ink,
                    stroke_width=b.stroke_width * 0.6,
                )
            )
        return [], [*rings, b.highlight(0.35, pal.white, max(1.0, b.hw0 * 0.3), 0.4)]

    def back_pattern(self) -> list[str]:
        """Rings of dots round the oval, as far as the field reaches, inside a ruled border."""
        pal = self.pal
        x0, y0, x1, y1 = BACK_FIELD
        dots = "".join(
            circle(CX + x, CY + y, 2.2)
            for r in (76, 90, 104, 118, 132)
            for a in range(0, 360, 10)
            for x, y in (polar(r, a),)
            if x0 + 8 < CX + x < x1 - 8 and y0 + 8 < CY + y < y1 - 8
        )
        return [group([dots], fill=pal.back_line), back_border(pal, 1.4)]

    def ace(self, suit: str) -> str | None:
        pal = self.pal
        if suit == "D":
            beads = "".join(circle(*polar(54, a * 20), 3.4) for a in range(18))
            return "".join(
                [
                    circle(CX, CY, 62, fill=pal.gold, stroke=pal.ink, stroke_width=3),
                    circle(CX, CY, 46, fill=pal.paper, stroke=pal.ink, stroke_width=2),
                    group(
                        [beads], fill=pal.red, stroke=pal.ink, stroke_width=1, transform=tf(CX, CY)
                    ),
                ]
            )
        if suit == "S":
            return "".join(
                [
                    use(f"{self.pid}swa", tf(CX, 168, 0.82)),
                    putto(CX, 94, 1.15, pal),
                    banner("", CX, 170, 96, pal, pal.red),
                ]
            )
        return None

    def court_extras(self, rank: str, suit: str) -> list[str]:
        code = rank + suit
        marks: list[str] = []
        if code in ("JD", "JH"):
            marks.append(self.breeches())
        if rank == "J":
            marks.append(self.hat(100, 74, broad=suit == "S"))
        if rank == "Q":
            marks.append(self.hat(110, 72, broad=False))
        if code in ("KH", "KD"):
            marks.append(self.axe())
        return marks

    def hat(self, x: float, y: float, broad: bool) -> str:
        """A flat hat with a wide brim (the Fante of swords' broader, with a plume)."""
        pal = self.pal
        S = outline(pal.ink, 1.8)
        w = 34.0 if broad else 26.0
        parts = [
            ellipse(x, y + 4, w, 5, fill=pal.ink, **S),
            path(
                f"M{fmt(x - 14)},{fmt(y + 3)}L{fmt(x - 12)},{fmt(y - 8)}"
                f"L{fmt(x + 12)},{fmt(y - 8)}L{fmt(x + 14)},{fmt(y + 3)}Z",
                fill=pal.red if broad else pal.blue,
                **S,
            ),
        ]
        if broad:
            parts.append(
                path(
                    f"M{fmt(x + 8)},{fmt(y - 6)}c10,-16 20,-18 30,-18c-6,8 -14,14 -26,20Z",
                    fill=pal.white,
                    **S,
                )
            )
        return "".join(parts)

    def breeches(self) -> str:
        """Striped breeches over the Fante's upper legs."""
        pal = self.pal
        S = outline(pal.ink, 1.8)
        stripes = "".join(f"M{fmt(x)},206L{fmt(x)},232" for x in range(89, 114, 5))
        return "".join(
            [
                path("M84,204L116,204L116,232L102,232L100,222L98,232L84,232Z", fill=pal.white, **S),
                line(stripes, pal.red, 2.2),
            ]
        )

    def axe(self) -> str:
        """An axe head on the King's staff, in place of the sceptre's top."""
        pal = self.pal
        return path(
            "M146,58L146,86M146,62C160,58 168,66 166,78C160,74 154,76 146,80Z",
            fill=pal.steel,
            **outline(pal.ink, 1.8),
        )


ROMAGNOLE_STYLE = RomagnoleStyle(
    pid="ro-",
    pal=ROMAGNOLE,
    accents=accents("romagnole", ROMAGNOLE),
    garment={"D": "green", "H": "red", "S": "blue", "C": "gold"},
)
