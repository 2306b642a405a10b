"""The build's own guarantees (no browser needed)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tools import build
from tools.build import (
    JSQR,
    MICROPYTHON,
    PYODIDE,
    QRCODE,
    BuildError,
    Built,
    check_pyscript_configs,
    check_self_hosted_scripts,
    mpy_cross_version,
    pyscript_plugins_off,
    trim_stdlib,
)
from tools.page_start import START_FILE, start_order, start_pack_modules
from tools.serve import DIST


def page(config: str) -> dict[str, Built]:
    html = f"<html><body><script type='py' worker src='w.py' config='{config}'></script></body>"
    return {"index.html": Built("index.html", html.encode())}


def test_a_pyscript_config_must_use_the_self_hosted_interpreter() -> None:
    check_pyscript_configs(page('{"interpreter": "runtime/pyodide-1/pyodide.mjs"}'))
    for bad in (
        "{}",
        '{"interpreter": "https://cdn.example/pyodide.mjs"}',
        '{"interpreter": "runtime/pyodide-1/pyodide.mjs", "packages": ["numpy"]}',
    ):
        with pytest.raises(BuildError):
            check_pyscript_configs(page(bad))


def test_a_pyscript_config_file_is_checked_too() -> None:
    files = page("engine.json")
    files["engine.json"] = Built("engine.json", b'{"files": {}}')
    with pytest.raises(BuildError, match="interpreter"):
        check_pyscript_configs(files)


def test_a_plugin_is_off_only_when_every_script_types_config_turns_it_off() -> None:
    def html(py: str | None, mpy: str) -> str:
        element = f'<py-config type="json">{py}</py-config>' if py is not None else ""
        return f"<body>{element}<script type='mpy' src='m.py' config='{mpy}'></script></body>"

    both = '{"plugins": ["!py-editor", "!donkey"]}'
    assert pyscript_plugins_off(html(both, both)) == {"py-editor", "donkey"}
    assert pyscript_plugins_off(html('{"plugins": ["!donkey"]}', both)) == {"donkey"}
    # the "py" type without a config loads every plugin, page scripts or not
    assert pyscript_plugins_off(html(None, both)) == frozenset()
    with pytest.raises(BuildError, match="not JSON"):
        pyscript_plugins_off(html("plugins = []", both))


def test_a_config_element_may_only_turn_plugins_off() -> None:
    files = page('{"interpreter": "runtime/pyodide-1/pyodide.mjs"}')
    for element, ok in (
        ('{"plugins": ["!donkey"]}', True),
        ('{"interpreter": "https://cdn.example/pyodide.mjs"}', False),
        ('{"plugins": [], "packages": ["numpy"]}', False),
    ):
        html = (
            files["index.html"]
            .data.decode()
            .replace("<body>", f"<body><py-config>{element}</py-config>")
        )
        changed = {"index.html": Built("index.html", html.encode())}
        if ok:
            check_pyscript_configs(changed)
        else:
            with pytest.raises(BuildError, match="may only set plugins"):
                check_pyscript_configs(changed)


def test_the_plugins_the_page_turns_off_are_neither_preloaded_nor_precached() -> None:
    off = pyscript_plugins_off((build.WEB / "index.html").read_text(encoding="utf-8"))
    assert {"py-editor", "py-terminal", "py-game", "donkey"} <= off
    index = (DIST / "index.html").read_text(encoding="utf-8")
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    pyscript = next((DIST / "runtime").glob("pyscript-*"))
    for plugin in off - {"codemirror"}:  # codemirror is inside the core chunk
        (chunk,) = pyscript.glob(f"{plugin}-*.js")  # shipped all the same
        assert chunk.name not in index and chunk.name not in sw, plugin
    (error,) = pyscript.glob("error-*.js")  # loaded even when turned off
    assert error.name in index and error.name in sw  # (index.html's #page-files)


def test_trimming_keeps_what_the_app_imports_even_if_listed_as_dropped() -> None:
    data = (PYODIDE.source / "python_stdlib.zip").read_bytes()
    trimmed, rescued = trim_stdlib(data, ["email.message"])
    names = set(zipfile.ZipFile(io.BytesIO(trimmed)).namelist())
    assert "email/message.py" in names and "email" in {n.split("/")[0] for n in rescued}
    assert "unittest/__init__.py" not in names
    plain, _ = trim_stdlib(data, [])
    assert "email/message.py" not in set(zipfile.ZipFile(io.BytesIO(plain)).namelist())


@pytest.fixture(scope="module")
def built() -> dict[str, Any]:
    if not (DIST / "build-info.json").is_file():
        pytest.fail("dist/ is not built: run `python -m tools.build` first")
    info: dict[str, Any] = json.loads((DIST / "build-info.json").read_text(encoding="utf-8"))
    return info


def test_build_info_describes_the_files_on_disk(built: dict[str, Any]) -> None:
    for entry in built["files"]:
        assert (DIST / entry["path"]).stat().st_size == entry["bytes"], entry["path"]
    assert built["first_visit_gzip"] <= build.BUDGET_GZIP_BYTES


def test_the_service_worker_precaches_every_shipped_file(built: dict[str, Any]) -> None:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const BUILD = (\{.*?\});", text, re.S)
    assert match
    sw = json.loads(match.group(1))
    assert sw["cache"] == f"scopa-{built['version']}"
    on_disk = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()} - {"sw.js"}
    lazy = {e["path"] for e in built["files"] if not e["precache"]} - {"sw.js"}
    assert set(sw["files"]) == on_disk - lazy
    # PyScript's chunks the page never loads; the opening books, for a first visit
    # only; kept by sw.js when fetched: the decks' files but the default deck's
    # sprite, and the link's Python (play with a friend)
    books = {p for p in lazy if p.startswith(f"{build.BOOK_FOLDER}/")}
    decks = {p for p in lazy if p.startswith("cards/")}
    (link,) = {p for p in lazy if p.startswith("worker/")}
    assert re.fullmatch(r"worker/link-[0-9a-f]{10}\.zip", link)
    kept = decks | {link}
    assert books and all(p.startswith("runtime/pyscript-") for p in lazy - books - kept)
    assert set(sw["lazy"]) == kept and link not in sw["files"]
    assert "cards/french.svg" in sw["files"] and "cards/neapolitan.svg" in decks
    assert build.ENGINE_ZIP_PATH in sw["files"]


def test_no_placeholder_is_left_in_the_pages() -> None:
    for path in DIST.rglob("*.html"):
        assert not re.search(r"@[A-Z]+@", path.read_text(encoding="utf-8")), path


def test_the_build_is_reproducible(tmp_path: Path) -> None:
    """Building twice gives the same bytes, so the cache name only changes with content."""
    first = build.build(tmp_path / "one")
    second = build.build(tmp_path / "two")
    assert first.version == second.version
    for entry in first.files:
        one = (tmp_path / "one" / entry.path).read_bytes()
        assert one == (tmp_path / "two" / entry.path).read_bytes(), entry.path


def read_page_pack(data: bytes) -> dict[str, bytes]:
    """A page pack as web/pyscript-strict.mjs reads it (tools/build.py pack)."""
    head = int.from_bytes(data[:4], "little")
    offset, files = 4 + head, {}
    for name, size in json.loads(data[4 : 4 + head]):
        files[name] = data[offset : offset + size]
        offset += size
    assert offset == len(data)
    return files


def damage_start_module(site: Path, module: str = "page.mpy") -> None:
    """Replace one module's bytecode in `site`'s start pack by text: a page whose
    Python cannot start (main.py imports page.py)."""
    pack = site / build.START_PACK_PATH
    files = read_page_pack(pack.read_bytes())
    assert module in files
    files[module] = b"not bytecode"
    pack.write_bytes(build.pack(list(files.items())))


def test_the_pages_modules_ship_as_bytecode_of_the_runtimes_micropython_in_two_packs() -> None:
    """What the start imports (and the first moments use) in app/start.pack, with the
    order main.py imports it in; the rest in app/rest.pack; each language's sentences
    a file of their own, the page's language asked for with the start pack."""
    assert mpy_cross_version() == MICROPYTHON.version  # the .mpy format is per release
    shipped = {p.relative_to(DIST).as_posix() for p in (DIST / "app").rglob("*") if p.is_file()}
    app = build.WEB / "app"
    strings = {f"app/strings/{p.name}" for p in (app / "strings").glob("*.json")}
    assert shipped == {"app/main.py", *build.PAGE_PACK_PATHS, *strings} and len(strings) == 2
    start = read_page_pack((DIST / build.START_PACK_PATH).read_bytes())
    rest = read_page_pack((DIST / build.REST_PACK_PATH).read_bytes())
    assert not set(start) & set(rest)
    # PyScript's own package, as bytecode too: e2e/test_pyscript_bytecode.py
    packed = {k: v for k, v in {**start, **rest}.items() if not k.startswith("pyscript/")}
    sources = {p.relative_to(app).as_posix() for p in app.rglob("*.py")} - {"main.py"}
    assert {p for p in packed if p.endswith(".mpy")} == {p[: -len(".py")] + ".mpy" for p in sources}
    assert all(packed[p][:2] == b"M\x06" for p in packed if p.endswith(".mpy"))  # .mpy version 6
    assert {p for p in packed if p.endswith(".json")} == {START_FILE}
    italian = (app / "strings/it.json").read_text(encoding="utf-8")
    assert json.loads((DIST / "app/strings/it.json").read_text("utf-8")) == json.loads(italian)
    # main.py's import order: the modules page.py's start imports, each after what it needs
    order = json.loads(start[START_FILE])
    assert order == start_order(app) and {"views.table", "game_manager", "opening"} <= set(order)
    assert order.index("dom") < order.index("views.table") < order.index("screens")
    wanted = {f"{m.replace('.', '/')}.mpy" for m in start_pack_modules(app)} | {"page.mpy"}
    assert {p for p in start if p.endswith(".mpy")} - {"views/__init__.mpy"} == wanted | {
        p for p in start if p.startswith("pyscript/")
    }
    assert "views/settings.mpy" in rest and "sweep_guard.mpy" in start
    # asked for after the first paint, all at once (paint.js reads #page-files)
    index = (DIST / "index.html").read_text(encoding="utf-8")
    listed = json.loads(re.search(r'id="page-files"[^>]*>(.*?)</script>', index, re.S).group(1))
    assert ["preload", "app/main.py", "fetch"] in listed
    # MicroPython's runtime: its preload's load is when the page's own files are asked for
    assert [href for _, href, *role in listed if role[1:] == ["runtime"]] == [
        next(href for _, href, *_ in listed if href.endswith("/micropython.wasm"))
    ]
    # the packs once MicroPython's runtime has come (pyscript-strict.mjs), not beside it
    assert not [href for _, href, *_ in listed if href.startswith("app/") and href != "app/main.py"]
    assert '"files"' not in index  # nothing fetched one by one before main.py


