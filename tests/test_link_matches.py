"""Whole matches between a host and one, two and three guests, through the real worker
functions of each device (tests/link_devices.py).

Every message is logged with what its seat could know when it was sent, and no
guest is ever sent a card it may not see; at the end every device's record is
the same (but for each device's own meta keys) and passes the replay checker,
and every hand checked on every guest.  Reloads and reconnects, the clock,
resignation, rematches (roles kept and swapped) and a tampered reveal are here
too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scopa_core.cards import CARD_NAMES, bits
from scopa_core.link import host_outbox
from scopa_core.record import check_record
from tests.link_devices import (
    Device,
    Table,
    cards_in,
    hidden_cards_sent,
    replayable,  # noqa: F401  (autouse: the same matches every run)
    shared,
)

P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}
C = {"kind": "computer", "level": "easy"}


def records(table: Table) -> dict[str, dict[str, Any]]:
    return {name: json.loads(table.call(name, "link_export")["text"]) for name in table.devices}


def assert_the_same_everywhere(table: Table) -> dict[str, Any]:
    """Every device's record: valid, the same match, every hand checked."""
    found = records(table)
    host = found[table.hosting().name]
    for name, record in found.items():
        assert check_record(record)["ok"], (name, check_record(record))
        assert shared(record) == shared(host), name
        checks = record["meta"]["link"].get("checks")
        if checks is not None:  # a guest
            assert [c["hand"] for c in checks] == list(range(len(record["hands"])))
            assert all(c["ok"] for c in checks), checks
    return host


TABLES = [
    ("scopa", [P, R], ["bea"], []),
    ("scopa", [R, P], ["bea"], ["asso-piglia-tutto"]),
    ("scopa-4", [P, R, C, R], ["bea", "cleo"], ["re-bello"]),
    ("scopone", [P, R, R, R], ["bea", "cleo", "dan"], ["napola"]),
    ("scientifico", [R, C, R, P], ["bea", "cleo"], []),
    ("trentino", [C, R, P, R], ["bea", "cleo"], []),
    ("scopa-6", [P, R, P, C, R, C], ["bea", "cleo"], []),
]


@pytest.mark.parametrize(("preset", "seats", "guests", "variants"), TABLES)
def test_a_whole_match_sends_no_guest_a_card_it_may_not_see(
    preset: str, seats: list[dict[str, Any]], guests: list[str], variants: list[str]
) -> None:
    table = Table({"preset": preset, "seats": seats, "variants": variants, "target": 6}, guests)
    table.play(random.Random(preset))
    assert hidden_cards_sent(table) == []
    kinds = {json.loads(m.text)["kind"] for m in table.log if m.allowed is not None}
    assert {"welcome", "commit", "state", "reveal", "presence"} <= kinds
    assert sum(bool(m.allowed) and bool(cards_in(m.text)) for m in table.log) > 10
    host = assert_the_same_everywhere(table)
    assert len(host["meta"]["fair_deal"]["hands"]) == len(host["hands"])
    for guest in table.guests():
        view = guest.last["view"]
        assert view["phase"] == "match-over" and view["totals"] == host_totals(table)


def host_totals(table: Table) -> list[int]:
    return list(table.hosting().session.match.totals)


def test_the_leak_check_finds_a_card_a_guest_may_not_see() -> None:
    """The check above can fail: a host that sends the other seat's view is caught."""
    table = Table({"seats": [P, R], "first_dealer": 1}, ["bea"])
    sent = host_outbox.position

    def other_seat(host: Any, seat: int) -> str:
        return sent(host, 1 - seat)

    host_outbox.position = other_seat
    try:
        table.call("host", "play", json.dumps(first_move(table)))
        table.call("host", "host_pending")
    finally:
        host_outbox.position = sent
    leaks = hidden_cards_sent(table)
    assert leaks and all(json.loads(m.text)["kind"] == "state" for m, _ in leaks)
    table.deliver()  # and the guest refuses that view: it is not its seat's
    assert table.devices["bea"].last["link"]["failed"] == [0]


def first_move(table: Table) -> dict[str, Any]:
    view = table.call("host", "link_view")["view"]
    card = sorted(view["moves"])[0]
    return {"card": card, "take": view["moves"][card]["moves"][0]["take"]}


def test_a_declaration_ends_the_hand_and_every_device_checks_it() -> None:
    table = Table({"seats": [P, R], "variants": ["chiamarsi-fuori"], "target": 1}, ["bea"])
    rng = random.Random(9)
    while table.act(rng):
        view = table.call("host", "link_view")["view"]
        if view["phase"] == "play" and view["can_declare"] and view["to_move_kind"] == "person":
            table.call("host", "play", json.dumps({"declare": True}))
            table.call("host", "host_pending")
    table.deliver()
    host = assert_the_same_everywhere(table)
    assert any(m.get("declare") for h in host["hands"] for m in h["moves"])


