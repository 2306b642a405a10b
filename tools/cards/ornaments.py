"""Small pictures several regional patterns put on their cards, drawn in a palette's colours.

A ribbon with a motto (the Venetian and Triestine aces, the Bergamasche
"VINCERAI"), a heraldic eagle (the aces of coins of the Spanish-suited
patterns), a winged putto (the aces the Sardinian, Romagnole and Lombard
patterns give to a child), birds (the Venetian aces of swords and batons), a
little dog (the Fante of cups of the northern patterns), a hand holding the
suit (the Brescian and Bergamasque aces), the Trinacria (Sicily's three legs)
and a shield with a cross. Each is centred on a point given by the caller and
returns SVG markup.
"""

from __future__ import annotations

from tools.cards.card import eyes
from tools.cards.palette import SERIF, Palette
from tools.cards.svg import circle, ellipse, fmt, group, line, outline, path, polar, text, tf


def banner(words: str, cx: float, cy: float, width: float, pal: Palette, ground: str) -> str:
    """A ribbon ``width`` wide with forked, folded-back ends, the words on it in italics."""
    half = width / 2
    h = 9.0
    left, right = cx - half, cx + half
    tails = (
        f"M{fmt(left + 6)},{fmt(cy - h + 5)}L{fmt(left - 12)},{fmt(cy - h + 5)}"
        f"L{fmt(left - 5)},{fmt(cy + 3)}L{fmt(left - 12)},{fmt(cy + h + 5)}"
        f"L{fmt(left + 6)},{fmt(cy + h + 5)}Z"
        f"M{fmt(right - 6)},{fmt(cy - h + 5)}L{fmt(right + 12)},{fmt(cy - h + 5)}"
        f"L{fmt(right + 5)},{fmt(cy + 3)}L{fmt(right + 12)},{fmt(cy + h + 5)}"
        f"L{fmt(right - 6)},{fmt(cy + h + 5)}Z"
    )
    body = (
        f"M{fmt(left)},{fmt(cy - h)}Q{fmt(cx)},{fmt(cy - h - 6)} {fmt(right)},{fmt(cy - h)}"
        f"L{fmt(right)},{fmt(cy + h)}Q{fmt(cx)},{fmt(cy + h - 6)} {fmt(left)},{fmt(cy + h)}Z"
    )
    size = 10.5
    words_el = text(words, cx, cy + 3.2, size, pal.ink, SERIF, "bold", length=width - 10)
    return (
        path(tails, fill=pal.gold_dark, **outline(pal.ink, 1.2))
        + path(body, fill=ground, **outline(pal.ink, 1.4))
        + words_el.replace('font-style="normal"', 'font-style="italic"')
    )


def eagle(cx: float, cy: float, s: float, pal: Palette, crowned: bool = True) -> str:
    """A heraldic eagle, wings spread, head turned to its right, ``s`` times 1 (about 120 wide)."""
    ink = pal.ink
    S = outline(ink, 1.6 / s)
    wing = (
        "M-8,-18C-24,-34 -44,-40 -60,-36C-52,-30 -56,-24 -62,-20C-52,-16 -54,-10 -60,-4"
        "C-48,-2 -46,4 -50,10C-36,8 -24,2 -10,2Z"
    )
    feathers = "M-56,-30L-22,-20M-58,-18L-22,-10M-54,-6L-20,-2"
    tail = "M-10,24L-16,44L-6,38L0,48L6,38L16,44L10,24Z"
    body = "M-12,-22C-16,-6 -14,14 -8,26L8,26C14,14 16,-6 12,-22C8,-28 -8,-28 -12,-22Z"
    parts = [
        path(wing, fill=ink, **S),
        path(wing, fill=ink, transform="scale(-1 1)", **S),
        line(feathers, pal.gold, 1.6 / s),
        line(feathers, pal.gold, 1.6 / s).replace("<path ", '<path transform="scale(-1 1)" '),
        path(tail, fill=ink, **S),
        path(body, fill=ink, **S),
        path("M-4,-24C-6,-36 2,-44 10,-40L18,-36L10,-32L8,-26Z", fill=ink, **S),
        circle(6, -36, 1.6, fill=pal.gold),
        path("M14,-37L22,-34L14,-32Z", fill=pal.gold),
        path(
            "M-14,26L-20,34M-6,28L-8,36M6,28L8,36M14,26L20,34",
            stroke=pal.gold,
            stroke_width=2.4,
            fill="none",
            stroke_linecap="round",
        ),
    ]
    if crowned:
        parts.append(path("M-2,-44L-2,-54L3,-49L8,-56L12,-49L16,-54L16,-44Z", fill=pal.gold, **S))
    return group(parts, transform=tf(cx, cy, s))


