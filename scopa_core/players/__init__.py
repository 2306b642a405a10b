"""The computer players: ``make_player(level, seed)`` for each of :data:`LEVELS`.

Every player is a pure function of its seed and the :class:`SeatView` it is
given (nothing else reaches it): see :mod:`.base`.  The building blocks other
levels reuse are :mod:`.evaluate` (card weights, fast scoring, scopa risk),
:mod:`.heuristic` (the one-ply move scores of the normal level) and
:mod:`.search` (the greedy rollout policy and the determinized evaluation).
"""

from __future__ import annotations

from typing import Any, Final

from .base import Player

LEVELS: Final = ("easy", "normal", "hard", "expert")


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player of a level.  ``options`` go to the hard/expert constructor
    (e.g. ``budget=6000`` for a slower machine such as a browser)."""
    if level == "easy":
        from .easy import EasyPlayer

        return EasyPlayer(seed)
    if level == "normal":
        from .normal import NormalPlayer

        return NormalPlayer(seed)
    if level == "hard":
        from .hard import HardPlayer

        return HardPlayer(seed, **options)
    if level == "expert":
        from .expert import ExpertPlayer

        return ExpertPlayer(seed, **options)
    raise ValueError(f"no level called {level!r}; the levels are {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Player", "make_player"]
