"""A rematch with the same people: asked for by any device, answered by the other.

With the roles kept, the host starts the next match once every guest said yes
(:meth:`~scopa_core.link.host.Host.start_rematch`). With the roles swapped (two
devices, one player each) no pairing is needed, the channel being symmetric:
the guest's device becomes the host of the next match and welcomes the other,
which becomes its guest (device.py makes the change; :func:`swapped` gives the
new host's settings).  An offer
is ``{"from": "host" or the asking seat, "swap": bool}``, and on the host the
seats that said yes, ``"accepted"``.  A no from anyone ends it: the host tells
every other guest (``no_rematch``, with the seat that said no), so that no page
keeps waiting for a match that will not start.  A guest that pairs again after
the match is told where the offer stands in the host's welcome (:func:`offer_for`,
:func:`guest_synced_offer`): what it missed while away is made good there.
"""

from __future__ import annotations

from typing import Any

from .guest_state import GuestState
from .host_state import HostState, Remote
from .problems import LinkError, LinkProblem
from .protocol import GUEST, HOST, Outcome, encode


def _refuse(code: str) -> LinkError:
    return LinkError(LinkProblem(code))


# --- the host's side -------------------------------------------------------------


def can_swap(host: HostState) -> bool:
    """The guests are paired with the host only: the role can pass between two devices."""
    return len(host.remotes) == 1 and len(host.session.persons) == 1


def host_asks(host: HostState, swap: bool) -> list[tuple[str, str]]:
    """The host asks every guest for a rematch (hosted here, or by the guest with ``swap``)."""
    if not host.session.over:
        raise _refuse("link.not_over")
    if swap and not can_swap(host):
        raise _refuse("link.swap_two")
    host.offer = {"from": HOST, "swap": swap, "accepted": []}
    text = encode("rematch", match=host.match_id, swap=swap)
    return [(r.peer, text) for _, r in sorted(host.remotes.items()) if r.peer is not None]


def host_answers(host: HostState, accept: bool) -> list[tuple[str, str]]:
    """The host answers a guest that asked."""
    offer = host.offer
    if offer is None or offer["from"] == HOST:
        raise _refuse("link.no_offer")
    asker = host.remotes[offer["from"]]
    out = []
    if asker.peer is not None:
        reply = encode("answer", match=host.match_id, accept=accept, swap=offer["swap"])
        out.append((asker.peer, reply))
    if not accept:
        host.offer = None
    elif offer["swap"]:
        host.handoff = asker.peer
    else:  # the other guests are asked too; the one who asked has said yes
        accepted = offer["accepted"]
        out += [item for item in host_asks(host, False) if item[0] != asker.peer]
        host.offer = {"from": HOST, "swap": False, "accepted": accepted}
        _start_when_all_agree(host)
    return out


def host_got_rematch(host: HostState, remote: Remote, message: dict[str, Any]) -> Outcome:
    if not host.session.over:
        raise _refuse("link.not_over")
    if message["swap"] and not can_swap(host):
        raise _refuse("link.swap_two")
    host.offer = {"from": remote.seat, "swap": message["swap"], "accepted": [remote.seat]}
    return Outcome()


def host_got_answer(host: HostState, remote: Remote, message: dict[str, Any]) -> Outcome:
    offer = host.offer
    if offer is None or offer["from"] != HOST or message["swap"] != offer["swap"]:
        raise _refuse("link.no_offer")
    if not message["accept"]:
        host.offer = None
        seat = remote.seat
        return Outcome(out=_tell_no(host, seat), declined=True, declined_by=seat)
    if offer["swap"]:
        host.handoff = remote.peer
    else:
        offer["accepted"].append(remote.seat)
        _start_when_all_agree(host)
    return Outcome()


def _tell_no(host: HostState, seat: int) -> list[tuple[str, str]]:
    """The offer is over: every other guest (it said yes, or was still being asked)
    is told, with the seat that said no, so that its page stops waiting."""
    text = encode("no_rematch", match=host.match_id, seat=seat)
    remotes = sorted(host.remotes.items())
    return [(r.peer, text) for other, r in remotes if other != seat and r.peer is not None]


def offer_for(host: HostState, seat: int) -> dict[str, Any] | None:
    """Where the host's offer stands for the guest in ``seat``, for the welcome of a
    pairing (a guest whose channel was down missed the ask, the yes of the others or
    the no): None when no offer is open; else who made it ("host", "you": that
    guest asked, "other": another guest asked and the host has not answered yet),
    ``swap``, and whether that seat has said yes."""
    offer = host.offer
    if offer is None:
        return None
    made_by = offer["from"]
    origin = "host" if made_by == HOST else "you" if made_by == seat else "other"
    return {"from": origin, "swap": offer["swap"], "yes": seat in offer["accepted"]}


