"""The game session behind the page: one match, its seats and the table view.

Runs in the engine worker (Pyodide) and, for the unit tests, in CPython.  The
page never decides a rule: after every change it receives a complete *table
view* (``Session.table_view``) holding everything it draws plus, on a
person's turn, that person's legal moves with their capture options and the
engine's reasons why the other table cards cannot be taken.  The view only
ever holds the cards of the seat whose hand is shown (``viewer``); in
hot-seat play the hands are hidden (``pass_to``) until the next person says
they hold the device (``reveal``).

Saving is the spec record (``Match.to_record``) with the settings in
``meta``; ``Session.restore`` rebuilds the session from one.  Each hand's deck
comes from ``(seed, hand number)``, so a restored match deals the same later
hands as one that was never saved.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, TypeGuard

from scopa_core.cards import CARD_NAMES, CARD_VALUE, Card, bits
from scopa_core.hand import NOBODY, HandState, shuffled_deck
from scopa_core.match import Match
from scopa_core.moves import DECLARE, KEEP, IllegalMove, Move, MoveError
from scopa_core.problems import Problem, problem_of
from scopa_core.record import RecordError, load_record
from scopa_core.rules import PRESETS, VARIANTS, Rules, RulesError
from scopa_core.scoring import strict_winner

APP = "scopa 1.0"
VIEW_VERSION = 1
LEVELS = ("easy", "normal", "hard", "expert")
DEFAULT_LEVEL = "normal"
NAME_LIMIT = 24
MATCH_ID_LIMIT = 64
#: "remote": a person playing on another device, whose moves come over the link.
SEAT_KINDS = ("person", "computer", "remote")
#: A move deadline, when there is one, is this many seconds or more, up to a day.
DEADLINE_LOW = 5
DEADLINE_HIGH = 86400
#: Why a match ended before a side reached the target.
END_REASONS = ("resigned", "timeout")


class SessionError(ValueError):
    """A request the session cannot carry out (bad settings, not your turn...)."""


#: The English of the session's own codes (the Italian is in web/app/i18n.py).
SESSION_ENGLISH: Final[dict[str, str]] = {
    "session.settings_not_object": "the settings must be a JSON object",
    "session.bad_variants": "variants must be a list of {known}",
    "session.bad_level": "level must be one of {known}",
    "session.not_whole": "{key} must be a whole number",
    "session.not_bool": "{key} must be true or false",
    "session.bad_first_dealer": "first_dealer must be a seat",
    "session.target_not_whole": "the target must be a whole number",
    "session.bad_seats": "seats must list the {players} seats",
    "session.bad_seat_kind": (
        'each seat must be {{"kind": "person"}}, {{"kind": "computer"}} or {{"kind": "remote"}}'
    ),
    "session.bad_name": "a seat's name must be text",
    "session.saved_not_object": "a saved game must be a JSON object",
    "session.saved_invalid": "the saved game is not valid: {reason}",
    "session.hand_over": "no card can be played now: the hand is over",
    "session.computer_turn": "it is the computer's turn (seat {seat})",
    "session.hidden": "the hands are hidden: the next player must reveal theirs first",
    "session.wrong_seat": "it is seat {seat}'s turn, not seat {found}'s",
    "session.person_turn": "it is a person's turn (seat {seat})",
    "session.hand_not_over": "the hand is not over yet",
    "session.not_person": "only a person's hand can be shown",
    "session.turn_of": "it is seat {seat}'s turn",
    "session.already_over": "the match is already over",
    "session.no_match": "no match has been started",
    "session.bad_deadline": "the move deadline must be off (null) or {low} to {high} seconds",
    "session.remote_turn": "it is seat {seat}'s turn, on another device",
    "session.remote_seat": "seat {seat} plays on another device",
    "session.paused": "the match is paused: waiting for seat {seats} to come back",
    "session.no_deadline": "this match has no move deadline",
    "session.not_to_move": "seat {seat} is not the one to move",
    "session.computer_no_clock": (
        "the deadline counts for people only, not for the computer (seat {seat})"
    ),
    "session.not_dealt": "the first hand has not been dealt yet",
}


class SessionProblem(Problem):
    """The session's own sentences (the page says them in its language by code)."""

    TEMPLATES: ClassVar[dict[str, str]] = SESSION_ENGLISH


