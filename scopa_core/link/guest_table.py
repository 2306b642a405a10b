"""What a guest's page draws, made on the guest's device from what it holds.

A guest knows the hands already revealed and, for the hand in play, its
seat's view (a :class:`~scopa_core.view.SeatView`: its own cards and what was
played in the open).  To draw it with the same table view as any other match
(scopa_core/table), this builds a *stand-in deck*: the seat's real cards, the real
first table, the cards each seat really played, and, for what it cannot know
(the other hands, the rest of the deck), the unseen cards in a fixed order.
Replayed, that deck gives the real table, piles, scope, counts and the seat's
legal moves; the stand-in cards themselves are never shown (the table view
holds only the viewer's hand) and never leave the device (the guest's record
holds only revealed hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import bits
from ..match import Match
from ..moves import Move
from ..table.session import Session
from ..table.story import HandStory
from ..view import SeatView
from .fairdeal import deals_in_hand


def stand_in_deck(view: SeatView, layout: Sequence[int]) -> list[int]:
    """A deck that deals this seat's hand as it is known, with stand-ins for the unknown."""
    rules = view.rules
    players, per_deal = rules.players, rules.players * rules.hand_size
    history = view.history
    current = len(history) // per_deal
    unseen = sorted(bits(view.unseen))
    deck: list[int] = []
    for deal in range(min(current + 1, deals_in_hand(rules))):
        held: list[list[int]] = [[] for _ in range(players)]
        for k in range(deal * per_deal, min(len(history), (deal + 1) * per_deal)):
            held[view.seat_of_move(k)].append(history[k].card)
        if deal == current:
            for seat in range(players):
                if seat == view.seat:
                    held[seat] += bits(view.hand)
                else:
                    count = view.hand_counts[seat]
                    held[seat] += unseen[:count]
                    del unseen[:count]
        block = [0] * per_deal
        for seat, cards in enumerate(held):
            offset = (seat - view.dealer - 1) % players
            for j, card in enumerate(cards):
                block[offset + j * players] = card
        deck += block
        if deal == 0:
            deck += layout
    return deck + unseen


def display_match(
    base: Match, view: SeatView | None, layout: Sequence[int], pending: Move | None
) -> Match:
    """The revealed hands, then the hand in play as this seat knows it (and its own
    move on its way to the host, unless that move deals new cards or ends the hand)."""
    match = base.copy()
    if view is None:
        return match
    match._next_dealer = view.dealer  # the first hand's dealer is the host's draw
    match.deal(stand_in_deck(view, layout))
    for move in view.history:
        match.play(move)
    rules = view.rules
    per_deal = rules.players * rules.hand_size
    if pending is not None and (len(view.history) + 1) % per_deal:
        match.play(pending)
    return match


def local_settings(settings: dict[str, Any], seat: int) -> dict[str, Any]:
    """The host's settings as this device draws them: the person here, everyone else away."""
    seats = []
    for number, item in enumerate(settings["seats"]):
        if number == seat:
            seats.append({"kind": "person", "name": item.get("name", "")})
        else:
            seats.append({**item, "kind": "remote", "plays": item["kind"]})
    return {**settings, "seats": seats}


def table_session(
    match: Match, settings: dict[str, Any], seat: int, match_id: str, end: dict[str, Any] | None
) -> Session:
    session = Session(local_settings(settings, seat), match, 0)
    session.match_id = match_id
    session.shown = seat
    if end is not None:
        session.resigned = end["side"]
        session.end = dict(end)
    return session


def events_of(match: Match, first: int) -> list[dict[str, Any]]:
    """The moves of the hand in play from number ``first`` on, as the page's EVENTs."""
    rec = match.records[-1]
    story = HandStory(match.rules, rec.dealer, rec.deck, rec.moves)
    return story.moves[first:]
