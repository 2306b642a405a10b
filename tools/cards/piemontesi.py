"""The Piemontesi deck: French suits, courts cut level across the middle, garlanded aces.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte piemontesi; the Portale delle Osterie's; articles on Piedmont's cards
in Novara's and Turin's local press), drawn here in the project's own way:

* French suits and double-ended courts in the French style of the early 1800s,
  the two half figures divided by a level line across the card (the Genoese
  cards, their nearest kin, slant it).
* An oval garland round the pip of each ace, in the suit's colour.
* The Jack holds a halberd in his left hand, the Queen a flower, the King a
  sceptre.
* No corner indices; the smallest of Italy's French-suited cards (about 50 x
  83 mm), kept here to the game's one card shape.

The colours (red, blue, gold and green on white) follow the French portraits
the pattern comes from; the blue back with its white lattice is the project's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from tools.cards.card import BACK_FIELD, CX, CY
from tools.cards.french_busts import BustDress
from tools.cards.french_regional import FrenchRegionalStyle, by_suit
from tools.cards.palette import FRENCH
from tools.cards.shape import CardShape
from tools.cards.svg import ellipse, fmt, group, lattice_d, line, path

PIEMONTESI = replace(
    FRENCH,
    paper="#fffefa",
    red="#cc1f2d",
    blue="#1d4a9c",
    green="#23804a",
    gold="#f1bd24",
    back="#1f3f86",
    back_line="#dfe7f6",
)


def garland(colour: str, rx: float, ry: float) -> list[str]:
    """An oval wreath of small leaves round the card's centre, in ``colour``."""
    leaves: list[str] = []
    n = 28
    for k in range(n):
        a = 2 * math.pi * k / n
        x, y = CX + rx * math.cos(a), CY + ry * math.sin(a)
        heading = math.degrees(math.atan2(ry * math.cos(a), -rx * math.sin(a)))
        leaves.append(
            ellipse(
                0, 0, 7, 3.2, transform=f"translate({fmt(x)} {fmt(y)}) rotate({fmt(heading + 30)})"
            )
        )
    ring = ellipse(CX, CY, rx, ry, fill="none", stroke=colour, stroke_width=2)
    return [ring, group(leaves, fill=colour)]


@dataclass(frozen=True)
class PiemontesiStyle(FrenchRegionalStyle):
    shape = CardShape(50, 83)  # about 50 x 83 mm, the smallest French-suited pack

    def ace_ornament(self, suit: str) -> list[str]:
        return garland(self.colour(suit), 64, 86)

    def back_pattern(self) -> list[str]:
        pal = self.pal
        return [
            line(lattice_d(BACK_FIELD, 12.0), pal.back_line, 1.0),
            path(
                "".join(
                    f"M{fmt(CX - 4)},{fmt(y)}l4,-6l4,6l-4,6Z"
                    for y in range(30, 280, 24)
                    if abs(y - CY) > 70
                ),
                fill=pal.back_line,
            ),
        ]


PIEMONTESI_STYLE = PiemontesiStyle(
    pid="pm-",
    pal=PIEMONTESI,
    dress=BustDress(broad_hat=True),
    garment=by_suit(K="red blue green blue", Q="blue red red green", J="green red blue red"),
    trim=by_suit(K="gold red red gold", Q="gold blue gold red", J="red gold gold blue"),
)
