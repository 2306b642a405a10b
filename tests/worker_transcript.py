"""Every reply of the engine worker to a fixed script of calls: a transcript.

The worker's replies are contracts (docs/web-api.md: saved games hold its
records and views; docs/remote-play.md: another device running the previous
version reads its messages). This plays fixed-seed matches against the computer
(with the coach, saving, restoring, importing and bad input), remote matches
between a host and its guests through each device's real worker functions
(reconnects, reloads, a rematch with the roles kept and one with them swapped),
the guided hand and watch mode, and records every call and the exact text of
every reply (which holds every link message a device sends, in ``send``).

``tests/reference/worker_transcript.jsonl.gz`` was recorded from the worker
before issue 29 moved its Python into the package (main 55d924f, when
web/worker/session.py, host.py, guest.py... were top-level modules);
tests/test_worker_transcript.py plays the same script through today's worker
and compares every reply byte for byte. Calls added to the script since (the
guest's ``guest_hint``, the host's ``link_stand_in`` and ``link_readmit`` and the
clock's ``clock_used`` with its ``clock`` message, issue 32, each in a scene of its
own at the end) were recorded from the code that added them,
with every reply recorded before kept byte for byte. To record it again:

    # from today's code (after a change meant to alter a reply: say why in the commit)
    python -m tests.worker_transcript --out tests/reference/worker_transcript.jsonl.gz
    # from the code of 55d924f, whose worker imports its modules as top-level ones
    git worktree add /tmp/old55 55d924f
    python -m tests.worker_transcript --worker /tmp/old55/web/worker/engine_worker.py \\
        --path /tmp/old55/web/worker --path /tmp/old55 --out /tmp/old.jsonl.gz

Only what may differ between two runs of the same code is fixed: the worker's
clock (every ``ms`` is 0.0), and the system's random numbers (match ids, seeds
not given, tokens, the fair deal's values) come from one seeded generator.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib
import json
import random
import secrets
import sys
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.worker_module import WORKER, fresh_worker

FIXTURE = Path(__file__).resolve().parent / "reference" / "worker_transcript.jsonl.gz"
#: where the fair deal's random values come from, before and after issue 29
FAIRDEAL_MODULES = ("scopa_core.link.fairdeal", "fairdeal")
#: small search budgets for the coach: the whole script runs in seconds
HINT = {"budget": 1500}

Entry = dict[str, Any]


class _StoppedClock:
    """The worker's ``time`` module with a clock that never moves: every ``ms`` is 0.0."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


def load_worker(path: Path = WORKER) -> ModuleType:
    """A fresh copy of the engine worker module (its own match, guided hand, link),
    as if in a page of its own; its clock stopped."""
    module = fresh_worker(path)
    module.time = _StoppedClock  # type: ignore[attr-defined]
    return module


@contextlib.contextmanager
def fixed_randomness(seed: int) -> Iterator[None]:
    """The system's random numbers (SystemRandom, secrets, the fair deal's values)
    from one seeded generator, for the duration."""
    rng = random.Random(seed)
    fairdeal = _fairdeal_module()
    saved = (random.SystemRandom, secrets.token_hex, fairdeal._random_hex)

    def token_hex(nbytes: int | None = None) -> str:
        return rng.randbytes(32 if nbytes is None else nbytes).hex()

    random.SystemRandom = lambda *_: rng  # type: ignore[assignment,misc,assignment]
    secrets.token_hex = token_hex
    fairdeal._random_hex = token_hex
    try:
        yield
    finally:
        random.SystemRandom, secrets.token_hex, fairdeal._random_hex = saved  # type: ignore[misc]


def _fairdeal_module() -> Any:
    for name in FAIRDEAL_MODULES:
        with contextlib.suppress(ImportError):
            return importlib.import_module(name)
    raise ImportError("no fair-deal module: neither " + " nor ".join(FAIRDEAL_MODULES))


class Recorder:
    """Devices (worker copies) whose every call and reply is written down."""

    def __init__(self, factory: Callable[[], ModuleType]) -> None:
        self.factory = factory
        self.entries: list[Entry] = []
        self.workers: dict[str, ModuleType] = {}
        self.scene = ""

    def device(self, name: str) -> None:
        self.workers[name] = self.factory()

    def text(self, device: str, function: str, *args: Any) -> str:
        reply = getattr(self.workers[device], function)(*args)
        assert isinstance(reply, str), (function, reply)
        entry = {"scene": self.scene, "device": device, "call": function, "args": list(args)}
        self.entries.append({**entry, "reply": reply})
        return reply

    def call(self, device: str, function: str, *args: Any) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.text(device, function, *args))
        return parsed


