"""A seat for a new device (issue 32): a friend whose phone died, or who comes back
on another device, with no token.

The host's explicit word (:func:`open_seat`, the worker's ``link_readmit``) names an
away seat and the channel of the invitation made for it. The first hello with no
token on that channel takes the seat (:func:`take`) with a fresh token; the old
token is kept as ``retired`` and refused by its own sentence from then on, and the
old device, if it is still on a channel, is told and dropped (:func:`drop_old`).
Until then the seat stays its token's: the old device may still come back, and
the word stands (a later word for the seat or the channel replaces it; a hello of
any kind on the channel uses it up). The word lives in memory only, as the
channel it names does: a host that reloads has no such channel, and says it again.

The new device is sent that seat's messages as any guest is (host_outbox.py), and
``inherit``: the hands already (partly) dealt when it came, whose values were given
by the seat's old device; its commit for such a hand carries that value, so the
new device checks those hands (the deck, the cards, the moves) like its own.
"""

from __future__ import annotations

import secrets

from .host_state import HostState, Remote
from .problems import LinkError, LinkProblem
from .protocol import TOKEN_HEX, Outcome, refusal


def open_seat(host: HostState, seat: object, peer: str) -> None:
    """The host's word: a new device saying hello on ``peer`` takes ``seat`` (away)."""
    remote = host.remotes.get(seat) if isinstance(seat, int) else None
    if remote is None or isinstance(seat, bool):
        shown = str(seat)
        raise LinkError(LinkProblem("link.readmit_seat", seat=shown[:20]))
    if remote.peer is not None or host._remote_of(peer) is not None:
        raise LinkError(LinkProblem("link.readmit_connected", seat=remote.seat))
    used(host, peer)
    remote.readmit = peer


def take(host: HostState, peer: str) -> Remote | None:
    """The seat opened for a new device on ``peer``, now its own (a fresh token)."""
    remote = next((r for r in host.remotes.values() if r.readmit == peer), None)
    if remote is not None:
        remote.retired = remote.token
        remote.token = secrets.token_hex(TOKEN_HEX // 2)
        remote.inherit = len(host.ledger.entries)
    return remote


def used(host: HostState, peer: str) -> None:
    """The invitation on ``peer`` was used (a hello on it) or is gone: no seat waits on it."""
    for remote in host.remotes.values():
        if remote.readmit == peer:
            remote.readmit = None


def drop_old(remote: Remote, peer: str) -> Outcome:
    """A new device took ``remote`` on ``peer``: its old device, if still on a channel,
    is told and that channel closed by the page (``drop``)."""
    old = remote.peer
    if remote.inherit is None or old is None or old == peer:
        return Outcome()
    given = LinkProblem("link.seat_given", seat=remote.seat)
    return Outcome(out=[(old, refusal("hello", given))], drop=[old])
