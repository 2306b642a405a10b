"""``python -m scopa_core arena A B --hands N --seed S [--rules PRESET]``.

Two levels play paired deals: every deal (deck and dealer) is played once
per seating, so each level meets the same cards from each chair and the luck
of the deal cancels out.  With two sides there are two seatings (A on side 0,
then B on side 0; with 4 or 6 players a level plays every seat of its team);
with 3 players, three (A in seat 0, 1, 2, B in the other two).

Printed: the margin of A over B in hand points per hand with its standard
error over the deals, the hand win rates, match win rates, and each level's
think time per move.  Matches: each seating's stream of hands is played as
back-to-back matches to the target; the players see the running match
score (so chiamarsi fuori and match tactics are live), a decided match
starts the next one at 0-0, and the unfinished last match of a stream is
not counted.  Everything but the times is deterministic for a seed.

``--rules`` takes a preset name with optional variants joined by ``+``,
e.g. ``scopa+re-bello+chiamarsi-fuori``.  ``--budget-a/--budget-b``
set the search budget of a hard or expert player; ``--progress`` prints the
report so far every 50 deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from ..hand import HandState, shuffled_deck
from ..match import decide_winner
from ..problems import Problem
from ..rules import VARIANTS, Rules, RulesError
from ..scoring import score_hand
from ..view import SeatView
from . import LEVELS, make_player
from .base import Player


def parse_rules(text: str) -> Rules:
    """``preset[+variant...]``, e.g. ``scopone+napola``."""
    name, *variants = text.split("+")
    changes: dict[str, Any] = {}
    for variant in variants:
        if variant not in VARIANTS:
            raise RulesError(
                Problem("rules.no_variant", name=repr(variant), known=", ".join(VARIANTS))
            )
        changes.update(VARIANTS[variant])
    return Rules.preset(name, **changes)


def seatings(rules: Rules) -> list[list[int]]:
    """For each seating, which player (0 = A, 1 = B) sits in each seat."""
    players = rules.players
    if rules.num_sides == 2:
        first = [rules.side_of(s) for s in range(players)]
        return [first, [1 - x for x in first]]
    return [[0 if s == k else 1 for s in range(players)] for k in range(players)]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Arena:
    """Plays the paired deals; the figures are left in its attributes."""

    def __init__(self, rules: Rules, a: Player, b: Player, seed: int) -> None:
        self.rules = rules
        self.players = (a, b)
        self.seed = seed
        self.rng = random.Random(seed)
        self.seatings = seatings(rules)
        self.margins: list[float] = []  # per deal: A's mean margin over its seatings
        self.hand_results = [0, 0, 0]  # A ahead, B ahead, level
        self.match_results = [0, 0]  # won by A, by B
        self.match_lengths: list[int] = []
        self.declarations = [0, 0]
        self.times: tuple[list[float], list[float]] = ([], [])
        self.cpu_times: tuple[list[float], list[float]] = ([], [])
        self._totals = [[0] * rules.num_sides for _ in self.seatings]
        self._hands_in_match = [0] * len(self.seatings)

    def play_deal(self) -> None:
        rules = self.rules
        deck = shuffled_deck(rules, self.rng)
        dealer = self.rng.randrange(rules.players)
        margins = []
        for k, seating in enumerate(self.seatings):
            margins.append(self._play_hand(k, seating, deck, dealer))
        self.margins.append(sum(margins) / len(margins))

    def _play_hand(self, k: int, seating: list[int], deck: list[int], dealer: int) -> float:
        rules = self.rules
        hand = HandState(rules, deck, dealer)
        totals = self._totals[k]
        scores = tuple(totals)
        while not hand.is_over:
            seat = hand.to_move
            who = seating[seat]
            view = SeatView.of_hand(hand, seat, scores)
            start, cpu = time.perf_counter(), time.process_time()
            move = self.players[who].choose(view)
            self.times[who].append(time.perf_counter() - start)
            self.cpu_times[who].append(time.process_time() - cpu)
            if move.is_declare:
                self.declarations[who] += 1
            hand.play(move)  # checked: an illegal move raises IllegalMove
        declared = hand.declared if hand.declared >= 0 else None
        score = score_hand(rules, hand.final_piles(), hand.scope, declared)
        points = score.points
        if rules.num_sides == 2:
            a_side = seating.index(0) % 2 if rules.players > 3 else seating.index(0)
            margin = float(points[a_side] - points[1 - a_side])
        else:
            a_side = seating.index(0)
            others = [points[s] for s in range(rules.num_sides) if s != a_side]
            margin = points[a_side] - sum(others) / len(others)
            best_other = max(others)
            margin_top = points[a_side] - best_other
            self.hand_results[0 if margin_top > 0 else 1 if margin_top < 0 else 2] += 1
        if rules.num_sides == 2:
            self.hand_results[0 if margin > 0 else 1 if margin < 0 else 2] += 1
        for side, p in enumerate(points):
            totals[side] += p
        self._hands_in_match[k] += 1
        winner = decide_winner(rules, totals, score, hand)
        if winner is not None:
            self.match_results[0 if winner == a_side else 1] += 1
            self.match_lengths.append(self._hands_in_match[k])
            self._totals[k] = [0] * rules.num_sides
            self._hands_in_match[k] = 0
        return margin

    # -- the report -------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        n = len(self.margins)
        mean = sum(self.margins) / n if n else 0.0
        var = sum((m - mean) ** 2 for m in self.margins) / (n - 1) if n > 1 else 0.0
        hands = sum(self.hand_results)
        matches = sum(self.match_results)
        out: dict[str, Any] = {
            "deals": n,
            "hands": hands,
            "margin": mean,
            "margin_se": math.sqrt(var / n) if n else 0.0,
            "hand_wins": [r / hands if hands else 0.0 for r in self.hand_results],
            "matches": matches,
            "match_wins": [r / matches if matches else 0.0 for r in self.match_results],
            "declarations": list(self.declarations),
            "times_ms": [
                {
                    "moves": len(t),
                    "median": _pct(t, 0.5) * 1000,
                    "p95": _pct(t, 0.95) * 1000,
                    "max": max(t, default=0.0) * 1000,
                }
                for t in self.times
            ],
            "cpu_ms": [
                {
                    "median": _pct(t, 0.5) * 1000,
                    "p95": _pct(t, 0.95) * 1000,
                    "max": max(t, default=0.0) * 1000,
                }
                for t in self.cpu_times
            ],
        }
        return out

    def report(self, names: Sequence[str], out: TextIO) -> None:
        s = self.summary()
        a, b = names
        rules = self.rules
        w = out.write
        w(f"arena: {a} (A) vs {b} (B), rules {rules.players} players, seed {self.seed}\n")
        w(
            f"  {s['deals']} deals, each played in {len(self.seatings)} seatings "
            f"({s['hands']} hands)\n"
        )
        side_word = "points per hand" if rules.num_sides == 2 else "points per hand over B's mean"
        w(
            f"  margin of A over B: {s['margin']:+.3f} ± {s['margin_se']:.3f} {side_word} "
            "(mean over deals ± standard error)\n"
        )
        hw = s["hand_wins"]
        label = "hands won" if rules.num_sides == 2 else "hands topped (strictly)"
        w(f"  {label}: A {hw[0]:.1%}, B {hw[1]:.1%}, level {hw[2]:.1%}\n")
        m = s["matches"]
        if m:
            mw = s["match_wins"][0]
            se = math.sqrt(mw * (1 - mw) / m)
            mean_len = sum(self.match_lengths) / len(self.match_lengths)
            w(
                f"  matches to {rules.target}: A won {mw:.1%} ± {se:.1%} of {m} "
                f"(hands played back to back per seating, {mean_len:.1f} hands a match; "
                "unfinished last matches not counted)\n"
            )
        else:
            w(f"  matches to {rules.target}: none finished in these hands\n")
        if rules.chiamarsi_fuori:
            d = s["declarations"]
            w(f"  declarations (chiamarsi fuori): A {d[0]}, B {d[1]}\n")
        for name, label_ab, t, c in zip(names, ("A", "B"), s["times_ms"], s["cpu_ms"], strict=True):
            w(
                f"  think time {label_ab} ({name}): median {t['median']:.2f} ms, "
                f"p95 {t['p95']:.2f} ms, max {t['max']:.2f} ms over {t['moves']} moves "
                f"(CPU time: median {c['median']:.2f} ms, p95 {c['p95']:.2f} ms, "
                f"max {c['max']:.2f} ms)\n"
            )


def run(
    a: str,
    b: str,
    deals: int,
    seed: int,
    rules_text: str = "scopa",
    *,
    options_a: dict[str, Any] | None = None,
    options_b: dict[str, Any] | None = None,
    progress: TextIO | None = None,
    out: TextIO | None = None,
) -> Arena:
    rules = parse_rules(rules_text)
    arena = Arena(
        rules,
        make_player(a, seed, **(options_a or {})),
        make_player(b, seed + 1, **(options_b or {})),
        seed,
    )
    for i in range(deals):
        arena.play_deal()
        if progress is not None and (i + 1) % 50 == 0 and i + 1 < deals:
            arena.report((a, b), progress)
            progress.flush()
    if out is not None:
        arena.report((a, b), out)
    return arena


def main(args: argparse.Namespace | Sequence[str] | None = None) -> int:
    if not isinstance(args, argparse.Namespace):
        args = build_parser().parse_args(args)
    try:
        rules_text = str(args.rules)
        parse_rules(rules_text)
    except RulesError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    try:
        options_a = player_options(args.a, args.option_a, args.budget_a)
        options_b = player_options(args.b, args.option_b, args.budget_b)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    progress = sys.stderr if args.progress else None
    run(
        args.a,
        args.b,
        args.hands,
        args.seed,
        rules_text,
        options_a=options_a,
        options_b=options_b,
        progress=progress,
        out=sys.stdout,
    )
    return 0


def player_options(level: str, pairs: Sequence[str], budget: int | None) -> dict[str, Any]:
    """A player's constructor options from ``KEY=VALUE`` pairs (numbers or
    true/false), checked by building the player once; ValueError says what is wrong."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.isidentifier():
            raise ValueError(f"{pair!r} is not KEY=VALUE")
        options[key] = _option_value(text)
    if budget:
        options["budget"] = budget
    if options and level not in ("hard", "expert"):
        raise ValueError(f"the {level} level takes no options")
    try:
        make_player(level, 0, **options)
    except TypeError:
        raise ValueError(
            f"the {level} level has no option among {', '.join(sorted(options))}"
        ) from None
    return options


def _option_value(text: str) -> int | float | bool:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    raise ValueError(f"{text!r} is not a number, true or false")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's options (shared with ``python -m scopa_core arena``)."""
    parser.add_argument("a", choices=LEVELS)
    parser.add_argument("b", choices=LEVELS)
    parser.add_argument("--hands", type=int, default=200, help="deals, each played per seating")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="scopa", help="preset[+variant...]")
    parser.add_argument("--budget-a", type=int, default=None, help="search budget of A")
    parser.add_argument("--budget-b", type=int, default=None, help="search budget of B")
    for side in ("a", "b"):
        parser.add_argument(
            f"--option-{side}",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help=f"an option of {side.upper()}'s constructor, e.g. play_odds=0 (repeatable)",
        )
    parser.add_argument(
        "--progress", action="store_true", help="the report so far every 50 deals, on stderr"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scopa_core.players.arena", description=__doc__)
    add_arguments(parser)
    return parser


if __name__ == "__main__":
    sys.exit(main())
