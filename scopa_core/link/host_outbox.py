"""What each guest is sent: the host's messages, from what that guest has been sent.

Whatever the hosted match does (a guest's move, the page's own play, step,
next_hand, resign, timeout), :func:`pending` brings every connected guest up
to date: a welcome after it pairs, who is away and the names, every hand
revealed since, the end, the commitment to the next deck, and its position,
each once. A position is made in one place only, :func:`position`, from the
seat's own view (protocol.state_message): nothing else the host knows can get
into it. After a reconnect the cursors of :class:`~.host_state.Remote` are
reset to what the guest says it holds, so it is sent exactly what it lacks.
"""

from __future__ import annotations

from typing import Any

from .host_state import HostState, Remote
from .protocol import encode, reveal_message, state_message
from .rematch import offer_for


def pending(host: HostState) -> list[tuple[str, str]]:
    """Every message due to a connected guest, as (peer, text)."""
    host.advance()
    out = []
    for _, remote in sorted(host.remotes.items()):
        if remote.peer is not None:
            out += [(remote.peer, text) for text in _due(host, remote)]
    return out


def _due(host: HostState, remote: Remote) -> list[str]:
    session = host.session
    texts = []
    if not remote.welcomed:
        texts.append(_welcome(host, remote))
        remote.welcomed = True
    presence = (tuple(host.away), tuple(seat["name"] for seat in session.seats))
    if remote.presence_sent != presence:
        names = list(presence[1])
        texts.append(encode("presence", match=host.match_id, away=host.away, names=names))
        remote.presence_sent = presence
    while remote.hands_sent < host.revealed:
        texts.append(_reveal(host, remote.hands_sent))
        remote.hands_sent += 1
    if session.end is not None and not remote.end_sent:
        texts.append(encode("end", match=host.match_id, **session.end))
        remote.end_sent = True
    hands = len(session.match.records)
    if remote.inherit is not None and session.phase == "play" and remote.commit_sent < hands - 1:
        texts.append(_commit(host, hands - 1, remote))  # readmitted: the hand in play's deal
        remote.commit_sent = hands - 1
    if not session.over and len(host.ledger.entries) > hands and remote.commit_sent < hands:
        texts.append(_commit(host, hands, remote))
        remote.commit_sent = hands
    at = (hands, session.seq)
    if session.phase == "play" and remote.at_sent != at:
        texts.append(position(host, remote.seat))
        remote.at_sent = at
    return texts


def _welcome(host: HostState, remote: Remote) -> str:
    extra: dict[str, Any] = {"rematch_of": host.rematch_of} if host.rematch_of else {}
    if remote.inherit is not None:  # a new device in this seat: the deals it comes into
        extra["inherit"] = remote.inherit
    if host.session.over:  # a guest pairing again learns where a rematch stands
        extra["offer"] = offer_for(host, remote.seat)
    return encode(
        "welcome",
        match=host.match_id,
        seat=remote.seat,
        token=remote.token,
        settings=host.public_settings(),
        rules=host.session.rules.to_json(),
        **extra,
    )


def _commit(host: HostState, hand: int, remote: Remote) -> str:
    entry = host.ledger.entries[hand]
    match = host.session.match
    dealer = match.records[hand].dealer if hand < len(match.records) else match.next_dealer
    extra: dict[str, Any] = {}
    given = entry.shares[remote.seat]
    if remote.inherit is not None and hand < remote.inherit and given is not None:
        extra["share"] = given  # the value this seat's old device gave: the deck is made with it
    return encode(
        "commit",
        match=host.match_id,
        hand=hand,
        dealer=dealer,
        commitment=entry.commitment,
        **extra,
    )


def position(host: HostState, seat: int) -> str:
    """The one place a guest's position is made: from its seat's view."""
    match = host.session.match
    rules = host.session.rules
    start = rules.players * rules.hand_size
    layout = match.records[-1].deck[start : start + rules.table_cards]
    view = match.view(seat)
    return state_message(host.match_id, host.session.seq, len(match.records) - 1, view, layout)


def _reveal(host: HostState, hand: int) -> str:
    match = host.session.match
    deal = match.to_record()["hands"][hand]
    seq = sum(len(rec.moves) for rec in match.records[: hand + 1])
    entry = host.ledger.entries[hand]
    return reveal_message(host.match_id, seq, hand, entry, deal, hand < host.revealed)
