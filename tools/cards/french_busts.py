"""The double-ended court figures of the Italian French-suited patterns: King, Queen, Jack.

The Piedmontese, Lombard and Genoese packs descend from the French portraits of
the early 1800s: half figures in period dress, shown twice, the second turned
round. The two halves meet on a line across the card's middle, level in the
Piedmontese and Lombard packs and slanting in the Genoese; each half is drawn
to end on that line (``Cut``), since a sprite may not clip. The main garment is
``currentColor`` (the card dresses the figure); ``trim`` is the second colour of
the dress.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.cards.card import CX, CY, beard, crown, ermine_spots, eyes
from tools.cards.palette import Palette
from tools.cards.svg import circle, fmt, line, outline, path, rect

SW = 2.0  # the figures' outline


@dataclass(frozen=True)
class BustDress:
    """How a pattern dresses its halves: the Kings' crowns closed by an arch or open,
    the Jacks' hats (a plumed beret or a broad brim), the Queens veiled or pearled."""

    closed_crown: bool = False
    broad_hat: bool = False
    veil: bool = True


PARIS = BustDress()  # the French portraits' open crowns, berets and veils


@dataclass(frozen=True)
class Cut:
    """The line where the two halves meet: through the card's centre, ``slope`` steep
    (0 level; positive falls to the right, as the Genoese cards slant)."""

    slope: float = 0.0

    def y(self, x: float) -> float:
        return CY + self.slope * (x - CX)

    def at(self, x: float) -> str:
        """The point on the line at ``x``, as path data."""
        return f"{fmt(x)},{fmt(self.y(x))}"

    def divider(self, pal: Palette) -> str:
        return path(
            f"M14,{fmt(self.y(14))}L186,{fmt(self.y(186))}",
            stroke=pal.ink,
            stroke_width=1.6,
            fill="none",
        )


def head(cx: float, cy: float, r: float, pal: Palette) -> str:
    return (
        circle(cx, cy, r, fill=pal.skin, **outline(pal.ink, SW))
        + eyes(cx, cy - 1, r * 0.36, pal, 1.5)
        + line(f"M{fmt(cx - 3)},{fmt(cy + r * 0.52)}q3,1.6 6,0", pal.ink, 1.3)
    )


def robe(cut: Cut, left: float, right: float, top: float, pal: Palette, fill: str) -> str:
    """Shoulders widening from a neck at ``top`` to the cut line between ``left`` and ``right``."""
    d = (
        f"M{cut.at(left)}L{fmt(left + 6)},{fmt(top + 30)}"
        f"Q{fmt(left + 12)},{fmt(top + 4)} {fmt(CX - 16)},{fmt(top)}L{fmt(CX + 16)},{fmt(top)}"
        f"Q{fmt(right - 12)},{fmt(top + 4)} {fmt(right - 6)},{fmt(top + 30)}L{cut.at(right)}Z"
    )
    return path(d, fill=fill, **outline(pal.ink, SW))


def panel(cut: Cut, half: float, top: float, pal: Palette, fill: str) -> str:
    """A band down the chest from ``top`` to the cut line, ``half`` wide each side."""
    a, b = CX - half, CX + half
    d = f"M{fmt(a)},{fmt(top)}L{fmt(b)},{fmt(top)}L{cut.at(b)}L{cut.at(a)}Z"
    return path(d, fill=fill, **outline(pal.ink, 1.6))


def staff(
    cut: Cut, x0: float, x1: float, y1: float, pal: Palette, colour: str, width: float
) -> str:
    """A shaft from the cut line at ``x0`` up to (x1, y1)."""
    return line(f"M{cut.at(x0)}L{fmt(x1)},{fmt(y1)}", colour, width, round_cap=True)


def king_half(cut: Cut, pal: Palette, trim: str, dress: BustDress = PARIS) -> list[str]:
    """Crowned and bearded, an ermine cape over a mantle, a sceptre in the left hand."""
    S = outline(pal.ink, SW)
    arch = (
        [
            path("M84,34Q100,14 116,34", stroke=pal.gold_dark, stroke_width=4, fill="none"),
            path("M100,14L100,6M96,10L104,10", stroke=pal.ink, stroke_width=2.4, fill="none"),
        ]
        if dress.closed_crown
        else []
    )
    return [
        staff(cut, 52, 62, 40, pal, pal.gold_dark, 5),
        line(f"M{cut.at(52)}L62,40", pal.gold, 2.2),
        path("M62,22L68,30L66,40L58,40L56,30Z", fill=pal.gold, **S),
        robe(cut, 26, 174, 94, pal, "currentColor"),
        panel(cut, 16, 104, pal, trim),
        line(f"M{fmt(CX)},110L{cut.at(CX)}", pal.gold, 3),
        path("M46,112Q100,92 154,112L158,126Q100,110 42,126Z", fill=pal.white, **S),
        ermine_spots("M56,114l0,4M74,108l0,4M92,106l0,4M110,106l0,4M128,108l0,4M146,114l0,4", pal),
        circle(60, 116, 6.5, fill=pal.skin, **S),
        rect(93, 80, 14, 16, fill=pal.skin, **S),
        path("M82,54C78,76 82,90 86,96L114,96C118,90 122,76 118,54Z", fill=pal.hair, **S),
        head(100, 64, 15, pal),
        beard(
            "M85,66C83,86 94,94 100,96C106,94 117,86 115,66"
            "C111,76 106,78 100,78C94,78 89,76 85,66Z",
            75,
            pal,
        ),
        *arch,
        crown(100, 50, 38, 22, pal),
    ]