def js(value: Any) -> str:
    return json.dumps(value)


def chosen_move(view: dict[str, Any], rng: random.Random, declaring: float = 0.3) -> dict[str, Any]:
    """A random legal move from a table view's ``moves``, or, when the rules let the
    person declare, a declaration with the chance ``declaring``."""
    if view.get("can_declare") and rng.random() < declaring:
        return {"declare": True}
    card = rng.choice(sorted(view["moves"]))
    option = rng.choice(view["moves"][card]["moves"])
    if option["keep"]:
        return {"card": card, "keep": True}
    return {"card": card, "take": option["take"]}


def other_card(view: dict[str, Any]) -> str | None:
    """A card of the viewer's hand that may not take the first table card (for ``why``)."""
    table = view["table"]
    for card in sorted(view["moves"] or {}):
        takes = [m["take"] for m in view["moves"][card]["moves"]]
        if table and not any(table[0] in take for take in takes):
            return card
    return None


# --- against the computer ------------------------------------------------------------


BAD_SETTINGS: list[Any] = [
    "x",
    [1],
    {"preset": "nope"},
    {"variants": ["zz"]},
    {"variants": "re-bello"},
    {"level": "god"},
    {"seats": [{"kind": "person"}]},
    {"seats": [{"kind": "alien"}, {"kind": "computer"}]},
    {"seats": [{"kind": "person", "name": 7}, {"kind": "computer"}]},
    {"seats": [{"kind": "person"}, {"kind": "computer", "level": "god"}]},
    {"deadline": 3},
    {"deadline": True},
    {"seed": -1},
    {"seed": 1.5},
    {"first_dealer": 5},
    {"sweep_warning": "yes"},
    {"target": "x"},
    {"target": 0},
    {"preset": "scopa", "variants": ["napola"]},
]


def solo_scenes(rec: Recorder) -> None:
    rec.scene = "solo: before a match"
    rec.device("solo")
    for function in ("view", "step", "next_hand", "export_record", "hint"):
        rec.call("solo", function)
    rec.call("solo", "play", None)
    rec.call("solo", "why", js({"card": "7D", "take": []}))
    rec.call("solo", "review_positions")
    rec.call("solo", "resign")
    rec.call("solo", "timeout", js(0))
    rec.scene = "solo: bad settings"
    for settings in BAD_SETTINGS:
        rec.call("solo", "new_match", js(settings))
    rec.call("solo", "new_match", "{not json")
    rec.scene = "solo: a match with the coach"
    settings = {"seed": 18, "target": 8, "variants": ["re-bello"], "level": "easy"}
    rec.call("solo", "new_match", js({**settings, "deadline": 30, "sweep_warning": True}))
    play_out(rec, "solo", random.Random(1), coach=True, save_at=9)
    exports(rec, "solo")
    rec.scene = "solo: scopone, two people at one device"
    seats = [
        {"kind": "person", "name": "Anna"},
        {"kind": "computer", "level": "normal"},
        {"kind": "person", "name": "Carla 🂡"},
        {"kind": "computer"},
    ]
    rec.call("solo", "new_match", js({"preset": "scopone", "seats": seats, "seed": 4, "target": 9}))
    play_out(rec, "solo", random.Random(2), coach=False, save_at=None)
    rec.scene = "solo: trentino"
    rec.call("solo", "new_match", js({"preset": "trentino", "seed": 7, "target": 6}))
    play_out(rec, "solo", random.Random(3), coach=False, save_at=None)
    rec.scene = "solo: declaring"
    rec.call("solo", "new_match", js({"variants": ["chiamarsi-fuori"], "seed": 8, "target": 6}))
    play_out(rec, "solo", random.Random(5), coach=False, save_at=None)
    rec.scene = "solo: variants"
    variants = ["asso-piglia-tutto", "scopa-a-15", "napola", "cappotto"]
    rec.call("solo", "new_match", js({"preset": "scopa-3", "variants": variants, "seed": 11}))
    play_out(rec, "solo", random.Random(4), coach=False, save_at=None, limit=60)
    ends(rec)


