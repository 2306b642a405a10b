"""Colours of each deck and the fonts of the indices."""

from __future__ import annotations

from dataclasses import dataclass

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


FRENCH = Palette(
    paper="#ffffff",
    edge="#9a9a9a",
    ink="#1b1b1f",
    gold="#f0b81f",
    gold_dark="#b7820a",
    red="#d0142c",
    blue="#1f4fa0",
    green="#1d7a5a",
    skin="#f6d2b0",
    hair="#7a4a1f",
    white="#ffffff",
    steel="#b9c6d6",
    wood="#8a5a2b",
    wood_dark="#5b3716",
    horse="#ffffff",
    back="#b4152b",
    back_line="#f2a0aa",
    number_bg="#ffffff",
)


def palette_colour(pal: Palette, name: str) -> str:
    colours = {"red": pal.red, "blue": pal.blue, "green": pal.green, "gold": pal.gold}
    return colours[name]
