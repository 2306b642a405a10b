"""A friend who does not come back (issue 32): the host gives the away seat to the
computer, the match goes on, and the friend takes its seat back by pairing again.

Through the real worker functions of each device (tests/link_devices.py): the
computer playing for the seat is fed that seat's view only; a hand dealt while
the seat is the computer's has the host's value in its place and never waits;
the friend back is told how many of its moves the computer made, its table and
save agree with them, and every record says which moves the computer made
(``meta.stand_in``); a friend back in the same instant as the stand-in ends with
one player in the seat, no move lost or played twice; and every new field is
checked at the edge, refused with nothing changed.
"""

from __future__ import annotations

import json
import random
from typing import Any

from scopa_core.record import check_record
from scopa_core.table.session import Session
from scopa_core.view import SeatView
from tests.link_devices import (
    Device,
    Table,
    allowed_cards,
    cards_in,
    hidden_cards_sent,
    replayable,  # noqa: F401  (autouse: the same matches every run)
)
from tests.test_link_matches import assert_the_same_everywhere, same_table
from tests.test_link_protocol import message, refused

P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}
C = {"kind": "computer", "level": "easy"}


def four() -> Table:
    return Table({"preset": "scopa-4", "seats": [P, R, C, R], "target": 16}, ["bea", "cleo"])


def away(table: Table, guest: str) -> Device:
    """The guest's channel drops and its device is gone (until it comes back)."""
    table.cut(guest, "host")
    table.deliver()
    return table.devices.pop(guest)


def back(table: Table, device: Device, channel: str) -> dict[str, Any]:
    """The guest's device pairs again on a new channel and says hello."""
    table.devices[device.name] = device
    table.connect("host", channel, device.name, "host-" + channel)
    reply = table.call(device.name, "guest_hello", "host-" + channel)
    told: dict[str, Any] | None = None
    while table.queue:  # every reply of the guest's, to see what it is told
        item = table.queue.popleft()
        target, on = item.target.split(":")
        got = table.call(target, "link_receive", on, item.text)
        if target == device.name and "stood_in" in got:
            told = got["stood_in"]
    return {"hello": reply, "told": told}


def stand_in(table: Table, seat: int, level: str = "easy", ok: bool = True) -> dict[str, Any]:
    reply = table.call("host", "link_stand_in", json.dumps({"seat": seat, "level": level}), ok=ok)
    table.call("host", "host_pending")
    table.deliver()
    return reply


