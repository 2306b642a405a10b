"""The Latin-suited number cards 2 to 7: where each suit's pips go, and the settebello's wreath.

Coins and cups sit alike in every pattern. Swords and batons follow the suit
system: the northern (Italian-suited) patterns cross long curved swords in
lenses and long batons in a lattice; the Spanish-suited ones cross two or three
long ones and stand more of them apart in rows (``SPANISH_LAYOUT``).
"""

from __future__ import annotations

from tools.cards.card import CX, CY
from tools.cards.italian_style import ItalianStyle
from tools.cards.italian_suits import SWORD_LENSES, lens_sword_id
from tools.cards.svg import el, ellipse, group, tf, use

Place = tuple[float, float, float]  # x, y, scale


def pips(scale: float, *rows: tuple[float, ...]) -> list[Place]:
    """Pips of one size, row by row from the top: each row is (y, x, x, ...)."""
    return [(x, y, scale) for y, *xs in rows for x in xs]


# The sevens' centre pip is a little larger than the rest.
COIN_LAYOUT: dict[str, list[Place]] = {
    "2": pips(0.62, (92, 100), (208, 100)),
    "3": pips(0.52, (80, 64), (150, 100), (220, 136)),
    "4": pips(0.54, (96, 64, 136), (204, 64, 136)),
    "5": pips(0.5, (82, 60, 140), (150, 100), (218, 60, 140)),
    "6": pips(0.47, (74, 64, 136), (150, 64, 136), (226, 64, 136)),
    "7": [*pips(0.44, (76, 52, 100, 148)), (100, 150, 0.52), *pips(0.44, (224, 52, 100, 148))],
}
CUP_LAYOUT: dict[str, list[Place]] = {
    "2": pips(0.86, (95, 100), (207, 100)),
    "3": pips(0.74, (90, 100), (210, 62, 138)),
    "4": pips(0.76, (96, 64, 136), (206, 64, 136)),
    "5": pips(0.62, (84, 62, 138), (150, 100), (216, 62, 138)),
    "6": pips(0.6, (78, 66, 134), (152, 66, 134), (226, 66, 134)),
    "7": [*pips(0.56, (80, 52, 100, 148)), (100, 152, 0.6), *pips(0.56, (224, 52, 100, 148))],
}

# Batons: (dx, angle, length scale); each a long baton through (100+dx, 150).
CLUB_LAYOUT: dict[str, list[tuple[float, float, float]]] = {
    "2": [(0, -22, 1), (0, 22, 1)],
    "3": [(0, -24, 1), (0, 24, 1), (0, 0, 1)],
    "4": [(-22, -20, 1), (22, -20, 1), (-22, 20, 1), (22, 20, 1)],
    "5": [(-24, -20, 1), (24, -20, 1), (-24, 20, 1), (24, 20, 1), (0, 0, 1)],
    "6": [(-19, -13, 1), (19, -13, 1), (-19, 13, 1), (19, 13, 1), (-64, 0, 0.9), (64, 0, 0.9)],
}
CLUB_LAYOUT["7"] = [*CLUB_LAYOUT["6"], (0, 0, 0.9)]  # the six and an upright one

# The Spanish-suited swords and batons: (x, y, angle, long?). Two and three long
# ones cross at the centre; from four up short ones stand in two columns (and
# one in the middle of odd counts).
Spread = tuple[float, float, float, bool]
_COLUMNS = {4: (92, 208), 5: (92, 208), 6: (80, 150, 220), 7: (80, 150, 220)}
SPANISH_LAYOUT: dict[str, list[Spread]] = {
    "2": [(100, 150, -26, True), (100, 150, 26, True)],
    "3": [(100, 150, -28, True), (100, 150, 28, True), (100, 150, 0, True)],
}
for _n, _rows in _COLUMNS.items():
    SPANISH_LAYOUT[str(_n)] = [(x, y, 0, False) for y in _rows for x in (60, 140)]
    if _n % 2:
        SPANISH_LAYOUT[str(_n)].append((100, 150, 0, False))
# The same counts standing side by side, not crossing (a pattern's ``uncrossed``).
UPRIGHT: dict[str, list[Spread]] = {
    "2": [(72, 150, 0, True), (128, 150, 0, True)],
    "3": [(56, 150, 0, True), (100, 150, 0, True), (144, 150, 0, True)],
}


def pip_marks(rank: str, suit: str, st: ItalianStyle) -> list[str]:
    """The pips of a number card from 2 to 7 (with the settebello's wreath first)."""
    p = st.pid
    if suit == "D":
        coins = [use(f"{p}coin", tf(x, y, s)) for x, y, s in COIN_LAYOUT[rank]]
        return [settebello_flourish(st), *coins] if rank == "7" else coins
    if suit == "H":
        return [use(f"{p}cup", tf(x, y, s)) for x, y, s in CUP_LAYOUT[rank]]
    if st.spanish_pips:
        return spanish_marks(rank, suit, st)
    if suit == "S":
        return sword_marks(rank, st)
    return [use(f"{p}club", tf(CX + dx, CY, scale, ang)) for dx, ang, scale in CLUB_LAYOUT[rank]]


def spanish_marks(rank: str, suit: str, st: ItalianStyle) -> list[str]:
    """Straight swords or cudgels: long ones crossing, short ones standing in rows."""
    layout = SPANISH_LAYOUT[rank]
    if rank + suit in st.uncrossed:
        layout = UPRIGHT[rank]
    long_id, short_id = ("swc", "swp") if suit == "S" else ("club", "clubp")
    marks: list[str] = []
    for x, y, angle, long in layout:
        if long:
            scale = 0.8 if rank + suit in st.uncrossed else 0.94
            marks.append(use(f"{st.pid}{long_id}", tf(x, y, scale, angle)))
        else:
            marks.append(use(f"{st.pid}{short_id}", tf(x, y, 0.68 if len(layout) < 6 else 0.56)))
    return marks


def sword_marks(rank: str, st: ItalianStyle) -> list[str]:
    """Mirrored pairs of curved swords, and a straight one down the middle of odd counts."""
    lenses, centre = SWORD_LENSES[rank]
    parts: list[str] = []
    for w, h, bottom in lenses:
        sid = lens_sword_id(st, w, h)
        sy = 1.0 if bottom else -1.0
        parts.append(use(sid, tf(CX, CY, sy, sx=1.0)))
        parts.append(use(sid, tf(CX, CY, sy, sx=-1.0)))
    if centre:
        parts.append(use(f"{st.pid}swc", tf(CX, CY, 1.0, 0 if centre > 0 else 180)))
    return parts


def settebello_flourish(st: ItalianStyle) -> str:
    """A small wreath behind the centre coin marks the settebello."""
    pal = st.pal
    leaves = [
        ellipse(
            0,
            -34,
            5.5,
            10,
            fill=pal.green,
            stroke=pal.ink,
            stroke_width=1,
            transform=f"rotate({i * 30 + 15})",
        )
        for i in range(12)
    ]
    ground = el("circle", r=36, fill=pal.red, stroke=pal.ink, stroke_width=1.5)
    return group([ground, *leaves], transform=tf(CX, CY))
