"""The build's side of a first visit: the page's views run under CPython against
tools/page_dom.py (tools/first_paint.py), and the order in which the page's start
imports its modules (tools/page_start.py). e2e/test_first_visit.py compares the
paints with what the page's Python draws in Chromium."""

from __future__ import annotations

import ast
import copy
import sys
from pathlib import Path
from typing import Any

import pytest

from tools.first_paint import (
    LANGS,
    answer_paints,
    draw_start,
    first_paints,
    page_code,
    paint_of,
    skeleton,
)
from tools.first_tables import first_tables
from tools.opening_book import move_key, play_out, session_class
from tools.page_dom import SVG_NS, Element, load_html
from tools.page_start import (
    FIRST_USE,
    _eager_nodes,
    _imports,
    _modules,
    start_order,
    start_pack_modules,
)

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
INDEX = (WEB / "index.html").read_text(encoding="utf-8")
PAGE_MODULES = _modules(WEB / "app")


def test_the_small_dom_reads_markup_and_answers_the_views_calls() -> None:
    doc = load_html(
        '<body><div id="a" class="x y" data-zone="hand"><svg viewBox="0 0 2 3">'
        '<use href="#card-7D"/></svg><b>bold</b> text</div></body>'
    )
    a = doc.getElementById("a")
    assert a is not None and a.dataset.zone == "hand"
    svg = a.querySelector("svg")
    assert svg is not None and svg.namespace == SVG_NS and svg.getAttribute("viewBox") == "0 0 2 3"
    assert a.textContent == "bold text"
    a.classList.toggle("y")
    a.classList.add("z")
    a.dataset.moveDrawn = "1.2."
    assert a.getAttribute("class") == "x z" and a.getAttribute("data-move-drawn") == "1.2."
    assert doc.querySelectorAll("#a use").length == 1
    assert doc.querySelectorAll('[data-zone="table"] b').length == 0
    made = doc.createElement("span")
    made.textContent = "new"
    a.replaceChildren(made)
    assert a.tree() == [
        "div",
        {"id": "a", "class": "x z", "data-zone": "hand", "data-move-drawn": "1.2."},
        ["span", {}, "new"],
    ]


@pytest.fixture(scope="module")
def paints() -> list[dict[str, dict[str, Any]]]:
    tables = first_tables(WEB)
    return first_paints(INDEX, [t["view"] for t in tables])


def nodes(tree: Any) -> list[list[Any]]:
    if isinstance(tree, str):
        return []
    out = [tree]
    for child in tree[2:]:
        out += nodes(child)
    return out


def test_each_opening_table_is_painted_in_each_language_playable_with_the_offer(
    paints: list[dict[str, dict[str, Any]]],
) -> None:
    tables = first_tables(WEB)
    assert len(paints) == len(tables)
    for table, paint in zip(tables, paints, strict=True):
        assert set(paint) == set(LANGS)
        for lang, image in paint.items():
            assert image["html"] == {"lang": lang}
            assert image["body"]["data-phase"] == "play" and image["body"]["data-deck"] == "french"
            elements = nodes(image["app"])
            hand = [e for e in elements if e[1].get("id") == "hand"]
            assert len(hand) == 1
            cards = [e[1] for e in nodes(hand[0]) if e[0] == "button"]
            assert [c["data-card"] for c in cards] == table["view"]["hand"]
            assert all("playable" in c["class"].split() for c in cards)
            assert any(e[1].get("id") == "tutorial-offer" for e in elements)
            uses = [e[1]["href"] for e in elements if e[0] == "svg:use"]
            assert uses and all(href.startswith("#card-") for href in uses)
        english = {e[1].get("id"): e for e in nodes(paint["en"]["app"]) if e[1].get("id")}
        italian = {e[1].get("id"): e for e in nodes(paint["it"]["app"]) if e[1].get("id")}
        assert english["status"] != italian["status"]  # the prompt in each language


