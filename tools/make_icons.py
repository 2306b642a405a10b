"""Draw the app icons (a cream playing card with a red 7 on green felt) as PNGs.

Standard library only: shapes are rasterised with analytic horizontal coverage
and vertical supersampling, then written with a small zlib+struct PNG encoder.

    python -m tools.make_icons            # writes web/icons/*.png

The output is committed; run this again only when the design changes.
"""

from __future__ import annotations

import argparse
import math
import struct
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "web" / "icons"

RGB = tuple[int, int, int]
Span = tuple[float, float]

FELT_TOP: RGB = (0x24, 0x6B, 0x42)
FELT_BOTTOM: RGB = (0x15, 0x42, 0x2A)
CARD: RGB = (0xF6, 0xEF, 0xDC)
CARD_EDGE: RGB = (0xC9, 0xB8, 0x8E)
RED: RGB = (0xB3, 0x26, 0x1E)
GOLD: RGB = (0xD9, 0xA4, 0x1C)
GOLD_RIM: RGB = (0x94, 0x6B, 0x0C)
SHADOW: RGB = (0x08, 0x1C, 0x10)

SUBROWS = 5  # vertical samples per pixel row; horizontal coverage is exact


class Shape:
    """A filled region in unit coordinates (0..1 on both axes)."""

    def spans(self, y: float) -> Iterable[Span]:
        raise NotImplementedError


@dataclass(frozen=True)
class Polygon(Shape):
    points: tuple[tuple[float, float], ...]

    def spans(self, y: float) -> Iterable[Span]:
        xs: list[float] = []
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        return list(zip(xs[0::2], xs[1::2], strict=True))


@dataclass(frozen=True)
class Circle(Shape):
    cx: float
    cy: float
    r: float

    def spans(self, y: float) -> Iterable[Span]:
        dy = y - self.cy
        if abs(dy) >= self.r:
            return []
        dx = math.sqrt(self.r * self.r - dy * dy)
        return [(self.cx - dx, self.cx + dx)]


@dataclass(frozen=True)
class RoundRect(Shape):
    x0: float
    y0: float
    x1: float
    y1: float
    r: float

    def spans(self, y: float) -> Iterable[Span]:
        if not self.y0 <= y < self.y1:
            return []
        # distance into a corner band, if any
        dy = max(self.y0 + self.r - y, y - (self.y1 - self.r), 0.0)
        inset = self.r - math.sqrt(max(self.r * self.r - dy * dy, 0.0)) if dy else 0.0
        return [(self.x0 + inset, self.x1 - inset)]


def coverage(shape: Shape, size: int) -> list[list[float]]:
    """Fraction of each pixel covered by the shape."""
    cov = [[0.0] * size for _ in range(size)]
    weight = 1.0 / SUBROWS
    for py in range(size):
        row = cov[py]
        for s in range(SUBROWS):
            y = (py + (s + 0.5) / SUBROWS) / size
            for a, b in shape.spans(y):
                xa = max(a * size, 0.0)
                xb = min(b * size, float(size))
                if xb <= xa:
                    continue
                first, last = int(xa), min(math.ceil(xb) - 1, size - 1)
                for px in range(first, last + 1):
                    overlap = min(xb, px + 1.0) - max(xa, float(px))
                    if overlap > 0:
                        row[px] += overlap * weight
    return cov


Pixels = list[list[list[float]]]  # rows of [r, g, b, a], premultiplied, 0..1


def paint(
    pixels: Pixels, shape: Shape, colour: Callable[[float], RGB] | RGB, alpha: float = 1.0
) -> None:
    """Composite a shape over the image ('over' operator)."""
    size = len(pixels)
    cov = coverage(shape, size)
    for py in range(size):
        rgb = colour if isinstance(colour, tuple) else colour(py / max(size - 1, 1))
        cr, cg, cb = (c / 255.0 for c in rgb)
        for px, c in enumerate(cov[py]):
            if c <= 0.0:
                continue
            a = min(c, 1.0) * alpha
            p = pixels[py][px]
            keep = 1.0 - a
            p[0] = cr * a + p[0] * keep
            p[1] = cg * a + p[1] * keep
            p[2] = cb * a + p[2] * keep
            p[3] = a + p[3] * keep


def felt(t: float) -> RGB:
    r, g, b = (round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM, strict=True))
    return (r, g, b)


def seven() -> Polygon:
    return Polygon(
        (
            (0.360, 0.285),
            (0.645, 0.285),
            (0.645, 0.350),
            (0.505, 0.715),
            (0.415, 0.715),
            (0.553, 0.355),
            (0.360, 0.355),
        )
    )


def coin(cx: float, cy: float, r: float) -> list[tuple[Shape, RGB]]:
    return [(Circle(cx, cy, r), GOLD_RIM), (Circle(cx, cy, r * 0.74), GOLD)]


def draw(size: int, maskable: bool) -> Pixels:
    pixels: Pixels = [[[0.0, 0.0, 0.0, 0.0] for _ in range(size)] for _ in range(size)]
    # Maskable icons bleed to the edge (the platform crops them); plain ones
    # are a rounded tile. The card stays inside the 80 % safe circle either way.
    background: Shape = (
        RoundRect(0.0, 0.0, 1.0, 1.0, 0.0) if maskable else RoundRect(0.0, 0.0, 1.0, 1.0, 0.18)
    )
    paint(pixels, background, felt)
    paint(pixels, RoundRect(0.285, 0.200, 0.745, 0.840, 0.055), SHADOW, alpha=0.35)
    paint(pixels, RoundRect(0.270, 0.180, 0.730, 0.820, 0.050), CARD_EDGE)
    paint(pixels, RoundRect(0.278, 0.188, 0.722, 0.812, 0.043), CARD)
    paint(pixels, seven(), RED)
    for shape, colour in coin(0.325, 0.240, 0.028) + coin(0.675, 0.760, 0.028):
        paint(pixels, shape, colour)
    return pixels


def png(pixels: Pixels) -> bytes:
    """Encode premultiplied float pixels as an 8-bit RGBA PNG."""
    height = len(pixels)
    width = len(pixels[0])
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter: none
        for r, g, b, a in row:
            if a > 0.0:
                raw += bytes(
                    (
                        round(min(r / a, 1.0) * 255),
                        round(min(g / a, 1.0) * 255),
                        round(min(b / a, 1.0) * 255),
                        round(min(a, 1.0) * 255),
                    )
                )
            else:
                raw += b"\0\0\0\0"

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


ICON_SET: tuple[tuple[str, int, bool], ...] = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-192.png", 192, True),
    ("icon-maskable-512.png", 512, True),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ICONS, help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in ICON_SET:
        data = png(draw(size, maskable))
        (out / name).write_bytes(data)
        print(f"{out / name}: {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
