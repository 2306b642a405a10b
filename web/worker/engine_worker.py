"""Engine worker (Pyodide, in a Web Worker): the only place game rules run.

The page (MicroPython, main thread) calls the functions named in
``__export__`` with JSON text and gets JSON text back::

    engine = await workers["engine"]
    reply = json.loads(await engine.new_match(json.dumps(settings)))

Every action answers ``{"ok": true, "view": VIEW, "record": RECORD, "event":
EVENT}`` or ``{"ok": false, "error": "a sentence"}``; see session.py for the
shapes and docs/web-api.md for the contract.  ``scopa_core`` arrives as
``scopa_core.zip`` and ``session.py`` next to this file, both unpacked into
the working directory by the ``files`` entry of this worker's PyScript config.
"""

import json
import sys
import time

try:
    from session import Session, SessionError, SessionProblem

    import scopa_core
    from scopa_core.problems import Problem, problem_json
except Exception as exc:  # the engine may be missing or broken: report it, don't crash
    scopa_core = None
    _import_error = f"{type(exc).__name__}: {exc}"
else:
    _import_error = ""

_session = None


def _load(text):
    if text is None or text == "":
        return None
    return json.loads(str(text))


def _answer(action):
    """Run an action; reply with the whole table view, or the error as a sentence."""
    started = time.perf_counter()
    try:
        reply = action()
    except SessionError as exc:
        reply = _failure(exc, str(exc))
    except (ValueError, TypeError, KeyError) as exc:
        reply = _failure(exc, f"{type(exc).__name__}: {exc}")
    if reply.get("ok") and "view" not in reply and _session is not None:
        reply.update(_session.reply(reply.get("event")))
    reply["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return json.dumps(reply, separators=(",", ":"))


def _failure(exc, sentence):
    """An error reply: the English sentence, and its code for the page's language."""
    reply = {"ok": False, "error": sentence}
    problem = problem_json(exc)
    if problem is not None:
        reply["problem"] = problem
    return reply


def _current():
    if _session is None:
        raise SessionError(SessionProblem("session.no_match"))
    return _session


def engine_info() -> str:
    """Describe the runtime: Python version and whether scopa_core imported."""
    players = False
    if scopa_core is not None:
        try:
            from scopa_core.players import make_player  # noqa: F401

            players = True
        except ImportError:
            players = False
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "implementation": sys.implementation.name,
            "platform": sys.platform,
            "scopa_core": scopa_core is not None,
            "scopa_core_error": _import_error,
            "players": players,
        }
    )


def new_match(settings_text=None) -> str:
    """Start a match: {"preset", "variants", "target", "level", "seats", "seed"?}."""

    def action():
        global _session
        _session = Session.new(_load(settings_text))
        return {"ok": True}

    return _answer(action)


def restore(record_text) -> str:
    """Continue a saved match from its spec record."""

    def action():
        global _session
        _session = Session.restore(_load(record_text))
        return {"ok": True}

    return _answer(action)


def _checked(text):
    """A record file's text, parsed and checked by the replay checker; raises on a bad one."""
    from scopa_core.record import load_record, parse_json

    data = parse_json(str(text) if text is not None else "")
    load_record(data)  # raises RecordError with the hand and move where it goes wrong
    return data


def _check_failure(exc):
    """The replay checker's answer for a bad record, plus its sentence's code."""
    return {**exc.to_json(), **_failure(exc, exc.message), "view": None}


def check_import(text) -> str:
    """Check a record file's text (nothing changes): the replay checker's answer,
    {"ok": true, "check": {...}} or {"ok": false, "error", "hand", "move", "problem"}."""

    def action():
        from scopa_core.record import RecordError, load_record, parse_json, summarize

        try:
            match = load_record(parse_json(str(text) if text is not None else ""))
        except RecordError as exc:
            return _check_failure(exc)
        return {"ok": True, "check": summarize(match), "view": None}

    return _answer(action)


