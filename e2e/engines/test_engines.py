"""The game in Firefox ESR and WebKitGTK (issue 31), at a phone's 360 x 740 (taps
are touch input) and a desktop's 1280 x 800 (mouse clicks): each test runs in
every engine (--engines) at both sizes. conftest.py says how the browsers are
driven and what fails every test (console errors, requests off the machine).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from game_helpers import replay, strings
from test_persistence import COPY_HAS_KEY

from tools.browsers.tab import Browser, Tab

from .table import (
    BOOT_S,
    ENGINE_TABLE,
    MOVED_ON,
    PLAYING,
    SEEDED,
    count_on_screen,
    first_move,
    open_table,
    play_hand,
    play_moves,
    saved_record,
    saved_view,
    settle,
    table_seen,
    tap_move,
    to_my_turn,
)

ROOT = Path(__file__).resolve().parents[2]
STRINGS = {lang: strings(lang) for lang in ("en", "it")}

SERVICE_WORKER_READY = """async () => {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
  const keys = await caches.keys();
  return keys.some((k) => k.startsWith('scopa-'));
}"""


def test_first_visit_then_a_whole_hand_by_taps_and_the_count(
    engine: str, viewport: str, open_browser: Any, served: Any
) -> None:
    tab = open_browser(engine, viewport).tab()
    touch = viewport == "phone"
    # a first visit: the build's opening table, playable, then the engine's
    tab.goto(served.url)
    tab.wait(PLAYING, timeout=BOOT_S)
    assert tab.count('[data-zone="hand"] [data-card]') == 3
    tab.wait(ENGINE_TABLE, timeout=BOOT_S)
    # a seeded match, its whole first hand by taps, a capture choice included
    open_table(tab, served.url + SEEDED)
    phase, choices = play_hand(tab, touch)
    assert phase == "hand-over"
    assert choices >= 1, "no capture choice came up: the seed no longer offers one"
    tab.wait("() => document.querySelector('#dlg-count').open")
    view = saved_view(tab)
    shown = count_on_screen(tab)
    assert [int(n) for n in shown["points"]] == view["count"]["points"]
    checked = replay(saved_record(tab))
    assert checked["ok"], checked


@dataclass
class Player:
    """A fresh browser at the seeded match, and how its person taps."""

    browser: Browser
    tab: Tab
    touch: bool  # touch input at a phone's size, the mouse on a desktop


@pytest.fixture
def player(engine: str, viewport: str, open_browser: Any, served: Any) -> Player:
    browser = open_browser(engine, viewport)
    open_table(browser.tab(), served.url + SEEDED)
    return Player(browser, browser.tab(), viewport == "phone")


def test_offline_a_reload_and_the_match_goes_on(player: Player, served: Any) -> None:
    tab, touch = player.tab, player.touch
    tab.wait(SERVICE_WORKER_READY, timeout=BOOT_S)
    view = play_moves(tab, 1, touch)
    seen = table_seen(tab)
    served.stop()
    reload_shows(tab, view, seen)
    # the engine started offline too: the next move is made
    card, take = first_move(to_my_turn(tab))
    tap_move(tab, card, take, touch)
    tab.wait(MOVED_ON, view["key"], timeout=60)


def test_a_reload_and_a_killed_browser_resume_at_the_same_move(player: Player, served: Any) -> None:
    browser, tab, touch = player.browser, player.tab, player.touch
    view = play_moves(tab, 2, touch)
    reload_shows(tab, view, table_seen(tab))
    view = play_moves(tab, 1, touch)
    seen = table_seen(tab)
    assert tab.run(COPY_HAS_KEY, view["key"]), "the move's save is not in IndexedDB"
    if browser.survives_kill:
        browser.kill()
        browser.start()
        tab = browser.tab()
        open_table(tab, served.url)
        assert saved_view(tab)["key"] == view["key"]
        assert table_seen(tab) == seen
    # (WebKitGTK's MiniBrowser keeps no data across a kill here: tools/browsers/webkit.py;
    # the IndexedDB copy above, committed at once, is what a killed Safari comes back to)
    play_moves(tab, 1, touch)


def test_settings_a_deck_change_and_both_languages(player: Player) -> None:
    tab, touch = player.tab, player.touch
    # the settings dialog opens (a real <dialog>) and closes
    is_open = "() => document.querySelector('#dlg-settings').open"
    tab.tap_until('.tools [data-action="new"]', is_open, touch=touch)
    tab.wait(is_open)
    assert tab.run("() => document.querySelector('#dlg-settings').matches(':modal')")
    closed = "() => !document.querySelector('#dlg-settings').open"
    tab.tap_until('#dlg-settings .dialog-actions [data-action="close"]', closed, touch=touch)
    tab.wait(closed)
    # a deck change through the chooser: the cards are drawn from another deck's
    # pictures, fetched when chosen (only the default deck comes with the visit)
    deck = tab.run("() => document.body.dataset.deck")
    pictures = tab.run(HAND_PICTURES)
    chooser = "() => document.querySelector('#dlg-decks')?.open ?? false"
    tab.tap_until(deck_button(tab), chooser, touch=touch)
    tab.wait(chooser, timeout=BOOT_S)  # the chooser comes with the rest of the page's Python
    other = CHOSEN_DECK if deck != CHOSEN_DECK else "neapolitan"
    changed = "(deck) => document.body.dataset.deck === deck"
    tab.tap_until(f'#dlg-decks [data-deck="{other}"]', changed, other, touch=touch)
    tab.wait(changed, other)
    tab.wait("(deck) => document.querySelector('#card-sprite').dataset.deck === deck", other)
    tab.wait("(before) => JSON.stringify(" + HAND_PICTURES + "()) !== before", json.dumps(pictures))
    assert tab.run(HAND_PAINTED), "a card of the new deck is not painted"
    # Italian, then English again: the toolbar's words and the status line follow
    for lang in ("it", "en"):
        now = "(lang) => document.documentElement.lang === lang"
        tab.tap_until('.tools [data-action="lang"]', now, lang, touch=touch)
        tab.wait(now, lang)
        label = tab.text('.tools [data-action="new"] .tool-label').strip()
        assert label == STRINGS[lang]["text"]["tool.new"], label
    settle(tab)


def test_a_card_dragged_onto_the_table_is_played(player: Player) -> None:
    tab, touch = player.tab, player.touch
    view = to_my_turn(tab)
    card, target = drag_plan(tab, view)
    moves = len(saved_record(tab)["hands"][-1]["moves"])
    tab.drag(f'[data-zone="hand"] [data-card="{card}"]', target, touch=touch)
    tab.wait(MOVED_ON, view["key"], timeout=60)
    made = saved_record(tab)["hands"][-1]["moves"][moves]
    assert made["card"] == card, made


def test_sounds_start_with_the_first_tap(engine: str, open_browser: Any, served: Any) -> None:
    """Web Audio after a gesture: no AudioContext before the first tap (autoplay rules),
    one made by it, and the move's sound played through it. (Its state is
    "running" where the machine has an audio output: WebKitGTK's GStreamer has a
    sink here, Firefox finds no device and keeps it "suspended"; docs/browsers.md.)"""
    tab = open_browser(engine, "desktop", reduced_motion=False).tab()  # sounds are on
    open_table(tab, served.url + SEEDED)
    assert tab.run("() => document.body.dataset.audio ?? null") is None
    play_moves(tab, 1, touch=False)
    tab.wait("() => Number(document.body.dataset.sounds || 0) > 0")
    audio = tab.run("() => [document.body.dataset.audio, document.body.dataset.sound]")
    assert audio[0] in ("running", "suspended") and audio[1], audio


# --- helpers -------------------------------------------------------------------------


def reload_shows(tab: Any, view: dict[str, Any], seen: dict[str, Any]) -> None:
    """A reload, the engine up again: the same move, the same table on screen."""
    tab.reload()
    tab.wait(ENGINE_TABLE, timeout=BOOT_S)
    settle(tab)
    assert saved_view(tab)["key"] == view["key"]
    assert table_seen(tab) == seen


HAND_PICTURES = """() => [...document.querySelectorAll('[data-zone="hand"] [data-card] use')]
  .map((u) => u.getAttribute('href') || u.getAttribute('xlink:href'))"""
# every hand card's picture paints (its sprite symbol exists and has a size)
HAND_PAINTED = """() => [...document.querySelectorAll('[data-zone="hand"] [data-card] use')]
  .every((u) => { const b = u.getBBox(); return b.width > 0 && b.height > 0; })"""


# a deck of the chooser's first group, at the top of its list even on a phone
CHOSEN_DECK = "trevigiane"


def deck_button(tab: Any) -> str:
    """The deck's control: on the toolbar, or in its More menu on a narrow screen."""
    direct = '.tools [data-action="deck"]'
    if tab.run(f"() => document.querySelector('{direct}')?.checkVisibility() ?? false"):
        return direct
    tab.tap(".tool-more")
    return '#tool-menu [data-action="deck"]'


