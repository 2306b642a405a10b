"""The Toscane (Fiorentine) deck: French suits with full-length figures in a thin frame.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte fiorentine, or Toscane grandi; Italian Wikipedia's article on the
carte toscane; Tuscan local press on the Toscane and Fiorentine packs), drawn
here in the project's own way:

* French suits, but the court figures stand full length, single-ended, each in
  a thin ruled frame, as no other French-suited Italian pack has them.
* The King, the "regio", always wears a crown; the Jack, the "gobbo", never.
* The Jack of clubs carries a large book, the Jack of spades (the "gobbo
  nero") a shield of arms; the Queen of clubs holds up a laurel wreath; the
  Kings of hearts and of diamonds hold a scroll.
* No corner indices; the suit's sign stands in the frame's corner by each
  figure. The cards are about 58 x 88 mm (the Fiorentine 67 x 100), the game's
  shape.

The figures share the full-length drawings of the Latin-suited decks
(``italian_figures``), dressed in the Tuscan pack's red, blue and yellow; the
brick-red back is the project's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tools.cards.card import BACK_FIELD, rot180
from tools.cards.french_regional import FrenchRegionalStyle, by_suit
from tools.cards.italian_figures import donna, fante, king
from tools.cards.italian_style import Accents, accents
from tools.cards.palette import FRENCH
from tools.cards.shape import CardShape
from tools.cards.svg import circle, ellipse, fmt, group, line, outline, path, rect, tf, use

TOSCANE = replace(
    FRENCH,
    paper="#fffcf3",
    red="#c5232c",
    blue="#2450a0",
    green="#2d7d47",
    gold="#f0bb2a",
    hair="#6b4020",
    wood_dark="#5a3414",
    back="#9c2f22",
    back_line="#f3d9b0",
)

TOSCANE_ACCENTS = accents("toscane", TOSCANE)


@dataclass(frozen=True)
class ToscaneStyle(FrenchRegionalStyle):
    shape = CardShape(58, 88)  # about 58 x 88 mm (the larger Fiorentine not drawn)
    accents: Accents = TOSCANE_ACCENTS

    def extra_defs(self) -> list[str]:
        p, pal = self.pid, self.pal
        return [
            group(fante(self), id=f"{p}gobbo"),
            group(donna(self), id=f"{p}donna"),
            group(king(self, pal.red), id=f"{p}regio-red"),
            group(king(self, pal.blue), id=f"{p}regio-blue"),
        ]

    def court(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        colour = pal.colour(self.garment[rank][suit])
        mantle = "blue" if self.garment[rank][suit] == "red" else "red"
        fig = {"J": "gobbo", "Q": "donna", "K": f"regio-{mantle}"}[rank]
        sign = use(f"{self.pid}{suit}", tf(34, 40, 0.26))
        return [
            rect(16, 16, 168, 268, fill="none", stroke=pal.ink, stroke_width=1.2),
            *self.behind(rank, suit),
            use(f"{self.pid}{fig}", color=colour),
            *self.held(rank, suit),
            sign,
            rot180([sign]),
        ]

    def behind(self, rank: str, suit: str) -> list[str]:
        """What the figure holds behind its raised arm: a halberd or a flower's stem."""
        pal = self.pal
        if rank == "J" and suit != "S":
            return [
                line("M150,270L150,46", pal.wood_dark, 4, round_cap=True),
                path(
                    "M150,46L142,34L158,38Z M149,58Q138,56 136,46Q148,48 151,52Z",
                    fill=pal.steel,
                    **outline(pal.ink, 1.4),
                ),
            ]
        return []

    def held(self, rank: str, suit: str) -> list[str]:
        """The pattern's things in the figures' hands (the raised one at 150,106)."""
        pal = self.pal
        code = rank + suit
        if code == "JC":
            return [self.book(66, 192)]
        if code == "JS":
            return [self.arms(70, 196)]
        if rank == "Q" and suit == "C":
            return [self.wreath(150, 88)]
        if rank == "Q":
            return [
                line("M150,100L152,70", pal.green, 2.4),
                circle(152, 64, 7, fill=pal.red, stroke=pal.ink, stroke_width=1.4),
                circle(152, 64, 2.6, fill=pal.gold),
            ]
        if code in ("KH", "KD"):
            return [self.scroll(60, 176)]
        if rank == "K":
            return [
                circle(60, 166, 9, fill=pal.gold, stroke=pal.ink, stroke_width=1.6),
                line("M60,157L60,150M56,153L64,153", pal.ink, 1.6),
            ]
        return []

    def book(self, x: float, y: float) -> str:
        pal = self.pal
        return group(
            [
                rect(-18, -24, 36, 46, rx=2, fill=pal.red, **outline(pal.ink, 1.6)),
                rect(-14, -20, 28, 38, fill="none", stroke=pal.gold, stroke_width=1.6),
                line("M18,-22L18,20", pal.white, 2.4),
                circle(0, -1, 5, fill=pal.gold),
            ],
            transform=tf(x, y, 1.0, -8),
        )

    def arms(self, x: float, y: float) -> str:
        pal = self.pal
        return group(
            [
                path(
                    "M-18,-22L18,-22L18,2C18,14 8,22 0,26C-8,22 -18,14 -18,2Z",
                    fill=pal.white,
                    **outline(pal.ink, 1.6),
                ),
                path("M-18,-22L18,-22L18,-10L-18,-10Z", fill=pal.blue),
                ellipse(0, 4, 8, 10, fill=pal.red, **outline(pal.ink, 1.2)),
                path("M-4,-20l4,-6l4,6Z", fill=pal.gold),
            ],
            transform=tf(x, y),
        )

    def wreath(self, x: float, y: float) -> str:
        pal = self.pal
        ring = "".join(
            ellipse(0, -13, 3.4, 6, transform=f"rotate({fmt(a * 30)})") for a in range(12)
        )
        return group(
            [
                circle(0, 0, 13, fill="none", stroke=pal.green, stroke_width=2),
                group([ring], fill=pal.green, stroke=pal.ink, stroke_width=0.8),
            ],
            transform=tf(x, y),
        )

    def scroll(self, x: float, y: float) -> str:
        pal = self.pal
        return group(
            [
                path("M-8,-26L10,-26L10,22L-8,22Z", fill=pal.white, **outline(pal.ink, 1.4)),
                ellipse(1, -26, 10, 4, fill=pal.white, **outline(pal.ink, 1.4)),
                ellipse(1, 22, 10, 4, fill=pal.white, **outline(pal.ink, 1.4)),
                line("M-4,-16L6,-16M-4,-8L6,-8M-4,0L6,0M-4,8L6,8", pal.ink, 1),
            ],
            transform=tf(x, y - 4, 1.0, -12),
        )

    def ace_ornament(self, suit: str) -> list[str]:
        """The ace's pip in the thin ruled frame of the courts."""
        return [rect(16, 16, 168, 268, fill="none", stroke=self.pal.ink, stroke_width=1.2)]

    def back_pattern(self) -> list[str]:
        pal = self.pal
        x0, _, x1, _ = BACK_FIELD
        rows = "".join(
            f"M{fmt(x0)},{fmt(y)}Q{fmt(x0 + 21)},{fmt(y - 8)} {fmt(x0 + 42)},{fmt(y)}"
            f"T{fmt(x0 + 84)},{fmt(y)}T{fmt(x0 + 126)},{fmt(y)}T{fmt(x1)},{fmt(y)}"
            for y in range(26, 284, 12)
        )
        return [path(rows, stroke=pal.back_line, stroke_width=1.2, fill="none")]


TOSCANE_STYLE = ToscaneStyle(
    pid="to-",
    pal=TOSCANE,
    garment=by_suit(K="blue red green red", Q="red blue blue green", J="green blue red blue"),
    trim={r: {s: "gold" for s in "DHSC"} for r in "JQK"},
)
