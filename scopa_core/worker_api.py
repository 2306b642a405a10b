"""What the page may ask of the engine, in Python values: the worker's API.

web/worker/engine_worker.py is the browser's edge of it: for each function the
page may call (its ``__export__``) it reads the JSON text arguments, calls the
method of the same name here, and writes the reply as JSON text with the time
it took. Everything else is here, browser-free and tested in CPython: the
device's match (a :class:`~scopa_core.table.session.Session`), the coach, the
guided hand, watch mode, and the device's part in a match with other devices
(:class:`~scopa_core.link.device.Device`). docs/web-api.md is the contract.

Every reply is a dict: ``{"ok": true, ...}``, completed with the table view of
the device's match when it has none of its own, or ``{"ok": false, "error": a
sentence, "problem": its code}`` with nothing changed. The coach, the guided
hand, watch mode and the link are imported at their first call, not at start:
the page's first table waits for this module's import.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .moves import Move
from .record import RecordError
from .table.answers import failure, file_check, file_record, file_refused, why_reply
from .table.problems import SessionError, SessionProblem
from .table.saving import record_text
from .table.session import Session

if TYPE_CHECKING:
    from .link.device import Device
    from .table.guided import Tutorial
    from .table.watch import Watch

Reply = dict[str, Any]
#: the device's part in a match with others: in the browser, a zip of its own that
#: the worker fetches at the first link call (web/worker/engine.mjs)
LINK_PACKAGE = f"{__package__}.link"


class WorkerApi:
    """One device's engine: its match, guided hand, watched match and link."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.tutorial: Tutorial | None = None
        self.watch: Watch | None = None
        #: this device's part in a match with others, made by the first link call
        self.device: Device | None = None

    def answer(self, action: Callable[[], Reply]) -> Reply:
        """Run an action; reply with the whole table view, or the error as a sentence."""
        try:
            reply = action()
        except SessionError as exc:
            reply = failure(exc, str(exc))
        except (ValueError, TypeError, KeyError) as exc:
            reply = failure(exc, f"{type(exc).__name__}: {exc}")
        if reply.get("ok") and "view" not in reply and self.session is not None:
            reply.update(self.session.reply(reply.get("event")))
        return reply

    def current(self) -> Session:
        if self.session is None:
            raise SessionError(SessionProblem("session.no_match"))
        return self.session

    # -- the device's match ------------------------------------------------------
    def new_match(self, settings: object) -> Reply:
        self.session = Session.new(settings)
        return {"ok": True}

    def restore(self, record: object) -> Reply:
        self.session = Session.restore(record)
        return {"ok": True}

    def check_import(self, text: object) -> Reply:
        return file_check(text)

    def import_record(self, text: object) -> Reply:
        """A record file's match, played on (or shown, if it is over); a bad file
        changes nothing and gets the checker's sentence."""
        try:
            data = file_record(text)
        except RecordError as exc:
            return file_refused(exc)
        self.session = Session.restore(data)
        return {"ok": True}

    def export_record(self) -> Reply:
        return {"ok": True, "text": record_text(self.current().to_record()), "view": None}

    def play(self, move: object) -> Reply:
        return {"ok": True, "event": self.current().play(move)}

    def step(self) -> Reply:
        return {"ok": True, "event": self.current().step()}

    def next_hand(self) -> Reply:
        self.current().next_hand()
        return {"ok": True}

    def reveal(self, seat: object) -> Reply:
        self.current().reveal(seat)
        return {"ok": True}

    def resign(self, seat: object) -> Reply:
        self.current().resign(seat)
        return {"ok": True}

    def timeout(self, seat: object) -> Reply:
        self.current().timeout(seat)
        return {"ok": True}

    def clock_used(self, spec: object) -> Reply:
        """The time the seat to move has used on this position, kept by the engine (the
        page's clock measures it; a save brings it back after a reload): its reply's
        ``clock`` is what the page keeps, with no table (nothing else changed)."""
        return {"ok": True, "clock": self.current().clock_used(spec), "view": None}

    def view(self) -> Reply:
        self.current()
        return {"ok": True, "event": None}

    def why(self, move: object) -> Reply:
        session = self.current()
        return why_reply(session.match.hand, Move.from_json(move))

    # -- the coach (table/coaching.py) ------------------------------------------------
    def coached(self, ask: Callable[[ModuleType], Reply]) -> Reply:
        """A coach's answer (``ask(coaching)``); a record file it cannot read is refused
        as the checker refuses it."""
        try:
            from .table import coaching
        except ImportError as exc:
            return {"ok": False, "error": f"the coach is not available: {exc}", "view": None}
        try:
            return ask(coaching)
        except coaching.ImportFailed as exc:
            return file_refused(exc.error)

    def hint(self, spec: object) -> Reply:
        return self.coached(lambda coaching: coaching.hint(self.current(), spec))

    def sweep_risk(self, move: object) -> Reply:
        return self.coached(lambda coaching: coaching.sweep_risk(self.current(), move))

    def review_positions(self, spec: object) -> Reply:
        return self.coached(lambda coaching: coaching.review_positions(self.session, spec))

    def review_move(self, spec: object) -> Reply:
        return self.coached(lambda coaching: coaching.review_move(self.session, spec))

    # -- the guided hand and watch mode: matches of their own ---------------------------
    def tutorial_start(self) -> Reply:
        from .table.guided import Tutorial

        self.tutorial = Tutorial()
        return self.tutorial.reply()

    def guided(self) -> Tutorial:
        """The guided hand in play (the device's match is never touched by it)."""
        from .table import guided

        if self.tutorial is None:
            raise guided.not_started()
        return self.tutorial

    def watch_start(self, settings: object) -> Reply:
        from .table.watch import Watch

        self.watch = Watch(settings)
        return self.watch.reply()

    def watched(self) -> Watch:
        """The watched match (the device's match is never touched by it)."""
        from .table import watch

        if self.watch is None:
            raise watch.not_started()
        return self.watch

    # -- the link with other devices (link/device.py) -----------------------------------
    def link(self, action: Callable[[Device], Reply]) -> Reply:
        """Run a link action on this device; the hosted match becomes the device's match."""
        try:
            from .link.device import Device
            from .link.problems import LinkError
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith(LINK_PACKAGE):
                return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
            # the browser's link.zip is not on this device (a first visit's worker
            # fetches it at this call: offline, without the service worker's copy)
            missing = SessionError(SessionProblem("session.link_not_here"))
            return failure(missing, str(missing))
        except Exception as exc:  # the link did not import: say so
            return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        if self.device is None:
            self.device = Device()
        try:
            reply = action(self.device)
        except (LinkError, SessionError) as exc:
            reply = failure(exc, str(exc))
        except (ValueError, TypeError, KeyError) as exc:
            reply = failure(exc, f"{type(exc).__name__}: {exc}")
        else:
            self.session = self.device.session  # play, step, next_hand... act on the hosted one
        return reply
