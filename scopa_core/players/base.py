"""What every computer player shares: the interface, seeding and declaring.

A player is given a :class:`~scopa_core.view.SeatView` and nothing else, and
answers with a legal :class:`~scopa_core.moves.Move`.  Everything it knows
about the cards it cannot see comes from ``view.unseen`` and from
``view.sample_world(rng)``.

Stable for other levels (the expert player builds on these):

- :class:`Player` (``name``, ``choose(view)``),
- :func:`view_rng` (the per-call random generator derived from the seed and
  the view's content, independent of call history),
- :func:`declare_outcome` / :func:`should_declare` (chiamarsi fuori),
- :func:`playable_moves` (the legal moves without the declaration).
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod

from ..moves import DECLARE, DECLARE_MOVE, Move
from ..scoring import score_hand
from ..view import SeatView


class Player(ABC):
    """A computer player: a pure function of its seed and the view it is shown."""

    #: the level's name, e.g. ``"normal"``
    name: str = "player"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: SeatView) -> Move:
        """A legal move for ``view.seat``, whose turn it must be."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def view_digest(view: SeatView) -> bytes:
    """A stable digest of everything the view holds (never Python's salted ``hash``)."""
    text = json.dumps(view.to_request(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def view_rng(seed: int, view: SeatView, salt: str = "") -> random.Random:
    """The random generator for one ``choose`` call: a function of seed and view only."""
    h = hashlib.blake2b(view_digest(view), digest_size=16)
    h.update(f"|{seed}|{salt}".encode())
    return random.Random(int.from_bytes(h.digest(), "big"))


def declare_outcome(view: SeatView) -> bool | None:
    """Under chiamarsi fuori: True if declaring now wins the match, False if it
    loses it, None when declaring is not allowed (rule off or not our turn).

    Declaring scores the piles as they are (the table to nobody), adds the
    hand to the match totals, and the declarer's side wins if it has reached
    the target, otherwise the other side wins.
    """
    rules = view.rules
    if not rules.chiamarsi_fuori or not view.my_turn:
        return None
    score = score_hand(rules, list(view.piles), list(view.scope), view.seat)
    side = view.side
    return view.scores[side] + score.points[side] >= rules.target


def should_declare(view: SeatView) -> bool:
    """Every level declares exactly when declaring wins the match."""
    return declare_outcome(view) is True


def playable_moves(view: SeatView) -> list[Move]:
    """The legal card plays (a declaration is never among them)."""
    return [m for m in view.legal_moves() if m.kind != DECLARE]


def forced_move(view: SeatView) -> Move | None:
    """The declaration when it wins, the only card play when there is one, else None.

    Raises ValueError when it is not the view's turn (no legal move).
    """
    if should_declare(view):
        return DECLARE_MOVE
    moves = playable_moves(view)
    if not moves:
        raise ValueError(f"seat {view.seat} has no move: it is seat {view.to_move}'s turn")
    if len(moves) == 1:
        return moves[0]
    return None
