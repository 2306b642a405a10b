"""The Latin suits' symbols, drawn once in a sprite's defs: coins, cups, swords, batons.

Every style shares the shapes; what each draws its own way (the coin's face, the
cup's bands or the whole cup, the baton's finish) comes from its ``ItalianStyle``.
The Spanish-suited patterns' number cards show short straight swords and cudgels
standing apart (``swp``, ``clubp``); the northern ones the curved swords of a lens.
"""

from __future__ import annotations

from tools.cards.italian_style import Baton, BowlBand, BowlLine, ItalianStyle
from tools.cards.palette import Palette
from tools.cards.svg import (
    Curve,
    Pt,
    circle,
    el,
    ellipse,
    fmt,
    group,
    offset,
    outline,
    path,
    path_d,
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


def suit_defs(st: ItalianStyle) -> list[str]:
    """Every suit symbol a card of the deck refers to."""
    return [coin_def(st), cup_def(st), *sword_defs(st), *baton_defs(st)]


def coin_def(st: ItalianStyle) -> str:
    """A gold coin of radius 47 centred on the origin."""
    disc = el("circle", r=47, fill=st.pal.gold, stroke=st.pal.ink, stroke_width=3)
    return group([disc, *st.coin_face()], id=f"{st.pid}coin")


def coin_rim(colour: str, pal: Palette, width: float = 7.0) -> list[str]:
    """A broad coloured rim round the coin's face, an ink line inside it."""
    return [
        el("circle", r=41, fill="none", stroke=colour, stroke_width=width),
        el("circle", r=37, fill="none", stroke=pal.ink, stroke_width=1.2),
    ]


def coin_boss(colour: str, edge: float, pal: Palette) -> list[str]:
    """The raised centre of a coin's face, with a gold dot."""
    return [
        el("circle", r=9, fill=colour, stroke=pal.ink, stroke_width=edge),
        el("circle", r=3.5, fill=pal.gold),
    ]


def cup_def(st: ItalianStyle) -> str:
    """A goblet about 64 wide and 96 tall, centred on the origin (or the style's own cup)."""
    own = st.cup()
    if own is not None:
        return group(own, id=f"{st.pid}cup")
    pal = st.pal
    sw = 2.6
    parts = [
        *goblet(
            pal,
            "M-25,47C-24,36 -10,31 0,31C10,31 24,36 25,47Z",
            "M-5,4L5,4L6,32L-6,32Z",
            ellipse(0, 17, 11, 6.5, fill=st.accents.cup_knob, stroke=pal.ink, stroke_width=sw),
            "M-31,-37C-31,-8 -17,5 0,5C17,5 31,-8 31,-37Z",
            width=sw,
        ),
        bowl_band(st.cup_band, st.pal),
        bowl_line(st.cup_line, st.pal),
        ellipse(0, -37, 31, 8, fill=pal.gold_dark, stroke=pal.ink, stroke_width=sw),
        ellipse(0, -37.5, 24, 4.5, fill=pal.red, stroke="none"),
    ]
    return group(parts, id=f"{st.pid}cup")


def goblet(
    pal: Palette,
    foot: str,
    stem: str,
    knop: str,
    bowl: str,
    foot_colour: str = "gold",
    width: float = 2.4,
) -> list[str]:
    """What every cup stands on, bottom up: its foot, stem, the ``knop`` round the stem
    (drawn by the caller: its shape and colour vary most) and its bowl, from their path
    data, outlined alike; the foot in ``foot_colour`` (a palette colour's name), the rest
    gold. A cup's band, lip and lid go over these."""
    edge = outline(pal.ink, width)
    return [
        path(foot, fill=pal.colour(foot_colour), **edge),
        path(stem, fill=pal.gold, **edge),
        knop,
        path(bowl, fill=pal.gold, **edge),
    ]


def bowl_band(band: BowlBand, pal: Palette) -> str:
    """A band round the bowl; its edges sag 8 with the bowl's curve."""
    a, b = (fmt(h) for h in band.halves)
    top, bottom = band.top, band.bottom
    d = (
        f"M-{a},{fmt(top)}Q0,{fmt(top + 8)} {a},{fmt(top)}"
        f"L{b},{fmt(bottom)}Q0,{fmt(bottom + 8)} -{b},{fmt(bottom)}Z"
    )
    return path(d, fill=pal.colour(band.colour), **outline(pal.ink, band.edge))


def bowl_line(line: BowlLine, pal: Palette) -> str:
    """A line round the bowl, sagging 7 with its curve."""
    y, half = fmt(line.y), fmt(line.half)
    d = f"M-{half},{y}Q0,{fmt(line.y + 7)} {half},{y}"
    return path(d, fill="none", stroke=pal.colour(line.colour), stroke_width=line.width)


def sword_markup(curve: Curve, hw: float, st: ItalianStyle, scale: float = 1.0) -> str:
    """A (possibly curved) sword: hilt at the curve's start, tip at its end."""
    return blade(curve, hw, st, scale) + hilt(curve, st, scale)


def blade(curve: Curve, hw: float, st: ItalianStyle, scale: float) -> str:
    """The steel blade, ``hw`` half-wide, tapering to the tip over its last third (or
    cut square, for a pattern whose swords have no points)."""
    n = 18
    left: list[Pt] = []
    right: list[Pt] = []
    for i in range(n + 1):
        t = i / n
        p = curve.point(t)
        d = curve.direction(t)
        w = hw if st.blunt_swords else hw * min(1.0, (1.0 - t) * 3.2)
        left.append(offset(p, d, 0, w))
        right.append(offset(p, d, 0, -w))
    edge = left + right[::-1][1:]
    fuller = [curve.point(i / n) for i in range(1, int(n * 0.72))]
    ink = st.pal.ink
    return path(path_d(edge), fill=st.pal.steel, **outline(ink, 2.0 * scale)) + path(
        path_d(fuller, close=False), fill="none", stroke=ink, stroke_width=0.9 * scale, opacity=0.55
    )


def hilt(curve: Curve, st: ItalianStyle, scale: float) -> str:
    """Grip, cross-guard with knobbed ends, and pommel, across the curve's start."""
    p0 = curve.start
    d0 = curve.direction(0.0)
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
    guard_ends = [offset(p0, d0, 0, guard_half), offset(p0, d0, 0, -guard_half)]
    ink = st.pal.ink
    gold = st.pal.gold
    sw = 2.0 * scale
    knobs = "".join(
        circle(x, y, 3.6 * scale, fill=gold, stroke=ink, stroke_width=sw * 0.8)
        for x, y in guard_ends
    )
    return "".join(
        [
            path(path_d(grip_pts), fill=st.accents.grip, **outline(ink, sw)),
            path(path_d(guard), fill=gold, **outline(ink, sw)),
            knobs,
            circle(pommel[0], pommel[1], 5 * scale, fill=gold, stroke=ink, stroke_width=sw),
        ]
    )


def lens_sword_id(st: ItalianStyle, width: int, hilt: int) -> str:
    return f"{st.pid}sw{width}-{hilt}"


def lens_sword_curve(width: int, hilt: int) -> Curve:
    """Control points of the left-bulging sword of a lens, hilt at the bottom.

    Relative to the card centre; its tip crosses its mirror image near the top.
    """
    p0: Pt = (float(hilt), 84.0)
    p2: Pt = (7.0, -100.0)
    mid_x = -float(width)
    p1: Pt = (2 * mid_x - (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2 - 4.0)
    return Curve(p0, p1, p2)


# Straight swords by id: (curve, blade half-width, scale).  The pips' centre sword,
# the small one the figures hold (guard at the origin, blade up, 90 long), the ace's.
STRAIGHT_SWORDS: dict[str, tuple[Curve, float, float]] = {
    "swc": (Curve((0, 86), (0, 0), (0, -100)), 4.6, 1.0),
    "sws": (Curve((0, 0), (0, -45), (0, -90)), 4.0, 0.8),
    "swa": (Curve((0, 70), (0, -20), (0, -118)), 8.5, 1.6),
}


# The Spanish-suited number cards' short sword, hilt down, about 104 long.
SPANISH_SWORD = (Curve((0, 44), (0, -4), (0, -60)), 7.0, 1.15)


def sword_defs(st: ItalianStyle) -> list[str]:
    """Each curved sword the lenses use (or the short straight one), then the straight ones."""
    out: list[str] = []
    if st.spanish_pips:
        curve, hw, scale = SPANISH_SWORD
        out.append(group([sword_markup(curve, hw, st, scale)], id=f"{st.pid}swp"))
    else:
        combos = sorted({(w, h) for lenses, _ in SWORD_LENSES.values() for w, h, _ in lenses})
        for w, h in combos:
            sword = sword_markup(lens_sword_curve(w, h), 4.2, st, 0.82)
            out.append(group([sword], id=lens_sword_id(st, w, h)))
    for name, (curve, hw, scale) in STRAIGHT_SWORDS.items():
        out.append(group([sword_markup(curve, hw, st, scale)], id=f"{st.pid}{name}"))
    return out


def baton_defs(st: ItalianStyle) -> list[str]:
    """The pips' baton, the small one the figures hold, and the ace's cudgel."""
    g = st.baton_girth
    batons = {
        "club": Baton(196, 5.0 * g, 9.0 * g, 4, 2.2),
        "clubs": Baton(96, 3.6, 6.4, 2, 1.8),
        "cluba": Baton(214, 9.0, 21.0, 5, 3.0),
    }
    if st.spanish_pips:
        batons["clubp"] = Baton(100, 7.0, 13.0, 2, 2.4)
    return [group(baton_markup(b, st), id=f"{st.pid}{name}") for name, b in batons.items()]


def baton_markup(b: Baton, st: ItalianStyle) -> list[str]:
    """The style's trim behind and over a wooden body."""
    behind, over = st.baton_trim(b)
    body = path(b.outline_d(), fill=st.pal.wood, **outline(st.pal.ink, b.stroke_width))
    return [*behind, body, *over]