def play_out(
    rec: Recorder,
    device: str,
    rng: random.Random,
    *,
    coach: bool,
    save_at: int | None,
    limit: int = 1000,
) -> None:
    """Play the device's match to its end (or ``limit`` calls): people's moves from the
    view, computer steps, the next hands; with the coach, its hints and reviews."""
    view = rec.call(device, "view")["view"]
    for count in range(limit):
        if count == save_at:
            saved_and_restored(rec, device)
        if view["phase"] == "match-over":
            return
        if view["phase"] == "hand-over":
            if coach:
                review(rec, device)
            reply = rec.call(device, "next_hand")
        elif view["pass_to"] is not None:
            rec.call(device, "play", js({"card": "7D", "take": []}))
            reply = rec.call(device, "reveal", js(view["pass_to"]))
        elif view["to_move_kind"] == "computer":
            rec.call(device, "play", js({"card": "7D", "take": []}))
            reply = rec.call(device, "step")
        else:
            reply = person_moves(rec, device, view, rng, coach)
        view = reply["view"]


def person_moves(
    rec: Recorder, device: str, view: dict[str, Any], rng: random.Random, coach: bool
) -> dict[str, Any]:
    """A person's move, after a few refused (not their turn's, not legal, the wrong seat)."""
    rec.call(device, "step")
    card = other_card(view)
    if card is not None:
        refused = {"card": card, "take": [view["table"][0]]}
        rec.call(device, "why", js(refused))
        rec.call(device, "play", js(refused))
    move = chosen_move(view, rng)
    rec.call(device, "why", js(move))
    if coach:
        rec.call(device, "hint", js(HINT))
        if "take" in move:
            rec.call(device, "sweep_risk", js(move))
    rec.call(device, "play", js({**move, "seat": (view["to_move"] + 1) % view["players"]}))
    return rec.call(device, "play", js({**move, "seat": view["to_move"]}))


def review(rec: Recorder, device: str) -> None:
    listed = rec.call(device, "review_positions", js({"seat": 0}))
    rec.call(device, "review_positions", js({"hand": 99}))
    for position in listed.get("positions", [])[:2]:
        spec = {"hand": position["hand"], "move": position["move"], **HINT}
        rec.call(device, "review_move", js(spec))
    rec.call(device, "review_move", js({"hand": "x", "move": 0}))


def saved_and_restored(rec: Recorder, device: str) -> None:
    record = rec.call(device, "view")["record"]
    rec.call(device, "restore", js(record))
    rec.call(device, "restore", js({**record, "meta": {**record["meta"], "shown": 9}}))
    rec.call(device, "restore", js({"format": "nope"}))
    rec.call(device, "restore", js("x"))
    rec.call(device, "restore", js(record))


def exports(rec: Recorder, device: str) -> None:
    text = rec.call(device, "export_record")["text"]
    rec.call(device, "check_import", js(text))
    rec.call(device, "check_import", js("{not a record"))
    broken = json.loads(text)
    broken["hands"][0]["moves"] = [*broken["hands"][0]["moves"][:3], {"card": "7D", "take": []}]
    rec.call(device, "check_import", js(json.dumps(broken)))
    rec.call(device, "import_record", js(json.dumps(broken)))
    rec.call(device, "import_record", js(text))
    review_file = {"record": text, "seat": 1, "hand": 0}
    rec.call(device, "review_positions", js(review_file))
    rec.call(device, "review_move", js({"record": text, "hand": 0, "move": 1, **HINT}))
    rec.call(device, "review_move", js({"record": "{bad", "hand": 0, "move": 1}))
    meta = json.loads(text)["meta"]
    bare = {k: v for k, v in json.loads(text).items() if k != "meta"}
    rec.call(device, "import_record", js(json.dumps(bare)))
    rec.call(device, "restore", js({**json.loads(text), "meta": {**meta, "resigned": 1}}))


def ends(rec: Recorder) -> None:
    """Resigning and the move clock."""
    rec.scene = "solo: resigning and the clock"
    rec.call("solo", "new_match", js({"seed": 5, "deadline": 60}))
    rec.call("solo", "timeout", js(1))
    rec.call("solo", "timeout", js("0"))
    rec.call("solo", "timeout", js(0))
    rec.call("solo", "resign")
    rec.call("solo", "new_match", js({"seed": 6}))
    rec.call("solo", "timeout", js(0))
    rec.call("solo", "resign", js(1))
    record = rec.call("solo", "view")["record"]
    rec.call("solo", "restore", js(record))
    rec.call("solo", "resign")


