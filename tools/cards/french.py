"""The French deck: suits diamonds, hearts, spades and clubs; half-length courts."""

from __future__ import annotations

from tools.cards.card import BACK_FIELD, CX, CY, RANKS, SUITS, back_face, card_bg_def, rot180
from tools.cards.french_figures import figure_defs
from tools.cards.palette import SANS, Palette
from tools.cards.svg import (
    Attr,
    Pt,
    circle,
    circle_d,
    el,
    group,
    lattice_d,
    line,
    path,
    rect,
    text,
    tf,
    use,
)

# The suits' pips as path data, about 94 tall, centred on the origin.
PIPS: dict[str, str] = {
    "H": (
        "M0,40C-6,31 -47,6 -47,-17C-47,-35 -34,-44 -22,-44C-11,-44 -3,-37 0,-28"
        "C3,-37 11,-44 22,-44C34,-44 47,-35 47,-17C47,6 6,31 0,40Z"
    ),
    "D": "M0,-48Q15,-22 36,0Q15,22 0,48Q-15,22 -36,0Q-15,-22 0,-48Z",
    "S": (
        "M0,-46C-6,-35 -47,-13 -47,8C-47,24 -35,31 -24,31C-14,31 -7,26 -3,19"
        "Q-3,37 -15,46L15,46Q3,37 3,19C7,26 14,31 24,31C35,31 47,24 47,8"
        "C47,-13 6,-35 0,-46Z"
    ),
    "C": (
        circle_d(0, -23, 20.5)
        + circle_d(-23, 11, 20.5)
        + circle_d(23, 11, 20.5)
        + "M-9,-8L-9,14L9,14L9,-8Z"
        + "M-3,10Q-3,36 -15,46L15,46Q3,36 3,10Z"
    ),
}

# Where the pips of each number card go; those below the middle are turned upside down.
LAYOUT: dict[str, list[Pt]] = {
    "2": [(100, 68), (100, 232)],
    "3": [(100, 68), (100, 150), (100, 232)],
    "4": [(62, 68), (138, 68), (62, 232), (138, 232)],
    "5": [(62, 68), (138, 68), (100, 150), (62, 232), (138, 232)],
    "6": [(62, 68), (138, 68), (62, 150), (138, 150), (62, 232), (138, 232)],
    "7": [(62, 68), (138, 68), (100, 109), (62, 150), (138, 150), (62, 232), (138, 232)],
}


def suit_colour(suit: str, pal: Palette) -> str:
    return pal.red if suit in "DH" else pal.ink


def french_defs(pal: Palette) -> list[str]:
    """The blank face, the four pips, the court figures and the back, for ``<defs>``."""
    out = [card_bg_def("fr-", pal, border=False)]
    for suit in SUITS:
        out.append(el("path", id=f"fr-{suit}", d=PIPS[suit], fill=suit_colour(suit, pal)))
    out.extend(figure_defs(pal))
    out.append(back_def(pal))
    return out


def index(rank: str, suit: str, pal: Palette) -> str:
    """Rank and a small pip, top-left and (rotated) bottom-right."""
    colour = suit_colour(suit, pal)
    one = text(rank, 22, 47, 42, colour, SANS) + use(f"fr-{suit}", tf(22, 66, 0.25))
    return one + rot180([one])


def pip_card(rank: str, suit: str, pal: Palette) -> str:
    """An ace or a number card: its pips, the lower ones upside down."""
    if rank == "A":
        pips = ace_pip(suit, pal)
    else:
        pips = [
            use(f"fr-{suit}", tf(x, y, 0.44, 180.0 if y > CY else 0.0)) for x, y in LAYOUT[rank]
        ]
    return "".join([use("fr-bg"), index(rank, suit, pal), *pips])


def ace_pip(suit: str, pal: Palette) -> list[str]:
    """One large pip; the ace of spades' a little larger, in a ring of gold stitches."""
    big = use(f"fr-{suit}", tf(CX, CY, 1.15 if suit != "S" else 1.25))
    if suit != "S":
        return [big]
    stitches: dict[str, Attr] = {"stroke_width": 1.2, "stroke_dasharray": "3 4"}
    return [
        circle(CX, CY, 66, fill="none", stroke=pal.ink, stroke_width=1.5),
        circle(CX, CY, 61, fill="none", stroke=pal.gold_dark, **stitches),
        big,
    ]


# The colour of each court figure's garment, by rank and suit.
GARMENT = {
    "K": {"D": "red", "H": "blue", "S": "blue", "C": "red"},
    "Q": {"D": "blue", "H": "red", "S": "red", "C": "green"},
    "J": {"D": "green", "H": "blue", "S": "green", "C": "blue"},
}


def face_card(rank: str, suit: str, pal: Palette) -> str:
    """A court card: the half figure dressed for the suit, mirrored in a framed panel."""
    colour = suit_colour(suit, pal)
    garment = pal.colour(GARMENT[rank][suit])
    half = use(f"fr-{rank}", color=garment)
    pip = use(f"fr-{suit}", tf(148, 40, 0.2))
    return "".join(
        [
            use("fr-bg"),
            rect(40, 24, 120, 252, fill="#fbf4e2", stroke=colour, stroke_width=2),
            half,
            pip,
            rot180([half, pip]),
            path("M40,150L160,150", stroke=pal.ink, stroke_width=1.6),
            rect(44, 28, 112, 244, fill="none", stroke=colour, stroke_width=0.8),
            index(rank, suit, pal),
        ]
    )


def back_def(pal: Palette) -> str:
    """A red lattice round an oval with the four suits."""
    pattern = [line(lattice_d(BACK_FIELD, 14.0), pal.back_line, 1.3)]
    emblem = [
        use("fr-H", tf(CX, CY - 27, 0.3)),
        use("fr-S", tf(CX - 21, CY, 0.3)),
        use("fr-D", tf(CX + 21, CY, 0.3)),
        use("fr-C", tf(CX, CY + 27, 0.3)),
    ]
    face = back_face(pal, pattern, pal.white, (46, 60, pal.back), 1.2)
    return group([*face, *emblem], id="fr-backart")


def french_cards(pal: Palette) -> dict[str, str]:
    """Each card's symbol body by code (``7D``, ...), then ``back``."""
    cards: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank in "JQK":
                cards[rank + suit] = face_card(rank, suit, pal)
            else:
                cards[rank + suit] = pip_card(rank, suit, pal)
    cards["back"] = use("fr-backart")
    return cards
