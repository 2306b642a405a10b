"""A first visit's engine starts Pyodide after the page's own start (worker/client.js go()).

On two cores the compile of Pyodide's WebAssembly and CPython's start took the
CPU from the page's start, stretching its short tasks several times over. The
worker of a first visit asks for Pyodide's files at once, keeping what comes,
and starts Pyodide at the page's word, or three seconds after it was started
whatever happens. A returning player's worker is not held.

On a phone's line the first visit's engine table is bound by the bytes before it
(docs/performance.md, step 33): the worker is made with the page's own files and
asks for Pyodide's only once MicroPython is up, the engine's Python once Pyodide's
files have come, and the page leaves what no start needs (the other language's
sentences, the QR scripts) until the engine is up.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import (
    BOOT_TIMEOUT_MS,
    NetworkGuard,
    call_engine,
    wait_for_play,
    wait_for_service_worker,
)
from playwright.sync_api import Browser, BrowserContext, Page, Request
from test_build import damage_start_module

from tools.serve import DIST, serving, url_of

ENGINE_TABLE = "() => performance.getEntriesByName('scopa-engine-table').length > 0"
# everything Pyodide's start asks for: its scripts, then the files its fetch() reads
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# A line slow enough that Pyodide's wasm takes seconds to come (4 Mbit/s), not so
# slow that the test takes a phone's half minute
LINE_BYTES_S = 500_000
LINE_LATENCY_MS = 40


def mark(page: Page, name: str) -> float | None:
    found = page.evaluate(f"performance.getEntriesByName('scopa-{name}').map(e => e.startTime)")
    return found[0] if found else None


def went_by(page: Page) -> str | None:
    """Who let the held worker go: "page" (its start drawn) or "deadline" (3 s)."""
    by = page.evaluate(
        "performance.getEntriesByName('scopa-engine-go').map(e => e.detail.by)[0] || null"
    )
    return None if by is None else str(by)


def requested(context: BrowserContext, event: str = "request") -> list[Request]:
    requests: list[Request] = []
    context.on(event, lambda request: requests.append(request))  # type: ignore[call-overload]
    return requests


def named(requests: list[Request], name: str) -> list[Request]:
    return [r for r in requests if r.url.rsplit("/", 1)[-1] == name]


def first_of(requests: list[Request], name: str) -> Request:
    return min(named(requests, name), key=asked_at)


def asked_at(request: Request) -> float:
    return float(request.timing["startTime"])


def came_at(request: Request) -> float:
    """When its last byte came (epoch ms)."""
    timing = request.timing
    return float(timing["startTime"] + timing["responseEnd"])


def test_a_first_visits_engine_starts_pyodide_once_the_page_has_drawn_its_start(
    context: BrowserContext, base_url: str
) -> None:
    requests = requested(context)
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    drawn, go = mark(page, "drawn-again"), mark(page, "worker-go")
    assert drawn is not None and go is not None
    assert go >= drawn - 1  # the worker's clock, carried over in whole ms
    assert went_by(page) == "page"  # at the page's word, not the deadline's
    # all of Pyodide's files were asked for before the go, each once: the line was
    # never idle, and Pyodide's start took what had come
    go_epoch = page.evaluate("performance.timeOrigin") + go
    for name in PYODIDE_FILES:
        asked = [r for r in requests if r.url.rsplit("/", 1)[-1] == name]
        assert len(asked) == 1, name
        assert asked[0].timing["startTime"] < go_epoch, name
    assert call_engine(page, "engine_info")["scopa_core"] is True


def test_a_returning_players_engine_is_not_held(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    page.goto(base_url)
    wait_for_play(page)
    wait_for_service_worker(page)
    page.reload()
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    assert mark(page, "worker-go") is None and went_by(page) is None
    assert mark(page, "engine-start") is not None


def test_the_engine_starts_even_when_the_pages_start_never_ends(
    browser: Browser, network_guard: NetworkGuard, tmp_path: Path
) -> None:
    """The page's Python cannot start (page.py's bytecode damaged): the engine's
    worker, started with MicroPython, goes on after its three seconds."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    damage_start_module(site)
    with serving(site) as server:
        context = network_guard.watch(browser.new_context())
        page = context.new_page()
        page.goto(url_of(server))
        page.wait_for_function("document.body.dataset.phase === 'error'", timeout=BOOT_TIMEOUT_MS)
        assert call_engine(page, "engine_info")["scopa_core"] is True
        started, go = mark(page, "engine-start"), mark(page, "worker-go")
        assert started is not None and go is not None
        assert went_by(page) == "deadline" and go - started >= 3000 - 5
        context.close()


def throttle(context: BrowserContext, page: Page) -> None:
    """A slow line (LINE_BYTES_S, LINE_LATENCY_MS) for the page and its worker."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LINE_LATENCY_MS,
            "downloadThroughput": LINE_BYTES_S,
            "uploadThroughput": LINE_BYTES_S,
        },
    )


def test_a_first_visits_engine_takes_the_line_only_once_the_pages_files_are_in(
    context: BrowserContext, base_url: str
) -> None:
    """On a slow line: the worker is made with the page's own files (start.js
    prepare()) and asks for none of Pyodide's files until MicroPython is up (start():
    its `fetch` mark); for the engine's Python as the wasm's last bytes come (in the
    last tenth of its download, before its end); for the other language's sentences
    and the QR scripts once the engine is up."""
    finished = requested(context, "requestfinished")
    page = context.new_page()
    throttle(context, page)
    page.goto(base_url)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    lang = page.evaluate("document.documentElement.lang")
    other = f"{'en' if lang == 'it' else 'it'}.json"
    later = (other, "qrcode.js", "qr.js")
    for _ in range(100):
        if all(named(finished, name) for name in later):
            break
        page.wait_for_timeout(100)
    origin = page.evaluate("performance.timeOrigin")
    made, started = mark(page, "worker-start"), mark(page, "engine-start")
    fetching, engine = mark(page, "worker-fetch"), mark(page, "worker-engine")
    assert made is not None and started is not None and fetching is not None
    assert engine is not None
    assert fetching >= started - 1  # the worker's clock, carried over in whole ms
    # (sw.js, installed once the engine is up, asks for every file again)
    for name in PYODIDE_FILES:
        assert asked_at(first_of(finished, name)) >= origin + started - 1, name
    engine_zip, wasm = first_of(finished, "engine.zip"), first_of(finished, "pyodide.asm.wasm")
    wasm_asked, wasm_came = asked_at(wasm), came_at(wasm)
    assert wasm_came - wasm_asked > 3000  # the line is slow enough to tell
    assert wasm_asked + 0.9 * (wasm_came - wasm_asked) <= asked_at(engine_zip) < wasm_came
    for name in later:
        assert asked_at(first_of(finished, name)) >= origin + engine - 1, name