# --- with other devices ----------------------------------------------------------------


class Net:
    """Channels between devices: every text a reply sends is carried to its target."""

    def __init__(self, rec: Recorder) -> None:
        self.rec = rec
        self.channels: dict[tuple[str, str], tuple[str, str]] = {}
        self.up: set[tuple[str, str]] = set()
        self.queue: deque[tuple[str, str, str]] = deque()
        self.last: dict[str, dict[str, Any]] = {}
        #: each device's latest table view (every reply that holds one)
        self.views: dict[str, dict[str, Any] | None] = {}
        self.acts = 0

    def connect(self, a: str, a_channel: str, b: str, b_channel: str) -> None:
        self.channels[(a, a_channel)] = (b, b_channel)
        self.channels[(b, b_channel)] = (a, a_channel)
        self.up |= {(a, a_channel), (b, b_channel)}

    def cut(self, a: str, a_channel: str) -> None:
        b, b_channel = self.channels[(a, a_channel)]
        self.up -= {(a, a_channel), (b, b_channel)}
        self.call(a, "link_lost", a_channel)
        self.call(b, "link_lost", b_channel)

    def call(self, device: str, function: str, *args: Any) -> dict[str, Any]:
        reply = self.rec.call(device, function, *args)
        if "link" in reply:
            self.last[device] = reply
        if reply.get("view") is not None:
            self.views[device] = reply["view"]
        for item in reply.get("send", []):
            if (device, item["to"]) in self.up:
                target, channel = self.channels[(device, item["to"])]
                self.queue.append((target, channel, item["text"]))
        return reply

    def deliver(self) -> None:
        for _ in range(10000):
            if not self.queue:
                return
            device, channel, text = self.queue.popleft()
            self.call(device, "link_receive", channel, text)
        raise AssertionError("the messages never stopped")

    def role(self, device: str) -> str | None:
        return self.last.get(device, {}).get("role")

    def act(self, rng: random.Random) -> bool:
        """Deliver, then one move or step of the match; False once it is over."""
        self.deliver()
        host = next(d for d in self.rec.workers if self.role(d) == "host")
        self.acts += 1
        if self.acts % 8 == 0:
            self.call(host, "link_view")
        view = self.views[host]
        assert view is not None
        if view["phase"] == "match-over":
            return False
        if view["phase"] == "hand-over":
            for guest in self.guests():
                if not self.last[guest]["link"]["ready"]:
                    self.call(guest, "guest_next_hand")
            self.call(host, "next_hand")
            self.call(host, "host_pending")
            return True
        kind = view["to_move_kind"]
        if kind == "computer":
            self.call(host, "step")
        elif kind == "person":
            self.call(host, "play", js(chosen_move(view, rng)))
        else:
            guest = next(g for g in self.guests() if self.seat(g) == view["to_move"])
            mine = self.last[guest]["view"]
            move = chosen_move(mine, rng)
            if "take" in move:
                self.call(guest, "guest_sweep_risk", js(move))
            if len(mine["hand"]) == 2:  # the hint on a guest's device (few options: quick)
                self.call(guest, "guest_hint", js(HINT))
            self.call(guest, "guest_move", js(move))
            return True
        self.call(host, "host_pending")
        return True

    def guests(self) -> list[str]:
        return [d for d in self.rec.workers if self.role(d) == "guest"]

    def seat(self, guest: str) -> int:
        seat: int = self.last[guest]["link"]["seat"]
        return seat

    def play(self, rng: random.Random, moves: int = 100000) -> None:
        for _ in range(moves):
            if not self.act(rng):
                self.deliver()
                return
        self.deliver()


def join(net: Net, guest: str, channel: str) -> None:
    net.rec.device(guest)
    net.connect("host", channel, guest, "host")
    net.call(guest, "guest_join", js({"peer": "host", "name": guest.title()}))
    net.deliver()


def remote_scenes(rec: Recorder) -> None:
    rec.scene = "link: before a link"
    rec.device("host")
    for function in ("host_pending", "link_view", "link_export", "guest_move", "link_rematch"):
        rec.call("host", function, *([js({"card": "7D"})] if function == "guest_move" else []))
    rec.call("host", "link_receive", "p0", js({"v": 1, "kind": "hello"}))
    rec.call("host", "host_open", js({"seats": [{"kind": "person"}, {"kind": "computer"}]}))
    rec.call("host", "link_restore", js({"role": "nobody"}))
    three_devices(rec)
    two_devices(rec)


