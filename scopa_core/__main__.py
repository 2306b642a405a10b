"""Command line: ``python -m scopa_core {replay,review,bot,arena,bench,play}``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _read(file: str) -> bytes | dict[str, object]:
    """A record file's bytes (``-``: standard input), or the checker's error object."""
    try:
        if file == "-":
            return sys.stdin.buffer.read()
        with open(file, "rb") as handle:
            return handle.read()
    except OSError as exc:
        return {
            "ok": False,
            "hand": None,
            "move": None,
            "error": f"cannot read {file}: {exc.strerror}",
        }


def _replay(args: argparse.Namespace) -> int:
    from .record import check_record_text

    data = _read(args.file)
    result = data if isinstance(data, dict) else check_record_text(data)
    print(json.dumps(result))
    return 0 if result["ok"] else 1


def _review(args: argparse.Namespace) -> int:
    from .coach.command import run_review

    data = _read(args.file)
    if isinstance(data, dict):
        print(json.dumps(data))
        return 1
    return run_review(data, args.seat, args.budget, sys.stdout)


def _bench(args: argparse.Namespace) -> int:
    if args.coach:
        from .coach.bench import main as coach_bench
        from .coach.values import COACH_BUDGET

        coach_bench(args.positions, args.budget or COACH_BUDGET, args.compare)
        return 0
    from .bench import main

    main(args.seconds)
    return 0


def _bot(args: argparse.Namespace) -> int:
    from .players.protocol import serve

    return serve(sys.stdin, sys.stdout, args.level, args.seed)


def _arena(args: argparse.Namespace) -> int:
    from .players.arena import main

    return main(args)


def _play(args: argparse.Namespace) -> int:
    from .terminal import play_in_terminal

    return play_in_terminal(args.rules, args.level, args.seed)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def build_parser() -> argparse.ArgumentParser:
    from .players.arena import add_arguments as add_arena_arguments

    parser = argparse.ArgumentParser(prog="python -m scopa_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    replay = sub.add_parser("replay", help="check a record and print its scores as JSON")
    replay.add_argument("file", help="the record file, or - for standard input")
    replay.set_defaults(run=_replay)

    from .coach.command import HELP as REVIEW_HELP

    review = sub.add_parser(
        "review", help="value every move of a record from its seat's view", description=REVIEW_HELP
    )
    review.add_argument("file", help="the record file, or - for standard input")
    review.add_argument("--seat", type=int, default=None, help="review this seat only")
    review.add_argument(
        "--budget",
        type=_positive,
        default=None,
        help="the expert's search budget in nodes (default: the expert's own)",
    )
    review.set_defaults(run=_review)

    bench = sub.add_parser("bench", help="print engine speed figures")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    bench.add_argument(
        "--coach", action="store_true", help="the coach's hint and review times instead"
    )
    bench.add_argument("--positions", type=int, default=200, help="--coach: positions a table")
    bench.add_argument("--budget", type=int, default=None, help="--coach: the coach's budget")
    bench.add_argument(
        "--compare", type=int, default=None, help="--coach: also this budget's agreement"
    )
    bench.set_defaults(run=_bench)

    bot = sub.add_parser("bot", help="play one seat over the JSON-lines bot protocol")
    bot.add_argument("--level", default="normal", choices=["easy", "normal", "hard", "expert"])
    bot.add_argument("--seed", type=int, default=0)
    bot.set_defaults(run=_bot)

    arena = sub.add_parser("arena", help="play two levels against each other on paired deals")
    add_arena_arguments(arena)
    arena.set_defaults(run=_arena)

    play = sub.add_parser("play", help="play a quick match in the terminal")
    play.add_argument("--rules", default="scopa", help="a preset name")
    play.add_argument("--level", default="normal", choices=["easy", "normal", "hard", "expert"])
    play.add_argument("--seed", type=int, default=None)
    play.set_defaults(run=_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
