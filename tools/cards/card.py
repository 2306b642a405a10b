"""What every deck draws alike: the card's size, its blank face, crowns and eyes."""

from __future__ import annotations

from collections.abc import Iterable

from tools.cards.palette import Palette
from tools.cards.svg import Pt, circle, ellipse, fmt, group, line, outline, path, path_d, rect

W = 200
H = 300
CX = W / 2
CY = H / 2
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SUITS: tuple[str, ...] = ("D", "H", "S", "C")
BACK_FIELD = (16.0, 16.0, 184.0, 284.0)  # the patterned field inside a back's frame


def back_grid(inset: float, step: float, step_y: float | None = None) -> list[Pt]:
    """The points of a grid over a back's field, ``inset`` in from its corner and
    ``step`` apart (``step_y`` down, if other), but those by the oval in the middle."""
    x0, y0, x1, y1 = BACK_FIELD
    dy = step_y or step
    xs = [x0 + inset + k * step for k in range(int((x1 - x0 - inset) // step) + 1)]
    ys = [y0 + inset + k * dy for k in range(int((y1 - y0 - inset) // dy) + 1)]
    return [
        (x, y)
        for x in xs
        for y in ys
        if x < x1 and y < y1 and (abs(x - CX) > 52 or abs(y - CY) > 66)
    ]


def back_border(pal: Palette, width: float) -> str:
    """A ruled line round a back's field, 4 in from its edge."""
    x0, y0, x1, y1 = BACK_FIELD
    return rect(
        x0 + 4,
        y0 + 4,
        x1 - x0 - 8,
        y1 - y0 - 8,
        fill="none",
        stroke=pal.back_line,
        stroke_width=width,
    )


def rot180(children: Iterable[str]) -> str:
    """``children`` turned half round the card's centre (the other end of a card)."""
    return group(children, transform=f"rotate(180 {fmt(CX)} {fmt(CY)})")


def card_edge(pal: Palette, height: float = H) -> str:
    """The card's paper and its rounded edge (a card ``height`` long)."""
    return rect(1.5, 1.5, 197, height - 3, rx=13, fill=pal.paper, stroke=pal.edge, stroke_width=2)


def card_bg_def(pid: str, pal: Palette, border: bool, height: float = H) -> str:
    """The blank face every card of a deck starts from (``{pid}bg``), ``height`` long
    (the pattern's own: shape.py)."""
    parts = [card_edge(pal, height)]
    if border:
        parts.append(
            rect(
                9,
                9,
                182,
                height - 18,
                rx=7,
                fill="none",
                stroke=pal.red,
                stroke_width=1.6,
                opacity=0.75,
            )
        )
    return group(parts, id=f"{pid}bg")


def back_face(
    pal: Palette,
    pattern: Iterable[str],
    frame: str,
    oval: tuple[float, float, str],
    ring: float,
) -> list[str]:
    """A card back up to its emblem: coloured panel, ``pattern``, a frame, a white oval.

    ``oval`` is the oval's half-width, half-height and edge colour; a ring
    ``ring`` wide in the back's colour runs 6 inside it.
    """
    rx, ry, oval_edge = oval
    return [
        card_edge(pal),
        rect(10, 10, 180, 280, rx=8, fill=pal.back),
        *pattern,
        rect(16, 16, 168, 268, rx=4, fill="none", stroke=frame, stroke_width=2),
        ellipse(CX, CY, rx, ry, fill=pal.white, stroke=oval_edge, stroke_width=3),
        ellipse(CX, CY, rx - 6, ry - 6, fill="none", stroke=pal.back, stroke_width=ring),
    ]


def eyes(cx: float, cy: float, gap: float, pal: Palette, r: float = 1.7) -> str:
    """Two dots ``gap`` either side of (cx, cy)."""
    return circle(cx - gap, cy, r, fill=pal.ink) + circle(cx + gap, cy, r, fill=pal.ink)


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
    out = path(path_d(pts), fill=pal.gold, stroke=pal.ink, stroke_width=2, stroke_linejoin="round")
    for i in range(0, n + 1, 2):
        x = cx - half + w * i / n
        out += circle(x, base - h - 2, 2.6, fill=pal.gold, stroke=pal.ink, stroke_width=1.4)
    out += rect(cx - half, base - 5, w, 5, fill=pal.gold_dark, stroke=pal.ink, stroke_width=1.4)
    out += circle(cx, base - 2.5, 1.8, fill=pal.red)
    return out


def gilded_rod(d: str, width: float, core: float, pal: Palette) -> str:
    """A gold rod (a sceptre) along ``d``: a dark gold stroke with a bright ``core``."""
    return line(d, pal.gold_dark, width, round_cap=True) + line(d, pal.gold, core, round_cap=True)


def beard(d: str, mouth_y: float, pal: Palette) -> str:
    """A full beard (outline ``d``) with the moustache's curve at height ``mouth_y``."""
    moustache = f"M93,{fmt(mouth_y)}Q100,{fmt(mouth_y - 4)} 107,{fmt(mouth_y)}"
    return path(d, fill=pal.hair, **outline(pal.ink, 1.6)) + line(moustache, pal.ink, 1.6)


def ermine_spots(d: str, pal: Palette) -> str:
    """The black tails dotted on ermine fur, as short strokes along ``d``."""
    return line(d, pal.ink, 2.2, round_cap=True)
