"""A no to a rematch with several guests (scopa_core/link/rematch.py), through the real
worker functions of each device (tests/link_devices.py): whoever says no, every
other device that said yes or was still being asked is told, with the seat that
said no, by the host only (``no_rematch``); a stale or forged one is refused and
changes nothing."""

from __future__ import annotations

import json
from typing import Any

from tests.link_devices import (
    Table,
    replayable,  # noqa: F401  (autouse: the same matches every run)
)

P, R = {"kind": "person", "name": "Ann"}, {"kind": "remote"}


def ended(preset: str, seats: list[dict[str, Any]], guests: list[str]) -> Table:
    """A table with its guests paired, ended at once by the host's resignation."""
    table = Table({"preset": preset, "seats": seats}, guests)
    table.call("host", "resign", "0")
    table.call("host", "host_pending")
    table.deliver()
    for name in table.devices:
        assert table.call(name, "link_view")["view"]["phase"] == "match-over", name
    return table


def seat_of(table: Table, guest: str) -> int:
    seat: int = table.devices[guest].last["link"]["seat"]
    return seat


def kinds_to(table: Table, device: str, since: int) -> list[str]:
    return [
        json.loads(m.text)["kind"] for m in table.log[since:] if m.target.split(":")[0] == device
    ]


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "kind": kind, **fields})


def refused(table: Table, device: str, channel: str, text: str) -> str:
    """``text`` off ``channel`` is refused with a sentence and changes nothing; its code."""
    before = table.call(device, "link_view")
    reply = table.call(device, "link_receive", channel, text)
    assert reply["ok"] and reply["refused"]["error"], reply
    assert "declined" not in reply
    assert reply["save"] == before["save"] and reply["link"] == before["link"]
    assert [json.loads(item["text"])["kind"] for item in reply["send"]] == ["refuse"]
    code: str = reply["refused"]["problem"]["code"]
    return code


def test_the_host_asks_one_guest_says_yes_the_other_no_and_the_first_is_told() -> None:
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    bea, cleo = table.devices["bea"], table.devices["cleo"]
    assert (seat_of(table, "bea"), seat_of(table, "cleo")) == (1, 2)
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("bea", "link_answer", "true")
    table.deliver()
    assert bea.last["link"]["agreed"] is True and bea.last["link"]["offer"] is None
    assert table.host.last["link"]["offer"]["accepted"] == [1]
    since = len(table.log)
    table.call("cleo", "link_answer", "false")
    table.deliver()
    # the host hears it, and tells Bea (who said yes): Cleo's seat said no
    assert table.host.last["declined"] is True and table.host.last["declined_by"] == 2
    assert table.host.last["link"]["offer"] is None
    assert kinds_to(table, "bea", since) == ["no_rematch"]
    assert kinds_to(table, "cleo", since) == []  # she said it
    assert bea.last["declined"] is True and bea.last["declined_by"] == 2
    assert bea.last["link"]["agreed"] is False and bea.last["link"]["offer"] is None
    assert "declined" not in cleo.last and cleo.last["link"]["offer"] is None
    # asked again, both say yes: the next match starts for everyone
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    assert bea.last["link"]["offer"] == {"from": "host", "swap": False}
    table.call("bea", "link_answer", "true")
    table.call("cleo", "link_answer", "true")
    table.deliver()
    assert table.host.last["view"]["phase"] == "play"
    match = table.host.last["link"]["match"]
    assert bea.last["link"]["match"] == cleo.last["link"]["match"] == match


