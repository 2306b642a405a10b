"""The cross-engine suite (issue 31): the built site in Debian's Firefox ESR and
WebKitGTK (Safari's engine), which Playwright cannot drive here. Run after a build:

    python -m tools.build && pytest e2e/engines                  # both engines
    pytest e2e/engines --engines firefox                         # one engine alone
    pytest e2e/engines --engines webkit -k offline               # one check, one engine

- Firefox: headless, WebDriver BiDi (tools/browsers/firefox.py); WebKitGTK:
  MiniBrowser under WebKitWebDriver on an Xvfb display of its own
  (tools/browsers/webkit.py). Chromium takes part only as the WebRTC host of
  test_pairing.py (pytest-playwright's, as in the rest of e2e/).
- Each test gets its own server of dist/ under netlify.toml's Content-Security-
  Policy, on a free port of 127.0.0.1, and a fresh browser (a new profile).
- Nothing may leave the machine: both browsers send every request for another
  host to e2e/conftest.py's trap proxy (the autouse network_guard fails a test
  the trap saw anything in); Firefox's own log of requests is checked too.
- No console error: the server puts a probe first in index.html
  (tools/browsers/site.py), which reports console errors, uncaught exceptions,
  failed loads and CSP violations back to the server (WebKit's WebDriver gives
  no console log); Firefox's console (BiDi log.entryAdded, workers included) is
  read as well. A test fails on any.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.browsers.firefox import Firefox, FirefoxTab
from tools.browsers.site import CONSOLE_PROBE, PROBE_PATH, ProbedSite
from tools.browsers.tab import Browser
from tools.browsers.webkit import WebKit
from tools.serve import DIST

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
ENGINES = ("firefox", "webkit")
VIEWPORTS = {"phone": (360, 740), "desktop": (1280, 800)}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--engines",
        default=",".join(ENGINES),
        help="comma-separated engines of the cross-engine suite: firefox, webkit",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # (the option exists when this suite is run by its own path: pytest e2e/engines)
    engines = metafunc.config.getoption("--engines", default=",".join(ENGINES))
    chosen = [e.strip() for e in str(engines).split(",") if e.strip()]
    unknown = set(chosen) - set(ENGINES)
    if unknown:
        raise pytest.UsageError(f"--engines: unknown {sorted(unknown)}; known: {ENGINES}")
    for name in ("engine", "guest"):  # guest: the other device of test_pairing.py
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, chosen)
    if "viewport" in metafunc.fixturenames:
        metafunc.parametrize("viewport", list(VIEWPORTS))


# --- the server --------------------------------------------------------------------


@pytest.fixture
def served() -> Iterator[ProbedSite]:
    """This test's server of dist/, the console probe first in its page."""
    if not (DIST / "build-info.json").is_file():
        pytest.fail("dist/ is not built: run `python -m tools.build` first")
    with ProbedSite([CONSOLE_PROBE]) as site:
        yield site


# --- the browsers -------------------------------------------------------------------

#: open_browser(engine, viewport name) -> a started browser, closed after the test
OpenBrowser = Callable[..., Browser]


@pytest.fixture
def open_browser(
    trap_proxy: Any, network_guard: Any, served: ProbedSite, request: pytest.FixtureRequest
) -> Iterator[OpenBrowser]:
    """Start browsers for the test; after it, each one's console errors and the probe's
    reports fail the test, and Firefox's requests go to e2e/conftest.py's network
    guard, which fails it on any that left the machine."""
    opened: list[Browser] = []
    folder = Path(tempfile.mkdtemp(prefix="scopa-engines-"))

    def start(engine: str, viewport: str = "desktop", **options: Any) -> Browser:
        size = VIEWPORTS[viewport]
        browser: Browser
        if engine == "firefox":
            profile = folder / f"firefox-{len(opened)}"
            browser = Firefox(profile, proxy=trap_proxy.address, viewport=size, **options)
        else:
            browser = WebKit(proxy=trap_proxy.address, viewport=size, **options)
        browser.start()
        opened.append(browser)
        return browser

    yield start
    problems: list[str] = []
    name = re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
    for k, browser in enumerate(opened):
        problems += check_and_close(browser, f"{name}-{k}" if k else name, network_guard.requests)
    problems += [f"{r.get('kind')}: {r.get('text')} ({r.get('at')})" for r in served.reports]
    shutil.rmtree(folder, ignore_errors=True)  # the Firefox profiles, closed above
    if problems:
        pytest.fail("console errors:\n  " + "\n  ".join(problems[:20]), pytrace=False)


def check_and_close(browser: Browser, name: str, requests: list[str]) -> list[str]:
    """The browser's own console errors (its requests added to `requests`); a screenshot."""
    problems: list[str] = []
    try:
        tab = browser.tab()
    except Exception:
        return problems  # not running (killed, or never started)
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(ARTIFACTS / f"{name}.png")
    except Exception:  # a screenshot is a courtesy, never a failure
        pass
    try:
        # offline, the probe itself cannot load (the service worker never cached it)
        errors = [error for error in tab.console_errors() if PROBE_PATH not in error]
        problems += [f"{browser.engine}: {error}" for error in errors]
        if isinstance(tab, FirefoxTab):
            requests += tab.requests()
    finally:
        browser.close()
    return problems
