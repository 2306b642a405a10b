"""Generate the SVG card sprites used by the Scopa web app.

Run as ``python -m tools.make_cards`` (optionally ``--out DIR``).  Writes one
sprite per deck style into ``web/cards/``:

* ``french.svg``     - French suits (diamonds, hearts, spades, clubs)
* ``neapolitan.svg`` - Italian suits, Neapolitan style
* ``piacentine.svg`` - Italian suits, Piacentine style

plus ``preview.html``, a static page showing every card of every deck.

Each sprite holds one ``<symbol id="XY" viewBox="0 0 200 300">`` per card,
where ``XY`` is the card code (rank ``A,2..7,J,Q,K`` then suit ``D,H,S,C``),
and a ``<symbol id="back">``.  In the Italian decks D=denari (coins),
H=coppe (cups), S=spade (swords), C=bastoni (batons).

Everything is drawn here from scratch with flat colours only (no gradients,
patterns, masks, filters or clip paths, so the symbols render reliably through
an external ``<use href="cards/french.svg#7D">``).  Shared shapes live in
``<defs>`` and are referenced with ``<use>``; every reference stays inside the
same file.  Output is deterministic.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

W = 200
H = 300
CX = W / 2
CY = H / 2
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SUITS: tuple[str, ...] = ("D", "H", "S", "C")
ITALIAN_NUMBER = {"A": "1", "J": "8", "Q": "9", "K": "10"}

SANS = "'Helvetica Neue',Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif"
SERIF = "'Times New Roman',Times,'Liberation Serif','DejaVu Serif',serif"

Pt = tuple[float, float]
Attr = str | float


# --------------------------------------------------------------------------
# Tiny SVG writer
# --------------------------------------------------------------------------


def fmt(v: float) -> str:
    """Format a number compactly (at most 2 decimals, no trailing zeros)."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def el(name: str, body: str | None = None, /, **attrs: Attr) -> str:
    """One SVG element; ``font_size`` becomes ``font-size``, ``class_`` ``class``."""
    parts = [name]
    for key, value in attrs.items():
        k = key.rstrip("_").replace("_", "-")
        v = fmt(value) if isinstance(value, int | float) else value
        parts.append(f'{k}="{v}"')
    head = " ".join(parts)
    if body is None:
        return f"<{head}/>"
    return f"<{head}>{body}</{name}>"


def path_d(points: Sequence[Pt], close: bool = True) -> str:
    """A polyline/polygon path string."""
    d = "M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
    return d + ("Z" if close else "")


def circle_d(cx: float, cy: float, r: float) -> str:
    """A full circle as path data (two arcs)."""
    return (
        f"M{fmt(cx - r)},{fmt(cy)}a{fmt(r)},{fmt(r)} 0 1,0 {fmt(2 * r)},0"
        f"a{fmt(r)},{fmt(r)} 0 1,0 {fmt(-2 * r)},0Z"
    )


def tf(x: float, y: float, s: float = 1.0, rot: float = 0.0, sx: float | None = None) -> str:
    """translate/rotate/scale transform string."""
    out = f"translate({fmt(x)} {fmt(y)})"
    if rot:
        out += f" rotate({fmt(rot)})"
    if sx is not None:
        out += f" scale({fmt(sx)} {fmt(s)})"
    elif s != 1.0:
        out += f" scale({fmt(s)})"
    return out


def use(ref: str, transform: str | None = None, **attrs: Attr) -> str:
    """A ``<use>`` of an id in the same file."""
    if transform:
        attrs = {"transform": transform, **attrs}
    return el("use", None, href=f"#{ref}", **attrs)


def group(children: Iterable[str], **attrs: Attr) -> str:
    return el("g", "".join(children), **attrs)


def text(
    s: str,
    x: float,
    y: float,
    size: float,
    fill: str,
    family: str,
    weight: str = "bold",
    length: float | None = None,
) -> str:
    """Centred text with every inheritable property set explicitly."""
    extra: dict[str, Attr] = {}
    if length is not None:
        extra = {"textLength": length, "lengthAdjust": "spacingAndGlyphs"}
    return el(
        "text",
        escape(s),
        x=x,
        y=y,
        font_family=family,
        font_size=size,
        font_weight=weight,
        font_style="normal",
        text_anchor="middle",
        fill=fill,
        stroke="none",
        **extra,
    )


def rot180(children: Iterable[str]) -> str:
    return group(children, transform=f"rotate(180 {fmt(CX)} {fmt(CY)})")


# --------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------


def bez(p0: Pt, p1: Pt, p2: Pt, t: float) -> Pt:
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
        u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
    )


def bez_dir(p0: Pt, p1: Pt, p2: Pt, t: float) -> Pt:
    dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
    dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def offset(p: Pt, d: Pt, along: float, across: float) -> Pt:
    """Point p moved ``along`` direction d and ``across`` its left normal."""
    return (p[0] + d[0] * along - d[1] * across, p[1] + d[1] * along + d[0] * across)


