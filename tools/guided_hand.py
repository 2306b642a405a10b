"""The guided first hand's replies, recorded by the build from the engine worker.

The guided hand (scopa_core/tutorial.py's script, played by
scopa_core/table/guided.py) is the same every time: the lesson's move is the
only one the person may make, Bruno's moves are the script's, and each
lesson's "instead?" asks about one fixed move. So every reply the worker gives
it can be recorded once, here, by calling the worker's own ``tutorial_*``
functions in CPython; the page answers the guided hand from that recording
(web/app/guided_replies.py), at once and offline, with no wait for Pyodide: a
newcomer who taps "Show me" on a phone's first visit sees the lesson at once,
not half a minute later. ``book/tutorial.json``::

    {"start": REPLY, "moves": [REPLY, ...], "why": {"<step>": REPLY}}

``moves[k]`` is the reply to the script's move k (``tutorial_play`` of the
person's move, ``tutorial_step`` for Bruno's), ``why[k]`` the reply to the
lesson's trial before move k. tests/test_guided_hand.py proves the page's
answers identical to the worker's.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

PERSON = 0


@contextmanager
def worker_module(web: Path) -> Iterator[ModuleType]:
    """A fresh copy of web/worker/engine_worker.py, the worker's edge, loaded by its
    path (its game is the scopa_core package): neither sys.path nor sys.modules
    changes."""
    path = web / "worker" / "engine_worker.py"
    spec = importlib.util.spec_from_file_location("guided_hand_engine_worker", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


def _reply(text: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(text)
    if not reply.get("ok"):
        raise ValueError(f"the guided hand refused its own script: {reply.get('error')}")
    reply.pop("ms", None)  # the worker's own time, not part of the answer
    return reply


def record(web: Path) -> dict[str, Any]:
    """Every reply of the guided hand, played through the worker."""
    with worker_module(web) as worker:
        start = _reply(worker.tutorial_start())
        moves: list[dict[str, Any]] = []
        why: dict[str, dict[str, Any]] = {}
        lesson = start["lesson"]
        while lesson.get("seat") is not None:
            step = str(lesson["step"])
            if lesson["seat"] == PERSON:
                if lesson.get("trial"):
                    why[step] = _reply(worker.tutorial_why(json.dumps(lesson["trial"])))
                reply = _reply(worker.tutorial_play(json.dumps(lesson["move"])))
            else:
                reply = _reply(worker.tutorial_step())
            moves.append(reply)
            lesson = reply["lesson"]
    return {"start": start, "moves": moves, "why": why}


def recording_text(web: Path) -> str:
    return json.dumps(record(web), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