def three_devices(rec: Recorder) -> None:
    rec.scene = "link: a host, two guests and a computer"
    net = Net(rec)
    seats = [
        {"kind": "person", "name": "Ann"},
        {"kind": "remote"},
        {"kind": "computer", "level": "easy"},
        {"kind": "remote"},
    ]
    settings = {"preset": "scopa-4", "seats": seats, "variants": ["re-bello"], "target": 7}
    net.call("host", "host_open", js({**settings, "deadline": 45}))
    join(net, "bea", "p0")
    join(net, "cal", "p1")
    rng = random.Random(5)
    for _ in range(14):
        net.act(rng)
    bad_messages(net)
    rec.scene = "link: a guest reloads and pairs again"
    net.deliver()
    saved = net.last["bea"]["save"]
    net.cut("host", "p0")
    rec.device("bea")
    net.call("bea", "link_restore", js(saved))
    net.connect("host", "p0b", "bea", "host2")
    net.call("bea", "guest_hello", "host2")
    net.deliver()
    for _ in range(10):
        net.act(rng)
    rec.scene = "link: the host reloads"
    net.deliver()
    saved = net.last["host"]["save"]
    rec.device("host")
    net.call("host", "link_restore", js(saved))
    for guest, channel in (("bea", "host2"), ("cal", "host")):
        net.call(guest, "guest_hello", channel)
    net.deliver()
    net.play(rng)
    rec.scene = "link: a rematch, the roles kept"
    net.call("cal", "link_rematch", js({"swap": False}))
    net.deliver()
    net.call("host", "link_answer", js(True))
    net.deliver()
    net.call("bea", "link_answer", js(True))
    net.deliver()
    for _ in range(12):
        net.act(rng)
    net.deliver()
    for device in ("host", "bea", "cal"):
        net.call(device, "link_export")
    net.call("bea", "guest_resign")
    net.deliver()
    net.call("host", "link_view")
    net.call("cal", "link_view")
    net.call("host", "link_rematch", js({"swap": False}))
    net.deliver()
    net.call("cal", "link_answer", js(False))
    net.deliver()


def bad_messages(net: Net) -> None:
    """What a device refuses: to the host and to a guest, each answered in its reply."""
    net.rec.scene = "link: messages refused"
    for text in (
        "not json",
        "[1]",
        js({"v": 2, "kind": "move"}),
        js({"v": 1, "kind": "dance"}),
        js({"v": 1, "kind": "welcome"}),
        js({"v": 1, "kind": "move", "match": "x"}),
        js({"v": 1, "kind": "move", "match": "x", "seq": 1, "move": {}}),
        "x" * 5000,
    ):
        net.call("host", "link_receive", "p0", text)
        net.call("bea", "link_receive", "host", text)
    view = net.last["bea"]["view"]
    if view and view["moves"]:
        net.call("bea", "guest_move", js({"card": "7D", "take": ["7S"]}))
    net.call("bea", "guest_next_hand")
    net.deliver()


def two_devices(rec: Recorder) -> None:
    rec.scene = "link: two devices, a rematch with the roles swapped"
    net = Net(rec)
    rec.device("host")
    seats = [{"kind": "remote"}, {"kind": "person"}]
    net.call("host", "host_open", js({"seats": seats, "target": 5, "deadline": 20}))
    join(net, "dia", "p0")
    rng = random.Random(6)
    net.play(rng)
    net.call("host", "link_rematch", js({"swap": True}))
    net.deliver()
    net.call("dia", "link_answer", js(True))
    net.deliver()
    rec.scene = "link: the swapped rematch"
    for _ in range(20):
        net.act(rng)
    net.deliver()
    host = next(d for d in rec.workers if net.role(d) == "host")
    view = net.last[host]["view"]
    if view is not None and view["phase"] == "play":
        net.call(host, "timeout", js(view["to_move"]))
        net.call(host, "host_pending")
        net.deliver()
    for device in ("host", "dia"):
        net.call(device, "link_export")


# --- the guided hand and watch mode ----------------------------------------------------------


