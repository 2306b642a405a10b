"""The decks as the page knows them (web/app/i18n.py): every deck drawn is offered,
named and placed in both languages, and its figures are called as the deck calls them.

The page's modules are written for MicroPython but import nothing from the
browser here (i18n.py and narration.py are pure).
"""

from __future__ import annotations

import re

# the page's modules come from pytest's pythonpath (pyproject.toml)
import i18n
import narration
import pytest

from tools import build
from tools.cards.sprite import DECKS as DRAWN


def test_every_deck_drawn_is_offered_once_by_its_suits() -> None:
    grouped = [deck for group in i18n.DECK_SUITS.values() for deck in group]
    assert sorted(grouped) == sorted(set(grouped)) == sorted(i18n.DECKS) == sorted(DRAWN)
    assert i18n.DECKS[0] == i18n.DEFAULT_DECK == build.DEFAULT_DECK
    assert set(i18n.DECK_SUITS) == {"italian", "spanish", "french"}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_deck_has_a_name_and_a_place_in_both_languages(lang: str) -> None:
    text = i18n.catalogue(lang)["text"]
    for deck in i18n.DECKS:
        assert text.get(f"deck.{deck}", "").strip(), (lang, deck)
        assert text.get(f"where.{deck}", "").strip(), (lang, deck)
    assert i18n.I18n(lang).t("where.trevigiane") == "Veneto, Friuli"


def test_the_suits_and_the_figures_follow_the_deck() -> None:
    assert i18n.I18n("en", "piemontesi").card("QH") == "Queen of hearts"
    assert i18n.I18n("it", "toscane").card("QH") == "Donna di cuori"
    assert i18n.I18n("en", "trevigiane").card("QS") == "Knight of swords"
    assert i18n.I18n("it", "sarde").card("JD") == "Fante di denari"
    # the Sicilian Fante is a young woman: the Donna
    assert i18n.I18n("it", "siciliane").card("JC") == "Donna di bastoni"
    assert i18n.I18n("en", "siciliane").card("JC") == "Maid of batons"
    assert i18n.I18n("it", "siciliane").card("QC") == "Cavallo di bastoni"


def test_a_player_who_calls_the_figures_by_their_italian_names_reads_them_so() -> None:
    names = i18n.I18n("en", "neapolitan", traditional=True)
    assert [names.card(c) for c in ("JD", "QH", "KS", "AC", "7D")] == [
        "Fante of coins",
        "Cavallo of cups",
        "Re of swords",
        "Ace of batons",
        "7 of coins",
    ]
    assert i18n.I18n("en", "siciliane", traditional=True).card("JH") == "Donna of cups"
    assert i18n.I18n("en", "lombarde", traditional=True).card("QD") == "Donna of diamonds"
    # the Italian page always says them so; the switch changes nothing there
    assert i18n.I18n("it", "neapolitan", traditional=True).card("QH") == "Cavallo di coppe"


def test_the_italian_names_need_only_the_pages_own_sentences(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An English page has only English sentences until the Italian ones come
    (web/pyscript-strict.mjs): the figures' Italian names are among its own."""
    monkeypatch.setitem(i18n._loaded, "it", {"text": {}, "problems": {}})
    names = i18n.I18n("en", "siciliane", traditional=True)
    assert [names.card(c) for c in ("JD", "QD", "KD")] == [
        "Donna of coins",
        "Cavallo of coins",
        "Re of coins",
    ]


def test_the_narration_of_a_move_uses_the_decks_names() -> None:
    view = {"seats": [{"name": "Anna"}, {"name": "Bruno"}], "players": 2}
    event = {"seat": 1, "kind": "play", "card": "JC", "take": ["QC"]}
    said = narration.describe(event, view, i18n.I18n("en", "siciliane", traditional=True))
    assert "Donna of batons" in said and "Cavallo of batons" in said
    said = narration.describe(event, view, i18n.I18n("en", "french"))
    assert "Jack of clubs" in said and "Queen of clubs" in said


def test_only_the_default_decks_sprite_is_in_the_first_visit() -> None:
    assert not build.is_deck_file("cards/french.svg")
    for deck in i18n.DECKS[1:]:
        assert build.is_deck_file(f"cards/{deck}.svg")
        assert build.is_deck_file(f"cards/previews/{deck}.svg")
    assert build.is_deck_file("cards/previews/french.svg")
    assert not build.is_deck_file("index.html")


def test_the_page_draws_each_deck_as_long_as_its_sprite() -> None:
    """style.css gives each deck's cards the height over width its sprite is drawn at
    (--card-ratio on body[data-deck]); the game's 2:3 is the default."""
    css = (build.WEB / "style.css").read_text(encoding="utf-8")
    assert "--card-ratio: 1.5;" in css
    given = dict(re.findall(r'body\[data-deck="(\w+)"\] \{ --card-ratio: ([\d.]+); \}', css))
    drawn = {name: deck.ratio for name, deck in DRAWN.items()}
    assert {name: float(r) for name, r in given.items()} == {
        name: ratio for name, ratio in drawn.items() if ratio != 1.5
    }
    assert drawn["french"] == 1.5 and max(drawn.values()) > 2  # the Trevigiane: 49 x 104 mm
