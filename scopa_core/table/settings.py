"""A match's settings as the page gives them: checked and completed.

SETTINGS (docs/web-api.md) name the preset, the variants, the target, the
computer's level, each seat (a person here, a computer, or a person on another
device) and an optional move deadline. :func:`normalize_settings` is the one
place they are checked: anything else raises :class:`SessionError` with the
sentence saying what is wrong, and nothing is started.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from ..problems import Problem, problem_of
from ..rules import PRESETS, VARIANTS, Rules, RulesError
from .problems import SessionError, SessionProblem

LEVELS = ("easy", "normal", "hard", "expert")
DEFAULT_LEVEL = "normal"
NAME_LIMIT = 24
#: "remote": a person playing on another device, whose moves come over the link.
SEAT_KINDS = ("person", "computer", "remote")
#: A move deadline, when there is one, is this many seconds or more, up to a day.
DEADLINE_LOW = 5
DEADLINE_HIGH = 86400
#: Why a match ended before a side reached the target.
END_REASONS = ("resigned", "timeout")


def normalize_settings(data: object) -> dict[str, Any]:
    """Check and complete the page's settings; raises SessionError."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SessionError(SessionProblem("session.settings_not_object"))
    preset = data.get("preset", "scopa")
    if preset not in PRESETS:
        raise SessionError(Problem("rules.no_preset", name=repr(preset), known=", ".join(PRESETS)))
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(v in VARIANTS for v in variants):
        raise SessionError(SessionProblem("session.bad_variants", known=", ".join(VARIANTS)))
    level = data.get("level", DEFAULT_LEVEL)
    if level not in LEVELS:
        raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
    rules = rules_of(preset, variants, data.get("target"))
    seats = _seats(data.get("seats"), rules.players, level)
    out: dict[str, Any] = {
        "preset": preset,
        "variants": list(variants),
        "target": rules.target,
        "level": level,
        "seats": seats,
        "deadline": _deadline(data.get("deadline")),
    }
    for key in ("seed", "first_dealer"):
        value = data.get(key)
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SessionError(SessionProblem("session.not_whole", key=key))
            out[key] = value
    if out.get("first_dealer", 0) >= rules.players:
        raise SessionError(SessionProblem("session.bad_first_dealer"))
    _sweep_warning(data, out)
    return out


def _sweep_warning(data: dict[str, Any], out: dict[str, Any]) -> None:
    """The page's sweep warning: a preference kept with the match (absent: the level's default)."""
    warn = data.get("sweep_warning")
    if warn is not None:
        if not isinstance(warn, bool):
            raise SessionError(SessionProblem("session.not_bool", key="sweep_warning"))
        out["sweep_warning"] = warn


def _deadline(value: object) -> int | None:
    """Seconds a person has for each move, or None for no deadline."""
    if value is None:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not DEADLINE_LOW <= value <= DEADLINE_HIGH
    ):
        problem = SessionProblem("session.bad_deadline", low=DEADLINE_LOW, high=DEADLINE_HIGH)
        raise SessionError(problem)
    return value


def rules_of(preset: str, variants: Sequence[str], target: object = None) -> Rules:
    """The rules of a preset with variants (and a target), as the settings name them."""
    changes: dict[str, Any] = {}
    for name in variants:
        changes.update(VARIANTS[name])
    if target is not None:
        if not isinstance(target, int) or isinstance(target, bool):
            raise SessionError(SessionProblem("session.target_not_whole"))
        changes["target"] = target
    try:
        return Rules.preset(preset, **changes)
    except (RulesError, TypeError) as exc:
        raise SessionError(problem_of(exc)) from None


def _seats(data: object, players: int, level: str) -> list[dict[str, Any]]:
    if data is None:
        data = [{"kind": "person"}] + [{"kind": "computer"}] * (players - 1)
    if not isinstance(data, list) or len(data) != players:
        raise SessionError(SessionProblem("session.bad_seats", players=players))
    seats = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in SEAT_KINDS:
            raise SessionError(SessionProblem("session.bad_seat_kind"))
        name = item.get("name") or ""
        if not isinstance(name, str):
            raise SessionError(SessionProblem("session.bad_name"))
        seat: dict[str, Any] = {"kind": item["kind"], "name": name.strip()[:NAME_LIMIT]}
        if item["kind"] == "computer":
            seat_level = item.get("level") or level
            if seat_level not in LEVELS:
                raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
            seat["level"] = seat_level
        seats.append(seat)
    return seats


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
