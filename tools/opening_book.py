"""The opening book: the engine's answers to a newcomer's first moves, played out at build time.

On a phone's first visit Pyodide (4.8 MB) takes half a minute to arrive, and
the newcomer taps a card in the first seconds. As chess engines keep an
opening book, the build plays out, with the engine and the computer player
the page will use (scopa_core.table's Session, the default level), every move the
person can make in the first deal of each opening table (tools/first_tables.py)
and the computer's answer to each, and index.html carries the replies the
worker would have sent. The page (web/app/book.py) answers ``play`` and
``step`` from the book until the engine holds the match; then the worker
restores the match from the record the book's replies built, with the same
seed, so that it goes on as if the engine had played it from the start
(tests/test_opening_book.py proves the records and every reply identical).

A book is a tree of the person's moves: ``{MOVE: ENTRY}``, where MOVE is
``"7D:3S+4C"`` (the card, then the table cards taken in sorted order; ``""``
after the colon for a put-down) and ENTRY is

    {"play": REPLY, "step": REPLY?, "risk": PERCENT?, "next": BOOK?}

``play`` is the worker's reply to the move, ``step`` its reply to the
computer's move that follows (absent when the person moves again), ``risk``
the sweep warning's chance for a put-down (scopa_core/table/coaching.py sweep_risk), and
``next`` the book of the person's following move (absent after the last move
of the deal it covers). A REPLY is ``[VIEW_CHANGES, EVENT, RECORD_MOVE]``:
the keys of the table view that changed since the view before it, the
reply's event, and the move the record gains.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from scopa_core.coach.risk import sweep_chance
from scopa_core.moves import Move
from scopa_core.table.session import Session

#: how many of the person's moves the book covers: the first two deals (three cards
#: each), about half a minute of play: what Pyodide takes to arrive over a phone's line
DEPTH = 6


def move_key(move: dict[str, Any]) -> str:
    """A person's move as the book names it (web/app/book.py makes the same key)."""
    if move.get("keep"):
        return f"{move['card']}:keep"
    return f"{move['card']}:{'+'.join(sorted(move.get('take') or []))}"


def person_moves(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves the person can make in a table view, as the page sends them."""
    out = []
    for card, entry in sorted((view.get("moves") or {}).items()):
        for option in entry["moves"]:
            move: dict[str, Any] = {"card": card, "take": list(option["take"])}
            if option.get("keep"):
                move["keep"] = True
            out.append(move)
    return out


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    if set(before) != set(after):
        raise ValueError("a view gained or lost keys: the book stores changes of values only")
    return {key: value for key, value in after.items() if before[key] != value}


def book_reply(
    reply: dict[str, Any], view_before: dict[str, Any], record_before: dict[str, Any]
) -> list[Any]:
    record = reply["record"]
    hands, old = record["hands"], record_before["hands"]
    if len(hands) != len(old) or {k: v for k, v in record.items() if k != "hands"} != {
        k: v for k, v in record_before.items() if k != "hands"
    }:
        raise ValueError("the book covers one hand: a reply changed more of the record than a move")
    moves = hands[-1]["moves"]
    if moves[:-1] != old[-1]["moves"]:
        raise ValueError("a reply's record is not the one before with one move more")
    return [changes(view_before, reply["view"]), reply["event"], moves[-1]]


def replay(reply: list[Any], view: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The worker's reply from a book reply and the view and record before it (the
    page does the same in MicroPython: web/app/book.py)."""
    view_changes, event, record_move = reply
    new_view = {**view, **view_changes}
    new_record = copy.deepcopy(record)
    new_record["hands"][-1]["moves"].append(record_move)
    return {"ok": True, "view": new_view, "record": new_record, "event": event}


def _reply(session: Any, event: dict[str, Any]) -> dict[str, Any]:
    """The worker's reply; its record without the match id the worker gives each session
    (the page's record has none until the worker restores it, which names it then)."""
    out: dict[str, Any] = copy.deepcopy(session.reply(event))
    out["record"]["meta"].pop("id", None)
    return out


def play_out(session_class: Any, record: dict[str, Any], depth: int = DEPTH) -> dict[str, Any]:
    """The book from the position of `record` (a person to move), `depth` moves deep."""
    session = session_class.restore(copy.deepcopy(record))
    view = session.table_view()
    book: dict[str, Any] = {}
    for move in person_moves(view):
        here = session_class.restore(copy.deepcopy(record))
        entry: dict[str, Any] = {}
        parsed = Move.from_json(move)
        if not parsed.take and not move.get("keep"):
            seat = here.person_to_move()
            entry["risk"] = int(sweep_chance(here.match.view(seat), parsed) * 100 + 0.5)
        played = _reply(here, here.play(dict(move, seat=view["to_move"])))
        entry["play"] = book_reply(played, view, record)
        last_view, last_record = played["view"], played["record"]
        if last_view.get("phase") == "play" and last_view.get("to_move_kind") == "computer":
            stepped = _reply(here, here.step())
            entry["step"] = book_reply(stepped, last_view, last_record)
            last_view, last_record = stepped["view"], stepped["record"]
        person_next = last_view.get("phase") == "play" and last_view.get("to_move_kind") == "person"
        if depth > 1 and person_next:
            entry["next"] = play_out(session_class, last_record, depth - 1)
        book[move_key(move)] = entry
    return book


def book_text(book: dict[str, Any]) -> str:
    return json.dumps(book, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def session_class(web: Path) -> Any:
    """The worker's Session (``web``, the site's sources, holds no engine: the worker's
    is scopa_core's)."""
    return Session