def test_the_engine_worker_gets_its_python_as_bytecode_only() -> None:
    with zipfile.ZipFile(DIST / build.ENGINE_ZIP_PATH) as engine:
        names = set(engine.namelist())
    (link_zip,) = DIST.glob("worker/link-*.zip")
    # named after its content, and so named in engine.mjs and index.html (lazy_files.py)
    assert link_zip.relative_to(DIST).as_posix() == build.link_zip_path(link_zip.read_bytes())
    for named_in in ("worker/engine.mjs", "index.html"):
        assert link_zip.name in (DIST / named_in).read_text(encoding="utf-8"), named_in
    with zipfile.ZipFile(link_zip) as link:
        link_names = set(link.namelist())
    assert names and all(n.endswith(".pyc") for n in names | link_names), sorted(names)[:5]
    # the worker's edge, its game (the table, and the coach, the guided hand imported
    # at their first call), the match, the players a session loads at its first move
    game = {"scopa_core/worker_api.pyc", "scopa_core/table/session.pyc", "scopa_core/match.pyc"}
    assert {"engine_worker.pyc", *game} <= names
    assert {"scopa_core/table/guided.pyc", "scopa_core/table/__init__.pyc"} <= names
    # the link (play with a friend) in a zip of its own, which a first visit does not fetch
    assert not [n for n in names if n.startswith("scopa_core/link/")]
    assert {"scopa_core/link/__init__.pyc", "scopa_core/link/device.pyc"} <= link_names
    assert all(n.startswith("scopa_core/link/") for n in link_names)
    assert "scopa_core/players/expert.pyc" in names
    # the command line's modules stay out, and no source of the worker is shipped
    assert not names & {"scopa_core/__main__.pyc", "scopa_core/bench.pyc"}
    assert "scopa_core/players/arena.pyc" not in names
    assert not list((DIST / "worker").glob("*.py"))


