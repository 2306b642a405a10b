"""Checks for the card sprites in web/cards, made by tools/make_cards.py (art in tools/cards)."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tools.cards.sprite import DECKS as DRAWN

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "web" / "cards"
DECKS = tuple(DRAWN)
#: the long decks: each has a second sprite, 2:3, for a short window (short/)
LONG = tuple(d for d in DECKS if DRAWN[d].long)
GENERATED = (
    *(f"{d}.svg" for d in DECKS),
    *(f"previews/{d}.svg" for d in DECKS),
    *(f"short/{d}.svg" for d in LONG),
    "preview.html",
)
SVG = "{http://www.w3.org/2000/svg}"
CODES = [
    rank + suit for suit in "DHSC" for rank in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
]
# Things that are unreliable through a <use> (the page keeps the sprite in a
# display: none store, where these would not draw) or would pull in other files.
FORBIDDEN = {
    "image",
    "pattern",
    "linearGradient",
    "radialGradient",
    "mask",
    "clipPath",
    "filter",
    "script",
    "foreignObject",
    "style",
}


def load(deck: str, folder: Path = CARDS) -> ET.Element:
    return ET.parse(folder / f"{deck}.svg").getroot()


def local(tag: str) -> str:
    return tag.removeprefix(SVG)


@pytest.mark.parametrize("deck", DECKS)
def test_all_cards_and_back_exactly_once(deck: str) -> None:
    root = load(deck)
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    # prefixed, so that the page can put the sprite into its own document as it is
    assert sorted(symbols, key=str) == sorted(f"card-{c}" for c in [*CODES, "back"])
    # every card as long as the pattern's printed cards (tools/cards/shape.py)
    height = DRAWN[deck].shape.height
    assert 300 <= height <= 440
    for sym in root.iter(f"{SVG}symbol"):
        assert sym.get("viewBox") == f"0 0 200 {height}"
    ids = [e.get("id") for e in root.iter() if e.get("id") is not None]
    assert len(ids) == len(set(ids)), "duplicate ids"


@pytest.mark.parametrize(
    "folder", [CARDS, CARDS / "previews", CARDS / "short"], ids=["sprite", "preview", "short"]
)
@pytest.mark.parametrize("deck", DECKS)
def test_references_stay_inside_the_file(deck: str, folder: Path) -> None:
    if folder.name == "short" and deck not in LONG:
        assert not (folder / f"{deck}.svg").exists()  # a 2:3 deck has one sprite
        return
    root = load(deck, folder)
    ids = {e.get("id") for e in root.iter() if e.get("id") is not None}
    uses = 0
    for e in root.iter():
        assert local(e.tag) not in FORBIDDEN, e.tag
        for name, value in e.attrib.items():
            if name in ("href", "{http://www.w3.org/1999/xlink}href"):
                assert value.startswith("#"), value
                assert value[1:] in ids, f"unresolved {value}"
                uses += 1
            else:
                assert "url(" not in value, f"{name}={value}"
    assert uses > (3 if folder.name == "previews" else 40)


@pytest.mark.parametrize("deck", LONG)
def test_a_long_decks_short_sprite_is_the_same_cards_drawn_2_by_3(deck: str) -> None:
    """short/<deck>.svg, for a short window: the same card ids, each 200 x 300, drawn from the
    same art (the pips placed and the figures drawn for the shorter card: shape.py)."""
    short, own = load(deck, CARDS / "short"), load(deck)
    symbols = {s.get("id"): s for s in short.iter(f"{SVG}symbol")}
    assert sorted(symbols) == sorted(s.get("id") for s in own.iter(f"{SVG}symbol"))
    assert {s.get("viewBox") for s in symbols.values()} == {"0 0 200 300"}
    # the same shapes in <defs> but the blank face, which is as long as the card
    kept = [e.get("id") for e in own.find(f"{SVG}defs") or []]
    assert [e.get("id") for e in short.find(f"{SVG}defs") or []] == kept
    assert (CARDS / "short" / f"{deck}.svg").stat().st_size < 150_000


@pytest.mark.parametrize("deck", DECKS)
def test_the_choosers_picture_shows_three_of_the_decks_cards(deck: str) -> None:
    """cards/previews/<deck>.svg: the ace of coins, a Fante and a King, drawn as in the
    deck's sprite, in a small file of their own (the chooser loads every deck's)."""
    picture = load(deck, CARDS / "previews")
    cards = [e for e in picture.iter(f"{SVG}svg") if e is not picture]
    assert len(cards) == 3
    sprite = {s.get("id"): s for s in load(deck).iter(f"{SVG}symbol")}
    for card, code in zip(cards, ("AD", "JC", "KD"), strict=True):
        symbol = sprite[f"card-{code}"]
        assert [ET.tostring(e) for e in card] == [ET.tostring(e) for e in symbol]
    assert (CARDS / "previews" / f"{deck}.svg").stat().st_size < 20_000


@pytest.mark.parametrize("deck", DECKS)
def test_sprite_is_small(deck: str) -> None:
    assert (CARDS / f"{deck}.svg").stat().st_size < 150_000


def test_every_deck_is_its_own() -> None:
    """No two decks' sprites are the same file, nor draw any card alike."""
    sprites = {deck: (CARDS / f"{deck}.svg").read_bytes() for deck in DECKS}
    assert len(set(sprites.values())) == len(DECKS)
    faces = {deck: symbol_bodies(deck) for deck in DECKS}
    for one in DECKS:
        for other in DECKS:
            if one < other:
                same = [c for c in faces[one] if faces[one][c] == faces[other][c]]
                assert not same, f"{one} and {other} draw {same} alike"


def symbol_bodies(deck: str) -> dict[str, bytes]:
    """Each card's drawing, the shapes it uses put in place of their references and
    the deck's own id prefix taken out, so that two decks drawing a card alike
    would compare equal."""
    root = load(deck)
    by_id = {e.get("id"): e for e in root.iter() if e.get("id") is not None}

    def drawn(element: ET.Element) -> bytes:
        parts = [ET.tostring(element)]
        for e in element.iter(f"{SVG}use"):
            ref = (e.get("href") or "").removeprefix("#")
            if ref in by_id:
                parts.append(drawn(by_id[ref]))
        return b"".join(parts)

    return {
        str(sym.get("id")): re.sub(rb"card-[a-z]+-", b"card-", drawn(sym))
        for sym in root.iter(f"{SVG}symbol")
    }


def test_preview_uses_every_card() -> None:
    html = (CARDS / "preview.html").read_text(encoding="utf-8")
    refs = set(re.findall(r'href="(\w+)\.svg#card-(\w+)"', html))
    assert refs == {(d, c) for d in DECKS for c in [*CODES, "back"]}


def test_generator_is_deterministic(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "tools.make_cards", "--out", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    for name in GENERATED:
        assert (tmp_path / name).read_bytes() == (CARDS / name).read_bytes(), (
            f"{name} is stale: run python -m tools.make_cards"
        )
