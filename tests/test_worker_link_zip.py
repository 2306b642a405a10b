"""Play with a friend (scopa_core/link) out of a first visit's download.

The browser's engine worker gets its Python as two zips (tools/build.py
engine_zips): engine.zip at start, link.zip before the first link call
(web/worker/engine.mjs, the functions in engine_worker's ``__link__``). Here, in
CPython: the split, the list of link functions, that nothing a start runs imports
the link, that a link call without link.zip says so and changes nothing, and
that :func:`add_link_zip` makes the link importable from a real zip. The built
zips and sw.js's lazy list are checked on the built site (e2e/test_build.py).
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools import build

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "web" / "worker" / "engine_worker.py"
LINK = ROOT / "scopa_core" / "link"


def worker_function_calls() -> dict[str, set[str]]:
    """Each top-level function of engine_worker.py: the names it calls."""
    tree = ast.parse(WORKER.read_text(encoding="utf-8"))
    return {
        node.name: {
            call.func.id
            for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def worker_list(name: str) -> list[str]:
    """A list of names engine_worker.py assigns at its top level, read without
    importing it (``*other`` in it: the list ``other`` assigned before)."""
    tree = ast.parse(WORKER.read_text(encoding="utf-8"))
    lists: dict[str, list[str]] = {}
    for node in tree.body:
        if not (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.List)
        ):
            continue
        items: list[str] = []
        for item in node.value.elts:
            if isinstance(item, ast.Starred) and isinstance(item.value, ast.Name):
                items.extend(lists[item.value.id])
            else:
                items.append(ast.literal_eval(item))
        lists[node.targets[0].id] = items
    assert name in lists, f"engine_worker.py has no {name}"
    return lists[name]


def test_the_link_goes_to_a_zip_of_its_own_and_the_rest_to_engine_zip() -> None:
    files = build.worker_python(build.WEB)
    engine, link = build.split_worker_python(files)
    every_link_module = {p.relative_to(ROOT).as_posix() for p in LINK.glob("*.py")}
    assert set(link) == every_link_module and "scopa_core/link/device.py" in link
    assert not [name for name in engine if "/link/" in name]
    assert {"engine_worker.py", "scopa_core/__init__.py", "scopa_core/worker_api.py"} <= set(engine)
    # what the link imports of the rest of the game is in engine.zip
    assert {"scopa_core/table/session.py", "scopa_core/view.py"} <= set(engine)
    assert set(engine) | set(link) == set(files)


def test_link_lists_every_function_that_runs_the_link_and_no_other() -> None:
    calls = worker_function_calls()
    running = {name for name, called in calls.items() if "_link" in called}
    link = worker_list("__link__")
    assert len(link) == len(set(link)) and set(link) == running
    assert set(link) <= set(worker_list("__export__"))
    assert "add_link_zip" not in worker_list("__export__")  # engine.mjs's, not the page's


def run_worker(script: str, *path: Path) -> dict[str, object]:
    """``script`` in a new CPython without site-packages (no installed scopa_core),
    with engine_worker importable from ``path``; what it prints, as JSON."""
    prelude = "import json, sys\n" + "".join(
        f"sys.path.insert(0, {str(p)!r})\n" for p in reversed(path)
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", prelude + script],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return out


#: what a page's start asks of the worker: its match, its table, a computer's move
START_CALLS = """
import engine_worker as w
w.engine_info()
match = json.loads(w.new_match(json.dumps({"seats": [{"kind": "person"}, {"kind": "computer"}],
                                             "seed": 7})))
view = json.loads(w.view())
hint = json.loads(w.hint(""))
"""


def test_nothing_a_start_runs_imports_the_link() -> None:
    out = run_worker(
        START_CALLS + "print(json.dumps({'ok': match['ok'] and view['ok'], 'link': "
        "sorted(m for m in sys.modules if m.startswith('scopa_core.link'))}))",
        WORKER.parent,
        ROOT,
    )
    assert out == {"ok": True, "link": []}


def test_without_link_zip_a_link_call_says_so_changes_nothing_and_works_once_it_is_added(
    tmp_path: Path,
) -> None:
    """As a device offline that never fetched link.zip, then with link.zip added as
    engine.mjs adds it: a zip holding scopa_core/link/, put beside the package."""
    game = tmp_path / "engine"
    shutil.copytree(ROOT / "scopa_core", game / "scopa_core", ignore=shutil.ignore_patterns("link"))
    shutil.copy(WORKER, game / WORKER.name)
    link_zip = tmp_path / "link.zip"
    with zipfile.ZipFile(link_zip, "w") as archive:
        for source in sorted(LINK.glob("*.py")):
            archive.write(source, source.relative_to(ROOT).as_posix())
    settings = {"seats": [{"kind": "person"}, {"kind": "remote"}], "seed": 3}
    out = run_worker(
        START_CALLS
        + f"""
settings = json.dumps({settings!r})
refused = json.loads(w.host_open(settings))
again = json.loads(w.link_view())
after = json.loads(w.view())
w.add_link_zip({str(link_zip)!r})
hosted = json.loads(w.host_open(settings))
same = {{**after, "ms": 0}} == {{**view, "ms": 0}}  # (ms: the time the call took)
print(json.dumps({{"refused": refused, "again": again, "same": same,
                   "hosted": hosted["ok"], "from": sys.modules["scopa_core.link"].__file__}}))
""",
        game,
    )
    refused = out["refused"]
    assert isinstance(refused, dict)
    assert refused["ok"] is False
    assert refused["problem"] == {"code": "session.link_not_here", "params": {}}
    assert refused["error"].startswith("playing with a friend needs one online visit first")
    assert isinstance(out["again"], dict) and out["again"]["problem"] == refused["problem"]
    assert out["same"] is True  # the device's match as it was
    assert out["hosted"] is True
    assert str(out["from"]).startswith(str(link_zip))