# --- tables identical on every device, through reloads and reconnects ----------------------


def same_table(table: Table, guest: str) -> None:
    """What the guest draws is the host's real position, seen from the guest's seat."""
    device = table.devices[guest]
    mine = device.last["view"]
    seat = device.last["link"]["seat"]
    session = table.hosting().session
    real = session.table_view()
    hand = session.match.hand
    assert sorted(mine["hand"]) == sorted(CARD_NAMES[i] for i in bits(hand.hands[seat]))
    for key in ("key", "table", "piles", "hand_counts", "to_move", "deck_left", "totals", "last"):
        assert mine[key] == real[key], key


def play_moves(table: Table, rng: random.Random, count: int) -> None:
    for _ in range(count):
        table.act(rng)
    table.deliver()


def test_a_guest_that_reloads_mid_hand_finds_its_seat_and_goes_on() -> None:
    rng = random.Random(21)
    table = Table({"preset": "scopa-4", "seats": [P, R, C, R], "target": 6}, ["bea", "cleo"])
    play_moves(table, rng, 6)
    assert table.hosting().session.phase == "play"
    same_table(table, "bea")
    saved = table.devices["bea"].last["save"]
    assert "secret" not in json.dumps(saved)  # a guest never holds the host's value
    table.cut("bea", "host")
    table.deliver()
    assert table.host.last["link"]["paused"] and table.devices["cleo"].last["link"]["paused"]
    refusal = table.call("host", "link_view")
    assert refusal["link"]["away"] == [1]
    # the page reloads: a new worker, the match from what the page saved
    table.devices["bea"] = Device("bea")
    restored = table.call("bea", "link_restore", json.dumps(saved))
    assert restored["view"]["key"] == table.hosting().session.table_view()["key"]
    assert restored["link"]["connected"] is False
    table.connect("host", "p0-again", "bea", "host-again")
    table.call("bea", "guest_hello", "host-again")
    table.deliver()
    assert not table.host.last["link"]["paused"]
    same_table(table, "bea")
    same_table(table, "cleo")
    table.play(rng)
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_a_host_that_reloads_mid_hand_goes_on_with_every_guest() -> None:
    rng = random.Random(22)
    table = Table({"preset": "scopa-4", "seats": [P, R, C, R], "target": 6}, ["bea", "cleo"])
    play_moves(table, rng, 9)
    saved = table.host.last["save"]
    key = table.host.session.table_view()["key"]
    table.cut("host", "p0")
    table.cut("host", "p1")
    table.devices["host"] = table.host = Device("host")
    restored = table.call("host", "link_restore", json.dumps(saved))
    assert restored["view"]["key"] == key and restored["link"]["paused"]
    assert table.call("host", "play", json.dumps({"card": "AD", "take": []}), ok=False)["problem"][
        "code"
    ] in ("session.paused", "session.remote_turn", "session.computer_turn")
    for guest, channel in (("bea", "q0"), ("cleo", "q1")):
        table.connect("host", channel, guest, "host-" + channel)
        table.call(guest, "guest_hello", "host-" + channel)
    table.deliver()
    assert not table.host.last["link"]["paused"]
    same_table(table, "bea")
    same_table(table, "cleo")
    table.play(rng)
    assert_the_same_everywhere(table)


def test_a_move_on_its_way_is_neither_lost_nor_played_twice_across_a_drop() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0}, ["bea"])  # Bea leads
    mine = table.devices["bea"].last["view"]
    card = sorted(mine["moves"])[0]
    move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
    sent = table.call("bea", "guest_move", json.dumps(move))
    assert sent["link"]["waiting"] and card not in sent["view"]["hand"]  # drawn at once
    again = table.call("bea", "guest_move", json.dumps(move), ok=False)
    assert again["problem"]["code"] == "link.move_on_its_way"
    table.deliver()  # it arrives; the confirmation is lost with the channel
    assert table.host.session.seq == 1
    table.queue.clear()
    table.cut("bea", "host")
    table.connect("host", "p0b", "bea", "hostb")
    table.call("bea", "guest_hello", "hostb")
    table.deliver()
    move_message = next(m.text for m in table.log if '"kind":"move"' in m.text)
    repeat = table.call("host", "link_receive", "p0b", move_message)  # sent twice
    assert "refused" not in repeat
    assert table.host.session.seq == 1
    assert not table.devices["bea"].last["link"]["waiting"]
    same_table(table, "bea")


# --- the clock and resignation ----------------------------------------------------------


