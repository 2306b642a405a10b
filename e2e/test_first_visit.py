"""A phone's first visit and a quick return (issue 28): the table painted before
MicroPython by web/paint.js is exactly what the page's Python then draws; cards
tapped on it are played; the opening book answers the first two deals while
Pyodide is held back, and the engine then takes the match over as if it had
played it from the start.

Held back means held: the requests for app/start.pack (the page's Python) or for
Pyodide's files wait in the test until it lets them go, as on a slow line.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from book import move_of
from conftest import BOOT_TIMEOUT_MS, NetworkGuard, wait_for_play
from game_helpers import (
    ENGINE_TABLE,
    NewContext,
    saved_record,
    saved_view,
    tap_move,
    wait_settled,
)
from playwright.sync_api import BrowserContext, Page, Route
from test_persistence import play_moves

from tools.first_tables import first_tables
from tools.opening_book import play_out, session_class

WEB = Path(__file__).resolve().parent.parent / "web"
PHONE = {"width": 360, "height": 740}

#: #app as an element tree, <html lang> and <body>'s attributes: what a paint sets
IMAGE = """() => {
  const tree = (el) => {
    if (el.nodeType === Node.TEXT_NODE) return el.data;
    if (el.nodeType !== Node.ELEMENT_NODE) return null;
    const attrs = {};
    for (const a of el.attributes) attrs[a.name] = a.value;
    const out = [el.namespaceURI + ' ' + el.localName, attrs];
    for (const c of el.childNodes) { const t = tree(c); if (t !== null) out.push(t); }
    return out;
  };
  const body = {};
  for (const a of document.body.attributes) body[a.name] = a.value;
  return {lang: document.documentElement.lang, body, app: tree(document.getElementById('app'))};
}"""
#: the page's Python has drawn the painted table itself (Opening.draw_again)
PYTHON_DREW = "() => performance.getEntriesByName('scopa-drawn-again').length > 0"
#: the page's Python has saved a record of at least `arg` moves in its first hand
SAVED_MOVES = """(count) => {
  const record = JSON.parse(localStorage.getItem('scopa.v1.record') || 'null');
  return record !== null && record.hands[0].moves.length >= count;
}"""
LIVE = "document.getElementById('live').textContent"
PAGE_PACK = re.compile(r".*/app/start\.pack$")
PYODIDE = re.compile(r".*/runtime/pyodide-[^/]+/.*")


class Gate:
    """Requests matching a pattern wait until `open()`; later ones go through."""

    def __init__(self, context: BrowserContext, pattern: re.Pattern[str]) -> None:
        self.held: list[Route] = []
        self.opened = False
        self.context = context
        context.route(pattern, self.route)

    def route(self, route: Route) -> None:
        if self.opened:
            route.continue_()
        else:
            self.held.append(route)

    def open(self) -> None:
        self.opened = True
        for route in self.held:
            route.continue_()
        self.held.clear()


def phone(new_context: NewContext, guard: NetworkGuard, locale: str = "en-GB") -> BrowserContext:
    """A phone's browser; no service worker, whose cache would answer what a Gate holds."""
    return guard.watch(
        new_context(viewport=PHONE, locale=locale, reduced_motion="reduce", service_workers="block")
    )


def the_table(n: int) -> str:
    """An init script: paint.js picks opening table n (its pick is Math.random's)."""
    count = len(first_tables(WEB))
    return f"Math.random = () => {(n + 0.5) / count};"


