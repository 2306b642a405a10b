"""The decks' colours, side by side, and the fonts of the indices."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

SANS = "'Helvetica Neue',Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif"
SERIF = "'Times New Roman',Times,'Liberation Serif','DejaVu Serif',serif"


@dataclass(frozen=True)
class Palette:
    paper: str
    edge: str
    ink: str
    gold: str
    gold_dark: str
    red: str
    blue: str
    green: str
    skin: str
    hair: str
    white: str
    steel: str
    wood: str
    wood_dark: str
    horse: str
    back: str
    back_line: str
    number_bg: str

    def colour(self, name: str) -> str:
        """A colour by its field's name (``"red"``), as styles and garments name them."""
        colours: dict[str, str] = vars(self)
        return colours[name]


# Each colour of the three decks: (French, Neapolitan, Piacentine).  A colour named for
# a part (number_bg, horse) is the one part of the art that uses it.
COLOURS: dict[str, tuple[str, str, str]] = {
    "paper": ("#ffffff", "#fffdf6", "#fbf5e6"),  # the card
    "edge": ("#9a9a9a", "#8f8778", "#8a7a5c"),  # the card's outline
    "ink": ("#1b1b1f", "#2a1a10", "#33231a"),  # outlines, black suits
    "gold": ("#f0b81f", "#f6c431", "#e2a83c"),
    "gold_dark": ("#b7820a", "#c8861a", "#a86e1c"),
    "red": ("#d0142c", "#d8342a", "#b3262c"),
    "blue": ("#1f4fa0", "#2d64b8", "#27477e"),
    "green": ("#1d7a5a", "#2f9448", "#2e6e55"),
    "skin": ("#f6d2b0", "#f7d3ae", "#f1c9a1"),
    "hair": ("#7a4a1f", "#8a5224", "#5c3a1c"),
    "white": ("#ffffff", "#fffaf0", "#fdf8ea"),  # ermine, collars, the back's oval
    "steel": ("#b9c6d6", "#9ec3e6", "#b4c3d2"),
    "wood": ("#8a5a2b", "#c98b3c", "#a95b2c"),
    "wood_dark": ("#5b3716", "#7c4a18", "#6a3414"),
    "horse": ("#ffffff", "#f4efe4", "#9c6233"),  # the Cavallo's horse
    "back": ("#b4152b", "#1f418f", "#7d1d25"),  # the back's field
    "back_line": ("#f2a0aa", "#e6b93a", "#e9d3a6"),  # the back's pattern
    "number_bg": ("#ffffff", "#ffffff", "#fffaf0"),  # inside the Italian number frame
}
FRENCH, NEAPOLITAN, PIACENTINE = (
    Palette(**{f.name: COLOURS[f.name][deck] for f in fields(Palette)}) for deck in range(3)
)

# The colours a Latin-suited regional deck gives anew over the deck it grew from, in
# the order its module lists them (the others, skin, hair, white, ..., it keeps).
REGIONAL_COLOURS = (
    *("paper", "ink", "gold", "gold_dark", "red", "blue", "green"),
    *("steel", "wood", "wood_dark", "horse", "back", "back_line"),
)


def regional(base: Palette, colours: str) -> Palette:
    """``base`` with the ``REGIONAL_COLOURS`` given, in their order, by ``colours``."""
    return replace(base, **dict(zip(REGIONAL_COLOURS, colours.split(), strict=True)))
