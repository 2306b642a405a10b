"""The guided first hand at the table (scopa_core/tutorial.py's script).

A match of its own, apart from the worker's session: the player's saved match
is never touched, and when the guided hand is over (or left) the page simply
goes back to it. Anna (seat 0) is the person; Bruno's moves come from the
script through a scripted player, never from a search. The person may make only
the move the lesson asks for; anything else is refused with the engine's
reason when the rules forbid it (``illegal``), or as not this lesson's move.
The worker's ``tutorial_*`` functions (docs/web-api.md; tests/test_tutorial.py).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from .. import tutorial as script
from ..match import Match
from ..moves import Move
from ..problems import Problem
from ..view import SeatView
from .answers import why_reply
from .problems import SessionError
from .session import Session, parse_move
from .settings import normalize_settings

TUTORIAL_ENGLISH: Final[dict[str, str]] = {
    "tutorial.not_now": "this lesson asks for {card}",
    "tutorial.no_tutorial": "the guided hand has not been started",
}


class TutorialProblem(Problem):
    TEMPLATES: ClassVar[dict[str, str]] = TUTORIAL_ENGLISH


class ScriptedPlayer:
    """Bruno: plays the script's move for the position, whatever the view says."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def choose(self, view: SeatView) -> Move:
        return script.STEPS[len(self.match.records[-1].moves)].move()


class Tutorial:
    def __init__(self) -> None:
        settings = normalize_settings(
            {
                "seats": [
                    {"kind": "person", "name": script.SEATS[0]},
                    {"kind": "computer", "name": script.SEATS[1], "level": "easy"},
                ],
                "seed": 0,
                "first_dealer": script.DEALER,
            }
        )
        match = script.new_match()
        self.session = Session(settings, match, 0)
        # Bruno is the script: the session asks its player for his moves
        self.session.set_player(1 - script.PERSON, ScriptedPlayer(match))

    @property
    def made(self) -> int:
        """Moves made in the hand so far."""
        return len(self.session.match.records[-1].moves)

    def lesson(self) -> dict[str, Any]:
        """The step to come: whose move, the move the script asks for, its lesson."""
        k = self.made
        if k >= len(script.STEPS):
            return {"step": k, "steps": len(script.STEPS), "seat": None, "lesson": "count"}
        step = script.STEPS[k]
        out: dict[str, Any] = {
            "step": k,
            "steps": len(script.STEPS),
            "seat": step.seat,
            "lesson": step.lesson,
            "move": step.to_json(),
        }
        trial = script.TRIALS.get(step.lesson or "")
        if trial is not None:
            out["trial"] = trial.to_json()
        if k:
            out["done"] = script.STEPS[k - 1].lesson  # the lesson of the move just made
        return out

    def reply(self, event: dict[str, Any] | None = None) -> dict[str, Any]:
        reply = self.session.reply(event)
        reply["lesson"] = self.lesson()
        reply.pop("record", None)  # never saved: the guided hand is not a match of the player's
        return reply

    def play(self, data: object) -> dict[str, Any]:
        """The person's move: only the one the lesson asks for is made."""
        self.session.person_to_move()
        move = parse_move(data)
        step = script.STEPS[self.made]
        if move != step.move():
            hand = self.session.match.hand
            assert hand is not None
            why = hand.why_illegal(move)
            if why is not None:
                return {
                    "ok": False,
                    "error": str(why),
                    "problem": why.to_json(),
                    "tutorial": "illegal",
                    "view": None,
                }
            raise SessionError(TutorialProblem("tutorial.not_now", card=step.card))
        return self.reply(self.session.play_move(move))

    def step(self) -> dict[str, Any]:
        """Bruno's move, from the script."""
        return self.reply(self.session.step())

    def why(self, data: object) -> dict[str, Any]:
        """The engine's reason a move is not allowed here, or "" (a lesson's trial)."""
        return why_reply(self.session.match.hand, parse_move(data))


def not_started() -> SessionError:
    return SessionError(TutorialProblem("tutorial.no_tutorial"))
