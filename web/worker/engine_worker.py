"""Engine worker (Pyodide, in a Web Worker): the page's calls, as JSON text.

The page (MicroPython, main thread) calls the functions named in
``__export__`` -- the registry of what the page may call -- with JSON text
and gets JSON text back (through app/engine.py and worker/client.js)::

    reply = await engine.call("new_match", json.dumps(settings))

This module is only the edge: each function reads its JSON arguments, calls
the method of the same name of :class:`scopa_core.worker_api.WorkerApi` (the
game, browser-free), and writes its reply as JSON text with ``ms``, the time
it took. docs/web-api.md is the contract. This module and the ``scopa_core``
modules it imports arrive compiled in ``engine.zip``, which worker/engine.mjs
puts on ``sys.path`` (tools/build.py engine_zips); ``scopa_core.link`` (play with
a friend) in ``link-<hash>.zip``, which engine.mjs fetches and adds (:func:`add_link_zip`)
before the first of the functions in ``__link__`` runs: a first visit does not
download it.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scopa_core.link.device import Device
    from scopa_core.worker_api import Reply, WorkerApi

_api: WorkerApi | None = None
try:
    from scopa_core.worker_api import WorkerApi

    _api = WorkerApi()
except Exception as exc:  # the engine may be missing or broken: report it, don't crash
    _import_error = f"{type(exc).__name__}: {exc}"
else:
    _import_error = ""


def _load(text: object) -> Any:
    if text is None or text == "":
        return None
    return json.loads(str(text))


def _reply(run: Callable[[WorkerApi], Reply]) -> str:
    """``run(api)``'s reply as JSON text, with the time it took (``ms``)."""
    if _api is None:
        return json.dumps({"ok": False, "error": _import_error, "ms": 0})
    started = time.perf_counter()
    reply = run(_api)
    reply["ms"] = round((time.perf_counter() - started) * 1000, 1)
    # characters as they are: MicroPython's json.loads (the page) reads an escaped
    # surrogate pair -- a character beyond U+FFFF, an emoji in a name -- as two
    # broken halves, which the page would show and save as U+FFFD
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)


def _answer(action: Callable[[WorkerApi], Reply]) -> str:
    """An action on this device: its reply, with the table view of the device's match."""
    return _reply(lambda api: api.answer(lambda: action(api)))


def _link(action: Callable[[Device], Reply]) -> str:
    """A link action (``action(device)``); the hosted match becomes the device's match."""
    return _reply(lambda api: api.link(action))


def engine_info() -> str:
    """Describe the runtime: Python version and whether scopa_core imported."""
    players = False
    if _api is not None:
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
            "scopa_core": _api is not None,
            "scopa_core_error": _import_error,
            "players": players,
        }
    )


# -- the device's match --------------------------------------------------------------


def new_match(settings_text: str | None = None) -> str:
    """Start a match: {"preset", "variants", "target", "level", "seats", "seed"?}."""
    return _answer(lambda api: api.new_match(_load(settings_text)))


def restore(record_text: str | None) -> str:
    """Continue a saved match from its spec record."""
    return _answer(lambda api: api.restore(_load(record_text)))


def check_import(text: str | None) -> str:
    """Check a record file's text (nothing changes): the replay checker's answer,
    {"ok": true, "check": {...}} or {"ok": false, "error", "hand", "move", "problem"}."""
    return _answer(lambda api: api.check_import(text))


def import_record(text: str | None) -> str:
    """Continue (or show, if it is over) the match of a record file."""
    return _answer(lambda api: api.import_record(text))


def export_record() -> str:
    """The match as a record file's text: {"ok": true, "text": the spec record, indented}."""
    return _answer(lambda api: api.export_record())


def play(move_text: str | None) -> str:
    """A person's move: {"card": "7D", "take": ["3S", "4C"]} (+ "keep", "declare", "seat")."""
    return _answer(lambda api: api.play(_load(move_text)))


def step() -> str:
    """One computer move (the page calls it again until a person is to move)."""
    return _answer(lambda api: api.step())


def next_hand() -> str:
    return _answer(lambda api: api.next_hand())


