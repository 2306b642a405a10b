"""The time used on the position to move, kept by the referee (issue 32, part 3).

The page's clock measures it and tells the worker (``clock_used``); the engine
checks it and keeps it, the page saves what it kept and hands it back after a
reload; a host tells its guests (the ``clock`` message) when a pause begins or
ends, so that a reload, a pause or a reconnect never gives the whole deadline
again. Everything goes through the real worker functions (tests/link_devices.py).
"""

from __future__ import annotations

import json
from typing import Any

from tests.link_devices import (
    Device,
    Table,
    replayable,  # noqa: F401  (autouse: the same matches every run)
)
from tests.test_link_protocol import message, refused

P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}


def used(device: Device, spec: dict[str, Any], ok: bool = True) -> dict[str, Any]:
    return device.call("clock_used", json.dumps(spec), ok=ok)


def code(reply: dict[str, Any]) -> str:
    return str(reply["problem"]["code"])


def test_the_engine_keeps_the_time_used_and_refuses_what_does_not_fit() -> None:
    here = Device("solo")
    view = here.call("new_match", json.dumps({"seed": 7, "deadline": 60}))["view"]
    while view["to_move_kind"] == "computer":
        view = here.call("step")["view"]
    seat, key = view["to_move"], view["key"]
    assert "time_used" not in view  # nothing used yet: the whole deadline
    kept = used(here, {"seat": seat, "key": key, "used_ms": 21_000})
    assert kept["clock"] == {
        "match": here.call("view")["record"]["meta"]["id"],
        "key": key,
        "seat": seat,
        "used_ms": 21_000,
    }
    assert kept["view"] is None  # nothing else changed: no table to draw
    before = here.call("view")
    assert before["view"]["time_used"] == 21_000
    for spec, problem in [
        ({"seat": seat, "key": key, "used_ms": -1}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": 60_001}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": 10**12}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": 25_000.5}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": True}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": "25000"}, "session.bad_time_used"),
        ({"seat": seat, "key": key}, "session.bad_time_used"),
        ({"seat": seat, "key": key, "used_ms": 20_000}, "session.time_back"),
        ({"seat": seat, "key": "9.9.", "used_ms": 25_000}, "session.clock_position"),
        ({"seat": 1 - seat, "key": key, "used_ms": 25_000}, "session.not_to_move"),
        (
            {"seat": seat, "key": key, "used_ms": 25_000, "match": "other"},
            "session.clock_other_match",
        ),
        ([1, 2], "session.not_to_move"),
    ]:
        reply = used(here, spec, ok=False)  # type: ignore[arg-type]
        assert code(reply) == problem, (spec, reply)
        assert reply["error"]
    # a refused time changes nothing (ms: how long the call itself took)
    assert {**here.call("view"), "ms": 0} == {**before, "ms": 0}
    # the record the page saves, restored in a new worker (a reload): the engine takes
    # back the time the page kept, for this match and this position only
    record = before["record"]
    again = Device("solo-again")
    assert "time_used" not in again.call("restore", json.dumps(record))["view"]
    note = {**kept["clock"], "used_ms": 21_000}
    assert code(used(again, {**note, "match": "0123abcd"}, ok=False)) == "session.clock_other_match"
    assert used(again, note)["clock"] == kept["clock"]
    assert again.call("view")["view"]["time_used"] == 21_000
    # a move: the next position is the next person's, from the whole deadline
    card = sorted(view["moves"])[0]
    take = view["moves"][card]["moves"][0]["take"]
    after = again.call("play", json.dumps({"card": card, "take": take}))["view"]
    assert "time_used" not in after
    assert code(used(again, note, ok=False)) in ("session.clock_position", "session.not_to_move")


def test_a_match_with_no_deadline_or_a_computer_to_move_has_no_clock() -> None:
    here = Device("solo")
    view = here.call("new_match", json.dumps({"seed": 7}))["view"]
    spec = {"seat": view["to_move"], "key": view["key"], "used_ms": 1000}
    assert code(used(here, spec, ok=False)) == "session.no_deadline"
    view = here.call("new_match", json.dumps({"seed": 7, "deadline": 60, "first_dealer": 0}))[
        "view"
    ]
    assert view["to_move_kind"] == "computer"
    spec = {"seat": view["to_move"], "key": view["key"], "used_ms": 1000}
    assert code(used(here, spec, ok=False)) == "session.computer_no_clock"


def clocks_to(table: Table, guest: str) -> list[dict[str, Any]]:
    """Every clock message sent to ``guest`` so far."""
    texts = [json.loads(m.text) for m in table.log if m.target.startswith(guest + ":")]
    return [t for t in texts if t["kind"] == "clock"]


