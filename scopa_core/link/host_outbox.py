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
    computer = host.computer
    presence = (tuple(host.away), tuple(seat["name"] for seat in session.seats), tuple(computer))
    told = remote.presence_sent != presence  # a pause begins or ends: the clock is told
    if told:
        names = list(presence[1])
        extra = {"computer": computer} if computer else {}  # seats it plays for friends away
        texts.append(encode("presence", match=host.match_id, away=host.away, names=names, **extra))
        remote.presence_sent = presence
    while remote.hands_sent < host.revealed:
        texts.append(_reveal(host, remote.hands_sent))
        remote.hands_sent += 1
    if session.end is not None and not remote.end_sent:
        texts.append(encode("end", match=host.match_id, **session.end))
        remote.end_sent = True
    hands = len(session.match.records)
    playing = hands - 1  # the hand in play, dealt with a value given in this seat's place
    given = _given(host, remote, playing) if host.revealed == playing >= 0 else None
    if given is not None and remote.commit_sent < playing:
        texts.append(_commit(host, playing, share=given))
        remote.commit_sent = playing
    if not session.over and len(host.ledger.entries) > hands and remote.commit_sent < hands:
        texts.append(_commit(host, hands, share=_given(host, remote, hands)))
        remote.commit_sent = hands
    at = (hands, session.seq)
    if session.phase == "play" and remote.at_sent != at:
        texts.append(position(host, remote.seat))
        remote.at_sent = at
    if told and session.time_used and session.to_move is not None:
        texts.append(_clock(host))
    return texts


def _clock(host: HostState) -> str:
    """The time the seat to move has used on this position, as the host's clock counts
    it, sent with ``presence``: when a pause begins or ends (and so to a guest that
    pairs again, after its position), so that every device shows the same time left
    (none while it is 0: a fresh position's clock starts from the whole deadline)."""
    session = host.session
    used = session.time_used
    return encode("clock", match=host.match_id, seq=session.seq, seat=session.to_move, used_ms=used)


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


def _commit(host: HostState, hand: int, share: str | None = None) -> str:
    """The commitment to hand ``hand``'s deck; with ``share``, the value given in this
    seat's place (:func:`_given`): the deck is made with it, not to answer."""
    entry = host.ledger.entries[hand]
    records = host.session.match.records
    dealer = records[hand].dealer if hand < len(records) else host.session.match.next_dealer
    extra = {"share": share} if share is not None else {}
    return encode(
        "commit",
        match=host.match_id,
        hand=hand,
        dealer=dealer,
        commitment=entry.commitment,
        **extra,
    )


def _given(host: HostState, remote: Remote, hand: int) -> str | None:
    """The value given in this seat's place for hand ``hand``, sent with its commitment:
    the host's, for a hand dealt while the computer stood in (its friend away); the old
    device's, to a new device that inherits the hand (readmission.py). None when the
    seat gives its own."""
    entries = host.ledger.entries
    if hand >= len(entries):
        return None
    stood = {"hand": hand, "seat": remote.seat} in host.stood_shares
    inherited = remote.inherit is not None and hand < remote.inherit
    return entries[hand].shares[remote.seat] if stood or inherited else None


def position(host: HostState, seat: int) -> str:
    """The one place a guest's position is made: from its seat's view."""
    match = host.session.match
    rules = host.session.rules
    start = rules.players * rules.hand_size
    layout = match.records[-1].deck[start : start + rules.table_cards]
    view = match.view(seat)
    hand = len(match.records) - 1
    stand_in = host.stand_in_of(hand)
    return state_message(host.match_id, host.session.seq, hand, view, layout, stand_in)


def _reveal(host: HostState, hand: int) -> str:
    match = host.session.match
    deal = match.to_record()["hands"][hand]
    seq = sum(len(rec.moves) for rec in match.records[: hand + 1])
    entry = host.ledger.entries[hand]
    return reveal_message(
        host.match_id, seq, hand, entry, deal, hand < host.revealed, host.stand_in_of(hand)
    )
