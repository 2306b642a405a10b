"""The French court figures: top halves of King, Queen and Jack, mirrored on the card.

The main garment is ``currentColor`` so each card dresses its figure by suit.
"""

from __future__ import annotations

from tools.cards.card import beard, crown, ermine_spots, eyes, gilded_rod
from tools.cards.palette import Palette
from tools.cards.svg import Attr, circle, ellipse, group, line, outline, path, rect

SW = 2.0  # the figures' outline


def figure_defs(pal: Palette) -> list[str]:
    return [
        group(king(pal), id="fr-K"),
        group(queen(pal), id="fr-Q"),
        group(jack(pal), id="fr-J"),
    ]


def torso(pal: Palette) -> str:
    """Shoulders and chest down to the card's middle line."""
    d = "M46,150L46,134C46,118 58,109 78,106L122,106C142,109 154,118 154,134L154,150Z"
    return path(d, fill="currentColor", **outline(pal.ink, SW))


def neck_and_head(pal: Palette) -> str:
    skin: dict[str, Attr] = {"fill": pal.skin, "stroke": pal.ink, "stroke_width": SW}
    return rect(93, 90, 14, 18, **skin) + ellipse(100, 79, 15, 17.5, **skin)


def corded(d: str, width: float, pal: Palette, **attrs: Attr) -> str:
    """A gold cord ``width`` wide along ``d``, picked out with a fine ink line."""
    return path(d, fill="none", stroke=pal.gold, stroke_width=width, **attrs) + path(
        d, fill="none", stroke=pal.ink, stroke_width=1.2
    )


def king(pal: Palette) -> list[str]:
    """Crown, beard, ermine collar, gold centre band, sceptre."""
    ink = pal.ink
    S = outline(ink, SW)
    return [
        gilded_rod("M131,150L139,56", 5, 2.4, pal),
        torso(pal),
        path("M90,118L110,118L112,150L88,150Z", fill=pal.gold, **S),
        line("M91,126L109,126M90,134L110,134M89,142L111,142", ink, 1.3),
        path("M66,110L134,110L122,122L78,122Z", fill=pal.white, **S),
        ermine_spots("M82,114l0,4M96,114l0,4M110,114l0,4M124,114l-1,4", pal),
        neck_and_head(pal),
        beard(
            "M85,76C83,98 92,110 100,111C108,110 117,98 115,76"
            "C111,88 106,90 100,90C94,90 89,88 85,76Z",
            88,
            pal,
        ),
        eyes(100, 77, 5.5, pal),
        crown(100, 66, 34, 20, pal),
        circle(139.5, 53, 5, fill=pal.gold, stroke=ink, stroke_width=1.5),
    ]


def queen(pal: Palette) -> list[str]:
    """Long hair, tiara, low neckline, a flower in hand."""
    ink = pal.ink
    hair = outline(ink, 1.6)
    return [
        path(
            "M84,72C78,96 76,112 70,124L92,118L100,100L108,118L130,124C124,112 122,96 116,72Z",
            fill=pal.gold_dark,
            **hair,
        ),
        torso(pal),
        path("M80,106Q100,132 120,106Z", fill=pal.skin, **outline(ink, SW)),
        corded("M76,107Q100,140 124,107", 4.5, pal),
        line("M58,150L62,128M142,150L138,128", pal.gold, 3),
        line("M66,148L54,100", pal.green, 2.5),
        path("M58,116q-10,-2 -12,-10q10,0 12,10Z", fill=pal.green),
        circle(54, 96, 6.5, fill=pal.red, stroke=ink, stroke_width=1.4),
        circle(54, 96, 2.4, fill=pal.gold),
        neck_and_head(pal),
        path(
            "M84,80C84,62 92,58 100,58C108,58 116,62 116,80"
            "C112,70 106,66 100,68C94,66 88,70 84,80Z",
            fill=pal.gold_dark,
            **hair,
        ),
        eyes(100, 79, 5.5, pal),
        line("M96,89Q100,91 104,89", pal.red, 1.8),
        crown(100, 62, 26, 14, pal, points=2),
    ]


def jack(pal: Palette) -> list[str]:
    """Bobbed hair, feathered cap, halberd."""
    ink = pal.ink
    hair = outline(ink, 1.6)
    detail = outline(ink, 1.4)
    return [
        path(
            "M62,150L58,40",
            stroke=pal.wood_dark,
            stroke_width=4,
            fill="none",
            stroke_linecap="round",
        ),
        path("M58,40L50,30L66,34Z M57,52Q46,50 44,40Q56,42 59,48Z", fill=pal.steel, **detail),
        torso(pal),
        corded("M78,106L100,130L122,106", 5, pal, stroke_linejoin="round"),
        line("M100,130L100,150", pal.gold, 3),
        circle(100, 138, 2.2, fill=ink),
        circle(100, 146, 2.2, fill=ink),
        path("M82,74C80,98 84,102 88,104L112,104C116,102 120,98 118,74Z", fill=pal.hair, **hair),
        neck_and_head(pal),
        path("M86,74Q100,80 114,74L114,70L86,70Z", fill=pal.hair),
        eyes(100, 80, 5.5, pal),
        line("M96,90Q100,92 104,90", ink, 1.5),
        path("M78,70C78,54 94,48 106,50C120,52 126,60 124,70Z", fill=pal.ink, **hair),
        rect(77, 66, 48, 6, rx=2, fill=pal.gold, stroke=ink, stroke_width=1.4),
        path("M116,64C120,50 128,42 138,36C136,48 130,58 120,68Z", fill=pal.red, **detail),
    ]
