"""The Piacentine deck: muted colours, starred coins, turned staffs, a lattice back."""

from __future__ import annotations

import math

from tools.cards.card import BACK_FIELD
from tools.cards.italian_style import Baton, ItalianStyle
from tools.cards.palette import Palette
from tools.cards.svg import Pt, el, fmt, group, lattice_d, path_d

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


def coin_face(pal: Palette) -> list[str]:
    """A broad red ring studded with gold, round a sixteen-pointed star."""
    ink = pal.ink
    dots = "".join(
        el(
            "circle",
            cx=fmt(41.5 * math.cos(math.radians(a))),
            cy=fmt(41.5 * math.sin(math.radians(a))),
            r=2.2,
        )
        for a in range(0, 360, 30)
    )
    star: list[Pt] = []
    for i in range(16):
        r = 31 if i % 2 == 0 else 13
        a = math.radians(i * 22.5 - 90)
        star.append((r * math.cos(a), r * math.sin(a)))
    return [
        el("circle", r=41.5, fill="none", stroke=pal.red, stroke_width=8),
        el("circle", r=36, fill=pal.gold, stroke=ink, stroke_width=1.4),
        group([dots], fill=pal.gold),
        el(
            "path",
            d=path_d(star),
            fill=pal.red,
            stroke=ink,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el("circle", r=9, fill=pal.blue, stroke=ink, stroke_width=1.4),
        el("circle", r=3.5, fill=pal.gold),
    ]


def cup_bands(pal: Palette) -> list[str]:
    """A blue band high on the bowl and a red line below it."""
    return [
        el(
            "path",
            d="M-30,-26Q0,-18 30,-26L29,-18Q0,-10 -29,-18Z",
            fill=pal.blue,
            stroke=pal.ink,
            stroke_width=1.4,
            stroke_linejoin="round",
        ),
        el("path", d="M-24,-5Q0,2 24,-5", fill="none", stroke=pal.red, stroke_width=3),
    ]


def baton(b: Baton, pal: Palette) -> list[str]:
    """A straight turned staff with green and gold rings."""
    ink = pal.ink
    parts = [
        el(
            "path",
            d=b.outline_d(),
            fill=pal.wood,
            stroke=ink,
            stroke_width=b.stroke_width,
            stroke_linejoin="round",
        )
    ]
    for i in range(b.knots + 1):
        y, hw = b.at((i + 0.5) / (b.knots + 1))
        parts.append(
            el(
                "rect",
                x=-hw - 0.6,
                y=y - 2.6,
                width=2 * hw + 1.2,
                height=5.2,
                rx=1.5,
                fill=pal.green if i % 2 == 0 else pal.gold,
                stroke=ink,
                stroke_width=b.stroke_width * 0.6,
            )
        )
    parts.append(b.highlight(0.35, pal.white, max(1.0, b.hw0 * 0.3), 0.45))
    return parts


def back_pattern(pid: str, pal: Palette) -> list[str]:
    """Two interleaved diagonal lattices, cream over gold."""
    return [
        el(
            "path",
            d=lattice_d(BACK_FIELD, 20.0),
            stroke=pal.back_line,
            stroke_width=1.4,
            fill="none",
            opacity=0.85,
        ),
        el(
            "path",
            d=lattice_d(BACK_FIELD, 20.0, 10.0),
            stroke=pal.gold,
            stroke_width=0.8,
            fill="none",
            opacity=0.6,
        ),
    ]


PIACENTINE_STYLE = ItalianStyle(
    pid="pc-",
    pal=PIACENTINE,
    garment={"D": "blue", "H": "red", "S": "green", "C": "gold"},
    border=True,
    number_ink=PIACENTINE.red,
    ace_ground=PIACENTINE.blue,
    grip=PIACENTINE.wood_dark,
    cup_knob=PIACENTINE.blue,
    hose=PIACENTINE.red,
    fante_cap=PIACENTINE.blue,
    saddle=PIACENTINE.gold,
    rider_hat=PIACENTINE.green,
    coin_face=coin_face,
    cup_bands=cup_bands,
    baton=baton,
    back_pattern=back_pattern,
)
