"""This device in a match with other devices: its role, and the page's replies.

A :class:`Device` is the host of a match (host.py) or a guest in one
(guest.py), and turns each request of the page into one reply the page need
not understand beyond drawing and sending::

    {"ok": true, "role": "host"|"guest", "view": VIEW or null, "record": RECORD,
     "event": EVENT or null, "events": [EVENT...],
     "send": [{"to": PEER, "text": "..."}],  # put each text on that channel, as is
     "link": LINK, "save": SAVE,             # draw LINK's state; keep SAVE after every reply
     "refused": {"error", "problem"}?,       # this device refused what it got
     "told": {...}?,                         # the other device refused what this one sent
     "check": {...}?, "declined": true?, "declined_by": SEAT?, "offer_gone": true?,
     "drop": [PEER]?,                        # the host: close these channels (a seat's old device)
     "previous_record": RECORD?}

A request the device cannot carry out raises LinkError or SessionError (the
worker answers ``{"ok": false, "error", "problem"}``, nothing changed); a
message from another device never does: it is taken or refused in the reply.
The role can change at a rematch with the roles swapped: the page just goes
on passing every message to :meth:`Device.receive`.  docs/web-api.md has the
worker's functions and docs/remote-play.md the design.
"""

from __future__ import annotations

import json
from typing import Any

from ..table.saving import record_text
from ..table.session import Session
from ..table.settings import NAME_LIMIT
from . import readmission, rematch
from .guest import Guest
from .host import Host
from .problems import LinkError, LinkProblem
from .protocol import Outcome, refusal
from .saves import restore_guest, restore_host, save_guest, save_host

PEER_LIMIT = 64