def play(table: Table, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if not table.act(rng):
            return
    table.deliver()


def test_an_away_seat_played_by_the_computer_then_taken_back() -> None:
    rng = random.Random(32)
    table = four()
    play(table, rng, 5)
    bea = away(table, "bea")
    assert table.host.last["link"]["paused"] and table.devices["cleo"].last["link"]["paused"]
    reply = stand_in(table, 1, "hard")
    assert not reply["link"]["paused"] and reply["link"]["computer"] == {"1": "hard"}
    assert reply["link"]["away"] == []
    cleo = table.devices["cleo"].last["link"]
    assert not cleo["paused"] and cleo["computer"] == [1]
    hands = len(table.host.session.match.records)
    play(table, rng, 60)  # into the next hand: its deck did not wait for Bea
    session = table.host.session
    assert len(session.match.records) > hands
    stood = session.stood_moves
    assert stood and {item["seat"] for item in stood} == {1}
    assert all(item["level"] == "hard" for item in stood)
    for item in stood:  # the record names each, at the seat to move then
        rec = session.match.records[item["hand"]]
        assert (rec.dealer + 1 + item["move"]) % 4 == 1
    record = json.loads(table.call("host", "link_export")["text"])
    assert check_record(record)["ok"]
    assert record["meta"]["stand_in"]["moves"] == stood
    assert record["meta"]["stand_in"]["shares"]  # the host stood in for Bea's value

    came = back(table, bea, "p0-again")
    assert came["told"] == {"moves": len(stood)}  # said once, with how many
    link = table.host.last["link"]
    assert "computer" not in link and not link["paused"]
    same_table(table, "bea")
    saved = table.devices["bea"].last["save"]  # its save agrees with the computer's moves
    playing = len(session.match.records) - 1
    assert saved["stand_in"]["moves"] == [item for item in stood if item["hand"] < playing]
    reloaded = Device("bea-reloaded").call("link_restore", json.dumps(saved))
    assert reloaded["view"] == table.devices["bea"].last["view"]
    before = len(session.stood_moves)
    table.play(rng)
    assert len(session.stood_moves) == before  # back: the computer never moves for it again
    assert hidden_cards_sent(table) == []
    host = assert_the_same_everywhere(table)  # Bea's record says the same, every hand checked
    assert host["meta"]["stand_in"]["moves"] == session.stood_moves


def test_the_computer_standing_in_is_fed_that_seats_view_only() -> None:
    rng = random.Random(33)
    table = four()
    play(table, rng, 3)
    away(table, "bea")
    stand_in(table, 1)
    session: Session = table.host.session
    real = session.player(1)
    fed: list[tuple[SeatView, set[str]]] = []

    class Watched:
        def choose(self, view: object) -> Any:
            assert type(view) is SeatView
            fed.append((view, allowed_cards(session, 1, {"kind": "state"})))
            return real.choose(view)

    session.set_player(1, Watched())
    play(table, rng, 40)
    assert fed
    for view, allowed in fed:  # the seat's own cards and what was played, nothing else
        assert view.seat == 1
        assert cards_in(json.dumps(view.to_request())) <= allowed


def test_a_friend_back_as_the_seat_is_given_ends_with_one_player_in_it() -> None:
    """Both orders of the same instant: the stand-in first (the friend's hello then
    takes the seat back before the computer's next move), or the hello first (the
    stand-in is refused: the friend is there). One player, no move lost or twice."""
    rng = random.Random(34)
    table = Table({"seats": [P, R], "first_dealer": 1, "target": 11}, ["bea"])
    play(table, rng, 1)  # Ann led: Bea to move
    assert table.host.session.to_move == 1
    bea = away(table, "bea")
    stand_in(table, 1)
    came = back(table, bea, "p1")  # the same instant: no step came in between
    assert came["told"] is None
    seq = table.host.session.seq
    step = table.call("host", "step", ok=False)
    assert step["problem"]["code"] == "session.remote_turn"  # the seat is Bea's again
    assert table.host.session.stood_moves == [] and table.host.session.seq == seq
    # now the other order: Bea's hello is in before the host's tap
    before = table.host.last["save"]
    late = table.call("host", "link_stand_in", json.dumps({"seat": 1, "level": "easy"}), ok=False)
    assert late["problem"]["code"] == "link.not_away"
    assert table.call("host", "link_view")["save"] == before
    play(table, rng, 2)
    assert table.host.session.seq == seq + 2
    table.play(rng)
    assert table.host.session.stood_moves == []
    assert_the_same_everywhere(table)


def test_a_move_sent_as_the_channel_dropped_is_not_played_twice() -> None:
    """Bea's move leaves as her channel drops; the computer, given her seat, plays that
    position; her move arriving late is refused, her page takes it back on its return
    and the hand checks."""
    rng = random.Random(35)
    table = Table({"seats": [P, R], "first_dealer": 0, "target": 11}, ["bea"])  # Bea leads
    mine = table.devices["bea"].last["view"]
    card = sorted(mine["moves"])[0]
    move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
    sent = table.call("bea", "guest_move", json.dumps(move))
    assert sent["link"]["waiting"]
    late = table.queue.popleft()  # on its way when the channel drops
    bea = away(table, "bea")
    stand_in(table, 1)
    table.call("host", "step")
    table.call("host", "host_pending")
    assert table.host.session.seq == 1 and len(table.host.session.stood_moves) == 1
    reply = table.call("host", "link_receive", "p0", late.text)  # the old channel's last text
    assert "refused" in reply and table.host.session.seq == 1
    came = back(table, bea, "p0b")
    assert came["told"] == {"moves": 1}
    assert not table.devices["bea"].last["link"]["waiting"]
    same_table(table, "bea")
    table.play(rng)
    assert table.host.session.seq > 1
    assert_the_same_everywhere(table)


def test_a_host_that_reloads_keeps_the_computer_in_the_seat() -> None:
    rng = random.Random(36)
    table = four()
    play(table, rng, 4)
    bea = away(table, "bea")
    stand_in(table, 1, "normal")
    play(table, rng, 12)
    saved = table.host.last["save"]
    stood = list(table.host.session.stood_moves)
    table.cut("host", "p1")
    table.devices["host"] = table.host = Device("host")
    restored = table.call("host", "link_restore", json.dumps(saved))
    assert restored["link"]["computer"] == {"1": "normal"}
    assert table.host.session.stood_moves == stood
    table.connect("host", "q1", "cleo", "host-q1")
    table.call("cleo", "guest_hello", "host-q1")
    table.deliver()
    play(table, rng, 30)
    back(table, bea, "q0")
    table.play(rng)
    assert hidden_cards_sent(table) == []
    assert_the_same_everywhere(table)


def test_what_the_host_asks_is_checked_and_a_refusal_changes_nothing() -> None:
    table = four()
    before = table.host.last["save"]
    for spec, code in [
        ({"seat": 0, "level": "easy"}, "link.not_remote_seat"),
        ({"seat": 2, "level": "easy"}, "link.not_remote_seat"),
        ({"seat": True, "level": "easy"}, "link.not_remote_seat"),
        ({"seat": 1, "level": "godlike"}, "session.bad_level"),
        ({"seat": 1, "level": "easy"}, "link.not_away"),  # Bea is here
        ("nonsense", "link.not_remote_seat"),
    ]:
        reply = table.call("host", "link_stand_in", json.dumps(spec), ok=False)
        assert reply["problem"]["code"] == code, spec
        assert reply["error"]
    assert table.call("host", "link_view")["save"] == before


def test_the_new_fields_are_checked_at_the_edge() -> None:
    table = four()
    play(table, random.Random(37), 2)
    state = next(json.loads(m.text) for m in reversed(table.log) if m.target == "bea:host")
    match = state["match"]
    bad_stand_ins: list[object] = [
        [],
        {"moves": [{"move": 0, "seat": 1}]},
        {"moves": [{"move": 0, "seat": 1, "level": "godlike"}]},
        {"moves": [{"move": 99, "seat": 1, "level": "easy"}]},
        {"moves": "all"},
        {"shares": [{"seat": 9}]},
        {"others": []},
    ]
    last_state = next(
        json.loads(m.text)
        for m in reversed(table.log)
        if m.target == "bea:host" and '"kind":"state"' in m.text
    )
    for stand in bad_stand_ins:
        text = json.dumps({**last_state, "stand_in": stand})
        assert refused(table, "bea", "host", text)["code"] == "link.bad_field", stand
    # well formed, but not what the hand could be: a move that was not the seat's, or
    # not made yet, or a seat that is no friend's
    first = (last_state["view"]["dealer"] + 1) % 4  # who made move 0 (the deal's draw)
    wrong = next(seat for seat in (3, 1) if seat != first)  # a friend's seat, not that one
    for stand in [
        {"moves": [{"move": 0, "seat": wrong, "level": "easy"}]},
        {"moves": [{"move": 30, "seat": 1, "level": "easy"}]},
        {"shares": [{"seat": 0}]},
    ]:
        text = json.dumps({**last_state, "stand_in": stand})
        assert refused(table, "bea", "host", text)["code"] == "link.bad_field", stand
    names = ["Ann", "bea", "", "cleo"]
    presence = message("presence", match=match, away=[], names=names, computer=[7])
    assert refused(table, "bea", "host", presence)["code"] == "link.bad_field"
    commit = message("commit", match=match, hand=0, dealer=0, commitment="a" * 64, share="xyz")
    assert refused(table, "bea", "host", commit)["code"] == "link.bad_field"
    table.play(random.Random(38))
    assert_the_same_everywhere(table)


def test_a_record_with_stand_ins_is_still_a_spec_record_everywhere() -> None:
    rng = random.Random(39)
    table = Table({"seats": [P, R], "first_dealer": 1, "target": 11}, ["bea"])
    play(table, rng, 3)
    away(table, "bea")
    stand_in(table, 1)
    table.play(rng)
    record = json.loads(table.call("host", "link_export")["text"])
    assert record["meta"]["stand_in"]["moves"]
    assert check_record(record)["ok"]
    opened = Session.restore(record)  # opened anywhere else: played on there, as ever
    assert opened.over and opened.stood_moves == []