# A point of the felt that is not a table card (where a card is put down).
FREE_FELT = """() => {
  const r = document.querySelector('#felt').getBoundingClientRect();
  for (let fy = 0.9; fy > 0.05; fy -= 0.05) {
    for (let fx = 0.5; fx < 0.95; fx += 0.1) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const el = document.elementFromPoint(x, y);
      if (el && el.closest('#felt') && !el.closest('#table [data-card]')) return [x, y];
    }
  }
  return null;
}"""


def drag_plan(tab: Any, view: dict[str, Any]) -> tuple[str, str | tuple[float, float]]:
    """A hand card and where to drop it: on the one table card it takes (its only
    move), else a free spot of the felt for a card whose only move puts it down."""
    for card in view["hand"]:
        options = view["moves"][card]["moves"]
        if len(options) == 1 and len(options[0]["take"]) == 1:
            return card, f'[data-zone="table"] [data-card="{options[0]["take"][0]}"]'
    for card in view["hand"]:
        options = view["moves"][card]["moves"]
        if len(options) == 1 and not options[0]["take"] and not options[0].get("keep"):
            point = tab.run(FREE_FELT)
            assert point, "no free point on the felt"
            return card, (point[0], point[1])
    raise AssertionError(f"no card to drag in this position: {view['moves']}")
