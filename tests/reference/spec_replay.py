"""An independent, deliberately plain reading of shared/spec/records.md.

This is a second implementation of the spec's replay checker, written from the
spec text alone, to be compared with ``scopa_core`` number by number.  It
shares no code with the engine and makes no attempt to be fast or clever:
cards are the spec's two-character strings, hands / table / piles are plain
lists, and capture options are found by walking through the subsets of the
table.  Each rule is written the way the spec words it, so that a reader can
check this file against the spec sentence by sentence.

Public functions:

* :func:`check_text` / :func:`check` -- the replay checker's JSON answer for
  a record given as text (or bytes) / as parsed JSON.
* :func:`read_rules` -- a rules object filled with defaults, or :class:`Invalid`.
* :class:`Hand` -- one hand being played: ``legal_moves()`` and ``play()``.
  The differential tests use it to play random legal records too.
* :func:`score` -- the count of one hand.

Readings of points the spec leaves open (the engine reads them the same way):

* Faults are reported in reading order: the record as a whole (JSON,
  ``format``, ``rules``, ``hands``) at hand null, move null; then hand by
  hand, each hand's own fields (dealer, deck, layout, ``moves`` list) at
  (hand, null) and its moves at (hand, move).  "An unfinished hand followed
  by another" is reported at the unfinished hand even when the next element
  of ``hands`` is not a hand object at all.
* ``rules``, ``hands`` and each hand's ``dealer``, ``deck`` and ``moves``
  must be present (a saved game right after the deal has ``"moves": []``).
* In a move, ``"keep": false`` and ``"declare": false`` mean the same as
  leaving the key out; a declaration carries no ``card``, ``take`` or
  ``"keep": true``; ``take`` lists a card at most once and never the played
  card; a keep move may have ``"take": []``; ``"player": null`` is wrong.
* ``meta`` is ignored like any other unknown key, even when it is not an
  object.
* The file must be UTF-8; a leading byte order mark is ignored (RFC 8259
  allows it).  NaN and Infinity are not JSON.  An integer too long for
  Python to convert is still a JSON integer, outside every field's range.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

FORMAT = "scopa-record/1"

RANKS = "A234567JQK"
SUITS = "DHSC"
#: The 40 cards, each a rank then a suit.
CARDS = [rank + suit for suit in SUITS for rank in RANKS]

CAPTURE_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
PRIMIERA_VALUE = {
    "A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10,
}  # fmt: skip

#: The rules table: every key with its default.
DEFAULT_RULES: dict[str, Any] = {
    "players": 2,
    "hand_size": 3,
    "table_cards": 4,
    "target": 11,
    "primiera_all_suits": True,
    "re_bello": False,
    "napola": False,
    "cappotto": False,
    "kings_redeal": True,
    "capture": "standard",
    "ace_takes_all": False,
    "ace_takes_all_is_scopa": True,
    "ace_takes_ace_first": True,
    "ace_may_keep": False,
    "aces_redeal": False,
    "chiamarsi_fuori": False,
}
BOOL_KEYS = [key for key, value in DEFAULT_RULES.items() if type(value) is bool]
INT_KEYS = ["players", "hand_size", "table_cards", "target"]
CAPTURE_MODES = ["standard", "fifteen", "standard+fifteen"]


class Invalid(Exception):
    """What is wrong with a record, and where (hand, move; None = not in one)."""

    def __init__(self, error: str, hand: int | None = None, move: int | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.hand = hand
        self.move = move


def value(card: str) -> int:
    return CAPTURE_VALUE[card[0]]


def is_json_int(x: object) -> bool:
    """JSON true/false are not integers, 2.0 is not one either."""
    return type(x) is int


# --------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------


def read_rules(obj: object) -> dict[str, Any]:
    """Fill missing keys with the defaults; reject unknown keys, bad values, bad combinations."""
    if not isinstance(obj, dict):
        raise Invalid("the rules must be an object")
    for key in obj:
        if key not in DEFAULT_RULES:
            raise Invalid(f"unknown rules key {key}")
    rules = dict(DEFAULT_RULES)
    rules.update(obj)
    for key in BOOL_KEYS:
        if type(rules[key]) is not bool:
            raise Invalid(f"{key} must be a boolean")
    for key in INT_KEYS:
        if not is_json_int(rules[key]):
            raise Invalid(f"{key} must be an integer")
    if rules["players"] not in (2, 3, 4, 6):
        raise Invalid("players must be 2, 3, 4 or 6")
    if rules["hand_size"] not in (3, 9, 10):
        raise Invalid("hand_size must be 3, 9 or 10")
    if rules["table_cards"] not in (4, 0):
        raise Invalid("table_cards must be 4 or 0")
    if not 1 <= rules["target"] <= 99:
        raise Invalid("target must be 1 ... 99")
    if type(rules["capture"]) is not str or rules["capture"] not in CAPTURE_MODES:
        raise Invalid("capture must be standard, fifteen or standard+fifteen")
    # "9 and 10 need 4 players (scopone)"
    if rules["hand_size"] in (9, 10) and rules["players"] != 4:
        raise Invalid("hand_size 9 and 10 need 4 players")
    # "hand_size 10 needs 0, every other hand_size needs 4"
    if rules["hand_size"] == 10 and rules["table_cards"] != 0:
        raise Invalid("hand_size 10 needs table_cards 0")
    if rules["hand_size"] != 10 and rules["table_cards"] != 4:
        raise Invalid("this hand_size needs table_cards 4")
    # "only with two sides (a rules object with it on and three sides is invalid)"
    if rules["chiamarsi_fuori"] and len(sides_of(rules)) != 2:
        raise Invalid("chiamarsi_fuori needs two sides")
    return rules


def sides_of(rules: dict[str, Any]) -> list[list[int]]:
    players = rules["players"]
    if players in (2, 3):
        return [[seat] for seat in range(players)]
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def side_of_seat(rules: dict[str, Any], seat: int) -> int:
    for side, seats in enumerate(sides_of(rules)):
        if seat in seats:
            return side
    raise AssertionError(seat)


# --------------------------------------------------------------------------
# Capturing
# --------------------------------------------------------------------------


def subsets_adding_up_to(table: list[str], total: int, min_size: int) -> list[list[str]]:
    """Every subset of the table whose values add up to ``total``, with min_size+ cards.

    Plain include / exclude recursion over the table cards; a branch stops
    once its sum is past the total or can no longer reach it.
    """
    found: list[list[str]] = []
    values = [value(c) for c in table]

    def walk(i: int, chosen: list[str], s: int) -> None:
        if s > total or s + sum(values[i:]) < total:
            return
        if i == len(table):
            if len(chosen) >= min_size:
                found.append(chosen)
            return
        walk(i + 1, [*chosen, table[i]], s + values[i])
        walk(i + 1, chosen, s)

    walk(0, [], 0)
    return found


def capture_options(rules: dict[str, Any], card: str, table: list[str]) -> list[list[str]]:
    """The sets the played card may take (empty list: it goes on the table)."""
    v = value(card)
    if rules["ace_takes_all"] and v == 1:
        if not table:
            return []
        aces = [t for t in table if value(t) == 1]
        if rules["ace_takes_ace_first"] and aces:
            return [[a] for a in aces]
        return [list(table)]
    options: list[list[str]] = []
    if rules["capture"] in ("standard", "standard+fifteen"):
        singles = [t for t in table if value(t) == v]
        if singles:
            options += [[t] for t in singles]
        else:
            options += subsets_adding_up_to(table, v, 2)
    if rules["capture"] in ("fifteen", "standard+fifteen"):
        options += subsets_adding_up_to(table, 15 - v, 1)
    return options


def ace_sweep(rules: dict[str, Any], card: str, table: list[str]) -> bool:
    """Is this ace's option the asso-piglia-tutto whole-table take?"""
    if not (rules["ace_takes_all"] and value(card) == 1 and table):
        return False
    has_ace = any(value(t) == 1 for t in table)
    return not (rules["ace_takes_ace_first"] and has_ace)


