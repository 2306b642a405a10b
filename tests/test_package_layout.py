"""The package's layout: no import circle, each layer importing only those below it,
small classes and functions in the worker's Python, and no test changing sys.path.

The engine worker's game (the table, the link with other devices, the worker's
API) is part of scopa_core (issue 29); web/worker keeps only the browser's edge.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from tests.test_page_code import too_big

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scopa_core"
#: the worker's Python: the edge in web/worker and what it calls in the package
WORKER_PYTHON = sorted(
    [
        *(PACKAGE / "table").glob("*.py"),
        *(PACKAGE / "link").glob("*.py"),
        PACKAGE / "worker_api.py",
        ROOT / "web" / "worker" / "engine_worker.py",
    ]
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path, known: Mapping[str, Path]) -> set[str]:
    """The package's modules a file imports, anywhere in it (in functions, and for
    type checking only, too): a circle through any of them is a circle to a reader.
    A module's parent package, which Python imports first, is not counted: it only
    makes its submodules' names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
    return found & set(known)


def import_graph() -> dict[str, set[str]]:
    known = package_modules()
    return {name: imports_of(path, known) for name, path in known.items()}


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every import circle, as the modules on it (Tarjan's strongly connected parts)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = [stack.pop()]
            while part[-1] != node:
                part.append(stack.pop())
            if len(part) > 1 or node in graph.get(node, ()):
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_the_worker_s_modules_and_their_imports() -> None:
    graph = import_graph()
    assert {"scopa_core.table.session", "scopa_core.link.host", "scopa_core.worker_api"} <= set(
        graph
    )
    assert "scopa_core.table.session" in graph["scopa_core.link.host"]
    assert "scopa_core.link.device" in graph["scopa_core.worker_api"]  # imported in a function
    assert "scopa_core.link.guest_state" in graph["scopa_core.link.rematch"]


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(graph) == [["a", "b", "c"], ["e"]]


def test_no_import_circle_anywhere_in_the_package() -> None:
    assert circles(import_graph()) == []


def test_the_engine_never_imports_the_table_the_link_or_the_worker_s_api() -> None:
    """Layers: the engine (rules, players, coach) < the table < the link < the worker's API."""
    layer = {"scopa_core.table": 1, "scopa_core.link": 2, "scopa_core.worker_api": 3}

    def level(module: str) -> int:
        return next((n for prefix, n in layer.items() if module.startswith(prefix)), 0)

    upward = [
        f"{module} imports {other}"
        for module, others in import_graph().items()
        for other in others
        if level(other) > level(module)
    ]
    assert upward == []


def listed_modules(package: Path) -> list[str]:
    """The modules a subpackage's map (its __init__ docstring) lists, in its order."""
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
    return re.findall(r"^- ``(\w+)``", doc or "", flags=re.M)


@pytest.mark.parametrize("package", ["table", "link"])
def test_each_module_imports_only_those_above_it_on_the_map(package: str) -> None:
    """The map in the subpackage's __init__ lists every module, in layers: a module
    imports only modules listed before it."""
    folder = PACKAGE / package
    order = listed_modules(folder)
    assert sorted(order) == sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    graph = import_graph()
    prefix = f"scopa_core.{package}."
    late = [
        f"{name} imports {other}"
        for k, name in enumerate(order)
        for other in graph[prefix + name]
        if other.startswith(prefix) and other.removeprefix(prefix) not in order[:k]
    ]
    assert late == []


@pytest.mark.parametrize("path", WORKER_PYTHON, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_worker_s_classes_and_functions_stay_small(path: Path) -> None:
    assert not too_big(path), f"{path.name}: " + "; ".join(too_big(path))


def test_the_worker_keeps_only_its_edge() -> None:
    """web/worker: the export registry and its JSON edge, the worker's script, the client."""
    names = {p.name for p in (ROOT / "web" / "worker").iterdir() if p.name != "__pycache__"}
    assert names == {"engine_worker.py", "engine.mjs", "client.js"}


#: what changes a list in place
CHANGES = frozenset({"insert", "append", "extend", "remove", "pop", "clear"})


def sys_path_changes(path: Path) -> Iterator[tuple[int, str]]:
    """(line, function) of every change to sys.path in a file (reading it is not one);
    function "" at module level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in CHANGES:
                targets = [node.func.value]
        elif isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign):
            targets = [node.target]
        for target in targets:
            base = target.value if isinstance(target, ast.Subscript) else target
            if ast.unparse(base) == "sys.path":
                line = node.lineno
                inside = [f.name for f in functions if f.lineno <= line <= (f.end_lineno or 0)]
                yield line, inside[-1] if inside else ""


#: the one place allowed: the command that records the transcript from an old checkout
#: (its worker's modules were top-level ones), never reached from a test
RECORDING = ("tests/worker_transcript.py", "main")


def test_no_test_puts_a_folder_on_sys_path() -> None:
    """The engine is imported as the package, the page's modules by pytest's
    ``pythonpath`` (pyproject.toml), the worker's edge by its path (tests/worker_module.py)."""
    files = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "e2e").rglob("*.py")])
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in files
        for line, function in sys_path_changes(path)
        if (path.relative_to(ROOT).as_posix(), function) != RECORDING
    ]
    assert found == []
    assert list(sys_path_changes(ROOT / RECORDING[0]))  # the scan sees a change