def test_a_guest_that_pairs_again_is_told_the_time_used_after_its_position() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0, "deadline": 60}, ["bea"])  # Bea leads
    host = table.host
    view = host.call("link_view")["view"]
    assert view["to_move"] == 1 and clocks_to(table, "bea") == []  # a fresh position: none
    reply = used(host, {"seat": 1, "key": view["key"], "used_ms": 12_000})
    assert "send" not in reply  # told to the guests when a pause begins or ends, not each time
    saved = table.devices["bea"].last["save"]
    table.cut("bea", "host")
    table.deliver()
    used(host, {"seat": 1, "key": view["key"], "used_ms": 12_500})  # the page stopped its clock
    # Bea's page reloads and pairs again: she gets her position, then the time used
    table.devices["bea"] = Device("bea")
    assert "time_used" not in table.call("bea", "link_restore", json.dumps(saved))["view"]
    table.connect("host", "p0-again", "bea", "host-again")
    table.call("bea", "guest_hello", "host-again")
    table.deliver()
    got = [json.loads(m.text)["kind"] for m in table.log if m.target == "bea:host-again"]
    assert got[-2:] == ["state", "clock"], got
    assert clocks_to(table, "bea")[-1] == {
        "v": 1,
        "kind": "clock",
        "match": view_match(table),
        "seq": 0,
        "seat": 1,
        "used_ms": 12_500,
    }
    mine = table.call("bea", "link_view")["view"]
    assert mine["key"] == view["key"] and mine["time_used"] == 12_500
    # her move: the next position starts from the whole deadline on both devices
    card = sorted(mine["moves"])[0]
    move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
    table.call("bea", "guest_move", json.dumps(move))
    table.deliver()
    assert "time_used" not in host.call("link_view")["view"]
    assert "time_used" not in table.call("bea", "link_view")["view"]


def view_match(table: Table) -> str:
    return str(table.host.call("link_view")["link"]["match"])


def test_every_guest_is_told_the_time_used_when_a_pause_begins_and_ends() -> None:
    table = Table(
        {"preset": "scopa-3", "seats": [R, P, R], "first_dealer": 2, "deadline": 30},
        ["bea", "cleo"],
    )  # seat 0 (Bea) leads
    host = table.host
    view = host.call("link_view")["view"]
    assert view["to_move"] == 0
    used(host, {"seat": 0, "key": view["key"], "used_ms": 7_000})
    bea_seat = table.guest_of(0).name
    cleo = next(d.name for d in table.guests() if d.name != bea_seat)
    table.cut(cleo, "host")  # Cleo's channel drops: Bea is told the pause and the time used
    table.deliver()
    assert clocks_to(table, bea_seat)[-1]["used_ms"] == 7_000
    assert table.call(bea_seat, "link_view")["view"]["time_used"] == 7_000
    used(host, {"seat": 0, "key": view["key"], "used_ms": 7_400})  # the host's clock stopped
    table.connect("host", "c-again", cleo, "host-again")
    table.call(cleo, "guest_hello", "host-again")
    table.deliver()
    for name in (bea_seat, cleo):  # the pause ends: both are told where the clock stands
        assert clocks_to(table, name)[-1]["used_ms"] == 7_400
        assert table.call(name, "link_view")["view"]["time_used"] == 7_400


def test_a_host_that_reloads_takes_the_time_used_back_and_tells_its_guest() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0, "deadline": 60}, ["bea"])  # Bea leads
    key = table.host.call("link_view")["view"]["key"]
    kept = used(table.host, {"seat": 1, "key": key, "used_ms": 33_000})["clock"]
    saved = table.host.last["save"]
    table.cut("host", "p0")
    table.devices["host"] = table.host = Device("host")
    restored = table.call("host", "link_restore", json.dumps(saved))
    assert restored["link"]["paused"] and "time_used" not in restored["view"]
    assert used(table.host, kept)["clock"] == kept  # what the page saved, handed back
    table.connect("host", "q0", "bea", "host-q0")
    table.call("bea", "guest_hello", "host-q0")
    table.deliver()
    assert clocks_to(table, "bea")[-1]["used_ms"] == 33_000
    assert table.call("bea", "link_view")["view"]["time_used"] == 33_000


def test_the_guest_refuses_a_clock_that_does_not_fit_and_nothing_changes() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0, "deadline": 60}, ["bea"])
    match = view_match(table)
    before = table.call("bea", "link_view")["view"]
    clock = {"match": match, "seq": 0, "seat": 1, "used_ms": 5_000}
    for change, problem in [
        ({"seq": 3}, "link.clock_position"),
        ({"seat": 0}, "link.bad_field"),
        ({"seat": 7}, "link.bad_field"),
        ({"used_ms": 60_001}, "link.bad_field"),
        ({"used_ms": -5}, "link.bad_field"),
        ({"used_ms": 1.5}, "link.bad_field"),
        ({"used_ms": "5000"}, "link.bad_field"),
        ({"used_ms": 86_400_001}, "link.bad_field"),
        ({"match": "other"}, "link.other_match"),
    ]:
        text = message("clock", **{**clock, **change})
        assert refused(table, "bea", "host", text)["code"] == problem, change
    text = json.dumps({"v": 1, "kind": "clock", "match": match, "seq": 0, "seat": 1})
    assert refused(table, "bea", "host", text)["code"] == "link.missing_field"
    assert table.call("bea", "link_view")["view"] == before  # the table and its clock as they were
    # a host may not be sent one
    text = message("clock", **clock)
    assert refused(table, "host", "p0", text)["code"] == "link.unexpected"
    # the one that fits is taken
    table.call("bea", "link_receive", "host", message("clock", **clock))
    assert table.call("bea", "link_view")["view"]["time_used"] == 5_000


def test_a_clock_for_a_match_with_no_deadline_is_refused() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0}, ["bea"])
    text = message("clock", match=view_match(table), seq=0, seat=1, used_ms=1000)
    assert refused(table, "bea", "host", text)["code"] == "link.bad_field"
