"""Tables dealt at build time, so that a first visit is playable at once.

A returning player's page draws the table saved on the device while Pyodide
starts in the worker; a first visit has none. The build deals a few matches of
the app's default kind with the engine itself (web/worker/session.py in
CPython), the person leading, and puts them in index.html
(``<script type="application/json" id="first-tables">``). On a first visit
the page draws one of them at once, chosen at random, and the worker restores
its record like a saved game: the record carries no seed and no match id, so
the later hands and the computer's play get a fresh seed there.

The page checks that the table's settings are its own defaults (preset,
variants, target, level) before using one.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: how many deals index.html carries (each is about 2 KB of JSON)
COUNT = 8
#: the seat dealing: seat 1 (the computer), so seat 0 (the person) leads
DEALER = 1


def _session_module(web: Path) -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(
        "scopa_build_session", web / "worker" / "session.py"
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {web / 'worker' / 'session.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def first_tables(web: Path, count: int = COUNT) -> list[dict[str, Any]]:
    """`count` opening tables of the default match: {"view": VIEW, "record": RECORD}."""
    session = _session_module(web)
    tables = []
    for seed in range(count):
        reply = session.Session.new({"seed": seed, "first_dealer": DEALER}).reply(None)
        view, record = reply["view"], reply["record"]
        for settings in (view["settings"], record["meta"]["settings"]):
            settings.pop("seed", None)
            settings.pop("first_dealer", None)
        record["meta"].pop("seed", None)
        record["meta"].pop("id", None)
        if view.get("to_move_kind") != "person" or not view.get("moves"):
            raise ValueError(f"deal {seed}: the person does not lead")
        tables.append({"view": view, "record": record})
    return tables


def script_text(tables: list[dict[str, Any]]) -> str:
    """The tables as JSON that is safe inside a <script> element."""
    text = json.dumps(tables, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
