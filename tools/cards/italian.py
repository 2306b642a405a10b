"""The Italian decks (Neapolitan and Piacentine)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tools.cards.card import CX, CY, RANKS, SUITS, card_bg_def, crown, eyes, rot180
from tools.cards.palette import NEAPOLITAN, PIACENTINE, SERIF, Palette, palette_colour
from tools.cards.svg import (
    Attr,
    Pt,
    bez,
    bez_dir,
    el,
    fmt,
    group,
    lattice_d,
    offset,
    path_d,
    text,
    tf,
    use,
)

ITALIAN_NUMBER = {"A": "1", "J": "8", "Q": "9", "K": "10"}


@dataclass(frozen=True)
class ItalianStyle:
    pid: str  # id prefix for defs
    pal: Palette
    piacentine: bool
    garment: dict[str, str]  # suit -> palette colour name


def it_number(rank: str, st: ItalianStyle) -> str:
    """Rank number in a small frame, top-left and (rotated) bottom-right."""
    pal = st.pal
    n = ITALIAN_NUMBER.get(rank, rank)
    length = 31.0 if len(n) == 2 else None
    frame_stroke = pal.ink if not st.piacentine else pal.red
    one = el(
        "rect",
        x=6,
        y=6,
        width=37,
        height=46,
        rx=3,
        fill=pal.number_bg,
        stroke=frame_stroke,
        stroke_width=2,
    ) + text(n, 24.5, 43, 40, pal.ink if not st.piacentine else pal.red, SERIF, length=length)
    return one + rot180([one])


# ---- suit symbols ---------------------------------------------------------


def coin_def(st: ItalianStyle) -> str:
    pal = st.pal
    ink = pal.ink
    parts = [el("circle", r=47, fill=pal.gold, stroke=ink, stroke_width=3)]
    if not st.piacentine:
        parts.append(el("circle", r=38.5, fill="none", stroke=pal.red, stroke_width=5))
        parts.append(el("circle", r=35.5, fill="none", stroke=ink, stroke_width=1.2))
        petals = "".join(
            el("ellipse", cx=0, cy=-19, rx=7.5, ry=13, transform=f"rotate({a})")
            for a in range(0, 360, 45)
        )
        parts.append(group([petals], fill=pal.red, stroke=ink, stroke_width=1.3))
        parts.append(el("circle", r=9, fill=pal.green, stroke=ink, stroke_width=1.5))
        parts.append(el("circle", r=3.5, fill=pal.gold))
    else:
        parts.append(el("circle", r=41.5, fill="none", stroke=pal.red, stroke_width=8))
        parts.append(el("circle", r=36, fill=pal.gold, stroke=ink, stroke_width=1.4))
        dots = "".join(
            el(
                "circle",
                cx=fmt(41.5 * math.cos(math.radians(a))),
                cy=fmt(41.5 * math.sin(math.radians(a))),
                r=2.2,
            )
            for a in range(0, 360, 30)
        )
        parts.append(group([dots], fill=pal.gold))
        star: list[Pt] = []
        for i in range(16):
            r = 31 if i % 2 == 0 else 13
            a = math.radians(i * 22.5 - 90)
            star.append((r * math.cos(a), r * math.sin(a)))
        parts.append(
            el(
                "path",
                d=path_d(star),
                fill=pal.red,
                stroke=ink,
                stroke_width=1.4,
                stroke_linejoin="round",
            )
        )
        parts.append(el("circle", r=9, fill=pal.blue, stroke=ink, stroke_width=1.4))
        parts.append(el("circle", r=3.5, fill=pal.gold))
    return group(parts, id=f"{st.pid}coin")


def cup_def(st: ItalianStyle) -> str:
    """A goblet about 64 wide and 96 tall, centred on the origin."""
    pal = st.pal
    ink = pal.ink
    sw = 2.6
    body = pal.gold
    knob = pal.red if not st.piacentine else pal.blue
    band = pal.red
    parts = [
        # foot
        el(
            "path",
            d="M-25,47C-24,36 -10,31 0,31C10,31 24,36 25,47Z",
            fill=body,
            stroke=ink,
            stroke_width=sw,
            stroke_linejoin="round",
        ),
        # stem
        el(
            "path",
            d="M-5,4L5,4L6,32L-6,32Z",
            fill=body,
            stroke=ink,
            stroke_width=sw,
            stroke_linejoin="round",
        ),
        el("ellipse", cx=0, cy=17, rx=11, ry=6.5, fill=knob, stroke=ink, stroke_width=sw),
        # bowl
        el(
            "path",
            d="M-31,-37C-31,-8 -17,5 0,5C17,5 31,-8 31,-37Z",
            fill=body,
            stroke=ink,
            stroke_width=sw,
            stroke_linejoin="round",
        ),
    ]
    if not st.piacentine:
        parts.append(
            el(
                "path",
                d="M-29.5,-22Q0,-14 29.5,-22L27,-12Q0,-4 -27,-12Z",
                fill=band,
                stroke=ink,
                stroke_width=1.5,
                stroke_linejoin="round",
            )
        )
        parts.append(
            el("path", d="M-18,-3Q0,4 18,-3", fill="none", stroke=pal.gold_dark, stroke_width=2.5)
        )
    else:
        parts.append(
            el(
                "path",
                d="M-30,-26Q0,-18 30,-26L29,-18Q0,-10 -29,-18Z",
                fill=pal.blue,
                stroke=ink,
                stroke_width=1.4,
                stroke_linejoin="round",
            )
        )
        parts.append(el("path", d="M-24,-5Q0,2 24,-5", fill="none", stroke=band, stroke_width=3))
    parts.append(
        el("ellipse", cx=0, cy=-37, rx=31, ry=8, fill=pal.gold_dark, stroke=ink, stroke_width=sw)
    )
    parts.append(
        el(
            "ellipse",
            cx=0,
            cy=-37.5,
            rx=24,
            ry=4.5,
            fill=band if not st.piacentine else pal.red,
            stroke="none",
        )
    )
    return group(parts, id=f"{st.pid}cup")


def sword_markup(p0: Pt, p1: Pt, p2: Pt, hw: float, st: ItalianStyle, scale: float = 1.0) -> str:
    """A (possibly curved) sword: hilt at p0, tip at p2, blade following a Bezier."""
    pal = st.pal
    n = 18
    left: list[Pt] = []
    right: list[Pt] = []
    for i in range(n + 1):
        t = i / n
        p = bez(p0, p1, p2, t)
        d = bez_dir(p0, p1, p2, t)
        w = hw * min(1.0, (1.0 - t) * 3.2)
        left.append(offset(p, d, 0, w))
        right.append(offset(p, d, 0, -w))
    blade = left + right[::-1][1:]
    d0 = bez_dir(p0, p1, p2, 0.0)
    guard_half = 13 * scale
    guard_th = 3.2 * scale
    grip = 17 * scale
    grip_hw = 3.0 * scale
    guard = [
        offset(p0, d0, guard_th, guard_half),
        offset(p0, d0, guard_th, -guard_half),
        offset(p0, d0, -guard_th, -guard_half),
        offset(p0, d0, -guard_th, guard_half),
    ]
    grip_pts = [
        offset(p0, d0, 0, grip_hw),
        offset(p0, d0, -grip, grip_hw * 1.1),
        offset(p0, d0, -grip, -grip_hw * 1.1),
        offset(p0, d0, 0, -grip_hw),
    ]
    pommel = offset(p0, d0, -grip - 4.5 * scale, 0)
    fuller = [bez(p0, p1, p2, i / n) for i in range(1, int(n * 0.72))]
    ink = pal.ink
    sw = 2.0 * scale
    hilt_col = pal.gold
    grip_col = pal.red if not st.piacentine else pal.wood_dark
    guard_ends = [offset(p0, d0, 0, guard_half), offset(p0, d0, 0, -guard_half)]
    return "".join(
        [
            el(
                "path",
                d=path_d(blade),
                fill=pal.steel,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            el(
                "path",
                d=path_d(fuller, close=False),
                fill="none",
                stroke=ink,
                stroke_width=0.9 * scale,
                opacity=0.55,
            ),
            el(
                "path",
                d=path_d(grip_pts),
                fill=grip_col,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            el(
                "path",
                d=path_d(guard),
                fill=hilt_col,
                stroke=ink,
                stroke_width=sw,
                stroke_linejoin="round",
            ),
            "".join(
                el(
                    "circle",
                    cx=x,
                    cy=y,
                    r=3.6 * scale,
                    fill=hilt_col,
                    stroke=ink,
                    stroke_width=sw * 0.8,
                )
                for x, y in guard_ends
            ),
            el(
                "circle",
                cx=pommel[0],
                cy=pommel[1],
                r=5 * scale,
                fill=hilt_col,
                stroke=ink,
                stroke_width=sw,
            ),
        ]
    )


# Curved swords come in mirrored pairs forming a "lens".  Per count: the
# lenses as (half-width at the middle, hilt offset from the centre line,
# hilts at the bottom?) and where the hilt of the straight centre sword goes
# (odd counts only): 1 = bottom, -1 = top, 0 = no centre sword.
Lens = tuple[int, int, bool]
SWORD_LENSES: dict[str, tuple[tuple[Lens, ...], int]] = {
    "2": (((38, 10, True),), 0),
    "3": (((42, 12, True),), -1),
    "4": (((26, 10, True), (54, 12, False)), 0),
    "5": (((30, 14, True), (56, 14, False)), 1),
    "6": (((18, 9, True), (40, 12, False), (62, 30, True)), 0),
    "7": (((24, 14, True), (46, 12, False), (66, 34, True)), 1),
}


def lens_sword_id(st: ItalianStyle, width: int, hilt: int) -> str:
    return f"{st.pid}sw{width}-{hilt}"


def lens_sword_points(width: int, hilt: int) -> tuple[Pt, Pt, Pt]:
    """Control points of the left-bulging sword of a lens, hilt at the bottom.

    Relative to the card centre; its tip crosses its mirror image near the top.
    """
    p0: Pt = (float(hilt), 84.0)
    p2: Pt = (7.0, -100.0)
    mid_x = -float(width)
    p1: Pt = (2 * mid_x - (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2 - 4.0)
    return p0, p1, p2


def sword_defs(st: ItalianStyle) -> list[str]:
    out: list[str] = []
    combos = sorted({(w, h) for lenses, _ in SWORD_LENSES.values() for w, h, _ in lenses})
    for w, h in combos:
        p0, p1, p2 = lens_sword_points(w, h)
        out.append(group([sword_markup(p0, p1, p2, 4.2, st, 0.82)], id=lens_sword_id(st, w, h)))
    out.append(group([sword_markup((0, 86), (0, 0), (0, -100), 4.6, st)], id=f"{st.pid}swc"))
    # small sword held by the figures: guard at origin, blade up, 100 long.
    out.append(group([sword_markup((0, 0), (0, -45), (0, -90), 4.0, st, 0.8)], id=f"{st.pid}sws"))
    # the big ace sword
    out.append(group([sword_markup((0, 70), (0, -20), (0, -118), 8.5, st, 1.6)], id=f"{st.pid}swa"))
    return out


def club_markup(
    length: float, hw0: float, hw1: float, st: ItalianStyle, knots: int, sw: float = 2.2
) -> str:
    """A vertical baton centred on the origin, thin end down, thick end up."""
    pal = st.pal
    ink = pal.ink
    y0 = length / 2
    y1 = -length / 2
    body = (
        f"M{fmt(-hw0)},{fmt(y0 - hw0)}L{fmt(-hw1)},{fmt(y1 + hw1)}"
        f"A{fmt(hw1)},{fmt(hw1)} 0 0,1 {fmt(hw1)},{fmt(y1 + hw1)}"
        f"L{fmt(hw0)},{fmt(y0 - hw0)}"
        f"A{fmt(hw0)},{fmt(hw0)} 0 0,1 {fmt(-hw0)},{fmt(y0 - hw0)}Z"
    )
    parts: list[str] = []
    if not st.piacentine:
        # Knotty wooden cudgel with cut-off branch stubs.
        for i in range(knots):
            t = (i + 1) / (knots + 1)
            y = y0 + (y1 - y0) * t
            hw = hw0 + (hw1 - hw0) * t
            side = -1 if i % 2 == 0 else 1
            kx = side * (hw + 2.0)
            parts.append(
                el(
                    "ellipse",
                    cx=kx,
                    cy=y,
                    rx=hw * 0.45 + 1.6,
                    ry=hw * 0.38 + 1.4,
                    fill=pal.wood_dark,
                    stroke=ink,
                    stroke_width=sw * 0.8,
                )
            )
        parts.append(
            el("path", d=body, fill=pal.wood, stroke=ink, stroke_width=sw, stroke_linejoin="round")
        )
        parts.append(
            el(
                "path",
                d=f"M{fmt(-hw0 * 0.3)},{fmt(y0 - hw0 * 2)}L{fmt(-hw1 * 0.3)},{fmt(y1 + hw1 * 2)}",
                stroke=pal.gold,
                stroke_width=max(1.2, hw0 * 0.35),
                stroke_linecap="round",
                fill="none",
                opacity=0.8,
            )
        )
        for i in range(knots):
            t = (i + 0.5) / (knots + 1) + 0.08
            y = y0 + (y1 - y0) * t
            hw = hw0 + (hw1 - hw0) * t
            parts.append(
                el(
                    "path",
                    d=f"M{fmt(-hw * 0.6)},{fmt(y)}q{fmt(hw * 0.6)},"
                    f"{fmt(-hw * 0.35)} {fmt(hw * 1.2)},0",
                    stroke=pal.wood_dark,
                    stroke_width=sw * 0.6,
                    fill="none",
                )
            )
    else:
        # Straight turned staff with red and green rings.
        parts.append(
            el("path", d=body, fill=pal.wood, stroke=ink, stroke_width=sw, stroke_linejoin="round")
        )
        for i in range(knots + 1):
            t = (i + 0.5) / (knots + 1)
            y = y0 + (y1 - y0) * t
            hw = hw0 + (hw1 - hw0) * t
            ring = pal.green if i % 2 == 0 else pal.gold
            parts.append(
                el(
                    "rect",
                    x=-hw - 0.6,
                    y=y - 2.6,
                    width=2 * hw + 1.2,
                    height=5.2,
                    rx=1.5,
                    fill=ring,
                    stroke=ink,
                    stroke_width=sw * 0.6,
                )
            )
        parts.append(
            el(
                "path",
                d=f"M{fmt(-hw0 * 0.35)},{fmt(y0 - hw0 * 2)}L{fmt(-hw1 * 0.35)},{fmt(y1 + hw1 * 2)}",
                stroke=pal.white,
                stroke_width=max(1.0, hw0 * 0.3),
                stroke_linecap="round",
                fill="none",
                opacity=0.45,
            )
        )
    return "".join(parts)


def club_defs(st: ItalianStyle) -> list[str]:
    return [
        group([club_markup(196, 5.0, 9.0, st, 4)], id=f"{st.pid}club"),
        group([club_markup(96, 3.6, 6.4, st, 2, 1.8)], id=f"{st.pid}clubs"),
        group([club_markup(214, 9.0, 21.0, st, 5, 3.0)], id=f"{st.pid}cluba"),
    ]


# ---- pip layouts ----------------------------------------------------------

Place = tuple[float, float, float]  # x, y, scale

COIN_LAYOUT: dict[str, list[Place]] = {
    "2": [(100, 92, 0.62), (100, 208, 0.62)],
    "3": [(64, 80, 0.52), (100, 150, 0.52), (136, 220, 0.52)],
    "4": [(64, 96, 0.54), (136, 96, 0.54), (64, 204, 0.54), (136, 204, 0.54)],
    "5": [(60, 82, 0.5), (140, 82, 0.5), (100, 150, 0.5), (60, 218, 0.5), (140, 218, 0.5)],
    "6": [
        (64, 74, 0.47),
        (136, 74, 0.47),
        (64, 150, 0.47),
        (136, 150, 0.47),
        (64, 226, 0.47),
        (136, 226, 0.47),
    ],
    "7": [
        (52, 76, 0.44),
        (100, 76, 0.44),
        (148, 76, 0.44),
        (100, 150, 0.52),
        (52, 224, 0.44),
        (100, 224, 0.44),
        (148, 224, 0.44),
    ],
}

CUP_LAYOUT: dict[str, list[Place]] = {
    "2": [(100, 95, 0.86), (100, 207, 0.86)],
    "3": [(100, 90, 0.74), (62, 210, 0.74), (138, 210, 0.74)],
    "4": [(64, 96, 0.76), (136, 96, 0.76), (64, 206, 0.76), (136, 206, 0.76)],
    "5": [(62, 84, 0.62), (138, 84, 0.62), (100, 150, 0.62), (62, 216, 0.62), (138, 216, 0.62)],
    "6": [
        (66, 78, 0.6),
        (134, 78, 0.6),
        (66, 152, 0.6),
        (134, 152, 0.6),
        (66, 226, 0.6),
        (134, 226, 0.6),
    ],
    "7": [
        (52, 80, 0.56),
        (100, 80, 0.56),
        (148, 80, 0.56),
        (100, 152, 0.6),
        (52, 224, 0.56),
        (100, 224, 0.56),
        (148, 224, 0.56),
    ],
}

# Batons: (dx, angle, length scale); each a long club through (100+dx, 150).
CLUB_LAYOUT: dict[str, list[tuple[float, float, float]]] = {
    "2": [(0, -22, 1), (0, 22, 1)],
    "3": [(0, -24, 1), (0, 24, 1), (0, 0, 1)],
    "4": [(-22, -20, 1), (22, -20, 1), (-22, 20, 1), (22, 20, 1)],
    "5": [(-24, -20, 1), (24, -20, 1), (-24, 20, 1), (24, 20, 1), (0, 0, 1)],
    "6": [(-19, -13, 1), (19, -13, 1), (-19, 13, 1), (19, 13, 1), (-64, 0, 0.9), (64, 0, 0.9)],
    "7": [
        (-19, -13, 1),
        (19, -13, 1),
        (-19, 13, 1),
        (19, 13, 1),
        (-64, 0, 0.9),
        (64, 0, 0.9),
        (0, 0, 0.9),
    ],
}


def it_defs(st: ItalianStyle) -> list[str]:
    pal = st.pal
    out = [card_bg_def(st.pid, pal, border=st.piacentine), coin_def(st), cup_def(st)]
    out.extend(sword_defs(st))
    out.extend(club_defs(st))
    out.extend(it_figures(st))
    out.append(it_back(st))
    return out


def it_ace(suit: str, st: ItalianStyle) -> str:
    pal = st.pal
    p = st.pid
    ink = pal.ink
    if suit == "D":
        rays: list[str] = []
        for i in range(16):
            a = i * 22.5
            col = pal.red if i % 2 == 0 else pal.gold_dark
            rays.append(
                el(
                    "path",
                    d="M-7,-66L0,-84L7,-66Z",
                    fill=col,
                    stroke=ink,
                    stroke_width=1.4,
                    stroke_linejoin="round",
                    transform=f"rotate({fmt(a)})",
                )
            )
        return group(
            [
                group(rays),
                el(
                    "circle",
                    r=70,
                    fill=pal.green if not st.piacentine else pal.blue,
                    stroke=ink,
                    stroke_width=2.5,
                ),
                use(f"{p}coin", tf(0, 0, 1.36)),
            ],
            transform=tf(CX, CY),
        )
    if suit == "H":
        pearls = "".join(
            el(
                "circle",
                cx=CX + x,
                cy=CY - 36 + 0.004 * x * x * 2.05,
                r=2.6,
                fill=pal.white,
                stroke=ink,
                stroke_width=1,
            )
            for x in range(-48, 49, 12)
        )
        return "".join(
            [
                el("ellipse", cx=CX, cy=250, rx=60, ry=9, fill=pal.green, opacity=0.3),
                use(f"{p}cup", tf(CX, 150, 2.05)),
                pearls,
            ]
        )
    if suit == "S":
        return "".join(
            [
                laurel(st),
                use(f"{p}swa", tf(CX, CY + 6)),
                crown(100, 40, 40, 20, pal),
            ]
        )
    # Ace of batons: a big cudgel sprouting leaves.
    sprigs = [
        sprig(-12.5, 54, -1, st),
        sprig(23, -38, 1, st),
        sprig(-21, -72, -1, st),
        sprig(0, -104, 0, st),
    ]
    return group([use(f"{p}cluba"), *sprigs], transform=tf(CX, CY + 8, 1.0, 8))


def leaf(x: float, y: float, angle: float, size: float, st: ItalianStyle) -> str:
    """A pointed leaf whose base is at (x, y), pointing at ``angle`` degrees (0 = up)."""
    return el(
        "path",
        d=f"M0,0Q{fmt(size * 0.42)},{fmt(-size * 0.45)} 0,{fmt(-size)}"
        f"Q{fmt(-size * 0.42)},{fmt(-size * 0.45)} 0,0Z",
        fill=st.pal.green,
        stroke=st.pal.ink,
        stroke_width=1.1,
        stroke_linejoin="round",
        transform=f"translate({fmt(x)} {fmt(y)}) rotate({fmt(angle)})",
    )


def sprig(x: float, y: float, side: int, st: ItalianStyle) -> str:
    """Three leaves sprouting from (x, y) towards ``side`` (-1 left, 1 right, 0 up)."""
    base = 60.0 * side
    return "".join(leaf(x, y, base + da, 20.0 - abs(da) / 6, st) for da in (-35.0, 0.0, 35.0))


def laurel(st: ItalianStyle) -> str:
    """Two laurel branches rising from the bottom on either side of the ace."""
    pal = st.pal
    parts: list[str] = []
    for side in (-1, 1):
        p0: Pt = (CX + side * 6, 262.0)
        p1: Pt = (CX + side * 86, 226.0)
        p2: Pt = (CX + side * 58, 78.0)
        stem = [bez(p0, p1, p2, i / 16) for i in range(17)]
        parts.append(
            el(
                "path",
                d=path_d(stem, close=False),
                stroke=pal.green,
                stroke_width=3,
                fill="none",
                stroke_linecap="round",
            )
        )
        for i in range(1, 10):
            t = 0.1 + i * 0.09
            x, y = bez(p0, p1, p2, t)
            dx, dy = bez_dir(p0, p1, p2, t)
            ang = math.degrees(math.atan2(dx, -dy))
            for da in (-38.0, 38.0):
                parts.append(leaf(x, y, ang + da, 17.0, st))
        tip = bez(p0, p1, p2, 1.0)
        dx, dy = bez_dir(p0, p1, p2, 1.0)
        parts.append(leaf(tip[0], tip[1], math.degrees(math.atan2(dx, -dy)), 17.0, st))
    return "".join(parts)


def it_pip_card(rank: str, suit: str, st: ItalianStyle) -> str:
    p = st.pid
    parts = [use(f"{p}bg")]
    if rank == "A":
        parts.append(it_ace(suit, st))
    elif suit == "D":
        for x, y, s in COIN_LAYOUT[rank]:
            parts.append(use(f"{p}coin", tf(x, y, s)))
        if rank == "7":
            parts.insert(1, settebello_flourish(st))
    elif suit == "H":
        for x, y, s in CUP_LAYOUT[rank]:
            parts.append(use(f"{p}cup", tf(x, y, s)))
    elif suit == "S":
        lenses, centre = SWORD_LENSES[rank]
        for w, h, bottom in lenses:
            sid = lens_sword_id(st, w, h)
            sy = 1.0 if bottom else -1.0
            parts.append(use(sid, tf(CX, CY, sy, sx=1.0)))
            parts.append(use(sid, tf(CX, CY, sy, sx=-1.0)))
        if centre:
            parts.append(use(f"{p}swc", tf(CX, CY, 1.0, 0 if centre > 0 else 180)))
    else:
        for dx, ang, scale in CLUB_LAYOUT[rank]:
            parts.append(use(f"{p}club", tf(CX + dx, CY, scale, ang)))
    parts.append(it_number(rank, st))
    return "".join(parts)


def settebello_flourish(st: ItalianStyle) -> str:
    """A small wreath behind the centre coin marks the settebello."""
    pal = st.pal
    leaves: list[str] = []
    for i in range(12):
        a = i * 30 + 15
        leaves.append(
            el(
                "ellipse",
                cx=0,
                cy=-34,
                rx=5.5,
                ry=10,
                fill=pal.green,
                stroke=pal.ink,
                stroke_width=1,
                transform=f"rotate({a})",
            )
        )
    return group(
        [
            el("circle", r=36, fill=pal.red, stroke=pal.ink, stroke_width=1.5),
            *leaves,
        ],
        transform=tf(CX, CY),
    )


# ---- court figures ---------------------------------------------------------


def it_figures(st: ItalianStyle) -> list[str]:
    """Full-length Fante, Cavallo and Re; main garment is ``currentColor``."""
    pal = st.pal
    ink = pal.ink
    sw = 2.2
    S: dict[str, Attr] = {"stroke": ink, "stroke_width": sw, "stroke_linejoin": "round"}

    def face(cx: float, cy: float, r: float) -> str:
        return (
            el("circle", cx=cx, cy=cy, r=r, fill=pal.skin, **S)
            + eyes(cx, cy - 1, r * 0.36, pal, 1.6)
            + el(
                "path",
                d=f"M{fmt(cx - 3.5)},{fmt(cy + r * 0.5)}q3.5,2 7,0",
                stroke=ink,
                stroke_width=1.4,
                fill="none",
            )
        )

    hose = pal.gold if not st.piacentine else pal.red
    fante = group(
        [
            # legs and shoes
            el("path", d="M86,204L98,204L97,264L88,264Z", fill=hose, **S),
            el("path", d="M102,204L114,204L112,264L103,264Z", fill=hose, **S),
            el("ellipse", cx=88, cy=268, rx=11, ry=5, fill=ink),
            el("ellipse", cx=112, cy=268, rx=11, ry=5, fill=ink),
            # hanging left arm (sleeve + hand)
            el("path", d="M76,122L64,188L75,190L86,130Z", fill="currentColor", **S),
            el("circle", cx=69, cy=194, r=6.5, fill=pal.skin, **S),
            # tunic
            el(
                "path",
                d="M76,118Q100,110 124,118L140,208Q100,218 60,208Z",
                fill="currentColor",
                **S,
            ),
            el("path", d="M100,116L100,212", stroke=pal.gold, stroke_width=4, fill="none"),
            el(
                "path", d="M67,164Q100,172 133,164L134,174Q100,182 66,174Z", fill=pal.gold_dark, **S
            ),
            el("path", d="M62,202Q100,212 138,202", stroke=pal.gold, stroke_width=4, fill="none"),
            # raised right arm
            el("path", d="M118,120L146,104L152,114L126,134Z", fill="currentColor", **S),
            el("circle", cx=150, cy=106, r=6.5, fill=pal.skin, **S),
            # collar, neck, head, hair, cap and feather
            el("rect", x=94, y=100, width=12, height=14, fill=pal.skin, **S),
            el("path", d="M84,116Q100,126 116,116L112,110Q100,116 88,110Z", fill=pal.white, **S),
            el(
                "path",
                d="M82,90C80,108 86,110 90,110L110,110C114,110 120,108 118,90Z",
                fill=pal.hair,
                **S,
            ),
            face(100, 92, 16),
            el(
                "path",
                d="M84,88C84,76 92,74 100,74C108,74 116,76 116,88"
                "C110,82 104,80 100,82C96,80 90,82 84,88Z",
                fill=pal.hair,
            ),
            el(
                "path",
                d="M76,78C74,64 92,56 106,58C120,60 128,68 124,78Z",
                fill=pal.red if not st.piacentine else pal.blue,
                **S,
            ),
            el("path", d="M118,66C124,50 136,42 148,40C142,52 134,62 122,70Z", fill=pal.white, **S),
        ],
        id=f"{st.pid}fante",
    )

    horse_col = pal.horse
    cav = group(
        [
            # tail
            el(
                "path",
                d="M160,172C178,178 182,206 174,236C170,214 164,196 156,186Z",
                fill=pal.hair,
                **S,
            ),
            # far legs (darker)
            el("path", d="M78,206L88,206L86,262L77,262Z", fill=horse_col, opacity=0.8, **S),
            el("path", d="M140,204L150,204L154,262L145,262Z", fill=horse_col, opacity=0.8, **S),
            # horse silhouette: head, neck, body
            el(
                "path",
                d="M62,96L60,78L51,93Q38,108 24,138Q18,152 30,155Q40,156 46,148"
                "Q54,142 58,152Q62,166 58,182Q56,204 70,214Q108,224 148,218"
                "Q162,212 166,196Q170,172 152,164Q126,156 100,160Q84,120 62,96Z",
                fill=horse_col,
                **S,
            ),
            # near legs with hooves
            el("path", d="M60,200L74,206L66,236L58,262L49,262L55,234Z", fill=horse_col, **S),
            el("path", d="M126,208L138,208L136,262L127,262Z", fill=horse_col, **S),
            el(
                "path",
                d="M49,262L58,262L58,268L48,268Z M77,262L86,262L86,268L76,268Z"
                "M127,262L136,262L136,268L126,268Z M145,262L154,262L155,268L145,268Z",
                fill=ink,
            ),
            # mane, eye, nostril
            el("path", d="M60,90Q86,114 102,158L92,160Q78,124 54,100Z", fill=pal.hair, **S),
            el("circle", cx=45, cy=112, r=2.8, fill=ink),
            el("path", d="M27,144q3,-3 6,0", stroke=ink, stroke_width=1.6, fill="none"),
            # bridle and reins
            el(
                "path",
                d="M45,146L61,103M29,136Q36,146 45,146",
                stroke=pal.red,
                stroke_width=2.4,
                fill="none",
                stroke_linecap="round",
            ),
            el("path", d="M45,146Q68,150 86,138", stroke=pal.red, stroke_width=1.8, fill="none"),
            # saddle cloth
            el(
                "path",
                d="M84,164L138,164L142,214Q112,220 82,214Z",
                fill=pal.red if not st.piacentine else pal.gold,
                **S,
            ),
            el("path", d="M86,206Q112,212 140,206", stroke=pal.gold, stroke_width=3.5, fill="none"),
            el("path", d="M86,172L136,172", stroke=pal.gold, stroke_width=2.5, fill="none"),
            # rider: torso, leg, arms, head, hat
            el("path", d="M96,112L124,112L126,164L94,164Z", fill="currentColor", **S),
            el("path", d="M97,160L118,160L104,190L108,210L96,212L90,188Z", fill=hose, **S),
            el("path", d="M94,208L110,206L112,214L92,216Z", fill=ink),
            el("path", d="M98,118L84,136L90,142L106,126Z", fill="currentColor", **S),
            el("circle", cx=88, cy=138, r=5.5, fill=pal.skin, **S),
            el("path", d="M120,116L146,92L152,100L126,128Z", fill="currentColor", **S),
            el("circle", cx=150, cy=96, r=6, fill=pal.skin, **S),
            el("path", d="M94,138L126,138", stroke=pal.gold, stroke_width=4, fill="none"),
            el("rect", x=104, y=98, width=12, height=16, fill=pal.skin, **S),
            face(110, 90, 14),
            el(
                "path",
                d="M94,84C92,70 102,64 112,66C124,68 128,76 126,84Z",
                fill=pal.blue if not st.piacentine else pal.green,
                **S,
            ),
            el("path", d="M120,72C124,58 132,52 142,50C138,60 130,68 122,76Z", fill=pal.red, **S),
        ],
        id=f"{st.pid}cav",
    )

    def king(mantle: str) -> str:
        return group(
            [
                # mantle behind
                el("path", d="M70,122L44,264Q100,274 156,264L130,122Z", fill=mantle, **S),
                # robe
                el(
                    "path",
                    d="M78,120Q100,112 122,120L142,266Q100,274 58,266Z",
                    fill="currentColor",
                    **S,
                ),
                el("path", d="M94,122L106,122L110,270L90,270Z", fill=pal.white, **S),
                el(
                    "path",
                    d="M100,132l0,5M98,150l0,5M102,168l0,5M98,186l0,5M102,204l0,5"
                    "M98,222l0,5M102,240l0,5M98,256l0,5",
                    stroke=ink,
                    stroke_width=2.2,
                    stroke_linecap="round",
                    fill="none",
                ),
                el("path", d="M76,172Q100,180 124,172L125,181Q100,189 75,181Z", fill=pal.gold, **S),
                # ermine cape
                el(
                    "path", d="M70,124Q100,110 130,124L136,146Q100,156 64,146Z", fill=pal.white, **S
                ),
                el(
                    "path",
                    d="M76,136l0,5M90,140l0,5M110,140l0,5M124,136l0,5",
                    stroke=ink,
                    stroke_width=2.2,
                    stroke_linecap="round",
                    fill="none",
                ),
                # arms
                el("path", d="M72,132L56,172L66,176L82,144Z", fill="currentColor", **S),
                el("circle", cx=60, cy=176, r=7, fill=pal.skin, **S),
                el("path", d="M128,132L142,172L134,176L118,144Z", fill="currentColor", **S),
                # sceptre
                el(
                    "path",
                    d="M140,244L146,74",
                    stroke=pal.gold_dark,
                    stroke_width=5.5,
                    stroke_linecap="round",
                    fill="none",
                ),
                el(
                    "path",
                    d="M140,244L146,74",
                    stroke=pal.gold,
                    stroke_width=2.6,
                    stroke_linecap="round",
                    fill="none",
                ),
                el("path", d="M146,56L153,68L146,80L139,68Z", fill=pal.gold, **S),
                el("circle", cx=138, cy=176, r=7, fill=pal.skin, **S),
                # head, beard, crown
                el("rect", x=94, y=100, width=12, height=16, fill=pal.skin, **S),
                face(100, 92, 16),
                el(
                    "path",
                    d="M84,92C82,116 94,124 100,126C106,124 118,116 116,92"
                    "C112,102 106,104 100,104C94,104 88,102 84,92Z",
                    fill=pal.hair,
                    stroke=ink,
                    stroke_width=1.6,
                    stroke_linejoin="round",
                ),
                el("path", d="M93,101Q100,97 107,101", stroke=ink, stroke_width=1.6, fill="none"),
                crown(100, 80, 36, 22, pal),
            ],
            id=f"{st.pid}re-{'red' if mantle == pal.red else 'blue'}",
        )

    return [fante, cav, king(pal.red), king(pal.blue)]


def held_symbol(suit: str, x: float, y: float, st: ItalianStyle, s: float = 0.42) -> str:
    """The suit symbol held in a raised hand at (x, y)."""
    p = st.pid
    if suit == "D":
        return use(f"{p}coin", tf(x, y - 22, s))
    if suit == "H":
        return use(f"{p}cup", tf(x, y - 26, s))
    if suit == "S":
        return use(f"{p}sws", tf(x, y - 4, 0.86, 8))
    return use(f"{p}clubs", tf(x + 4, y - 36, 0.86, 8))


def it_face_card(rank: str, suit: str, st: ItalianStyle) -> str:
    p = st.pid
    colour = palette_colour(st.pal, st.garment[suit])
    mantle = "blue" if st.garment[suit] == "red" else "red"
    fig = {"J": "fante", "Q": "cav", "K": f"re-{mantle}"}[rank]
    hand = {"J": (150.0, 106.0), "Q": (150.0, 96.0), "K": (60.0, 176.0)}[rank]
    parts = [use(f"{p}bg")]
    if rank == "K":
        parts.append(use(f"{p}{fig}", color=colour))
        parts.append(held_symbol(suit, hand[0], hand[1], st))
    else:
        parts.append(held_symbol(suit, hand[0], hand[1], st))
        parts.append(use(f"{p}{fig}", color=colour))
    parts.append(it_number(rank, st))
    return "".join(parts)


def it_back(st: ItalianStyle) -> str:
    pal = st.pal
    p = st.pid
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
    ]
    if not st.piacentine:
        for row in range(12):
            for col in range(8):
                x = 22 + col * 22 + (11 if row % 2 else 0)
                y = 24 + row * 23
                if x > 182 or (abs(x - CX) < 52 and abs(y - CY) < 66):
                    continue
                parts.append(use(f"{p}mot", tf(x, y)))
    else:
        box = (16.0, 16.0, 184.0, 284.0)
        parts.append(
            el(
                "path",
                d=lattice_d(box, 20.0),
                stroke=pal.back_line,
                stroke_width=1.4,
                fill="none",
                opacity=0.85,
            )
        )
        parts.append(
            el(
                "path",
                d=lattice_d(box, 20.0, 10.0),
                stroke=pal.gold,
                stroke_width=0.8,
                fill="none",
                opacity=0.6,
            )
        )
    parts.extend(
        [
            el(
                "rect",
                x=16,
                y=16,
                width=168,
                height=268,
                rx=4,
                fill="none",
                stroke=pal.back_line,
                stroke_width=2,
            ),
            el(
                "ellipse",
                cx=CX,
                cy=CY,
                rx=48,
                ry=62,
                fill=pal.white,
                stroke=pal.back_line,
                stroke_width=3,
            ),
            el(
                "ellipse",
                cx=CX,
                cy=CY,
                rx=42,
                ry=56,
                fill="none",
                stroke=pal.back,
                stroke_width=1.4,
            ),
            use(f"{p}coin", tf(CX, CY - 32, 0.36)),
            use(f"{p}cup", tf(CX, CY + 33, 0.36)),
            use(f"{p}sws", tf(CX - 25, CY + 22, 0.5, -8)),
            use(f"{p}clubs", tf(CX + 25, CY, 0.5, 8)),
        ]
    )
    motif = group(
        [
            el("path", d="M0,-7Q3,0 0,7Q-3,0 0,-7ZM-7,0Q0,3 7,0Q0,-3 -7,0Z", fill=pal.back_line),
            el("circle", r=1.6, fill=pal.back),
        ],
        id=f"{p}mot",
    )
    return motif + group(parts, id=f"{p}backart")


def italian_cards(st: ItalianStyle) -> dict[str, str]:
    cards: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank in "JQK":
                cards[rank + suit] = it_face_card(rank, suit, st)
            else:
                cards[rank + suit] = it_pip_card(rank, suit, st)
    cards["back"] = use(f"{st.pid}backart")
    return cards


NEAPOLITAN_STYLE = ItalianStyle(
    pid="na-",
    pal=NEAPOLITAN,
    piacentine=False,
    garment={"D": "red", "H": "blue", "S": "green", "C": "gold"},
)
PIACENTINE_STYLE = ItalianStyle(
    pid="pc-",
    pal=PIACENTINE,
    piacentine=True,
    garment={"D": "blue", "H": "red", "S": "green", "C": "gold"},
)