def test_the_sites_own_scripts_fetch_nothing_from_another_host() -> None:
    script = Built("worker/engine.mjs", b'import "https://cdn.example/pyodide.mjs";')
    with pytest.raises(BuildError, match=r"engine\.mjs"):
        check_self_hosted_scripts({script.path: script})
    check_self_hosted_scripts({"a.js": Built("a.js", b'fetch("../runtime/x.wasm")')})


# --- the QR libraries, minified at build time (tools/minify.mjs) -------------


def shipped_script(runtime: build.Runtime) -> tuple[Path, Path]:
    """The npm file of a minified runtime and the one the build shipped."""
    assert runtime.minify and runtime.files, runtime.name
    name = runtime.files[0]
    [folder] = (DIST / "runtime").glob(f"{runtime.name}-{runtime.version}-*")
    return runtime.source / name, folder / name


def test_the_qr_libraries_ship_minified_with_their_licences() -> None:
    for runtime, licence in ((QRCODE, "Licensed under the MIT license"), (JSQR, "Apache-2.0")):
        original, shipped = shipped_script(runtime)
        data = shipped.read_bytes()
        assert len(data) < 0.6 * original.stat().st_size, runtime.name
        assert licence in data[:1000].decode("utf-8"), runtime.name  # at the top
        # the folder's name is the hash of what is shipped, not of npm's file
        hashed = build.content_hash([Built(runtime.files[0], data)])[: build.RUNTIME_HASH_LENGTH]
        assert shipped.parent.parent.name.endswith(f"-{hashed}"), shipped
    assert "Copyright (c) 2009 Kazuhiko Arase" in shipped_script(QRCODE)[1].read_text("utf-8")


