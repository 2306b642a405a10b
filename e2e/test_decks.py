"""The regional decks in the browser: every sprite drawn whole, the chooser, offline.

- Each deck's sprite, as the built site serves it, draws all 40 cards and the
  back; a screenshot of each deck at phone size is kept as
  e2e/artifacts/deck-<deck>.png (and its chooser picture checked to load).
- The chooser offers every deck with its picture and where it is played; the
  one chosen is drawn by the table, remembered across a reload, and named as
  the deck names its figures.
- Only the default deck comes with the first visit; the others are fetched in
  idle time once a service worker controls the page and kept for offline play.
  Offline, a deck not on the device says so and cannot be chosen; online again,
  it is fetched when chosen and kept.
"""

from __future__ import annotations

import time

import i18n  # the page's module, from e2e/pytest.ini's pythonpath
import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, NetworkGuard, wait_for_service_worker
from game_helpers import (
    ARTIFACTS,
    DESKTOP,
    PAINTED_SIZE,
    PHONE,
    TALL,
    NewContext,
    near,
    open_game,
    painted_whole,
    sprite_file,
    wait_settled,
)
from playwright.sync_api import Page, Route, expect

from tools.cards.sprite import DECKS

CODES = [r + s for s in "DHSC" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")]

#: every <use> of a deck's section of the preview page, and the size each paints
PAINTED = """(deck) => [...document.querySelectorAll(`[data-preview="${deck}"] use`)].map((use) => {
    const box = use.getBBox();
    return [use.getAttribute('href').split('#card-')[1], Math.round(box.width)];
})"""

#: the deck files the app's cache holds (paths below the site)
CACHED_DECKS = """async () => {
    const out = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
            const path = new URL(request.url).pathname.slice(1);
            if (path.startsWith('cards/')) out.push(path);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("deck", i18n.DECKS)
def test_every_card_of_the_deck_is_drawn(
    new_context: NewContext, network_guard: NetworkGuard, deck: str
) -> None:
    context = network_guard.watch(new_context(viewport={"width": 760, "height": 400}))
    page = context.new_page()
    page.goto(f"cards/preview.html?w=56&deck={deck}")
    section = page.locator(f'[data-preview="{deck}"]')
    expect(section).to_be_visible()
    page.wait_for_function(
        f"() => [...document.querySelectorAll('[data-preview=\"{deck}\"] use')]"
        ".every((use) => use.getBBox().width > 0)",
        timeout=20_000,
    )
    painted = dict(page.evaluate(PAINTED, deck))
    assert set(painted) == {*CODES, "back"}
    # every card paints its whole edge: the 56 px wide card less its 1.5/200 margins
    assert set(painted.values()) == {55}, painted
    ARTIFACTS.mkdir(exist_ok=True)
    section.screenshot(path=str(ARTIFACTS / f"deck-{deck}.png"))
    picture = page.evaluate(
        """(src) => new Promise((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth);
            img.onerror = () => resolve(0);
            img.src = src;
        })""",
        f"previews/{deck}.svg",
    )
    assert picture > 0


def choose(page: Page, deck: str) -> None:
    page.keyboard.press("d")
    option = page.locator(f'#dlg-decks [data-deck="{deck}"]')
    expect(option).to_be_enabled()
    option.click()
    expect(page.locator("#dlg-decks")).not_to_be_visible()
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", deck)


def test_the_chooser_offers_every_deck_and_the_table_draws_the_one_chosen(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=3&level=easy")
    wait_settled(page)
    page.keyboard.press("d")
    dialog = page.locator("#dlg-decks")
    expect(dialog).to_be_visible()
    options = dialog.locator("button.deck-option")
    expect(options).to_have_count(len(i18n.DECKS))
    for group, decks in i18n.DECK_SUITS.items():
        shown = dialog.locator(f'[data-suits="{group}"] button.deck-option')
        assert [b.get_attribute("data-deck") for b in shown.all()] == list(decks)
    trevigiane = dialog.locator('[data-deck="trevigiane"]')
    expect(trevigiane).to_contain_text("Trevigiane")
    expect(trevigiane).to_contain_text("Veneto, Friuli")
    expect(trevigiane.locator("img")).to_have_attribute("src", "cards/previews/trevigiane.svg")
    expect(dialog.locator('[data-deck="french"]')).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#dlg-decks img')]"
        ".every((img) => img.complete && img.naturalWidth > 0)",
        timeout=20_000,
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "deck-chooser-phone.png"))
    # the figures by their Italian names: the switch is kept with the deck
    dialog.locator('[data-action="deck-names"]').click()
    expect(dialog.locator('[data-action="deck-names"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    choose(page, "siciliane")
    expect(page.locator("body")).to_have_attribute("data-deck", "siciliane")
    uses = page.locator("#hand [data-card] use, #table [data-card] use")
    whole = painted_whole("siciliane")  # 50 x 85 mm, drawn 2:3 on a phone
    assert whole == [197, 297]
    sizes = [u.evaluate(PAINTED_SIZE) for u in uses.all()]
    assert all(near(size, whole) for size in sizes), sizes
    page.screenshot(path=str(ARTIFACTS / "deck-siciliane-table-phone.png"))
    labels = page.locator("#hand [data-card], #table [data-card]")
    named = {b.get_attribute("data-card"): b.get_attribute("aria-label") for b in labels.all()}
    for code, label in named.items():
        assert label is not None and code is not None
        figure = {"J": "Donna", "Q": "Cavallo", "K": "Re"}.get(code[0])
        if figure:
            assert label.startswith(figure + " of "), label
    # remembered: a reload draws the same deck, with the names as they were
    page.reload()
    wait_settled(page)
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "siciliane")
    page.keyboard.press("d")
    expect(page.locator('#dlg-decks [data-deck="siciliane"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator('#dlg-decks [data-action="deck-names"]')).to_have_attribute(
        "aria-pressed", "true"
    )


def test_only_the_default_deck_comes_first_and_the_others_stay_for_offline(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=3&level=easy")
    context = page.context
    wait_settled(page)
    # the table is playable before any deck but the default one is fetched (sw.js
    # may be precaching the default deck's file by now)
    asked = [url for url in network_guard.requests if "/cards/" in url]
    assert all(url.endswith("/cards/french.svg") for url in asked), asked
    wait_for_service_worker(page)
    every = {sprite_file(d) for d in i18n.DECKS} | {f"cards/previews/{d}.svg" for d in i18n.DECKS}
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while not every <= set(page.evaluate(CACHED_DECKS)):  # fetched in idle time, kept
        assert time.monotonic() < deadline, sorted(every - set(page.evaluate(CACHED_DECKS)))
        page.wait_for_timeout(1000)
    # a deck not (or no longer) on the device, then no connection
    page.evaluate(
        """async () => {
            for (const name of await caches.keys()) {
                await (await caches.open(name)).delete('cards/short/sarde.svg');
            }
        }"""
    )
    context.set_offline(True)
    page.keyboard.press("d")
    sarde = page.locator('#dlg-decks [data-deck="sarde"]')
    expect(sarde).to_be_disabled()
    expect(sarde).to_contain_text("Not on this device yet")
    expect(page.locator('#dlg-decks [data-deck="toscane"]')).to_be_enabled()
    page.screenshot(path=str(ARTIFACTS / "deck-chooser-offline.png"))
    page.locator('#dlg-decks [data-deck="toscane"]').click()
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "toscane")
    # offline, the app starts again with the deck chosen
    page.reload()
    wait_settled(page)
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "toscane")
    card = page.locator("#hand [data-card] use").first
    assert near(card.evaluate(PAINTED_SIZE), painted_whole("toscane"))
    # online again: the missing deck is fetched when chosen, and kept
    context.set_offline(False)
    choose(page, "sarde")
    assert sprite_file("sarde") in page.evaluate(CACHED_DECKS)
    context.close()


def test_a_deck_that_cannot_be_fetched_leaves_the_table_as_it_was(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The sprite's request fails (a server error here): the page says so and keeps
    drawing the deck it has."""
    page = open_game(new_context, network_guard, "?seed=3&level=easy", service_workers="block")
    wait_settled(page)
    page.route(f"**/{sprite_file('genovesi')}", lambda route: route.fulfill(status=503))
    page.keyboard.press("d")
    page.locator('#dlg-decks [data-deck="genovesi"]').click()
    expect(page.locator("#toast")).to_contain_text("could not be fetched")
    expect(page.locator("body")).to_have_attribute("data-deck", "french")
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "french")
    page.keyboard.press("d")
    expect(page.locator('#dlg-decks [data-deck="french"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert page.evaluate(SAVED_DECK) == "french"  # the choice that failed is not kept


SAVED_DECK = "JSON.parse(localStorage.getItem('scopa.v1.prefs')).deck"


def test_a_returning_players_deck_is_fetched_once_at_a_start(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """paint.js asks for the player's deck as the page opens (its table is painted
    with it); the page's Python, up before the sprite has come (held back here, as a
    phone's line would), waits for that load, not a second fetch and parse of the
    same sprite."""
    page = open_game(new_context, network_guard, "?seed=3&level=easy", service_workers="block")
    wait_settled(page)
    choose(page, "genovesi")
    asked: list[str] = []
    held: list[Route] | None = []

    def hold(route: Route) -> None:
        asked.append(route.request.url)
        if held is not None:
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/{sprite_file('genovesi')}", hold)
    page.reload()
    page.wait_for_function("performance.getEntriesByName('scopa-start').length > 0")
    page.wait_for_timeout(500)  # the page's Python drawing, the sprite not here yet
    waiting, held = held, None
    for route in waiting:
        route.continue_()
    wait_settled(page)
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "genovesi")
    expect(page.locator("body")).to_have_attribute("data-deck", "genovesi")
    page.locator("#hand [data-card]").first.click()  # drawing goes on with the same sprite
    page.wait_for_timeout(500)
    assert len(asked) == 1 and asked[0].endswith("/" + sprite_file("genovesi")), asked


def test_a_chosen_deck_that_cannot_be_fetched_at_a_start_stays_the_choice(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The deck chosen on an earlier visit cannot be fetched at this start (a server
    error here, no service worker to answer): the page draws the deck it has and says
    so, but the player's choice is kept, and comes back once it can be had."""
    page = open_game(new_context, network_guard, "?seed=3&level=easy", service_workers="block")
    wait_settled(page)
    choose(page, "genovesi")
    assert page.evaluate(SAVED_DECK) == "genovesi"
    page.route(f"**/{sprite_file('genovesi')}", lambda route: route.fulfill(status=503))
    page.reload()
    wait_settled(page)
    expect(page.locator("#toast")).to_contain_text("could not be fetched")
    expect(page.locator("body")).to_have_attribute("data-deck", "french")
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "french")
    assert page.evaluate(SAVED_DECK) == "genovesi"
    page.unroute(f"**/{sprite_file('genovesi')}")
    page.reload()
    wait_settled(page)
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", "genovesi")
    expect(page.locator("body")).to_have_attribute("data-deck", "genovesi")


def test_the_preview_page_shows_every_deck() -> None:
    html = (ROOT / "web" / "cards" / "preview.html").read_text(encoding="utf-8")
    for deck in i18n.DECKS:
        assert f'data-preview="{deck}"' in html


#: the shape the page gives the cards of the hand and table: the mark paint.js set,
#: style.css's --card-ratio, each card's box (height over width), the sprites fetched,
#: and how far the hand's cards reach below the window
CARD_SHAPE = """() => {
    const cards = [...document.querySelectorAll('#hand [data-card], #table [data-card]')];
    const hand = [...document.querySelectorAll('#hand [data-card]')];
    return {
        mark: document.documentElement.dataset.cards || null,
        ratio: Number(getComputedStyle(document.body).getPropertyValue('--card-ratio')),
        boxes: cards.map((el) => el.getBoundingClientRect())
            .map((r) => r.height / r.width),
        fetched: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
            .filter((path) => path.startsWith('/cards/') && !path.includes('/previews/')),
        below: Math.max(...hand.map((el) => el.getBoundingClientRect().bottom)) - innerHeight,
    };
}"""


@pytest.mark.parametrize("window", ["phone", "laptop", "tall"])
def test_a_short_window_draws_the_long_patterns_two_by_three_a_tall_one_as_printed(
    new_context: NewContext, network_guard: NetworkGuard, window: str
) -> None:
    """The Trevigiane are 49 x 104 mm, more than twice as long as wide: below 1,000 px
    of height (a phone: test_phone_layout; a 1280 x 800 laptop) the table and the hand
    have no room for them, so such a window draws every deck 2:3 from its own sprite
    (cards/short/), each card whole; a taller one draws them as long as printed, the
    hand still on the screen. The shape is decided as the page opens and stays when
    the window changes size."""
    viewport = {"phone": PHONE, "laptop": DESKTOP, "tall": TALL}[window]
    short = window != "tall"
    page = open_game(new_context, network_guard, "?seed=3&level=easy", viewport=viewport)
    wait_settled(page)
    choose(page, "trevigiane")
    shape = page.evaluate(CARD_SHAPE)
    expected = 1.5 if short else DECKS["trevigiane"].shape.ratio
    assert shape["mark"] == ("short" if short else None)
    assert shape["ratio"] == pytest.approx(expected, abs=0.005)
    assert shape["boxes"] and all(r == pytest.approx(expected, abs=0.03) for r in shape["boxes"])
    assert shape["fetched"] == ["/" + sprite_file("trevigiane", short)]
    assert shape["below"] <= 0, f"the hand ends {shape['below']} px below the window"
    whole = painted_whole("trevigiane", short)
    uses = page.locator("#hand [data-card] use, #table [data-card] use")
    sizes = [u.evaluate(PAINTED_SIZE) for u in uses.all()]
    assert all(near(size, whole) for size in sizes), sizes
    page.screenshot(path=str(ARTIFACTS / f"deck-trevigiane-{window}.png"))
    # the window made taller, or shorter: the cards keep the shape they were given
    page.set_viewport_size(PHONE if window == "tall" else TALL)
    assert page.evaluate(CARD_SHAPE)["ratio"] == pytest.approx(expected, abs=0.005)