def guided_scene(rec: Recorder) -> None:
    rec.scene = "guided hand"
    rec.device("guide")
    rec.call("guide", "tutorial_play", js({"card": "7D"}))
    rec.call("guide", "new_match", js({"seed": 2}))
    reply = rec.call("guide", "tutorial_start")
    for _ in range(100):
        lesson = reply["lesson"]
        if lesson["seat"] is None:
            break
        if lesson["seat"] == 1:
            rec.call("guide", "tutorial_play", js(lesson["move"]))
            reply = rec.call("guide", "tutorial_step")
            continue
        trial = lesson.get("trial")
        if trial is not None:
            rec.call("guide", "tutorial_why", js(trial))
            rec.call("guide", "tutorial_play", js(trial))
        rec.call("guide", "tutorial_step")
        hand = reply["view"]["hand"]
        other = next((c for c in hand if c != lesson["move"].get("card")), None)
        if other is not None:
            rec.call("guide", "tutorial_play", js({"card": other, "take": []}))
        rec.call("guide", "tutorial_why", js(lesson["move"]))
        reply = rec.call("guide", "tutorial_play", js(lesson["move"]))
    rec.call("guide", "tutorial_why", js({"card": "7D"}))
    rec.call("guide", "view")
    rec.call("guide", "tutorial_start")


def watch_scene(rec: Recorder) -> None:
    rec.scene = "watch mode"
    rec.device("watch")
    rec.call("watch", "watch_step")
    rec.call("watch", "watch_start", js("x"))
    rec.call("watch", "watch_start", js({"level": "god"}))
    rec.call("watch", "watch_start", js({"seed": 3, "target": 2, "sweep_warning": True}))
    rec.call("watch", "watch_level", js({"seat": 5, "level": "easy"}))
    rec.call("watch", "watch_level", js({"seat": 1, "level": "god"}))
    rec.call("watch", "watch_level", js({"seat": 1, "level": "normal"}))
    for count in range(200):
        spec = {"rank": count % 3 != 2, **HINT} if count % 5 else None
        reply = rec.call("watch", "watch_step", js(spec) if spec else None)
        if not reply["ok"]:
            break
    rec.call("watch", "watch_start", js({"preset": "scopone", "seed": 1, "level": "easy"}))
    for _ in range(12):
        rec.call("watch", "watch_step", js({"budget": 500}))


def stand_in_scene(rec: Recorder) -> None:
    """A friend who does not come back (issue 32): the computer given its seat, the
    friend back later (recorded after the rest: every reply before is kept)."""
    rec.scene = "link: the computer stands in for a friend away"
    net = Net(rec)
    rec.device("host")
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "remote"}]
    net.call("host", "host_open", js({"seats": seats, "target": 11, "first_dealer": 1}))
    join(net, "eve", "p0")
    rng = random.Random(32)
    for _ in range(4):
        net.act(rng)
    net.call("host", "link_stand_in", js({"seat": 1, "level": "easy"}))  # not away
    net.cut("eve", "host")
    net.call("host", "link_stand_in", js({"seat": 0, "level": "easy"}))  # not a friend's
    net.call("host", "link_stand_in", js({"seat": 1, "level": "god"}))
    net.call("host", "link_stand_in", js({"seat": 1, "level": "easy"}))
    net.call("host", "host_pending")
    for _ in range(45):  # into the next hand, dealt with the host's value for Eve's
        net.act(rng)
    net.connect("host", "p1", "eve", "host-p1")
    net.call("eve", "guest_hello", "host-p1")
    net.deliver()
    net.play(rng)
    for device in ("host", "eve"):
        net.call(device, "link_export")


def readmit_scene(rec: Recorder) -> None:
    """A guest's phone dies; the host readmits a new device into its seat (issue 32)."""
    rec.scene = "link: a new device readmitted into an away seat"
    net = Net(rec)
    rec.device("host")
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "remote"}]
    net.call("host", "host_open", js({"seats": seats, "target": 5}))
    join(net, "eva", "p0")
    rng = random.Random(7)
    for _ in range(6):
        net.act(rng)
    net.deliver()
    old = net.last["eva"]["save"]
    net.call("host", "link_readmit", js({"seat": 1, "peer": "n1"}))  # connected: refused
    net.cut("host", "p0")
    for spec in ({"seat": 0, "peer": "n1"}, {"seat": "1", "peer": "n1"}, {"seat": 1}):
        net.call("host", "link_readmit", js(spec))
    net.call("eva", "link_readmit", js({"seat": 1, "peer": "n1"}))  # not a host
    net.call("host", "link_readmit", js({"seat": 1, "peer": "n1"}))
    join(net, "eve", "n1")
    hello = {"v": 1, "kind": "hello", "match": old["match"], "seat": 1, "token": old["token"]}
    net.call("host", "link_receive", "p0c", js(hello))  # the old token: refused
    del rec.workers["eva"], net.last["eva"]  # the phone that died
    net.play(rng)
    for device in ("host", "eve"):
        net.call(device, "link_export")


