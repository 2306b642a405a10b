"""The game session behind the page: one match, its seats and the table view.

Runs in the engine worker (Pyodide) and, for the unit tests, in CPython. The
page never decides a rule: after every change it receives a complete *table
view* (:meth:`Session.table_view`, made by view.py). A :class:`Session` is a
:class:`~scopa_core.table.state.TableState` (the match, its seats, who is to
move) with the actions the page may ask for: a person's move, a computer's
step, the next hand, showing a person's hand in hot-seat play, resigning, the
move clock running out. Saving is the spec record with the settings in
``meta`` (saving.py); :meth:`Session.restore` rebuilds the session from one.
"""

from __future__ import annotations

import random
from typing import Any

from ..hand import shuffled_deck
from ..match import Match
from ..moves import IllegalMove, Move, MoveError
from ..problems import Problem, problem_of
from .problems import SessionError, SessionProblem
from .saving import record_of, restore_meta, saved_match, saved_settings
from .settings import is_whole, normalize_settings, rules_of
from .state import TableState, seat_list
from .story import HandStory
from .view import table_view


class Session(TableState):
    """One match between people and computer players, as the page sees it."""

    # -- creation ----------------------------------------------------------
    @classmethod
    def new(cls, data: object) -> Session:
        settings = normalize_settings(data)
        rules = rules_of(settings["preset"], settings["variants"], settings["target"])
        seed = settings.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        settings["seed"] = seed
        match = Match(rules, seed=seed, first_dealer=settings.get("first_dealer"))
        session = cls(settings, match, seed)
        session._deal()
        return session

    @classmethod
    def restore(cls, record: object, *, hosting: bool = False) -> Session:
        """A session from a saved record (its meta holds the settings).

        Remote seats stay remote only when this device goes on hosting the match
        (link/saves.py); a record opened any other way is played on here, its remote
        seats become people at this device."""
        match, meta = saved_match(record)
        settings = saved_settings(meta, match.rules, hosting)
        session = cls(settings, match, settings["seed"])
        restore_meta(session, meta)
        if match.hand is None and not match.over:
            session._deal()
        return session

    def _deal(self) -> bool:
        """Deal the next hand; a remote match deals only once its deck can be made."""
        match = self.match
        if self.remotes:
            deck = self.deck_source(len(match.records)) if self.deck_source else None
            if deck is None:
                return False
            self.host_ready = False
        else:
            deck = shuffled_deck(self.rules, random.Random(f"{self.seed}/{len(match.records)}"))
        match.deal(deck)
        return True

    def try_deal(self) -> bool:
        """The host: deal the next hand now if it is due and its deck can be made."""
        return bool(self.match.needs_deal and not self.over and self._deal())

    # -- moves ---------------------------------------------------------------
    def play(self, data: object) -> dict[str, Any]:
        """A person's move (a spec move object, optionally with "seat")."""
        seat = self.person_to_move()
        if isinstance(data, dict) and "seat" in data and data["seat"] != seat:
            found = str(data["seat"])
            raise SessionError(SessionProblem("session.wrong_seat", seat=seat, found=found))
        return self._make(parse_move(data))

    def play_move(self, move: Move) -> dict[str, Any]:
        """A person's move, already read (the guided hand checks it against its script)."""
        self.person_to_move()
        return self._make(move)

    def play_for(self, seat: int, data: object) -> dict[str, Any]:
        """The move of the remote person at ``seat`` (the host knows who sent it)."""
        to_move = self._turn()
        if seat != to_move:
            raise SessionError(SessionProblem("session.wrong_seat", seat=to_move, found=str(seat)))
        if not self.is_remote(seat):
            raise SessionError(SessionProblem("session.not_person"))
        return self._make(parse_move(data))

    def step(self) -> dict[str, Any]:
        """One computer move."""
        seat = self.computer_to_move()
        move = self.player(seat).choose(self.match.view(seat))  # that seat's view only
        rec = self.match.records[-1]
        at = {"hand": len(self.match.records) - 1, "move": len(rec.moves), "seat": seat}
        event = self._make(move)
        if seat in self.stand_ins:  # the record says the computer stood in for this move
            self.stood_moves.append({**at, "level": self.stand_ins[seat]})
        return event

    def _make(self, move: Move) -> dict[str, Any]:
        """Make the move of the seat to move: its EVENT for the page."""
        match = self.match
        hand = match.hand
        assert hand is not None
        seat = hand.to_move
        try:
            match.play(move)
        except IllegalMove as exc:
            raise SessionError(problem_of(exc)) from None
        rec = match.records[-1]
        story = HandStory(self.rules, rec.dealer, rec.deck, rec.moves)
        event = dict(story.moves[-1])
        event["hand_over"] = hand.is_over
        if story.leftover and hand.is_over:
            event["leftover"] = story.leftover
        if self.is_person(seat):
            self.shown = seat
        return event

    # -- the page's other actions -----------------------------------------------
    def next_hand(self) -> None:
        if self.phase != "hand-over":
            not_yet = SessionProblem("session.hand_not_over")
            raise SessionError(not_yet if self.phase == "play" else Problem("match.over"))
        if self.remotes:
            self.host_ready = True
        self._deal()

    def reveal(self, seat: object) -> None:
        """Hot-seat: the person at ``seat`` holds the device now."""
        if not isinstance(seat, int) or seat not in self.persons:
            raise SessionError(SessionProblem("session.not_person"))
        if self.to_move is not None and self.is_person(self.to_move) and seat != self.to_move:
            raise SessionError(SessionProblem("session.turn_of", seat=self.to_move))
        self.shown = seat

    def resign(self, seat: object = None) -> None:
        """The page: the side of ``seat`` (default: the shown person) gives up."""
        if self.over:
            raise SessionError(SessionProblem("session.already_over"))
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            seat = (
                self.shown if self.shown is not None else (self.persons[0] if self.persons else 0)
            )
        if self.is_remote(seat):
            raise SessionError(SessionProblem("session.remote_seat", seat=seat))
        self._end_against(seat, "resigned")

    def resign_remote(self, seat: int) -> None:
        """The host: the remote person at ``seat`` resigned on their device."""
        if self.over:
            raise SessionError(SessionProblem("session.already_over"))
        self._end_against(seat, "resigned")

    def timeout(self, seat: object) -> None:
        """The page's clock ran out for ``seat``, the person (or remote person) to move."""
        seat = self._check_clock_seat(seat)
        if self.paused:
            raise SessionError(SessionProblem("session.paused", seats=seat_list(self.paused)))
        self._end_against(seat, "timeout")

    def clock_used(self, data: object) -> dict[str, Any]:
        """The referee's page says how long the seat to move has used on this position
        ({"seat", "key": the view's key, "used_ms"}, and "match" when it comes from a
        save): kept, so that a reload, a pause or a reconnect carries it over (a host
        tells its guests: link/host_outbox.py).

        Refused when it is not for this match, this position and its seat to move, is
        not a whole number of milliseconds within the deadline, or is less than the
        time already counted (the time used never goes back)."""
        data = data if isinstance(data, dict) else {}
        if "match" in data and data["match"] != self.match_id:
            raise SessionError(SessionProblem("session.clock_other_match"))
        seat = self._check_clock_seat(data.get("seat"))
        key, now = data.get("key"), self.position_key
        if key != now:
            shown = str(key)[:20]
            raise SessionError(SessionProblem("session.clock_position", key=shown, now=now))
        deadline_ms = int(self.settings["deadline"]) * 1000
        used = data.get("used_ms")
        if not is_whole(used) or not 0 <= used <= deadline_ms:
            found = str(used)[:20]
            raise SessionError(
                SessionProblem("session.bad_time_used", limit=deadline_ms, found=found)
            )
        if used < self.time_used:
            problem = SessionProblem("session.time_back", used=self.time_used, found=used)
            raise SessionError(problem)
        self.clock = {"key": now, "seat": seat, "used_ms": used}
        return {"match": self.match_id, **self.clock}

    def _check_clock_seat(self, seat: object) -> int:
        """A clock's seat: the match goes on, has a deadline, and ``seat`` is a person
        (here or on another device) to move."""
        if self.over:
            raise SessionError(SessionProblem("session.already_over"))
        if self.settings.get("deadline") is None:
            raise SessionError(SessionProblem("session.no_deadline"))
        if not is_whole(seat) or seat != self.to_move:
            raise SessionError(SessionProblem("session.not_to_move", seat=str(seat)))
        if self.kind_of(seat) == "computer":
            raise SessionError(SessionProblem("session.computer_no_clock", seat=seat))
        return seat

    def _end_against(self, seat: int, reason: str) -> None:
        side = self.rules.side_of(seat)
        self.resigned = side
        self.end = {"reason": reason, "seat": seat, "side": side}

    # -- what the page gets ----------------------------------------------------
    def table_view(self) -> dict[str, Any]:
        """Everything the page draws, for the shown seat only (view.py)."""
        return table_view(self)

    def to_record(self) -> dict[str, Any]:
        """The match as a spec record, with the table in its meta (saving.py)."""
        return record_of(self)

    def reply(self, event: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            # a remote match has no table until the players' values for the deck are in
            "view": self.table_view() if self.match.hand is not None else None,
            "record": self.to_record(),
            "event": event,
        }


def parse_move(data: object) -> Move:
    """A spec move object from the page or the link ("seat" and "player" are not the move's)."""
    move_data = dict(data) if isinstance(data, dict) else data
    if isinstance(move_data, dict):
        move_data.pop("seat", None)
        move_data.pop("player", None)
    try:
        return Move.from_json(move_data)
    except MoveError as exc:
        raise SessionError(problem_of(exc)) from None
