"""Browser tests of the built site (dist/) with Debian's Chromium.

Run from the repository root after a build:

    python -m tools.build && pytest e2e

- The site is served from dist/ by tools/serve.py's handler on 127.0.0.1
  (a free port) for the whole session; `base_url` points at it.
- Nothing may leave the machine. Chromium is started with a proxy that is a
  trap: the browser sends every request for another host to it (the local
  servers bypass it), including those of workers and service workers
  that Playwright's events may not show. On top of that every request of each
  watched context is recorded. A test fails if the trap saw anything, or a
  watched context asked for anything but a local server.
- `wait_for_play(page)` waits for the page to reach body[data-phase="play"] with its
  Python up (a table painted before it, web/paint.js, is in that phase already).
- A screenshot of each watched page is saved as e2e/artifacts/<test>.png.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import DIST, serving, url_of

ROOT = Path(__file__).resolve().parent.parent

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# Start-up is CPU-bound (wasm compile, Python start): generous on a busy 2-core box.
BOOT_TIMEOUT_MS = 90_000
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
HARMLESS_SCHEMES = frozenset({"blob", "data", "about", "chrome-error"})
# Chromium's own background services (component updater, network time, Google
# sign-in). Debian's build calls them whatever the flags, even on about:blank;
# no page asks for them, and the app never could, so the trap ignores them.
CHROMIUM_SERVICE_HOSTS = frozenset(
    {
        "accounts.google.com",
        "clients2.google.com",
        "clientservices.googleapis.com",
        "optimizationguide-pa.googleapis.com",
        "redirector.gvt1.com",
        "safebrowsing.googleapis.com",
        "update.googleapis.com",
    }
)


# --- the trap proxy -----------------------------------------------------------


def request_host(line: str) -> str:
    """'CONNECT host:443 HTTP/1.1' or 'GET http://host/path HTTP/1.1' -> 'host'."""
    parts = line.split()
    if len(parts) < 2:
        return ""
    target = parts[1]
    if parts[0] == "CONNECT":
        return target.rsplit(":", 1)[0]
    return urlsplit(target).hostname or ""


class TrapProxy:
    """A fake HTTP proxy that records the first line of every request and refuses it."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        self._sock = socket.create_server(("127.0.0.1", 0))
        self._sock.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        host, port = self._sock.getsockname()[:2]
        return f"http://{host}:{port}"

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    data = conn.recv(4096)
                except TimeoutError:
                    data = b""
                except OSError:
                    data = b"(unreadable request)"
                if not data:
                    # Chromium opens spare connections to its proxy ahead of need;
                    # one closed (a killed browser) or left idle carried no request
                    continue
                self.hits.append(data.split(b"\r\n", 1)[0].decode("latin-1"))
                with contextlib.suppress(OSError):
                    conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")

    def close(self) -> None:
        self._stop.set()
        self._sock.close()
        self._thread.join(timeout=5)


@pytest.fixture(scope="session")
def trap_proxy() -> Iterator[TrapProxy]:
    trap = TrapProxy()
    yield trap
    trap.close()


# --- browser set-up (pytest-playwright overrides) ----------------------------


