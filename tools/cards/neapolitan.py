"""The Neapolitan deck: bright colours, flowered coins, knotty cudgels, a dotted back."""

from __future__ import annotations

from tools.cards.card import CX, CY
from tools.cards.italian_style import Baton, ItalianStyle
from tools.cards.palette import Palette
from tools.cards.svg import el, fmt, group, tf, use

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


def coin_face(pal: Palette) -> list[str]:
    """A red ring round an eight-petalled flower."""
    ink = pal.ink
    petals = "".join(
        el("ellipse", cx=0, cy=-19, rx=7.5, ry=13, transform=f"rotate({a})")
        for a in range(0, 360, 45)
    )
    return [
        el("circle", r=38.5, fill="none", stroke=pal.red, stroke_width=5),
        el("circle", r=35.5, fill="none", stroke=ink, stroke_width=1.2),
        group([petals], fill=pal.red, stroke=ink, stroke_width=1.3),
        el("circle", r=9, fill=pal.green, stroke=ink, stroke_width=1.5),
        el("circle", r=3.5, fill=pal.gold),
    ]


def cup_bands(pal: Palette) -> list[str]:
    """A red band across the bowl and a gilt line below it."""
    return [
        el(
            "path",
            d="M-29.5,-22Q0,-14 29.5,-22L27,-12Q0,-4 -27,-12Z",
            fill=pal.red,
            stroke=pal.ink,
            stroke_width=1.5,
            stroke_linejoin="round",
        ),
        el("path", d="M-18,-3Q0,4 18,-3", fill="none", stroke=pal.gold_dark, stroke_width=2.5),
    ]


def baton(b: Baton, pal: Palette) -> list[str]:
    """A knotty wooden cudgel with cut-off branch stubs."""
    ink = pal.ink
    parts: list[str] = []
    for i in range(b.knots):
        y, hw = b.at((i + 1) / (b.knots + 1))
        side = -1 if i % 2 == 0 else 1
        parts.append(
            el(
                "ellipse",
                cx=side * (hw + 2.0),
                cy=y,
                rx=hw * 0.45 + 1.6,
                ry=hw * 0.38 + 1.4,
                fill=pal.wood_dark,
                stroke=ink,
                stroke_width=b.stroke_width * 0.8,
            )
        )
    parts.append(
        el(
            "path",
            d=b.outline_d(),
            fill=pal.wood,
            stroke=ink,
            stroke_width=b.stroke_width,
            stroke_linejoin="round",
        )
    )
    parts.append(b.highlight(0.3, pal.gold, max(1.2, b.hw0 * 0.35), 0.8))
    for i in range(b.knots):
        y, hw = b.at((i + 0.5) / (b.knots + 1) + 0.08)
        parts.append(
            el(
                "path",
                d=f"M{fmt(-hw * 0.6)},{fmt(y)}q{fmt(hw * 0.6)},{fmt(-hw * 0.35)} {fmt(hw * 1.2)},0",
                stroke=pal.wood_dark,
                stroke_width=b.stroke_width * 0.6,
                fill="none",
            )
        )
    return parts


def back_pattern(pid: str, pal: Palette) -> list[str]:
    """Staggered rows of the little four-pointed motif, leaving room for the emblem."""
    parts: list[str] = []
    for row in range(12):
        for col in range(8):
            x = 22 + col * 22 + (11 if row % 2 else 0)
            y = 24 + row * 23
            if x > 182 or (abs(x - CX) < 52 and abs(y - CY) < 66):
                continue
            parts.append(use(f"{pid}mot", tf(x, y)))
    return parts


NEAPOLITAN_STYLE = ItalianStyle(
    pid="na-",
    pal=NEAPOLITAN,
    garment={"D": "red", "H": "blue", "S": "green", "C": "gold"},
    border=False,
    number_ink=NEAPOLITAN.ink,
    ace_ground=NEAPOLITAN.green,
    grip=NEAPOLITAN.red,
    cup_knob=NEAPOLITAN.red,
    hose=NEAPOLITAN.gold,
    fante_cap=NEAPOLITAN.red,
    saddle=NEAPOLITAN.red,
    rider_hat=NEAPOLITAN.blue,
    coin_face=coin_face,
    cup_bands=cup_bands,
    baton=baton,
    back_pattern=back_pattern,
)
