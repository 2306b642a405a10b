"""The hint on a friend's device (``guest_hint``), through the real worker functions
of two devices (tests/link_devices.py).

A guest's worker holds no match, only its seat's view as the host sent it. Its
hint must be the host's own coach (``coaching.hint_reply``, the code behind the
host's ``hint``) on that view: the same ranked options, values and reasons the
host's real match gives for that seat. It must not depend on any card the seat
cannot see: two hands that differ only in those cards give the guest the same
messages and the same hint. Asking sends nothing and changes nothing; a guest
that may not ask now is told why.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scopa_core.cards import Card
from scopa_core.link import protocol
from scopa_core.table import coaching
from scopa_core.view import SeatView
from tests.link_devices import Device, Table, replayable  # noqa: F401  (autouse: the same matches)
from tests.test_players_fairness import _twin

P, R, C = {"kind": "person", "name": "Ann"}, {"kind": "remote"}, {"kind": "computer"}
SPEC = {"budget": 1500}  # a small search: the test runs in seconds


def to_guest_turn(table: Table, rng: random.Random, seat: int, skip: int = 0) -> Device:
    """Play on (random moves) until the guest at ``seat`` is to move, ``skip`` turns later."""
    for _ in range(2000):
        table.deliver()
        view = table.call(table.hosting().name, "link_view")["view"]
        if view["phase"] == "play" and view["to_move"] == seat:
            if skip == 0:
                return table.guest_of(seat)
            skip -= 1
        if not table.act(rng):
            break
    raise AssertionError("the guest was never to move")


def hint_of(guest: Device, spec: object = SPEC, *, ok: bool = True) -> dict[str, Any]:
    reply = guest.call("guest_hint", json.dumps(spec), ok=ok)
    reply.pop("ms", None)
    return reply


def seed_of(guest: Device) -> int:
    """The seed the guest's coach uses (its match id's: public to the guest)."""
    return int(guest.worker._api.device.role.view_to_hint()[1])


@pytest.mark.parametrize(
    ("preset", "seats", "seat"),
    [("scopa", [P, R], 1), ("scopa-4", [R, C, C, C], 0), ("scopa-3", [C, R, P], 1)],
)
def test_a_guests_hint_is_the_hosts_coach_on_that_seats_view(
    preset: str, seats: list[dict[str, Any]], seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At several of the guest's turns (the first and later ones, a second hand too),
    the guest's hint is the host's coach on the seat's view in the host's real match:
    the coach is given that view and nothing else, and asking sends nothing."""
    given: list[SeatView] = []
    analyse = coaching.analyse

    def recorded(view: SeatView, **kwargs: Any) -> Any:
        given.append(view)
        return analyse(view, **kwargs)

    monkeypatch.setattr(coaching, "analyse", recorded)
    table = Table({"preset": preset, "seats": seats}, ["bea"])
    rng = random.Random(11)
    reasons: list[dict[str, Any]] = []
    # three turns (the first, later ones, a second hand); then on, until a reason has
    # come up (whether one does at a turn depends on the deal)
    for k, skip in enumerate((0, 2, 7, *[0] * 20)):
        if k >= 3 and reasons:
            break
        guest = to_guest_turn(table, rng, seat, skip)
        real = table.hosting().session.match.view(seat)
        before, sent, given[:] = guest.call("link_view"), len(table.log), []
        reply = hint_of(guest)
        assert [v.to_request() for v in given] == [real.to_request()]  # its view, no more
        host_side = coaching.hint_reply(real, SPEC, seed=seed_of(guest))
        assert reply == host_side
        assert reply["seat"] == seat and reply["best"] == reply["options"][0]["move"]
        playable = before["view"]["moves"]
        assert all(o["move"]["card"] in playable for o in reply["options"] if "card" in o["move"])
        reasons += [r for o in reply["options"] for r in o["reasons"]]
        assert len(table.log) == sent and "send" not in reply  # nothing goes to the host
        after = guest.call("link_view")
        assert after["view"] == before["view"] and after["save"] == before["save"]
        assert hint_of(guest) == reply  # the same position, the same hint
        table.act(rng)
    assert reasons and all(r["code"] and r["text"] for r in reasons)  # the why, as on the host


def test_hidden_cards_do_not_change_a_guests_hint() -> None:
    """The host's real hand and a twin with the cards the guest's seat cannot see
    reshuffled among their places (other hands, the deck) make the same state message;
    a guest given either one gives the same hint, which differs from nothing it
    could not see."""
    table = Table({"seats": [P, R]}, ["bea"])
    rng = random.Random(3)
    guest = to_guest_turn(table, rng, 1, 3)
    match = table.hosting().session.match
    hand = match.hand
    twin = _twin(match.rules, hand.deck, hand.dealer, hand, 1)
    assert twin.hands != hand.hands or twin.deck != hand.deck  # other hidden cards
    assert twin.hands[1] == hand.hands[1] and twin.table == hand.table
    state = guest.worker._api.device.role.state
    layout = [Card.parse(code).index for code in state["layout"]]
    texts = []
    for real in (hand, twin):
        view = SeatView.of_hand(real, 1, match.scores_before_hand())
        texts.append(
            protocol.state_message(state["match"], state["seq"], state["hand"], view, layout)
        )
    assert json.loads(texts[0]) == json.loads(texts[1]) == state  # the guest gets the same
    save = guest.call("link_view")["save"]
    hints = []
    for text in texts:
        twin_guest = Device("twin")
        twin_guest.call("link_restore", json.dumps({**save, "state": json.loads(text)}))
        hints.append(hint_of(twin_guest))
    assert hints[0] == hints[1] == hint_of(guest)


def test_a_guests_hint_refuses_what_it_may_not_ask() -> None:
    table = Table({"seats": [P, R], "first_dealer": 1}, ["bea"])
    guest = table.devices["bea"]
    assert guest.call("link_view")["view"]["to_move"] == 0  # the host's person leads
    assert hint_of(guest, ok=False)["problem"]["code"] == "session.turn_of"
    guest = to_guest_turn(table, random.Random(2), 1)
    refused = hint_of(guest, [1], ok=False)
    assert refused["problem"]["code"] == "coach.not_object" and refused["error"]
    mine = guest.call("link_view")["view"]
    card = sorted(mine["moves"])[0]
    move = {"card": card, "take": mine["moves"][card]["moves"][0]["take"]}
    guest.call("guest_move", json.dumps(move))
    on_its_way = hint_of(guest, ok=False)  # not delivered yet: the position is being left
    assert on_its_way["problem"]["code"] == "link.move_on_its_way", on_its_way
    stranger = table.hosting()  # a device that hosts has no guest's seat
    assert hint_of(stranger, ok=False)["problem"]["code"] == "link.no_link"
