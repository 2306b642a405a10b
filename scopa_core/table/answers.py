"""Replies that are not a table view: a refusal, a move's reason, a record file.

The engine worker answers every call with a JSON object (docs/web-api.md); most
carry the table view (:meth:`Session.reply`). These are the others, shared by
the worker's functions, the guided hand and the link: a refusal with its
sentence's code, why a move is not legal, and the replay checker's answer for a
record file.
"""

from __future__ import annotations

from typing import Any

from ..hand import HandState
from ..moves import Move
from ..problems import Problem, problem_json
from ..record import RecordError, load_record, parse_json, summarize


def failure(exc: BaseException, sentence: str) -> dict[str, Any]:
    """An error reply: the English sentence, and its code for the page's language."""
    reply: dict[str, Any] = {"ok": False, "error": sentence}
    problem = problem_json(exc)
    if problem is not None:
        reply["problem"] = problem
    return reply


def why_reply(hand: HandState | None, move: Move) -> dict[str, Any]:
    """The engine's sentence saying why ``move`` is not legal now ("" if it is)."""
    problem = hand.why_illegal(move) if hand is not None else Problem("match.no_hand")
    reply: dict[str, Any] = {"ok": True, "why": problem or "", "view": None}
    if problem:
        reply["problem"] = problem.to_json()
    return reply


def file_record(text: object) -> object:
    """A record file's text, parsed and checked by the replay checker; raises
    RecordError (with the hand and move where it goes wrong) on a bad one."""
    data = parse_json(str(text) if text is not None else "")
    load_record(data)
    return data


def file_check(text: object) -> dict[str, Any]:
    """The replay checker's answer for a record file's text (nothing changes)."""
    try:
        match = load_record(parse_json(str(text) if text is not None else ""))
    except RecordError as exc:
        return file_refused(exc)
    return {"ok": True, "check": summarize(match), "view": None}


def file_refused(exc: RecordError) -> dict[str, Any]:
    """The replay checker's answer for a bad record, plus its sentence's code."""
    return {**exc.to_json(), **failure(exc, exc.message), "view": None}