def reveal(seat_text: str | None) -> str:
    """Hot-seat: the person at this seat holds the device; show their hand."""
    return _answer(lambda api: api.reveal(_load(seat_text)))


def resign(seat_text: str | None = None) -> str:
    return _answer(lambda api: api.resign(_load(seat_text)))


def timeout(seat_text: str | None) -> str:
    """The page's move clock ran out for this seat: the match ends against its side."""
    return _answer(lambda api: api.timeout(_load(seat_text)))


def clock_used(spec_text: str | None) -> str:
    """The time the seat to move has used on this position: kept (carried over a reload)."""
    return _answer(lambda api: api.clock_used(_load(spec_text)))


def view() -> str:
    return _answer(lambda api: api.view())


def why(move_text: str | None) -> str:
    """The engine's sentence saying why a move is not legal now ("" if it is)."""
    return _answer(lambda api: api.why(_load(move_text)))


# -- the coach (scopa_core/table/coaching.py) -----------------------------------------


def hint(spec_text: str | None = None) -> str:
    """Every option of the person to move, ranked: {"budget"?} -> {"ok", "seat",
    "exact", "best": MOVE, "options": [{"move", "value", "loss", "exact", "reasons"}]}."""
    return _answer(lambda api: api.hint(_load(spec_text)))


def sweep_risk(move_text: str | None) -> str:
    """The chance that the next player sweeps the table a move of the person to
    move leaves: a spec move -> {"ok", "chance", "percent"}."""
    return _answer(lambda api: api.sweep_risk(_load(move_text)))


def review_positions(spec_text: str | None = None) -> str:
    """The positions to review: {"record"?, "seat"?, "hand"?} -> {"ok", "positions", "hands"}."""
    return _answer(lambda api: api.review_positions(_load(spec_text)))


def review_move(spec_text: str | None) -> str:
    """One position's review: {"record"?, "hand", "move", "budget"?} -> {"ok", "review"}."""
    return _answer(lambda api: api.review_move(_load(spec_text)))


# -- the guided first hand and watch mode (scopa_core/table/guided.py, watch.py) ------
# matches of their own: the device's match is never touched


def tutorial_start() -> str:
    """Deal the guided hand afresh: the reply's "lesson" says the step to come."""
    return _answer(lambda api: api.tutorial_start())


def tutorial_play(move_text: str | None) -> str:
    """The person's move: only the lesson's move is made (else the reason, nothing played)."""
    return _answer(lambda api: api.guided().play(_load(move_text)))


def tutorial_step() -> str:
    """Bruno's move, from the script."""
    return _answer(lambda api: api.guided().step())


def tutorial_why(move_text: str | None) -> str:
    """The engine's reason a move is not allowed in the guided hand ("" if it is)."""
    return _answer(lambda api: api.guided().why(_load(move_text)))


def watch_start(settings_text: str | None = None) -> str:
    """Start watching computers play: the new-match SETTINGS (every seat becomes a computer)."""
    return _answer(lambda api: api.watch_start(_load(settings_text)))


def watch_step(spec_text: str | None = None) -> str:
    """One computer move, its options ranked ({"rank"?, "budget"?}); or the next deal."""
    return _answer(lambda api: api.watched().step(_load(spec_text)))


def watch_level(spec_text: str | None) -> str:
    """A watched seat plays at another level from its next move: {"seat", "level"}."""
    return _answer(lambda api: api.watched().set_level(_load(spec_text)))


# --- play with other devices (scopa_core/link/device.py; docs/remote-play.md) ------------
# The page is a pipe between each data channel and these functions: every message
# off a channel goes to link_receive(peer, text) as it came (peer: the page's name
# for that channel), and every reply's "send" lists the texts to put on channels.
# The link is imported by the first link call, not at start: the engine table waits
# for this module's import, and the link was a third of it (docs/performance.md step 13).


def host_open(settings_text: str | None = None) -> str:
    """Host a match: SETTINGS whose "seats" hold {"kind": "remote"} for each friend."""
    return _link(lambda device: device.host_open(_load(settings_text)))


