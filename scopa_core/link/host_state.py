"""What a host knows of its match with other devices: the match, the remote seats, the deal.

The hosted match is one :class:`~scopa_core.table.session.Session`: it decides
every move. :class:`HostState` adds what play with other devices needs: each
remote seat (:class:`Remote`: who holds it, which channel it is on, and what
it has been sent), the fair deal of every hand (fairdeal.py: the session's
deck source, each deck dealt only once every guest's value is in), and the
rematch offer. :class:`~scopa_core.link.host.Host` adds the referee of the
guests' messages; host_outbox.py makes what each guest is sent.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from ..table.session import Session
from .fairdeal import DealEntry, Ledger, commitment, fair_deck, new_value
from .protocol import HOST


@dataclass
class Remote:
    """A seat played on another device: who holds it, and what it has been sent."""

    seat: int
    token: str | None = None  # given at the first pairing: the seat is its holder's
    peer: str | None = None  # the channel it is on now; None while it is away
    ready: int = -1  # the last finished hand after which it asked for the next one
    stand_in: str | None = None  # the computer's level while it plays for its friend
    welcomed: bool = False
    hands_sent: int = 0  # hands revealed to it
    commit_sent: int = -1  # the last hand whose commitment it was sent
    at_sent: tuple[int, int] | None = None  # (hands, moves) of the last position it was sent
    end_sent: bool = False
    presence_sent: tuple[Any, ...] | None = None
    #: the host's word (Host.readmit): a new device saying hello on this channel takes
    #: the seat; kept in memory only, as the channel is (a reload cancels it)
    readmit: str | None = None
    retired: str | None = None  # the token a readmission replaced: refused by its sentence
    #: readmitted: hands 0..inherit-1 were (partly) dealt before this device held the
    #: seat, so the shares given for them were its predecessor's (sent in ``commit``)
    inherit: int | None = None

    def resync(self, hands: int) -> None:
        """It (re)connected holding ``hands`` revealed hands: send it the rest."""
        self.welcomed, self.hands_sent, self.commit_sent = False, hands, -1
        self.at_sent, self.end_sent, self.presence_sent = None, False, None


class HostState(ABC):
    """The hosted match with remote seats, and where each of them stands (the referee,
    :class:`~scopa_core.link.host.Host`, is the one made)."""

    def __init__(self, session: Session, ledger: Ledger, remotes: dict[int, Remote]) -> None:
        self.session = session
        self.ledger = ledger
        self.remotes = remotes
        #: a rematch asked for: {"from": "host" or a seat, "swap": bool, "accepted": [seats]}
        self.offer: dict[str, Any] | None = None
        self.rematch_of: str | None = None  # the match this one is a rematch of
        self.handoff: str | None = None  # roles swap: this device becomes the guest of peer
        #: the hands whose value for a seat the host gave, standing in: {hand, seat}
        self.stood_shares: list[dict[str, int]] = []
        session.deck_source = self._deck
        session.extra_meta = self._meta
        self._sync_pause()

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
        """The seats the match waits for: away, and not given to the computer."""
        return [
            seat
            for seat, remote in sorted(self.remotes.items())
            if remote.peer is None and remote.stand_in is None
        ]

    @property
    def computer(self) -> list[int]:
        """The remote seats the computer plays while their friend is away."""
        return sorted(self.session.stand_ins)

    @property
    def joined(self) -> bool:
        return all(remote.token is not None for remote in self.remotes.values())

    def _remote_of(self, peer: str) -> Remote | None:
        return next((r for r in self.remotes.values() if r.peer == peer), None)

    def _sync_pause(self) -> None:
        self.session.paused = self.away
        self.session.stand_ins = {
            seat: remote.stand_in for seat, remote in self.remotes.items() if remote.stand_in
        }

    def _meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "fair_deal": self.ledger.to_json(self.revealed),
            "link": {"role": HOST},
        }
        stand_in = self.stand_in_of(None)
        if stand_in:  # who played each move: these the computer, standing in for a friend
            meta["stand_in"] = stand_in
        return meta

    def stand_in_of(self, hand: int | None) -> dict[str, Any]:
        """What the computer and the host did for friends away (the record's
        ``meta.stand_in``): every hand's, or (without "hand") one hand's."""
        parts: dict[str, Any] = {}
        for key, items in (("moves", self.session.stood_moves), ("shares", self.stood_shares)):
            chosen = [dict(item) for item in items if hand is None or item["hand"] == hand]
            if hand is not None:
                for item in chosen:
                    del item["hand"]
            if chosen:
                parts[key] = chosen
        return parts

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
        for seat, remote in self.remotes.items():
            if remote.stand_in is not None and entry.shares[seat] is None:
                # its friend is away and the computer plays for it: the host stands in
                # for its value too, so that the match never waits for a device that is gone
                entry.shares[seat] = new_value()
                self.stood_shares.append({"hand": hand, "seat": seat})
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
        return here and all(
            remote.ready >= hand - 1 or remote.stand_in is not None
            for remote in self.remotes.values()
        )

    def advance(self) -> None:
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

    @abstractmethod
    def start_rematch(self) -> None:
        """Every guest said yes to a rematch with the roles kept: start it (rematch.py
        asks; the referee knows how)."""
