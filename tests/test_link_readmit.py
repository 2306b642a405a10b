"""A friend whose phone died, or who comes back on another device (issue 32): the host
readmits a new device into a named seat by its explicit word.

Through the real worker functions of each device (tests/link_devices.py): the new
device gets that seat with a fresh token and that seat's view only (the hidden-card
check of every message holds for it as for any guest), checks every hand as any
guest does, and plays on; the old token is refused with its sentence. Two devices
claiming one seat (the old one back while or after the new one is readmitted, two
newcomers on one readmission) end with exactly one player in the seat and no move
lost or played twice. A refused request or message changes nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.link_devices import (
    Device,
    Table,
    hidden_cards_sent,
    replayable,  # noqa: F401  (autouse: the same matches every run)
)
from tests.test_link_matches import assert_the_same_everywhere, play_moves, same_table
from tests.test_link_protocol import message
from tests.test_link_protocol import refused as refused_by


def refused(table: Table, device: str, channel: str, text: str) -> dict[str, Any]:
    """As test_link_protocol's: refused, nothing changed; the refusal is not delivered
    to a device with no match (a stand-in for a page that just paired)."""
    problem = refused_by(table, device, channel, text)
    kept = [m for m in table.queue if table.devices[m.target.split(":")[0]].role is not None]
    table.queue.clear()
    table.queue.extend(kept)
    return problem


P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}
C = {"kind": "computer", "level": "easy"}
FOUR = {"preset": "scopa-4", "seats": [P, R, C, R], "target": 6}


def holders(table: Table, seat: int) -> list[str]:
    """The devices that think they play ``seat`` and that the host agrees play it."""
    role = table.host.worker._api.device.role
    remote = role.remotes[seat]
    found = []
    for name, device in table.devices.items():
        if device.role != "guest" or device.last["link"]["seat"] != seat:
            continue
        token = device.worker._api.device.role.token
        channels = [here for here, (other, _) in table.host.channels.items() if other == name]
        if token == remote.token and remote.peer in channels:
            found.append(name)
    return found


def phone_died(table: Table, guest: str) -> dict[str, Any]:
    """The guest's channel drops and its device is gone, saved data and all."""
    token = table.devices[guest].worker._api.device.role.token
    table.cut(guest, "host")
    table.deliver()
    del table.devices[guest]
    return {"token": token}


def readmit(table: Table, seat: int, peer: str, ok: bool = True) -> dict[str, Any]:
    return table.call("host", "link_readmit", json.dumps({"seat": seat, "peer": peer}), ok=ok)


def newcomer(table: Table, name: str, host_channel: str) -> dict[str, Any]:
    """A brand-new device (no saved data) pairs on the host's channel ``host_channel``."""
    table.add(name)
    table.connect("host", host_channel, name, "host")
    reply = table.call(name, "guest_join", json.dumps({"peer": "host", "name": name}))
    table.deliver()
    return reply


def old_phone_back(table: Table, saved: dict[str, Any], host_channel: str) -> None:
    """Bea's old phone, charged again: its save restored, a hello with its token on the
    host's channel ``host_channel``."""
    table.devices["bea"] = Device("bea")
    table.call("bea", "link_restore", json.dumps(saved))
    table.connect("host", host_channel, "bea", "host")
    table.call("bea", "guest_hello", "host")
    table.deliver()


def old_hello(table: Table, seat: int, token: str) -> str:
    match = table.host.last["link"]["match"]
    return message("hello", match=match, seat=seat, token=token, hands=0)


