"""The Lombarde (Milanesi) deck: French suits, courts cut level, Milan's serpent and a falconer.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte milanesi; the Milanese and Lombard card pages of Italian card
sellers; Anthony Lesq's note on the Ticino edition), drawn here in the
project's own way:

* French suits and double-ended courts cut by a level line, in a rich dress
  (here the Kings' crowns closed by an arch, the Jacks' hats broad-brimmed,
  the Queens' hair pearled);
  the hearts' figures are drawn as the clubs' and the diamonds' as the spades',
  only their clothes' colours differ.
* The Jack of clubs (and so of hearts) wears the Visconti serpent, the
  "biscione" of Milan's arms, on his chest; the King of diamonds (and so of
  spades) has a bird perched on his left wrist.
* No corner indices in the pack played in Lombardy (the Ticino edition adds
  them); a long card, about 50 x 94 mm, kept here to the game's one shape.

The colours and the red back with its ring of lozenges are the project's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tools.cards.card import BACK_FIELD, CX, back_grid
from tools.cards.french_busts import BustDress
from tools.cards.french_regional import FrenchRegionalStyle, by_suit
from tools.cards.ornaments import bird
from tools.cards.palette import FRENCH
from tools.cards.shape import CardShape
from tools.cards.svg import circle, fmt, group, lattice_d, line, outline, path, tf

LOMBARDE = replace(
    FRENCH,
    paper="#fffdf7",
    red="#c3212b",
    blue="#23559f",
    green="#2f7a3c",
    gold="#eab52b",
    back="#8c1d24",
    back_line="#f0d7a2",
)


def biscione(x: float, y: float, s: float, st: FrenchRegionalStyle) -> str:
    """Milan's crowned serpent, blue on a white oval, a small red figure in its jaws."""
    pal = st.pal
    ink = pal.ink
    return group(
        [
            path(
                "M-14,-20L14,-20L14,4C14,14 6,20 0,22C-6,20 -14,14 -14,4Z",
                fill=pal.white,
                **outline(ink, 1.4),
            ),
            path(
                "M2,16C-10,12 10,4 -2,-2C-12,-6 8,-12 0,-14",
                stroke=pal.blue,
                stroke_width=4.4,
                fill="none",
                stroke_linecap="round",
            ),
            circle(0, -14, 3.4, fill=pal.blue),
            path("M-3,-18L-3,-22L0,-19L3,-22L3,-18Z", fill=pal.gold),
            path("M3,-13L8,-9L5,-6Z", fill=pal.red),
        ],
        transform=tf(x, y, s),
    )


@dataclass(frozen=True)
class LombardeStyle(FrenchRegionalStyle):
    shape = CardShape(50, 94)  # Milanesi: 50 x 94 mm, as a Ticino shop gives them

    def court_extras(self, rank: str, suit: str) -> list[str]:
        if rank == "J" and suit in "CH":
            return [biscione(CX, 124, 0.9, self)]
        if rank == "K" and suit in "DS":
            return [bird(44, 104, 0.8, self.pal, 1)]
        return []

    def back_pattern(self) -> list[str]:
        pal = self.pal
        lozenges = "".join(f"M{fmt(x)},{fmt(y - 6)}l5,6l-5,6l-5,-6Z" for x, y in back_grid(12, 18))
        return [
            line(lattice_d(BACK_FIELD, 18.0, 9.0), pal.back_line, 0.7),
            path(lozenges, fill=pal.back_line),
        ]


LOMBARDE_STYLE = LombardeStyle(
    pid="lo-",
    pal=LOMBARDE,
    dress=BustDress(closed_crown=True, broad_hat=True, veil=False),
    garment=by_suit(K="blue green red red", Q="green red blue blue", J="red blue green green"),
    trim=by_suit(K="red gold gold blue", Q="gold gold red red", J="gold gold red red"),
)
