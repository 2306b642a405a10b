"""PyScript's own Python, its `pyscript` package, imported from bytecode.

tools/pyscript_bytecode.py builds it.

PyScript's bootstrap compiled the package from source on the main thread before
main.py, the start's longest task. The build ships the package compiled by
mpy-cross in the start pack; web/pyscript-strict.mjs runs a bootstrap of its own
that imports it, in short tasks, when PyScript's bootstrap is the very text the
bytecode was compiled from, and lets PyScript's own run otherwise.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from conftest import BOOT_TIMEOUT_MS, NetworkGuard, wait_for_play
from playwright.sync_api import Browser, Page
from test_build import read_page_pack

from tools import build
from tools.pyscript_bytecode import bootstrap_token, fingerprint, pyscript_sources
from tools.serve import DIST, serving, url_of

MARK = "scopa-pyscript-bytecode"


def marked(page: Page) -> bool:
    return bool(page.evaluate(f"performance.getEntriesByName({MARK!r}).length > 0"))


def test_the_start_pack_holds_pyscripts_package_as_bytecode_of_what_its_bootstrap_writes() -> None:
    bootstrap, files = pyscript_sources()
    start = read_page_pack((DIST / build.START_PACK_PATH).read_bytes())
    shipped = {name for name in start if name.startswith("pyscript/")}
    assert shipped == {name[: -len(".py")] + ".mpy" for name in files}
    assert len(shipped) >= 10 and "pyscript/__init__.mpy" in shipped
    assert all(start[name][:2] == b"M\x06" for name in shipped)  # MicroPython's .mpy v6
    assert not any(
        name.startswith("pyscript/")
        for name in read_page_pack((DIST / build.REST_PACK_PATH).read_bytes())
    )
    # each module's source is written by the bootstrap as it is (its JSON string)
    assert all(json.dumps(text, ensure_ascii=False) in bootstrap for text in files.values())
    # the page compares the bootstrap it is about to run with this one
    shipped_script = (DIST / "pyscript-strict.mjs").read_text(encoding="utf-8")
    assert f"const COMPILED_FROM = {bootstrap_token()};" in shipped_script


def test_the_page_and_the_build_fingerprint_a_text_alike() -> None:
    """pyscript-strict.mjs's fnv1a (over a JavaScript string) and the build's (over
    the same text in Python) give the same hash, non-ASCII and astral characters
    included: a page whose hash differed would never use the bytecode."""
    script = (build.WEB / "pyscript-strict.mjs").read_text(encoding="utf-8")
    function = re.search(r"^function fnv1a\(text\) \{.*?^\}", script, re.S | re.M)
    assert function is not None
    texts = ["", "a", "import pyscript\n", "città è più — “bene”", "card 🂡 and 🃑", "x" * 5000]
    node = build.node_binary("the test runs the page's fnv1a")
    program = f"{function.group(0)}\nconsole.log(JSON.stringify({json.dumps(texts)}.map(fnv1a)));"
    done = subprocess.run(
        [node, "-e", program], capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(done.stdout) == [fingerprint(text) for text in texts]
    assert len({fingerprint(text) for text in texts}) == len(texts)


def test_the_page_imports_pyscript_from_the_bytecode_and_plays(page: Page, base_url: str) -> None:
    page.goto(base_url)
    wait_for_play(page)
    assert marked(page)
    # the package is whole: the page's Python, up (wait_for_play), reached the
    # document through it and drew the hand
    assert page.locator('[data-zone="hand"] [data-card]').count() > 0


def test_another_bootstrap_is_left_to_pyscript_and_the_page_still_plays(
    browser: Browser, network_guard: NetworkGuard, tmp_path: Path
) -> None:
    """A bootstrap that is not the one the bytecode was compiled from (here: the
    fingerprint the build wrote, changed) runs as PyScript ships it: it writes the
    package's sources, which MicroPython imports before the .mpy files beside them."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    script = site / "pyscript-strict.mjs"
    text = script.read_text(encoding="utf-8")
    token = bootstrap_token()
    assert text.count(token) == 1
    script.write_text(text.replace(token, token.replace('"fnv": "', '"fnv": "0')), "utf-8")
    warnings: list[str] = []
    with serving(site) as server:
        context = network_guard.watch(browser.new_context())
        page = context.new_page()
        page.on("console", lambda message: warnings.append(message.text))
        page.goto(url_of(server))
        wait_for_play(page, BOOT_TIMEOUT_MS)
        assert not marked(page)
        assert page.locator('[data-zone="hand"] [data-card]').count() > 0
        context.close()
    assert any("bootstrap is not the one its bytecode was made from" in w for w in warnings)