class Device:
    """This device's part in a match with others (none until it hosts or joins one)."""

    def __init__(self) -> None:
        self.role: Host | Guest | None = None
        self._previous: dict[str, Any] | None = None

    @property
    def session(self) -> Session | None:
        """The match the worker's own functions (play, step...) act on: the hosted one."""
        return self.role.session if isinstance(self.role, Host) else None

    def _host(self) -> Host:
        if not isinstance(self.role, Host):
            raise LinkError(LinkProblem("link.no_link"))
        return self.role

    def _guest(self) -> Guest:
        if not isinstance(self.role, Guest):
            raise LinkError(LinkProblem("link.no_link"))
        return self.role

    # -- starting ---------------------------------------------------------------
    def host_open(self, settings: object) -> dict[str, Any]:
        self.role = Host.open(settings)
        return self.reply()

    def guest_join(self, options: object) -> dict[str, Any]:
        """A fresh guest: its hello goes to the channel ``peer`` (default "host")."""
        options = options if isinstance(options, dict) else {}
        name = options.get("name")
        name = name.strip()[:NAME_LIMIT] if isinstance(name, str) else ""
        guest = Guest(_peer(options.get("peer", "host")), name)
        self.role = guest
        return self.reply(Outcome(out=[(guest.peer, guest.hello())]))

    def restore(self, saved: object) -> dict[str, Any]:
        """Either role, from the ``save`` of its last reply."""
        if not isinstance(saved, dict) or saved.get("role") not in ("host", "guest"):
            raise LinkError(LinkProblem("link.saved_invalid", reason="no role"))
        self.role = restore_host(saved) if saved["role"] == "host" else restore_guest(saved)
        return self.reply()

    # -- the channel --------------------------------------------------------------------
    def receive(self, peer: object, text: object) -> dict[str, Any]:
        """A message off the channel ``peer``: taken or refused, never an error."""
        role = self.role
        if role is None:
            raise LinkError(LinkProblem("link.no_link"))
        name = _peer(peer)
        if isinstance(role, Guest):
            role.peer = name  # the channel to the host may be a new one after pairing again
        message = text if isinstance(text, str) else str(text)  # a JS string arrives as str
        try:
            outcome = (
                role.receive(name, message) if isinstance(role, Host) else role.receive(message)
            )
        except Exception as exc:  # a bug must not stop the match: refuse, say what it was
            problem = LinkProblem("link.internal", error=type(exc).__name__)
            outcome = Outcome(out=[(name, refusal(None, problem))], refused=problem)
        return self.reply(self._turn(outcome))

    def lost(self, peer: object) -> dict[str, Any]:
        """The channel ``peer`` closed (the page saw it): the match pauses."""
        role = self.role
        if isinstance(role, Host):
            role.lost(_peer(peer))
        elif isinstance(role, Guest):
            role.connected = False
        else:
            raise LinkError(LinkProblem("link.no_link"))
        return self.reply()

    def stand_in(self, spec: object) -> dict[str, Any]:
        """The host gives an away seat to the computer: {"seat", "level"}."""
        spec = spec if isinstance(spec, dict) else {}
        self._host().stand_in(spec.get("seat"), spec.get("level"))
        return self.reply()

    def readmit(self, spec: object) -> dict[str, Any]:
        """The host's word: {"seat": SEAT, "peer": CHANNEL}: a new device saying hello on
        that channel takes that seat with a fresh token (readmission.py)."""
        host = self._host()
        spec = spec if isinstance(spec, dict) else {}
        peer = spec.get("peer")
        if not isinstance(peer, str) or not peer:
            raise LinkError(LinkProblem("link.bad_field", kind="readmit", field="peer"))
        readmission.open_seat(host, spec.get("seat"), _peer(peer))
        return self.reply()

    def pending(self) -> dict[str, Any]:
        """The host, after the page's own play/step/next_hand/resign/timeout/reveal."""
        self._host()
        return self.reply()

    # -- a guest's own actions ------------------------------------------------------------
    def guest_hello(self, peer: object = None) -> dict[str, Any]:
        """After pairing again, on the channel ``peer`` (default: the last one): the hello
        that gets this seat and the position back."""
        guest = self._guest()
        if peer is not None:
            guest.peer = _peer(peer)
        guest.connected = True
        return self.reply(Outcome(out=[(guest.peer, guest.hello())]))

    def guest_move(self, move: object) -> dict[str, Any]:
        guest = self._guest()
        return self.reply(Outcome(out=[(guest.peer, guest.move(move))]))

    def guest_sweep_risk(self, move: object) -> dict[str, Any]:
        """The sweep warning on a guest's device: the chance that the next seat sweeps
        the table ``move`` leaves, from this seat's own view (no other card is here)."""
        from ..table.coaching import risk_reply  # the coach is imported when first asked for

        view, checked = self._guest().move_to_weigh(move)
        return risk_reply(view, checked)

    def guest_hint(self, spec: object) -> dict[str, Any]:
        """The hint on a guest's device: every option of this seat, ranked, with values,
        losses and reasons, by the host's own coach but from this seat's view alone
        (no other card is here); nothing is sent."""
        from ..table.coaching import hint_reply  # the coach is imported when first asked for

        view, seed = self._guest().view_to_hint()
        return hint_reply(view, spec, seed=seed)

    def guest_next_hand(self) -> dict[str, Any]:
        guest = self._guest()
        return self.reply(Outcome(out=[(guest.peer, guest.next_hand())]))

    def guest_resign(self) -> dict[str, Any]:
        guest = self._guest()
        return self.reply(Outcome(out=[(guest.peer, guest.resign())]))

    # -- rematch --------------------------------------------------------------------------
    def rematch(self, options: object) -> dict[str, Any]:
        """Ask for a rematch: {"swap": true} to pass the host's role to the other device."""
        swap = isinstance(options, dict) and options.get("swap") is True
        role = self.role
        if isinstance(role, Host):
            return self.reply(Outcome(out=rematch.host_asks(role, swap)))
        guest = self._guest()
        return self.reply(Outcome(out=[(guest.peer, rematch.guest_asks(guest, swap))]))

    def answer(self, accept: object) -> dict[str, Any]:
        """Answer the rematch the other device asked for."""
        role = self.role
        if isinstance(role, Host):
            out = rematch.host_answers(role, accept is True)
        else:
            guest = self._guest()
            out = [(guest.peer, rematch.guest_answers(guest, accept is True))]
        return self.reply(self._turn(Outcome(out=out)))

    def _turn(self, outcome: Outcome) -> Outcome:
        """A rematch starts: the next match here, hosted or joined (the roles may swap)."""
        role = self.role
        if isinstance(role, Host) and role.successor is not None:
            self._previous, self.role = role.session.to_record(), role.successor
        elif isinstance(role, Host) and role.handoff is not None:
            name = role.session.seats[role.session.persons[0]]["name"]
            self._previous, self.role = role.session.to_record(), Guest(role.handoff, name)
        elif isinstance(role, Guest) and role.handoff:
            settings, peers = rematch.swapped(role)
            successor = Host.rematch_with(settings, peers, role.match_id or "", role.base)
            self._previous, self.role = role.record(), successor
        elif outcome.previous is not None:
            self._previous = outcome.previous
        return outcome

    # -- what the page gets ---------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        role = self.role
        if role is None:
            raise LinkError(LinkProblem("link.no_link"))
        record = role.session.to_record() if isinstance(role, Host) else role.record()
        if record is None:
            raise LinkError(LinkProblem("link.not_started"))
        return {"ok": True, "text": record_text(record), "view": None}

    def reply(self, outcome: Outcome | None = None, *, flush: bool = True) -> dict[str, Any]:
        """What the page is told after a link call: the table, the record, the link and
        the texts to ``send``. With ``flush`` (every call but ``link_view``) a host's
        messages due to its guests go in ``send`` and count as sent from then on, so
        only a caller that puts them on the channels may flush: a read (``link_view``,
        which tests and benchmarks poll) that took them would lose them."""
        outcome = outcome or Outcome()
        role = self.role
        if role is None:
            raise LinkError(LinkProblem("link.no_link"))
        out = list(outcome.out)
        if isinstance(role, Host):
            if flush:
                out += role.pending()
            session = role.session
            view = session.table_view() if session.match.hand is not None else None
            record: dict[str, Any] | None = session.to_record()
            events = [outcome.event] if outcome.event else []
        else:
            table = role.table()
            view = table.table_view() if table is not None else None
            record = role.record()
            events = role.new_events(table)
        news = role.stood_news() if isinstance(role, Guest) and flush else 0  # told once, saved
        reply: dict[str, Any] = {
            "ok": True,
            "role": role.info()["role"],
            "view": view,
            "record": record,
            "event": events[-1] if events else None,
            "events": events,
            "send": [{"to": peer, "text": text} for peer, text in out],
            "link": role.info(),
            "save": save_host(role) if isinstance(role, Host) else save_guest(role),
        }
        if outcome.refused is not None:
            reply["refused"] = _said(outcome.refused)
        for key in ("told", "check"):
            if getattr(outcome, key) is not None:
                reply[key] = getattr(outcome, key)
        reply.update(_declined(outcome))
        if outcome.drop:
            reply["drop"] = list(outcome.drop)
        if self._previous is not None:
            reply["previous_record"], self._previous = self._previous, None
        if news:  # the page says it: the computer played this seat's moves while it was away
            reply["stood_in"] = {"moves": news}
        return reply


def _declined(outcome: Outcome) -> dict[str, Any]:
    """A rematch declined: said, with who said no when it is known."""
    if not outcome.declined:
        return {}
    said: dict[str, Any] = {"declined": True}
    if outcome.offer_gone:
        said["offer_gone"] = True
    if outcome.declined_by is not None:
        said["declined_by"] = outcome.declined_by
    return said


def _peer(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text[:PEER_LIMIT]


def _said(problem: object) -> dict[str, Any]:
    said: dict[str, Any] = {"error": str(problem)}
    to_json = getattr(problem, "to_json", None)
    if to_json is not None:
        said["problem"] = to_json()
    return said
