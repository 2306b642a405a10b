"""A tiny SVG writer and the geometry the card art needs."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

Pt = tuple[float, float]
Attr = str | float


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


def path(d: str, /, **attrs: Attr) -> str:
    return el("path", d=d, **attrs)


def wheel(d: str, count: int) -> str:
    """``count`` copies of the path data ``d`` turned evenly round the origin (a coin's
    rays, a rosette's petals)."""
    return "".join(path(d, transform=f"rotate({fmt(k * 360 / count)})") for k in range(count))


def rect(x: float, y: float, width: float, height: float, /, **attrs: Attr) -> str:
    return el("rect", x=x, y=y, width=width, height=height, **attrs)


def circle(cx: float, cy: float, r: float, /, **attrs: Attr) -> str:
    return el("circle", cx=cx, cy=cy, r=r, **attrs)


def ellipse(cx: float, cy: float, rx: float, ry: float, /, **attrs: Attr) -> str:
    return el("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **attrs)


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


def outline(colour: str, width: float) -> dict[str, Attr]:
    """The stroke of a shape outlined with round joins (spread into ``el``)."""
    return {"stroke": colour, "stroke_width": width, "stroke_linejoin": "round"}


def line(d: str, colour: str, width: float, round_cap: bool = False) -> str:
    """A stroked path with no fill (a hem, a stroke of trim, a rod)."""
    cap: dict[str, Attr] = {"stroke_linecap": "round"} if round_cap else {}
    return el("path", d=d, stroke=colour, stroke_width=width, **cap, fill="none")


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


@dataclass(frozen=True)
class Curve:
    """A quadratic Bezier curve from ``start`` to ``end``, pulled towards ``control``."""

    start: Pt
    control: Pt
    end: Pt

    def point(self, t: float) -> Pt:
        """The point a fraction ``t`` along the curve."""
        p0, p1, p2 = self.start, self.control, self.end
        u = 1 - t
        return (
            u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
            u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
        )

    def direction(self, t: float) -> Pt:
        """The unit tangent at ``t``."""
        p0, p1, p2 = self.start, self.control, self.end
        dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
        dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
        n = math.hypot(dx, dy) or 1.0
        return dx / n, dy / n

    def heading(self, t: float) -> float:
        """The tangent's angle at ``t`` in degrees, clockwise from straight up."""
        dx, dy = self.direction(t)
        return math.degrees(math.atan2(dx, -dy))


def polar(r: float, degrees: float) -> Pt:
    """The point ``r`` from the origin at ``degrees`` clockwise from the x axis."""
    a = math.radians(degrees)
    return r * math.cos(a), r * math.sin(a)


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