def painted(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => window.scopaPaint !== undefined")
    image: dict[str, Any] = page.evaluate(IMAGE)
    return image


def body_without_pythons_own(image: dict[str, Any]) -> dict[str, Any]:
    """<body>'s attributes the page's Python keeps for itself beside what it draws
    (the link's state, the busy flag): not part of a paint."""
    out = copy.deepcopy(image)
    for name in ("data-link", "class"):
        out["body"].pop(name, None)
    return out


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_first_paint_is_the_table_the_pages_python_draws(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str, locale: str
) -> None:
    context = phone(new_context, network_guard, locale)
    context.add_init_script(the_table(3))
    python = Gate(context, PAGE_PACK)
    Gate(context, PYODIDE)  # the engine stays away: only drawing is compared
    page = context.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    before = painted(page)
    assert page.evaluate("[scopaPaint.painted, scopaPaint.table]") == ["first", 3]
    assert before["lang"] == locale[:2]
    assert before["body"]["data-phase"] == "play"
    tables = first_tables(WEB)
    hand = tables[3]["view"]["hand"]
    shown = page.eval_on_selector_all(
        "#hand button.playable", "els => els.map(e => e.dataset.card)"
    )
    assert shown == hand  # the dealt hand, tappable
    assert page.locator("#tutorial-offer").count() == 1
    assert not page.evaluate(PYTHON_DREW.removeprefix("() => "))
    python.open()
    page.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    after = page.evaluate(IMAGE)
    assert body_without_pythons_own(after) == body_without_pythons_own(before)
    context.close()


def test_a_returning_players_table_is_painted_as_the_pages_python_draws_it(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    context = phone(new_context, network_guard, "it-IT")
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    play_moves(page, 2)
    key = saved_view(page)["key"]
    page.wait_for_function("() => localStorage.getItem('scopa.v1.paint') !== null")
    page.wait_for_timeout(100)  # the image is taken in the task after the drawing
    page.close()
    python = Gate(context, PAGE_PACK)
    again = context.new_page()
    again.goto(base_url, wait_until="domcontentloaded")
    before = painted(again)
    assert again.evaluate("[scopaPaint.painted, scopaPaint.key]") == ["saved", key]
    assert before["lang"] == "it"
    python.open()
    again.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    assert body_without_pythons_own(again.evaluate(IMAGE)) == body_without_pythons_own(before)
    context.close()


@pytest.mark.parametrize(
    "change",
    [
        "localStorage.setItem('scopa.v1.saved', '999')",  # another tab saved since
        "localStorage.removeItem('scopa.v1.view')",  # the view it showed is gone
        'localStorage.setItem(\'scopa.v1.paint\', \'{"app": ["script", {}, "alert(1)"]\')',
    ],
)
def test_an_image_that_is_not_the_latest_table_is_not_painted(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str, change: str
) -> None:
    context = phone(new_context, network_guard)
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    play_moves(page, 2)
    page.wait_for_function("() => localStorage.getItem('scopa.v1.paint') !== null")
    page.wait_for_timeout(100)
    page.evaluate(change)
    page.close()
    Gate(context, PAGE_PACK)
    again = context.new_page()
    again.goto(base_url, wait_until="domcontentloaded")
    painted(again)
    assert again.evaluate("scopaPaint.painted") is None
    assert again.locator("#hand [data-card]").count() == 0  # the skeleton: Loading...
    assert again.locator("script").evaluate_all("els => els.every(e => e.src || e.type)")
    context.close()


def unique_moves(view: dict[str, Any]) -> list[str]:
    """The hand cards that have one move only: a tap plays them at once."""
    return [c for c in view["hand"] if len(view["moves"][c]["moves"]) == 1]


def painted_phone(
    new_context: NewContext, guard: NetworkGuard, base_url: str, *held: re.Pattern[str]
) -> tuple[Page, str, list[Gate]]:
    """A phone's first visit, painted with an opening table that has a card of one
    move (a tap plays it): the page, that card, and a Gate holding each of `held`."""
    tables = first_tables(WEB)
    n = next(i for i, t in enumerate(tables) if unique_moves(t["view"]))
    context = phone(new_context, guard)
    context.add_init_script(the_table(n))
    gates = [Gate(context, pattern) for pattern in held]
    page = context.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    painted(page)
    return page, unique_moves(tables[n]["view"])[0], gates


def test_cards_tapped_before_the_pages_python_is_up_are_played(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    page, card, (python, engine) = painted_phone(
        new_context, network_guard, base_url, PAGE_PACK, PYODIDE
    )
    page.locator(f'#hand [data-card="{card}"]').click()
    python.open()
    # the move is played, and the computer's answer comes from the book, engine held back
    # (shown by paint.js at once if the book was here, else by the page's Python)
    page.wait_for_function(SAVED_MOVES, arg=2, timeout=BOOT_TIMEOUT_MS)
    moves = saved_record(page)["hands"][0]["moves"]
    assert moves[0]["card"] == card and len(moves) == 2
    assert not page.evaluate(ENGINE_TABLE.removeprefix("() => "))
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.context.close()


def engine_replays(table: dict[str, Any], person: list[dict[str, Any]]) -> dict[str, Any]:
    """The record the worker's session makes from the dealt table with the person's
    moves, computers answering: the match the engine would have played."""
    session = session_class(WEB).restore(copy.deepcopy(table["record"]))
    for move in person:
        while session.seats[session.to_move]["kind"] == "computer":
            session.step()
        session.play({"card": move["card"], "take": move.get("take", [])})
    while session.to_move is not None and session.seats[session.to_move]["kind"] == "computer":
        session.step()
    record: dict[str, Any] = session.to_record()
    return record


def play_first_moves(
    page: Page, count: int, pick: Callable[[dict[str, Any]], str], table: dict[str, Any]
) -> None:
    """The person's first `count` moves by taps (the card `pick` chooses, its first
    capture), each answered; the dealt `table`'s view before anything is saved."""
    for n in range(count):
        wait_settled(page)
        view = saved_view(page) if n else table["view"]
        card = pick(view)
        tap_move(page, card, view["moves"][card]["moves"][0]["take"])
        drawn = f"scopa-move-drawn:1.{2 * n + 2}."
        page.wait_for_function(
            "(name) => performance.getEntriesByName(name).length > 0", arg=drawn, timeout=20_000
        )


def test_the_book_plays_two_deals_then_the_engine_goes_on_with_the_same_match(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    tables = first_tables(WEB)
    context = phone(new_context, network_guard)
    context.add_init_script(the_table(5))
    engine = Gate(context, PYODIDE)
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    play_first_moves(page, 6, lambda view: view["hand"][-1], tables[5])  # the whole book
    wait_settled(page)
    # the book ends here: a move now waits for the engine
    view = saved_view(page)
    assert view["key"] == "1.12."
    card = view["hand"][0]
    tap_move(page, card, view["moves"][card]["moves"][0]["take"])
    assert page.evaluate("document.body.dataset.phase") == "thinking"
    assert len(saved_record(page)["hands"][0]["moves"]) == 12
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(
        "() => performance.getEntriesByName('scopa-move-drawn:1.14.').length > 0",
        timeout=BOOT_TIMEOUT_MS,
    )
    wait_settled(page)
    record = saved_record(page)
    person = [m for m in record["hands"][0]["moves"] if m.get("player") == 0]
    assert len(person) == 7
    expected = engine_replays(tables[5], person)
    assert record["hands"] == expected["hands"]
    assert record["meta"]["seed"] == tables[5]["record"]["meta"]["seed"]
    assert record["meta"]["id"]  # the worker has named the match now
    context.close()


def first_risky_put_down(tables: list[dict[str, Any]]) -> tuple[int, list[str], str, int]:
    """(table, the person's moves before, the card, its chance): the first put-down in
    an opening book that the sweep warning speaks of (a chance of 1% or more)."""
    session = session_class(WEB)

    def walk(book: dict[str, Any], path: list[str]) -> Any:
        for key, entry in sorted(book.items()):
            if entry.get("risk", 0) >= 1:
                yield (len(path), path, key.split(":")[0], entry["risk"])
            yield from walk(entry.get("next", {}), [*path, key])

    for n, table in enumerate(tables):
        found = sorted(walk(play_out(session, table["record"]), []))
        if found:
            _, path, card, risk = found[0]
            return n, path, card, risk
    raise AssertionError("no opening book puts a card down with a chance of a sweep")


def test_the_sweep_warning_speaks_from_the_book_while_the_engine_is_away(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    tables = first_tables(WEB)
    n, path, card, risk = first_risky_put_down(tables)
    context = phone(new_context, network_guard)
    context.add_init_script(the_table(n))
    Gate(context, PYODIDE)
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    for k, key in enumerate(path):
        played, _, taken = key.partition(":")
        tap_move(page, played, taken.split("+") if taken else [])
        page.wait_for_function(
            "(name) => performance.getEntriesByName(name).length > 0",
            arg=f"scopa-move-drawn:1.{2 * k + 2}.",
            timeout=20_000,
        )
        wait_settled(page)
    page.locator(f'#hand [data-card="{card}"]').click()
    note = page.locator('#actions [data-action="sweep-anyway"]')
    note.wait_for(timeout=10_000)
    assert f"{risk}%" in page.inner_text("#status")
    note.click()
    page.wait_for_function(
        "(name) => performance.getEntriesByName(name).length > 0",
        arg=f"scopa-move-drawn:1.{2 * len(path) + 2}.",
        timeout=20_000,
    )
    context.close()


def test_the_guided_hand_is_played_to_its_count_before_the_engine_is_up(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """ "Show me" tapped on the first paint (before the page's Python, so kept by
    paint.js and done by it) opens the guided hand at once, and it plays to its
    count from the build's recording of the worker's replies, Pyodide held back."""
    from test_tutorial import check_the_count, play_to_the_count

    context = phone(new_context, network_guard)
    python = Gate(context, PAGE_PACK)
    engine = Gate(context, PYODIDE)
    page = context.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    painted(page)
    page.locator('#tutorial-offer [data-action="tutorial-offer-yes"]').click()
    python.open()
    assert play_to_the_count(page, "en") == ["value", "sum", "single", "forced", "scopa", "last"]
    check_the_count(page, "en")
    assert engine.held and not page.evaluate(ENGINE_TABLE.removeprefix("() => "))
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    context.close()


BOOK = re.compile(r".*/book/\d+\.json$")


def test_a_tap_while_the_page_takes_the_table_over_is_done_once(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """The page's Python listens for taps as soon as its objects are made; paint.js
    keeps taps until the start takes them, once the opening book is here (or after
    opening.BOOK_WAIT_MS without it). A tap in between is done once, by the start,
    not by both: the language switched once is switched (done twice, it came back),
    the card tapped is played once, answered by the book (done at once as well, it
    waited for the engine)."""
    page, card, (book, engine) = painted_phone(new_context, network_guard, base_url, BOOK, PYODIDE)
    # the page's objects are made (its listener is on), the book still on its way
    page.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    assert book.held
    page.locator('#app [data-action="lang"]').first.click()
    page.locator(f'#hand [data-card="{card}"]').click()
    book.open()
    # the move is played once, answered by the book (the engine held back)
    page.wait_for_function(
        "() => performance.getEntriesByName('scopa-move-drawn:1.2.').length > 0",
        timeout=BOOT_TIMEOUT_MS,
    )
    moves = saved_record(page)["hands"][0]["moves"]
    assert moves[0]["card"] == card and len(moves) == 2
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.evaluate("JSON.parse(localStorage.getItem('scopa.v1.prefs')).lang") == "it"
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.context.close()


def test_a_book_that_does_not_come_keeps_no_tap_from_the_page(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """The start waits for the opening book at most opening.BOOK_WAIT_MS: with the
    book held for good, the card tapped on the painted table is still played (by the
    engine, once it holds the match), not kept by paint.js for ever."""
    page, card, (book, engine) = painted_phone(new_context, network_guard, base_url, BOOK, PYODIDE)
    page.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    page.locator(f'#hand [data-card="{card}"]').click()
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(
        "() => performance.getEntriesByName('scopa-move-drawn:1.1.').length > 0",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert book.held  # the book never came
    assert saved_record(page)["hands"][0]["moves"][0]["card"] == card
    page.context.close()


def test_a_card_of_one_move_is_answered_before_the_pages_python_is_up(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """paint.js shows the table after a card of one move and the computer's answer at
    once, as the build drew it from the opening book (book/<n>.<lang>.json), the page's
    Python and Pyodide held back; the page's Python, once up, holds that very position
    (its own drawing equal to paint.js's, element by element; the saved record the
    engine's own), says nothing twice, and the engine goes on with the same match."""
    page, _, (python, engine) = painted_phone(
        new_context, network_guard, base_url, PAGE_PACK, PYODIDE
    )
    n = page.evaluate("scopaPaint.table")
    table = first_tables(WEB)[n]
    answers = page.evaluate("(n) => fetch(`book/${n}.en.json`).then((r) => r.json())", n)
    assert answers and set(answers) <= set(unique_moves(table["view"]))
    card = sorted(answers)[0]
    page.locator(f'#hand [data-card="{card}"]').click()
    page.wait_for_function(
        "() => performance.getEntriesByName('scopa-move-drawn:1.2.').length > 0", timeout=10_000
    )
    assert not page.evaluate(PYTHON_DREW.removeprefix("() => ")) and python.held
    shown = painted(page)
    assert page.locator(f'#hand [data-card="{card}"]').count() == 0  # played
    assert page.locator("#hand button.playable").count() == len(table["view"]["hand"]) - 1
    said = page.evaluate(LIVE)
    assert said == answers[card]["said"] and said.startswith("You played")
    assert page.evaluate("localStorage.getItem('scopa.v1.record')") is None  # not made yet
    python.open()
    page.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(SAVED_MOVES, arg=2, timeout=BOOT_TIMEOUT_MS)
    wait_settled(page)
    assert body_without_pythons_own(page.evaluate(IMAGE)) == body_without_pythons_own(shown)
    assert page.evaluate(LIVE) == said  # not said again
    move = {"card": card, "take": answers[card]["move"].partition(":")[2].split("+")}
    move["take"] = [t for t in move["take"] if t]
    record = saved_record(page)
    assert saved_view(page)["key"] == "1.2."
    assert record["hands"] == engine_replays(table, [move])["hands"]
    # the next move from the book by the page's Python, then the engine takes over
    view = saved_view(page)
    second = view["hand"][0]
    tap_move(page, second, view["moves"][second]["moves"][0]["take"])
    page.wait_for_function(SAVED_MOVES, arg=4, timeout=20_000)
    assert engine.held and not page.evaluate(ENGINE_TABLE.removeprefix("() => "))
    engine.open()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    wait_settled(page)
    record = saved_record(page)
    person = [m for m in record["hands"][0]["moves"] if m.get("player") == 0]
    assert [m["card"] for m in person] == [card, second]
    assert record["hands"] == engine_replays(table, person)["hands"]
    assert record["meta"]["id"]  # the worker holds it now
    page.context.close()


def test_a_card_tapped_before_the_book_comes_is_answered_when_it_comes(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """A newcomer taps at once, before the few KB of the book are here: paint.js keeps
    the tap and answers it as soon as they come, the page's Python still held."""
    page, card, (book, python, _) = painted_phone(
        new_context, network_guard, base_url, BOOK, PAGE_PACK, PYODIDE
    )
    n = page.evaluate("scopaPaint.table")
    answers = page.evaluate("(n) => fetch(`book/${n}.en.json`).then((r) => r.json())", n)
    card = sorted(answers)[0]
    page.locator(f'#hand [data-card="{card}"]').click()
    assert page.locator(f'#hand [data-card="{card}"]').count() == 1  # kept meanwhile
    book.open()
    page.wait_for_function(
        "() => performance.getEntriesByName('scopa-move-drawn:1.2.').length > 0", timeout=10_000
    )
    assert python.held and page.locator(f'#hand [data-card="{card}"]').count() == 0
    # a card tapped on the table paint.js answered with: kept, played by the page's Python
    # on that position (the book answers it: the engine is held)
    session = session_class(WEB).restore(copy.deepcopy(first_tables(WEB)[n]["record"]))
    session.play(dict(move_of(answers[card]["move"]), seat=0))
    session.step()
    second = unique_moves(session.table_view())[0]
    page.locator(f'#hand [data-card="{second}"]').click()
    python.open()
    page.wait_for_function(SAVED_MOVES, arg=4, timeout=BOOT_TIMEOUT_MS)
    person = [m["card"] for m in saved_record(page)["hands"][0]["moves"] if m["player"] == 0]
    assert person == [card, second]
    page.context.close()


def test_a_card_tapped_once_the_pages_python_is_up_but_before_the_book_is_made_once(
    new_context: NewContext, network_guard: NetworkGuard, base_url: str
) -> None:
    """The page's Python has drawn the table, the book still on its way: a card of one
    move tapped then is kept; when the book comes, paint.js answers it or the page's
    Python plays it, whichever takes it first, once, and the page holds that position."""
    page, card, (book, engine) = painted_phone(new_context, network_guard, base_url, BOOK, PYODIDE)
    page.wait_for_function(PYTHON_DREW, timeout=BOOT_TIMEOUT_MS)
    page.locator(f'#hand [data-card="{card}"]').click()
    book.open()
    page.wait_for_function(SAVED_MOVES, arg=2, timeout=BOOT_TIMEOUT_MS)
    wait_settled(page)
    record = saved_record(page)
    assert [m["card"] for m in record["hands"][0]["moves"]][:1] == [card]
    assert len(record["hands"][0]["moves"]) == 2
    shown = page.eval_on_selector_all(
        "#hand button[data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert shown == saved_view(page)["hand"] and card not in shown
    assert engine.held
    page.context.close()
