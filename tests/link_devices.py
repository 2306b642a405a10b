"""Devices for the link tests: each a fresh copy of the real engine worker module.

A :class:`Device` is ``web/worker/engine_worker.py`` loaded as its own module
(tests/worker_module.py: its own match and link), called with JSON text exactly as
the page calls it.  A :class:`Net` carries the texts of every reply's
``send`` between devices over named channels, logs every message with what
its receiving seat may know at that moment, and plays whole matches: people
choose random legal moves from their own table view, the host's page steps
the computer players.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from scopa_core.cards import CARD_NAMES, bits
from tests.worker_module import fresh_worker
from tests.worker_transcript import chosen_move, fixed_randomness

#: A card code standing alone (not inside a word like JSON or a hex digest).
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-7JQK][DHSC])(?![A-Za-z0-9])")


@pytest.fixture(autouse=True)
def replayable() -> Iterator[None]:
    """The same random values at every run (the fair deal's, the match's seed and id,
    the seats' tokens), so that a test replays the same matches. With the match's seed
    left to the system, the computer players chose differently at each run, and one
    run in forty ended a match where the test expected a hand in play."""
    with fixed_randomness(1604):
        yield


@dataclass
class Message:
    source: str
    target: str
    text: str
    allowed: set[str] | None = None  # for a message to a guest: the cards its seat may know
    seat: int | None = None


@dataclass
class Device:
    name: str
    worker: ModuleType = field(default_factory=fresh_worker)
    #: channel name here -> (the other device, the channel's name there)
    channels: dict[str, tuple[str, str]] = field(default_factory=dict)
    last: dict[str, Any] = field(default_factory=dict)

    def call(self, function: str, *args: Any, ok: bool = True) -> dict[str, Any]:
        reply = json.loads(getattr(self.worker, function)(*args))
        if ok:
            assert reply["ok"], (self.name, function, args, reply)
        if "link" in reply:
            self.last = reply
        return reply

    @property
    def role(self) -> str | None:
        return self.last.get("role")

    @property
    def session(self) -> Any:
        return self.worker._api.session


class Net:
    """Devices joined by channels; every message carried is logged and checked."""

    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.queue: deque[Message] = deque()
        self.log: list[Message] = []
        self.up: set[tuple[str, str]] = set()
        #: called on every message put on a channel, before it is logged (a test may alter it)
        self.on_send: list[Callable[[Message], None]] = []

    def add(self, name: str) -> Device:
        self.devices[name] = Device(name)
        return self.devices[name]

    def connect(self, a: str, a_channel: str, b: str, b_channel: str) -> None:
        self.devices[a].channels[a_channel] = (b, b_channel)
        self.devices[b].channels[b_channel] = (a, a_channel)
        self.up |= {(a, a_channel), (b, b_channel)}

    def cut(self, a: str, a_channel: str) -> None:
        b, b_channel = self.devices[a].channels[a_channel]
        self.up -= {(a, a_channel), (b, b_channel)}
        for device, channel in ((a, a_channel), (b, b_channel)):
            if self.devices[device].role is not None:
                self.call(device, "link_lost", channel)

    def call(self, device: str, function: str, *args: Any, ok: bool = True) -> dict[str, Any]:
        """Call a worker function and put what the reply sends on its channels."""
        here = self.devices[device]
        reply = here.call(function, *args, ok=ok)
        role = here.worker._api.device.role
        for item in reply.get("send", []):
            target, channel = here.channels[item["to"]]
            message = Message(device, f"{target}:{channel}", item["text"])
            for hook in self.on_send:
                hook(message)
            remotes = getattr(role, "remotes", None)
            if remotes is not None:  # the host: what may this seat know right now?
                seat = next((s for s, r in remotes.items() if r.peer == item["to"]), None)
                message.seat = seat
                message.allowed = allowed_cards(role.session, seat, json.loads(item["text"]))
            self.log.append(message)
            if (device, item["to"]) in self.up:
                self.queue.append(message)
        return reply

    def deliver(self, limit: int = 10000) -> None:
        for _ in range(limit):
            if not self.queue:
                return
            message = self.queue.popleft()
            device, channel = message.target.split(":")
            self.call(device, "link_receive", channel, message.text)
        raise AssertionError("the messages never stopped")


def allowed_cards(session: Any, seat: int | None, message: dict[str, Any]) -> set[str]:
    """Card codes a message to ``seat`` may hold, from the host's real match."""
    match = session.match
    kind = message.get("kind")
    if kind == "reveal":
        hand = message["hand"]
        rec = match.records[hand]
        assert rec.score is not None or session.over, "a hand in play was revealed"
        return {CARD_NAMES[i] for i in rec.deck}
    if kind not in ("state", "refuse") or seat is None or match.hand is None:
        return set()
    hand = match.hand
    rec = match.records[-1]
    seen = hand.initial_table | hand.hands[seat]
    for move in rec.moves:
        if move.card >= 0:
            seen |= 1 << move.card
    return {CARD_NAMES[i] for i in bits(seen)}


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def random_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move from a table view's ``moves`` (rarely a declaration)."""
    return chosen_move(view, rng, declaring=0.05)


class Table(Net):
    """A net with one host and its guests, and a driver that plays matches on it."""

    def __init__(self, settings: dict[str, Any], guests: list[str]) -> None:
        super().__init__()
        self.host = self.add("host")
        self.call("host", "host_open", json.dumps(settings))
        self.guest_names = guests
        for number, name in enumerate(guests):
            self.add(name)
            self.pair(name, f"p{number}")

    def pair(self, guest: str, channel: str) -> dict[str, Any]:
        """A guest's first pairing: it joins and is given a seat."""
        self.connect("host", channel, guest, "host")
        reply = self.call(guest, "guest_join", json.dumps({"peer": "host", "name": guest}))
        self.deliver()
        return reply

    def guest_of(self, seat: int) -> Device:
        return next(
            d for d in self.devices.values() if d.role == "guest" and d.last["link"]["seat"] == seat
        )

    def guests(self) -> list[Device]:
        return [d for d in self.devices.values() if d.role == "guest"]

    def hosting(self) -> Device:
        return next(d for d in self.devices.values() if d.role == "host")

    def act(self, rng: random.Random) -> bool:
        """Deliver everything, then make one move or one step of the match; False once over."""
        self.deliver()
        host = self.hosting()
        view = self.call(host.name, "link_view")["view"]
        assert view is not None, "no table after every guest paired"
        if view["phase"] == "match-over":
            return False
        if view["phase"] == "hand-over":
            for guest in self.guests():
                if not guest.last["link"]["ready"]:
                    self.call(guest.name, "guest_next_hand")
            if host.session.persons and not host.session.host_ready:
                self.call(host.name, "next_hand")
                self.call(host.name, "host_pending")
            return True
        kind = view["to_move_kind"]
        if kind == "computer":
            self.call(host.name, "step")
        elif kind == "person" and view["pass_to"] is not None:
            self.call(host.name, "reveal", json.dumps(view["pass_to"]))
        elif kind == "person":
            self.call(host.name, "play", json.dumps(random_move(view, rng)))
        else:
            guest = self.guest_of(view["to_move"])
            mine = guest.last["view"]
            assert mine["to_move"] == view["to_move"] and mine["moves"], mine
            self.call(guest.name, "guest_move", json.dumps(random_move(mine, rng)))
            return True
        self.call(host.name, "host_pending")
        return True

    def act_until(self, rng: random.Random, done: Callable[[], bool], limit: int = 2000) -> None:
        """Act until ``done()`` holds; fails if the match ends or ``limit`` steps go first."""
        self.deliver()
        for _ in range(limit):
            if done():
                return
            assert self.act(rng), "the match ended before what the test waits for"
            self.deliver()
        raise AssertionError(f"not there after {limit} steps")

    def play(self, rng: random.Random, limit: int = 20000) -> None:
        for _ in range(limit):
            if not self.act(rng):
                self.deliver()
                return
        raise AssertionError("the match did not end")


def hidden_cards_sent(net: Net) -> list[tuple[Message, set[str]]]:
    """Every message to a guest naming a card its seat could not know when it was sent."""
    leaks = []
    for k, message in enumerate(net.log):
        if message.allowed is None:
            continue
        allowed = set(message.allowed)
        if json.loads(message.text)["kind"] == "refuse":  # may repeat what the guest said
            target = message.target.split(":")[0]
            said = next((m for m in reversed(net.log[:k]) if m.source == target), None)
            allowed |= cards_in(said.text) if said else set()
        leaked = cards_in(message.text) - allowed
        if leaked:
            leaks.append((message, leaked))
    return leaks


#: meta keys each device keeps for itself; the rest of a record is the same everywhere
DEVICE_KEYS = ("seed", "shown", "link")


def shared(record: dict[str, Any]) -> dict[str, Any]:
    meta = {k: v for k, v in record["meta"].items() if k not in DEVICE_KEYS}
    meta["settings"] = {k: v for k, v in meta["settings"].items() if k != "seed"}
    return {**record, "meta": meta}