# --- the time used on a move (issue 32: recorded from the code that added it) ------------


def clock_scene(rec: Recorder) -> None:
    """The engine keeps the time used (clock_used), a host tells its guest (clock)."""
    rec.scene = "clock: the time used, kept by the engine"
    rec.device("timed")
    rec.call("timed", "clock_used", js({"seat": 0, "key": "1.0.", "used_ms": 1000}))
    view = rec.call("timed", "new_match", js({"seed": 7, "deadline": 60}))["view"]
    while view["to_move_kind"] == "computer":
        view = rec.call("timed", "step")["view"]
    spec = {"seat": view["to_move"], "key": view["key"]}
    for used in (15_000, 14_000, -1, 60_001, 2.5, 16_000):
        rec.call("timed", "clock_used", js({**spec, "used_ms": used}))
    rec.call("timed", "clock_used", js({**spec, "key": "9.9.", "used_ms": 17_000}))
    record = rec.call("timed", "view")["record"]
    rec.call("timed", "restore", js(record))
    kept = {**spec, "match": record["meta"]["id"], "used_ms": 16_000}
    rec.call("timed", "clock_used", js({**kept, "match": "another"}))
    rec.call("timed", "clock_used", js(kept))
    rec.call("timed", "view")
    rec.scene = "clock: a host tells its guest the time used when a pause ends"
    net = Net(rec)
    rec.device("ann")
    seats = [{"kind": "person"}, {"kind": "remote"}]
    net.call("ann", "host_open", js({"seats": seats, "first_dealer": 0, "deadline": 60}))
    rec.device("cleo")
    net.connect("ann", "c0", "cleo", "host")
    net.call("cleo", "guest_join", js({"peer": "host", "name": "Cleo"}))
    net.deliver()
    view = net.call("ann", "link_view")["view"]
    net.call("ann", "clock_used", js({"seat": 1, "key": view["key"], "used_ms": 9_000}))
    net.cut("ann", "c0")
    net.connect("ann", "c1", "cleo", "host-again")
    net.call("cleo", "guest_hello", "host-again")
    net.deliver()
    match = net.last["ann"]["link"]["match"]
    clock = {"v": 1, "kind": "clock", "match": match, "seq": 0, "seat": 1}
    net.call("cleo", "link_receive", "host-again", js({**clock, "used_ms": 70_000}))
    net.call("cleo", "link_receive", "host-again", js({**clock, "seq": 4, "used_ms": 9_500}))
    net.call("cleo", "link_receive", "host-again", js({**clock, "used_ms": 9_500}))


SCENES = (
    solo_scenes,
    remote_scenes,
    guided_scene,
    watch_scene,
    stand_in_scene,
    clock_scene,
    readmit_scene,
)


def transcript(
    factory: Callable[[], ModuleType] = load_worker,
    scenes: tuple[Callable[[Recorder], None], ...] = SCENES,
) -> list[Entry]:
    """The script's calls and replies (its first ``scenes`` only, when given), through
    worker copies made by ``factory``."""
    rec = Recorder(factory)
    with fixed_randomness(29):
        for scene in scenes:
            scene(rec)
    return rec.entries


def read(path: Path = FIXTURE) -> list[Entry]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def write(entries: list[Entry], path: Path) -> None:
    lines = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in entries)
    path.write_bytes(gzip.compress(lines.encode("utf-8"), compresslevel=9, mtime=0))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", type=Path, default=WORKER, help="engine_worker.py to record")
    parser.add_argument(
        "--path", action="append", default=[], help="a folder the worker imports from (old code)"
    )
    parser.add_argument("--out", type=Path, default=FIXTURE)
    args = parser.parse_args(argv)
    # only for recording an old worker, whose modules were top-level: never in a test
    sys.path[:0] = [str(Path(p).resolve()) for p in args.path]
    entries = transcript(lambda: load_worker(args.worker))
    write(entries, args.out)
    size = args.out.stat().st_size
    print(f"{len(entries)} replies, {size:,} bytes compressed -> {args.out}")


if __name__ == "__main__":
    main()