def test_a_guest_asks_the_host_asks_the_others_and_a_no_reaches_all_who_wait() -> None:
    table = ended("scopone", [P, R, R, R], ["bea", "cleo", "dan"])
    bea, dan = table.devices["bea"], table.devices["dan"]
    cleo_seat = seat_of(table, "cleo")
    table.call("bea", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    assert table.host.last["link"]["offer"]["from"] == seat_of(table, "bea")
    table.call("host", "link_answer", "true")  # the host agrees and asks the others
    table.deliver()
    assert bea.last["link"]["agreed"] is True  # the asker waits for the others
    assert dan.last["link"]["offer"] == {"from": "host", "swap": False}
    since = len(table.log)
    table.call("cleo", "link_answer", "false")
    table.deliver()
    # the asker and Dan (still being asked) are told who said no; nobody waits
    for guest in (bea, dan):
        assert kinds_to(table, guest.name, since) == ["no_rematch"]
        assert guest.last["declined"] is True and guest.last["declined_by"] == cleo_seat
        assert guest.last["link"]["offer"] is None and guest.last["link"]["agreed"] is False
    assert table.host.last["declined_by"] == cleo_seat
    # Dan's answer, on its way before he heard, is refused by the host: no offer now
    late = table.call("dan", "link_answer", "true", ok=False)
    assert late["ok"] is False and late["problem"]["code"] == "link.no_offer"


def test_the_hosts_no_to_a_guests_ask_names_the_hosts_person() -> None:
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    table.call("bea", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    since = len(table.log)
    table.call("host", "link_answer", "false")
    table.deliver()
    bea = table.devices["bea"]
    assert bea.last["declined"] is True and bea.last["declined_by"] == 0
    assert kinds_to(table, "cleo", since) == []  # never asked: nothing to stop


def test_a_stale_or_forged_no_rematch_is_refused_and_changes_nothing() -> None:
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    match = table.host.last["link"]["match"]
    no_by_cleo = message("no_rematch", match=match, seat=2)
    # nothing asked: Bea waits for nothing
    assert refused(table, "bea", "host", no_by_cleo) == "link.no_offer"
    # a guest cannot send it: only the host tells a no (and it cannot end the offer)
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    assert refused(table, "host", "p1", no_by_cleo) == "link.unexpected"
    assert table.host.last["link"]["offer"] == {"from": "host", "swap": False, "accepted": []}
    # malformed, another match, a seat that cannot have said no
    for text, code in [
        (message("no_rematch", match=match), "link.missing_field"),
        (message("no_rematch", match=match, seat="2"), "link.bad_field"),
        (message("no_rematch", match=match, seat=9), "link.bad_field"),
        (message("no_rematch", match=match, seat=4), "link.bad_field"),  # no such seat here
        (message("no_rematch", match=match, seat=1), "link.bad_field"),  # Bea's own
        (message("no_rematch", match="other", seat=2), "link.other_match"),
    ]:
        assert refused(table, "bea", "host", text) == code, text
    assert table.devices["bea"].last["link"]["offer"] == {"from": "host", "swap": False}
    # both say yes: the old match's no, arriving late, is refused by the new match
    table.call("bea", "link_answer", "true")
    table.call("cleo", "link_answer", "true")
    table.deliver()
    assert table.devices["bea"].last["link"]["match"] != match
    assert refused(table, "bea", "host", no_by_cleo) == "link.other_match"


def test_no_rematch_is_refused_while_the_match_is_on() -> None:
    table = Table({"preset": "scopa-3", "seats": [P, R, R]}, ["bea", "cleo"])
    match = table.host.last["link"]["match"]
    text = message("no_rematch", match=match, seat=2)
    assert refused(table, "bea", "host", text) == "link.no_offer"


def test_a_yes_that_crosses_the_no_is_not_refused_twice_on_the_page() -> None:
    """Dan says yes while Cleo's no is on its way: the host tells Dan who said no
    (no_rematch), then refuses his yes (no offer now). Dan's page reads the no and
    not a second sentence about an offer that is gone; a refusal of anything else
    is still said."""
    table = ended("scopone", [P, R, R, R], ["bea", "cleo", "dan"])
    dan = table.devices["dan"]
    cleo_seat = seat_of(table, "cleo")
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("cleo", "link_answer", "false")
    table.call("dan", "link_answer", "true")  # before the no reaches him: they cross
    since = len(table.log)
    heard = []
    for _ in range(20):  # deliver one message at a time, keeping Dan's replies
        if not table.queue:
            break
        target = table.queue[0].target.split(":")[0]
        deliver_one(table)
        if target == "dan":
            heard.append(dan.last)
    assert kinds_to(table, "dan", since) == ["no_rematch", "refuse"]
    no, refusal = heard
    assert no["declined"] is True and no["declined_by"] == cleo_seat
    assert "told" not in refusal and "declined" not in refusal
    assert dan.last["link"]["offer"] is None and dan.last["link"]["agreed"] is False
    # any other refusal is still said
    reply = table.call(
        "dan",
        "link_receive",
        "host",
        message("refuse", error="x", problem={"code": "link.no_offer"}),
    )
    assert reply["told"]["problem"]["code"] == "link.no_offer"


def deliver_one(table: Table) -> None:
    """The next message on the net, and only it."""
    carried = table.queue.popleft()
    device, channel = carried.target.split(":")
    table.call(device, "link_receive", channel, carried.text)


def pair_again(table: Table, guest: str, channel: str) -> list[dict[str, Any]]:
    """``guest`` pairs again with the host on a new channel: its replies to what the
    host sends it then (the welcome first), in order."""
    table.connect("host", channel, guest, "host-" + channel)
    table.call(guest, "guest_hello", "host-" + channel)
    replies = []
    while table.queue:
        to_guest = table.queue[0].target.split(":")[0] == guest
        deliver_one(table)
        if to_guest:
            replies.append(table.devices[guest].last)
    return replies


def test_a_guest_away_when_the_no_came_is_told_when_it_pairs_again() -> None:
    """Bea said yes, then her channel dropped; Cleo's no went to the open channels
    only. Pairing again, the host's welcome says no offer is open: Bea's page stops
    waiting (declined, by whom unknown here) instead of showing "waiting" for good."""
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    bea = table.devices["bea"]
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("bea", "link_answer", "true")
    table.deliver()
    table.cut("bea", "host")
    table.deliver()
    table.call("cleo", "link_answer", "false")
    table.deliver()
    assert bea.last["link"]["agreed"] is True  # she heard nothing
    since = len(table.log)
    replies = pair_again(table, "bea", "p0-again")
    welcome = json.loads(next(m.text for m in table.log[since:] if m.target.startswith("bea:")))
    assert welcome["kind"] == "welcome" and welcome["offer"] is None
    assert replies[0]["declined"] is True and replies[0]["offer_gone"] is True
    assert "declined_by" not in replies[0]  # not known on this device
    assert [r for r in replies[1:] if r.get("declined")] == []  # told once
    again = bea.last
    assert again["link"]["agreed"] is False and again["link"]["offer"] is None
    # her yes, sent before she heard, is refused by the host, and not said twice
    late = table.call("bea", "link_receive", "host-p0-again", refusal_of_answer())
    assert "told" not in late


def test_a_guest_away_when_the_host_asked_is_asked_when_it_pairs_again() -> None:
    """The host asked while Bea's channel was down: pairing again she is asked
    (offer from the host, not yet said yes), answers, and the next match starts for
    all; had she said yes before, she would still be counted as yes."""
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    bea, cleo = table.devices["bea"], table.devices["cleo"]
    table.cut("bea", "host")
    table.deliver()
    table.call("host", "link_rematch", json.dumps({"swap": False}))
    table.deliver()
    table.call("cleo", "link_answer", "true")
    table.deliver()
    assert bea.last["link"]["offer"] is None  # she was not asked
    replies = pair_again(table, "bea", "p0-again")
    assert bea.last["link"]["offer"] == {"from": "host", "swap": False}
    assert not any(r.get("declined") for r in replies)
    table.call("bea", "link_answer", "true")
    table.deliver()
    match = table.host.last["link"]["match"]
    assert table.host.last["view"]["phase"] == "play"
    assert bea.last["link"]["match"] == cleo.last["link"]["match"] == match


def test_a_welcome_with_a_malformed_offer_is_refused() -> None:
    """The host's real welcome with its offer altered: checked at the edge."""
    table = ended("scopa-3", [P, R, R], ["bea", "cleo"])
    welcome = next(
        json.loads(m.text)
        for m in table.log
        if m.target.startswith("bea:") and json.loads(m.text)["kind"] == "welcome"
    )
    fine = {**welcome, "offer": {"from": "other", "swap": False, "yes": False}}
    assert "refused" not in table.call("bea", "link_receive", "host", json.dumps(fine))
    for offer in [{"from": "x", "swap": False, "yes": False}, {"from": "host"}, 3, []]:
        text = json.dumps({**welcome, "offer": offer})
        assert refused(table, "bea", "host", text) == "link.bad_field", offer


def refusal_of_answer() -> str:
    return message(
        "refuse", about="answer", error="no offer", problem={"code": "link.no_offer", "params": {}}
    )