def putto(cx: float, cy: float, s: float, pal: Palette) -> str:
    """A winged child: curly head, feathered wings behind, a cloth across the body."""
    ink = pal.ink
    S = outline(ink, 1.5 / s)
    wing = (
        "M-6,-6C-22,-26 -42,-30 -46,-20C-40,-18 -44,-12 -40,-8"
        "C-34,-8 -36,-2 -30,0C-20,2 -12,0 -6,2Z"
    )
    return group(
        [
            path(wing, fill=pal.white, **S),
            path(wing, fill=pal.white, transform="scale(-1 1)", **S),
            line("M-40,-16L-16,-6M-36,-6L-14,-1", pal.blue, 1.2 / s),
            path("M-12,-8C-16,10 -12,26 -6,34L6,34C12,26 16,10 12,-8Z", fill=pal.skin, **S),
            path("M-13,4Q0,14 13,0L12,12Q0,22 -12,16Z", fill=pal.red, **S),
            circle(0, -20, 12, fill=pal.skin, **S),
            path(
                "M-12,-22C-14,-34 -2,-38 4,-34C10,-38 16,-30 12,-22C8,-28 -6,-30 -12,-22Z",
                fill=pal.gold_dark,
                **S,
            ),
            eyes(0, -19, 4.2, pal, 1.4),
            line("M-2,-13q2,1.4 4,0", ink, 1.1 / s),
        ],
        transform=tf(cx, cy, s),
    )


def cupid(cx: float, cy: float, s: float, pal: Palette, blindfold: bool) -> str:
    """A putto drawing a bow, an arrow on the string; blindfolded or not."""
    ink = pal.ink
    bow = path(
        "M26,-40Q46,-16 26,8",
        stroke=pal.wood_dark,
        stroke_width=2.4,
        fill="none",
        transform=tf(cx, cy, s),
    )
    string = line("M26,-40L12,-16L26,8", ink, 0.8 / s).replace(
        "<path ", f'<path transform="{tf(cx, cy, s)}" '
    )
    arrow = line("M-4,-16L40,-16", pal.wood_dark, 1.6).replace(
        "<path ", f'<path transform="{tf(cx, cy, s)}" '
    )
    parts = [putto(cx, cy, s, pal), bow, string, arrow]
    if blindfold:
        parts.append(
            path(
                "M-12,-22L12,-22L12,-17L-12,-17Z",
                fill=pal.white,
                **outline(ink, 0.8),
                transform=tf(cx, cy, s),
            )
        )
    return "".join(parts)


def bird(cx: float, cy: float, s: float, pal: Palette, facing: int = 1) -> str:
    """A small perched bird facing right (``facing`` 1) or left (-1)."""
    ink = pal.ink
    body = "M-14,2C-10,-10 4,-12 10,-6L18,-8L12,-2C12,6 4,10 -4,8L-18,12Z"
    return group(
        [
            path(body, fill=pal.blue, **outline(ink, 1.3 / s)),
            path("M-8,-2Q0,-8 6,0Q0,4 -8,-2Z", fill=pal.green, **outline(ink, 1 / s)),
            circle(9, -6, 1.4, fill=ink),
            line("M-2,8L-4,14M3,8L2,14", ink, 1.4 / s),
        ],
        transform=f"{tf(cx, cy)} scale({fmt(s * facing)} {fmt(s)})",
    )


