"""The match protocol between devices: its messages and their validation.

A message is one JSON object of text on the data channel, ``{"v": 1, "kind":
KIND, ...}``.  :func:`parse` is the edge: anything that arrives goes through
it first, and whatever is too long, not JSON, not an object, of another
version, of an unknown kind, of a kind this device does not take, or with a
field missing, of the wrong type or out of range, is refused with a
:class:`~scopa_core.link.problems.LinkProblem` (raised as LinkError) and never reaches
the game.  What a field means for the game (a legal move, a seat view that
fits what was seen) is the host's or the guest's to check after.

Messages a guest may receive that carry cards are built here only, from a
:class:`~scopa_core.view.SeatView` (:func:`state_message`) or from a hand that
is over (:func:`reveal_message`): nothing else a host knows can get into them.
docs/remote-play.md lists every message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import CARD_NAMES, bits
from ..problems import Problem
from ..table.settings import LEVELS
from ..view import SeatView
from .fairdeal import DealEntry, is_value
from .problems import LinkError, LinkProblem

VERSION: Final = 1
#: A host takes small messages only (a hello, a move...); a guest takes seat views
#: and whole hands, a few kilobytes each.
HOST_LIMIT: Final = 4096
GUEST_LIMIT: Final = 65536
#: Longest match id, token, name, sentence a message may carry.
ID_LIMIT: Final = 64
TOKEN_HEX: Final = 32
NAME_LIMIT: Final = 64
TEXT_LIMIT: Final = 2000
#: No match has more seats, hands or moves than this.
SEATS: Final = 6
HANDS: Final = 1000
SEQ: Final = 100000
#: The longest move deadline, in milliseconds (a day: table/settings.py's DEADLINE_HIGH).
USED_MS: Final = 86400 * 1000

HOST: Final = "host"
GUEST: Final = "guest"

Check = Callable[[Any], bool]


def _whole(high: int) -> Check:
    def check(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high

    return check


def _text(limit: int) -> Check:
    return lambda value: isinstance(value, str) and len(value) <= limit


def _match_id(value: Any) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= ID_LIMIT
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in value)
    )


def is_token(value: Any) -> bool:
    return (
        isinstance(value, str) and len(value) == TOKEN_HEX and set(value) <= set("0123456789abcdef")
    )


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _object(value: Any) -> bool:
    return isinstance(value, dict)


#: where a rematch offer stands, as a welcome tells one guest (``None``: no offer)
OFFER_FROM: Final = ("host", "you", "other")


def _offer(value: Any) -> bool:
    """A welcome's ``offer``: None, or {"from": OFFER_FROM, "swap": bool, "yes": bool}."""
    if value is None:
        return True
    return (
        isinstance(value, dict)
        and set(value) == {"from", "swap", "yes"}
        and value["from"] in OFFER_FROM
        and _flag(value["swap"])
        and _flag(value["yes"])
    )


