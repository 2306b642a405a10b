"""The Bergamasche deck: Italian suits, double-ended courts, "VINCERAI" on the ace of batons.

What identifies the pattern, as public descriptions put it (7bello's page on
the carte bergamasche and its recognition table; the World of Playing Cards'
page on the Bergamasche pattern; Anthony Lesq's note on a Modiano pack;
articles on Bergamo's cards), drawn here in the project's own way:

* Italian suits, from the Trentine pack, with double-ended court figures.
* The ace of batons is held by a hand, a scroll across it saying "VINCERAI";
  on the ace of cups a blindfolded Cupid stands with an arrow on his bow, blue
  and yellow quarter circles in the top corners.
* The ace of coins is filled with the pattern's red and black coin.
* The only double-ended Italian pack with a crown on the 3 of swords; the 4 of
  swords has a woman's face inside (players call her Margì, Gioppino's wife);
  other number cards carry small vignettes.
* The Fante of swords has a second sword, of which only the hilt shows; the
  figures of batons hold maces with broad heads.
* No corner indices; a long card (about 50 x 94 mm), kept here to the game's
  one shape.

The red back with its gold rosettes is the project's own.
"""

from __future__ import annotations

from tools.cards.card import CX, CY, back_grid, crown
from tools.cards.italian_north import cupid_ace
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import goblet
from tools.cards.ornaments import banner, hand
from tools.cards.palette import PIACENTINE, regional
from tools.cards.shape import CardShape
from tools.cards.svg import circle, el, fmt, group, line, outline, path, polar, tf, use, wheel

BERGAMASCHE = regional(
    PIACENTINE,
    "#fcf8ec #1d1713 #efbd36 #a97619 #c12a2a #2c5197 #3b7e44"
    " #b3c4d6 #a9713a #5e3a15 #efe8da #9b2327 #f0cc72",
)


class BergamascheStyle(ItalianStyle):
    shape = CardShape(50, 94)  # about 50 x 94 mm
    index = "none"
    halves = True

    def coin_face(self) -> list[str]:
        """The red and black coin: a black ring of red studs round a red and gold star."""
        pal = self.pal
        studs = "".join(circle(*polar(38, a * 30), 3.2) for a in range(12))
        star = wheel("M0,-30L6,-8L-6,-8Z", 8)
        return [
            el("circle", r=38, fill="none", stroke=pal.ink, stroke_width=9),
            group([studs], fill=pal.red),
            group([star], fill=pal.red, stroke=pal.ink, stroke_width=1),
            el("circle", r=9, fill=pal.ink),
            el("circle", r=4, fill=pal.gold),
        ]

    def cup(self) -> list[str]:
        """A fountain-like cup: a wide basin over a knotted stem, a small bowl on top."""
        pal = self.pal
        S = outline(pal.ink, 2.4)
        return [
            *goblet(
                pal,
                "M-22,48L-14,36L14,36L22,48Z",
                "M-5,0L5,0L7,36L-7,36Z",
                circle(0, 18, 7, fill=pal.blue, stroke=pal.ink, stroke_width=2.2),
                "M-32,-26C-30,-6 -16,2 0,2C16,2 30,-6 32,-26Z",
                "red",
            ),
            line("M-28,-16Q0,-6 28,-16", pal.red, 4),
            path("M-32,-26L32,-26L28,-32L-28,-32Z", fill=pal.gold_dark, **S),
            path("M-12,-32C-12,-44 12,-44 12,-32Z", fill=pal.blue, **S),
            circle(0, -44, 3.5, fill=pal.gold, stroke=pal.ink, stroke_width=1.4),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A staff with a broad knob at its thick end, red at the grip."""
        pal = self.pal
        knob = circle(
            0,
            b.y1 + b.hw1 * 0.8,
            b.hw1 * 1.35,
            fill=pal.wood_dark,
            stroke=pal.ink,
            stroke_width=b.stroke_width,
        )
        y, hw = b.at(0.2)
        grip = path(
            f"M{fmt(-hw - 0.4)},{fmt(y - 8)}h{fmt(2 * hw + 0.8)}v16h{fmt(-2 * hw - 0.8)}Z",
            fill=pal.red,
            stroke=pal.ink,
            stroke_width=b.stroke_width * 0.5,
        )
        return [knob], [grip, b.highlight(0.35, pal.gold, max(1.0, b.hw0 * 0.3), 0.5)]

    def back_pattern(self) -> list[str]:
        pal = self.pal
        roses = "".join(circle(x, y, 4) + circle(x, y, 1.6) for x, y in back_grid(12, 22))
        return [group([roses], fill="none", stroke=pal.back_line, stroke_width=1.4)]

    def ace(self, suit: str) -> str | None:
        pal = self.pal
        p = self.pid
        if suit == "C":
            return "".join(
                [
                    use(f"{p}cluba", tf(CX, 136, 0.84)),
                    hand(CX, 218, 1.3, 0, pal),
                    banner("VINCERAI", CX, 120, 110, pal, pal.white),
                ]
            )
        if suit == "H":
            return cupid_ace(self, True, (pal.blue, pal.gold))
        if suit == "D":
            return "".join(
                [
                    circle(CX, CY, 70, fill=pal.gold, stroke=pal.ink, stroke_width=3),
                    use(f"{p}coin", tf(CX, CY, 1.3)),
                ]
            )
        return None

    def vignette(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        code = rank + suit
        if code == "3S":
            return [crown(CX, 62, 36, 18, pal)]
        if code == "4S":
            return [self.margi()]
        if code in ("4D", "6D", "4H", "6H"):
            return [self.sprig(CX, CY)]
        return []

    def margi(self) -> str:
        """A woman's face in the middle of the 4 of swords."""
        pal = self.pal
        S = outline(pal.ink, 1.4)
        return group(
            [
                path("M-14,-4C-16,16 -8,20 -6,22L6,22C8,20 16,16 14,-4Z", fill=pal.hair, **S),
                circle(0, 0, 11, fill=pal.skin, **S),
                path("M-13,-2C-12,-14 12,-14 13,-2C8,-8 -8,-8 -13,-2Z", fill=pal.white, **S),
                circle(-4, 0, 1.3, fill=pal.ink),
                circle(4, 0, 1.3, fill=pal.ink),
                line("M-3,6q3,2 6,0", pal.red, 1.3),
            ],
            transform=tf(CX, CY, 1.2),
        )

    def sprig(self, x: float, y: float) -> str:
        pal = self.pal
        return group(
            [
                line("M0,14L0,-10", pal.green, 2),
                path(
                    "M0,0q-10,-2 -12,-10q10,0 12,10ZM0,6q10,-2 12,-10q-10,0 -12,10Z", fill=pal.green
                ),
                circle(0, -12, 4, fill=pal.red, stroke=pal.ink, stroke_width=1),
            ],
            transform=tf(x, y),
        )

    def court_extras(self, rank: str, suit: str) -> list[str]:
        if rank + suit == "JS":
            # the second sword's hilt, showing at the left under the cut
            return [use(f"{self.pid}sws", tf(56, 150, 0.7, 200))]
        return []


BERGAMASCHE_STYLE = BergamascheStyle(
    pid="bg-",
    pal=BERGAMASCHE,
    accents=accents("bergamasche", BERGAMASCHE),
    garment={"D": "green", "H": "blue", "S": "red", "C": "blue"},
)
