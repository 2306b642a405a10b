"""The guided first hand: a fixed deal that teaches the game move by move.

The classic teaching example: Anna (seat 0, the player) and Bruno (seat 1, the
computer), plain two-player scopa, Bruno deals, and the table is 7C 3S 4H 2D.
Every move of the hand is scripted here as data: Anna's are the ones the page
asks the player to make (each with the lesson it teaches, or none), Bruno's
are played from the script, never searched. ``tests/test_tutorial.py``
replays the script through the real engine and proves every lesson's
situation really happens; the worker (``scopa_core/table/guided.py``) plays it;
the page (``web/app/tutorial.py``) words the lessons (``tutorial.*`` strings).

The lessons, in order:

* ``value``: Anna's 4C takes the 4H, a card of the same value;
* ``sum``: her 5H takes 3S + 2D (no 5 on the table, so a sum);
* ``single``: her 7D (the settebello) takes the 7C, though 6S + AS also make
  seven: a single card of the same value comes before any sum;
* ``forced``: her 3D could take AS + 2C, so it must: it may not be put down;
* ``scopa``: her 7H takes 6S + AC, the whole table: a scopa;
* ``last``: her 6C makes the hand's last capture, so the cards left on the
  table at the end (3H 2S AH) go to her;
* the count (``COUNT``): 24 cards to 16, Bruno's 6 coins to 4, the
  settebello, the primiera 81 to 68 and one scopa: 4 points to 1.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import CARD_NAMES
from .match import Match
from .moves import Move
from .rules import Rules

SEATS: Final = ("Anna", "Bruno")
PERSON: Final = 0
DEALER: Final = 1
TABLE: Final = ("7C", "3S", "4H", "2D")

#: the whole deck, front first, as the engine deals it: one card at a time from
#: the seat after the dealer (Anna), three each, then four to the table; each
#: later round three each again, Anna first
DECK: Final = (
    "4C", "6S", "5H", "AS", "7D", "2C", *TABLE,
    "3D", "AC", "7H", "QC", "6H", "KH",
    "JS", "KS", "5S", "3C", "JH", "2H",
    "4S", "KC", "QH", "KD", "5C", "5D",
    "AD", "QD", "QS", "7S", "3H", "JD",
    "6D", "AH", "2S", "JC", "6C", "4D",
)  # fmt: skip


class Step(NamedTuple):
    """One move of the hand: who makes it, the card, what it takes, the lesson."""

    seat: int
    card: str
    take: tuple[str, ...] = ()
    lesson: str | None = None

    def move(self) -> Move:
        return Move.play(self.card, *self.take)

    def to_json(self) -> dict[str, object]:
        return {"card": self.card, "take": list(self.take)}


def _steps(*pairs: tuple[str, tuple[str, ...], str | None]) -> tuple[Step, ...]:
    """The moves in order: Anna leads every round, so they alternate Anna, Bruno."""
    return tuple(
        Step((PERSON + k) % 2, card, take, lesson) for k, (card, take, lesson) in enumerate(pairs)
    )


STEPS: Final = _steps(
    ("4C", ("4H",), "value"),
    ("6S", (), None),
    ("5H", ("3S", "2D"), "sum"),
    ("AS", (), None),
    ("7D", ("7C",), "single"),
    ("2C", (), None),
    # the second round
    ("3D", ("AS", "2C"), "forced"),
    ("AC", (), None),
    ("7H", ("6S", "AC"), "scopa"),
    ("QC", (), None),
    ("6H", (), None),
    ("KH", (), None),
    # the third round
    ("5S", (), None),
    ("KS", ("KH",), None),
    ("JH", (), None),
    ("2H", (), None),
    ("JS", ("JH",), None),
    ("3C", (), None),
    # the fourth round
    ("5C", ("5S",), None),
    ("5D", ("2H", "3C"), None),
    ("QH", ("QC",), None),
    ("KD", (), None),
    ("4S", (), None),
    ("KC", ("KD",), None),
    # the fifth round
    ("AD", (), None),
    ("7S", ("6H", "AD"), None),
    ("3H", (), None),
    ("JD", (), None),
    ("QS", (), None),
    ("QD", ("QS",), None),
    # the sixth and last round
    ("2S", (), None),
    ("4D", ("4S",), None),
    ("6D", (), None),
    ("JC", ("JD",), None),
    ("6C", ("6D",), "last"),
    ("AH", (), None),
)

#: what the page lets the player try in a lesson, for the engine to refuse:
#: the 7D taking the sum 6S + AS, the 3D put down instead of taking
TRIALS: Final = {
    "single": Step(PERSON, "7D", ("6S", "AS")),
    "forced": Step(PERSON, "3D"),
}

#: the cards left on the table at the end, which go to Anna (the last capturer)
LEFTOVER: Final = ("3H", "2S", "AH")

#: the count the lessons promise, per side (Anna, Bruno)
COUNT: Final = {
    "cards": (24, 16),
    "coins": (4, 6),
    "settebello": PERSON,
    "primiera": (81, 68),
    "scope": (1, 0),
    "points": (4, 1),
}


def rules() -> Rules:
    """Plain two-player scopa (the defaults)."""
    return Rules()


def deck() -> list[int]:
    return [CARD_NAMES.index(name) for name in DECK]


def new_match() -> Match:
    """The match, its first (and only taught) hand dealt from the fixed deck."""
    match = Match(rules(), seed=0, first_dealer=DEALER)
    match.deal(deck())
    return match
