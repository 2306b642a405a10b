"""The Trevigiane (Venetian) deck: Italian suits, double-ended courts, mottoes on the aces.

What identifies the pattern, as public descriptions put it (the World of Playing
Cards' page on the Trevisane pattern; 7bello's recognition table of the
Italian-suited packs and its page on the carte trevisane; the Portale delle
Osterie's page on the Veneto's cards), drawn here in the project's own way:

* Italian suits: curved swords interlaced in lenses and long batons crossing
  (the northern suits, older than the Spanish ones), cups as tall ribbed
  goblets, coins as rayed gold rosettes in a blue rim.
* Double-ended court cards (the full-length figures cut at the waist), the
  number printed plain in the top left corner and, turned round, bottom right.
* A motto on a ribbon on every ace: the coins' "Non val saper a chi ha fortuna
  contra", the cups' "Per un punto Martin perse la capa", the swords' "Non ti
  fidar di me se il cor ti manca", the batons' "Se ti perdi tuo danno"; the ace
  of cups has two faces on its bowl, the ace of swords two birds at its foot,
  the ace of batons one, the ace of coins a large empty ring (once the tax
  stamp's place).
* The Fante of swords, the "vecia", holds a head and points his sword down; the
  Fante of cups has a little dog; the kings carry a pike; the King of batons
  holds a shield with Treviso's arms (a white cross on red).

The long narrow card of the real pack (about 49 x 104 mm) is kept to the game's
one card shape; its green back with a gold check is the project's own.
"""

from __future__ import annotations

from tools.cards.card import BACK_FIELD, CX, back_grid, crown, rot180
from tools.cards.italian_halves import HALF_IDS, HALF_Y
from tools.cards.italian_style import Baton, ItalianStyle, accents
from tools.cards.italian_suits import coin_boss, coin_rim
from tools.cards.ornaments import banner, bird, dog, shield
from tools.cards.palette import NEAPOLITAN, regional
from tools.cards.shape import CardShape
from tools.cards.svg import (
    circle,
    el,
    ellipse,
    fmt,
    group,
    lattice_d,
    line,
    outline,
    path,
    polar,
    rect,
    tf,
    use,
    wheel,
)

TREVIGIANE = regional(
    NEAPOLITAN,
    "#fdfaf0 #241812 #f1be2a #b97c12 #c42a2a #23498f #2f7d45"
    " #a9c0dc #b5562c #6e2c12 #f3eee2 #1f5a3a #d9b34a",
)

MOTTOES = {
    "D": "NON VAL SAPER A CHI HA FORTUNA CONTRA",
    "H": "PER UN PUNTO MARTIN PERSE LA CAPA",
    "S": "NON TI FIDAR DI ME SE IL COR TI MANCA",
    "C": "SE TI PERDI TUO DANNO",
}


