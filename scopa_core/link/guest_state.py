"""What a guest knows of a match hosted on another device, and what its page is shown.

A guest holds only what its seat may know: the match's public settings, the
hands already revealed (each checked by this device's own engine), the
outcome of each check, and, for the hand in play, the host's last *state* (its
seat view), with this seat's own move on its way to the host if there is one.
:class:`GuestState` keeps it and says what the page draws (a table made from
it by guest_table.py), exports (the record of the revealed hands) and saves;
:class:`~scopa_core.link.guest.Guest` adds how it changes, with each message
from the host and each request of the page.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..match import RECORD_FORMAT, Match
from ..moves import Move
from ..problems import Problem
from ..record import RecordError, load_record
from ..rules import Rules, RulesError
from ..table.problems import SessionError
from ..table.saving import APP, seat_label
from ..table.session import Session
from ..table.settings import normalize_settings, rules_of
from ..view import SeatView
from .fairdeal import Ledger, Seen
from .guest_table import display_match, events_of, table_session
from .problems import LinkError, LinkProblem
from .protocol import GUEST


class GuestState:
    """This device's seat in a match hosted elsewhere: all it knows."""

    def __init__(self, peer: str, name: str = "") -> None:
        self.peer = peer  # the page's name for the channel to the host
        self.name = name
        self.clear(None, Rules())

    def clear(self, match_id: str | None, rules: Rules) -> None:
        """Nothing of a match (a previous one's included): ready for ``match_id``."""
        self.match_id = match_id
        self.seat = -1
        self.token = ""
        self.settings: dict[str, Any] = {}  # the host's settings (no seed)
        self.rules = rules
        self.hands: list[dict[str, Any]] = []  # the record's hands: revealed, checked
        self.ledger = Ledger()
        #: readmitted into a seat (a new device): hands before this one were dealt, at
        #: least in part, before this device held it; their values are its predecessor's
        self.inherit = 0
        self.checks: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None  # the host's last state message
        self.view: SeatView | None = None  # its seat view
        self.seen = Seen()
        self.pending: Move | None = None  # this seat's move on its way to the host
        self.clock: dict[str, int] | None = None  # the host's clock message: {"seq", "used_ms"}
        self.away: list[int] = []
        self.computer: list[int] = []  # remote seats the computer plays while away
        #: what the computer and the host did for friends away, in the revealed hands
        self.stand_in: dict[str, list[dict[str, Any]]] = {"moves": [], "shares": []}
        self.stood_told = 0  # this seat's moves the computer made that the player was told of
        self.connected = True
        self.end: dict[str, Any] | None = None
        self.ready = -1
        self.offer: dict[str, Any] | None = None
        self.expect_rematch_of: str | None = None
        self.heard_no = False  # the host said who said no to the last offer (no_rematch)
        self.handoff = False  # the roles swap: this device hosts the rematch
        self.base = Match(rules)  # the revealed hands, replayed
        self.shown = (0, 0)  # (hands, moves) the page has been given events for

    # -- facts --------------------------------------------------------------------
    @property
    def agreed(self) -> bool:
        """It said yes to this match's rematch (or its own ask was taken): the host's
        welcome of the next match comes next."""
        return self.expect_rematch_of is not None and self.expect_rematch_of == self.match_id

    @property
    def started(self) -> bool:
        return self.match_id is not None

    @property
    def over(self) -> bool:
        return self.end is not None or self.base.over

    @property
    def seq(self) -> int:
        return self.state["seq"] if self.state else sum(len(h["moves"]) for h in self.hands)

    def _fail(self, code: str, **params: Any) -> LinkError:
        return LinkError(LinkProblem(code, **params))

    # -- what it keeps of the host's messages -------------------------------------------
    def table_settings(self, message: dict[str, Any]) -> tuple[dict[str, Any], Rules]:
        """The match's settings and rules, which must agree with each other."""
        try:
            rules = Rules.from_json(message["rules"])
        except RulesError:
            raise self._fail("link.bad_field", kind="welcome", field="rules") from None
        try:
            settings = normalize_settings(message["settings"])
            agreed = rules_of(settings["preset"], settings["variants"], settings["target"])
        except SessionError:
            raise self._fail("link.bad_field", kind="welcome", field="settings") from None
        if agreed != rules or settings["seats"][message["seat"]]["kind"] != "remote":
            raise self._fail("link.bad_field", kind="welcome", field="settings")
        return settings, rules

    def flag(self, hand: int, problem: Problem | None) -> dict[str, Any]:
        """Keep the outcome of a check with the record (and return it for the page)."""
        check: dict[str, Any] = {"hand": hand, "ok": problem is None}
        if problem is not None:
            check["error"] = str(problem)
            check["problem"] = problem.to_json()
        self.checks.append(check)
        return check

    def replayed(self, hand: int, deal: dict[str, Any]) -> Match:
        """The revealed hands with this one, through the record checker."""
        hands = [*self.hands, {k: deal.get(k) for k in ("dealer", "deck", "moves")}]
        try:
            return load_record(
                {"format": RECORD_FORMAT, "rules": self.rules.to_json(), "hands": hands}
            )
        except RecordError as exc:
            problem = LinkProblem("link.check_replay", hand=hand, reason=exc.message)
            self.flag(hand, problem)
            raise LinkError(problem) from None

    def stood(self, message: dict[str, Any], dealer: int, moves: int) -> dict[int, int]:
        """A hand's ``stand_in`` checked against it: move index -> seat, for the moves
        the computer made for a friend away (each the seat to move then, a remote one)."""
        stand_in, kind = message.get("stand_in", {}), message["kind"]
        found = {}
        for item in stand_in.get("moves", []):
            seat = (dealer + 1 + item["move"]) % self.rules.players
            if item["move"] >= moves or item["seat"] != seat or not self._remote(seat):
                raise self._fail("link.bad_field", kind=kind, field="stand_in")
            found[item["move"]] = seat
        for item in stand_in.get("shares", []):
            if not self._remote(item["seat"]):
                raise self._fail("link.bad_field", kind=kind, field="stand_in")
        return found

    def _remote(self, seat: int) -> bool:
        seats = self.settings.get("seats") or []
        return seat < len(seats) and seats[seat].get("kind") == "remote"

    # -- what the page draws and exports ----------------------------------------------------
    def layout(self) -> list[int]:
        return [Card.parse(code).index for code in self.state["layout"]] if self.state else []

    def record(self) -> dict[str, Any] | None:
        """The match as far as this device knows it: the revealed hands only."""
        if not self.started:
            return None
        meta: dict[str, Any] = {
            "app": APP,
            "seats": [seat_label(seat) for seat in self.settings["seats"]],
            "settings": self.settings,
            "id": self.match_id,
            "fair_deal": self.ledger.to_json(len(self.hands)),
            "link": {"role": GUEST, "seat": self.seat, "checks": self.checks},
        }
        if self.end is not None:
            meta["resigned"] = self.end["side"]
            meta["end"] = self.end
        stand_in = {key: items for key, items in self.stand_in.items() if items}
        if stand_in:
            meta["stand_in"] = stand_in
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.to_json(),
            "hands": self.hands,
            "meta": meta,
        }

    def info(self) -> dict[str, Any]:
        failed = sorted({c["hand"] for c in self.checks if not c["ok"]})
        return {
            "role": GUEST,
            "match": self.match_id,
            "seat": self.seat if self.started else None,
            "connected": self.connected,
            "away": self.away,
            "paused": (bool(self.away) or not self.connected) and not self.over,
            "waiting": self.pending is not None,
            "ready": self.ready >= len(self.hands) - 1 and self.view is None and bool(self.hands),
            "deadline": self.settings.get("deadline"),
            "checks": self.checks,
            "failed": failed,
            "offer": self.offer,
            "agreed": self.agreed,
            **({"computer": self.computer} if self.computer else {}),
        }

    def table(self) -> Session | None:
        """The table as this seat knows it (None before the first hand is dealt)."""
        if not self.started:
            return None
        match = display_match(self.base, self.view, self.layout(), self.pending)
        if match.hand is None:
            return None
        session = table_session(match, self.settings, self.seat, self.match_id or "", self.end)
        clock = self.clock
        if clock is not None and self.pending is None and clock["seq"] == self.seq:
            # the host's count of the time used on this position: this page's clock starts
            # from it (it is the referee's: a reload or a pause does not give it back)
            seat = session.to_move
            session.clock = {"key": session.position_key, "seat": seat, "used_ms": clock["used_ms"]}
        return session

    def stood_for_me(self) -> int:
        """How many of this seat's moves the computer made while its friend was away."""
        current = self.state.get("stand_in", {}).get("moves", []) if self.state else []
        items = self.stand_in["moves"] + current
        return sum(1 for item in items if item["seat"] == self.seat)

    def stood_news(self) -> int:
        """The moves the computer made for this seat that the player has not been told of:
        said once the position is caught up (a state, or the end), all in one sentence."""
        if self.view is None and not self.over:
            return 0  # hands revealed on the way back: the position comes next
        made = self.stood_for_me()
        news, self.stood_told = max(0, made - self.stood_told), max(made, self.stood_told)
        return news

    def new_events(self, table: Session | None) -> list[dict[str, Any]]:
        """The moves the page has not been given yet (its table is ``table``)."""
        if table is None:
            return []
        hands, moves = len(table.match.records), len(table.match.records[-1].moves)
        first = self.shown[1] if self.shown[0] == hands else 0
        self.shown = (hands, moves)
        return events_of(table.match, first) if moves > first else []
