"""``python -m scopa_core review FILE|- [--seat N] [--budget B]``: the review as JSON lines."""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..record import RecordError, load_record, parse_json

HELP: str = (
    "one JSON object per line, one per move of the reviewed seats, in order: "
    '{"hand", "move", "seat", "played", "best", "loss", "exact", "values"}; '
    "a value is the seat's side's points for the whole hand minus the other side's "
    "(three sides: minus the mean of the others), exact (both sides playing their best) "
    "when every unseen card's place is known, else the expert's estimate; values and "
    "loss are rounded to hundredths of a point, loss = best - played. A bad record "
    "gets the replay checker's error object and exit status 1."
)


def run_review(data: bytes, seat: int | None, budget: int | None, out: TextIO) -> int:
    """Review a record's bytes onto ``out``; 0, or 1 with the checker's error object."""
    # imported here: building the command line's parser must not load the search
    from .review import ReviewError, check_seats, review_match
    from .values import COACH_BUDGET

    try:
        match = load_record(parse_json(data))
        seats = None if seat is None else [seat]
        check_seats(match, seats)
    except RecordError as exc:
        return _fail(exc.to_json(), out)
    except ReviewError as exc:
        return _fail({"ok": False, "hand": None, "move": None, "error": exc.args[0]}, out)
    try:
        for line in review_match(match, seats, budget=budget or COACH_BUDGET):
            out.write(json.dumps(line, separators=(", ", ": ")) + "\n")
            out.flush()
    except BrokenPipeError:  # the reader stopped (| head): not an error of the review
        return 0
    return 0


def _fail(error: dict[str, Any], out: TextIO) -> int:
    out.write(json.dumps(error) + "\n")
    return 1
