"""The opening book (tools/opening_book.py, answered by the page's web/app/book.py):
a first visit's answers before the engine is up are the engine's own, and once the
worker restores the record they built the match goes on as if the engine had
played it from the start.

The engine's side is the worker's session restoring the dealt table (what the
page asks of it when it is up before the first tap: Opening.first_reply), then
playing the same moves; every reply the page gets from the book must equal the
worker's, but for the match id (the worker names a session; the book's record
has none until the worker restores it). tests/test_first_paint.py and
e2e/test_first_visit.py look at the same start in the page and the browser.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from book import Book, move_of

from tools.first_tables import DEALER, first_tables
from tools.opening_book import DEPTH, move_key, person_moves, play_out, session_class

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

Session = session_class(WEB)
TABLES = first_tables(WEB)
BOOKS = [play_out(Session, table["record"]) for table in TABLES]


def lookup_in(book: dict[str, Any]) -> Any:
    """paint.js's bookEntry over a book: the entry of a path, as JSON text, or None."""

    def lookup(path: str) -> str | None:
        node: dict[str, Any] | None = book
        entry = None
        for key in path.split("|"):
            entry = node.get(key) if node else None
            if entry is None:
                return None
            node = entry.get("next")
        assert entry is not None
        return json.dumps({k: v for k, v in entry.items() if k != "next"})

    return lookup


