"""The sentences of play over the link (another device), each with a code.

Every refusal a device sends to another, and every check of a deal that fails,
is a :class:`LinkProblem`: the English sentence, and a code the page says in
its own language (the Italian is in ``web/app/i18n.py``'s ``PROBLEMS``).
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..problems import Problem

#: The English of the link's own codes.
LINK_ENGLISH: Final[dict[str, str]] = {
    # a message that is not one (any device)
    "link.too_long": "the message is too long ({length} characters; at most {limit})",
    "link.not_json": "the message is not valid JSON",
    "link.not_object": "a message must be a JSON object",
    "link.bad_version": "the message is for version {found} of the protocol, not {expected}",
    "link.unknown_kind": "{kind} is not a kind of message",
    "link.unexpected": "this device does not take a {kind} message now",
    "link.missing_field": "the {kind} message has no {field}",
    "link.bad_field": "the {kind} message's {field} is not valid",
    # the host refusing a guest's message
    "link.no_hello": "say hello first: this device does not know your seat yet",
    "link.other_match": "this message is about another match",
    "link.bad_token": "seat {seat} belongs to someone else: the token does not match",
    "link.table_full": "every seat for a player on another device is taken",
    "link.token_replaced": "seat {seat} was given to another device: this token no longer works",
    "link.seat_given": "the host gave seat {seat} to another device: this one no longer plays it",
    "link.old_move": "this move is for an earlier position (move {seq}); the game is at move {now}",
    "link.future_move": "this move is for a later position (move {seq}); the game is at move {now}",
    "link.no_deal": "no deal is waiting for a value for hand {hand}",
    "link.share_changed": "this device already gave another value for hand {hand}",
    "link.not_hand_over": "hand {hand} is not the hand just finished",
    "link.not_over": "a rematch can be asked for only once the match is over",
    "link.no_offer": "there is no rematch offer to answer",
    "link.swap_two": "the host's role can pass only between two devices with one player each",
    "link.not_remote_seat": "seat {seat} is not a seat for a player on another device",
    "link.not_away": "seat {seat} is not away: its friend is connected, or has not joined yet",
    # a guest refusing the host's message
    "link.bad_view": "the seat view is not valid: {reason}",
    "link.view_contradicts": "the host's view of hand {hand} contradicts what it showed before",
    "link.commit_changed": "the host changed its commitment for hand {hand}",
    "link.no_commit": "the host revealed hand {hand} without having committed to its deck",
    "link.bad_hand": "the host's hand {hand} cannot be read: {reason}",
    "link.clock_position": "the clock is for move {seq}; this device is at move {now}",
    # the guest's check of a hand, once it is revealed
    "link.check_commitment": "hand {hand}: the host's revealed value does not match its commitment",
    "link.check_share": "hand {hand}: the deck was not made with this device's value",
    "link.check_deck": "hand {hand}: the deck is not the shuffle that the values make",
    "link.check_dealt": "hand {hand}: the cards dealt to this seat are not the deck's",
    "link.check_table": "hand {hand}: the table this seat saw is not the deck's",
    "link.check_moves": "hand {hand}: the moves are not the ones that were played",
    "link.check_replay": "hand {hand}: the record checker refuses it: {reason}",
    # the page asking a device for what it cannot do
    "link.no_remote_seat": 'a match with another device needs a seat of {{"kind": "remote"}}',
    "link.no_link": "this device is not in a match with another device",
    "link.readmit_seat": "{seat} is not a seat for a player on another device",
    "link.readmit_connected": (
        "seat {seat}'s device is connected: only a seat that is away can go to a new device"
    ),
    "link.not_started": "the match has not started yet",
    "link.move_on_its_way": "the last move is still on its way to the host",
    "link.host_away": "the host's device is not connected: the match is paused",
    "link.saved_invalid": "the saved match with another device is not valid: {reason}",
    "link.internal": "this message could not be handled: {error}",
}


class LinkProblem(Problem):
    """A sentence of the link, said by code in the page's language."""

    TEMPLATES: ClassVar[dict[str, str]] = LINK_ENGLISH


class LinkError(ValueError):
    """A message refused, or a request the link cannot carry out; args[0] is a LinkProblem."""
