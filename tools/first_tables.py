"""Tables dealt at build time, so that a first visit is playable at once.

A returning player's page draws the table saved on the device while Pyodide
starts in the worker; a first visit has none. The build deals a few matches of
the app's default kind with the engine itself (scopa_core.table's Session in
CPython), the person leading, and puts them in index.html
(``<script type="application/json" id="first-tables">``). On a first visit
the page draws one of them at once, chosen at random, and the worker restores
its record like a saved game. The record carries its seed (not a match id,
which the worker gives it): the opening book (tools/opening_book.py) played
the computer's answers to the first moves with that seed, and the worker
goes on with it, so the match is the one the engine would have played from
the start. Each table is in the form a restored match has (the settings
with the seed, without the first dealer), so that the worker's first answer
draws the same table.

The page checks that the table's settings are its own defaults (preset,
variants, target, level) before using one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scopa_core.table.session import Session

#: how many deals index.html carries (each is about 2 KB of JSON)
COUNT = 8
#: the seat dealing: seat 1 (the computer), so seat 0 (the person) leads
DEALER = 1


def first_tables(web: Path, count: int = COUNT) -> list[dict[str, Any]]:
    """`count` opening tables of the default match: {"view": VIEW, "record": RECORD}
    (``web``, the site's sources, holds no engine: the worker's is scopa_core's)."""
    tables = []
    for seed in range(count):
        dealt = Session.new({"seed": seed, "first_dealer": DEALER}).to_record()
        dealt["meta"].pop("id", None)
        reply = Session.restore(dealt).reply(None)  # as the worker restores it
        view, record = reply["view"], reply["record"]
        record["meta"].pop("id", None)
        if view.get("to_move_kind") != "person" or not view.get("moves"):
            raise ValueError(f"deal {seed}: the person does not lead")
        tables.append({"view": view, "record": record})
    return tables


def script_text(data: object) -> str:
    """Data (the tables, their paints) as JSON that is safe inside a <script> element."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