# --------------------------------------------------------------------------
# One hand
# --------------------------------------------------------------------------


def layout_thrown_in(rules: dict[str, Any], deck: list[str]) -> bool:
    """Would a redeal rule throw in this deck's first layout?"""
    if rules["table_cards"] == 0:
        return False
    start = rules["players"] * rules["hand_size"]
    layout = deck[start : start + rules["table_cards"]]
    kings = sum(1 for c in layout if c[0] == "K")
    aces = sum(1 for c in layout if c[0] == "A")
    if rules["kings_redeal"] and kings >= 3:
        return True
    return bool(rules["aces_redeal"] and aces >= 1)


class Hand:
    """One hand: the deal by the spec, then the plays one by one.

    A move is a dict: ``{"declare": True}``, ``{"card": C, "keep": True}`` or
    ``{"card": C, "take": [...]}`` (already read; see :func:`read_move`).
    """

    def __init__(self, rules: dict[str, Any], deck: list[str], dealer: int) -> None:
        self.rules = rules
        self.deck = list(deck)
        self.dealer = dealer
        self.players = rules["players"]
        self.sides = sides_of(rules)
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        self.next_card = 0
        self.deal_round()
        n = rules["table_cards"]
        self.table: list[str] = self.deck[self.next_card : self.next_card + n]
        self.initial_table = list(self.table)
        self.next_card += n
        self.piles: list[list[str]] = [[] for _ in self.sides]
        self.scope = [0] * len(self.sides)
        self.last_capturer: int | None = None
        self.cards_played = 0
        self.declared: int | None = None
        self.to_move = (dealer + 1) % self.players
        self.moves: list[dict[str, Any]] = []

    def deal_round(self) -> None:
        """One card at a time round the table from dealer+1, hand_size each."""
        seat = (self.dealer + 1) % self.players
        for _ in range(self.players * self.rules["hand_size"]):
            self.hands[seat].append(self.deck[self.next_card])
            self.next_card += 1
            seat = (seat + 1) % self.players

    @property
    def last_play(self) -> int:
        """How many cards are played in a whole hand."""
        return 40 - int(self.rules["table_cards"])

    @property
    def over(self) -> bool:
        return self.declared is not None or self.cards_played == self.last_play

    def side(self, seat: int) -> int:
        return side_of_seat(self.rules, seat)

    def legal_moves(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        rules = self.rules
        moves: list[dict[str, Any]] = []
        for card in self.hands[self.to_move]:
            options = capture_options(rules, card, self.table)
            if options:
                moves += [{"card": card, "take": list(o)} for o in options]
            else:
                moves.append({"card": card, "take": []})
            if rules["ace_takes_all"] and rules["ace_may_keep"] and card[0] == "A":
                moves.append({"card": card, "keep": True})
        if rules["chiamarsi_fuori"]:
            moves.append({"declare": True})
        return moves

    def why_not(self, move: dict[str, Any]) -> str | None:
        """None if the (well-formed) move is legal now, else what is wrong."""
        rules = self.rules
        if self.over:
            return "the hand is over"
        if move.get("declare"):
            return None if rules["chiamarsi_fuori"] else "declaring is not allowed"
        card = move["card"]
        if card not in self.hands[self.to_move]:
            return f"{card} is not in the hand of seat {self.to_move}"
        if move.get("keep"):
            if not (rules["ace_takes_all"] and rules["ace_may_keep"]):
                return "keeping an ace is not allowed"
            if card[0] != "A":
                return "only an ace may be kept"
            return None
        options = capture_options(rules, card, self.table)
        take = sorted(move["take"])
        if not options:
            return None if not take else f"{card} takes nothing here"
        if any(sorted(o) == take for o in options):
            return None
        return f"{card} cannot take {take}; it can take {options}"

    def play(self, move: dict[str, Any]) -> None:
        """Make a move, which must be legal (check with why_not first)."""
        problem = self.why_not(move)
        if problem:
            raise ValueError(problem)
        rules = self.rules
        seat = self.to_move
        side = self.side(seat)
        self.moves.append(move)
        if move.get("declare"):
            self.declared = seat
            return
        card = move["card"]
        self.hands[seat].remove(card)
        self.cards_played += 1
        if move.get("keep"):
            # straight into the pile: not a capture, no scopa, not the last capturer
            self.piles[side].append(card)
        elif move["take"]:
            sweep = ace_sweep(rules, card, self.table)
            for t in move["take"]:
                self.table.remove(t)
            self.piles[side] += [card, *move["take"]]
            self.last_capturer = side
            if not self.table:
                last_card = self.cards_played == self.last_play
                no_scopa_ace = sweep and not rules["ace_takes_all_is_scopa"]
                if not last_card and not no_scopa_ace:
                    self.scope[side] += 1
        else:
            self.table.append(card)
        if self.cards_played == self.last_play and self.last_capturer is not None:
            # the leftovers go to the side that captured most recently
            self.piles[self.last_capturer] += self.table
            self.table = []
        if all(not h for h in self.hands) and self.next_card < 40:
            self.deal_round()
        self.to_move = (seat + 1) % self.players


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


def primiera(rules: dict[str, Any], pile: list[str]) -> int | None:
    best_by_suit = {}
    for suit in SUITS:
        in_suit = [PRIMIERA_VALUE[c[0]] for c in pile if c[1] == suit]
        if in_suit:
            best_by_suit[suit] = max(in_suit)
    if rules["primiera_all_suits"] and len(best_by_suit) < 4:
        return None
    if not pile:
        return None
    return sum(best_by_suit.values())


def strictly_most(values: Sequence[int | None]) -> int | None:
    """The side with strictly the highest value; None on a tie or if nobody has one."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    best = max(present)
    if present.count(best) != 1:
        return None
    return list(values).index(best)


def holder(piles: list[list[str]], card: str) -> int | None:
    for side, pile in enumerate(piles):
        if card in pile:
            return side
    return None


def napola(pile: list[str]) -> int:
    run = 0
    for rank in RANKS:
        if rank + "D" in pile:
            run += 1
        else:
            break
    return run if run >= 3 else 0


def score(rules: dict[str, Any], hand: Hand) -> dict[str, Any]:
    """The per-hand object of the checker's output, for a finished hand."""
    piles = hand.piles
    n = len(piles)
    cards = [len(p) for p in piles]
    coins = [sum(1 for c in p if c[1] == "D") for p in piles]
    settebello = holder(piles, "7D")
    re_bello = holder(piles, "KD") if rules["re_bello"] else None
    prim = [primiera(rules, p) for p in piles]
    nap = [napola(p) if rules["napola"] else 0 for p in piles]
    points = [0] * n
    for winner in (
        strictly_most(cards),
        strictly_most(coins),
        settebello,
        re_bello,
        strictly_most(prim),
    ):
        if winner is not None:
            points[winner] += 1
    for side in range(n):
        points[side] += hand.scope[side] + nap[side]
    return {
        "dealer": hand.dealer,
        "complete": True,
        "cards": cards,
        "coins": coins,
        "settebello": settebello,
        "re_bello": re_bello,
        "primiera": prim,
        "scope": list(hand.scope),
        "napola": nap,
        "points": points,
        "declared": hand.declared,
    }


# --------------------------------------------------------------------------
# Reading a record
# --------------------------------------------------------------------------


def read_card(x: object) -> str:
    if not isinstance(x, str) or x not in CARDS:
        raise ValueError(f"{x!r} is not a card")
    return x


def read_move(obj: object) -> dict[str, Any]:
    """A move object, well formed, as a plain dict (``player`` is checked by the caller).

    Readings of points the spec leaves open: ``"keep": false`` and
    ``"declare": false`` are the same as leaving the key out; a declaration
    carries no card; ``take`` lists each card at most once; only a keep move
    may leave out ``take``, and a kept ace takes nothing.
    """
    if not isinstance(obj, dict):
        raise ValueError("a move must be an object")
    for flag in ("declare", "keep"):
        if flag in obj and type(obj[flag]) is not bool:
            raise ValueError(f"{flag} must be true or false")
    if obj.get("declare") is True:
        if "card" in obj or "take" in obj or obj.get("keep") is True:
            raise ValueError("a declaration plays no card")
        return {"declare": True}
    card = read_card(obj.get("card"))
    keep = obj.get("keep") is True
    if "take" not in obj:
        if keep:
            return {"card": card, "keep": True}
        raise ValueError("a move needs take")
    take_obj = obj["take"]
    if not isinstance(take_obj, list):
        raise ValueError("take must be a list")
    take = [read_card(t) for t in take_obj]
    if len(set(take)) != len(take):
        raise ValueError("a card is taken twice")
    if card in take:
        raise ValueError("a card cannot take itself")
    if keep:
        if take:
            raise ValueError("a kept ace takes nothing")
        return {"card": card, "keep": True}
    return {"card": card, "take": take}


def read_deck(obj: object) -> list[str]:
    if not isinstance(obj, list):
        raise ValueError("the deck must be a list")
    deck = [read_card(c) for c in obj]
    if len(set(deck)) != len(deck):
        raise ValueError("a card is in the deck twice")
    if len(deck) != 40:
        raise ValueError(f"the deck has {len(deck)} cards")
    return deck


def check_text(text: str | bytes) -> dict[str, Any]:
    """The checker's answer for the text of a file."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        # A leading byte order mark: RFC 8259 lets a parser ignore it; we do.
        text = text.removeprefix("\ufeff")
        data = json.loads(text, parse_constant=_not_json, parse_int=_json_int)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        return {"ok": False, "hand": None, "move": None, "error": f"not JSON: {exc}"}
    return check(data)


def _not_json(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


class TooBig:
    """A JSON integer too long to convert (Python stops at 4300 digits): it is still
    an integer to JSON, but out of the range of every field of a record."""


def _json_int(text: str) -> int | TooBig:
    return TooBig() if len(text.lstrip("-")) > 1000 else int(text)


def check(data: object) -> dict[str, Any]:
    """The checker's answer for a parsed record."""
    try:
        return _check(data)
    except Invalid as exc:
        return {"ok": False, "hand": exc.hand, "move": exc.move, "error": exc.error}


def _check(data: object) -> dict[str, Any]:
    # The record as a whole: faults here are at hand null, move null.
    if not isinstance(data, dict):
        raise Invalid("a record is a JSON object")
    if "format" not in data:
        raise Invalid("no format")
    if not (isinstance(data["format"], str) and data["format"] == FORMAT):
        raise Invalid("wrong format")
    if "rules" not in data:
        raise Invalid("no rules")
    rules = read_rules(data["rules"])
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise Invalid("hands must be a list")

    sides = sides_of(rules)
    totals = [0] * len(sides)
    winner: int | None = None
    out_hands: list[dict[str, Any]] = []
    previous: Hand | None = None
    for h, hand_obj in enumerate(hands):
        # "no hand may follow the end of the match"
        if winner is not None:
            raise Invalid("the match was over before this hand", h)
        # "An unfinished hand followed by another is reported at that unfinished hand"
        if previous is not None and not previous.over:
            raise Invalid("an unfinished hand is followed by another", h - 1)
        if not isinstance(hand_obj, dict):
            raise Invalid("a hand must be an object", h)
        dealer = hand_obj.get("dealer")
        if not is_json_int(dealer) or not 0 <= dealer < rules["players"]:  # type: ignore[operator]
            raise Invalid("bad dealer", h)
        if previous is not None and dealer != (previous.dealer + 1) % rules["players"]:
            raise Invalid("the dealer must be the seat after the last dealer", h)
        try:
            deck = read_deck(hand_obj.get("deck"))
        except ValueError as exc:
            raise Invalid(str(exc), h) from None
        if layout_thrown_in(rules, deck):
            raise Invalid("this deck's first layout would be thrown in", h)
        moves = hand_obj.get("moves")
        if not isinstance(moves, list):
            raise Invalid("moves must be a list", h)

        hand = Hand(rules, deck, dealer)  # type: ignore[arg-type]
        for m, move_obj in enumerate(moves):
            try:
                move = read_move(move_obj)
            except ValueError as exc:
                raise Invalid(str(exc), h, m) from None
            if hand.over:
                raise Invalid("a move after the end of the hand", h, m)
            assert isinstance(move_obj, dict)
            if "player" in move_obj:
                player = move_obj["player"]
                if not is_json_int(player) or player != hand.to_move:
                    raise Invalid(f"it is seat {hand.to_move}'s move", h, m)
            problem = hand.why_not(move)
            if problem:
                raise Invalid(problem, h, m)
            hand.play(move)

        if hand.over:
            count = score(rules, hand)
            for side in range(len(sides)):
                totals[side] += count["points"][side]
            winner = match_winner(rules, totals, hand, count)
            out_hands.append(count)
        else:
            out_hands.append({"dealer": dealer, "complete": False})
        previous = hand

    return {
        "ok": True,
        "sides": sides,
        "hands": out_hands,
        "totals": totals,
        "winner": winner,
        "complete": winner is not None,
    }


def match_winner(
    rules: dict[str, Any], totals: list[int], hand: Hand, count: dict[str, Any]
) -> int | None:
    """Who has won after this hand, if anyone."""
    if hand.declared is not None:
        # "If the declarer's side then has at least target points, it wins the
        # match; otherwise the other side wins."  (two sides only)
        side = hand.side(hand.declared)
        return side if totals[side] >= rules["target"] else 1 - side
    if rules["cappotto"]:
        for side, coins in enumerate(count["coins"]):
            if coins == 10:
                return side
    best = max(totals)
    if best >= rules["target"] and totals.count(best) == 1:
        return totals.index(best)
    return None