def test_drawing_leaves_no_page_module_behind() -> None:
    view = first_tables(WEB)[0]["view"]
    path, modules = list(sys.path), dict(sys.modules)
    first_paints(INDEX, [view])
    assert sys.path == path
    assert {n: m for n, m in sys.modules.items() if n not in modules} == {}
    assert all(sys.modules.get(n) is m for n, m in modules.items())


def eager_imports(path: Path) -> set[str]:
    """The page modules a module imports at its top level and in `__init__` methods."""
    return set(_imports(_eager_nodes(ast.parse(path.read_text("utf-8"))), PAGE_MODULES))


def test_the_start_imports_each_module_after_the_ones_it_needs() -> None:
    app = WEB / "app"
    order = start_order(app)
    assert len(order) == len(set(order)) and "page" not in order
    place = {name: k for k, name in enumerate(order)}
    for name in order:
        path = app / (name.replace(".", "/") + ".py")
        for needed in eager_imports(path):
            back = (
                eager_imports(app / (needed.replace(".", "/") + ".py")) if needed in place else ()
            )
            if needed in place and name not in back:  # (two that import each other: either)
                assert place[needed] < place[name], f"{name} before {needed}"
    page_needs = eager_imports(app / "page.py")
    assert page_needs <= set(order)
    packed = start_pack_modules(app)
    assert set(order) < set(packed) and set(FIRST_USE) <= set(packed)
    assert "views.settings" not in packed  # a screen a button opens: the rest pack
    # finished matches are kept once one is over (saves.py makes kept_games then)
    assert not {"kept_games", "finished"} & set(packed)


def test_elements_of_the_tree_keep_their_namespace() -> None:
    doc = load_html("<body><p>x</p></body>")
    el: Element = doc.createElementNS(SVG_NS, "use")
    el.setAttribute("href", "#card-AS")
    assert el.tree() == ["svg:use", {"href": "#card-AS"}]


# -- the tables a first tap leads to (book/<n>.<lang>.json, paint.js's answer()) ----------


@pytest.fixture(scope="module")
def books() -> list[dict[str, Any]]:
    return [play_out(session_class(WEB), t["record"]) for t in first_tables(WEB)]


@pytest.fixture(scope="module")
def answers(books: list[dict[str, Any]]) -> list[dict[str, dict[str, Any]]]:
    return answer_paints(INDEX, first_tables(WEB), books)