@pytest.mark.parametrize("moves", [7, 40])  # mid-hand; later, past a whole hand
def test_a_new_device_takes_the_away_seat_by_the_hosts_word_and_plays_on(moves: int) -> None:
    rng = random.Random(moves)
    table = Table(FOUR, ["bea", "cleo"])
    play_moves(table, rng, moves)
    table.act_until(rng, lambda: table.host.session.phase == "play")  # a hand in play
    hands_before = len(table.host.session.match.records)
    seq = table.host.session.seq
    old = phone_died(table, "bea")
    assert table.host.last["link"]["away"] == [1]
    # a new device with no saved data: no seat for it until the host says so
    table.add("eve")
    table.connect("host", "x0", "eve", "host")
    assert refused(table, "host", "x0", message("hello", name="eve"))["code"] == "link.table_full"
    before = table.host.last["save"]
    reply = readmit(table, 1, "n1")
    assert reply["save"] == before and reply["send"] == []  # a word, kept in memory only
    joined = newcomer(table, "bea2", "n1")
    assert joined["ok"]
    link = table.host.last["link"]
    assert link["away"] == [] and not link["paused"]
    assert link["seats"][0] == {
        "seat": 1,
        "name": "bea2",
        "joined": True,
        "connected": True,
        "ready": False,
    }
    new_token = table.devices["bea2"].worker._api.device.role.token
    saved_tokens = {r["seat"]: r["token"] for r in table.host.last["save"]["remotes"]}
    assert saved_tokens[1] == new_token != old["token"]
    assert holders(table, 1) == ["bea2"]
    # that seat's view, the revealed hands, the position: as the host has them
    same_table(table, "bea2")
    assert table.host.session.seq == seq and len(table.host.session.match.records) == hands_before
    mine = table.devices["bea2"].last
    assert len(json.loads(table.call("bea2", "link_export")["text"])["hands"]) == hands_before - 1
    assert mine["link"]["failed"] == []
    inherited = [c["hand"] for c in mine["link"]["checks"] if c.get("inherited")]
    assert inherited == list(range(hands_before - 1))  # said with each check it made
    to_new = [json.loads(m.text) for m in table.log if m.target == "bea2:host"]
    commit = next(m for m in to_new if m["kind"] == "commit")
    hand = hands_before - 1  # the hand in play: dealt with the old device's value
    role = table.host.worker._api.device.role
    assert (commit["hand"], commit["share"]) == (hand, role.ledger.entries[hand].shares[1])
    # the old token no longer works, said in its own sentence
    table.connect("host", "x1", "eve", "host1")
    problem = refused(table, "host", "x1", old_hello(table, 1, old["token"]))
    assert problem["code"] == "link.token_replaced" and problem["params"]["seat"] == 1
    del table.devices["eve"]
    table.play(rng)
    assert hidden_cards_sent(table) == []
    host = assert_the_same_everywhere(table)  # bea2 checked every hand, inherited ones too
    assert sum(len(h["moves"]) for h in host["hands"]) > seq  # played on
    assert "bea2" in host["meta"]["seats"][1]


