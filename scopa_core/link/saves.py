"""What each device keeps after every reply, and how it comes back after a reload.

The host keeps its record (with the fair deal of every revealed hand), the
guests' tokens and its own value for the hand being dealt; on restore every
hand dealt is checked against its fair deck, so a save cannot bring in a deck
of its own.  A guest keeps everything its seat may know, and nothing more: it
never has the host's value for the hand in play.
"""

from __future__ import annotations

from typing import Any

from ..cards import CardError
from ..match import RECORD_FORMAT
from ..moves import Move, MoveError
from ..problems import problem_of
from ..record import RecordError, load_record
from ..rules import RulesError
from ..table.session import Session
from ..table.settings import LEVELS
from ..view import SeatView, ViewError
from .fairdeal import Ledger, Seen, commitment, fair_deck, is_value
from .guest import Guest, dealt_by_view
from .host import Host
from .host_state import Remote
from .problems import LinkError, LinkProblem
from .protocol import GUEST, HOST, is_token, stood_move


def _bad_save(reason: str) -> LinkError:
    return LinkError(LinkProblem("link.saved_invalid", reason=reason))


# --- the host --------------------------------------------------------------------------


def save_host(host: Host) -> dict[str, Any]:
    """All this device needs to go on hosting after a reload (tokens, the dealing value)."""
    entries = host.ledger.entries
    current = entries[host.revealed].secret if len(entries) > host.revealed else None
    return {
        "role": HOST,
        "record": host.session.to_record(),
        "secret": current,
        "remotes": [
            {"seat": seat, "token": remote.token, "ready": remote.ready, **_stood(remote)}
            | ({"retired": remote.retired} if remote.retired else {})
            for seat, remote in sorted(host.remotes.items())
        ],
    }


def _stood(remote: Remote) -> dict[str, Any]:
    """The computer's level while it plays for this seat's friend (kept only then)."""
    return {"stand_in": remote.stand_in} if remote.stand_in is not None else {}


def restore_host(saved: dict[str, Any]) -> Host:
    """The host's own save (:func:`save_host`) after a reload; raises LinkError or SessionError."""
    record = saved.get("record")
    session = Session.restore(record, hosting=True)
    assert isinstance(record, dict)  # Session.restore refused anything else
    if not session.remotes:
        raise _bad_save("the match has no remote seat")
    meta = record.get("meta")
    fair = meta.get("fair_deal") if isinstance(meta, dict) else None
    ledger = Ledger.from_json(fair, session.rules.players)
    remotes = {seat: Remote(seat) for seat in session.remotes}
    items = saved.get("remotes")
    for item in items if isinstance(items, list) else []:
        seat = item.get("seat") if isinstance(item, dict) else None
        remote = remotes.get(seat) if isinstance(seat, int) else None
        if remote is not None:
            remote.token = item["token"] if is_token(item.get("token")) else None
            remote.retired = item["retired"] if is_token(item.get("retired")) else None
            ready = item.get("ready")
            remote.ready = ready if isinstance(ready, int) and not isinstance(ready, bool) else -1
            level = item.get("stand_in")
            remote.stand_in = level if level in LEVELS and remote.token is not None else None
    host = Host(session, ledger, remotes)
    _restore_stand_in(host, meta.get("stand_in") if isinstance(meta, dict) else None)
    _restore_secret(host, saved.get("secret"))
    _check_decks(host)
    return host


def _restore_stand_in(host: Host, saved: object) -> None:
    """The record's ``meta.stand_in``: what the computer and the host did for friends
    away (each item as the protocol checks one, with its hand)."""
    if saved is None:
        return
    hands = len(host.session.match.records)
    moves = saved.get("moves", []) if isinstance(saved, dict) else None
    shares = saved.get("shares", []) if isinstance(saved, dict) else None
    if not isinstance(moves, list) or not isinstance(shares, list):
        raise _bad_save("meta.stand_in is not valid")
    remote = host.session.remotes
    for item in moves:
        if not (_in_hand(item, hands) and stood_move(_without_hand(item))):
            raise _bad_save("meta.stand_in has a move that is not valid")
        if item["seat"] not in remote:
            raise _bad_save("meta.stand_in has a move that is not valid")
    for item in shares:
        if not (_in_hand(item, hands) and set(item) == {"hand", "seat"}):
            raise _bad_save("meta.stand_in has a value that is not valid")
        if item["seat"] not in remote:
            raise _bad_save("meta.stand_in has a value that is not valid")
    host.session.stood_moves = [dict(item) for item in moves]
    host.stood_shares = [dict(item) for item in shares]


def _in_hand(item: object, hands: int) -> bool:
    hand = item.get("hand") if isinstance(item, dict) else None
    return isinstance(hand, int) and not isinstance(hand, bool) and 0 <= hand < hands


def _without_hand(item: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if key != "hand"}


def _restore_secret(host: Host, secret: object) -> None:
    entries = host.ledger.entries
    if len(entries) <= host.revealed:
        return
    entry = entries[host.revealed]
    match_id = host.session.match_id
    if not is_value(secret) or commitment(match_id, host.revealed, str(secret)) != entry.commitment:
        raise _bad_save("the host's value for the hand being dealt is missing")
    entry.secret = str(secret)


