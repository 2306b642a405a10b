"""The guest: a seat played on this device in a match refereed by another.

A :class:`Guest` holds only what its seat may know: the match's public
settings, the hands already revealed (each checked by this device's own
engine: fairdeal.check_hand and the record checker), and, for the hand in
play, the host's last *state* (its seat view).  Every message from the host
is checked at the edge (protocol.parse) and against what was seen before; a
message that does not fit is refused and changes nothing.  A hand that does
not check is announced (``checks``) and kept with the record.  The guest
answers each commitment with a value of its own, and the same value again if
the same commitment comes again (after a reconnect): once it has answered,
the deck of that hand is fixed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..cards import Card, CardError, bits
from ..moves import Move, MoveError
from ..problems import problem_of
from ..table.problems import SessionError, SessionProblem
from ..view import SeatView, ViewError
from . import rematch
from .fairdeal import Claim, DealEntry, Seen, check_hand, commitment, deals_in_hand, new_value
from .guest_state import GuestState
from .guest_table import display_match
from .problems import LinkError, LinkProblem
from .protocol import GUEST, Outcome, encode, parse, refusal


class Guest(GuestState):
    """This device's seat in a match hosted elsewhere: the host's messages taken or
    refused, and the messages its page's requests make."""

    # -- messages from the host ---------------------------------------------------------
    # -- messages from the host ---------------------------------------------------------
    def receive(self, text: str) -> Outcome:
        """A message from the host: taken, or refused with no change."""
        kind = None
        self.connected = True
        try:
            message = parse(text, GUEST)
            kind = message["kind"]
            if kind == "refuse":
                return self._told(message)
            if kind == "welcome":
                return self._welcome(message)
            if not self.started:
                raise self._fail("link.not_started")
            if message["match"] != self.match_id:
                raise self._fail("link.other_match")
            return _HANDLERS[kind](self, message)
        except LinkError as exc:
            problem = problem_of(exc)
            return Outcome(out=[(self.peer, refusal(kind, problem))], refused=problem)

    def _told(self, message: dict[str, Any]) -> Outcome:
        if message.get("about") == "move":
            self.pending = None  # the host did not take it: back to the last position
        if self.heard_no and message.get("about") == "answer" and _code(message) == "link.no_offer":
            # this seat's answer crossed the host's no_rematch on the way: the player
            # has just read who said no, and needs no second sentence about it
            return Outcome()
        return Outcome(told=message)

    def _welcome(self, message: dict[str, Any]) -> Outcome:
        same = message["match"] == self.match_id
        awaited = (  # the next match of one this seat said yes to
            self.expect_rematch_of is not None
            and message.get("rematch_of") == self.expect_rematch_of
        )
        if self.started and not same and not awaited:
            raise self._fail("link.other_match")
        if same and (message["seat"] != self.seat or message["token"] != self.token):
            raise self._fail("link.bad_token", seat=str(message["seat"]))
        settings, rules = self.table_settings(message)
        previous = self.record() if self.started and not same else None
        if not same:
            self.clear(message["match"], rules)
        self.seat, self.token = message["seat"], message["token"]
        self.settings = settings
        if not same:
            self.inherit = message.get("inherit", 0)
        if same and "offer" in message:  # the match is over: the end follows
            return rematch.guest_synced_offer(self, message["offer"])
        return Outcome(previous=previous)

    def _commit(self, message: dict[str, Any]) -> Outcome:
        hand = message["hand"]
        if hand < len(self.hands):
            return Outcome()  # an earlier hand's: already dealt
        if hand > len(self.hands) or self.over:
            raise self._fail("link.unexpected", kind="commit")
        if self.hands and message["dealer"] != self.base.next_dealer:
            raise self._fail("link.bad_field", kind="commit", field="dealer")
        # a value given in this seat's place: by the host standing in while this device
        # was away (not answered), or, to a new device, its old device's for a hand it
        # inherits (readmission.py: answered with it, a repeat the host takes)
        given = message.get("share")
        stood = given is not None and hand >= self.inherit
        entries = self.ledger.entries
        if len(entries) > hand:
            entry = entries[hand]
            if entry.commitment != message["commitment"]:
                problem = LinkProblem("link.commit_changed", hand=hand)
                self.flag(hand, problem)
                raise LinkError(problem)
            if given is not None and not stood and given != entry.shares[self.seat]:
                raise self._fail("link.bad_field", kind="commit", field="share")
        else:
            entry = DealEntry(message["commitment"], [None] * self.rules.players)
            entry.shares[self.seat] = given or new_value()
            entries.append(entry)
        if stood:  # dealt while away, the computer playing: its reveal is checked with it
            return Outcome()
        share = encode("share", match=self.match_id, hand=hand, share=entry.shares[self.seat])
        return Outcome(out=[(self.peer, share)])

    def _state(self, message: dict[str, Any]) -> Outcome:
        hand = message["hand"]
        if hand < len(self.hands) or (self.state and message["seq"] < self.state["seq"]):
            return Outcome()  # an older position
        if hand > len(self.hands) or self.over:
            raise self._fail("link.unexpected", kind="state")
        if len(self.ledger.entries) <= hand:
            raise self._fail("link.no_commit", hand=hand)
        try:
            view = SeatView.from_request(message["view"])
            layout = [Card.parse(code).index for code in message["layout"]]
        except (ViewError, CardError) as exc:
            raise self._fail("link.bad_view", reason=str(exc)) from None
        stood = self.stood(message, view.dealer, len(view.history))
        if self.pending is not None and len(self.seen.moves) in stood:
            self.pending = None  # the computer moved for this seat while it was away
        seen = self._follow(hand, view, layout)
        if len(seen.moves) > len(self.seen.moves):
            self.pending = None  # this seat's move, if it sent one, was made
        self.state, self.view, self.seen = message, view, seen
        return Outcome()

    def _follow(self, hand: int, view: SeatView, layout: list[int]) -> Seen:
        """What was seen of the hand, with this view: it must extend what came before."""
        seen = self.seen
        history = list(view.history)
        mine = list(seen.moves) + ([self.pending] if self.pending else [])
        fits = (
            view.seat == self.seat
            and view.rules == self.rules
            and list(view.scores) == self.base.totals
            and (not self.hands or view.dealer == self.base.next_dealer)
            and sorted(layout) == sorted(bits(view.initial_table))
            and seen.layout in (None, view.initial_table)
            and history[: len(mine)] == mine[: len(history)]
            and len(history) >= len(seen.moves)
        )
        dealt = dealt_by_view(view)
        if not fits or any(seen.dealt.get(d, cards) != cards for d, cards in dealt.items()):
            problem = LinkProblem("link.view_contradicts", hand=hand)
            self.flag(hand, problem)
            raise LinkError(problem)
        return Seen(view.initial_table, {**seen.dealt, **dealt}, history)

    def _reveal(self, message: dict[str, Any]) -> Outcome:
        hand = message["hand"]
        if hand < len(self.hands):
            return Outcome()  # revealed already
        if hand > len(self.hands):
            raise self._fail("link.unexpected", kind="reveal")
        if len(message["shares"]) != self.rules.players or (
            len(self.ledger.entries) <= hand and hand >= self.inherit
        ):
            missing = LinkProblem("link.no_commit", hand=hand)
            self.flag(hand, missing)
            raise LinkError(missing)
        claim = self._claim(hand, message)
        stand_in = message.get("stand_in", {})
        stood = self.stood(message, claim.dealer, len(claim.moves))
        entries = self.ledger.entries
        if len(entries) > hand:
            entry = entries[hand]
        else:  # dealt before this device took the seat: its deck checked, its values taken
            entry = DealEntry(commitment(self.match_id or "", hand, claim.secret), claim.shares)
        seen = Seen(self.seen.layout, self.seen.dealt, self.seen.moves[:])
        if self.pending is not None and len(seen.moves) in stood:
            self.pending = None  # the computer moved for this seat while it was away
        if self.pending is not None and len(claim.moves) > len(seen.moves):
            seen.moves.append(self.pending)  # it was made: it must be this seat's move as sent
        problem = check_hand(self.rules, self.match_id or "", hand, self.seat, entry, claim, seen)
        replayed = self.replayed(hand, message["deal"])
        if len(entries) == hand:
            entries.append(entry)
        entry.secret, entry.shares = claim.secret, list(claim.shares)
        self.hands.append(replayed.to_record()["hands"][hand])
        self.base = replayed
        for key in ("moves", "shares"):
            self.stand_in[key] += [{"hand": hand, **item} for item in stand_in.get(key, [])]
        check = self.flag(hand, problem)
        if hand < self.inherit:  # its values were its predecessor's: said with the check
            check["inherited"] = True
        self.state, self.view, self.seen, self.pending = None, None, Seen(), None
        return Outcome(check=check)

    def _claim(self, hand: int, message: dict[str, Any]) -> Claim:
        deal = message["deal"]
        try:
            deck = [Card.parse(code).index for code in deal.get("deck", [])]
            moves = [Move.from_json(item) for item in deal.get("moves", [])]
        except (CardError, MoveError, TypeError) as exc:
            raise self._fail("link.bad_hand", hand=hand, reason=problem_of(exc)) from None
        dealer = deal.get("dealer")
        if not isinstance(dealer, int) or len(deck) != 40:
            raise self._fail("link.bad_hand", hand=hand, reason="no dealer or no 40-card deck")
        return Claim(message["secret"], list(message["shares"]), dealer, deck, moves)

    def _presence(self, message: dict[str, Any]) -> Outcome:
        names = message["names"]
        if len(names) != self.rules.players:
            raise self._fail("link.bad_field", kind="presence", field="names")
        self.away = list(message["away"])
        self.computer = list(message.get("computer", []))
        for seat, name in zip(self.settings["seats"], names, strict=True):
            seat["name"] = name
        return Outcome()

    def _clock(self, message: dict[str, Any]) -> Outcome:
        """The time the seat to move has used on the position this seat was last sent,
        as the host counts it (a pause, a reload or a reconnect does not give it back)."""
        view, seq = self.view, message["seq"]
        if view is None or self.state is None or seq != self.state["seq"] or self.over:
            raise self._fail("link.clock_position", seq=seq, now=self.seq)
        if message["seat"] != view.to_move:
            raise self._fail("link.bad_field", kind="clock", field="seat")
        deadline = self.settings.get("deadline")
        if not isinstance(deadline, int) or message["used_ms"] > deadline * 1000:
            raise self._fail("link.bad_field", kind="clock", field="used_ms")
        self.clock = {"seq": seq, "used_ms": message["used_ms"]}
        return Outcome()

    def _end(self, message: dict[str, Any]) -> Outcome:
        seat, side = message["seat"], message["side"]
        if seat >= self.rules.players or self.rules.side_of(seat) != side:
            raise self._fail("link.bad_field", kind="end", field="side")
        self.end = {"reason": message["reason"], "seat": seat, "side": side}
        del self.ledger.entries[len(self.hands) :]  # a hand committed to, never dealt
        self.pending = None
        return Outcome()

    # -- what the page asks ----------------------------------------------------------
    def hello(self) -> str:
        """The first message on a channel to the host: a new seat, or this one again."""
        if not self.started:
            return encode("hello", name=self.name)
        return encode(
            "hello",
            match=self.match_id,
            seat=self.seat,
            token=self.token,
            hands=len(self.hands),
            name=self.name,
        )

    def move(self, data: object) -> str:
        """This seat's move, checked here first; raises LinkError/SessionError."""
        view = self._my_turn()
        if self.pending is not None:
            raise self._fail("link.move_on_its_way")
        if not self.connected:
            raise self._fail("link.host_away")
        if self.away:
            seats = ", ".join(map(str, self.away))
            raise SessionError(SessionProblem("session.paused", seats=seats))
        move = self._legal(view, data)
        self.pending = move
        return encode("move", match=self.match_id, seq=self.seq, move=move.to_json())

    def move_to_weigh(self, data: object) -> tuple[SeatView, Move]:
        """A move this seat could make now, with its view, for the sweep warning
        (coach.risk_reply): checked as ``move`` checks it, but nothing is sent."""
        view = self._my_turn()
        return view, self._legal(view, data)

    def view_to_hint(self) -> tuple[SeatView, int]:
        """This seat's view and the coach's seed, for the hint (coaching.hint_reply): the
        seat must be to move, with no move of its own on its way to the host.

        The seed is the match id's (public, the same after a reload), so the same
        position gets the same hint; the host's own seed is not the guest's to know."""
        view = self._my_turn()
        if self.pending is not None:
            raise self._fail("link.move_on_its_way")
        digest = hashlib.sha256(f"scopa-guest-hint/1/{self.match_id}".encode()).digest()
        return view, int.from_bytes(digest[:4], "big") >> 1

    def _my_turn(self) -> SeatView:
        """This seat's view, when it is this seat's turn in a hand in play."""
        view = self.view
        if view is None or self.over:
            raise SessionError(SessionProblem("session.hand_over"))
        if not view.my_turn:
            raise SessionError(SessionProblem("session.turn_of", seat=view.to_move))
        return view

    def _legal(self, view: SeatView, data: object) -> Move:
        """``data`` as a move, legal on the table as this seat knows it."""
        try:
            move = Move.from_json(data)
        except MoveError as exc:
            raise SessionError(problem_of(exc)) from None
        hand = display_match(self.base, view, self.layout(), None).hand
        why = hand.why_illegal(move) if hand is not None else None
        if why is not None:
            raise SessionError(why)
        return move

    def next_hand(self) -> str:
        hand = len(self.hands) - 1
        if self.view is not None or hand < 0 or self.over:
            raise SessionError(SessionProblem("session.hand_not_over"))
        self.ready = hand
        return encode("next", match=self.match_id, hand=hand)

    def resign(self) -> str:
        if not self.started:
            raise self._fail("link.not_started")
        if self.over:
            raise SessionError(SessionProblem("session.already_over"))
        return encode("resign", match=self.match_id)


def _code(message: dict[str, Any]) -> str | None:
    """The problem code of a refusal from the host, if it has one."""
    problem = message.get("problem")
    return problem.get("code") if isinstance(problem, dict) else None


def dealt_by_view(view: SeatView) -> dict[int, int]:
    """Deal number -> the cards this seat got in it, as the view shows them."""
    rules = view.rules
    per_deal = rules.players * rules.hand_size
    current = len(view.history) // per_deal
    dealt = {deal: 0 for deal in range(min(current + 1, deals_in_hand(rules)))}
    for k, move in enumerate(view.history):
        if view.seat_of_move(k) == view.seat and move.card >= 0:
            dealt[k // per_deal] |= 1 << move.card
    dealt[current] |= view.hand
    return dealt


_HANDLERS = {
    "commit": Guest._commit,
    "state": Guest._state,
    "reveal": Guest._reveal,
    "presence": Guest._presence,
    "end": Guest._end,
    "clock": Guest._clock,
    "rematch": rematch.guest_got_rematch,
    "answer": rematch.guest_got_answer,
    "no_rematch": rematch.guest_got_no_rematch,
}