def import_record(text) -> str:
    """Continue (or show, if it is over) the match of a record file; a bad file
    changes nothing and gets the checker's sentence."""

    def action():
        global _session
        from scopa_core.record import RecordError

        try:
            data = _checked(text)
        except RecordError as exc:
            return _check_failure(exc)
        _session = Session.restore(data)
        return {"ok": True}

    return _answer(action)


def export_record() -> str:
    """The match as a record file's text: {"ok": true, "text": the spec record, indented}."""

    def action():
        record = _current().to_record()
        return {"ok": True, "text": json.dumps(record, indent=1, ensure_ascii=False), "view": None}

    return _answer(action)


def play(move_text) -> str:
    """A person's move: {"card": "7D", "take": ["3S", "4C"]} (+ "keep", "declare", "seat")."""
    return _answer(lambda: {"ok": True, "event": _current().play(_load(move_text))})


def step() -> str:
    """One computer move (the page calls it again until a person is to move)."""
    return _answer(lambda: {"ok": True, "event": _current().step()})


def next_hand() -> str:
    def action():
        _current().next_hand()
        return {"ok": True}

    return _answer(action)


def reveal(seat_text) -> str:
    """Hot-seat: the person at this seat holds the device; show their hand."""

    def action():
        _current().reveal(_load(seat_text))
        return {"ok": True}

    return _answer(action)


def resign(seat_text=None) -> str:
    def action():
        _current().resign(_load(seat_text))
        return {"ok": True}

    return _answer(action)


def view() -> str:
    return _answer(lambda: {"ok": True, "event": None} if _current() else {})


def why(move_text) -> str:
    """The engine's sentence saying why a move is not legal now ("" if it is)."""

    def action():
        session = _current()
        hand = session.match.hand
        move = scopa_core.Move.from_json(_load(move_text))
        problem = hand.why_illegal(move) if hand is not None else Problem("match.no_hand")
        reply = {"ok": True, "why": problem or "", "view": None}
        if problem:
            reply["problem"] = problem.to_json()
        return reply

    return _answer(action)


# -- the coach (web/worker/coach.py; docs/web-api.md) ------------------------


def _coach_answer(call):
    """Run a coach function (``call(coach_module)``) the way every action runs."""

    def action():
        try:
            import coach  # next to this file, like session.py
        except ImportError as exc:
            return {"ok": False, "error": f"the coach is not available: {exc}", "view": None}
        try:
            return call(coach)
        except coach.ImportFailed as exc:
            return _check_failure(exc.error)

    return _answer(action)


def hint(spec_text=None) -> str:
    """Every option of the person to move, ranked: {"budget"?} -> {"ok", "seat",
    "exact", "best": MOVE, "options": [{"move", "value", "loss", "exact", "reasons"}]}."""
    return _coach_answer(lambda coach: coach.hint(_current(), _load(spec_text)))


def sweep_risk(move_text) -> str:
    """The chance that the next player sweeps the table a move of the person to
    move leaves: a spec move -> {"ok", "chance", "percent"}."""
    return _coach_answer(lambda coach: coach.sweep_risk(_current(), _load(move_text)))


def review_positions(spec_text=None) -> str:
    """The positions to review: {"record"?, "seat"?, "hand"?} -> {"ok", "positions", "hands"}."""
    return _coach_answer(lambda coach: coach.review_positions(_session, _load(spec_text)))


def review_move(spec_text) -> str:
    """One position's review: {"record"?, "hand", "move", "budget"?} -> {"ok", "review"}."""
    return _coach_answer(lambda coach: coach.review_move(_session, _load(spec_text)))


__export__ = [
    "engine_info",
    "new_match",
    "restore",
    "check_import",
    "import_record",
    "export_record",
    "play",
    "step",
    "next_hand",
    "reveal",
    "resign",
    "view",
    "why",
    "hint",
    "sweep_risk",
    "review_positions",
    "review_move",
]
