"""``python -m scopa_core bench``: how fast the hot path is, in figures.

Prints random-play hands per second (deal + play to the end + count) for the
2-player game and for scopone, and legal-move generations per second.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable

from .hand import HandState, shuffled_deck
from .rules import Rules
from .scoring import score_hand


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Work done per second of this process's CPU time.

    CPU time, not wall time, so that a figure taken on a busy shared machine
    still says what one core does.
    """
    done = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        done += work()
    return done / elapsed


def random_hands_per_second(rules: Rules, seconds: float = 2.0, seed: int = 1) -> float:
    rng = random.Random(seed)

    def one_hand() -> int:
        hand = HandState(rules, shuffled_deck(rules, rng), rng.randrange(rules.players))
        hand.random_playout(rng)
        score_hand(rules, hand.final_piles(), hand.scope)
        return 1

    return _rate(one_hand, seconds)


def legal_moves_per_second(rules: Rules, seconds: float = 2.0, seed: int = 2) -> float:
    """Legal-move generations over the positions of random hands."""
    rng = random.Random(seed)
    positions: list[HandState] = []
    for _ in range(200):
        hand = HandState(rules, shuffled_deck(rules, rng), 0)
        for _ in range(rng.randrange(0, 30)):
            hand.push(rng.choice(hand.legal_moves()))
        positions.append(hand)

    def generate() -> int:
        for hand in positions:
            hand.legal_moves()
        return len(positions)

    return _rate(generate, seconds)


def main(seconds: float = 2.0) -> None:
    two = Rules.preset("scopa")
    rows = [
        ("random 2-player hands/s", random_hands_per_second(two, seconds)),
        (
            "random scopone hands/s (4 players, 9 cards)",
            random_hands_per_second(Rules.preset("scopone"), seconds),
        ),
        (
            "random scientifico hands/s (4 players, 10 cards)",
            random_hands_per_second(Rules.preset("scientifico"), seconds),
        ),
        (
            "random 2-player scopa a 15 hands/s",
            random_hands_per_second(two.replace(capture="standard+fifteen"), seconds),
        ),
        ("legal-move generations/s (2 players)", legal_moves_per_second(two, seconds)),
    ]
    print(
        f"scopa_core bench: CPU time of one process, {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value:>10,.0f}")
