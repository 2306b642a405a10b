"""A fresh machine installs exactly the Python tools CI was last green with.

bin/_setup.sh installs `.[dev]` under constraints.txt; a tool listed in
pyproject.toml without an exact pin there would take whatever is newest.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin"
            out[canonical(name)] = version
    return out


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_dev_tool_and_the_build_backend_have_an_exact_pin() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = list(project["project"]["optional-dependencies"]["dev"])
    wanted += project["build-system"]["requires"]
    pinned = pins()
    for requirement in wanted:
        name = canonical(re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0])
        assert name in pinned, f"{name} (from pyproject.toml) has no exact pin in constraints.txt"


def test_setup_installs_under_the_constraints() -> None:
    setup = (ROOT / "bin" / "_setup.sh").read_text(encoding="utf-8")
    assert "-c constraints.txt" in setup and "PIP_CONSTRAINT" in setup
    assert "stamp_of pyproject.toml constraints.txt" in setup  # a new pin reinstalls
