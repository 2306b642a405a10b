"""Problems: the engine's sentences about what is wrong, with a code each.

Every refusal (a string that is not a card, an illegal move, a bad rules key, a
malformed record) carries a :class:`Problem`: a ``str`` holding the English
sentence the spec's tools print, which also keeps a code and the parameters it
was made from.  The sentence is what the command line and the bot protocol
show, unchanged; the code is for a page in another language, which says the
same thing in its own words (``web/app/i18n.py`` has the Italian of every code
here, and a test checks that none is missing).

Parameters are plain JSON values, with kinds known by name so that a page can
name the cards in its own language: ``card`` is one card code (``"7D"``);
``cards``, ``take`` and ``singles`` are lists of codes (a set of cards, shown
``3S+4D``); ``options`` is a list of such sets (the captures a card could
make); a parameter may also be another Problem (a reason inside a reason).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

#: The English sentence of every code of the engine, with its parameters.
ENGLISH: Final[dict[str, str]] = {
    # cards
    "card.bad_index": "no card has index {index}",
    "card.bad_text": "{text} is not a card: a card is a rank and a suit, like 7D",
    "card.bad_letters": (
        "{text} is not a card: ranks are A 2 3 4 5 6 7 J Q K and suits are D H S C"
    ),
    # move objects
    "move.not_object": "a move must be a JSON object",
    "move.declare_not_bool": '"declare" must be true or false',
    "move.declare_with_card": "a declaration cannot also play a card",
    "move.no_card": 'a move needs a "card" (or "declare": true)',
    "move.keep_not_bool": '"keep" must be true or false',
    "move.no_take": 'the move of {card} needs a "take" list (empty for none)',
    "move.take_not_list": '"take" must be a list of cards',
    "move.take_twice": "{card} appears twice in the cards taken",
    "move.keep_takes": "a kept ace takes nothing from the table",
    "move.takes_itself": "{card} cannot take itself",
    # the rules object
    "rules.not_object": "the rules must be a JSON object",
    "rules.unknown_key": "unknown rules key {key}",
    "rules.not_bool": "rules key {key} must be true or false, not {value}",
    "rules.not_int": "rules key {key} must be a whole number, not {value}",
    "rules.not_str": "rules key {key} must be a string, not {value}",
    "rules.no_preset": "no preset called {name}; the presets are {known}",
    "rules.no_variant": "no variant {name}; the variants are {known}",
    "rules.players": "players must be 2, 3, 4 or 6, not {value}",
    "rules.hand_size": "hand_size must be 3, 9 or 10, not {value}",
    "rules.table_cards": "table_cards must be 4 or 0, not {value}",
    "rules.target": "target must be from 1 to 99, not {value}",
    "rules.capture": ('capture must be "standard", "fifteen" or "standard+fifteen", not "{value}"'),
    "rules.scopone_players": "hand_size {hand_size} (scopone) needs 4 players, not {players}",
    "rules.scopone_table": "hand_size {hand_size} needs table_cards {needed}, not {table_cards}",
    "rules.declare_sides": "chiamarsi_fuori needs two sides, and {players} players make three",
    # dealing
    "deck.size": "the deck has {count} cards, not 40",
    "deck.not_index": "{item} is not a card index",
    "deck.twice": "{card} is in the deck twice",
    "deck.thrown_in": "this deck would be thrown in: {reason}",
    "layout.kings": "the layout {cards} holds {count} kings",
    "layout.ace": "the layout {cards} holds an ace",
    # the match and the hand in play
    "match.over": "the match is over",
    "match.hand_unfinished": "the current hand is not finished",
    "match.no_hand": "no hand is being played",
    "match.not_dealt": "no hand has been dealt",
    "hand.over": "the hand is already over",
    "hand.declare_plays": "a declaration plays no card and takes nothing",
    "hand.declare_not_allowed": "declaring (chiamarsi fuori) is not allowed under these rules",
    "hand.not_a_move": "{move} is not a move",
    "hand.not_in_hand": "{card} is not in the hand of seat {seat}, whose turn it is",
    "hand.keep_not_allowed": "keeping an ace needs asso piglia tutto with ace_may_keep",
    "hand.keep_not_ace": "only an ace may be kept, not {card}",
    "hand.keep_takes": "a kept ace takes nothing from the table, not {cards}",
    # captures
    "capture.missing_one": "{cards} is not on the table",
    "capture.missing_many": "{cards} are not on the table",
    "capture.nothing": "{card} takes nothing from this table: it goes down on the table",
    "capture.must_take": "{card} must take: it can take {options}",
    "capture.ace_first": "{card} takes an ace from the table first: {options}",
    "capture.ace_all": "{card} takes the whole table ({cards})",
    "capture.single_first": (
        "{card} cannot take {take}: {singles} on the table must be taken, "
        "a single card before a sum"
    ),
    "capture.bad_sum": (
        "{card} cannot take {take}: they add up to {total}, not {value}; it can take {options}"
    ),
    "capture.bad_sum_fifteen": (
        "{card} cannot take {take}: they add up to {total}, not {fifteen} (to make 15); "
        "it can take {options}"
    ),
    "capture.bad_sum_either": (
        "{card} cannot take {take}: they add up to {total}, not {value} or {fifteen} "
        "(to make 15); it can take {options}"
    ),
    # record files
    "record.not_utf8": "the file is not UTF-8 text",
    "record.bad_json": "the file is not valid JSON: {detail} at line {line}",
    "record.bad_json_value": "the file is not valid JSON: {detail}",
    "record.too_deep": "the file is not a record: its JSON is nested too deeply",
    "record.not_object": "a record must be a JSON object",
    "record.no_format": 'the record has no "format" (it must be "{expected}")',
    "record.bad_format": 'the format must be "{expected}", not {found}',
    "record.no_rules": "the record has no rules object",
    "record.bad_rules": "bad rules: {reason}",
    "record.no_hands": 'the record needs a "hands" list',
    "record.after_end": "the match was already over before this hand",
    "record.hand_unfinished": "this hand is unfinished but another hand follows it",
    "record.hand_not_object": "a hand must be a JSON object",
    "record.bad_dealer": "the dealer must be a seat from 0 to {last}",
    "record.wrong_dealer": "the dealer of this hand must be seat {dealer}, after seat {previous}",
    "record.no_moves": 'a hand needs a "moves" list',
    "record.no_deck": 'a hand needs a "deck": the list of its 40 cards',
    "record.deck_not_card": "the deck holds something that is not a card: {reason}",
    "record.deck_twice": "{card} is in the deck twice",
    "record.deck_size": "the deck has {count} cards, not 40",
    "record.hand_over": "the hand is already over: no more moves",
    "record.wrong_player": "this move is seat {seat}'s, not {found}",
    "record.illegal": "seat {seat}: {reason}",
}

#: Parameters holding one card code, and those holding a set of them.
CARD_PARAMS: Final = frozenset({"card"})
CARD_SET_PARAMS: Final = frozenset({"cards", "take", "singles"})
#: A list of captures shows this many, then "or another".
OPTIONS_SHOWN: Final = 6

Param = Any  # str | int | list[str] | list[list[str]] | Problem


class Problem(str):
    """An English sentence saying what is wrong, with its code and parameters."""

    TEMPLATES: ClassVar[dict[str, str]] = ENGLISH
    code: str
    params: dict[str, Param]

    def __new__(cls, code: str, **params: Param) -> Problem:
        shown = {name: _english(name, value) for name, value in params.items()}
        self = super().__new__(cls, cls.TEMPLATES[code].format(**shown))
        self.code = code
        self.params = params
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, a reason inside as its own object."""
        return {
            "code": self.code,
            "params": {
                name: value.to_json() if isinstance(value, Problem) else value
                for name, value in self.params.items()
            },
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # str's own pickling would drop the code: rebuild from it instead
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(cls: type[Problem], code: str, params: dict[str, Param]) -> Problem:
    return cls(code, **params)


def _english(name: str, value: Param) -> str:
    if name == "options":
        shown = " or ".join("+".join(option) for option in value[:OPTIONS_SHOWN])
        return shown + (" or another" if len(value) > OPTIONS_SHOWN else "")
    if name in CARD_SET_PARAMS:
        return "+".join(value)
    return str(value)


def problem_of(exc: BaseException) -> Problem | str:
    """The sentence an exception carries: its Problem when it has one."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Problem) else str(exc)


def problem_json(exc: BaseException) -> dict[str, Any] | None:
    """The code and parameters of an exception's sentence, or None if it has none."""
    found = problem_of(exc)
    return found.to_json() if isinstance(found, Problem) else None
