"""The first paint of a first visit: the dealt table as the page's Python draws it, by the build.

A newcomer's page shows a playable table before MicroPython has started: the
build draws each opening table (tools/first_tables.py) in each language with
the page's own view code (web/app/views/, run here under CPython against
tools/page_dom.py's document), exactly as the page's start draws it
(page.py, opening.py: the static words translated, the table, the phase, the
prompt, the guided hand's offer). index.html carries the results as element
trees, which web/paint.js builds before anything else runs; the page's Python
then draws the same table again when it takes over, identical
(e2e/test_first_paint.py compares the two in Chromium).

A paint is ``{"lang", "html": {attrs}, "body": {attrs}, "app": TREE}``, where
TREE is ``[tag, {attrs}, *children]`` for ``#app`` (page_dom.Element.tree).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tools.opening_book import move_key, replay
from tools.page_dom import Document, DocumentProxy, load_html, shim

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "web" / "app"
LANGS = ("en", "it")
#: the <body> attributes the start sets (the paint script sets exactly these)
BODY_ATTRS = ("data-phase", "data-seat-to-move", "data-deck", "data-hand-size", "data-players")

_PAGE_MODULES = (
    "coach_words",
    "i18n",
    "narration",
    "phases",
    "preferences",
    "sweep_guard",
    "views.cards",
    "views.offer",
    "views.prompt",
    "views.table",
)


@contextmanager
def page_code(document: Document) -> Iterator[tuple[DocumentProxy, SimpleNamespace]]:
    """The page's modules imported from web/app under CPython, drawing into `document`
    (through the proxy yielded: set its ``current`` to draw into another one).
    They leave sys.modules and sys.path as they were afterwards."""
    before = set(sys.modules)
    sys.path.insert(0, str(APP))
    try:
        with shim(document) as proxy:
            mods = {
                name.rsplit(".", 1)[-1]: importlib.import_module(name) for name in _PAGE_MODULES
            }
            yield proxy, SimpleNamespace(**mods)
    finally:
        sys.path.remove(str(APP))
        for name in set(sys.modules) - before:
            module = sys.modules[name]
            if str(getattr(module, "__file__", "") or "").startswith(str(APP)):
                del sys.modules[name]


def draw_start(page: SimpleNamespace, document: Document, view: dict[str, Any], lang: str) -> None:
    """What the page's start draws for a first visit's table (page.py, then
    Opening.start and GameManager.show_table), in the same order."""
    i18n = page.i18n.I18n(lang, page.i18n.DEFAULT_DECK)
    page.preferences.translate_static(i18n)
    art = page.cards.CardArt(i18n)
    page.table.TableView(i18n, art).render(view, None, None)
    body = document.body
    body.dataset.phase = page.phases.phase_of(view, False)
    seat = view.get("to_move")
    body.dataset.seatToMove = "" if seat is None else str(seat)
    page.prompt.Prompt(i18n).render(view, None, None)
    page.offer.draw_offer(i18n)


def skeleton(index_html: str) -> Document:
    """index.html's body, with a stand-in for the card sprite (the views only ask
    whether one is there)."""
    document = load_html(index_html)
    store = document.getElementById("card-sprite")
    if store is None:
        raise ValueError("index.html has no #card-sprite")
    store.replaceChildren(document.createElementNS("http://www.w3.org/2000/svg", "svg"))
    return document


def paint_of(document: Document, lang: str) -> dict[str, Any]:
    app = document.getElementById("app")
    if app is None:
        raise ValueError("index.html has no #app")
    body = document.body
    return {
        "lang": lang,
        "html": {"lang": document.documentElement.getAttribute("lang") or lang},
        "body": {name: body.attrs[name] for name in BODY_ATTRS if name in body.attrs},
        "app": app.tree(),
    }


def first_paints(index_html: str, views: list[dict[str, Any]]) -> list[dict[str, dict[str, Any]]]:
    """For each opening table's view: {lang: paint} in every language of the page."""
    out: list[dict[str, dict[str, Any]]] = []
    with page_code(skeleton(index_html)) as (proxy, page):
        for view in views:
            paints = {}
            for lang in LANGS:
                document = skeleton(index_html)
                object.__setattr__(proxy, "current", document)
                draw_start(page, document, view, lang)
                paints[lang] = paint_of(document, lang)
            out.append(paints)
    return out


def one_tap_moves(
    page: SimpleNamespace, view: dict[str, Any], book: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(card, move, book entry) for each hand card a single tap plays (one legal move)
    that the page would make at once: not a put-down the sweep warning holds (the
    book's chance from the coach, at or over sweep_guard's least percent, in a match
    that warns: that tap waits for the page's Python, which asks the player)."""
    warned = page.coach_words.warns(view.get("settings"))
    for card in view.get("hand") or []:
        options = (view.get("moves") or {}).get(card, {}).get("moves") or []
        if len(options) != 1:
            continue  # several captures: the player chooses, on the page's Python
        move: dict[str, Any] = {"card": card, "take": list(options[0]["take"])}
        if options[0].get("keep"):
            move["keep"] = True
        entry = book.get(move_key(move))
        if entry is None:
            continue
        risky = entry.get("risk", 0) >= page.sweep_guard.LEAST_PERCENT
        if warned and page.coach_words.is_put_down(move) and risky:
            continue
        yield card, move, entry


def answer_paints(
    index_html: str, tables: list[dict[str, Any]], books: list[dict[str, Any]]
) -> list[dict[str, dict[str, Any]]]:
    """For each opening table and its book: {lang: {card: answer}}, for each card a
    single tap plays (one_tap_moves): the table after that move and the computer's
    answer (the book's replies), drawn as the page's start draws a table
    (draw_start), with what the page says of the two moves (narration.describe, as
    GameManager.apply announces them) and the key of the view drawn. paint.js shows
    it when such a card is tapped before the page's Python is up (issue 28)."""
    out: list[dict[str, dict[str, Any]]] = []
    with page_code(skeleton(index_html)) as (proxy, page):
        for table, book in zip(tables, books, strict=True):
            view, record = table["view"], table["record"]
            answers: dict[str, dict[str, Any]] = {lang: {} for lang in LANGS}
            for card, move, entry in one_tap_moves(page, view, book):
                replies = [replay(entry["play"], view, record)]
                if "step" in entry:
                    last = replies[-1]
                    replies.append(replay(entry["step"], last["view"], last["record"]))
                after = replies[-1]["view"]
                for lang in LANGS:
                    document = skeleton(index_html)
                    object.__setattr__(proxy, "current", document)
                    draw_start(page, document, after, lang)
                    i18n = page.i18n.I18n(lang, page.i18n.DEFAULT_DECK)
                    said = [page.narration.describe(r["event"], r["view"], i18n) for r in replies]
                    answers[lang][card] = {
                        **paint_of(document, lang),
                        "move": move_key(move),
                        "key": after["key"],
                        "said": " ".join(s for s in said if s),
                    }
            out.append(answers)
    return out