def test_a_readmission_at_the_end_of_a_hand_takes_the_old_devices_value_for_the_next() -> None:
    """The next hand was committed to and the old device gave its value: the new one is
    told that value (the deck is made with it) and checks the hand as its own."""
    rng = random.Random(5)
    table = Table({"seats": [P, R], "target": 11}, ["bea"])
    role = table.host.worker._api.device.role
    session = table.host.session
    table.act_until(rng, lambda: session.phase == "hand-over")
    assert len(role.ledger.entries) == 2  # the next hand is committed to at once
    given = role.ledger.entries[1].shares[1]
    assert given is not None  # and Bea's device answered with its value
    table.call("bea", "guest_next_hand")
    table.deliver()
    assert session.phase == "hand-over"  # the host's player has not asked yet
    phone_died(table, "bea")
    readmit(table, 1, "n1")
    newcomer(table, "bea2", "n1")
    assert holders(table, 1) == ["bea2"]
    to_new = [json.loads(m.text) for m in table.log if m.target == "bea2:host"]
    welcome = next(m for m in to_new if m["kind"] == "welcome")
    commits = [m for m in to_new if m["kind"] == "commit"]
    assert welcome["inherit"] == 2 and [(c["hand"], c["share"]) for c in commits] == [(1, given)]
    assert role.remotes[1].ready == 0  # its old device's word for the next hand stands
    table.play(rng)
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_the_old_device_back_while_the_readmission_is_open_is_dropped_when_the_new_one_comes() -> (
    None
):
    rng = random.Random(3)
    table = Table(FOUR, ["bea", "cleo"])
    play_moves(table, rng, 5)
    saved = table.devices["bea"].last["save"]
    table.cut("bea", "host")
    table.deliver()
    readmit(table, 1, "n1")
    # the old phone, charged again, pairs on another invitation and takes its seat back
    old_phone_back(table, saved, "p0-back")
    assert holders(table, 1) == ["bea"] and table.host.last["link"]["away"] == []
    seq = table.host.session.seq
    # the host's word stands: the new device on the channel made for it takes the seat
    table.add("bea2")
    table.connect("host", "n1", "bea2", "host")
    table.call("bea2", "guest_join", json.dumps({"peer": "host", "name": "bea2"}))
    hello = table.queue.popleft()
    reply = table.call("host", "link_receive", "n1", hello.text)
    assert reply["drop"] == ["p0-back"]
    to_old = [json.loads(i["text"]) for i in reply["send"] if i["to"] == "p0-back"]
    assert [(m["kind"], m["problem"]["code"]) for m in to_old] == [("refuse", "link.seat_given")]
    table.deliver()
    assert table.devices["bea"].last["told"]["problem"]["code"] == "link.seat_given"
    assert holders(table, 1) == ["bea2"]
    # whatever the old device still sends on its channel is refused and changes nothing
    if table.host.session.to_move == 1:
        mine = table.devices["bea"].last["view"]
        card = sorted(mine["moves"])[0]
        move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
        text = message("move", match=saved["match"], seq=seq, move=move)
        assert refused(table, "host", "p0-back", text)["code"] == "link.no_hello"
    problem = refused(table, "host", "p0-back", old_hello(table, 1, saved["token"]))
    assert problem["code"] == "link.token_replaced"
    assert table.host.session.seq == seq
    table.cut("bea", "host")
    table.deliver()
    del table.devices["bea"]
    table.play(rng)
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_a_move_the_old_device_sent_is_neither_lost_nor_played_twice() -> None:
    """Bea's move arrives, her phone dies before the reply: the new device is given the
    position after it, and the old move sent again (from anywhere) is not played twice."""
    table = Table({"seats": [P, R], "first_dealer": 0}, ["bea"])  # Bea leads
    mine = table.devices["bea"].last["view"]
    card = sorted(mine["moves"])[0]
    move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
    table.call("bea", "guest_move", json.dumps(move))
    sent = table.queue[-1].text
    table.deliver()
    assert table.host.session.seq == 1
    phone_died(table, "bea")
    readmit(table, 1, "n1")
    newcomer(table, "bea2", "n1")
    assert table.host.session.seq == 1
    same_table(table, "bea2")
    reply = table.call("host", "link_receive", "n1", sent)  # the same move, from the new device
    assert "refused" not in reply and table.host.session.seq == 1
    table.play(random.Random(8))
    assert_the_same_everywhere(table)


def test_two_newcomers_on_one_readmission_leave_one_player_in_the_seat() -> None:
    table = Table(FOUR, ["bea", "cleo"])
    play_moves(table, random.Random(4), 6)
    phone_died(table, "bea")
    readmit(table, 1, "n1")
    newcomer(table, "bea2", "n1")
    token = table.devices["bea2"].worker._api.device.role.token
    # a second new device, on another channel: no seat for it, nothing changed
    table.add("bea3")
    table.connect("host", "n2", "bea3", "host")
    assert refused(table, "host", "n2", message("hello", name="bea3"))["code"] == "link.table_full"
    # the same hello again on the readmission's channel: the same seat, the same token
    again = table.call("host", "link_receive", "n1", message("hello", name="bea2"))
    assert "refused" not in again and "drop" not in again
    assert table.host.worker._api.device.role.remotes[1].token == token
    table.deliver()
    assert holders(table, 1) == ["bea2"]
    # a readmission is used once: the seat's new device reconnects with its token only
    table.cut("bea2", "host")
    table.connect("host", "n1b", "bea2", "host")
    assert refused(table, "host", "n1b", message("hello", name="x"))["code"] == "link.table_full"
    table.call("bea2", "guest_hello", "host")
    table.deliver()
    assert holders(table, 1) == ["bea2"]
    del table.devices["bea3"]
    table.play(random.Random(6))
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_the_old_device_back_first_on_the_readmission_channel_uses_it_up() -> None:
    table = Table({"seats": [P, R]}, ["bea"])
    saved = table.devices["bea"].last["save"]
    table.cut("bea", "host")
    readmit(table, 1, "n1")
    old_phone_back(table, saved, "n1")
    assert holders(table, 1) == ["bea"]
    table.cut("bea", "host")
    table.add("bea2")
    table.connect("host", "n1", "bea2", "host")
    assert refused(table, "host", "n1", message("hello", name="b"))["code"] == "link.table_full"


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ({"seat": 0, "peer": "n1"}, "link.readmit_seat"),  # the host's own person
        ({"seat": 5, "peer": "n1"}, "link.readmit_seat"),
        ({"seat": True, "peer": "n1"}, "link.readmit_seat"),
        ({"seat": "1", "peer": "n1"}, "link.readmit_seat"),
        ({"seat": 1}, "link.bad_field"),
        ({"seat": 1, "peer": ""}, "link.bad_field"),
        ({"seat": 1, "peer": 7}, "link.bad_field"),
        ({"seat": 3, "peer": "n1"}, "link.readmit_connected"),  # cleo is connected
        ({"seat": 1, "peer": "p1"}, "link.readmit_connected"),  # cleo's channel
    ],
)
def test_a_readmission_the_host_cannot_give_is_refused_and_changes_nothing(
    spec: dict[str, Any], code: str
) -> None:
    table = Table(FOUR, ["bea", "cleo"])
    table.cut("bea", "host")
    before = table.call("host", "link_view")
    reply = table.call("host", "link_readmit", json.dumps(spec), ok=False)
    assert not reply["ok"] and reply["problem"]["code"] == code and reply["error"]
    after = table.call("host", "link_view")
    assert after["save"] == before["save"] and after["link"] == before["link"]
    table.add("eve")
    table.connect("host", "n1", "eve", "host")
    assert refused(table, "host", "n1", message("hello", name="e"))["code"] == "link.table_full"
    assert table.call("bea", "link_readmit", json.dumps(spec), ok=False)["problem"]["code"] == (
        "link.no_link"
    )


