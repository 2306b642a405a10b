"""Engine worker (Pyodide, in a Web Worker): the only place game rules run.

The page (MicroPython, main thread) calls the functions named in
``__export__`` -- the registry of what the page may call -- with JSON text
and gets JSON text back (through app/engine.py and worker/client.js)::

    reply = await engine.call("new_match", json.dumps(settings))

Every action answers ``{"ok": true, "view": VIEW, "record": RECORD, "event":
EVENT}`` or ``{"ok": false, "error": "a sentence"}``; see session.py for the
shapes and docs/web-api.md for the contract.  This module, ``session.py`` and
the ``scopa_core`` modules they import arrive compiled in ``engine.zip``,
which worker/engine.mjs puts on ``sys.path`` (tools/build.py engine_zip).
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
    # characters as they are: MicroPython's json.loads (the page) reads an escaped
    # surrogate pair -- a character beyond U+FFFF, an emoji in a name -- as two
    # broken halves, which the page would show and save as U+FFFD
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)


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


# -- the guided first hand (web/worker/tutorial_match.py; docs/web-api.md) ----------
# a match of its own: the session (the player's match) is never touched

_tutorial = None


def _tutorial_answer(call):
    def action():
        import tutorial_match as tutorial  # next to this file, like session.py

        if call is None:
            global _tutorial
            _tutorial = tutorial.Tutorial()
            return _tutorial.reply()
        if _tutorial is None:
            raise tutorial.not_started()
        return call(_tutorial)

    return _answer(action)


def tutorial_start() -> str:
    """Deal the guided hand afresh: the reply's "lesson" says the step to come."""
    return _tutorial_answer(None)


def tutorial_play(move_text) -> str:
    """The person's move: only the lesson's move is made (else the reason, nothing played)."""
    return _tutorial_answer(lambda t: t.play(_load(move_text)))


def tutorial_step() -> str:
    """Bruno's move, from the script."""
    return _tutorial_answer(lambda t: t.step())


def tutorial_why(move_text) -> str:
    """The engine's reason a move is not allowed in the guided hand ("" if it is)."""
    return _tutorial_answer(lambda t: t.why(_load(move_text)))


# -- watch mode (web/worker/watch_match.py; docs/web-api.md) -------------------------
# computers only, a match of its own: the session (the player's match) is never touched

_watch = None


def _watch_answer(call):
    def action():
        import watch_match as watch  # next to this file, like session.py

        if _watch is None:
            raise watch.not_started()
        return call(_watch)

    return _answer(action)


def watch_start(settings_text=None) -> str:
    """Start watching computers play: the new-match SETTINGS (every seat becomes a computer)."""

    def action():
        global _watch
        import watch_match as watch

        _watch = watch.Watch(_load(settings_text))
        return _watch.reply()

    return _answer(action)


def watch_step(spec_text=None) -> str:
    """One computer move, its options ranked ({"rank"?, "budget"?}); or the next deal."""
    return _watch_answer(lambda w: w.step(_load(spec_text)))


def watch_level(spec_text) -> str:
    """A watched seat plays at another level from its next move: {"seat", "level"}."""
    return _watch_answer(lambda w: w.set_level(_load(spec_text)))


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
    "tutorial_start",
    "tutorial_play",
    "tutorial_step",
    "tutorial_why",
    "watch_start",
    "watch_step",
    "watch_level",
]


# --- play with other devices (web/worker/link.py; docs/remote-play.md) -----------------
# The page is a pipe between each data channel and these functions: every message
# off a channel goes to link_receive(peer, text) as it came (peer: the page's name
# for that channel), and every reply's "send" lists the texts to put on channels.

# The link (guest, host, fairdeal with hashlib, protocol, rematch, link_saves) is
# imported by the first link call, not at start: the engine table waits for this
# module's import, and the link was a third of it (docs/performance.md step 13).
_device = None  # this device's part in a match with others, made by the first link call


def _link(action):
    """Run a link action on this device; the hosted match becomes the worker's session."""
    global _session, _device
    started = time.perf_counter()
    try:
        from link import Device
        from link_problems import LinkError
    except Exception as exc:  # the engine or the link did not import: say so
        error = _import_error or f"{type(exc).__name__}: {exc}"
        return json.dumps({"ok": False, "error": error, "ms": 0})
    if _device is None:
        _device = Device()
    try:
        reply = action(_device)
    except (LinkError, SessionError) as exc:
        reply = _failure(exc, str(exc))
    except (ValueError, TypeError, KeyError) as exc:
        reply = _failure(exc, f"{type(exc).__name__}: {exc}")
    else:
        _session = _device.session  # play, step, next_hand... act on the hosted match
    reply["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)  # as _answer does


def host_open(settings_text=None) -> str:
    """Host a match: SETTINGS whose "seats" hold {"kind": "remote"} for each friend."""
    return _link(lambda device: device.host_open(_load(settings_text)))


def host_pending() -> str:
    """The host, after its own play/step/next_hand/resign/timeout/reveal: what to send."""
    return _link(lambda device: device.pending())


def link_receive(peer, text) -> str:
    """A message off a channel: ``peer`` the page's name for it, ``text`` as it came."""
    return _link(lambda device: device.receive(peer, text))


def link_lost(peer) -> str:
    """The channel ``peer`` closed: the match pauses (the clock stops)."""
    return _link(lambda device: device.lost(peer))


def guest_join(options_text=None) -> str:
    """Join a friend's match: {"peer": the channel's name, "name": "Bea"}; sends the hello."""
    return _link(lambda device: device.guest_join(_load(options_text)))


def guest_hello(peer=None) -> str:
    """After pairing again on the channel ``peer`` (plain text): the hello that takes
    this seat back."""
    return _link(lambda device: device.guest_hello(peer))


def guest_move(move_text) -> str:
    return _link(lambda device: device.guest_move(_load(move_text)))


def guest_sweep_risk(move_text) -> str:
    """sweep_risk on a guest's device, from its seat's view: {"ok", "chance", "percent"}."""
    return _link(lambda device: device.guest_sweep_risk(_load(move_text)))


def guest_next_hand() -> str:
    return _link(lambda device: device.guest_next_hand())


def guest_resign() -> str:
    return _link(lambda device: device.guest_resign())


def link_rematch(options_text=None) -> str:
    """Ask for a rematch: {"swap": true} passes the host's role to the other device."""
    return _link(lambda device: device.rematch(_load(options_text)))


def link_answer(accept_text) -> str:
    """Answer the other device's rematch: true or false."""
    return _link(lambda device: device.answer(_load(accept_text)))


def link_restore(saved_text) -> str:
    """Go on with a match with other devices from the "save" of the last reply."""
    return _link(lambda device: device.restore(_load(saved_text)))


def link_view() -> str:
    """The current reply again, to read: nothing in it is due to be sent."""
    return _link(lambda device: device.reply(flush=False))


def link_export() -> str:
    """This device's record of the match as a file's text (a guest's: revealed hands)."""
    return _link(lambda device: device.export())


def timeout(seat_text) -> str:
    """The page's move clock ran out for this seat: the match ends against its side."""

    def action():
        _current().timeout(_load(seat_text))
        return {"ok": True}

    return _answer(action)


__export__ += [
    "host_open",
    "host_pending",
    "link_receive",
    "link_lost",
    "guest_join",
    "guest_hello",
    "guest_move",
    "guest_sweep_risk",
    "guest_next_hand",
    "guest_resign",
    "link_rematch",
    "link_answer",
    "link_restore",
    "link_view",
    "link_export",
    "timeout",
]