def host_pending() -> str:
    """The host, after its own play/step/next_hand/resign/timeout/reveal: what to send."""
    return _link(lambda device: device.pending())


def link_receive(peer: str, text: str) -> str:
    """A message off a channel: ``peer`` the page's name for it, ``text`` as it came."""
    return _link(lambda device: device.receive(peer, text))


def link_lost(peer: str) -> str:
    """The channel ``peer`` closed: the match pauses (the clock stops)."""
    return _link(lambda device: device.lost(peer))


def link_readmit(spec_text: str | None) -> str:
    """The host's word: {"seat": SEAT, "peer": CHANNEL}: a new device that says hello on
    that channel takes that seat, with a fresh token (the old one no longer works)."""
    return _link(lambda device: device.readmit(_load(spec_text)))


def guest_join(options_text: str | None = None) -> str:
    """Join a friend's match: {"peer": the channel's name, "name": "Bea"}; sends the hello."""
    return _link(lambda device: device.guest_join(_load(options_text)))


def guest_hello(peer: str | None = None) -> str:
    """After pairing again on the channel ``peer`` (plain text): the hello that takes
    this seat back."""
    return _link(lambda device: device.guest_hello(peer))


def guest_move(move_text: str | None) -> str:
    return _link(lambda device: device.guest_move(_load(move_text)))


def guest_sweep_risk(move_text: str | None) -> str:
    """sweep_risk on a guest's device, from its seat's view: {"ok", "chance", "percent"}."""
    return _link(lambda device: device.guest_sweep_risk(_load(move_text)))


def guest_hint(spec_text: str | None = None) -> str:
    """hint on a guest's device, from its seat's view: {"budget"?} -> {"ok", "seat",
    "exact", "best", "options"}, as hint's; nothing sent."""
    return _link(lambda device: device.guest_hint(_load(spec_text)))


def guest_next_hand() -> str:
    return _link(lambda device: device.guest_next_hand())


def guest_resign() -> str:
    return _link(lambda device: device.guest_resign())


def link_rematch(options_text: str | None = None) -> str:
    """Ask for a rematch: {"swap": true} passes the host's role to the other device."""
    return _link(lambda device: device.rematch(_load(options_text)))


def link_answer(accept_text: str | None) -> str:
    """Answer the other device's rematch: true or false."""
    return _link(lambda device: device.answer(_load(accept_text)))


def link_restore(saved_text: str | None) -> str:
    """Go on with a match with other devices from the "save" of the last reply."""
    return _link(lambda device: device.restore(_load(saved_text)))


def link_stand_in(spec_text: str | None = None) -> str:
    """The host: {"seat", "level"}: the computer plays that away seat until its friend
    pairs again (docs/remote-play.md, "A friend who does not come back")."""
    return _link(lambda device: device.stand_in(_load(spec_text)))


def link_view() -> str:
    """The current reply again, to read: nothing in it is due to be sent."""
    return _link(lambda device: device.reply(flush=False))


def link_export() -> str:
    """This device's record of the match as a file's text (a guest's: revealed hands)."""
    return _link(lambda device: device.export())


def add_link_zip(zip_path: str) -> None:
    """worker/link-<hash>.zip, written at ``zip_path``: ``scopa_core.link`` imports from it.
    Not the page's to call (not in ``__export__``): engine.mjs calls it."""
    import scopa_core

    scopa_core.__path__.append(f"{zip_path}/scopa_core")


#: the functions that run the link (``_link``): engine.mjs adds link.zip before the
#: first of them (tests/test_worker_link_zip.py checks the list against the functions)
__link__ = [
    "host_open",
    "host_pending",
    "link_receive",
    "link_lost",
    "link_readmit",
    "guest_join",
    "guest_hello",
    "guest_move",
    "guest_sweep_risk",
    "guest_hint",
    "guest_next_hand",
    "guest_resign",
    "link_rematch",
    "link_answer",
    "link_restore",
    "link_stand_in",
    "link_view",
    "link_export",
]

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
    *__link__,
    "timeout",
    "clock_used",
]
