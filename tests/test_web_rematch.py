"""What the result screen offers after a match with a friend on another device
(web/app/rematch_state.py): ask, wait for the answer, answer, or hear a no."""

from __future__ import annotations

from typing import Any

from clock import clock_for
from rematch_state import humans, rematch_state

OVER = {"phase": "match-over"}


def test_nothing_is_offered_before_the_end_without_a_link_or_a_channel() -> None:
    assert rematch_state(None, {}, OVER, True, False) is None
    assert rematch_state("host", {}, {"phase": "play"}, True, False) is None
    assert rematch_state("host", {}, None, True, False) is None
    assert rematch_state("guest", {}, OVER, False, False) is None  # the channel is lost


def test_asking_waiting_and_answering() -> None:
    assert rematch_state("host", {"offer": None}, OVER, True, False) == "ask"
    asked_by_host = {"offer": {"from": "host", "swap": False, "accepted": []}}
    assert rematch_state("host", asked_by_host, OVER, True, False) == "waiting"
    assert rematch_state(
        "guest", {"offer": {"from": "host", "swap": False}}, OVER, True, False
    ) == ("asked")
    asked_by_guest = {"offer": {"from": 1, "swap": True, "accepted": [1]}}
    assert rematch_state("host", asked_by_guest, OVER, True, False) == "asked"
    assert rematch_state(
        "guest", {"offer": {"from": "guest", "swap": True}}, OVER, True, False
    ) == ("waiting")
    # a guest that said yes waits for the host's welcome (several guests: for the others)
    assert rematch_state("guest", {"offer": None}, OVER, True, True) == "waiting"
    assert rematch_state("host", {"offer": None, "declined": True}, OVER, True, False) == "declined"


def test_a_guest_waits_once_agreed_and_stops_at_a_no_from_anyone() -> None:
    # a guest whose own ask the host took (several guests): the worker says it agreed
    assert rematch_state("guest", {"offer": None, "agreed": True}, OVER, True, False) == "waiting"
    # another guest said no: the worker clears `agreed`, the page its own yes
    told = {"offer": None, "agreed": False, "declined": True}
    assert rematch_state("guest", told, OVER, True, False) == "declined"


def test_only_two_people_can_swap_the_host() -> None:
    guest_side: dict[str, Any] = {
        "seats": [
            {"kind": "remote", "plays": "person"},
            {"kind": "person"},
            {"kind": "remote", "plays": "computer"},
            {"kind": "remote", "plays": "computer"},
        ]
    }
    assert len(humans(guest_side)) == 2
    host_side = {"seats": [{"kind": "person"}, {"kind": "remote"}, {"kind": "remote"}]}
    assert len(humans(host_side)) == 3


def test_a_guest_never_times_the_hosts_computer() -> None:
    view = {
        "settings": {"deadline": 5},
        "phase": "play",
        "to_move": 2,
        "to_move_kind": "remote",
        "pass_to": None,
        "seats": [
            {"kind": "remote", "plays": "person"},
            {"kind": "person"},
            {"kind": "remote", "plays": "computer"},
            {"kind": "remote", "plays": "remote"},
        ],
    }
    assert clock_for(view, "play") is None
    assert clock_for({**view, "to_move": 3}, "play") == (3, 5)
    assert clock_for({**view, "to_move": 0}, "play") == (0, 5)
