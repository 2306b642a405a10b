"""The host: the referee's side of a match with people on other devices.

A :class:`Host` wraps the one :class:`~session.Session` that decides every
move.  Its remote seats are played by guests, each on its own channel (a
*peer*: the page's name for it).  The host checks every message at the edge
(protocol.parse), refuses what does not fit with a sentence and changes
nothing, deals each hand from the fair deal (fairdeal.py) once every guest's
value is in, and keeps, per guest, what that guest has been sent: whatever the
session does (a guest's move, the page's own play/step/next_hand/resign/
timeout), :meth:`Host.pending` brings every connected guest up to date with
messages built from its seat's view only.  After a reconnect the same cursors
are reset to what the guest says it holds, so it is sent exactly what it
lacks: no move lost or played twice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from hmac import compare_digest
from typing import Any

import rematch
from fairdeal import DealEntry, Ledger, commitment, fair_deck, new_value
from link_problems import LinkError, LinkProblem
from protocol import (
    HOST,
    TOKEN_HEX,
    Outcome,
    encode,
    parse,
    refusal,
    reveal_message,
    state_message,
)
from session import NAME_LIMIT, Session, SessionError

from scopa_core.match import Match
from scopa_core.moves import Move, MoveError
from scopa_core.problems import Problem, problem_of


@dataclass
class Remote:
    """A seat played on another device: who holds it, and what it has been sent."""

    seat: int
    token: str | None = None  # given at the first pairing: the seat is its holder's
    peer: str | None = None  # the channel it is on now; None while it is away
    ready: int = -1  # the last finished hand after which it asked for the next one
    welcomed: bool = False
    hands_sent: int = 0  # hands revealed to it
    commit_sent: int = -1  # the last hand whose commitment it was sent
    at_sent: tuple[int, int] | None = None  # (hands, moves) of the last position it was sent
    end_sent: bool = False
    presence_sent: tuple[Any, ...] | None = None

    def resync(self, hands: int) -> None:
        """It (re)connected holding ``hands`` revealed hands: send it the rest."""
        self.welcomed, self.hands_sent, self.commit_sent = False, hands, -1
        self.at_sent, self.end_sent, self.presence_sent = None, False, None


class Host:
    """The referee of a match with remote seats, and what each guest has been sent."""

    def __init__(self, session: Session, ledger: Ledger, remotes: dict[int, Remote]) -> None:
        self.session = session
        self.ledger = ledger
        self.remotes = remotes
        #: a rematch asked for: {"from": "host" or a seat, "swap": bool, "accepted": [seats]}
        self.offer: dict[str, Any] | None = None
        self.rematch_of: str | None = None  # the match this one is a rematch of
        self.successor: Host | None = None  # the rematch, once every guest said yes
        self.handoff: str | None = None  # roles swap: this device becomes the guest of peer
        session.deck_source = self._deck
        session.extra_meta = self._meta
        self._sync_pause()

    # -- creation -------------------------------------------------------------
    @classmethod
    def open(cls, settings: object) -> Host:
        session = Session.new(settings)
        if not session.remotes:
            raise LinkError(LinkProblem("link.no_remote_seat"))
        return cls(session, Ledger(), {seat: Remote(seat) for seat in session.remotes})

    # -- facts ----------------------------------------------------------------
    @property
    def match_id(self) -> str:
        return self.session.match_id

    @property
    def revealed(self) -> int:
        """Hands whose every card anyone may know: those finished; all, once the match is over."""
        match = self.session.match
        if match.hand is None:
            return 0
        over = self.session.over or match.hand.is_over
        return len(match.records) if over else len(match.records) - 1

    @property
    def away(self) -> list[int]:
        return [seat for seat, remote in sorted(self.remotes.items()) if remote.peer is None]

    @property
    def joined(self) -> bool:
        return all(remote.token is not None for remote in self.remotes.values())

    def _remote_of(self, peer: str) -> Remote | None:
        return next((r for r in self.remotes.values() if r.peer == peer), None)

    def _sync_pause(self) -> None:
        self.session.paused = self.away

    def _meta(self) -> dict[str, Any]:
        return {"fair_deal": self.ledger.to_json(self.revealed), "link": {"role": HOST}}

    def public_settings(self) -> dict[str, Any]:
        """The settings every device may know (the seed is this device's own)."""
        return {k: v for k, v in self.session.settings.items() if k != "seed"}

    # -- the fair deal --------------------------------------------------------
    def _deck(self, hand: int) -> list[int] | None:
        """The session's deck source: hand ``hand``'s deck once it can be made."""
        entries = self.ledger.entries
        if hand >= len(entries) or not self._ready_for(hand):
            return None
        entry = entries[hand]
        if entry.secret is None or not entry.complete(self.session.remotes):
            return None
        return fair_deck(self.session.rules, self.match_id, hand, entry.secret, entry.shares)

    def _ready_for(self, hand: int) -> bool:
        """The first hand is dealt once every guest is in; the next ones once everybody
        (the people here, every guest) asked for them."""
        if hand == 0:
            return True
        session = self.session
        here = session.host_ready or not session.persons
        return here and all(remote.ready >= hand - 1 for remote in self.remotes.values())

    def _advance(self) -> None:
        """Commit to the next hand's deck as soon as it is due; deal when it can be."""
        session = self.session
        entries = self.ledger.entries
        records = session.match.records
        if session.over:
            del entries[len(records) :]  # a hand committed to but never dealt
            return
        if session.match.needs_deal and len(entries) == len(records) and self.joined:
            secret = new_value()
            shares: list[str | None] = [None] * session.rules.players
            entries.append(
                DealEntry(commitment(self.match_id, len(records), secret), shares, secret)
            )
        session.try_deal()

    # -- what each guest is sent --------------------------------------------------
    def pending(self) -> list[tuple[str, str]]:
        """Every message due to a connected guest, as (peer, text)."""
        self._advance()
        out = []
        for _, remote in sorted(self.remotes.items()):
            if remote.peer is not None:
                out += [(remote.peer, text) for text in self._due(remote)]
        return out

    def _due(self, remote: Remote) -> list[str]:
        session = self.session
        texts = []
        if not remote.welcomed:
            texts.append(self._welcome(remote))
            remote.welcomed = True
        presence = (tuple(self.away), tuple(seat["name"] for seat in session.seats))
        if remote.presence_sent != presence:
            names = list(presence[1])
            texts.append(encode("presence", match=self.match_id, away=self.away, names=names))
            remote.presence_sent = presence
        while remote.hands_sent < self.revealed:
            texts.append(self._reveal(remote.hands_sent))
            remote.hands_sent += 1
        if session.end is not None and not remote.end_sent:
            texts.append(encode("end", match=self.match_id, **session.end))
            remote.end_sent = True
        hands = len(session.match.records)
        if not session.over and len(self.ledger.entries) > hands and remote.commit_sent < hands:
            texts.append(self._commit(hands))
            remote.commit_sent = hands
        at = (hands, session.seq)
        if session.phase == "play" and remote.at_sent != at:
            texts.append(self._state(remote.seat))
            remote.at_sent = at
        return texts

    def _welcome(self, remote: Remote) -> str:
        extra: dict[str, Any] = {"rematch_of": self.rematch_of} if self.rematch_of else {}
        if self.session.over:  # a guest pairing again learns where a rematch stands
            extra["offer"] = rematch.offer_for(self, remote.seat)
        return encode(
            "welcome",
            match=self.match_id,
            seat=remote.seat,
            token=remote.token,
            settings=self.public_settings(),
            rules=self.session.rules.to_json(),
            **extra,
        )

    def _commit(self, hand: int) -> str:
        entry = self.ledger.entries[hand]
        dealer = self.session.match.next_dealer
        return encode(
            "commit", match=self.match_id, hand=hand, dealer=dealer, commitment=entry.commitment
        )

    def _state(self, seat: int) -> str:
        """The one place a guest's position is made: from its seat's view."""
        match = self.session.match
        rules = self.session.rules
        start = rules.players * rules.hand_size
        layout = match.records[-1].deck[start : start + rules.table_cards]
        view = match.view(seat)
        return state_message(self.match_id, self.session.seq, len(match.records) - 1, view, layout)

    def _reveal(self, hand: int) -> str:
        match = self.session.match
        deal = match.to_record()["hands"][hand]
        seq = sum(len(rec.moves) for rec in match.records[: hand + 1])
        entry = self.ledger.entries[hand]
        return reveal_message(self.match_id, seq, hand, entry, deal, hand < self.revealed)

    # -- what guests send -----------------------------------------------------------
    def receive(self, peer: str, text: str) -> Outcome:
        """A message from the channel ``peer``: acted on, or refused with no change."""
        kind = None
        try:
            message = parse(text, HOST)
            kind = message["kind"]
            if kind == "refuse":
                return Outcome(told=message)
            if kind == "hello":
                return self._hello(peer, message)
            remote = self._remote_of(peer)
            if remote is None:
                raise LinkError(LinkProblem("link.no_hello"))
            if message["match"] != self.match_id:
                raise LinkError(LinkProblem("link.other_match"))
            return _HANDLERS[kind](self, remote, message)
        except (LinkError, SessionError) as exc:
            problem = problem_of(exc)
            return Outcome(out=[(peer, refusal(kind, problem))], refused=problem)

    def _hello(self, peer: str, message: dict[str, Any]) -> Outcome:
        if "match" in message:
            remote, hands = self._returning(message), min(message.get("hands", 0), self.revealed)
        else:
            remote, hands = self._newcomer(peer), 0
        for other in self.remotes.values():
            if other.peer == peer and other is not remote:
                other.peer = None
        remote.peer = peer
        remote.resync(hands)
        name = message.get("name")
        if isinstance(name, str) and name.strip():
            self.session.seats[remote.seat]["name"] = name.strip()[:NAME_LIMIT]
        self._sync_pause()
        return Outcome()

    def _returning(self, message: dict[str, Any]) -> Remote:
        """A guest back with the seat and token it was given."""
        if message["match"] != self.match_id:
            raise LinkError(LinkProblem("link.other_match"))
        seat = message.get("seat")
        remote = self.remotes.get(seat) if isinstance(seat, int) else None
        token = message.get("token")
        if remote is None or remote.token is None or not isinstance(token, str):
            raise LinkError(LinkProblem("link.bad_token", seat=str(seat)))
        if not compare_digest(remote.token, token):
            raise LinkError(LinkProblem("link.bad_token", seat=str(seat)))
        return remote

    def _newcomer(self, peer: str) -> Remote:
        """A guest pairing for the first time: the first free remote seat, and its token."""
        remote = self._remote_of(peer)
        if remote is None:
            free = [r for _, r in sorted(self.remotes.items()) if r.token is None]
            if not free:
                raise LinkError(LinkProblem("link.table_full"))
            remote = free[0]
            remote.token = secrets.token_hex(TOKEN_HEX // 2)
        return remote

    def _share(self, remote: Remote, message: dict[str, Any]) -> Outcome:
        hand, share = message["hand"], message["share"]
        entries = self.ledger.entries
        known = entries[hand].shares[remote.seat] if hand < len(entries) else None
        if hand < len(self.session.match.records) or hand != len(entries) - 1:
            if known == share:
                return Outcome()  # a repeat: it was taken already
            raise LinkError(LinkProblem("link.no_deal", hand=hand))
        if known is not None and known != share:
            raise LinkError(LinkProblem("link.share_changed", hand=hand))
        entries[hand].shares[remote.seat] = share
        return Outcome()

    def _move(self, remote: Remote, message: dict[str, Any]) -> Outcome:
        session = self.session
        seq, now = message["seq"], session.seq
        if session.over:
            raise SessionError(Problem("match.over"))
        if seq < now:
            if self._made(remote.seat, seq, message["move"]):
                remote.at_sent = None  # a repeat: send the position again
                return Outcome()
            raise LinkError(LinkProblem("link.old_move", seq=seq, now=now))
        if seq > now:
            raise LinkError(LinkProblem("link.future_move", seq=seq, now=now))
        return Outcome(event=session.play_for(remote.seat, message["move"]))

    def _made(self, seat: int, seq: int, data: object) -> bool:
        """Whether move number ``seq`` of the match was this move, by this seat."""
        try:
            move = Move.from_json(data)
        except MoveError:
            return False
        rules = self.session.rules
        for rec in self.session.match.records:
            if seq < len(rec.moves):
                return bool(
                    (rec.dealer + 1 + seq) % rules.players == seat and rec.moves[seq] == move
                )
            seq -= len(rec.moves)
        return False

    def _next(self, remote: Remote, message: dict[str, Any]) -> Outcome:
        hand, last = message["hand"], len(self.session.match.records) - 1
        if hand < last or (hand == last and remote.ready >= hand):
            return Outcome()  # an earlier hand, or a repeat
        if hand != last or self.session.phase != "hand-over":
            raise LinkError(LinkProblem("link.not_hand_over", hand=hand))
        remote.ready = hand
        return Outcome()

    def _resign(self, remote: Remote, message: dict[str, Any]) -> Outcome:
        self.session.resign_remote(remote.seat)
        return Outcome()

    # -- the link to the page ---------------------------------------------------------
    def lost(self, peer: str) -> None:
        """The channel ``peer`` closed: its seat is away, the match waits."""
        remote = self._remote_of(peer)
        if remote is not None:
            remote.peer = None
            self._sync_pause()

    def info(self) -> dict[str, Any]:
        session = self.session
        hands = len(session.match.records)
        waiting = session.phase == "hand-over" and hands > 0
        return {
            "role": HOST,
            "match": self.match_id,
            "seats": [
                {
                    "seat": seat,
                    "name": session.seats[seat]["name"],
                    "joined": remote.token is not None,
                    "connected": remote.peer is not None,
                    "ready": waiting and remote.ready >= hands - 1,
                }
                for seat, remote in sorted(self.remotes.items())
            ],
            "started": hands > 0,
            "away": self.away,
            "paused": bool(self.away) and not session.over,
            "deadline": session.settings.get("deadline"),
            "offer": _shown_offer(self.offer),
        }

    # -- the next match -------------------------------------------------------------
    def rematch(self, settings: dict[str, Any]) -> Host:
        """The next match with the same people in the same seats."""
        peers = {seat: remote.peer for seat, remote in self.remotes.items()}
        return Host.rematch_with(settings, peers, self.match_id, self.session.match)

    @classmethod
    def rematch_with(
        cls, settings: dict[str, Any], peers: dict[int, str | None], previous: str, match: Match
    ) -> Host:
        """A rematch of ``match`` (id ``previous``): the next seat deals first, and the
        guests already on their channels (``peers``, by seat) get new tokens."""
        first = match.records[0].dealer if match.records else match.next_dealer
        host = cls.open({**settings, "first_dealer": (first + 1) % match.rules.players})
        if set(peers) != set(host.remotes):
            raise LinkError(LinkProblem("link.swap_two"))
        for seat, peer in peers.items():
            remote = host.remotes[seat]
            remote.peer = peer
            remote.token = secrets.token_hex(TOKEN_HEX // 2)
        host.rematch_of = previous
        host._sync_pause()
        return host


_HANDLERS = {
    "share": Host._share,
    "move": Host._move,
    "next": Host._next,
    "resign": Host._resign,
    "rematch": rematch.host_got_rematch,
    "answer": rematch.host_got_answer,
}


def _shown_offer(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {"from": offer["from"], "swap": offer["swap"], "accepted": list(offer["accepted"])}