def _start_when_all_agree(host: HostState) -> None:
    assert host.offer is not None
    if set(host.offer["accepted"]) >= set(host.remotes):
        host.start_rematch()


# --- the guest's side --------------------------------------------------------------


def guest_asks(guest: GuestState, swap: bool) -> str:
    if not guest.over:
        raise _refuse("link.not_over")
    guest.offer = {"from": GUEST, "swap": swap}
    guest.heard_no = False
    return encode("rematch", match=guest.match_id, swap=swap)


def guest_answers(guest: GuestState, accept: bool) -> str:
    offer = guest.offer
    if offer is None or offer["from"] == GUEST:
        raise _refuse("link.no_offer")
    if accept:
        _agreed(guest, offer["swap"])
    else:
        guest.offer = None
    return encode("answer", match=guest.match_id, accept=accept, swap=offer["swap"])


def guest_got_rematch(guest: GuestState, message: dict[str, Any]) -> Outcome:
    if not guest.over:
        raise _refuse("link.not_over")
    guest.offer = {"from": HOST, "swap": message["swap"]}
    guest.heard_no = False
    return Outcome()


def guest_got_answer(guest: GuestState, message: dict[str, Any]) -> Outcome:
    offer = guest.offer
    if offer is None or offer["from"] != GUEST or message["swap"] != offer["swap"]:
        raise _refuse("link.no_offer")
    if not message["accept"]:
        guest.offer = None
        return Outcome(declined=True, declined_by=_host_person(guest))
    _agreed(guest, offer["swap"])
    return Outcome()


def guest_got_no_rematch(guest: GuestState, message: dict[str, Any]) -> Outcome:
    """The host says the offer is over, ``seat`` (another guest) said no: taken only
    while this device said yes to it or is still asked (the message comes from the
    host only: a guest is paired with nobody else)."""
    seat = message["seat"]
    offer = guest.offer
    asked = offer is not None and offer["from"] == HOST
    if not guest.over or not (asked or guest.agreed):
        raise _refuse("link.no_offer")
    if seat >= guest.rules.players or seat == guest.seat:
        raise LinkError(LinkProblem("link.bad_field", kind="no_rematch", field="seat"))
    guest.offer, guest.expect_rematch_of = None, None
    guest.heard_no = True  # an answer of this seat's still on its way is refused: not said
    return Outcome(declined=True, declined_by=seat)


def guest_synced_offer(guest: GuestState, offer: dict[str, Any] | None) -> Outcome:
    """A welcome of this match again (pairing again after it ended): the offer as the
    host holds it replaces what this device thought. An offer this device waited on
    that is gone is told as a no (who said it is not known here)."""
    waited = guest.offer is not None or guest.agreed
    guest.offer, guest.expect_rematch_of = None, None
    if offer is None:
        guest.heard_no = waited  # an answer of this seat's on its way is refused: not said
        return Outcome(declined=True, offer_gone=True) if waited else Outcome()
    guest.heard_no = False
    if offer["from"] == "you":
        guest.offer = {"from": GUEST, "swap": offer["swap"]}
    elif offer["from"] == "host" and offer["yes"]:
        _agreed(guest, offer["swap"])
    elif offer["from"] == "host":
        guest.offer = {"from": HOST, "swap": offer["swap"]}
    return Outcome()


def _host_person(guest: GuestState) -> int | None:
    """The seat of the host's one person (who said no), if it has exactly one."""
    seats = guest.settings.get("seats", [])
    people = [n for n, seat in enumerate(seats) if seat["kind"] == "person"]
    return people[0] if len(people) == 1 else None


def _agreed(guest: GuestState, swap: bool) -> None:
    guest.offer = None
    if swap:
        guest.handoff = True  # this device hosts the next match
    else:
        guest.expect_rematch_of = guest.match_id  # the host's welcome comes next


def swapped(guest: GuestState) -> tuple[dict[str, Any], dict[int, str | None]]:
    """The next match's settings when this device that was a guest hosts it, and the
    channel of each remote seat: each person keeps their seat, the other device's
    person is now the remote one."""
    seats = []
    peers: dict[int, str | None] = {}
    for number, seat in enumerate(guest.settings["seats"]):
        kind = seat["kind"]
        if number == guest.seat:
            kind = "person"
        elif kind == "person":
            kind = "remote"
            peers[number] = guest.peer
        seats.append({**seat, "kind": kind})
    return {**guest.settings, "seats": seats}, peers
