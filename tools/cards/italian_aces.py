"""The four Italian aces: rayed coin, pearled cup, crowned sword in laurel, sprouting cudgel."""

from __future__ import annotations

from tools.cards.card import CX, CY, crown
from tools.cards.italian_style import ItalianStyle
from tools.cards.svg import Curve, circle, el, ellipse, fmt, group, outline, path, path_d, tf, use


def ace_marks(suit: str, st: ItalianStyle) -> str:
    """The art of the ace of ``suit``."""
    aces = {"D": coin_ace, "H": cup_ace, "S": sword_ace, "C": baton_ace}
    return aces[suit](st)


def coin_ace(st: ItalianStyle) -> str:
    """A large coin on a disc with sixteen rays."""
    pal = st.pal
    rays = [
        path(
            "M-7,-66L0,-84L7,-66Z",
            fill=pal.red if i % 2 == 0 else pal.gold_dark,
            **outline(pal.ink, 1.4),
            transform=f"rotate({fmt(i * 22.5)})",
        )
        for i in range(16)
    ]
    ground = el("circle", r=70, fill=st.accents.ace_ground, stroke=pal.ink, stroke_width=2.5)
    coin = use(f"{st.pid}coin", tf(0, 0, 1.36))
    return group([group(rays), ground, coin], transform=tf(CX, CY))


def cup_ace(st: ItalianStyle) -> str:
    """A large cup with a string of pearls across its bowl, over its shadow."""
    pal = st.pal
    pearls = "".join(
        circle(
            CX + x,
            CY - 36 + 0.004 * x * x * 2.05,
            2.6,
            fill=pal.white,
            stroke=pal.ink,
            stroke_width=1,
        )
        for x in range(-48, 49, 12)
    )
    shadow = ellipse(CX, 250, 60, 9, fill=pal.green, opacity=0.3)
    return "".join([shadow, use(f"{st.pid}cup", tf(CX, 150, 2.05)), pearls])


def sword_ace(st: ItalianStyle) -> str:
    """A large sword rising through a crown, between laurel branches."""
    return "".join(
        [laurel(st), use(f"{st.pid}swa", tf(CX, CY + 6)), crown(100, 40, 40, 20, st.pal)]
    )


def baton_ace(st: ItalianStyle) -> str:
    """A big cudgel sprouting leaves, slightly tilted."""
    sprigs = [
        sprig(-12.5, 54, -1, st),
        sprig(23, -38, 1, st),
        sprig(-21, -72, -1, st),
        sprig(0, -104, 0, st),
    ]
    return group([use(f"{st.pid}cluba"), *sprigs], transform=tf(CX, CY + 8, 1.0, 8))


def leaf(x: float, y: float, angle: float, size: float, st: ItalianStyle) -> str:
    """A pointed leaf whose base is at (x, y), pointing at ``angle`` degrees (0 = up)."""
    return path(
        f"M0,0Q{fmt(size * 0.42)},{fmt(-size * 0.45)} 0,{fmt(-size)}"
        f"Q{fmt(-size * 0.42)},{fmt(-size * 0.45)} 0,0Z",
        fill=st.pal.green,
        **outline(st.pal.ink, 1.1),
        transform=f"translate({fmt(x)} {fmt(y)}) rotate({fmt(angle)})",
    )


def sprig(x: float, y: float, side: int, st: ItalianStyle) -> str:
    """Three leaves sprouting from (x, y) towards ``side`` (-1 left, 1 right, 0 up)."""
    base = 60.0 * side
    return "".join(leaf(x, y, base + da, 20.0 - abs(da) / 6, st) for da in (-35.0, 0.0, 35.0))


def laurel(st: ItalianStyle) -> str:
    """Two laurel branches rising from the bottom on either side of the ace."""
    return "".join(laurel_branch(side, st) for side in (-1, 1))


def laurel_branch(side: int, st: ItalianStyle) -> str:
    """A curved stem with pairs of leaves and one at its tip; ``side`` -1 is left."""
    curve = Curve((CX + side * 6, 262.0), (CX + side * 86, 226.0), (CX + side * 58, 78.0))
    stem = [curve.point(i / 16) for i in range(17)]
    parts = [
        path(
            path_d(stem, close=False),
            stroke=st.pal.green,
            stroke_width=3,
            fill="none",
            stroke_linecap="round",
        )
    ]
    for i in range(1, 10):
        t = 0.1 + i * 0.09
        x, y = curve.point(t)
        parts.extend(leaf(x, y, curve.heading(t) + da, 17.0, st) for da in (-38.0, 38.0))
    tip = curve.point(1.0)
    parts.append(leaf(tip[0], tip[1], curve.heading(1.0), 17.0, st))
    return "".join(parts)
