"""A pattern's own proportions: its cards drawn long and narrow, as printed.

Every deck's art is drawn in one design box, 200 x 300 (the game's old 2:3
card). A pattern printed longer (the Trevigiane about 49 x 104 mm, the
Bresciane 43 x 88) keeps the 200 width and gets its own height ``H``; each card
is then fitted to it here, part by part, ``k = H / 300`` times as long:

* what sits at a place (a pip, a suit sign held by a figure, a corner number,
  a coin's or an ace's emblem: an element translated to a point, a circle, a
  text) keeps its shape and moves to the same place along the longer card
  (``y`` becomes ``k * y``): coins and cups stay round, numbers upright;
* what is drawn over the whole card (a court's figure, a frame, the line
  between a double-headed court's halves, a vignette, a back's pattern) is
  drawn ``k`` times as long: the figures of long packs are long and slim;
* the long pieces of the swords and batons, laid through the card's middle,
  are drawn as long as the card, as on the printed packs.

A double-headed court's other half (turned round the card's middle) is fitted
the same way inside its turn, round the new middle. The blank face every card
starts from (``card.card_bg_def``) is drawn at the card's height by its deck.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tools.cards.card import CY, H, W
from tools.cards.svg import fmt

_TAG = re.compile(r"<(/?)([a-zA-Z]+)([^>]*?)(/?)>")
_TRANSLATE = re.compile(r'\btransform="translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)')
_ATTR_Y = {"text": "y", "circle": "cy", "ellipse": "cy"}
_TURN = f'transform="rotate(180 {fmt(W / 2)} {fmt(CY)})"'


@dataclass(frozen=True)
class CardShape:
    """A pattern's card: ``width_mm`` x ``height_mm`` as printed (None: the game's 2:3)."""

    width_mm: float | None = None
    height_mm: float | None = None

    @property
    def height(self) -> int:
        """The card's height in the art's units, its width being ``W`` (200)."""
        if self.width_mm is None or self.height_mm is None:
            return H
        return round(W * self.height_mm / self.width_mm)

    @property
    def ratio(self) -> float:
        """Height over width, as the page's style sheet gives it (--card-ratio)."""
        return self.height / W


TWO_BY_THREE = CardShape()


def elements(body: str) -> list[str]:
    """The top-level elements of an SVG fragment, each as written."""
    out: list[str] = []
    depth = 0
    start = 0
    for tag in _TAG.finditer(body):
        closing, _, _, empty = tag.groups()
        if depth == 0:
            start = tag.start()
        if closing:
            depth -= 1
        elif not empty:
            depth += 1
        if depth == 0:
            out.append(body[start : tag.end()])
    if depth != 0 or sum(map(len, out)) != len(body.strip()):
        raise ValueError("not a fragment of whole elements")
    return out


def anchor(element: str) -> float | None:
    """Where an element sits along the card, if it sits at a place (else None)."""
    head = element[: element.index(">") + 1]
    name = head[1:].split()[0].rstrip("/>")
    found = _TRANSLATE.search(head)
    if found:
        return float(found.group(2))
    attr = _ATTR_Y.get(name)
    if attr:
        value = re.search(rf'\b{attr}="([-\d.]+)"', head)
        if value:
            return float(value.group(1))
    return None


def fit(body: str, suit: str, height: int) -> str:
    """A card's body drawn in the 200 x 300 box, fitted to a card ``height`` long.

    ``suit`` is the card's suit letter (long swords and batons are stretched), or
    "" for a back. The deck's blank face (a ``use`` of its ``bg``) is left as it is.
    """
    if height == H:
        return body
    k = height / H
    return "".join(_fit_one(e, suit, k) for e in elements(body))


def _fit_one(element: str, suit: str, k: float) -> str:
    if re.match(r'<use href="#[\w-]*bg"\s*/>', element):
        return element
    head_end = element.index(">") + 1
    head = element[:head_end]
    if head.startswith("<g") and _TURN in head and not head.endswith("/>"):
        inner = element[head_end : element.rindex("</g>")]
        turned = head.replace(_TURN, f'transform="rotate(180 {fmt(W / 2)} {fmt(CY * k)})"')
        return turned + "".join(_fit_one(e, suit, k) for e in elements(inner)) + "</g>"
    y = anchor(element)
    long_piece = y is not None and suit in ("S", "C") and abs(y - CY) < 1
    if y is None or long_piece:
        return f'<g transform="scale(1 {fmt(k)})">{element}</g>'
    return f'<g transform="translate(0 {fmt(y * (k - 1))})">{element}</g>'
