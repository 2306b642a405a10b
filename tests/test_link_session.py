"""The session's side of play with other devices: the remote seat kind, the move
deadline and timeouts (for every match, also against the computer and in
hot-seat), the end's reason in the view and the record, and what a record with
remote seats becomes when it is opened anywhere else than on its host."""

from __future__ import annotations

import json
import random

import pytest

from scopa_core.record import check_record
from scopa_core.table.problems import SessionError
from scopa_core.table.session import Session
from scopa_core.table.settings import normalize_settings

P, R, C = {"kind": "person"}, {"kind": "remote"}, {"kind": "computer"}


def code_of(call: object) -> str:
    with pytest.raises(SessionError) as caught:
        call()  # type: ignore[operator]
    return caught.value.args[0].code  # type: ignore[no-any-return]


@pytest.mark.parametrize("deadline", [None, 5, 30, 86400])
def test_a_deadline_is_off_or_whole_seconds(deadline: int | None) -> None:
    assert normalize_settings({"deadline": deadline})["deadline"] == deadline


@pytest.mark.parametrize("deadline", [0, 4, 86401, 2.5, "30", True, [30]])
def test_a_bad_deadline_is_refused(deadline: object) -> None:
    assert code_of(lambda: normalize_settings({"deadline": deadline})) == "session.bad_deadline"


def test_a_remote_seat_is_a_seat_kind_and_nothing_else_is() -> None:
    seats = normalize_settings({"seats": [P, {"kind": "remote", "name": " Bea "}]})["seats"]
    assert seats[1] == {"kind": "remote", "name": "Bea"}
    bad = {"seats": [P, {"kind": "robot"}]}
    assert code_of(lambda: normalize_settings(bad)) == "session.bad_seat_kind"


def test_a_remote_match_deals_only_from_the_deck_source() -> None:
    session = Session.new({"seats": [P, R], "seed": 1})
    assert session.match.hand is None and session.reply()["view"] is None
    assert code_of(session.table_view) == "session.not_dealt"
    asked: list[int] = []

    def source(hand: int) -> list[int] | None:
        asked.append(hand)
        return list(range(40)) if len(asked) > 1 else None

    session.deck_source = source
    assert not session.try_deal()
    assert session.try_deal() and session.match.records[0].deck == list(range(40))
    assert asked == [0, 0]


def test_only_the_remote_device_moves_for_a_remote_seat() -> None:
    session = Session.new({"seats": [P, R], "first_dealer": 0})  # seat 1 leads
    session.deck_source = lambda hand: list(range(40))
    session.try_deal()
    assert code_of(lambda: session.play({"card": "AH", "take": []})) == "session.remote_turn"
    assert code_of(session.step) == "session.remote_turn"
    assert code_of(lambda: session.resign(1)) == "session.remote_seat"
    assert code_of(lambda: session.play_for(0, {"card": "AH", "take": []})) == "session.wrong_seat"
    session.paused = [1]
    assert code_of(lambda: session.play_for(1, {"card": "AD", "take": []})) == "session.paused"
    session.paused = []
    event = session.play_for(1, {"card": "AD", "take": []})
    assert event["seat"] == 1 and session.seq == 1


def test_a_timeout_ends_the_match_against_the_person_to_move_only() -> None:
    session = Session.new({"seats": [P, C], "deadline": 10, "first_dealer": 1, "seed": 4})
    assert session.to_move == 0
    assert code_of(lambda: session.timeout(1)) == "session.not_to_move"
    assert code_of(lambda: session.timeout(True)) == "session.not_to_move"
    session.play(random_move(session))
    assert session.to_move == 1
    assert code_of(lambda: session.timeout(1)) == "session.computer_no_clock"
    session.step()
    session.timeout(0)
    view = session.table_view()
    assert view["phase"] == "match-over"
    assert view["result"]["end"] == {"reason": "timeout", "seat": 0, "side": 0}
    assert view["result"]["winner"] == 1 and view["result"]["resigned"] == 0
    assert code_of(lambda: session.timeout(0)) == "session.already_over"
    record = session.to_record()
    assert record["meta"]["end"]["reason"] == "timeout" and check_record(record)["ok"]
    again = Session.restore(json.loads(json.dumps(record)))
    assert again.end == session.end and again.table_view()["result"] == view["result"]


def test_in_hot_seat_the_deadline_counts_for_each_person() -> None:
    session = Session.new({"preset": "scopa-4", "seats": [P, C, P, C], "deadline": 20})
    while session.to_move != 2:
        seat = session.to_move
        if session.is_person(seat):
            session.reveal(seat)
            session.play(random_move(session))
        else:
            session.step()
    session.timeout(2)
    assert session.end == {"reason": "timeout", "seat": 2, "side": 0}
    assert session.table_view()["result"]["winner"] == 1


def test_a_resignation_keeps_its_reason_too() -> None:
    session = Session.new({"seats": [P, C], "seed": 2})
    session.resign()
    assert session.end == {"reason": "resigned", "seat": 0, "side": 0}
    record = session.to_record()
    assert record["meta"]["resigned"] == 0 and record["meta"]["end"]["reason"] == "resigned"
    old = json.loads(json.dumps(record))
    del old["meta"]["end"]  # a record saved before the reason was kept
    assert Session.restore(old).end == {"reason": "resigned", "seat": None, "side": 0}


def test_a_remote_record_opened_elsewhere_is_played_on_here() -> None:
    """An import of a hosted match: its remote seats become people at this device;
    only the host's own restore (host.py) keeps them remote."""
    session = Session.new({"seats": [P, R], "first_dealer": 0})
    session.deck_source = lambda hand: list(range(40))
    session.try_deal()
    session.play_for(1, {"card": "AD", "take": []})
    record = json.loads(json.dumps(session.to_record()))
    here = Session.restore(record)
    assert [seat["kind"] for seat in here.seats] == ["person", "person"]
    assert here.table_view()["moves_in_hand"] == 1
    hosted = Session.restore(record, hosting=True)
    assert [seat["kind"] for seat in hosted.seats] == ["person", "remote"]


def random_move(session: Session) -> dict[str, object]:
    view = session.table_view()
    card = random.Random(0).choice(sorted(view["moves"]))
    return {"card": card, "take": view["moves"][card]["moves"][0]["take"]}
