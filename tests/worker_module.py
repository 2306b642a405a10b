"""The engine worker's edge (web/worker/engine_worker.py) as a module of its own.

The worker's file is no package's module: in the browser it is the top of
engine.zip. Each :func:`fresh_worker` loads the file by its path as a new
module, with its own device state (its own match, guided hand, link), as if
in a page of its own; nothing is put on ``sys.path`` (its game is the
installed ``scopa_core``).
"""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

WORKER = Path(__file__).resolve().parent.parent / "web" / "worker" / "engine_worker.py"
_numbers = itertools.count(1)


def fresh_worker(path: Path = WORKER) -> ModuleType:
    """A new copy of the engine worker module at ``path``."""
    spec = importlib.util.spec_from_file_location(f"engine_worker_{next(_numbers)}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