def test_a_missed_deadline_ends_the_match_against_that_side_on_every_device() -> None:
    table = Table({"seats": [P, R], "deadline": 30, "first_dealer": 0}, ["bea"])  # Bea to move
    view = table.call("host", "link_view")["view"]
    assert view["settings"]["deadline"] == 30 and view["to_move"] == 1
    for seat, code in ((0, "session.not_to_move"), ("1", "session.not_to_move")):
        reply = table.call("host", "timeout", json.dumps(seat), ok=False)
        assert reply["problem"]["code"] == code
    # Bea's move is on its way when her time runs out on the host
    mine = table.devices["bea"].last["view"]
    card = sorted(mine["moves"])[0]
    table.call(
        "bea",
        "guest_move",
        json.dumps({"card": card, "take": mine["moves"][card]["moves"][0]["take"]}),
    )
    table.call("host", "timeout", "1")
    table.call("host", "host_pending")
    table.deliver()
    for name in ("host", "bea"):
        result = table.devices[name].last["view"]["result"]
        assert result["end"] == {"reason": "timeout", "seat": 1, "side": 1}
        assert result["winner"] == 0
    assert table.devices["bea"].last["told"]["problem"]["code"] == "match.over"
    assert not table.devices["bea"].last["link"]["waiting"]
    host = assert_the_same_everywhere(table)
    assert host["meta"]["end"]["reason"] == "timeout" and len(host["hands"]) == 1
    again = table.call("host", "timeout", "1", ok=False)
    assert again["problem"]["code"] == "session.already_over"


def test_no_deadline_and_paused_matches_refuse_a_timeout() -> None:
    table = Table({"seats": [P, R], "first_dealer": 0}, ["bea"])
    assert table.call("host", "timeout", "1", ok=False)["problem"]["code"] == "session.no_deadline"
    table = Table({"seats": [P, R, C, R], "preset": "scopa-4", "deadline": 10}, ["bea", "cleo"])
    table.cut("cleo", "host")
    seat = table.call("host", "link_view")["view"]["to_move"]
    assert table.call("host", "timeout", json.dumps(seat), ok=False)["problem"]["code"] in (
        "session.paused",
        "session.computer_no_clock",
    )


def test_a_guest_resigns_mid_hand_and_every_device_knows() -> None:
    rng = random.Random(31)
    table = Table({"preset": "scopa-4", "seats": [P, R, C, R]}, ["bea", "cleo"])
    play_moves(table, rng, 5)
    table.call("cleo", "guest_resign")
    table.deliver()
    for name in ("host", "bea", "cleo"):
        result = table.devices[name].last["view"]["result"]
        assert result["end"] == {"reason": "resigned", "seat": 3, "side": 1}
        assert result["winner"] == 0
    assert table.call("bea", "guest_resign", ok=False)["problem"]["code"] == (
        "session.already_over"
    )
    host = assert_the_same_everywhere(table)
    assert host["meta"]["resigned"] == 1 and host["hands"][-1]["moves"]  # the hand cut short


def test_the_host_resigns_and_cannot_resign_for_a_guest() -> None:
    table = Table({"seats": [P, R]}, ["bea"])
    reply = table.call("host", "resign", "1", ok=False)
    assert reply["problem"]["code"] == "session.remote_seat"
    table.call("host", "resign", "0")
    table.call("host", "host_pending")
    table.deliver()
    assert table.devices["bea"].last["view"]["result"]["end"]["reason"] == "resigned"
    assert_the_same_everywhere(table)


# --- rematch ------------------------------------------------------------------------


def test_a_rematch_keeps_the_host_or_swaps_it_and_every_record_stays_whole() -> None:
    rng = random.Random(41)
    table = Table({"seats": [P, R], "target": 3}, ["bea"])
    table.play(rng)
    first = assert_the_same_everywhere(table)
    # roles kept, asked by the host
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    assert table.devices["bea"].last["link"]["offer"] == {"from": "host", "swap": False}
    table.call("bea", "link_answer", "true")
    table.deliver()
    assert table.hosting().name == "host"
    second_id = table.host.last["link"]["match"]
    assert second_id != first["meta"]["id"]
    assert table.devices["bea"].last["link"]["match"] == second_id
    table.play(rng)
    second = assert_the_same_everywhere(table)
    assert second["hands"][0]["dealer"] == (first["hands"][0]["dealer"] + 1) % 2
    # roles swapped, asked by the guest: Bea's device hosts now, each keeps their seat
    table.call("bea", "link_rematch", json.dumps({"swap": True}))
    table.deliver()
    assert table.host.last["link"]["offer"]["swap"] is True
    answer = table.call("host", "link_answer", "true")
    assert answer["role"] == "guest" and answer["previous_record"]["meta"]["id"] == second_id
    table.deliver()
    assert table.hosting().name == "bea"
    assert table.devices["host"].last["link"]["seat"] == 0
    assert table.devices["bea"].session.seats[1]["kind"] == "person"
    table.play(rng)
    assert hidden_cards_sent(table) == []
    third = assert_the_same_everywhere(table)
    assert third["meta"]["id"] not in (first["meta"]["id"], second_id)
    assert third["meta"]["link"] == {"role": "host"}