def _check_decks(host: Host) -> None:
    """Every hand dealt was dealt from its fair deck (a save cannot smuggle one in)."""
    records = host.session.match.records
    entries = host.ledger.entries
    if not len(records) <= len(entries) <= len(records) + 1:
        raise _bad_save("meta.fair_deal does not have one entry per hand")
    for n, rec in enumerate(records):
        entry = entries[n]
        if entry.secret is None or not entry.complete(host.session.remotes):
            raise _bad_save(f"hand {n} has no complete fair deal")
        deck = fair_deck(host.session.rules, host.session.match_id, n, entry.secret, entry.shares)
        if deck != rec.deck:
            raise _bad_save(f"hand {n} was not dealt from its fair deck")


# --- a guest ---------------------------------------------------------------------------


def _restore_guest_stand_in(guest: Guest, saved: dict[str, Any]) -> None:
    """What the computer did for friends away (a save from before it was kept has none)."""
    guest.computer = [seat for seat in saved.get("computer", []) if isinstance(seat, int)]
    stand_in = saved.get("stand_in", {"moves": [], "shares": []})
    hands = len(guest.hands)
    moves, shares = stand_in["moves"], stand_in["shares"]
    if not all(_in_hand(item, hands) and stood_move(_without_hand(item)) for item in moves):
        raise _bad_save("stand_in has a move that is not valid")
    if not all(_in_hand(item, hands) and set(item) == {"hand", "seat"} for item in shares):
        raise _bad_save("stand_in has a value that is not valid")
    guest.stand_in = {"moves": list(moves), "shares": list(shares)}
    told = saved.get("stood_told", 0)
    guest.stood_told = told if isinstance(told, int) and not isinstance(told, bool) else 0


def save_guest(guest: Guest) -> dict[str, Any]:
    """What this device keeps after every message: all its seat may know, and no
    more (the host's value for the hand in play is not known here)."""
    return {
        "role": GUEST,
        "peer": guest.peer,
        "name": guest.name,
        "match": guest.match_id,
        "seat": guest.seat,
        "token": guest.token,
        "settings": guest.settings,
        "rules": guest.rules.to_json(),
        "hands": guest.hands,
        "fair_deal": guest.ledger.to_json(len(guest.ledger.entries)),
        "checks": guest.checks,
        "state": guest.state,
        "pending": guest.pending.to_json() if guest.pending else None,
        "away": guest.away,
        "end": guest.end,
        "ready": guest.ready,
        "offer": guest.offer,
        "expect_rematch_of": guest.expect_rematch_of,
        **_guest_stand_in(guest),
    } | ({"inherit": guest.inherit} if guest.inherit else {})  # readmitted (readmission.py)


def _guest_stand_in(guest: Guest) -> dict[str, Any]:
    """What the computer did for friends away, kept once there is any."""
    if not (guest.computer or guest.stood_told or any(guest.stand_in.values())):
        return {}
    return {"computer": guest.computer, "stand_in": guest.stand_in, "stood_told": guest.stood_told}


def restore_guest(saved: dict[str, Any]) -> Guest:
    """This device's own save (:func:`save_guest`), after a reload; raises LinkError."""
    guest = Guest(str(saved.get("peer") or "host"), str(saved.get("name") or ""))
    if saved.get("match") is None:
        return guest
    try:
        _restore_guest(guest, saved)
    except (LinkError, RecordError, RulesError, ViewError, CardError, MoveError) as exc:
        raise LinkError(LinkProblem("link.saved_invalid", reason=problem_of(exc))) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        reason = f"{type(exc).__name__}: {exc}"
        raise LinkError(LinkProblem("link.saved_invalid", reason=reason)) from None
    return guest


def _restore_guest(guest: Guest, saved: dict[str, Any]) -> None:
    welcome = {"seat": saved["seat"], "settings": saved["settings"], "rules": saved["rules"]}
    settings, rules = guest.table_settings(welcome)
    guest.clear(str(saved["match"]), rules)
    guest.seat, guest.token, guest.settings = saved["seat"], str(saved["token"]), settings
    guest.hands = list(saved["hands"])
    record = {"format": RECORD_FORMAT, "rules": rules.to_json(), "hands": guest.hands}
    guest.base = load_record(record)
    guest.ledger = Ledger.from_json(saved["fair_deal"], rules.players)
    inherit = saved.get("inherit", 0)  # absent in a save made before readmission existed
    guest.inherit = inherit if isinstance(inherit, int) and not isinstance(inherit, bool) else 0
    guest.checks = [c for c in saved["checks"] if isinstance(c, dict)]
    state = saved.get("state")
    if state is not None:
        view = SeatView.from_request(state["view"])
        guest.state, guest.view = state, view
        guest.seen = Seen(view.initial_table, dealt_by_view(view), list(view.history))
    pending = saved.get("pending")
    guest.pending = Move.from_json(pending) if pending is not None else None
    guest.away = [seat for seat in saved.get("away", []) if isinstance(seat, int)]
    end = saved.get("end")
    guest.end = dict(end) if isinstance(end, dict) else None
    guest.ready = int(saved.get("ready", -1))
    offer = saved.get("offer")
    guest.offer = dict(offer) if isinstance(offer, dict) else None
    expected = saved.get("expect_rematch_of")
    guest.expect_rematch_of = expected if isinstance(expected, str) else None
    _restore_guest_stand_in(guest, saved)
    guest.connected = False  # until the page pairs again
    table = guest.table()
    if table is not None:
        guest.shown = (len(table.match.records), len(table.match.records[-1].moves))
