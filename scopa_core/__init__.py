"""Scopa: the rules engine, the records and the computer players.

The public API, python-chess style::

    from scopa_core import Card, Match, Move, Rules

    match = Match(Rules.preset("scopa"), seed=7)
    hand = match.deal()
    move = match.legal_moves()[0]
    match.play(move)               # raises IllegalMove, state unchanged, if wrong
                                   # (its sentence is a Problem: English, with a code)
    view = match.view(seat=0)      # all that seat 0 may know; what players get

The computer players are :mod:`scopa_core.players`; the coach (every move's
value and the reasons, from one seat's view: hint, review) is
:mod:`scopa_core.coach`, imported on its own so that the engine starts light.

Pure Python, standard library only: runs unchanged on CPython 3.11+ and in
Pyodide.  No threads and no I/O inside the engine.
"""

from .cards import Card, CardError
from .hand import HandState
from .match import Match
from .moves import IllegalMove, Move, MoveError
from .problems import Problem
from .record import RecordError, check_record, load_record
from .rules import PRESETS, VARIANTS, Rules, RulesError
from .scoring import HandScore
from .view import SeatView, ViewError

__all__ = [
    "PRESETS",
    "VARIANTS",
    "Card",
    "CardError",
    "HandScore",
    "HandState",
    "IllegalMove",
    "Match",
    "Move",
    "MoveError",
    "Problem",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "ViewError",
    "check_record",
    "load_record",
]

__version__ = "1.0.0"
