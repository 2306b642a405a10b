"""What the Lombard and Trentine Italian-suited patterns share, beyond the shared suits.

The Trentine pack and the two that came from it, the Bresciane and the
Bergamasche, draw some cards alike: the aces of swords and of batons held up
by a hand; the ace of cups crowned by a Cupid with his bow, two quarter circles
in the card's top corners; the Fante of cups with his little dog; the Fanti of
swords and of batons holding a second one in the other hand; the ring on one
King where the tax stamp went until 1862. The patterns differ in which of
these they have and how (a blindfolded Cupid, the King that bears the ring),
which each style module says.
"""

from __future__ import annotations

from tools.cards.card import CX
from tools.cards.italian_style import ItalianStyle
from tools.cards.ornaments import cupid, dog, hand
from tools.cards.svg import circle, path, tf, use


def hand_ace(suit: str, st: ItalianStyle) -> str:
    """The ace of swords or batons standing upright, gripped by a hand low down."""
    p = st.pid
    if suit == "S":
        symbol = use(f"{p}swa", tf(CX, 138, 0.86))
        grip = 214.0
    else:
        symbol = use(f"{p}cluba", tf(CX, 134, 0.84))
        grip = 214.0
    return symbol + hand(CX, grip, 1.3, 0, st.pal)


def cupid_ace(st: ItalianStyle, blindfold: bool, quarters: tuple[str, str]) -> str:
    """The big cup with Cupid drawing his bow above it, two quarter circles in the top
    corners (blue and yellow, or both red, as the pattern has them)."""
    pal = st.pal
    left, right = quarters
    corners = path(
        "M10,10L46,10A36,36 0 0,1 10,46Z", fill=left, stroke=pal.ink, stroke_width=1.4
    ) + path("M190,10L154,10A36,36 0 0,0 190,46Z", fill=right, stroke=pal.ink, stroke_width=1.4)
    return "".join(
        [
            corners,
            use(f"{st.pid}cup", tf(CX, 190, 1.45)),
            cupid(CX, 84, 1.15, pal, blindfold),
        ]
    )


def stamp_ring(x: float, y: float, st: ItalianStyle) -> str:
    """The empty ring where the tax stamp was put on one King."""
    pal = st.pal
    return circle(x, y, 17, fill=pal.paper, stroke=pal.ink, stroke_width=1.6) + circle(
        x, y, 13, fill="none", stroke=pal.red, stroke_width=1.2, stroke_dasharray="3 2"
    )


def fante_dog(st: ItalianStyle) -> str:
    """The little dog at the full-length Fante's feet."""
    return dog(50, 248, 1.0, st.pal)


def second_symbol(suit: str, st: ItalianStyle) -> str:
    """A second sword or baton in the full-length Fante's lowered left hand (at 69,194)."""
    p = st.pid
    if suit == "S":
        return use(f"{p}sws", tf(69, 196, 0.8, 200))
    return use(f"{p}clubs", tf(66, 206, 0.86, -12))


def lowered_hand(st: ItalianStyle) -> str:
    """The Fante's left hand drawn again over what it holds."""
    pal = st.pal
    return circle(69, 194, 6.5, fill=pal.skin, stroke=pal.ink, stroke_width=2.2)
