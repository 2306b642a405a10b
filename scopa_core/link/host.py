"""The host: the referee's side of a match with people on other devices.

A :class:`Host` is the :class:`~scopa_core.link.host_state.HostState` of a
match (the one :class:`~scopa_core.table.session.Session` that decides every
move, its remote seats, the fair deal) and its referee. Its remote seats are
played by guests, each on its own channel (a *peer*: the page's name for it).
The host checks every message at the edge (protocol.parse), refuses what does
not fit with a sentence and changes nothing, takes each guest's value for the
fair deal (fairdeal.py), its moves, its call for the next hand, its
resignation, and its part in a rematch (rematch.py). :meth:`Host.pending`
(host_outbox.py) then brings every connected guest up to date with messages
built from its seat's view only.
"""

from __future__ import annotations

import secrets
from hmac import compare_digest
from typing import Any

from ..match import Match
from ..moves import Move, MoveError
from ..problems import Problem, problem_of
from ..table.problems import SessionError, SessionProblem
from ..table.session import Session
from ..table.settings import LEVELS, NAME_LIMIT
from . import host_outbox, readmission, rematch
from .fairdeal import Ledger
from .host_state import HostState, Remote
from .problems import LinkError, LinkProblem
from .protocol import HOST, TOKEN_HEX, Outcome, parse, refusal


class Host(HostState):
    """The referee of a match with remote seats."""

    def __init__(self, session: Session, ledger: Ledger, remotes: dict[int, Remote]) -> None:
        super().__init__(session, ledger, remotes)
        self.successor: Host | None = None  # the rematch, once every guest said yes

    # -- creation -------------------------------------------------------------
    @classmethod
    def open(cls, settings: object) -> Host:
        session = Session.new(settings)
        if not session.remotes:
            raise LinkError(LinkProblem("link.no_remote_seat"))
        return cls(session, Ledger(), {seat: Remote(seat) for seat in session.remotes})

    def pending(self) -> list[tuple[str, str]]:
        """Every message due to a connected guest, as (peer, text) (host_outbox.py)."""
        return host_outbox.pending(self)

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
            outcome = Outcome()
        else:
            remote, hands = self._newcomer(peer), 0
            outcome = readmission.drop_old(remote, peer)
        readmission.used(self, peer)
        for other in self.remotes.values():
            if other.peer == peer and other is not remote:
                other.peer = None
        remote.peer = peer
        remote.stand_in = None  # back: its next move is its own, not the computer's
        remote.resync(hands)
        name = message.get("name")
        if isinstance(name, str) and name.strip():
            self.session.seats[remote.seat]["name"] = name.strip()[:NAME_LIMIT]
        self._sync_pause()
        return outcome

    def _returning(self, message: dict[str, Any]) -> Remote:
        """A guest back with the seat and token it was given."""
        if message["match"] != self.match_id:
            raise LinkError(LinkProblem("link.other_match"))
        seat = message.get("seat")
        remote = self.remotes.get(seat) if isinstance(seat, int) else None
        token = message.get("token")
        if remote is None or remote.token is None or not isinstance(token, str):
            raise LinkError(LinkProblem("link.bad_token", seat=str(seat)))
        if remote.retired is not None and compare_digest(remote.retired, token):
            raise LinkError(LinkProblem("link.token_replaced", seat=seat))
        if not compare_digest(remote.token, token):
            raise LinkError(LinkProblem("link.bad_token", seat=str(seat)))
        return remote

    def _newcomer(self, peer: str) -> Remote:
        """A guest pairing for the first time: the seat opened for a new device on this
        channel (readmission.py), or the first free remote seat; and its token."""
        remote = self._remote_of(peer) or readmission.take(self, peer)
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
        readmission.used(self, peer)  # an invitation for a new device that failed

    def stand_in(self, seat: object, level: object) -> None:
        """The host gives the away seat ``seat`` to the computer at ``level``: the match
        goes on without its friend, who takes the seat back by pairing again."""
        remote = self.remotes.get(seat) if isinstance(seat, int) else None
        if remote is None or isinstance(seat, bool):
            raise LinkError(LinkProblem("link.not_remote_seat", seat=_shown(seat)))
        if level not in LEVELS:
            raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
        if remote.peer is not None or remote.token is None:
            raise LinkError(LinkProblem("link.not_away", seat=remote.seat))
        if self.session.over:
            raise SessionError(SessionProblem("session.already_over"))
        remote.stand_in = str(level)
        self.session.set_level_of_stand_in(remote.seat)
        self._sync_pause()

    def info(self) -> dict[str, Any]:
        session = self.session
        hands = len(session.match.records)
        waiting = session.phase == "hand-over" and hands > 0
        info: dict[str, Any] = {
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
        if session.stand_ins:  # away seats the computer plays, at these levels, until back
            info["computer"] = {str(seat): level for seat, level in session.stand_ins.items()}
        return info

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

    def start_rematch(self) -> None:
        """Every guest said yes to a rematch with the roles kept: it is the next match."""
        self.successor = self.rematch(self.public_settings())


_HANDLERS = {
    "share": Host._share,
    "move": Host._move,
    "next": Host._next,
    "resign": Host._resign,
    "rematch": rematch.host_got_rematch,
    "answer": rematch.host_got_answer,
}


def _shown(value: object) -> str:
    return str(value)[:20]


def _shown_offer(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {"from": offer["from"], "swap": offer["swap"], "accepted": list(offer["accepted"])}
