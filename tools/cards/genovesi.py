"""The Genovesi deck: French suits, courts cut on a slant, green, red, yellow and black.

What identifies the pattern, as public descriptions put it (the World of
Playing Cards' page on the Genoese pattern; 7bello's page on the carte
genovesi), drawn here in the project's own way:

* The French portraits of the Paris pattern made double-ended, the two halves
  divided by a slanting line (the Piedmontese cards divide them level).
* Coloured only in green, red, yellow and black: no blue anywhere.
* The Jack of clubs bears a shield with Spanish arms (castles and lions, here
  quartered red and gold); the Queen of spades has a dolphin on her shoulder,
  from the arms of the Dauphiné whose pack Savoy once had to use.
* No corner indices; the cards are about 58 x 88 mm, near the game's shape.

The green back with its yellow lattice is the project's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tools.cards.card import BACK_FIELD
from tools.cards.french_busts import Cut
from tools.cards.french_regional import FrenchRegionalStyle, by_suit
from tools.cards.palette import FRENCH
from tools.cards.shape import CardShape
from tools.cards.svg import circle, group, lattice_d, line, outline, path, tf

GENOVESI = replace(
    FRENCH,
    paper="#fffef8",
    red="#c8242c",
    blue="#2a7a3e",  # a Genoese card has no blue: its second colour is green
    green="#2a7a3e",
    gold="#f0c02c",
    steel="#c9cfc4",
    back="#245c36",
    back_line="#efd46a",
)


@dataclass(frozen=True)
class GenovesiStyle(FrenchRegionalStyle):
    shape = CardShape(58, 88)  # about 58 x 88 mm

    def court_extras(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        if rank == "J" and suit == "C":
            return [
                group(
                    [
                        path(
                            "M-14,-16L14,-16L14,2C14,12 6,18 0,20C-6,18 -14,12 -14,2Z",
                            fill=pal.gold,
                            **outline(pal.ink, 1.4),
                        ),
                        path(
                            "M0,-16L14,-16L14,2L0,2ZM-14,2L0,2L0,20C-6,18 -14,12 -14,2Z",
                            fill=pal.red,
                        ),
                        path("M-9,-12l0,8l6,0l0,-8l-2,0l0,2l-2,0l0,-2Z", fill=pal.red),
                        circle(7, 9, 3, fill=pal.gold),
                    ],
                    transform=tf(140, 128, 1.1),
                )
            ]
        if rank == "Q" and suit == "S":
            return [
                path(
                    "M132,100C134,90 146,86 154,92C150,94 148,98 150,102C156,100 160,104 158,110"
                    "C150,112 140,110 132,100Z",
                    fill=pal.green,
                    **outline(pal.ink, 1.3),
                )
            ]
        return []

    def back_pattern(self) -> list[str]:
        pal = self.pal
        return [
            line(lattice_d(BACK_FIELD, 16.0), pal.back_line, 1.2),
            line(lattice_d(BACK_FIELD, 16.0, 8.0), pal.red, 0.8),
        ]


GENOVESI_STYLE = GenovesiStyle(
    pid="ge-",
    pal=GENOVESI,
    cut=Cut(0.36),
    garment=by_suit(K="red green green red", Q="green red red green", J="green red red green"),
    trim=by_suit(K="gold red gold green", Q="gold gold green red", J="red green gold red"),
)
