"""A Latin-suited deck (Italian or Spanish suits) from its style: the defs and the 41 symbols.

The cards' numbers run 1 to 10 (8 Fante, 9 Cavallo, 10 Re; some patterns
number the courts otherwise), in a small frame at two corners, plain at two
corners, or nowhere, as the style says; the parts are drawn by
``italian_suits``, ``italian_pips``, ``italian_aces``, ``italian_figures`` and
``italian_halves``, each style's own by its module.
"""

from __future__ import annotations

from tools.cards.card import CX, CY, RANKS, SUITS, back_face, card_bg_def, rot180
from tools.cards.italian_aces import ace_marks
from tools.cards.italian_figures import figure_defs, figure_marks
from tools.cards.italian_halves import halves_defs, halves_marks
from tools.cards.italian_pips import pip_marks
from tools.cards.italian_style import ItalianStyle
from tools.cards.italian_suits import suit_defs
from tools.cards.palette import SERIF
from tools.cards.svg import el, group, path, rect, text, tf, use


def italian_defs(st: ItalianStyle, height: int) -> list[str]:
    """The blank face, the suits' symbols, the court figures and the back, for ``<defs>``."""
    courts = halves_defs(st) if st.halves else figure_defs(st)
    return [
        card_bg_def(st.pid, st.pal, border=st.border, height=height),
        *suit_defs(st),
        *courts,
        *st.extra_defs(),
        back_motif(st),
        back_def(st),
    ]


def italian_cards(st: ItalianStyle) -> dict[str, str]:
    """Each card's symbol body by code (``7D``, ...), then ``back``."""
    cards: dict[str, str] = {}
    frame = st.face_frame()
    for suit in SUITS:
        for rank in RANKS:
            if rank == "A":
                marks = [st.ace(suit) or ace_marks(suit, st)]
            elif rank in "JQK":
                marks = st.court(rank, suit) or court_marks(rank, suit, st)
            else:
                marks = [*pip_marks(rank, suit, st), *st.vignette(rank, suit)]
            body = [use(f"{st.pid}bg"), *frame, *marks, number(rank, st)]
            cards[rank + suit] = "".join(body)
    cards["back"] = use(f"{st.pid}backart")
    return cards


def court_marks(rank: str, suit: str, st: ItalianStyle) -> list[str]:
    """The shared court card: a full-length figure, or a double-ended half."""
    return halves_marks(rank, suit, st) if st.halves else figure_marks(rank, suit, st)


def number_of(rank: str, st: ItalianStyle) -> str:
    """The number a card of ``rank`` carries (the courts' as the style numbers them)."""
    if rank == "A":
        return "1"
    if rank in "JQK":
        return st.court_numbers["JQK".index(rank)]
    return rank


def number(rank: str, st: ItalianStyle) -> str:
    """The rank's number top-left and (rotated) bottom-right, framed or plain, or none."""
    pal = st.pal
    n = number_of(rank, st)
    colour = st.accents.number
    if st.index == "none":
        return ""
    if st.index == "frame":
        length = 31.0 if len(n) == 2 else None
        frame = rect(6, 6, 37, 46, rx=3, fill=pal.number_bg, stroke=colour, stroke_width=2)
        one = frame + text(n, 24.5, 43, 40, colour, SERIF, length=length)
    else:
        size = st.index_size
        length = size * 0.8 if len(n) == 2 else None
        one = text(n, 8 + size * 0.44, 6 + size, size, colour, SERIF, length=length)
    return one + rot180([one])


def back_motif(st: ItalianStyle) -> str:
    """The little four-pointed star of the Neapolitan back (a sprite keeps it only if used)."""
    pal = st.pal
    star = path("M0,-7Q3,0 0,7Q-3,0 0,-7ZM-7,0Q0,3 7,0Q0,-3 -7,0Z", fill=pal.back_line)
    return group([star, el("circle", r=1.6, fill=pal.back)], id=f"{st.pid}mot")


def back_def(st: ItalianStyle) -> str:
    """The back: the style's pattern round an oval with the four suits."""
    pal = st.pal
    p = st.pid
    emblem = [
        use(f"{p}coin", tf(CX, CY - 32, 0.36)),
        use(f"{p}cup", tf(CX, CY + 33, 0.36)),
        use(f"{p}sws", tf(CX - 25, CY + 22, 0.5, -8)),
        use(f"{p}clubs", tf(CX + 25, CY, 0.5, 8)),
    ]
    pattern = st.back_pattern()
    face = back_face(pal, pattern, pal.back_line, (48, 62, pal.back_line), 1.4)
    return group([*face, *emblem], id=f"{p}backart")