def clip_segment(p: Pt, q: Pt, box: tuple[float, float, float, float]) -> tuple[Pt, Pt] | None:
    """Liang-Barsky clip of segment pq to box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return None
            continue
        r = qk / pk
        if pk < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 > t1:
        return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def lattice_d(box: tuple[float, float, float, float], step: float, phase: float = 0.0) -> str:
    """Diagonal (45 degree) lattice lines clipped to ``box`` as one path."""
    x0, y0, x1, y1 = box
    span = (x1 - x0) + (y1 - y0)
    segs: list[str] = []
    k = -span
    while k <= span * 2:
        c = x0 + k + phase
        for p, q in (((c, y0), (c + span, y0 + span)), ((c, y0), (c - span, y0 + span))):
            clipped = clip_segment(p, q, box)
            if clipped and math.dist(*clipped) > 0.5:
                (ax, ay), (bx, by) = clipped
                segs.append(f"M{fmt(ax)},{fmt(ay)}L{fmt(bx)},{fmt(by)}")
        k += step
    return "".join(segs)


# --------------------------------------------------------------------------
# Palettes
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Palette:
    paper: str
    edge: str
    ink: str
    gold: str
    gold_dark: str
    red: str
    blue: str
    green: str
    skin: str
    hair: str
    white: str
    steel: str
    wood: str
    wood_dark: str
    horse: str
    back: str
    back_line: str
    number_bg: str


FRENCH = Palette(
    paper="#ffffff",
    edge="#9a9a9a",
    ink="#1b1b1f",
    gold="#f0b81f",
    gold_dark="#b7820a",
    red="#d0142c",
    blue="#1f4fa0",
    green="#1d7a5a",
    skin="#f6d2b0",
    hair="#7a4a1f",
    white="#ffffff",
    steel="#b9c6d6",
    wood="#8a5a2b",
    wood_dark="#5b3716",
    horse="#ffffff",
    back="#b4152b",
    back_line="#f2a0aa",
    number_bg="#ffffff",
)

NEAPOLITAN = Palette(
    paper="#fffdf6",
    edge="#8f8778",
    ink="#2a1a10",
    gold="#f6c431",
    gold_dark="#c8861a",
    red="#d8342a",
    blue="#2d64b8",
    green="#2f9448",
    skin="#f7d3ae",
    hair="#8a5224",
    white="#fffaf0",
    steel="#9ec3e6",
    wood="#c98b3c",
    wood_dark="#7c4a18",
    horse="#f4efe4",
    back="#1f418f",
    back_line="#e6b93a",
    number_bg="#ffffff",
)

PIACENTINE = Palette(
    paper="#fbf5e6",
    edge="#8a7a5c",
    ink="#33231a",
    gold="#e2a83c",
    gold_dark="#a86e1c",
    red="#b3262c",
    blue="#27477e",
    green="#2e6e55",
    skin="#f1c9a1",
    hair="#5c3a1c",
    white="#fdf8ea",
    steel="#b4c3d2",
    wood="#a95b2c",
    wood_dark="#6a3414",
    horse="#9c6233",
    back="#7d1d25",
    back_line="#e9d3a6",
    number_bg="#fffaf0",
)


# --------------------------------------------------------------------------
# Shared drawing: card face, figures' features
# --------------------------------------------------------------------------


def card_bg_def(pid: str, pal: Palette, border: bool) -> str:
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
    ]
    if border:
        parts.append(
            el(
                "rect",
                x=9,
                y=9,
                width=182,
                height=282,
                rx=7,
                fill="none",
                stroke=pal.red,
                stroke_width=1.6,
                opacity=0.75,
            )
        )
    return group(parts, id=f"{pid}bg")


def eyes(cx: float, cy: float, gap: float, pal: Palette, r: float = 1.7) -> str:
    return el("circle", cx=cx - gap, cy=cy, r=r, fill=pal.ink) + el(
        "circle", cx=cx + gap, cy=cy, r=r, fill=pal.ink
    )


def crown(cx: float, base: float, w: float, h: float, pal: Palette, points: int = 3) -> str:
    """A flat crown with ``points`` spikes topped by balls, base at y=base."""
    half = w / 2
    pts: list[Pt] = [(cx - half, base)]
    n = points * 2
    for i in range(n + 1):
        x = cx - half + w * i / n
        y = base - h if i % 2 == 0 else base - h * 0.45
        pts.append((x, y))
    pts.append((cx + half, base))
    out = el(
        "path",
        d=path_d(pts),
        fill=pal.gold,
        stroke=pal.ink,
        stroke_width=2,
        stroke_linejoin="round",
    )
    for i in range(0, n + 1, 2):
        x = cx - half + w * i / n
        out += el(
            "circle", cx=x, cy=base - h - 2, r=2.6, fill=pal.gold, stroke=pal.ink, stroke_width=1.4
        )
    out += el(
        "rect",
        x=cx - half,
        y=base - 5,
        width=w,
        height=5,
        fill=pal.gold_dark,
        stroke=pal.ink,
        stroke_width=1.4,
    )
    out += el("circle", cx=cx, cy=base - 2.5, r=1.8, fill=pal.red)
    return out


# --------------------------------------------------------------------------
# French deck
# --------------------------------------------------------------------------

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

FR_COLS = (62.0, 100.0, 138.0)
FR_ROWS = (68.0, 150.0, 232.0)
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


def palette_colour(pal: Palette, name: str) -> str:
    colours = {"red": pal.red, "blue": pal.blue, "green": pal.green, "gold": pal.gold}
    return colours[name]


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


# --------------------------------------------------------------------------
# Italian decks (Neapolitan and Piacentine)
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Sprite assembly
# --------------------------------------------------------------------------


# Inherited properties reset on every symbol, so styles on the page's <svg>/<use>
# (fill, stroke, letter-spacing, ...) cannot leak into the card art.
RESET: dict[str, Attr] = {
    "fill": "#000",
    "fill_rule": "nonzero",
    "fill_opacity": 1,
    "stroke": "none",
    "stroke_width": 1,
    "stroke_opacity": 1,
    "stroke_linecap": "butt",
    "stroke_linejoin": "miter",
    "stroke_dasharray": "none",
    "letter_spacing": "normal",
    "word_spacing": "normal",
}


def sprite(title: str, defs: list[str], cards: dict[str, str]) -> str:
    lines = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1">',
        f"<!-- Scopa card sprite: {title}. Generated by tools/make_cards.py; do not edit. -->",
        "<defs>",
        *defs,
        "</defs>",
    ]
    for code, body in cards.items():
        lines.append(el("symbol", body, id=code, viewBox=f"0 0 {W} {H}", **RESET))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


DECKS: dict[str, Callable[[], str]] = {
    "french": lambda: sprite("French suits", fr_defs(FRENCH), french_cards(FRENCH)),
    "neapolitan": lambda: sprite(
        "Neapolitan", it_defs(NEAPOLITAN_STYLE), italian_cards(NEAPOLITAN_STYLE)
    ),
    "piacentine": lambda: sprite(
        "Piacentine", it_defs(PIACENTINE_STYLE), italian_cards(PIACENTINE_STYLE)
    ),
}


def card_codes() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def preview_html() -> str:
    rows: list[str] = []
    for deck in DECKS:
        rows.append(f'<h2>{deck}</h2>\n<div class="deck">')
        for suit in SUITS:
            for rank in RANKS:
                code = rank + suit
                rows.append(
                    f'<svg class="card" role="img" aria-label="{code}">'
                    f'<use href="{deck}.svg#{code}"/></svg>'
                )
            if suit == "D":
                rows.append(
                    f'<svg class="card" role="img" aria-label="back">'
                    f'<use href="{deck}.svg#back"/></svg>'
                )
            else:
                rows.append('<span class="card"></span>')
        rows.append("</div>")
    body = "\n".join(rows)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Scopa card preview</title>
<style>
  :root {{ --w: 100px; }}
  body {{ margin: 16px; background: #2f6b45; color: #fff; font-family: sans-serif; }}
  h2 {{ margin: 16px 0 8px; text-transform: capitalize; font-weight: normal; }}
  .deck {{ display: grid; grid-template-columns: repeat(11, var(--w)); gap: 8px; }}
  .card {{ display: block; width: var(--w); height: calc(var(--w) * 1.5); }}
  svg.card {{ filter: drop-shadow(0 1px 2px rgba(0, 0, 0, .45)); }}
</style>
<script>
  // preview.html?w=56 shows phone-sized cards; ?w=240 a close-up.
  const w = new URLSearchParams(location.search).get("w");
  if (w) document.documentElement.style.setProperty("--w", w + "px");
</script>
</head>
<body>
<h1>Scopa card faces</h1>
<p>Generated by <code>python -m tools.make_cards</code>. Add <code>?w=56</code> to the
address for phone size.</p>
{body}
</body>
</html>
"""


def write_all(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, build in DECKS.items():
        path = out_dir / f"{name}.svg"
        path.write_text(build(), encoding="utf-8", newline="\n")
        written.append(path)
    path = out_dir / "preview.html"
    path.write_text(preview_html(), encoding="utf-8", newline="\n")
    written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    root = Path(__file__).resolve().parent.parent
    parser.add_argument(
        "--out",
        type=Path,
        default=root / "web" / "cards",
        help="output directory (default: web/cards)",
    )
    args = parser.parse_args(argv)
    for path in write_all(args.out):
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