def dog(cx: float, cy: float, s: float, pal: Palette) -> str:
    """A little seated dog looking up to its right."""
    ink = pal.ink
    S = outline(ink, 1.4 / s)
    return group(
        [
            path(
                "M-16,20C-20,6 -14,-6 -4,-8L6,-16C10,-22 20,-22 22,-16L26,-12L20,-8"
                "C18,0 14,8 14,20Z",
                fill=pal.white,
                **S,
            ),
            path("M8,-18C6,-26 12,-28 14,-22Z", fill=pal.hair, **S),
            path("M-16,14C-26,12 -28,4 -24,0", stroke=ink, stroke_width=2 / s, fill="none"),
            circle(16, -15, 1.4, fill=ink),
            circle(24, -12.5, 1.6, fill=ink),
            ellipse(-2, 6, 6, 4, fill=pal.hair, opacity=0.6),
            path("M2,-6L8,-4", stroke=pal.red, stroke_width=2.4 / s, fill="none"),
        ],
        transform=tf(cx, cy, s),
    )


def hand(cx: float, cy: float, s: float, angle: float, pal: Palette) -> str:
    """A hand closed round a grip at (cx, cy), its cuff below, turned by ``angle``."""
    ink = pal.ink
    S = outline(ink, 1.4 / s)
    return group(
        [
            path("M-10,10L-12,34L12,34L10,10Z", fill=pal.white, **S),
            path("M-13,30L13,30L14,36L-14,36Z", fill=pal.red, **S),
            path(
                "M-12,-8C-14,4 -10,12 0,12C10,12 14,4 12,-8C8,-12 -8,-12 -12,-8Z",
                fill=pal.skin,
                **S,
            ),
            line("M-11,-3L11,-3M-11,2L11,2M-10,7L10,7", ink, 1 / s),
            path("M10,-6C16,-6 18,0 14,4", fill=pal.skin, **S),
        ],
        transform=tf(cx, cy, s, angle),
    )


def trinacria(cx: float, cy: float, r: float, pal: Palette) -> str:
    """Sicily's emblem: a face with three bent running legs round it."""
    ink = pal.ink
    legs = []
    for k in range(3):
        a = k * 120 - 90
        x1, y1 = polar(r * 0.35, a)
        x2, y2 = polar(r * 0.95, a + 10)
        x3, y3 = polar(r * 0.95, a + 48)
        leg = f"M{fmt(x1)},{fmt(y1)}L{fmt(x2)},{fmt(y2)}L{fmt(x3)},{fmt(y3)}"
        for colour, width in ((ink, r * 0.26), (pal.skin, r * 0.16)):
            legs.append(
                path(
                    leg,
                    stroke=colour,
                    stroke_width=width,
                    fill="none",
                    stroke_linejoin="round",
                    stroke_linecap="round",
                )
            )
    return group(
        [
            *legs,
            circle(0, 0, r * 0.36, fill=pal.skin, **outline(ink, 1.2)),
            path(
                f"M{fmt(-r * 0.36)},{fmt(-r * 0.05)}C{fmt(-r * 0.4)},{fmt(-r * 0.5)} "
                f"{fmt(r * 0.4)},{fmt(-r * 0.5)} {fmt(r * 0.36)},{fmt(-r * 0.05)}",
                fill=pal.gold_dark,
            ),
            eyes(0, r * 0.02, r * 0.12, pal, max(0.8, r * 0.04)),
        ],
        transform=tf(cx, cy),
    )


def shield(cx: float, cy: float, s: float, field: str, cross: str, pal: Palette) -> str:
    """A pointed shield of ``field`` with a cross of ``cross`` on it (about 30 wide)."""
    ink = pal.ink
    return group(
        [
            path(
                "M-15,-18L15,-18L15,2C15,14 6,20 0,24C-6,20 -15,14 -15,2Z",
                fill=field,
                **outline(ink, 1.6 / s),
            ),
            path(
                "M-3,-18L3,-18L3,-6L15,-6L15,0L3,0L3,22L-3,22L-3,0L-15,0L-15,-6L-3,-6Z", fill=cross
            ),
        ],
        transform=tf(cx, cy, s),
    )
