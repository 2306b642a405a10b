"""Saving a match and coming back to it: the spec record with the table in ``meta``.

A saved game is the spec record (``Match.to_record``, shared/spec/records.md)
with the settings, the seed, the seat shown and how the match ended in
``meta``. Restoring reads what it can of ``meta`` and plays on: a record
without it (an import) is played as one person against the computer, and a
damaged setting costs only itself. Each hand's deck comes from ``(seed, hand
number)``, so a restored match deals the same later hands as one that was
never saved.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ..match import Match
from ..record import RecordError, load_record
from ..rules import PRESETS, VARIANTS, Rules
from .problems import SessionError, SessionProblem
from .settings import DEFAULT_LEVEL, END_REASONS, is_whole, normalize_settings
from .state import TableState

APP = "scopa 1.0"
MATCH_ID_LIMIT = 64


def record_of(state: TableState) -> dict[str, Any]:
    """The match as a spec record, the table's settings and state in its meta."""
    meta: dict[str, Any] = {
        "app": APP,
        "seats": [seat_label(seat) for seat in state.seats],
        "settings": state.settings,
        "seed": state.seed,
        "shown": state.shown,
        "id": state.match_id,
    }
    if state.resigned is not None:
        meta["resigned"] = state.resigned
    if state.end is not None:
        meta["end"] = state.end
    if state.extra_meta is not None:
        meta.update(state.extra_meta())
    return state.match.to_record(meta)


def record_text(record: dict[str, Any]) -> str:
    """A record as a file's text (indented JSON, characters as they are)."""
    return json.dumps(record, indent=1, ensure_ascii=False)


def seat_label(seat: dict[str, Any]) -> str:
    """A seat as the spec record's ``meta.seats`` names it."""
    if seat["kind"] == "computer":
        return f"computer ({seat.get('level', DEFAULT_LEVEL)})"
    return str(seat.get("name") or "person")


# --- restoring -------------------------------------------------------------------------


def saved_match(record: object) -> tuple[Match, dict[str, Any]]:
    """The match of a saved record and its meta (``{}`` when it has none); raises
    SessionError for anything the record checker refuses."""
    if not isinstance(record, dict):
        raise SessionError(SessionProblem("session.saved_not_object"))
    try:
        match = load_record(record)
    except RecordError as exc:
        problem = SessionProblem("session.saved_invalid", reason=exc.message)
        raise SessionError(problem) from None
    meta = record.get("meta")
    return match, meta if isinstance(meta, dict) else {}


def saved_settings(meta: dict[str, Any], rules: Rules, hosting: bool) -> dict[str, Any]:
    """The settings to play a saved match on with: its own as far as they are valid
    and fit its rules, the seed included (a fresh one when it has none).

    Remote seats stay remote only when this device goes on hosting the match
    (link/saves.py); a record opened any other way is played on here, its remote
    seats become people at this device."""
    saved = meta.get("settings")
    settings = dict(saved) if isinstance(saved, dict) else {}
    settings.pop("first_dealer", None)
    if not hosting:
        settings["seats"] = _local_seats(settings.get("seats"))
    if "seats" not in settings or not isinstance(settings.get("seats"), list):
        settings["seats"] = None
    settings["preset"] = _preset_of(rules, settings.get("preset"))
    settings["variants"] = (
        [v for v in settings.get("variants", []) if v in VARIANTS]
        if isinstance(settings.get("variants"), list)
        else []
    )
    settings["target"] = rules.target
    if not isinstance(settings.get("sweep_warning"), bool):
        settings.pop("sweep_warning", None)  # a damaged preference is not worth the seats
    try:
        settings = normalize_settings(settings)
    except SessionError:
        settings = normalize_settings({"preset": settings["preset"], "target": rules.target})
    seed = meta.get("seed")
    if not is_whole(seed):
        seed = random.SystemRandom().randrange(1 << 31)
    settings["seed"] = seed
    return settings


def restore_meta(state: TableState, meta: dict[str, Any]) -> None:
    """What the saved meta says of the table: the match's id, the seat shown, its end."""
    match_id = meta.get("id")
    if isinstance(match_id, str) and 0 < len(match_id) <= MATCH_ID_LIMIT:
        state.match_id = match_id
    shown = meta.get("shown")
    if isinstance(shown, int) and shown in state.persons:
        state.shown = shown
    _restore_end(state, meta)


def _restore_end(state: TableState, meta: dict[str, Any]) -> None:
    rules = state.rules
    resigned = meta.get("resigned")
    if not is_whole(resigned) or not 0 <= resigned < rules.num_sides or state.match.over:
        return
    end = meta.get("end")
    end = end if isinstance(end, dict) else {}
    seat = end.get("seat")
    if not (is_whole(seat) and 0 <= seat < rules.players):
        seat = None
    if seat is not None and rules.side_of(seat) != resigned:
        seat = None  # the seat named is not on the side that lost
    reason = end.get("reason")
    state.resigned = resigned
    state.end = {
        "reason": reason if reason in END_REASONS else "resigned",
        "seat": seat,
        "side": resigned,
    }


def _local_seats(data: object) -> object:
    """Seats for a match played on at this device: a remote person sits here now."""
    if not isinstance(data, list):
        return data
    return [
        {**item, "kind": "person"}
        if isinstance(item, dict) and item.get("kind") == "remote"
        else item
        for item in data
    ]


def _preset_of(rules: Rules, wanted: object) -> str:
    if isinstance(wanted, str) and wanted in PRESETS:
        base = PRESETS[wanted]
        if (base.players, base.hand_size) == (rules.players, rules.hand_size):
            return wanted
    for name, base in PRESETS.items():
        if (base.players, base.hand_size, base.napola) == (
            rules.players,
            rules.hand_size,
            rules.napola,
        ):
            return name
    return next(n for n, b in PRESETS.items() if b.players == rules.players)