def new_match_id() -> str:
    """A name for a new match, unique on a device (64 random bits in hex)."""
    return f"{random.SystemRandom().getrandbits(64):016x}"


# --- settings ----------------------------------------------------------------


def normalize_settings(data: object) -> dict[str, Any]:
    """Check and complete the page's settings; raises SessionError."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SessionError(SessionProblem("session.settings_not_object"))
    preset = data.get("preset", "scopa")
    if preset not in PRESETS:
        raise SessionError(Problem("rules.no_preset", name=repr(preset), known=", ".join(PRESETS)))
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(v in VARIANTS for v in variants):
        raise SessionError(SessionProblem("session.bad_variants", known=", ".join(VARIANTS)))
    level = data.get("level", DEFAULT_LEVEL)
    if level not in LEVELS:
        raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
    rules = rules_of(preset, variants, data.get("target"))
    seats = _seats(data.get("seats"), rules.players, level)
    out: dict[str, Any] = {
        "preset": preset,
        "variants": list(variants),
        "target": rules.target,
        "level": level,
        "seats": seats,
        "deadline": _deadline(data.get("deadline")),
    }
    for key in ("seed", "first_dealer"):
        value = data.get(key)
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SessionError(SessionProblem("session.not_whole", key=key))
            out[key] = value
    if out.get("first_dealer", 0) >= rules.players:
        raise SessionError(SessionProblem("session.bad_first_dealer"))
    # the page's sweep warning (a preference kept with the match; absent: the level's default)
    warn = data.get("sweep_warning")
    if warn is not None:
        if not isinstance(warn, bool):
            raise SessionError(SessionProblem("session.not_bool", key="sweep_warning"))
        out["sweep_warning"] = warn
    return out


def _deadline(value: object) -> int | None:
    """Seconds a person has for each move, or None for no deadline."""
    if value is None:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not DEADLINE_LOW <= value <= DEADLINE_HIGH
    ):
        problem = SessionProblem("session.bad_deadline", low=DEADLINE_LOW, high=DEADLINE_HIGH)
        raise SessionError(problem)
    return value


def rules_of(preset: str, variants: Sequence[str], target: object = None) -> Rules:
    changes: dict[str, Any] = {}
    for name in variants:
        changes.update(VARIANTS[name])
    if target is not None:
        if not isinstance(target, int) or isinstance(target, bool):
            raise SessionError(SessionProblem("session.target_not_whole"))
        changes["target"] = target
    try:
        return Rules.preset(preset, **changes)
    except (RulesError, TypeError) as exc:
        raise SessionError(problem_of(exc)) from None


def _seats(data: object, players: int, level: str) -> list[dict[str, Any]]:
    if data is None:
        data = [{"kind": "person"}] + [{"kind": "computer"}] * (players - 1)
    if not isinstance(data, list) or len(data) != players:
        raise SessionError(SessionProblem("session.bad_seats", players=players))
    seats = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in SEAT_KINDS:
            raise SessionError(SessionProblem("session.bad_seat_kind"))
        name = item.get("name") or ""
        if not isinstance(name, str):
            raise SessionError(SessionProblem("session.bad_name"))
        seat: dict[str, Any] = {"kind": item["kind"], "name": name.strip()[:NAME_LIMIT]}
        if item["kind"] == "computer":
            seat_level = item.get("level") or level
            if seat_level not in LEVELS:
                raise SessionError(SessionProblem("session.bad_level", known=", ".join(LEVELS)))
            seat["level"] = seat_level
        seats.append(seat)
    return seats


# --- computer players --------------------------------------------------------


def make_player(level: str, seed: int) -> Any:
    from scopa_core.players import make_player as make

    return make(level, seed)


# --- replaying a hand for the table's details -------------------------------


class HandStory:
    """What happened in the hand so far, move by move, for the table view."""

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[int], moves: Sequence[Move]):
        state = HandState(rules, deck, dealer)
        # the table in the order its cards arrived: the layout as dealt, then each card put down
        start = rules.players * rules.hand_size
        order = [i for i in deck[start : start + rules.table_cards] if state.table >> i & 1]
        self.moves: list[dict[str, Any]] = []
        self.scope_cards: list[list[str]] = [[] for _ in range(rules.num_sides)]
        for move in moves:
            seat = state.to_move
            side = rules.side_of(seat)
            scope_before = state.scope[side]
            hands_before = sum(h.bit_count() for h in state.hands)
            taken_in_order = [i for i in order if move.take >> i & 1]
            state.push(move)
            info: dict[str, Any] = {"seat": seat, "side": side}
            if move.kind == DECLARE:
                info["kind"] = "declare"
            else:
                info["kind"] = "keep" if move.kind == KEEP else "play"
                info["card"] = CARD_NAMES[move.card]
                info["take"] = [CARD_NAMES[i] for i in taken_in_order]
                info["scopa"] = state.scope[side] > scope_before
                if info["scopa"]:
                    self.scope_cards[side].append(info["card"])
                if move.kind != KEEP:
                    if move.take:
                        order = [i for i in order if not move.take >> i & 1]
                    else:
                        order.append(move.card)
                info["dealt"] = sum(h.bit_count() for h in state.hands) > hands_before
            self.moves.append(info)
        self.state = state
        self.table_order = order
        # leftovers: at the end of a hand (not declared) the table goes to the last capturer
        self.leftover: dict[str, Any] | None = None
        if state.is_over and state.declared == NOBODY and state.table:
            self.leftover = {
                "side": state.last_capturer if state.last_capturer != NOBODY else None,
                "cards": [CARD_NAMES[i] for i in order],
            }

    def last_of_each(self, players: int) -> list[dict[str, Any] | None]:
        last: list[dict[str, Any] | None] = [None] * players
        for info in self.moves:
            last[info["seat"]] = info
        return last


def _by_value(index: int) -> tuple[int, int]:
    return (index % 10, index // 10)


# --- the session -----------------------------------------------------------


class Session:
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
        #: with remote seats every deck is one nobody could choose (fairdeal.py): the host
        #: gives hand n's deck once the players' values are in, None until then
        self.deck_source: Callable[[int], list[int] | None] | None = None
        #: the person(s) on this device asked for the next hand (a remote match waits for all)
        self.host_ready = False
        #: more meta for the record (the host's fair-deal ledger and link role)
        self.extra_meta: Callable[[], dict[str, Any]] | None = None
        self._players: dict[int, Any] = {}
        # names this match in saved records (meta.id), so that the page counts each
        # match once in its statistics, also across reloads and imports
        self.match_id = new_match_id()

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
        (host.py); a record opened any other way is played on here, its remote
        seats become people at this device."""
        if not isinstance(record, dict):
            raise SessionError(SessionProblem("session.saved_not_object"))
        try:
            match = load_record(record)
        except RecordError as exc:
            problem = SessionProblem("session.saved_invalid", reason=exc.message)
            raise SessionError(problem) from None
        meta = record.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        saved = meta.get("settings")
        settings = dict(saved) if isinstance(saved, dict) else {}
        settings.pop("first_dealer", None)
        if not hosting:
            settings["seats"] = _local_seats(settings.get("seats"))
        if "seats" not in settings or not isinstance(settings.get("seats"), list):
            settings["seats"] = None
        settings["preset"] = _preset_of(match.rules, settings.get("preset"))
        settings["variants"] = (
            [v for v in settings.get("variants", []) if v in VARIANTS]
            if isinstance(settings.get("variants"), list)
            else []
        )
        settings["target"] = match.rules.target
        if not isinstance(settings.get("sweep_warning"), bool):
            settings.pop("sweep_warning", None)  # a damaged preference is not worth the seats
        try:
            settings = normalize_settings(settings)
        except SessionError:
            settings = normalize_settings(
                {"preset": settings["preset"], "target": match.rules.target}
            )
        seed = meta.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            seed = random.SystemRandom().randrange(1 << 31)
        settings["seed"] = seed
        session = cls(settings, match, seed)
        # the exact rules of the record win over anything the settings say
        session.rules = match.rules
        match_id = meta.get("id")
        if isinstance(match_id, str) and 0 < len(match_id) <= MATCH_ID_LIMIT:
            session.match_id = match_id
        shown = meta.get("shown")
        if isinstance(shown, int) and shown in session.persons:
            session.shown = shown
        session._restore_end(meta)
        if match.hand is None and not match.over:
            session._deal()
        return session

    def _restore_end(self, meta: dict[str, Any]) -> None:
        resigned = meta.get("resigned")
        if not _is_whole(resigned) or not 0 <= resigned < self.rules.num_sides or self.match.over:
            return
        end = meta.get("end")
        end = end if isinstance(end, dict) else {}
        seat = end.get("seat")
        if not (_is_whole(seat) and 0 <= seat < self.rules.players):
            seat = None
        if seat is not None and self.rules.side_of(seat) != resigned:
            seat = None  # the seat named is not on the side that lost
        reason = end.get("reason")
        self.resigned = resigned
        self.end = {
            "reason": reason if reason in END_REASONS else "resigned",
            "seat": seat,
            "side": resigned,
        }

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

    def is_person(self, seat: int) -> bool:
        return bool(self.seats[seat]["kind"] == "person")

    def is_remote(self, seat: int) -> bool:
        return bool(self.seats[seat]["kind"] == "remote")

    def _player(self, seat: int) -> Any:
        player = self._players.get(seat)
        if player is None:
            level = self.seats[seat].get("level", DEFAULT_LEVEL)
            player = self._players[seat] = make_player(level, self.seed * 8 + seat)
        return player

    # -- actions -------------------------------------------------------------
    def _turn(self) -> int:
        """The seat to move, when a move may be made at all."""
        seat = self.to_move
        if seat is None:
            raise SessionError(SessionProblem("session.hand_over"))
        if self.paused:
            raise SessionError(SessionProblem("session.paused", seats=_seat_list(self.paused)))
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
        if self._pass_to() is not None:
            raise SessionError(SessionProblem("session.hidden"))
        return seat

    def play(self, data: object) -> dict[str, Any]:
        """A person's move (a spec move object, optionally with "seat")."""
        seat = self.person_to_move()
        if isinstance(data, dict) and "seat" in data and data["seat"] != seat:
            found = str(data["seat"])
            raise SessionError(SessionProblem("session.wrong_seat", seat=seat, found=found))
        return self._make(_parse_move(data))

    def play_for(self, seat: int, data: object) -> dict[str, Any]:
        """The move of the remote person at ``seat`` (the host knows who sent it)."""
        to_move = self._turn()
        if seat != to_move:
            raise SessionError(SessionProblem("session.wrong_seat", seat=to_move, found=str(seat)))
        if not self.is_remote(seat):
            raise SessionError(SessionProblem("session.not_person"))
        return self._make(_parse_move(data))

    def step(self) -> dict[str, Any]:
        """One computer move."""
        seat = self._turn()
        if self.is_remote(seat):
            raise SessionError(SessionProblem("session.remote_turn", seat=seat))
        if self.is_person(seat):
            raise SessionError(SessionProblem("session.person_turn", seat=seat))
        move = self._player(seat).choose(self.match.view(seat))
        return self._make(move)

    def _make(self, move: Move) -> dict[str, Any]:
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
        if self.over:
            raise SessionError(SessionProblem("session.already_over"))
        if self.settings.get("deadline") is None:
            raise SessionError(SessionProblem("session.no_deadline"))
        if not _is_whole(seat) or seat != self.to_move:
            raise SessionError(SessionProblem("session.not_to_move", seat=str(seat)))
        if self.seats[seat]["kind"] == "computer":
            raise SessionError(SessionProblem("session.computer_no_clock", seat=seat))
        if self.paused:
            raise SessionError(SessionProblem("session.paused", seats=_seat_list(self.paused)))
        self._end_against(seat, "timeout")

    def _end_against(self, seat: int, reason: str) -> None:
        side = self.rules.side_of(seat)
        self.resigned = side
        self.end = {"reason": reason, "seat": seat, "side": side}

    # -- what the page gets ----------------------------------------------------
    def _pass_to(self) -> int | None:
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

    def table_view(self) -> dict[str, Any]:
        """Everything the page draws, for the shown seat only."""
        match = self.match
        rules = self.rules
        hand = match.hand
        if hand is None:
            raise SessionError(SessionProblem("session.not_dealt"))
        rec = match.records[-1]
        story = HandStory(rules, rec.dealer, rec.deck, rec.moves)
        phase = self.phase
        to_move = self.to_move
        pass_to = self._pass_to()
        viewer = None if pass_to is not None else self.shown
        if to_move is not None and self.is_person(to_move) and pass_to is None:
            viewer = to_move
        piles = hand.final_piles() if hand.is_over else hand.piles
        resigned = "r" if self.resigned is not None else ""
        view: dict[str, Any] = {
            "version": VIEW_VERSION,
            "key": f"{len(match.records)}.{len(rec.moves)}.{resigned}",
            "rules": rules.to_json(),
            "settings": self.settings,
            "players": rules.players,
            "sides": [list(s) for s in rules.sides],
            "seats": self.seats,
            "phase": phase,
            "to_move": to_move,
            "to_move_kind": None if to_move is None else self.seats[to_move]["kind"],
            "viewer": viewer,
            "pass_to": pass_to,
            "bottom": viewer
            if viewer is not None
            else (
                pass_to
                if pass_to is not None
                else (
                    self.shown
                    if self.shown is not None
                    else (self.persons[0] if self.persons else 0)
                )
            ),
            "dealer": rec.dealer,
            "hand_no": len(match.records),
            "moves_in_hand": len(rec.moves),
            "hand": [],
            "hand_counts": [h.bit_count() for h in hand.hands],
            "table": [CARD_NAMES[i] for i in story.table_order] if not hand.is_over else [],
            "deck_left": hand.cards_left_in_deck,
            "piles": [
                {
                    "cards": piles[s].bit_count(),
                    "scope": hand.scope[s],
                    "scope_cards": story.scope_cards[s],
                }
                for s in range(rules.num_sides)
            ],
            "totals": list(match.totals),
            "before": match.scores_before_hand(),
            "target": rules.target,
            "hands_points": [list(r.score.points) for r in match.records if r.score],
            "last": story.last_of_each(rules.players),
            "moves": None,
            "can_declare": False,
            "count": None,
            "result": None,
        }
        if viewer is not None:
            view["hand"] = [CARD_NAMES[i] for i in sorted(bits(hand.hands[viewer]), key=_by_value)]
        if viewer is not None and viewer == to_move:
            view["moves"], view["can_declare"] = self._legal_for_page(hand, story.table_order)
        if hand.is_over and rec.score is not None:
            view["count"] = self._count(rec.score, rec.dealer, story)
        if self.over:
            view["result"] = {
                "winner": self.winner(),
                "resigned": self.resigned,
                "end": self.end,
                "declared": rec.score.declared if rec.score else None,
                "cappotto": bool(
                    rules.cappotto
                    and rec.score is not None
                    and rec.score.all_coins is not None
                    and rec.score.declared is None
                    and match.over
                ),
                "totals": list(match.totals),
                "target": rules.target,
            }
        return view

    def _legal_for_page(
        self, hand: HandState, table_order: list[int]
    ) -> tuple[dict[str, Any], bool]:
        """Per card of the hand: its legal moves and why other table cards are out."""
        moves: dict[str, Any] = {}
        declare = False
        table = hand.table
        for move in hand.legal_moves():
            if move.kind == DECLARE:
                declare = True
                continue
            name = CARD_NAMES[move.card]
            entry = moves.setdefault(name, {"moves": [], "blocked": {}})
            entry["moves"].append(
                {
                    "take": [CARD_NAMES[i] for i in table_order if move.take >> i & 1],
                    "keep": move.kind == KEEP,
                }
            )
        for name, entry in moves.items():
            card = Card.parse(name).index
            reach = 0
            for m in entry["moves"]:
                for t in m["take"]:
                    reach |= 1 << Card.parse(t).index
            if len(entry["moves"]) < 2 or not any(m["take"] for m in entry["moves"]):
                continue  # the page plays a card with one move at once: no choosing
            for i in table_order:
                if not reach >> i & 1:
                    entry["blocked"][CARD_NAMES[i]] = self._why_not(hand, card, i, table)
        return moves, declare

    def _why_not(self, hand: HandState, card: int, target: int, table: int) -> dict[str, Any]:
        """Why ``card`` cannot take the table card ``target`` (engine sentence + code)."""
        value = CARD_VALUE[card]
        options = hand.options(card)
        # a set holding the target that adds up to the card's value: the clearest example
        others = [i for i in bits(table) if i != target and CARD_VALUE[i] < value]
        example = 1 << target
        if CARD_VALUE[target] < value:
            found = _subset_sum(others, value - CARD_VALUE[target])
            if found is not None:
                example |= found
        text = hand.why_illegal(Move(card, example))
        singles = [CARD_NAMES[i] for i in bits(table) if CARD_VALUE[i] == value]
        rules = self.rules
        if value == 1 and rules.ace_takes_all:
            code = "ace"
        elif rules.standard_capture and singles and _mask_value(example) == value:
            code = "single_first"
        else:
            code = "no_sum"
        return {
            "text": text or "",
            "code": code,
            "card": CARD_NAMES[card],
            "take": [CARD_NAMES[i] for i in bits(example)],
            "singles": singles,
            "options": [[CARD_NAMES[i] for i in bits(o)] for o in options],
        }

    def _count(self, score: Any, dealer: int, story: HandStory) -> dict[str, Any]:
        rules = self.rules
        return {
            "hand_no": len(self.match.records),
            "dealer": dealer,
            "declared": score.declared,
            "cards": list(score.cards),
            "cards_winner": strict_winner(score.cards),
            "coins": list(score.coins),
            "coins_winner": strict_winner(score.coins),
            "settebello": score.settebello,
            "re_bello_on": rules.re_bello,
            "re_bello": score.re_bello,
            "primiera": list(score.primiera),
            "primiera_cards": [[CARD_NAMES[i] for i in cards] for cards in score.primiera_cards],
            "primiera_winner": strict_winner(score.primiera),
            "scope": list(score.scope),
            "napola_on": rules.napola,
            "napola": list(score.napola),
            "cappotto": score.all_coins if rules.cappotto else None,
            "points": list(score.points),
            "totals": list(self.match.totals),
            "before": self.match.scores_before_hand(),
            "leftover": story.leftover,
        }

    def to_record(self) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "app": APP,
            "seats": [_seat_label(seat) for seat in self.seats],
            "settings": self.settings,
            "seed": self.seed,
            "shown": self.shown,
            "id": self.match_id,
        }
        if self.resigned is not None:
            meta["resigned"] = self.resigned
        if self.end is not None:
            meta["end"] = self.end
        if self.extra_meta is not None:
            meta.update(self.extra_meta())
        return self.match.to_record(meta)

    def reply(self, event: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            # a remote match has no table until the players' values for the deck are in
            "view": self.table_view() if self.match.hand is not None else None,
            "record": self.to_record(),
            "event": event,
        }


