"""The Trentine deck: Italian suits, full-length figures, blunt swords, lidded cups.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte trentine and its recognition table; articles on Trentino's cards),
drawn here in the project's own way:

* The oldest of the northern packs still printed (the Bresciane and the
  Bergamasche come from it): Italian suits and full-length court figures.
* Since about 1940 its swords have no points, its batons are thick and its
  cups closed on top, as drawn here.
* The Fante of coins holds two coins, the Fante of cups his cup in one hand,
  with his dog; the Fante of batons holds two batons.
* The King of coins has the ring where the tax stamp went: Trentino was
  Austrian when Italy put the stamp on the ace of coins, and kept it there.
* The ace of coins shows a woman's head (players call it the "Bambine"); the
  ace of cups a Cupid, not blindfolded, with his bow; the aces of swords and
  batons are held by a hand.
* No corner indices.

The blue and yellow colouring and the slate back with its small crosses are
the project's own.
"""

from __future__ import annotations

from tools.cards.card import CX, CY, back_grid
from tools.cards.italian_north import (
    cupid_ace,
    fante_dog,
    hand_ace,
    lowered_hand,
    second_symbol,
    stamp_ring,
)
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss, coin_rim, goblet
from tools.cards.palette import PIACENTINE, regional
from tools.cards.shape import CardShape
from tools.cards.svg import circle, el, ellipse, fmt, group, line, outline, path, tf, use

TRENTINE = regional(
    PIACENTINE,
    "#fcfaf1 #1f1a16 #f0c43a #b3841d #c0392b #2b5ca6 #2f7f57"
    " #b9c9d9 #c28a3e #70471a #eee6d6 #3f5566 #dfe6ea",
)


class TrentineStyle(ItalianStyle):
    shape = CardShape(50, 94)  # no printed size found: taken as the other northern long packs'
    index = "none"
    blunt_swords = True
    baton_girth = 1.45

    def coin_face(self) -> list[str]:
        """A blue rim round a gold field with a ring of red dots and a four-petalled heart."""
        pal = self.pal
        dots = "".join(circle(0, -30, 3, transform=f"rotate({a * 30})") for a in range(12))
        petals = "".join(ellipse(0, -11, 6, 11, transform=f"rotate({a * 90})") for a in range(4))
        return [
            *coin_rim(pal.blue, pal),
            group([dots], fill=pal.red),
            group([petals], fill=pal.red, stroke=pal.ink, stroke_width=1.2),
            *coin_boss(pal.blue, 1.4, pal),
        ]

    def cup(self) -> list[str]:
        """A closed cup: a rounded bowl under a domed lid, on a baluster stem."""
        pal = self.pal
        S = outline(pal.ink, 2.4)
        return [
            *goblet(
                pal,
                "M-24,48L-18,38L18,38L24,48Z",
                "M-5,4L5,4L8,38L-8,38Z",
                ellipse(0, 22, 9, 6, fill=pal.red, stroke=pal.ink, stroke_width=2.2),
                "M-30,-22C-30,-2 -16,6 0,6C16,6 30,-2 30,-22Z",
                "blue",
            ),
            line("M-26,-10Q0,-2 26,-10", pal.blue, 4),
            path("M-30,-22C-28,-40 -14,-46 0,-46C14,-46 28,-40 30,-22Z", fill=pal.gold_dark, **S),
            line("M-24,-32Q0,-26 24,-32", pal.red, 3),
            circle(0, -49, 5, fill=pal.red, stroke=pal.ink, stroke_width=1.8),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A thick staff banded yellow, blue and yellow at its middle, a gleam along it."""
        pal = self.pal
        y, hw = b.at(0.5)
        bands = [
            path(
                f"M{fmt(-hw - 0.5)},{fmt(y + dy - 2.5)}h{fmt(2 * hw + 1)}v5h{fmt(-2 * hw - 1)}Z",
                fill=colour,
                stroke=pal.ink,
                stroke_width=b.stroke_width * 0.5,
            )
            for dy, colour in ((-6, pal.gold), (0, pal.blue), (6, pal.gold))
        ]
        return [], [*bands, b.highlight(0.35, pal.white, max(1.0, b.hw0 * 0.35), 0.45)]

    def back_pattern(self) -> list[str]:
        pal = self.pal
        crosses = "".join(
            f"M{fmt(x - 4)},{fmt(y)}h8M{fmt(x)},{fmt(y - 4)}v8" for x, y in back_grid(8, 14)
        )
        return [path(crosses, stroke=pal.back_line, stroke_width=1.6, fill="none")]

    def ace(self, suit: str) -> str | None:
        if suit in "SC":
            return hand_ace(suit, self)
        if suit == "H":
            return cupid_ace(self, False, (self.pal.blue, self.pal.gold))
        return self.bambine()

    def bambine(self) -> str:
        """The ace of coins: a large coin with a woman's head and shoulders in it."""
        pal = self.pal
        S = outline(pal.ink, 1.6)
        return group(
            [
                use(f"{self.pid}coin", tf(0, 0, 1.5)),
                el("circle", r=42, fill=pal.paper, stroke=pal.ink, stroke_width=2),
                path("M-24,40C-22,22 -10,16 0,16C10,16 22,22 24,40Z", fill=pal.blue, **S),
                path("M-16,-6C-18,18 -10,22 -8,24L8,24C10,22 18,18 16,-6Z", fill=pal.hair, **S),
                circle(0, -2, 14, fill=pal.skin, **S),
                path("M-14,-6C-12,-20 12,-20 14,-6C8,-12 -8,-12 -14,-6Z", fill=pal.hair),
                circle(-5, -3, 1.5, fill=pal.ink),
                circle(5, -3, 1.5, fill=pal.ink),
                line("M-3,6q3,2 6,0", pal.red, 1.4),
                path("M-10,-16L-6,-26L0,-18L6,-26L10,-16Z", fill=pal.gold, **S),
            ],
            transform=tf(CX, CY),
        )

    def court_extras(self, rank: str, suit: str) -> list[str]:
        code = rank + suit
        if code == "JH":
            return [fante_dog(self)]
        if code == "JC":
            return [second_symbol(suit, self), lowered_hand(self)]
        if code == "JD":
            return [use(f"{self.pid}coin", tf(66, 214, 0.34)), lowered_hand(self)]
        if code == "KD":
            return [stamp_ring(150, 254, self)]
        return []


TRENTINE_STYLE = TrentineStyle(
    pid="tn-",
    pal=TRENTINE,
    accents=accents("trentine", TRENTINE),
    garment={"D": "blue", "H": "red", "S": "green", "C": "blue"},
)
