"""Double-ended Italian court cards: the top half of Fante, Cavallo and Re, mirrored.

The northern patterns printed double-ended (Trevigiane, Bergamasche, Triestine)
cut their full-length figures at the waist and show the upper half twice, the
second turned round, so that the card reads the same either way up. Each half
is drawn once in the sprite's defs with its main garment in ``currentColor``; the
card dresses it by suit, puts the suit's symbol in the raised hand and adds what
the style gives that card (``ItalianStyle.court_extras``: a dog, a shield...).
"""

from __future__ import annotations

from tools.cards.card import CX, beard, crown, ermine_spots, eyes, gilded_rod, rot180
from tools.cards.italian_style import ItalianStyle
from tools.cards.svg import circle, fmt, group, line, outline, path, rect, tf, use

SW = 2.0  # the figures' outline
HALF_Y = 150.0  # where the two halves meet


def halves_defs(st: ItalianStyle) -> list[str]:
    p = st.pid
    return [
        group(fante_half(st), id=f"{p}hfante"),
        group(cavallo_half(st), id=f"{p}hcav"),
        group(re_half(st), id=f"{p}hre"),
    ]


def head(cx: float, cy: float, r: float, st: ItalianStyle) -> str:
    """A face with eyes and a small mouth."""
    pal = st.pal
    mouth = f"M{fmt(cx - 3)},{fmt(cy + r * 0.5)}q3,1.8 6,0"
    return (
        circle(cx, cy, r, fill=pal.skin, **outline(pal.ink, SW))
        + eyes(cx, cy - 1, r * 0.36, pal, 1.6)
        + line(mouth, pal.ink, 1.3)
    )


def bust(st: ItalianStyle, left: float, right: float, neck: float) -> str:
    """Shoulders and chest from ``neck`` down to the middle line, in the suit's colour."""
    d = (
        f"M{fmt(left)},{fmt(HALF_Y)}L{fmt(left + 4)},{fmt(neck + 22)}"
        f"Q{fmt(left + 8)},{fmt(neck + 4)} {fmt(CX - 14)},{fmt(neck)}"
        f"L{fmt(CX + 14)},{fmt(neck)}Q{fmt(right - 8)},{fmt(neck + 4)}"
        f" {fmt(right - 4)},{fmt(neck + 22)}"
        f"L{fmt(right)},{fmt(HALF_Y)}Z"
    )
    return path(d, fill="currentColor", **outline(st.pal.ink, SW))


def raised_arm(st: ItalianStyle, shoulder: tuple[float, float], hand: tuple[float, float]) -> str:
    """A sleeve from the shoulder up to a hand that holds the suit's symbol."""
    (sx, sy), (hx, hy) = shoulder, hand
    d = (
        f"M{fmt(sx - 8)},{fmt(sy + 6)}L{fmt(hx - 5)},{fmt(hy + 6)}"
        f"L{fmt(hx + 5)},{fmt(hy + 8)}L{fmt(sx + 8)},{fmt(sy + 16)}Z"
    )
    pal = st.pal
    return path(d, fill="currentColor", **outline(pal.ink, SW)) + circle(
        hx, hy, 6.5, fill=pal.skin, **outline(pal.ink, SW)
    )