def paths(book: dict[str, Any], before: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every line of play the book holds, to its end."""
    for key, entry in book.items():
        if "next" in entry:
            yield from paths(entry["next"], (*before, key))
        else:
            yield (*before, key)


def without_id(reply: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(reply)
    out.pop("ms", None)
    out["record"]["meta"].pop("id", None)
    return out


def engine_reply(session: Any, event: dict[str, Any]) -> dict[str, Any]:
    return without_id({"ok": True, **session.reply(event)})


def the_move(view: dict[str, Any], key: str) -> dict[str, Any]:
    found = [m for m in person_moves(view) if move_key(m) == key]
    assert len(found) == 1, key
    return dict(found[0], seat=view["to_move"])


def play_line(table: int, line: tuple[str, ...]) -> tuple[Any, Book]:
    """The line played twice: by the worker from the dealt table, and by the page's
    book; every reply compared. Returns the worker's session and the book."""
    record = TABLES[table]["record"]
    session = Session.restore(copy.deepcopy(record))
    book = Book(TABLES[table]["view"], copy.deepcopy(record), lookup_in(BOOKS[table]))
    for key in line:
        view = session.table_view()
        move = the_move(view, key)
        expected = engine_reply(session, session.play(dict(move)))
        assert book.can_play(move)
        assert book.answer("play", json.dumps(move)) == expected
        while session.to_move is not None and session.seats[session.to_move]["kind"] == "computer":
            expected = engine_reply(session, session.step())
            assert book.can_step()
            assert book.answer("step", None) == expected
        assert not book.can_step()
    return session, book


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_answer_of_the_book_is_the_engines_own(table: int) -> None:
    lines = list(paths(BOOKS[table]))
    # every move the person can make, in both deals: at least 3 x 2 x 1 lines a deal
    assert len(lines) >= 36 and all(len(line) == DEPTH for line in lines)
    for line in lines:
        play_line(table, line)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_the_match_goes_on_as_if_the_engine_had_played_it_from_the_start(table: int) -> None:
    """At the end of a line the worker restores the book's record (the page's save) and
    plays on: the same replies, to the end of the match, as the worker that played
    every move; and its deal is the one a match started with that seed deals."""
    line = max(paths(BOOKS[table]))
    session, book = play_line(table, line)
    taken_over = Session.restore(copy.deepcopy(book.record))
    assert without_id(taken_over.reply(None)) == without_id(session.reply(None))
    assert taken_over.table_view() == book.view  # the page draws the same table then
    moves = 0
    while not session.over:
        if session.phase == "hand-over":
            session.next_hand()
            taken_over.next_hand()
        elif session.seats[session.to_move]["kind"] == "computer":
            assert engine_reply(taken_over, taken_over.step()) == engine_reply(
                session, session.step()
            )
        else:  # the person: the first legal move, the same on both
            move = person_moves(session.table_view())[0]
            assert engine_reply(taken_over, taken_over.play(dict(move))) == engine_reply(
                session, session.play(dict(move))
            )
        moves += 1
    assert moves > 36 and without_id({"ok": True, "record": taken_over.to_record()}) == without_id(
        {"ok": True, "record": session.to_record()}
    )
    started = Session.new({"seed": TABLES[table]["record"]["meta"]["seed"], "first_dealer": DEALER})
    first_hand = started.to_record()["hands"][0]
    assert taken_over.to_record()["hands"][0]["deck"] == first_hand["deck"]
    assert taken_over.to_record()["hands"][0]["dealer"] == first_hand["dealer"] == DEALER


def test_a_move_out_of_the_book_is_not_answered_and_changes_nothing() -> None:
    book = Book(TABLES[0]["view"], copy.deepcopy(TABLES[0]["record"]), lookup_in(BOOKS[0]))
    before = (book.view, copy.deepcopy(book.record), list(book.path))
    hand = TABLES[0]["view"]["hand"]
    for move in (
        {"card": hand[0], "take": ["KD", "KS"]},  # a capture the table does not allow
        {"card": "XX", "take": []},
        {"card": hand[0]},  # no take at all: not a move the page sends
        "not a move",
    ):
        assert not book.can_play(move)
        assert book.answer("play", json.dumps(move)) is None
    assert book.answer("play", "{not json") is None
    assert book.answer("step", None) is None  # nobody's answer is due
    assert book.answer("hint", None) is None
    assert (book.view, book.record, book.path) == before


def test_a_put_down_carries_the_sweep_warnings_chance_from_the_coach() -> None:
    from scopa_core.coach.risk import sweep_chance
    from scopa_core.moves import Move

    checked = 0
    for table, record in enumerate(t["record"] for t in TABLES):
        session = Session.restore(copy.deepcopy(record))
        book = Book(TABLES[table]["view"], copy.deepcopy(record), lookup_in(BOOKS[table]))
        for move in person_moves(session.table_view()):
            chance = book.risk(move)
            if move["take"]:
                assert chance == 0  # a capture never warns: no chance is kept for it
                continue
            view = session.match.view(session.person_to_move())
            assert chance == int(sweep_chance(view, Move.from_json(move)) * 100 + 0.5)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_a_move_paint_js_showed_is_made_from_the_book_as_the_engine_makes_it(table: int) -> None:
    """paint.js shows a one-tap first move answered (book/<n>.<lang>.json); the page's
    Python then makes it from the book by its key (opening.py catch_up: move_of): the
    same replies as the worker's, the position the engine holds, and the match goes on
    from it as the engine's own."""
    from tools.first_paint import answer_paints

    answers = answer_paints(
        (WEB / "index.html").read_text(encoding="utf-8"), [TABLES[table]], [BOOKS[table]]
    )[0]["en"]
    assert answers
    for card, answer in answers.items():
        move = move_of(answer["move"])
        assert move_key(move) == answer["move"] and move["card"] == card
        session, book = play_line(table, (answer["move"],))
        assert book.view == session.table_view() and book.view["key"] == answer["key"]
        assert book.path == [answer["move"]]
        taken_over = Session.restore(copy.deepcopy(book.record))
        assert without_id({"ok": True, "record": taken_over.to_record()}) == without_id(
            {"ok": True, "record": session.to_record()}
        )


def test_a_key_names_the_move_it_was_made_of() -> None:
    for move in (
        {"card": "7D", "take": []},
        {"card": "7D", "take": ["3S", "4C"]},
        {"card": "AD", "take": [], "keep": True},
    ):
        assert move_of(move_key(move)) == move
