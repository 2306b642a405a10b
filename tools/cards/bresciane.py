"""The Bresciane deck: Italian suits, rustic full-length figures, the Fante with his dog.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte bresciane and its recognition table; articles on Brescia's and
Bergamo's cards), drawn here in the project's own way:

* Italian suits (curved swords in lenses, long batons crossing), from the
  Trentine pack; full-length, single-ended court figures, plainer and stockier
  than elsewhere.
* The Fante of cups with a little white dog at his feet (the "fant cagnì");
  the Fanti of swords and of batons hold a second one in the other hand; the
  Fante of coins holds one coin.
* The King of batons has, low on the card, the ring where the tax stamp went
  until 1862.
* The aces of swords and of batons are held up by a hand; on the ace of cups a
  Cupid, not blindfolded, draws his bow, and red quarter circles fill the top
  corners.
* The 2 of swords carries flags and a coat of arms inside its lens.
* No corner indices; a very narrow card (about 43 x 88 mm), kept here to the
  game's one shape. The pack is sold mostly with 52 cards for Cìcera; the game
  uses its 40.

The colours and the brown back with its cross-hatching are the project's own.
"""

from __future__ import annotations

from tools.cards.card import BACK_FIELD, CX, CY
from tools.cards.italian_north import (
    cupid_ace,
    fante_dog,
    hand_ace,
    lowered_hand,
    second_symbol,
    stamp_ring,
)
from tools.cards.italian_style import Baton, BowlBand, BowlLine, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss, coin_rim
from tools.cards.ornaments import shield
from tools.cards.palette import PIACENTINE, regional
from tools.cards.shape import CardShape
from tools.cards.svg import fmt, group, lattice_d, line, path, rect, wheel

BRESCIANE = regional(
    PIACENTINE,
    "#fdf8ea #2b1d14 #eab43a #a8701e #b8322a #2f5a98 #3c7a3f"
    " #c0ccd6 #b07a3a #6b4418 #f0e9dc #5b3a22 #e3c58a",
)


class BrescianeStyle(ItalianStyle):
    shape = CardShape(43, 88)  # about 43 x 88 mm, the narrowest
    index = "none"
    cup_band = BowlBand(top=-24, bottom=-14, halves=(30, 28), colour="green", edge=1.4)
    cup_line = BowlLine(y=-4, half=20, colour="red", width=3)

    def coin_face(self) -> list[str]:
        """A red rim, eight gold and green lobes, a red boss: the northern rosette."""
        pal = self.pal
        lobes = wheel("M0,-12Q9,-24 0,-36Q-9,-24 0,-12Z", 8)
        return [
            *coin_rim(pal.red, pal),
            group([lobes], fill=pal.green, stroke=pal.ink, stroke_width=1.2),
            *coin_boss(pal.red, 1.4, pal),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A plain wooden staff with a dark band at each third."""
        pal = self.pal
        bands = []
        for k in (1, 2):
            y, hw = b.at(k / 3)
            bands.append(rect(-hw - 0.5, y - 2, 2 * hw + 1, 4, fill=pal.wood_dark))
        return [], [*bands, b.highlight(0.35, pal.gold, max(1.0, b.hw0 * 0.3), 0.5)]

    def back_pattern(self) -> list[str]:
        pal = self.pal
        return [
            line(lattice_d(BACK_FIELD, 10.0), pal.back_line, 0.7),
            line(lattice_d(BACK_FIELD, 30.0, 15.0), pal.red, 1.6),
        ]

    def ace(self, suit: str) -> str | None:
        if suit in "SC":
            return hand_ace(suit, self)
        if suit == "H":
            return cupid_ace(self, False, (self.pal.red, self.pal.red))
        return None

    def court_extras(self, rank: str, suit: str) -> list[str]:
        code = rank + suit
        if code == "JH":
            return [fante_dog(self)]
        if code in ("JS", "JC"):
            return [second_symbol(suit, self), lowered_hand(self)]
        if code == "KC":
            return [stamp_ring(150, 254, self)]
        return []

    def vignette(self, rank: str, suit: str) -> list[str]:
        if rank + suit != "2S":
            return []
        pal = self.pal
        flag = "M0,0L0,-40M0,-40L22,-34L0,-28"
        flags = [  # a red one leaning left and a green one, its mirror image, leaning right
            path(
                flag,
                stroke=pal.ink,
                stroke_width=1.6,
                fill=colour,
                transform=f"translate({fmt(CX + dx)} {fmt(CY - 6)}){mirror} rotate(-20)",
            )
            for colour, dx, mirror in ((pal.red, -4, ""), (pal.green, 4, " scale(-1 1)"))
        ]
        return [
            *flags,
            shield(CX, CY + 14, 0.9, pal.blue, pal.white, pal),
        ]


BRESCIANE_STYLE = BrescianeStyle(
    pid="br-",
    pal=BRESCIANE,
    accents=accents("bresciane", BRESCIANE),
    garment={"D": "green", "H": "red", "S": "blue", "C": "red"},
)
