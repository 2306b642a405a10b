"""The Triestine deck: the Venetian pattern as Trieste prints it, each court named on it.

What identifies the pattern, as public descriptions put it (the World of
Playing Cards' page on the Triestine pattern; 7bello's recognition table;
articles on Trieste's cards in its local press), drawn here in the project's own
way, over the Venetian drawing it comes from (``trevigiane``):

* Italian suits and double-ended courts, stiffer than the Venetian, on a
  stockier card (about 53 x 98 mm, kept here to the game's one shape).
* Each court card says what it is across its middle, in Italian ("FANTE DI
  SPADE", "CAVAL DI COPPE", "RE DI BASTONI").
* The number cards are numbered 1 to 7 in the corners, and the courts 11, 12
  and 13.
* The aces carry their own mottoes: "Son gli amici molto rari quando non si ha
  denari", "Una coppa di buon vin fa coraggio fa morbin", "Il giuoco della
  spada a molti non aggrada", "Molte volte le giuocate van finire a
  bastonate"; the ace of cups has three faces on its bowl, the aces of swords
  and batons birds at their foot, the kings a pike, the Fante of swords his
  sword pointing down.

The colours and the blue back with its white lozenges are the project's own.
"""

from __future__ import annotations

from dataclasses import replace

from tools.cards.card import CX, back_grid
from tools.cards.italian_halves import HALF_Y, halves_marks
from tools.cards.italian_style import accents
from tools.cards.italian_suits import coin_boss, coin_rim
from tools.cards.ornaments import banner
from tools.cards.palette import SERIF
from tools.cards.shape import CardShape
from tools.cards.svg import circle, fmt, group, outline, path, rect, text, tf, use, wheel
from tools.cards.trevigiane import TREVIGIANE, TrevigianeStyle

TRIESTINE = replace(
    TREVIGIANE,
    paper="#fbf9f2",
    gold="#e9b531",
    red="#b8262e",
    blue="#274a86",
    green="#2b6f57",
    wood="#9c4a2a",
    back="#2a3f7a",
    back_line="#e9edf6",
)

MOTTOES = {
    "D": "SON GLI AMICI MOLTO RARI QUANDO NON SI HA DENARI",
    "H": "UNA COPPA DI BUON VIN FA CORAGGIO FA MORBIN",
    "S": "IL GIUOCO DELLA SPADA A MOLTI NON AGGRADA",
    "C": "MOLTE VOLTE LE GIUOCATE VAN FINIRE A BASTONATE",
}
COURT_NAMES = {"J": "FANTE", "Q": "CAVAL", "K": "RE"}
SUIT_NAMES = {"D": "DENARI", "H": "COPPE", "S": "SPADE", "C": "BASTONI"}


class TriestineStyle(TrevigianeStyle):
    shape = CardShape(53, 98)  # about 53 x 98 mm, stockier than the Trevigiane
    court_numbers = ("11", "12", "13")

    def coin_face(self) -> list[str]:
        """A red rim, a gold field with a blue eight-pointed star, a red boss."""
        pal = self.pal
        points = wheel("M0,-34L7,-10L-7,-10Z", 8)
        return [
            *coin_rim(pal.red, pal),
            group([points], fill=pal.blue, stroke=pal.ink, stroke_width=1),
            *coin_boss(pal.red, 1.4, pal),
        ]

    def back_pattern(self) -> list[str]:
        pal = self.pal
        lozenges = "".join(
            f"M{fmt(x)},{fmt(y - 7)}l5,7l-5,7l-5,-7Z" for x, y in back_grid(10, 16, 18)
        )
        return [path(lozenges, fill=pal.back_line, opacity=0.85)]

    def motto(self, suit: str) -> str:
        return banner(MOTTOES[suit], CX, 234, 140, self.pal, self.pal.white)

    def cup_ace(self) -> str:
        """The big cup with three faces on its bowl."""
        pal = self.pal
        faces = "".join(
            circle(CX + dx, 104, 9, fill=pal.skin, **outline(pal.ink, 1.4))
            + circle(CX + dx - 3, 103, 1.2, fill=pal.ink)
            + circle(CX + dx + 3, 103, 1.2, fill=pal.ink)
            for dx in (-20, 0, 20)
        )
        return "".join([use(f"{self.pid}cup", tf(CX, 122, 1.7)), faces, self.motto("H")])

    def court_extras(self, rank: str, suit: str) -> list[str]:
        return []

    def court(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        name = f"{COURT_NAMES[rank]} DI {SUIT_NAMES[suit]}"
        if rank + suit == "JS":
            marks = self.fante_of_swords(head=False)
        else:
            marks = halves_marks(rank, suit, self)
        label = [
            rect(36, HALF_Y - 9, 128, 18, rx=3, fill=pal.white, stroke=pal.ink, stroke_width=1.2),
            text(name, CX, HALF_Y + 4.5, 12, pal.ink, SERIF, length=min(116.0, 9.0 * len(name))),
        ]
        return [*marks, *label]


TRIESTINE_STYLE = TriestineStyle(
    pid="ts-",
    pal=TRIESTINE,
    accents=accents("triestine", TRIESTINE),
    garment={"D": "blue", "H": "red", "S": "green", "C": "blue"},
)