def test_a_host_reload_cancels_a_readmission_and_the_host_can_say_it_again() -> None:
    """The word names a channel, which does not outlive the page: it is not saved."""
    rng = random.Random(2)
    table = Table({"seats": [P, R]}, ["bea"])
    play_moves(table, rng, 3)
    phone_died(table, "bea")
    readmit(table, 1, "g1")
    saved = table.host.last["save"]
    table.devices["host"] = table.host = Device("host")
    table.call("host", "link_restore", json.dumps(saved))
    table.add("bea2")
    table.connect("host", "g1", "bea2", "host")
    assert refused(table, "host", "g1", message("hello", name="b"))["code"] == "link.table_full"
    readmit(table, 1, "g1")
    table.call("bea2", "guest_join", json.dumps({"peer": "host", "name": "bea2"}))
    table.deliver()
    assert holders(table, 1) == ["bea2"]
    # the host's save now holds the new token and the retired one; a reload keeps both
    saved = table.host.last["save"]
    table.devices["host"] = table.host = Device("host")
    table.call("host", "link_restore", json.dumps(saved))
    assert table.host.worker._api.device.role.remotes[1].retired is not None
    table.connect("host", "g2", "bea2", "host2")
    table.call("bea2", "guest_hello", "host2")
    table.deliver()
    assert holders(table, 1) == ["bea2"]
    table.play(rng)
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_a_guest_refuses_an_inherited_value_it_was_not_readmitted_for() -> None:
    table = Table({"seats": [P, R], "first_dealer": 1}, ["bea"])
    commit = next(json.loads(m.text) for m in table.log if '"kind":"commit"' in m.text)
    # hand 0 was this device's own to answer: another value in its place is not taken
    # (a host standing in for it while it was away does that: its reveal's check
    # then fails, tests/test_link_stand_in.py), and nothing is sent back
    commit["share"] = "e" * 64
    before = table.devices["bea"].last["save"]
    reply = table.call("bea", "link_receive", "host", json.dumps(commit))
    assert reply["save"] == before and reply["send"] == []
    commit["share"] = "nope"
    assert refused(table, "bea", "host", json.dumps(commit))["code"] == "link.bad_field"
    welcome = next(json.loads(m.text) for m in table.log if '"kind":"welcome"' in m.text)
    for bad in (-1, "2", True, None):
        problem = refused(table, "bea", "host", json.dumps({**welcome, "inherit": bad}))
        assert problem["code"] == "link.bad_field" and problem["params"]["field"] == "inherit"