def one_move_cards(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for card in view["hand"]:
        options = view["moves"][card]["moves"]
        if len(options) == 1:
            out.append((card, {"card": card, "take": list(options[0]["take"])}))
    return out


def test_a_one_tap_first_move_is_drawn_after_the_engines_own_answer(
    answers: list[dict[str, dict[str, Any]]],
) -> None:
    """Each answer is the table the worker's own session holds after that move and the
    computer's answer (not the book's: the engine's, played here), drawn by the page's
    views as its start draws a table, in each language, with what the page says."""
    tables = first_tables(WEB)
    drawn = 0
    with page_code(skeleton(INDEX)) as (proxy, page):
        for table, by_lang in zip(tables, answers, strict=True):
            assert set(by_lang) == set(LANGS)
            for card, move in one_move_cards(table["view"]):
                if card not in by_lang["en"]:
                    continue
                session = session_class(WEB).restore(table["record"])
                session.play(dict(move, seat=table["view"]["to_move"]))
                while session.seats[session.to_move]["kind"] == "computer":
                    session.step()
                view = session.table_view()
                for lang in LANGS:
                    document = skeleton(INDEX)
                    object.__setattr__(proxy, "current", document)
                    draw_start(page, document, view, lang)
                    answer = by_lang[lang][card]
                    assert {k: answer[k] for k in ("lang", "html", "body", "app")} == paint_of(
                        document, lang
                    )
                    assert answer["key"] == view["key"] == "1.2."
                    assert answer["move"] == move_key(move)
                    hand = [e for e in nodes(answer["app"]) if e[1].get("id") == "hand"]
                    cards = [e[1]["data-card"] for e in nodes(hand[0]) if e[0] == "button"]
                    assert card not in cards and cards == view["hand"]
                    assert (
                        answer["said"]
                        and answer["said"] != by_lang["en" if lang == "it" else "it"][card]["said"]
                    )
                    drawn += 1
    assert drawn >= 2 * len(tables)


def test_only_cards_a_tap_plays_at_once_are_answered_and_not_a_warned_put_down(
    books: list[dict[str, Any]], answers: list[dict[str, dict[str, Any]]]
) -> None:
    """A card of several captures waits for the player's choice, and a put-down whose
    chance of a sweep the warning speaks of (1% or more, at the default level) for the
    player's word: neither is answered before the page's Python is up."""
    tables = first_tables(WEB)
    warned = 0
    for table, book, by_lang in zip(tables, books, answers, strict=True):
        one = dict(one_move_cards(table["view"]))
        for lang in LANGS:
            assert set(by_lang[lang]) <= set(one)
        for card, move in one.items():
            risky = not move["take"] and book[move_key(move)].get("risk", 0) >= 1
            assert (card in by_lang["en"]) == (not risky) == (card in by_lang["it"])
            warned += risky
    assert warned == 0  # none of today's opening tables has one: below, the rule itself


def test_a_put_down_is_left_out_when_the_book_says_the_warning_would_speak(
    books: list[dict[str, Any]],
) -> None:
    """The rule on a table's real view and book, its put-down's chance set at the
    warning's least percent: left out in a match that warns, not in one that does not."""
    from tools.first_paint import one_tap_moves

    tables = first_tables(WEB)
    n, card, move = next(
        (n, card, move)
        for n, table in enumerate(tables)
        for card, move in one_move_cards(table["view"])
        if not move["take"]
    )
    view, book = tables[n]["view"], copy.deepcopy(books[n])
    book[move_key(move)]["risk"] = 1
    quiet = {**view, "settings": {**view["settings"], "sweep_warning": False}}
    with page_code(skeleton(INDEX)) as (_, page):
        assert card in [c for c, _, _ in one_tap_moves(page, quiet, book)]
        assert card not in [c for c, _, _ in one_tap_moves(page, view, book)]
        book[move_key(move)]["risk"] = 0
        assert card in [c for c, _, _ in one_tap_moves(page, view, book)]


def test_the_table_drawn_again_part_by_part_is_the_table_render_draws() -> None:
    """Opening.draw_again draws the table a region per task (TableView.parts) over the
    table paint.js drew, each part from the view as it is then: over an older table,
    the parts one after the other and the highlights draw exactly what render() does."""
    table = first_tables(WEB)[0]
    before = table["view"]
    session = session_class(WEB).restore(table["record"])
    card, move = next(iter(one_move_cards(before)))
    session.play(dict(move, seat=before["to_move"]))
    after = session.table_view()
    assert after["key"] != before["key"] and card not in after["hand"]
    with page_code(skeleton(INDEX)) as (proxy, page):
        trees = []
        for by_parts in (False, True):
            document = skeleton(INDEX)
            object.__setattr__(proxy, "current", document)
            i18n = page.i18n.I18n("en", page.i18n.DEFAULT_DECK)
            view = page.table.TableView(i18n, page.cards.CardArt(i18n))
            view.render(before, None, None)
            if by_parts:
                parts = view.parts()
                assert len(parts) > 1
                for part in parts:
                    part(after)
                view.highlight(after, None, None)
            else:
                view.render(after, None, None)
            trees.append(paint_of(document, "en"))
        assert trees[0] == trees[1]
        hand = [e for e in nodes(trees[1]["app"]) if e[1].get("id") == "hand"]
        assert [e[1]["data-card"] for e in nodes(hand[0]) if e[0] == "button"] == after["hand"]
