"""How the browser tests (e2e/) and the browser benchmarks (tools/webbench.py,
tools/phone.py, ...) start Debian's Chromium: one list, so that the figures are
measured in the browser the tests drive. Playwright cannot download a browser of
its own here."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextlib.contextmanager
def fresh_profile(
    pw: Playwright, scripts: tuple[str, ...] = (), **options: Any
) -> Iterator[tuple[BrowserContext, Path]]:
    """A persistent browser context in a new, empty profile folder (a first visit's
    browser), `scripts` run in every page before its own, Playwright's context
    `options` (viewport, is_mobile...); and the folder."""
    with tempfile.TemporaryDirectory(prefix="scopa-profile-") as folder:
        context = pw.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
        )
        try:
            for script in scripts:
                context.add_init_script(script)
            yield context, Path(folder)
        finally:
            context.close()
