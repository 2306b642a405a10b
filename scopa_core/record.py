"""Records: reading, checking and writing the spec's ``scopa-record/1`` JSON.

:func:`load_record` replays a record through the engine and returns the
:class:`~scopa_core.match.Match` it describes, or raises :class:`RecordError`
naming the zero-based hand and move where it goes wrong.  :func:`check_record`
is the replay checker's answer as the spec prints it.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import CARD_NAMES, Card, CardError
from .match import RECORD_FORMAT, Match
from .moves import IllegalMove, Move, MoveError
from .problems import Problem, problem_of
from .rules import Rules, RulesError


class RecordError(ValueError):
    """A record that is malformed or breaks the rules, and where."""

    def __init__(
        self, message: Problem | str, hand: int | None = None, move: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.move = move

    def to_json(self) -> dict[str, Any]:
        return {"ok": False, "hand": self.hand, "move": self.move, "error": self.message}


def parse_json(text: str | bytes) -> object:
    """JSON text to Python, with every failure as a RecordError."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        return json.loads(
            text.removeprefix("\ufeff"), parse_constant=_no_constant, parse_int=_parse_int
        )
    except UnicodeDecodeError:
        raise RecordError(Problem("record.not_utf8")) from None
    except json.JSONDecodeError as exc:
        raise RecordError(Problem("record.bad_json", detail=exc.msg, line=exc.lineno)) from None
    except ValueError as exc:
        raise RecordError(Problem("record.bad_json_value", detail=str(exc))) from None
    except RecursionError:
        raise RecordError(Problem("record.too_deep")) from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON value")


#: Python refuses to convert an integer of more than 4300 digits (sys.int_info), but
#: it is valid JSON.  No field of a record can hold one, so it reads as an infinite
#: number: refused as "not a whole number" wherever a number is read, ignored where
#: the spec ignores a key (``meta``), and never converted (that would be slow).
_LONGEST_INT = 4000


def _parse_int(text: str) -> int | float:
    if len(text) > _LONGEST_INT:
        return float("-inf") if text.startswith("-") else float("inf")
    return int(text)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_record(data: object) -> Match:
    """Replay a record (already parsed from JSON) into a Match, checking everything."""
    if not isinstance(data, dict):
        raise RecordError(Problem("record.not_object"))
    if data.get("format") != RECORD_FORMAT:
        if "format" not in data:
            raise RecordError(Problem("record.no_format", expected=RECORD_FORMAT))
        found = json.dumps(data["format"])
        raise RecordError(Problem("record.bad_format", expected=RECORD_FORMAT, found=found))
    if "rules" not in data:
        raise RecordError(Problem("record.no_rules"))
    try:
        rules = Rules.from_json(data["rules"])
    except RulesError as exc:
        raise RecordError(Problem("record.bad_rules", reason=problem_of(exc))) from None
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError(Problem("record.no_hands"))
    match = Match(rules, seed=0, first_dealer=0)
    for h, hand in enumerate(hands):
        _load_hand(match, h, hand)
    return match


def _load_hand(match: Match, h: int, hand: object) -> None:
    rules = match.rules
    if match.over:
        raise RecordError(Problem("record.after_end"), h)
    if not match.needs_deal:
        raise RecordError(Problem("record.hand_unfinished"), h - 1)
    if not isinstance(hand, dict):
        raise RecordError(Problem("record.hand_not_object"), h)
    dealer = hand.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < rules.players:  # type: ignore[operator]
        raise RecordError(Problem("record.bad_dealer", last=rules.players - 1), h)
    if h == 0:
        match._next_dealer = dealer  # type: ignore[assignment]
    elif dealer != match.next_dealer:
        previous = (match.next_dealer - 1) % rules.players
        problem = Problem("record.wrong_dealer", dealer=match.next_dealer, previous=previous)
        raise RecordError(problem, h)
    deck = _deck(hand.get("deck"), h)
    moves = hand.get("moves")
    if not isinstance(moves, list):
        raise RecordError(Problem("record.no_moves"), h)
    try:
        match.deal(deck)
    except IllegalMove as exc:
        raise RecordError(problem_of(exc), h) from None
    for m, item in enumerate(moves):
        _load_move(match, h, m, item)


def _deck(value: object, h: int) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(Problem("record.no_deck"), h)
    deck = []
    seen = set()
    for item in value:
        try:
            index = Card.parse(item).index
        except CardError as exc:
            raise RecordError(Problem("record.deck_not_card", reason=problem_of(exc)), h) from None
        if index in seen:
            raise RecordError(Problem("record.deck_twice", card=CARD_NAMES[index]), h)
        seen.add(index)
        deck.append(index)
    if len(deck) != 40:
        raise RecordError(Problem("record.deck_size", count=len(deck)), h)
    return deck


def _load_move(match: Match, h: int, m: int, item: object) -> None:
    hand = match.hand
    assert hand is not None
    try:
        move = Move.from_json(item)
    except MoveError as exc:
        raise RecordError(problem_of(exc), h, m) from None
    if hand.is_over:
        raise RecordError(Problem("record.hand_over"), h, m)
    seat = hand.to_move
    assert isinstance(item, dict)
    if "player" in item and (not _is_int(item["player"]) or item["player"] != seat):
        found = json.dumps(item["player"])
        raise RecordError(Problem("record.wrong_player", seat=seat, found=found), h, m)
    try:
        match.play(move)
    except IllegalMove as exc:
        problem = Problem("record.illegal", seat=seat, reason=problem_of(exc))
        raise RecordError(problem, h, m) from None


def check_record(data: object) -> dict[str, Any]:
    """The replay checker's JSON answer for a parsed record (never raises)."""
    try:
        match = load_record(data)
    except RecordError as exc:
        return exc.to_json()
    return summarize(match)


def check_record_text(text: str | bytes) -> dict[str, Any]:
    try:
        data = parse_json(text)
    except RecordError as exc:
        return exc.to_json()
    return check_record(data)


def summarize(match: Match) -> dict[str, Any]:
    """The spec's output for a valid record."""
    hands = []
    for rec in match.records:
        if rec.score is None:
            hands.append({"dealer": rec.dealer, "complete": False})
        else:
            hands.append(rec.score.to_json(rec.dealer))
    return {
        "ok": True,
        "sides": [list(s) for s in match.rules.sides],
        "hands": hands,
        "totals": list(match.totals),
        "winner": match.winner,
        "complete": match.over,
    }
