"""Watch mode at the table: computers only, one move at a time.

A match of its own, apart from the worker's session (the player's match is
never replaced, nothing of it is saved). Every seat is a computer at the
level its settings give. Each step is one computer move, with the hint's
ranking of the options that seat had: ``scopa_core.coach.analyse`` on that
seat's own view (``Match.view(seat)``), which never holds another seat's
cards; the move made is the computer's own choice, not the ranking's. A step
when the hand is over deals the next one. The page may show every hand face
up (``hands``): the watcher plays no seat, so nothing is hidden from anyone
who plays. The worker's ``watch_*`` functions (docs/web-api.md; tests/test_watch.py).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ..cards import reading_order
from ..coach import REVIEW_BUDGET, analyse, option_json
from ..problems import Problem
from .problems import SessionError, SessionProblem
from .session import Session
from .settings import LEVELS, normalize_settings

#: the largest ranking budget a step may ask for (a step must stay quick)
MOST_BUDGET: Final = 200_000

WATCH_ENGLISH: Final[dict[str, str]] = {
    "watch.no_watch": "no match is being watched",
    "watch.over": "the match is over",
    "watch.not_object": "watch settings must be a JSON object",
    "watch.bad_seat": "there is no seat {seat} at this table",
}


class WatchProblem(Problem):
    TEMPLATES: ClassVar[dict[str, str]] = WATCH_ENGLISH


def computers_only(data: object) -> dict[str, Any]:
    """The new-match settings with every seat a computer (a person's seat gets
    the match's level); checked like any new match's."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SessionError(WatchProblem("watch.not_object"))
    checked = normalize_settings({k: v for k, v in data.items() if k != "sweep_warning"})
    level = checked["level"]
    checked["seats"] = [
        {"kind": "computer", "level": seat.get("level") or level} for seat in checked["seats"]
    ]
    return checked


class Watch:
    def __init__(self, data: object) -> None:
        self.session = Session.new(computers_only(data))
        self.moves = 0  # moves made since the start, all hands

    def reply(
        self, event: dict[str, Any] | None = None, ranking: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        reply = self.session.reply(event)
        reply.pop("record", None)  # never saved: not a match of the player's
        hand = self.session.match.hand
        hands = hand.hands if hand is not None else []
        reply["hands"] = [reading_order(mask) for mask in hands]
        reply["ranking"] = ranking
        reply["moves"] = self.moves
        return reply

    def step(self, spec: object) -> dict[str, Any]:
        """One computer move (with its ranking when asked), or the next hand's deal."""
        spec = spec if isinstance(spec, dict) else {}
        session = self.session
        if session.over:
            raise SessionError(WatchProblem("watch.over"))
        if session.phase == "hand-over":
            session.next_hand()
            return self.reply()
        seat = session.to_move
        assert seat is not None
        ranked = None
        if spec.get("rank", True):
            budget = spec.get("budget")
            if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
                budget = REVIEW_BUDGET
            view = session.match.view(seat)
            ranked = analyse(view, seed=session.seed * 8 + seat, budget=min(budget, MOST_BUDGET))
        event = session.step()
        self.moves += 1
        return self.reply(event, self.ranking(seat, ranked))

    def set_level(self, spec: object) -> dict[str, Any]:
        """A seat plays at another level from its next move on ({"seat", "level"})."""
        spec = spec if isinstance(spec, dict) else {}
        seat, level = spec.get("seat"), spec.get("level")
        players = self.session.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise SessionError(WatchProblem("watch.bad_seat", seat=str(seat)))
        if level not in LEVELS:
            raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
        self.session.set_level(seat, level)
        return self.reply()

    def ranking(self, seat: int, ranked: Any) -> dict[str, Any] | None:
        """The options the moving seat had, best first, and which one it played."""
        if ranked is None:
            return None
        played = self.session.match.records[-1].moves[-1]
        options = [option_json(o) for o in ranked.options]
        index = next((k for k, o in enumerate(ranked.options) if o.move == played), None)
        return {"seat": seat, "exact": ranked.exact, "options": options, "played": index}


def not_started() -> SessionError:
    return SessionError(WatchProblem("watch.no_watch"))
