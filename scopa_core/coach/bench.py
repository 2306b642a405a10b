"""``python -m scopa_core bench --coach``: how long the coach takes, in figures.

Positions come from hands the normal level plays against itself (2, 4 and 6
players).  For each table it prints the CPU time of one hint (the values and
reasons of every legal move: :func:`.hint.analyse`), median and 90th
percentile, and of a whole hand's review for one seat (every move that seat
made in the hand).  With ``--compare B`` it also values each position at
budget ``B`` and says how often the two budgets pick the same best move, and
what following the smaller budget's choice costs on average, judged by the
larger budget's values (its best value minus the value of the other's choice).
"""

from __future__ import annotations

import platform
import random
import time

from ..hand import HandState, shuffled_deck
from ..moves import DECLARE
from ..players import make_player
from ..rules import Rules
from ..view import SeatView
from .hint import Analysis, analyse

TABLES = (("2 players", "scopa"), ("4 players", "scopa-4"), ("6 players", "scopa-6"))


def _timed_analysis(view: SeatView, budget: int) -> tuple[Analysis, float]:
    start = time.process_time()
    result = analyse(view, budget=budget)
    return result, time.process_time() - start


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hand_views(rules: Rules, seed: int) -> list[SeatView]:
    """The view of the seat to move at every position of one hand the normal level plays."""
    rng = random.Random(seed)
    hand = HandState(rules, shuffled_deck(rules, rng), rng.randrange(rules.players))
    players = [make_player("normal", seed * 8 + s) for s in range(rules.players)]
    scores = [0] * rules.num_sides
    views = []
    while not hand.is_over:
        view = SeatView.of_hand(hand, hand.to_move, scores)
        views.append(view)
        move = players[hand.to_move].choose(view)
        hand.push(move if move.kind != DECLARE else view.legal_moves()[0])
    return views


def bench_table(rules: Rules, positions: int, budget: int, compare: int | None) -> list[str]:
    """The figures of one table size, as lines."""
    hint_times: list[float] = []
    review_times: list[float] = []
    agree = 0
    costs: list[float] = []
    seed = 0
    while len(hint_times) < positions:
        seed += 1
        views = hand_views(rules, seed)
        one_seat = 0.0
        for view in views:
            analysis, seconds = _timed_analysis(view, budget)
            hint_times.append(seconds)
            if view.seat == views[0].seat:
                one_seat += seconds
            if compare is not None:
                cheap = analyse(view, budget=compare)
                agree += cheap.best.move == analysis.best.move
                costs.append(_cost(analysis, cheap))
        review_times.append(one_seat)
    n = len(hint_times)
    lines = [
        f"hint, budget {budget:,}: median {_quantile(hint_times, 0.5) * 1000:.0f} ms, "
        f"p90 {_quantile(hint_times, 0.9) * 1000:.0f} ms, max {max(hint_times) * 1000:.0f} ms "
        f"({n} positions)",
        f"review of one seat's hand: median {_quantile(review_times, 0.5):.2f} s, "
        f"max {max(review_times):.2f} s ({len(review_times)} hands)",
    ]
    if compare is not None:
        lines.append(
            f"budget {compare:,} against {budget:,}: same best move {agree / n:.1%}, "
            f"mean loss of its choice {sum(costs) / n:.3f} points"
        )
    return lines


def _cost(reference: Analysis, other: Analysis) -> float:
    """What ``other``'s best move gives up by ``reference``'s values."""
    return reference.best.value - reference.option(other.best.move).value


def main(positions: int, budget: int, compare: int | None) -> None:
    print(
        f"scopa_core bench --coach: CPU time of one process, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    for label, preset in TABLES:
        print(label)
        for line in bench_table(Rules.preset(preset), positions, budget, compare):
            print("  " + line)