def test_a_rematch_with_two_guests_waits_for_both_and_a_no_ends_it() -> None:
    rng = random.Random(43)
    table = Table({"preset": "scopa-4", "seats": [P, R, C, R], "target": 2}, ["bea", "cleo"])
    table.play(rng)
    asked = table.call("host", "link_rematch", json.dumps({"swap": True}), ok=False)
    assert asked["problem"]["code"] == "link.swap_two"
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("bea", "link_answer", "true")
    table.deliver()
    assert table.host.last["link"]["offer"]["accepted"] == [1]
    table.call("cleo", "link_answer", "false")
    table.deliver()
    assert table.host.last["declined"] is True and table.host.last["link"]["offer"] is None
    # asked again, both say yes: the new match starts with the same seats
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("bea", "link_answer", "true")
    table.call("cleo", "link_answer", "true")
    table.deliver()
    assert table.host.last["view"]["phase"] == "play"
    assert [d.last["link"]["seat"] for d in table.guests()] == [1, 3]
    table.play(rng)
    assert_the_same_everywhere(table)


# --- a host that cheats -------------------------------------------------------------------


def test_a_tampered_reveal_is_flagged_on_the_guest_and_kept_with_the_record() -> None:
    rng = random.Random(51)
    table = Table({"seats": [P, R], "target": 4}, ["bea"])
    tampered: list[int] = []

    def tamper(message: Any) -> None:
        data = json.loads(message.text)
        if data["kind"] == "reveal" and not tampered:
            data["secret"] = "0" * 64  # the value revealed is not the one committed to
            message.text = json.dumps(data)
            tampered.append(data["hand"])

    table.on_send.append(tamper)
    table.play(rng)
    table.deliver()
    link = table.devices["bea"].last["link"]
    assert tampered == link["failed"] == [0]
    assert link["checks"][0]["problem"]["code"] == "link.check_commitment"
    assert all(check["ok"] for check in link["checks"][1:])
    record = json.loads(table.call("bea", "link_export")["text"])
    assert check_record(record)["ok"]
    assert record["meta"]["link"]["checks"][0]["ok"] is False
    assert record["hands"] == json.loads(table.call("host", "link_export")["text"])["hands"]


def test_a_damaged_save_is_refused_and_changes_nothing() -> None:
    """A host's save cannot bring in a deck of its own; a broken guest save is refused."""
    rng = random.Random(61)
    table = Table({"seats": [P, R]}, ["bea"])
    play_moves(table, rng, 3)
    saved = json.loads(json.dumps(table.host.last["save"]))
    deck = saved["record"]["hands"][0]["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]  # a deck the players' values did not make
    other = Device("other")
    reply = json.loads(other.worker.link_restore(json.dumps(saved)))
    assert reply["ok"] is False and reply["problem"]["code"] == "link.saved_invalid"
    assert "fair deck" in reply["error"]
    saved = json.loads(json.dumps(table.host.last["save"]))
    saved["secret"] = "0" * 64  # not the value committed to
    reply = json.loads(other.worker.link_restore(json.dumps(saved)))
    assert reply["ok"] is False and reply["problem"]["code"] == "link.saved_invalid"
    guest = json.loads(json.dumps(table.devices["bea"].last["save"]))
    guest["state"]["view"]["hand"] = ["ZZ"]
    reply = json.loads(other.worker.link_restore(json.dumps(guest)))
    assert reply["ok"] is False and reply["problem"]["code"] == "link.saved_invalid"
    assert json.loads(other.worker.link_view())["problem"]["code"] == "link.no_link"


def test_reading_the_hosts_view_sends_nothing_and_loses_nothing() -> None:
    """``link_view`` is a read (tests and benchmarks poll it): the host's state message
    that a move makes due is not put in its reply, and so is not lost; the page's next
    ``host_pending`` sends it. (A read that took it left the guest a move behind
    for good: e2e's sweep-note test caught it, one run in two.)"""
    table = Table({"seats": [P, R], "first_dealer": 1}, ["bea"])
    host = table.devices["host"]
    host.call("play", json.dumps(first_move(table)))  # the page's play, not yet flushed
    for _ in range(3):
        assert table.call("host", "link_view")["send"] == []
    sent = table.call("host", "host_pending")["send"]
    assert [json.loads(item["text"])["kind"] for item in sent] == ["state"]
    table.deliver()
    guest_view = table.devices["bea"].last["view"]
    host_view = table.call("host", "link_view")["view"]
    assert guest_view["table"] == host_view["table"]
    assert guest_view["moves_in_hand"] == host_view["moves_in_hand"] == 1
