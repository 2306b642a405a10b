"""The sweep warning on a friend's device (``guest_sweep_risk``), through the real
worker functions of two devices (tests/link_devices.py).

A guest's worker holds no match, only its seat's view as the host sent it, so
the chance it gives must be the one the host's real match gives for that seat's
view: the same odds a person at that seat can work out, from no card more.
Asking changes nothing and sends nothing; a move that is not this seat's to make
is refused with a sentence.
"""

from __future__ import annotations

import json
import random
from typing import Any

from scopa_core.cards import CARD_NAMES
from scopa_core.coach import sweep_chance
from scopa_core.moves import Move
from tests.link_devices import Table, replayable  # noqa: F401  (autouse: the same matches)

P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}


def put_downs(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves of a table view that take nothing."""
    return [
        {"card": card, "take": []}
        for card, entry in sorted(view["moves"].items())
        if any(not option["take"] and not option["keep"] for option in entry["moves"])
    ]


def guest_to_move_with_a_risk(table: Table, rng: random.Random) -> dict[str, Any]:
    """Play on until the guest is to move with a put-down the warning would name."""
    for _ in range(400):
        table.deliver()
        view = table.call("host", "link_view")["view"]
        if view["phase"] == "play" and view["to_move_kind"] == "remote":
            guest = table.guest_of(view["to_move"])
            for move in put_downs(guest.last["view"]):
                if table.call(guest.name, "guest_sweep_risk", json.dumps(move))["percent"]:
                    return move
        if not table.act(rng):
            break
    raise AssertionError("the guest never had a put-down with a sweep risk")


def test_a_guests_sweep_risk_is_its_own_seats_odds() -> None:
    table = Table({"seats": [P, R], "sweep_warning": True}, ["bea"])
    guest = table.devices["bea"]
    risky = guest_to_move_with_a_risk(table, random.Random(5))
    real = table.hosting().session.match.view(1)  # the seat's view in the real match
    before = guest.call("link_view")
    sent = len(table.log)
    for move in [risky, *put_downs(before["view"])]:
        reply = guest.call("guest_sweep_risk", json.dumps(move))
        expected = sweep_chance(real, Move.from_json(move))
        assert reply["chance"] == round(expected, 4), (move, reply)
        assert reply["percent"] == int(expected * 100 + 0.5)
    assert reply.get("send") is None and len(table.log) == sent  # nothing goes to the host
    after = guest.call("link_view")
    assert after["view"] == before["view"] and after["link"] == before["link"]
    assert guest.worker._api.device.role.pending is None  # and the move may still be made
    table.call("bea", "guest_move", json.dumps(risky))
    table.deliver()
    assert Move.from_json(risky) in table.hosting().session.match.hand.history


def test_a_guests_sweep_risk_refuses_what_it_may_not_ask() -> None:
    table = Table({"seats": [P, R], "sweep_warning": True, "first_dealer": 1}, ["bea"])
    guest = table.devices["bea"]
    before = guest.call("link_view")
    assert before["view"]["to_move"] == 0  # the host's person leads: not the guest's turn
    card = sorted(before["view"]["hand"])[0]
    not_yours = guest.call("guest_sweep_risk", json.dumps({"card": card}), ok=False)
    assert not_yours["problem"]["code"] == "session.turn_of", not_yours
    table.call("host", "play", json.dumps(first_move(table)))
    table.call("host", "host_pending")
    table.deliver()
    mine = guest.call("link_view")["view"]
    assert mine["to_move"] == 1
    refused = {
        "card.bad_letters": {"card": "ZZ", "take": []},
        "hand.not_in_hand": {"card": not_held(mine), "take": []},
        "capture.missing_one": {"card": mine["hand"][0], "take": [not_held(mine)]},
    }
    for code, move in refused.items():
        reply = guest.call("guest_sweep_risk", json.dumps(move), ok=False)
        assert reply["problem"]["code"] == code, reply
        assert reply["error"]  # a sentence, in English here (the page says it in its language)
    assert guest.call("link_view")["view"] == mine
    stranger = Table({"seats": [P, R]}, []).host  # a device that hosts: no guest's seat here
    assert stranger.call("guest_sweep_risk", "{}", ok=False)["problem"]["code"] == "link.no_link"


def first_move(table: Table) -> dict[str, Any]:
    view = table.call("host", "link_view")["view"]
    card = sorted(view["moves"])[0]
    return {"card": card, "take": view["moves"][card]["moves"][0]["take"]}


def not_held(view: dict[str, Any]) -> str:
    """A card that is neither in this seat's hand nor on the table."""
    shown = set(view["hand"]) | set(view["table"])
    return next(name for name in CARD_NAMES if name not in shown)
