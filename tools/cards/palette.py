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

NEAPOLITAN = Palette(
    paper="#fffdf6",
    edge="#8f8778",
    ink="#2a1a10",
    gold="#f6c431",
    gold_dark="#c8861a",
    red="#d8342a",
    blue="#2d64b8",
    green="#2f9448",
    skin="#f7d3ae",
    hair="#8a5224",
    white="#fffaf0",
    steel="#9ec3e6",
    wood="#c98b3c",
    wood_dark="#7c4a18",
    horse="#f4efe4",
    back="#1f418f",
    back_line="#e6b93a",
    number_bg="#ffffff",
)

PIACENTINE = Palette(
    paper="#fbf5e6",
    edge="#8a7a5c",
    ink="#33231a",
    gold="#e2a83c",
    gold_dark="#a86e1c",
    red="#b3262c",
    blue="#27477e",
    green="#2e6e55",
    skin="#f1c9a1",
    hair="#5c3a1c",
    white="#fdf8ea",
    steel="#b4c3d2",
    wood="#a95b2c",
    wood_dark="#6a3414",
    horse="#9c6233",
    back="#7d1d25",
    back_line="#e9d3a6",
    number_bg="#fffaf0",
)


def palette_colour(pal: Palette, name: str) -> str:
    colours = {"red": pal.red, "blue": pal.blue, "green": pal.green, "gold": pal.gold}
    return colours[name]