def test_no_other_runtime_is_minified() -> None:
    # Pyodide's files are minified already; PyScript's chunks are imported by name
    assert {rt.name for rt in build.RUNTIMES if rt.minify} == {"qrcode", "jsqr"}


# Runs both shipped scripts as the page does (classic scripts on a global
# object without module or exports), makes a QR code with qrcode-generator,
# draws its modules into RGBA pixels and reads them back with jsQR.
ROUND_TRIP = """
const fs = require("node:fs"), vm = require("node:vm");
const [qrcodeFile, jsqrFile, text] = process.argv.slice(1);
const page = vm.createContext({});
vm.runInContext(fs.readFileSync(qrcodeFile, "utf8"), page);
vm.runInContext(fs.readFileSync(jsqrFile, "utf8"), page);
const { qrcode, jsQR } = page;
const qr = qrcode(0, "M");
qr.addData(text);
qr.make();
const n = qr.getModuleCount(), scale = 4, quiet = 4, size = (n + 2 * quiet) * scale;
const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
for (let r = 0; r < n; r++)
  for (let c = 0; c < n; c++)
    if (qr.isDark(r, c))
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + quiet) * scale + y) * size + (c + quiet) * scale + x) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
const found = jsQR(rgba, size, size);
console.log(JSON.stringify({ modules: n, read: found && found.data }));
"""


def qr_round_trip(qrcode_file: Path, jsqr_file: Path, text: str) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "node is missing"
    command = [node, "-e", ROUND_TRIP, str(qrcode_file), str(jsqr_file), text]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_the_minified_qr_libraries_still_make_and_read_a_code() -> None:
    # long enough for a code with alignment patterns, as the pairing offers are
    text = "scopa:" + "".join(f"{i:03d}-offer/" for i in range(40))
    (npm_qrcode, qrcode_file), (npm_jsqr, jsqr_file) = shipped_script(QRCODE), shipped_script(JSQR)
    result = qr_round_trip(qrcode_file, jsqr_file, text)
    assert result["read"] == text
    assert result["modules"] > 41  # version 7 or more
    # the same code as npm's files make it (so the drawing above is right, too)
    assert qr_round_trip(npm_qrcode, npm_jsqr, text) == result
