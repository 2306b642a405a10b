"""The order in which the page's start imports its modules, written into the page pack.

MicroPython runs the page's start on the browser's main thread, where one task
of more than 50 ms blocks a tap (and Lighthouse's Total Blocking Time counts
it; a phone's CPU is four times slower than this machine's). Importing page.py
imported some fifty modules in one such task. main.py instead imports them a
few at a time (as many as 5 ms allows), a task each (docs/performance.md, "A
phone's first visit"), in the order this module finds: every page module that
importing page.py and
making its objects imports (imports at a module's top level and in its
``__init__`` methods, which run when page.py makes the objects), the ones each
needs before it, and those the first moments import on first use (FIRST_USE).
The others come in a second pack (tools/build.py page_packs). Written as
``start.json`` in the start pack; a module missing from it is simply imported
when page.py is.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT_MODULE = "page"
START_FILE = "start.json"
#: modules the first moments after the start import on first use, before the rest of
#: the page's Python may have come (the rest pack): the first tap's sweep warning and
#: sound, the first drag (page.py feel_later), and the dialogs a saved table is drawn
#: with (a hand's count, the pass screen, unreadable saved data, a rematch). With what
#: they import. A button's screen comes with the rest: app/actions.py waits for it.
FIRST_USE = (
    "sweep_guard",
    "sound",
    "dragging",
    "feel",
    "views.count",
    "views.pass_screen",
    "views.saved",
    "views.rematch",
)


def _modules(app: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(app.rglob("*.py")):
        rel = path.relative_to(app).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            out[".".join(parts)] = path
    return out


def _eager_nodes(tree: ast.Module) -> list[ast.stmt]:
    """The statements that run when the module is imported or its objects made:
    the module's own, and the bodies of `__init__` methods."""
    nodes: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    nodes += item.body
            continue
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nodes.append(node)
    return nodes


def _imports(nodes: list[ast.stmt], known: dict[str, Path]) -> list[str]:
    found: list[str] = []
    for node in nodes:
        for inner in ast.walk(node):
            names: list[str] = []
            if isinstance(inner, ast.Import):
                names = [alias.name for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom) and inner.module and not inner.level:
                names = [inner.module]
                names += [f"{inner.module}.{alias.name}" for alias in inner.names]
            found += [name for name in names if name in known and name not in found]
    return found


def _order(app: Path, roots: tuple[str, ...]) -> list[str]:
    """`roots` and the page modules they import, each after those it imports."""
    known = _modules(app)
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        tree = ast.parse(known[name].read_text(encoding="utf-8"))
        for needed in _imports(_eager_nodes(tree), known):
            visit(needed)
        order.append(name)

    for name in roots:
        if name not in known:
            raise ValueError(f"tools/page_start.py: {name} is not a page module")
        visit(name)
    return order


def start_order(app: Path) -> list[str]:
    """The page's modules that its start imports, each after those it imports
    (start.json, which main.py follows)."""
    if not (app / f"{ROOT_MODULE}.py").is_file():
        return []
    return [name for name in _order(app, (ROOT_MODULE,)) if name != ROOT_MODULE]


def start_pack_modules(app: Path) -> list[str]:
    """What the start pack holds: page.py, what its start imports, and the modules
    of the first moments (FIRST_USE) with theirs."""
    if not (app / f"{ROOT_MODULE}.py").is_file():
        return []
    return _order(app, (ROOT_MODULE, *FIRST_USE))
