"""The coach at the table: the hint, the sweep warning and the review.

The replies of the worker's ``hint``, ``sweep_risk``, ``review_positions`` and
``review_move`` (docs/web-api.md) over :mod:`scopa_core.coach`, imported at the
first of them (tests/test_coach_worker.py).

The hint and the sweep warning are for the person to move, from that seat's
view (on a friend's device, from the seat view its host sent: ``hint_reply`` and
``risk_reply`` take nothing else).  A review may be of the session's own match
or of a record file's text, and of any seat; of the session's own match only
hands that are over can be reviewed, so the review never shows a hand still
hidden in play.  A review is asked position by position (``review_positions``
lists them, ``review_move`` values one), so the page can spread a hand's review
between game calls.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Final

from ..cards import reading_order
from ..coach import (
    COACH_BUDGET,
    REVIEW_BUDGET,
    ReviewError,
    analyse,
    option_json,
    positions,
    sweep_chance,
    view_before,
)
from ..coach.review import review_line
from ..match import Match
from ..moves import Move, MoveError
from ..problems import Problem, problem_of
from ..record import RecordError, load_record, parse_json
from ..view import SeatView
from .problems import SessionError, SessionProblem
from .session import Session

#: The English of the coach's own refusals (the page falls back to it).
COACH_ENGLISH: Final[dict[str, str]] = {
    "coach.not_object": "a coach request must be a JSON object",
    "coach.not_whole": "{key} must be a whole number",
    "coach.hand_in_play": "hand {hand} is still being played: it can be reviewed once it is over",
}

#: the largest budget a request may ask for (a hint must stay a matter of seconds)
MOST_BUDGET: Final = 1_000_000


class CoachProblem(Problem):
    TEMPLATES: ClassVar[dict[str, str]] = COACH_ENGLISH


class ImportFailed(Exception):
    """A record file the checker refuses: its answer is the reply."""

    def __init__(self, error: RecordError) -> None:
        super().__init__(error.message)
        self.error = error


def hint(session: Session, spec: object) -> dict[str, Any]:
    """Every option of the person to move, ranked, with values, losses and reasons."""
    spec = _spec(spec)
    seat = session.person_to_move()
    return hint_reply(session.match.view(seat), spec, seed=session.seed)


def hint_reply(view: SeatView, spec: object, *, seed: int) -> dict[str, Any]:
    """The hint for the seat whose ``view`` it is, to move: a function of the view, the
    seed and the budget alone (a friend's device asks it from the view its host sent,
    link/device.py, so it holds no card that seat cannot see)."""
    analysis = analyse(view, seed=seed, budget=_budget(_spec(spec), COACH_BUDGET))
    options = [{**option_json(o), "exact": analysis.exact} for o in analysis.options]
    return {
        "ok": True,
        "seat": view.seat,
        "exact": analysis.exact,
        "best": options[0]["move"],
        "options": options,
        "view": None,
    }


def sweep_risk(session: Session, move_data: object) -> dict[str, Any]:
    """The chance that the next player sweeps the table the person's move leaves."""
    seat = session.person_to_move()
    try:
        move = Move.from_json(move_data)
    except MoveError as exc:
        raise SessionError(problem_of(exc)) from None
    hand = session.match.hand
    assert hand is not None
    problem = hand.why_illegal(move)
    if problem:
        raise SessionError(problem)
    return risk_reply(session.match.view(seat), move)


def risk_reply(view: SeatView, move: Move) -> dict[str, Any]:
    """The sweep warning's answer for a legal ``move`` of the seat whose ``view`` it is
    (a friend's device asks it from the view its host sent: link/device.py)."""
    chance = sweep_chance(view, move)
    return {
        "ok": True,
        "chance": round(chance, 4),
        "percent": int(chance * 100 + 0.5),
        "view": None,
    }


def review_positions(session: Session | None, spec: object) -> dict[str, Any]:
    """The positions ``{"hand", "move", "seat"}`` of a seat (or every seat) in a record."""
    spec = _spec(spec)
    match, reviewable = _match(session, spec)
    seat = _whole(spec, "seat")
    hand = _whole(spec, "hand")
    hands = [h for h in reviewable if hand is None or h == hand]
    try:
        found = positions(match, None if seat is None else [seat], hands=hands)
    except ReviewError as exc:
        raise SessionError(problem_of(exc)) from None
    listed = [{"hand": p.hand, "move": p.move, "seat": p.seat} for p in found]
    return {"ok": True, "positions": listed, "hands": len(match.records), "view": None}


def review_move(session: Session | None, spec: object) -> dict[str, Any]:
    """One position's review: the command line's line, each value with its loss and reasons."""
    spec = _spec(spec)
    match, reviewable = _match(session, spec)
    hand, move = _whole(spec, "hand"), _whole(spec, "move")
    if hand is None or move is None:
        raise SessionError(CoachProblem("coach.not_whole", key="hand" if hand is None else "move"))
    if 0 <= hand < len(match.records) and hand not in reviewable:
        raise SessionError(CoachProblem("coach.hand_in_play", hand=hand))
    seed = session.seed if session is not None and "record" not in spec else 0
    try:
        view, played = view_before(match, hand, move)
    except ReviewError as exc:
        raise SessionError(problem_of(exc)) from None
    analysis = analyse(view, seed=seed, budget=_budget(spec, REVIEW_BUDGET))
    line = review_line(analysis, hand, move, played, reasons=True)
    return {"ok": True, "review": line, "position": position_json(view), "view": None}


def position_json(view: SeatView) -> dict[str, Any]:
    """What the reviewed seat saw before its move: its own hand, the table, the
    deck's count (the page draws the position from it; nothing hidden)."""
    return {
        "seat": view.seat,
        "hand": reading_order(view.hand),
        "table": reading_order(view.table),
        "deck_left": view.cards_left_in_deck,
    }


# -- the request's parts -------------------------------------------------------


def _spec(spec: object) -> dict[str, Any]:
    if spec is None:
        return {}
    if not isinstance(spec, dict):
        raise SessionError(CoachProblem("coach.not_object"))
    return spec


def _whole(spec: dict[str, Any], key: str) -> int | None:
    value = spec.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SessionError(CoachProblem("coach.not_whole", key=key))
    return value


def _budget(spec: dict[str, Any], default: int) -> int:
    budget = _whole(spec, "budget")
    return default if budget is None else max(1, min(budget, MOST_BUDGET))


#: the latest record text reviewed and its match (a hand's review asks for it move by move)
_loaded: dict[str, Match] = {}


def _match(session: Session | None, spec: dict[str, Any]) -> tuple[Match, list[int]]:
    """The match to review and the hands of it that may be reviewed."""
    text = spec.get("record")
    if text is None:
        if session is None:
            raise SessionError(SessionProblem("session.no_match"))
        match = session.match
        finished = [h for h, r in enumerate(match.records) if r.score is not None]
        return match, finished
    if not isinstance(text, str):
        text = json.dumps(text)  # a record already parsed by the page
    loaded = _loaded.get(text)
    if loaded is None:
        try:
            loaded = load_record(parse_json(text))
        except RecordError as exc:
            raise ImportFailed(exc) from None
        _loaded.clear()
        _loaded[text] = loaded
    return loaded, list(range(len(loaded.records)))