def _seats(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= SEATS and all(map(_whole(SEATS - 1), value))


def _cards(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 40 and all(v in CARD_NAMES for v in value)


def _shares(value: Any) -> bool:
    return (
        isinstance(value, list)
        and 2 <= len(value) <= SEATS
        and all(v is None or is_value(v) for v in value)
    )


def _names(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= SEATS and all(map(_text(NAME_LIMIT), value))


SEAT = _whole(SEATS - 1)
HAND = _whole(HANDS)
POSITION = _whole(SEQ)
MOVES_IN_HAND: Final = 40


def stood_move(value: Any) -> bool:
    """One move the computer made for a friend away: {"move", "seat", "level"}."""
    return (
        isinstance(value, dict)
        and set(value) == {"move", "seat", "level"}
        and _whole(MOVES_IN_HAND - 1)(value["move"])
        and SEAT(value["seat"])
        and value["level"] in LEVELS
    )


def _stand_in(value: Any) -> bool:
    """A hand's ``stand_in``: {"moves": [{"move", "seat", "level"}]?, "shares": [{"seat"}]?},
    what the computer (its moves) and the host (its values) did for friends away."""
    if not isinstance(value, dict) or not set(value) <= {"moves", "shares"}:
        return False
    moves, shares = value.get("moves", []), value.get("shares", [])
    return (
        isinstance(moves, list)
        and len(moves) <= MOVES_IN_HAND
        and all(map(stood_move, moves))
        and isinstance(shares, list)
        and len(shares) <= SEATS
        and all(isinstance(s, dict) and set(s) == {"seat"} and SEAT(s["seat"]) for s in shares)
    )


END_REASONS: Final = ("resigned", "timeout")

#: kind -> field -> (check, required).  Keys a kind does not list are ignored.
FIELDS: Final[dict[str, dict[str, tuple[Check, bool]]]] = {
    # to the host
    "hello": {
        "match": (_match_id, False),
        "seat": (SEAT, False),
        "token": (is_token, False),
        "name": (_text(NAME_LIMIT), False),
        "hands": (HAND, False),
    },
    "share": {"match": (_match_id, True), "hand": (HAND, True), "share": (is_value, True)},
    "move": {"match": (_match_id, True), "seq": (POSITION, True), "move": (_object, True)},
    "next": {"match": (_match_id, True), "hand": (HAND, True)},
    "resign": {"match": (_match_id, True)},
    # to the guest
    "welcome": {
        "match": (_match_id, True),
        "seat": (SEAT, True),
        "token": (is_token, True),
        "settings": (_object, True),
        "rules": (_object, True),
        "rematch_of": (_match_id, False),
        "offer": (_offer, False),
        "inherit": (HAND, False),
    },
    "commit": {
        "match": (_match_id, True),
        "hand": (HAND, True),
        "dealer": (SEAT, True),
        "commitment": (is_value, True),
        # given in this seat's place: by the host standing in, or the old device's
        "share": (is_value, False),
    },
    "state": {
        "match": (_match_id, True),
        "seq": (POSITION, True),
        "hand": (HAND, True),
        "view": (_object, True),
        "layout": (_cards, True),
        "stand_in": (_stand_in, False),
    },
    "reveal": {
        "match": (_match_id, True),
        "seq": (POSITION, True),
        "hand": (HAND, True),
        "secret": (is_value, True),
        "shares": (_shares, True),
        "deal": (_object, True),
        "stand_in": (_stand_in, False),
    },
    "presence": {
        "match": (_match_id, True),
        "away": (_seats, True),
        "names": (_names, True),
        "computer": (_seats, False),  # seats the computer plays while their friend is away
    },
    "end": {
        "match": (_match_id, True),
        "reason": (lambda v: v in END_REASONS, True),
        "seat": (SEAT, True),
        "side": (_whole(1), True),
    },
    "no_rematch": {"match": (_match_id, True), "seat": (SEAT, True)},
    "clock": {
        "match": (_match_id, True),
        "seq": (POSITION, True),
        "seat": (SEAT, True),
        "used_ms": (_whole(USED_MS), True),
    },
    # either way
    "rematch": {"match": (_match_id, True), "swap": (_flag, True)},
    "answer": {"match": (_match_id, True), "accept": (_flag, True), "swap": (_flag, True)},
    "refuse": {
        "about": (_text(ID_LIMIT), False),
        "problem": (_object, False),
        "error": (_text(TEXT_LIMIT), False),
    },
}

#: What each role takes.
TAKES: Final = {
    HOST: frozenset({"hello", "share", "move", "next", "resign", "rematch", "answer", "refuse"}),
    GUEST: frozenset(
        {
            "welcome",
            "commit",
            "state",
            "reveal",
            "presence",
            "end",
            "no_rematch",
            "clock",
            "rematch",
            "answer",
            "refuse",
        }
    ),
}
LIMITS: Final = {HOST: HOST_LIMIT, GUEST: GUEST_LIMIT}


def parse(text: object, role: str) -> dict[str, Any]:
    """The message in ``text`` for a device in ``role``, checked; raises LinkError."""
    if not isinstance(text, str):
        raise LinkError(LinkProblem("link.not_json"))
    limit = LIMITS[role]
    if len(text) > limit:
        raise LinkError(LinkProblem("link.too_long", length=len(text), limit=limit))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise LinkError(LinkProblem("link.not_json")) from None
    if not isinstance(data, dict):
        raise LinkError(LinkProblem("link.not_object"))
    if data.get("v") != VERSION:
        found = _shown(data.get("v"))
        raise LinkError(LinkProblem("link.bad_version", found=found, expected=VERSION))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise LinkError(LinkProblem("link.unknown_kind", kind=_shown(kind)))
    if kind not in TAKES[role]:
        raise LinkError(LinkProblem("link.unexpected", kind=kind))
    for name, (check, required) in FIELDS[kind].items():
        if name not in data:
            if required:
                raise LinkError(LinkProblem("link.missing_field", kind=kind, field=name))
        elif not check(data[name]):
            raise LinkError(LinkProblem("link.bad_field", kind=kind, field=name))
    return data


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _shown(value: object) -> str:
    """A short, safe rendering of a value a peer sent (for a sentence)."""
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 20 else text[:20] + "..."


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"v": VERSION, "kind": kind, **fields}, separators=(",", ":"))


def refusal(about: str | None, problem: Problem | str) -> str:
    """A refusal: the sentence and, when it has one, its code for the other page."""
    fields: dict[str, Any] = {"error": str(problem)[:TEXT_LIMIT]}
    if about is not None:
        fields["about"] = about
    if isinstance(problem, Problem):
        fields["problem"] = problem.to_json()
    return encode("refuse", **fields)


@dataclass
class Outcome:
    """What handling one message (or request) did, for the page."""

    out: list[tuple[str, str]] = field(default_factory=list)  # (peer, text) to send
    event: dict[str, Any] | None = None  # the move just made
    refused: Problem | str | None = None  # this device refused what it was sent
    told: dict[str, Any] | None = None  # the other device refused what this one sent
    check: dict[str, Any] | None = None  # a guest: the check of the hand just revealed
    previous: dict[str, Any] | None = None  # a guest: the record of the match a rematch ends
    declined: bool = False  # the rematch asked for was declined
    declined_by: int | None = None  # by that seat, when it is known
    offer_gone: bool = False  # declined: the offer ended while this device was away
    drop: list[str] = field(
        default_factory=list
    )  # the host: channels to close (a seat's old device)


# --- the only messages that carry cards to a guest --------------------------------


def state_message(
    match_id: str,
    seq: int,
    hand: int,
    view: SeatView,
    layout: Sequence[int],
    stand_in: dict[str, Any] | None = None,
) -> str:
    """One seat's position: built from its SeatView and the first table's order.

    ``layout`` only orders the first table, which the view already holds: a card
    that is not on it cannot get in. ``stand_in`` (no card in it) says which moves
    of the hand the computer made for a friend away."""
    order = [CARD_NAMES[i] for i in layout]
    if sorted(layout) != sorted(bits(view.initial_table)):
        raise ValueError("the layout must be the view's first table")
    request = view.to_request()
    extra = {"stand_in": stand_in} if stand_in else {}
    return encode("state", match=match_id, seq=seq, hand=hand, view=request, layout=order, **extra)


def reveal_message(
    match_id: str,
    seq: int,
    hand: int,
    entry: DealEntry,
    deal: dict[str, Any],
    over: bool,
    stand_in: dict[str, Any] | None = None,
) -> str:
    """A hand that is over (or cut short by the end of the match): every card of it."""
    if not over or entry.secret is None:
        raise ValueError("only a hand that is over is revealed")
    extra = {"stand_in": stand_in} if stand_in else {}
    return encode(
        "reveal",
        match=match_id,
        seq=seq,
        hand=hand,
        secret=entry.secret,
        shares=list(entry.shares),
        deal=deal,
        **extra,
    )
