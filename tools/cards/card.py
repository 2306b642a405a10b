"""What every deck draws alike: the card's size, its blank face, crowns and eyes."""

from __future__ import annotations

from collections.abc import Iterable

from tools.cards.palette import Palette
from tools.cards.svg import Pt, el, fmt, group, path_d

W = 200
H = 300
CX = W / 2
CY = H / 2
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SUITS: tuple[str, ...] = ("D", "H", "S", "C")


def card_codes() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def rot180(children: Iterable[str]) -> str:
    return group(children, transform=f"rotate(180 {fmt(CX)} {fmt(CY)})")


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