def _parse_move(data: object) -> Move:
    """A spec move object from the page or the link ("seat" and "player" are not the move's)."""
    move_data = dict(data) if isinstance(data, dict) else data
    if isinstance(move_data, dict):
        move_data.pop("seat", None)
        move_data.pop("player", None)
    try:
        return Move.from_json(move_data)
    except MoveError as exc:
        raise SessionError(problem_of(exc)) from None


def _local_seats(data: object) -> object:
    """Seats for a match played on at this device: a remote person sits here now."""
    if not isinstance(data, list):
        return data
    return [
        {**item, "kind": "person"}
        if isinstance(item, dict) and item.get("kind") == "remote"
        else item
        for item in data
    ]


def _seat_list(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in seats)


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_label(seat: dict[str, Any]) -> str:
    if seat["kind"] == "computer":
        return f"computer ({seat.get('level', DEFAULT_LEVEL)})"
    return str(seat.get("name") or "person")


def _preset_of(rules: Rules, wanted: object) -> str:
    if isinstance(wanted, str) and wanted in PRESETS:
        base = PRESETS[wanted]
        if (base.players, base.hand_size) == (rules.players, rules.hand_size):
            return wanted
    for name, base in PRESETS.items():
        if (base.players, base.hand_size, base.napola) == (
            rules.players,
            rules.hand_size,
            rules.napola,
        ):
            return name
    return next(n for n, b in PRESETS.items() if b.players == rules.players)


def _mask_value(mask: int) -> int:
    return sum(CARD_VALUE[i] for i in bits(mask))


def _subset_sum(cards: list[int], total: int) -> int | None:
    """A set of the given cards adding up to ``total`` (as a mask), or None."""
    if total == 0:
        return 0
    if not cards or total < 0:
        return None
    first, rest = cards[0], cards[1:]
    with_first = _subset_sum(rest, total - CARD_VALUE[first])
    if with_first is not None:
        return with_first | 1 << first
    return _subset_sum(rest, total)
