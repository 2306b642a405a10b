"""The page's code keeps its shape: markup safe by construction, small pieces,
and every sentence it asks for present in both languages.

The page (web/app, MicroPython) builds its elements with dom.h()/dom.s(), so
text and attribute values can never turn into markup. These checks read the
sources: they fail on the first innerHTML, on a forgotten string key, or on a
class or function that grows past the size the project keeps to.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import i18n
import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
APP = WEB / "app"

#: sources of the site whose text the browser runs or parses as markup
SOURCES = sorted(
    p
    for p in WEB.rglob("*")
    if p.suffix in {".py", ".js", ".mjs", ".html"} and p.parent.name != "cards"
)
#: ways of turning a string into markup
MARKUP_SINKS = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write)\b")
#: the project's guide: "no class over about 300 lines and no function over about 50"
CLASS_LINES = 300
FUNCTION_LINES = 50


def page_modules() -> list[Path]:
    return sorted(APP.rglob("*.py"))


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_the_scan_sees_the_page_and_its_views() -> None:
    names = {p.relative_to(APP).as_posix() for p in page_modules()}
    assert {"main.py", "dom.py", "views/table.py", "views/count.py"} <= names
    assert any(p.name == "index.html" for p in SOURCES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_no_markup_is_built_from_strings(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = [
        f"{n}: {line.strip()}"
        for n, line in enumerate(text.splitlines(), 1)
        if MARKUP_SINKS.search(line) and not line.lstrip().startswith("#")
    ]
    assert not lines, "build elements with dom.h()/dom.s() instead:\n" + "\n".join(lines)


@pytest.mark.parametrize("path", page_modules(), ids=lambda p: p.relative_to(APP).as_posix())
def test_no_hand_written_escaping(path: Path) -> None:
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.FunctionDef):
            assert node.name not in {"esc", "escape"}, f"{path.name}: text needs no escaping"


def too_big(path: Path) -> list[str]:
    """The classes and functions of a file over the guide's length."""
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ClassDef):
            limit = CLASS_LINES
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            limit = FUNCTION_LINES
        else:
            continue
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length > limit:
            found.append(f"{node.name}: {length} lines (guide: {limit})")
    return found


@pytest.mark.parametrize("path", page_modules(), ids=lambda p: p.relative_to(APP).as_posix())
def test_classes_and_functions_stay_small(path: Path) -> None:
    assert not too_big(path), f"{path.name}: " + "; ".join(too_big(path))


def string_keys_used() -> dict[str, set[str]]:
    """Literal keys passed to t(...) in the page's code, by file."""
    used: dict[str, set[str]] = {}
    for path in page_modules():
        for node in ast.walk(parsed(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name | ast.Attribute)
                and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                used.setdefault(node.args[0].value, set()).add(path.name)
    return used


def test_every_sentence_the_page_asks_for_exists_in_both_languages() -> None:
    used = string_keys_used()
    assert len(used) > 100  # the scan finds the page's calls
    for lang in i18n.LANGS:
        text = i18n.catalogue(lang)["text"]
        missing = sorted(
            f"{key} ({', '.join(sorted(files))})" for key, files in used.items() if key not in text
        )
        assert not missing, f"strings/{lang}.json lacks: " + ", ".join(missing)


@pytest.mark.parametrize("path", page_modules(), ids=lambda p: p.relative_to(APP).as_posix())
def test_the_page_never_imports_the_engine(path: Path) -> None:
    """Rules are decided by the engine worker only: the page cannot even load them."""
    for node in ast.walk(parsed(path)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        for name in names:
            assert not name.startswith(("scopa_core", "session", "engine_worker")), (
                f"{path.name} imports {name}"
            )


def test_every_sentence_index_html_asks_for_exists_in_both_languages() -> None:
    """data-i18n (text), data-i18n-label (a button's name) and data-i18n-aria (a region's)."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-label|-aria)?="([^"]+)"', html))
    assert {"app.title", "btn.new", "score.label", "zone.others"} <= keys
    for lang in i18n.LANGS:
        text = i18n.catalogue(lang)["text"]
        assert not sorted(keys - set(text)), f"strings/{lang}.json lacks {sorted(keys - set(text))}"


def test_the_first_visits_deck_is_named_alike_in_the_build_the_page_and_index_html() -> None:
    """The build puts DEFAULT_DECK's sprite into index.html; were index.html or
    the page's Python to name another deck, a first visit would draw one deck's
    pictures under the other's name."""
    from tools import build

    html = (WEB / "index.html").read_text(encoding="utf-8")
    named = re.findall(r'data-deck="([^"]*)"', html)
    assert len(named) == 2, named  # the body, and the sprite's store
    assert set(named) == {build.DEFAULT_DECK} == {i18n.DEFAULT_DECK}
    assert i18n.I18n().deck == i18n.DEFAULT_DECK