def queen_half(cut: Cut, pal: Palette, trim: str, dress: BustDress = PARIS) -> list[str]:
    """A veil (or pearls) over long hair, a small crown, a square-necked gown, a flower."""
    S = outline(pal.ink, SW)
    veil = path("M80,50C70,74 70,100 62,120L138,120C130,100 130,74 120,50Z", fill=pal.white, **S)
    pearls = "".join(
        circle(x, 66 + abs(x - 100) * 0.5, 2.2, fill=pal.white, stroke=pal.ink, stroke_width=0.8)
        for x in range(84, 118, 5)
    )
    return [
        veil if dress.veil else "",
        path("M84,58C80,78 82,92 78,104L122,104C118,92 120,78 116,58Z", fill=pal.gold_dark, **S),
        robe(cut, 34, 166, 98, pal, "currentColor"),
        path("M80,100L120,100L116,118L84,118Z", fill=pal.skin, **S),
        path(f"M84,118L116,118L{cut.at(110)}L{cut.at(90)}Z", fill=trim, **outline(pal.ink, 1.6)),
        line("M80,100L84,118L116,118L120,100", pal.gold, 2.6),
        line("M84,112Q100,120 116,112", pal.red, 2.2),
        line("M148,118L156,70", pal.green, 2.4),
        path("M154,86q10,-4 14,-12q-10,0 -14,12Z", fill=pal.green),
        circle(156, 66, 7, fill=pal.red, stroke=pal.ink, stroke_width=1.4),
        circle(156, 66, 2.6, fill=pal.gold),
        circle(148, 120, 6.5, fill=pal.skin, **S),
        rect(94, 84, 12, 16, fill=pal.skin, **S),
        head(100, 70, 14, pal),
        path(
            "M86,68C86,56 93,54 100,54C107,54 114,56 114,68"
            "C110,62 105,60 100,61C95,60 90,62 86,68Z",
            fill=pal.gold_dark,
        ),
        crown(100, 56, 26, 13, pal, points=2),
        "" if dress.veil else pearls,
    ]


def jack_half(cut: Cut, pal: Palette, trim: str, dress: BustDress = PARIS) -> list[str]:
    """A young man in a plumed hat and a doublet, a halberd in his left hand."""
    S = outline(pal.ink, SW)
    if dress.broad_hat:
        hat = [
            path("M62,56Q100,40 138,56Q100,52 62,56Z", fill=pal.ink, **S),
            path("M84,52L86,38L114,38L116,52Z", fill=trim, **S),
            path("M112,40C120,30 134,28 142,32C134,36 126,40 116,46Z", fill=pal.red, **S),
        ]
    else:
        hat = [
            path("M70,58Q100,48 130,58L126,52Q100,44 74,52Z", fill=pal.ink, **S),
            path("M80,54C80,40 92,34 102,34C114,34 122,42 120,54Z", fill=trim, **S),
            path("M114,40C122,26 134,20 146,20C138,30 130,38 118,46Z", fill=pal.white, **S),
        ]
    return [
        staff(cut, 48, 58, 22, pal, pal.wood_dark, 4.5),
        path("M58,22L50,10L66,14Z M57,34Q44,32 42,20Q56,22 59,28Z", fill=pal.steel, **S),
        robe(cut, 30, 170, 98, pal, "currentColor"),
        path(f"M88,100L112,100L{cut.at(108)}L{cut.at(92)}Z", fill=trim, **outline(pal.ink, 1.6)),
        line(f"M96,104L{cut.at(96)}M104,104L{cut.at(104)}", pal.gold, 1.6),
        path("M84,100Q100,112 116,100L112,92Q100,100 88,92Z", fill=pal.white, **S),
        circle(56, 120, 6.5, fill=pal.skin, **S),
        rect(94, 82, 12, 14, fill=pal.skin, **S),
        path(
            "M84,70C82,58 90,54 100,54C110,54 118,58 116,70L117,86L110,82L90,82L83,86Z",
            fill=pal.hair,
            **S,
        ),
        head(100, 70, 14, pal),
        *hat,
    ]