def launch_args(trap: TrapProxy) -> dict[str, Any]:
    """Chromium launch options; also for launch_persistent_context."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    return {
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
        # Playwright makes Chromium proxy loopback too; the local servers bypass.
        "proxy": {"server": trap.address, "bypass": "127.0.0.1,localhost,[::1]"},
    }


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], trap_proxy: TrapProxy
) -> dict[str, Any]:
    return {**browser_type_launch_args, **launch_args(trap_proxy)}


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """dist/ served for the whole session; its address."""
    if not (DIST / "build-info.json").is_file():
        pytest.fail("dist/ is not built: run `python -m tools.build` first")
    with serving(DIST) as server:
        yield url_of(server)


@pytest.fixture(scope="session")
def base_url(site: str) -> str:
    return site


@pytest.fixture(scope="session")
def build_info() -> dict[str, Any]:
    info: dict[str, Any] = json.loads((DIST / "build-info.json").read_text(encoding="utf-8"))
    return info


# --- the network guard -----------------------------------------------------------


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in HARMLESS_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname in LOCAL_HOSTS


class NetworkGuard:
    """Records the requests of watched contexts; screenshots their pages when they close."""

    def __init__(self, trap: TrapProxy, name: str) -> None:
        self.trap = trap
        self.trap_start = len(trap.hits)
        self.name = name
        self.requests: list[str] = []
        self.contexts: list[BrowserContext] = []
        self.shots = 0

    def watch(self, context: BrowserContext) -> BrowserContext:
        context.on("request", lambda request: self.requests.append(request.url))
        self.contexts.append(context)
        close = context.close

        def close_after_screenshot(*args: Any, **kwargs: Any) -> None:
            self.screenshot(context)
            close(*args, **kwargs)

        context.close = close_after_screenshot  # type: ignore[method-assign]
        return context

    def outside(self) -> list[str]:
        trapped = [
            line
            for line in self.trap.hits[self.trap_start :]
            if request_host(line) not in CHROMIUM_SERVICE_HOSTS
        ]
        foreign = [url for url in self.requests if not is_local(url)]
        return [f"proxy trap: {line}" for line in trapped] + foreign

    def forget_trapped(self) -> None:
        """For a test that sends an external request on purpose."""
        self.trap_start = len(self.trap.hits)

    def screenshot(self, context: BrowserContext) -> None:
        """Save e2e/artifacts/<test>[-n].png for each open page of the context."""
        ARTIFACTS.mkdir(exist_ok=True)
        for page in context.pages:
            if page.is_closed():
                continue
            suffix = f"-{self.shots}" if self.shots else ""
            try:
                page.screenshot(path=str(ARTIFACTS / f"{self.name}{suffix}.png"), timeout=10_000)
            except Exception:  # a screenshot is a courtesy, never a failure
                continue
            self.shots += 1


@pytest.fixture(autouse=True)
def network_guard(trap_proxy: TrapProxy, request: pytest.FixtureRequest) -> Iterator[NetworkGuard]:
    guard = NetworkGuard(trap_proxy, re.sub(r"[^\w.-]+", "_", request.node.name).strip("_"))
    yield guard
    outside = guard.outside()
    if outside:
        pytest.fail("requests left localhost:\n  " + "\n  ".join(outside[:20]), pytrace=False)


@pytest.fixture
def context(context: BrowserContext, network_guard: NetworkGuard) -> BrowserContext:
    """pytest-playwright's context, watched by the network guard."""
    return network_guard.watch(context)


# --- helpers -----------------------------------------------------------------------


#: the page's Python has started (opening.py): its controls answer from now on. A table
#: painted before it (web/paint.js) is playable already, its taps kept for it
PYTHON_UP = "performance.getEntriesByName('scopa-start').length > 0"


def wait_for_play(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app is ready to play, its Python up; fail at once if it reports
    an error."""
    page.wait_for_function(  # a function, not an expression: also under a policy without eval
        f"() => document.body.dataset.phase === 'error'"
        f" || (document.body.dataset.phase === 'play' && {PYTHON_UP})",
        timeout=timeout_ms,
    )
    phase = page.evaluate("document.body.dataset.phase")
    if phase != "play":
        text = page.evaluate("document.body.innerText").strip()[:500]
        pytest.fail(f"the app reached phase {phase!r}: {text}", pytrace=False)


# The test hook into the engine worker: worker/client.js's scopaEngine.call(fn,
# ...args), which the page's app/engine.py uses too (fn a name in
# engine_worker.py's __export__, args its texts); the reply's text, or an Error.
ENGINE_CALL_JS = """
async ([fn, args]) => {
  if (!window.scopaEngine) throw new Error('no scopaEngine: worker/client.js did not run');
  return await window.scopaEngine.call(fn, ...args);
}
"""


def call_engine(page: Page, fn: str, *args: str | None) -> Any:
    """Call a function exported by the engine worker; JSON results are decoded."""
    result = page.evaluate(ENGINE_CALL_JS, [fn, list(args)])
    if isinstance(result, str):
        try:
            return json.loads(result)
        except ValueError:
            return result
    return result


def wait_for_service_worker(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until a service worker controls the page and has finished precaching.

    Returns the name of the cache it uses.
    """
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=timeout_ms,
    )
    name: str = page.evaluate(
        """async () => {
            const keys = await caches.keys();
            return keys.find((k) => k.startsWith('scopa-')) || '';
        }"""
    )
    return name
