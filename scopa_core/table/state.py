"""The match at a table: its settings, its seats, and who is to move.

:class:`TableState` holds one match between people and computer players (and,
on a host, people on other devices) and answers what the table view and every
action ask first: the phase of the match, the seat to move and whether a move
may be made now, whose hand is shown on this device, who won. It holds the
computer players too, made from each seat's level when first asked for.
:class:`~scopa_core.table.session.Session` adds the actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..match import Match
from .problems import SessionError, SessionProblem
from .settings import DEFAULT_LEVEL


def new_match_id() -> str:
    """A name for a new match, unique on a device (64 random bits in hex)."""
    return f"{random.SystemRandom().getrandbits(64):016x}"


def make_player(level: str, seed: int) -> Any:
    """A computer player (imported at the first computer move: the start stays light)."""
    from ..players import make_player as make

    return make(level, seed)


class TableState:
    """One match between people and computer players, as the page sees it."""

    def __init__(self, settings: dict[str, Any], match: Match, seed: int) -> None:
        self.settings = settings
        self.match = match
        self.rules = match.rules
        self.seed = seed
        self.seats: list[dict[str, Any]] = settings["seats"]
        self.persons = [s for s, seat in enumerate(self.seats) if seat["kind"] == "person"]
        self.remotes = [s for s, seat in enumerate(self.seats) if seat["kind"] == "remote"]
        self.shown: int | None = self.persons[0] if len(self.persons) == 1 else None
        self.resigned: int | None = None
        #: a match ended before its target: {"reason": "resigned"|"timeout", "seat", "side"}
        self.end: dict[str, Any] | None = None
        #: remote seats whose device is away: nobody moves until they are back (the host sets it)
        self.paused: list[int] = []
        #: remote seats the computer plays while their friend is away, at this level (the
        #: host sets it, link/host.py), and each move it made for them: {hand, move, seat, level}
        self.stand_ins: dict[int, str] = {}
        self.stood_moves: list[dict[str, Any]] = []
        #: with remote seats every deck is one nobody could choose (link/fairdeal.py): the
        #: host gives hand n's deck once the players' values are in, None until then
        self.deck_source: Callable[[int], list[int] | None] | None = None
        #: the person(s) on this device asked for the next hand (a remote match waits for all)
        self.host_ready = False
        #: more meta for the record (the host's fair-deal ledger and link role)
        self.extra_meta: Callable[[], dict[str, Any]] | None = None
        #: the time used on the position to move, as the referee's page measured it
        #: ({"key": the position's key, "seat", "used_ms"}, Session.clock_used): a
        #: reload, a pause or a reconnect carries it over, not the whole deadline again
        self.clock: dict[str, Any] | None = None
        self._players: dict[int, Any] = {}
        # names this match in saved records (meta.id), so that the page counts each
        # match once in its statistics, also across reloads and imports
        self.match_id = new_match_id()

    # -- facts ---------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.match.over or self.resigned is not None

    @property
    def phase(self) -> str:
        if self.over:
            return "match-over"
        if self.match.needs_deal:
            return "hand-over"
        return "play"

    @property
    def to_move(self) -> int | None:
        hand = self.match.hand
        if self.phase != "play" or hand is None:
            return None
        return hand.to_move

    @property
    def seq(self) -> int:
        """Moves made in the whole match so far: names a position on the link."""
        return sum(len(rec.moves) for rec in self.match.records)

    @property
    def time_used(self) -> int:
        """Milliseconds the seat to move has used on this position (0: none yet)."""
        clock = self.clock
        if clock is None or clock["key"] != self.position_key or clock["seat"] != self.to_move:
            return 0
        return int(clock["used_ms"])

    @property
    def position_key(self) -> str:
        """Names the position on this device: the table view's ``key`` (hands dealt,
        moves in the hand, "r" once resigned or out of time)."""
        records = self.match.records
        moves = len(records[-1].moves) if records else 0
        return f"{len(records)}.{moves}.{'r' if self.resigned is not None else ''}"

    def is_person(self, seat: int) -> bool:
        return bool(self.seats[seat]["kind"] == "person")

    def is_remote(self, seat: int) -> bool:
        return bool(self.seats[seat]["kind"] == "remote")

    def kind_of(self, seat: int) -> str:
        """Who plays ``seat`` now: a remote seat given to the computer is a computer's."""
        return "computer" if seat in self.stand_ins else str(self.seats[seat]["kind"])

    def pass_to(self) -> int | None:
        """Hot-seat: the person to move, while the hand shown is another person's."""
        seat = self.to_move
        if seat is None or not self.is_person(seat) or len(self.persons) < 2:
            return None
        return None if self.shown == seat else seat

    def winner(self) -> int | None:
        if self.match.over:
            return self.match.winner
        if self.resigned is not None:
            others = [s for s in range(self.rules.num_sides) if s != self.resigned]
            totals = self.match.totals
            best = max(totals[s] for s in others)
            return next(s for s in others if totals[s] == best)
        return None

    # -- who may move now --------------------------------------------------------
    def _turn(self) -> int:
        """The seat to move, when a move may be made at all."""
        seat = self.to_move
        if seat is None:
            raise SessionError(SessionProblem("session.hand_over"))
        if self.paused:
            raise SessionError(SessionProblem("session.paused", seats=seat_list(self.paused)))
        return seat

    def person_to_move(self) -> int:
        """The seat of the person to move, whose hand is shown; raises SessionError
        when no card can be played now, a computer or a remote seat is to move, or
        the hands are hidden."""
        seat = self._turn()
        if self.is_remote(seat):
            raise SessionError(SessionProblem("session.remote_turn", seat=seat))
        if not self.is_person(seat):
            raise SessionError(SessionProblem("session.computer_turn", seat=seat))
        if self.pass_to() is not None:
            raise SessionError(SessionProblem("session.hidden"))
        return seat

    def computer_to_move(self) -> int:
        """The seat of the computer to move; raises SessionError when it is not one's turn."""
        seat = self._turn()
        if self.is_remote(seat) and seat not in self.stand_ins:
            raise SessionError(SessionProblem("session.remote_turn", seat=seat))
        if self.is_person(seat):
            raise SessionError(SessionProblem("session.person_turn", seat=seat))
        return seat

    # -- the computer players ------------------------------------------------------
    def player(self, seat: int) -> Any:
        """The computer player of ``seat``, made at its level when first asked for."""
        player = self._players.get(seat)
        if player is None:
            level = self.stand_ins.get(seat) or self.seats[seat].get("level", DEFAULT_LEVEL)
            player = self._players[seat] = make_player(level, self.seed * 8 + seat)
        return player

    def set_player(self, seat: int, player: Any) -> None:
        """``seat`` is played by ``player`` (anything with ``choose(view) -> Move``)."""
        self._players[seat] = player

    def set_level_of_stand_in(self, seat: int) -> None:
        """A remote seat given to the computer (or at another level): made afresh."""
        self._players.pop(seat, None)

    def set_level(self, seat: int, level: str) -> None:
        """The computer at ``seat`` plays at ``level`` from its next move on."""
        self.seats[seat]["level"] = level
        self._players.pop(seat, None)  # made again at the new level when next asked


def seat_list(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in seats)