class TrevigianeStyle(ItalianStyle):
    shape = CardShape(49, 104)  # 49 x 104 mm, with the Bolognesi the longest of Italy's cards
    index = "corner"
    halves = True
    king_staff = "pike"

    def coin_face(self) -> list[str]:
        """A blue rim round a gold field of sixteen red rays and a green boss."""
        pal = self.pal
        rays = wheel("M-4,-20L0,-38L4,-20Z", 16)
        return [
            *coin_rim(pal.blue, pal, 8),
            group([rays], fill=pal.red, stroke=pal.ink, stroke_width=1),
            el("circle", r=19, fill=pal.gold, stroke=pal.ink, stroke_width=1.4),
            *coin_boss(pal.green, 1.4, pal),
        ]

    def cup(self) -> list[str]:
        """A tall goblet: ribbed red and gold bowl, a blue knop, a wide stepped foot."""
        pal = self.pal
        S = outline(pal.ink, 2.4)
        ribs = "M-18,-30L-12,0M-6,-32L-4,2M6,-32L4,2M18,-30L12,0"
        return [
            path("M-26,48L-20,38L20,38L26,48Z", fill=pal.red, **S),
            path("M-16,38Q0,30 16,38L10,30L-10,30Z", fill=pal.gold, **S),
            path("M-5,4L5,4L7,30L-7,30Z", fill=pal.gold, **S),
            ellipse(0, 16, 10, 6, fill=pal.blue, stroke=pal.ink, stroke_width=2.4),
            path("M-30,-40C-30,-14 -16,6 0,6C16,6 30,-14 30,-40Z", fill=pal.gold, **S),
            line(ribs, pal.red, 5),
            path("M-31,-40L31,-40L28,-47L-28,-47Z", fill=pal.gold_dark, **S),
            ellipse(0, -47, 28, 5, fill=pal.red, stroke=pal.ink, stroke_width=2),
        ]

    def baton_trim(self, b: Baton) -> tuple[list[str], list[str]]:
        """A smooth red staff with green bands wound round it and gilt ends."""
        pal = self.pal
        bands: list[str] = []
        n = b.knots * 2 + 2
        for i in range(1, n):
            y, hw = b.at(i / n)
            bands.append(
                path(
                    f"M{fmt(-hw)},{fmt(y + hw * 0.5)}L{fmt(hw)},{fmt(y - hw * 0.5)}",
                    stroke=pal.green,
                    stroke_width=max(1.6, hw * 0.55),
                    fill="none",
                )
            )
        caps = [
            rect(
                -hw - 0.6,
                y - 3,
                2 * hw + 1.2,
                6,
                rx=2,
                fill=pal.gold,
                stroke=pal.ink,
                stroke_width=b.stroke_width * 0.6,
            )
            for y, hw in (b.at(0.04), b.at(0.96))
        ]
        return [], [*bands, *caps, b.highlight(0.4, pal.white, max(1.0, b.hw0 * 0.3), 0.4)]

    def back_pattern(self) -> list[str]:
        """A gold check over the green field, with a dot at every crossing."""
        pal = self.pal
        x0, y0, x1, y1 = BACK_FIELD
        lines = "".join(f"M{fmt(x)},{fmt(y0)}L{fmt(x)},{fmt(y1)}" for x in range(24, 184, 16))
        lines += "".join(f"M{fmt(x0)},{fmt(y)}L{fmt(x1)},{fmt(y)}" for y in range(24, 284, 16))
        dots = "".join(circle(x, y, 1.8) for x, y in back_grid(8, 16))
        return [
            path(lines, stroke=pal.back_line, stroke_width=1, fill="none", opacity=0.7),
            group([dots], fill=pal.back_line),
            path(
                lattice_d(BACK_FIELD, 32.0),
                stroke=pal.red,
                stroke_width=0.8,
                fill="none",
                opacity=0.5,
            ),
        ]

    # -- the pattern's own aces and court details ----------------------------------------
    def ace(self, suit: str) -> str:
        return {"D": self.coin_ace, "H": self.cup_ace, "S": self.sword_ace, "C": self.baton_ace}[
            suit
        ]()

    def motto(self, suit: str) -> str:
        return banner(MOTTOES[suit], CX, 234, 136, self.pal, self.pal.white)

    def coin_ace(self) -> str:
        """A wide ornamented ring with nothing inside, over its motto."""
        pal = self.pal
        beads = "".join(circle(*polar(56, a * 15), 3) for a in range(24))
        return "".join(
            [
                circle(CX, 128, 64, fill=pal.gold, stroke=pal.ink, stroke_width=3),
                circle(CX, 128, 48, fill=pal.paper, stroke=pal.ink, stroke_width=2),
                group([beads], fill=pal.red, stroke=pal.ink, stroke_width=1, transform=tf(CX, 128)),
                circle(
                    CX,
                    128,
                    40,
                    fill="none",
                    stroke=pal.blue,
                    stroke_width=2,
                    stroke_dasharray="4 4",
                ),
                self.motto("D"),
            ]
        )

    def cup_ace(self) -> str:
        """The big cup with two faces in profile looking at each other on its bowl."""
        pal = self.pal
        faces = "".join(
            path(
                f"M{fmt(CX + k * 4)},96C{fmt(CX + k * 22)},96"
                f" {fmt(CX + k * 24)},104 {fmt(CX + k * 18)},110"
                f"L{fmt(CX + k * 22)},114L{fmt(CX + k * 16)},118C{fmt(CX + k * 20)},124 "
                f"{fmt(CX + k * 14)},130 {fmt(CX + k * 4)},130Z",
                fill=pal.skin,
                **outline(pal.ink, 1.6),
            )
            + circle(CX + k * 13, 106, 1.8, fill=pal.ink)
            for k in (-1, 1)
        )
        return "".join([use(f"{self.pid}cup", tf(CX, 122, 1.7)), faces, self.motto("H")])

    def sword_ace(self) -> str:
        """A long curved sword through a crown, two birds at its hilt."""
        pal = self.pal
        return "".join(
            [
                use(f"{self.pid}swa", tf(CX, 118, 0.86)),
                crown(CX, 50, 40, 20, pal),
                bird(66, 204, 0.9, pal, 1),
                bird(134, 204, 0.9, pal, -1),
                self.motto("S"),
            ]
        )

    def baton_ace(self) -> str:
        """A long baton, upright, with a bird perched at its foot and leaves at its top."""
        pal = self.pal
        return "".join(
            [
                use(f"{self.pid}cluba", tf(CX, 124, 0.9)),
                bird(70, 214, 1.0, pal, 1),
                self.motto("C"),
            ]
        )

    def court_extras(self, rank: str, suit: str) -> list[str]:
        pal = self.pal
        if rank == "J" and suit == "H":
            return [dog(56, HALF_Y - 22, 0.9, pal)]
        if rank == "K" and suit == "C":
            return [shield(72, 130, 1.0, pal.red, pal.white, pal)]
        return []

    def court(self, rank: str, suit: str) -> list[str] | None:
        if rank == "J" and suit == "S":
            return self.fante_of_swords(head=True)
        return None

    def fante_of_swords(self, head: bool) -> list[str]:
        """The Fante of swords (the "vecia"): his sword held point down, and in the
        Venetian pack a head held up by its hair."""
        pal = self.pal
        colour = pal.colour(self.garment["S"])
        severed = group(
            [
                path(
                    "M146,44C140,50 140,62 146,68L162,68C168,62 168,50 162,44Z",
                    fill=pal.hair,
                    **outline(pal.ink, 1.6),
                ),
                circle(154, 66, 10, fill=pal.skin, **outline(pal.ink, 1.6)),
                line("M150,64l2,0M157,64l2,0", pal.ink, 1.6),
                line("M150,71q4,2 8,0", pal.red, 1.4),
            ]
        )
        half = [
            use(f"{self.pid}{HALF_IDS['J']}", color=colour),
            use(f"{self.pid}sws", tf(64, 100, 0.56, 186)),
            circle(64, 100, 6, fill=pal.skin, **outline(pal.ink, 2)),
        ]
        if head:
            half.append(severed)
        divider = path(
            f"M14,{fmt(HALF_Y)}L186,{fmt(HALF_Y)}", stroke=pal.ink, stroke_width=1.4, fill="none"
        )
        return [*half, rot180(half), divider]


TREVIGIANE_STYLE = TrevigianeStyle(
    pid="tv-",
    pal=TREVIGIANE,
    accents=accents("trevigiane", TREVIGIANE),
    garment={"D": "red", "H": "green", "S": "blue", "C": "red"},
)