def fante_half(st: ItalianStyle) -> list[str]:
    """A page: feathered beret, bobbed hair, a slashed doublet, right hand raised."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    return [
        bust(st, 48, 152, 98),
        path("M100,100L100,150", stroke=pal.gold, stroke_width=4, fill="none"),
        path("M66,126Q100,136 134,126", stroke=pal.gold_dark, stroke_width=3, fill="none"),
        line("M70,140l8,-6M84,144l8,-6M108,144l8,-6M122,140l8,-6", pal.white, 2.2),
        raised_arm(st, (132, 110), (150, 78)),
        path("M84,102Q100,112 116,102L112,94Q100,100 88,94Z", fill=pal.white, **S),
        path(
            "M82,68C80,54 90,48 100,48C110,48 120,54 118,68L118,82L110,78L90,78L82,82Z",
            fill=pal.hair,
            **S,
        ),
        head(100, 68, 15, st),
        path(
            "M85,64C86,55 93,52 100,52C107,52 114,55 115,64"
            "C109,59 104,58 100,59C96,58 91,59 85,64Z",
            fill=pal.hair,
        ),
        path("M76,56C74,42 92,34 106,36C120,38 128,46 124,56Z", fill=st.accents.fante_cap, **S),
        path("M116,44C120,32 128,26 138,24C134,34 128,40 120,48Z", fill=pal.white, **S),
    ]


def cavallo_half(st: ItalianStyle) -> list[str]:
    """The horse's head and neck rising on the left, the rider's bust before it, hand raised."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    coat = pal.horse
    return [
        # the horse: from its chest at the middle line up the throat to a head facing left
        path(
            "M30,150C30,134 36,120 42,112L30,108Q20,106 14,100Q10,94 16,88L24,84Q34,74 44,68"
            "L50,52L56,64L62,50L66,66Q84,78 96,104L108,150Z",
            fill=coat,
            **S,
        ),
        path("M66,66Q86,80 100,110L106,150L98,150L92,114Q82,88 62,74Z", fill=pal.hair, **S),
        circle(44, 80, 2.6, fill=ink),
        circle(20, 94, 1.6, fill=ink),
        path(
            "M22,86L34,104M34,104Q40,88 54,68M34,104Q60,114 88,112",
            stroke=pal.red,
            stroke_width=2.2,
            fill="none",
            stroke_linejoin="round",
        ),
        # the rider
        bust(st, 88, 160, 94),
        line("M94,126L154,126", pal.gold, 4),
        raised_arm(st, (148, 106), (160, 72)),
        rect(116, 82, 12, 14, fill=pal.skin, **S),
        head(122, 70, 14, st),
        path("M106,64C104,50 114,44 124,46C136,48 140,56 138,64Z", fill=st.accents.rider_hat, **S),
        path("M130,52C134,40 140,34 148,32C144,42 138,48 132,56Z", fill=pal.red, **S),
    ]


def re_half(st: ItalianStyle) -> list[str]:
    """A bearded king: crown, ermine cape, a sceptre in the left hand, the right one raised."""
    pal = st.pal
    ink = pal.ink
    S = outline(ink, SW)
    if st.king_staff == "pike":
        staff = [
            line("M52,150L61,22", pal.wood_dark, 5, round_cap=True),
            path("M61,4L67,22L61,30L55,22Z", fill=pal.steel, **S),
        ]
    else:
        staff = [
            gilded_rod("M52,150L60,40", 5, 2.4, pal),
            path("M60,26L66,36L60,46L54,36Z", fill=pal.gold, **S),
        ]
    return [
        *staff,
        bust(st, 40, 160, 100),
        path("M92,104L108,104L110,150L90,150Z", fill=pal.white, **S),
        ermine_spots("M100,112l0,5M97,128l0,5M103,142l0,5", pal),
        path("M64,110Q100,100 136,110L140,122Q100,132 60,122Z", fill=pal.white, **S),
        ermine_spots("M72,114l0,4M88,118l0,4M112,118l0,4M128,114l0,4", pal),
        circle(60, 128, 7, fill=pal.skin, **S),
        raised_arm(st, (138, 112), (156, 80)),
        rect(94, 86, 12, 16, fill=pal.skin, **S),
        head(100, 72, 16, st),
        beard(
            "M84,72C82,96 94,104 100,106C106,104 118,96 116,72"
            "C112,82 106,84 100,84C94,84 88,82 84,72Z",
            81,
            pal,
        ),
        crown(100, 58, 36, 20, pal),
    ]


# Where the raised hand of each half holds the suit's symbol.
HANDS = {"J": (150.0, 78.0), "Q": (160.0, 72.0), "K": (156.0, 80.0)}
HALF_IDS = {"J": "hfante", "Q": "hcav", "K": "hre"}


def held(suit: str, x: float, y: float, st: ItalianStyle) -> str:
    """The suit's symbol held up in the hand at (x, y), kept inside the half."""
    p = st.pid
    if suit == "D":
        return use(f"{p}coin", tf(x - 4, y - 20, 0.36))
    if suit == "H":
        return use(f"{p}cup", tf(x - 4, y - 22, 0.36))
    if suit == "S":
        return use(f"{p}sws", tf(x, y + 4, 0.72, 14))
    return use(f"{p}clubs", tf(x + 2, y - 22, 0.7, 14))


def halves_marks(rank: str, suit: str, st: ItalianStyle) -> list[str]:
    """The half figure of ``rank`` dressed for ``suit``, its symbol in hand, twice."""
    colour = st.pal.colour(st.garment[suit])
    x, y = HANDS[rank]
    half = [
        held(suit, x, y, st),
        use(f"{st.pid}{HALF_IDS[rank]}", color=colour),
        *st.court_extras(rank, suit),
    ]
    divider = path(
        f"M14,{fmt(HALF_Y)}L186,{fmt(HALF_Y)}", stroke=st.pal.ink, stroke_width=1.4, fill="none"
    )
    return [*half, rot180(half), divider]
