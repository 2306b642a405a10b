"""The French deck: suits diamonds, hearts, spades and clubs; half-length courts."""

from __future__ import annotations

from tools.cards.card import CX, CY, RANKS, SUITS, card_bg_def, crown, eyes, rot180
from tools.cards.palette import SANS, Palette, palette_colour
from tools.cards.svg import Pt, circle_d, el, group, lattice_d, text, tf, use

FR_PIPS: dict[str, str] = {
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

FR_LAYOUT: dict[str, list[Pt]] = {
    "2": [(100, 68), (100, 232)],
    "3": [(100, 68), (100, 150), (100, 232)],
    "4": [(62, 68), (138, 68), (62, 232), (138, 232)],
    "5": [(62, 68), (138, 68), (100, 150), (62, 232), (138, 232)],
    "6": [(62, 68), (138, 68), (62, 150), (138, 150), (62, 232), (138, 232)],
    "7": [(62, 68), (138, 68), (100, 109), (62, 150), (138, 150), (62, 232), (138, 232)],
}


def fr_suit_color(suit: str, pal: Palette) -> str:
    return pal.red if suit in "DH" else pal.ink


def fr_defs(pal: Palette) -> list[str]:
    out = [card_bg_def("fr-", pal, border=False)]
    for suit in SUITS:
        out.append(el("path", id=f"fr-{suit}", d=FR_PIPS[suit], fill=fr_suit_color(suit, pal)))
    out.extend(fr_half_figures(pal))
    out.append(fr_back(pal))
    return out


def fr_index(rank: str, suit: str, pal: Palette) -> str:
    colour = fr_suit_color(suit, pal)
    one = text(rank, 22, 47, 42, colour, SANS) + use(f"fr-{suit}", tf(22, 66, 0.25))
    return one + rot180([one])


def fr_pip_card(rank: str, suit: str, pal: Palette) -> str:
    parts = [use("fr-bg"), fr_index(rank, suit, pal)]
    if rank == "A":
        big = 1.15 if suit != "S" else 1.25
        if suit == "S":
            parts.append(
                el("circle", cx=CX, cy=CY, r=66, fill="none", stroke=pal.ink, stroke_width=1.5)
            )
            parts.append(
                el(
                    "circle",
                    cx=CX,
                    cy=CY,
                    r=61,
                    fill="none",
                    stroke=pal.gold_dark,
                    stroke_width=1.2,
                    stroke_dasharray="3 4",
                )
            )
        parts.append(use(f"fr-{suit}", tf(CX, CY, big)))
    else:
        for x, y in FR_LAYOUT[rank]:
            rot = 180.0 if y > CY else 0.0
            parts.append(use(f"fr-{suit}", tf(x, y, 0.44, rot)))
    return "".join(parts)


def fr_half_figures(pal: Palette) -> list[str]:
    """Top halves of the three court figures (mirrored for the lower half).

    Main garment is ``currentColor`` so the cards can vary it per suit.
    """
    sw = 2.0
    ink = pal.ink
    common_torso = el(
        "path",
        d="M46,150L46,134C46,118 58,109 78,106L122,106C142,109 154,118 154,134L154,150Z",
        fill="currentColor",
        stroke=ink,
        stroke_width=sw,
        stroke_linejoin="round",
    )
    neck = el("rect", x=93, y=90, width=14, height=18, fill=pal.skin, stroke=ink, stroke_width=sw)
    head = el("ellipse", cx=100, cy=79, rx=15, ry=17.5, fill=pal.skin, stroke=ink, stroke_width=sw)

    # King: crown, beard, ermine collar, gold centre band, sceptre.
    king = group(
        [
            el(
                "path",
                d="M131,150L139,56",
                stroke=pal.gold_dark,
                stroke_width=5,
                stroke_linecap="round",
                fill="none",
            ),
            el(
                "path",
                d="M131,150L139,56",
                stroke=pal.gold,
                stroke_width=2.4,
                stroke_linecap="round",
                fill="none",
            ),
            common_torso,
            el(
                "path",
                d="M90,118L110,118L112,150L88,150Z",
                fill=pal.gold,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            el(
                "path",
                d="M91,126L109,126M90,134L110,134M89,142L111,142",
                stroke=ink,
                stroke_width=1.3,
                fill="none",
            ),
            el(
                "path",
                d="M66,110L134,110L122,122L78,122Z",
                fill=pal.white,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            el(
                "path",
                d="M82,114l0,4M96,114l0,4M110,114l0,4M124,114l-1,4",
                stroke=ink,
                stroke_width=2.2,
                stroke_linecap="round",
                fill="none",
            ),
            neck,
            head,
            el(
                "path",
                d="M85,76C83,98 92,110 100,111C108,110 117,98 115,76"
                "C111,88 106,90 100,90C94,90 89,88 85,76Z",
                fill=pal.hair,
                stroke=ink,
                stroke_width=1.6,
                stroke_linejoin="round",
            ),
            el("path", d="M93,88Q100,84 107,88", stroke=ink, stroke_width=1.6, fill="none"),
            eyes(100, 77, 5.5, pal),
            crown(100, 66, 34, 20, pal),
            el("circle", cx=139.5, cy=53, r=5, fill=pal.gold, stroke=ink, stroke_width=1.5),
        ],
        id="fr-K",
    )

    # Queen: long hair, tiara, low neckline, flower.
    queen = group(
        [
            el(
                "path",
                d="M84,72C78,96 76,112 70,124L92,118L100,100L108,118L130,124"
                "C124,112 122,96 116,72Z",
                fill=pal.gold_dark,
                stroke=ink,
                stroke_width=1.6,
                stroke_linejoin="round",
            ),
            common_torso,
            el(
                "path",
                d="M80,106Q100,132 120,106Z",
                fill=pal.skin,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            el("path", d="M76,107Q100,140 124,107", fill="none", stroke=pal.gold, stroke_width=4.5),
            el("path", d="M76,107Q100,140 124,107", fill="none", stroke=ink, stroke_width=1.2),
            el(
                "path",
                d="M58,150L62,128M142,150L138,128",
                stroke=pal.gold,
                stroke_width=3,
                fill="none",
            ),
            el("path", d="M66,148L54,100", stroke=pal.green, stroke_width=2.5, fill="none"),
            el("path", d="M58,116q-10,-2 -12,-10q10,0 12,10Z", fill=pal.green),
            el("circle", cx=54, cy=96, r=6.5, fill=pal.red, stroke=ink, stroke_width=1.4),
            el("circle", cx=54, cy=96, r=2.4, fill=pal.gold),
            neck,
            head,
            el(
                "path",
                d="M84,80C84,62 92,58 100,58C108,58 116,62 116,80"
                "C112,70 106,66 100,68C94,66 88,70 84,80Z",
                fill=pal.gold_dark,
                stroke=ink,
                stroke_width=1.6,
                stroke_linejoin="round",
            ),
            eyes(100, 79, 5.5, pal),
            el("path", d="M96,89Q100,91 104,89", stroke=pal.red, stroke_width=1.8, fill="none"),
            crown(100, 62, 26, 14, pal, points=2),
        ],
        id="fr-Q",
    )

    # Jack: bobbed hair, feathered cap, halberd.
    jack = group(
        [
            el(
                "path",
                d="M62,150L58,40",
                stroke=pal.wood_dark,
                stroke_width=4,
                fill="none",
                stroke_linecap="round",
            ),
            el(
                "path",
                d="M58,40L50,30L66,34Z M57,52Q46,50 44,40Q56,42 59,48Z",
                fill=pal.steel,
                stroke=ink,
                stroke_width=1.4,
                stroke_linejoin="round",
            ),
            common_torso,
            el(
                "path",
                d="M78,106L100,130L122,106",
                fill="none",
                stroke=pal.gold,
                stroke_width=5,
                stroke_linejoin="round",
            ),
            el("path", d="M78,106L100,130L122,106", fill="none", stroke=ink, stroke_width=1.2),
            el("path", d="M100,130L100,150", stroke=pal.gold, stroke_width=3, fill="none"),
            el("circle", cx=100, cy=138, r=2.2, fill=ink),
            el("circle", cx=100, cy=146, r=2.2, fill=ink),
            el(
                "path",
                d="M82,74C80,98 84,102 88,104L112,104C116,102 120,98 118,74Z",
                fill=pal.hair,
                stroke=ink,
                stroke_width=1.6,
                stroke_linejoin="round",
            ),
            neck,
            head,
            el("path", d="M86,74Q100,80 114,74L114,70L86,70Z", fill=pal.hair),
            eyes(100, 80, 5.5, pal),
            el("path", d="M96,90Q100,92 104,90", stroke=ink, stroke_width=1.5, fill="none"),
            el(
                "path",
                d="M78,70C78,54 94,48 106,50C120,52 126,60 124,70Z",
                fill=pal.ink,
                stroke=ink,
                stroke_width=1.6,
                stroke_linejoin="round",
            ),
            el(
                "rect",
                x=77,
                y=66,
                width=48,
                height=6,
                rx=2,
                fill=pal.gold,
                stroke=ink,
                stroke_width=1.4,
            ),
            el(
                "path",
                d="M116,64C120,50 128,42 138,36C136,48 130,58 120,68Z",
                fill=pal.red,
                stroke=ink,
                stroke_width=1.4,
                stroke_linejoin="round",
            ),
        ],
        id="fr-J",
    )
    return [king, queen, jack]


FR_GARMENT = {
    "K": {"D": "red", "H": "blue", "S": "blue", "C": "red"},
    "Q": {"D": "blue", "H": "red", "S": "red", "C": "green"},
    "J": {"D": "green", "H": "blue", "S": "green", "C": "blue"},
}


def fr_face_card(rank: str, suit: str, pal: Palette) -> str:
    colour = fr_suit_color(suit, pal)
    garment = palette_colour(pal, FR_GARMENT[rank][suit])
    half = use(f"fr-{rank}", color=garment)
    pip = use(f"fr-{suit}", tf(148, 40, 0.2))
    return "".join(
        [
            use("fr-bg"),
            el(
                "rect",
                x=40,
                y=24,
                width=120,
                height=252,
                fill="#fbf4e2",
                stroke=colour,
                stroke_width=2,
            ),
            half,
            pip,
            rot180([half, pip]),
            el("path", d="M40,150L160,150", stroke=pal.ink, stroke_width=1.6),
            el(
                "rect",
                x=44,
                y=28,
                width=112,
                height=244,
                fill="none",
                stroke=colour,
                stroke_width=0.8,
            ),
            fr_index(rank, suit, pal),
        ]
    )


def fr_back(pal: Palette) -> str:
    box = (16.0, 16.0, 184.0, 284.0)
    parts = [
        el(
            "rect",
            x=1.5,
            y=1.5,
            width=197,
            height=297,
            rx=13,
            fill=pal.paper,
            stroke=pal.edge,
            stroke_width=2,
        ),
        el("rect", x=10, y=10, width=180, height=280, rx=8, fill=pal.back),
        el("path", d=lattice_d(box, 14.0), stroke=pal.back_line, stroke_width=1.3, fill="none"),
        el(
            "rect",
            x=16,
            y=16,
            width=168,
            height=268,
            rx=4,
            fill="none",
            stroke=pal.white,
            stroke_width=2,
        ),
        el("ellipse", cx=CX, cy=CY, rx=46, ry=60, fill=pal.white, stroke=pal.back, stroke_width=3),
        el("ellipse", cx=CX, cy=CY, rx=40, ry=54, fill="none", stroke=pal.back, stroke_width=1.2),
        use("fr-H", tf(CX, CY - 27, 0.3)),
        use("fr-S", tf(CX - 21, CY, 0.3)),
        use("fr-D", tf(CX + 21, CY, 0.3)),
        use("fr-C", tf(CX, CY + 27, 0.3)),
    ]
    return group(parts, id="fr-backart")


def french_cards(pal: Palette) -> dict[str, str]:
    cards: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank in "JQK":
                cards[rank + suit] = fr_face_card(rank, suit, pal)
            else:
                cards[rank + suit] = fr_pip_card(rank, suit, pal)
    cards["back"] = use("fr-backart")
    return cards
