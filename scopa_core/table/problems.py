"""The session's refusals: each an English sentence with a code.

A request the table cannot carry out (bad settings, not this seat's turn, a
damaged saved game...) raises :class:`SessionError` holding a
:class:`SessionProblem`; the worker answers with the sentence and its code, and
the page says it in its own language (the Italian is in web/app/i18n.py).
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..problems import Problem


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
    "session.clock_position": "the time used is for position {key}; the match is at {now}",
    "session.bad_time_used": (
        "the time used must be a whole number of milliseconds from 0 to {limit}, not {found}"
    ),
    "session.time_back": "the time used on this move cannot go back from {used} to {found} ms",
    "session.clock_other_match": "the time used is for another match",
    "session.link_not_here": (
        "playing with a friend needs one online visit first: "
        "this device has not fetched that part of the game yet"
    ),
}


class SessionProblem(Problem):
    """The session's own sentences (the page says them in its language by code)."""

    TEMPLATES: ClassVar[dict[str, str]] = SESSION_ENGLISH
