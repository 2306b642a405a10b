"""The bot protocol: one JSON request per line in, one JSON reply per line out.

``python -m scopa_core bot --level LEVEL [--seed N]`` calls :func:`serve`.
Each request is a bot-protocol request (a seat's view, see the spec); the
reply is the chosen move (``{"card": "KD", "take": ["3S", "7C"]}``, with
``"keep": true`` for a kept ace, or ``{"declare": true}``), or
``{"error": "..."}`` for a line that is not a valid request, or a request
where it is not the seat's turn.  Blank lines are ignored; every reply is
flushed at once; nothing on a line can stop the loop, which ends with status
0 at end of input.
"""

from __future__ import annotations

import json
from typing import IO, Any

from ..view import SeatView, ViewError
from . import make_player
from .base import Player


def answer(player: Player, line: str) -> dict[str, Any]:
    """The reply object to one request line (never raises for bad input)."""
    try:
        data = json.loads(line)
    except RecursionError:
        return {"error": "the request is nested too deeply to read"}
    except ValueError as exc:
        return {"error": f"the request is not valid JSON: {exc}"}
    try:
        view = SeatView.from_request(data)
    except ViewError as exc:
        return {"error": str(exc)}
    if not view.my_turn:
        return {"error": f"it is seat {view.to_move}'s turn, not seat {view.seat}'s"}
    move = player.choose(view)
    reply: dict[str, Any] = move.to_json()
    return reply


def serve(stdin: IO[Any], stdout: IO[str], level: str, seed: int = 0) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until end of input; returns 0."""
    player = make_player(level, seed)
    raw = getattr(stdin, "buffer", None)
    while True:
        try:
            got: bytes | str = raw.readline() if raw is not None else stdin.readline()
        except (OSError, ValueError):
            return 0
        if not got:
            return 0
        if isinstance(got, bytes):
            try:
                line = got.decode("utf-8")
            except UnicodeDecodeError:
                _reply(stdout, {"error": "the request is not UTF-8 text"})
                continue
        else:
            line = got
        if not line.strip():
            continue
        try:
            reply = answer(player, line)
        except RecursionError:
            reply = {"error": "the request is nested too deeply to handle"}
        except Exception as exc:  # a bot must keep serving whatever a line holds
            reply = {"error": f"cannot answer this request: {type(exc).__name__}: {exc}"}
        try:
            _reply(stdout, reply)
        except BrokenPipeError:
            return 0


def _reply(stdout: IO[str], reply: dict[str, Any]) -> None:
    stdout.write(json.dumps(reply) + "\n")
    stdout.flush()
