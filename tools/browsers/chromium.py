"""Debian's Chromium through Playwright, behind the same `Tab` as the other engines
(issue 31): the WebRTC host of the cross-engine pairing tests, and the Chromium
row of tools/enginebench.py. The Chromium suite itself (e2e/) uses Playwright
directly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Playwright

from tools.browsers.tab import Browser, BrowserError, Tab
from tools.chromium import CHROMIUM, CHROMIUM_ARGS


class ChromiumTab(Tab):
    engine = "chromium"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self.on_console)
        page.on("pageerror", lambda error: self.errors.append(f"javascript: {error}"))

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def _evaluate(self, wrapped: str, args_json: str) -> str:
        try:
            return str(self.page.evaluate(wrapped, args_json))
        except Error as exc:
            raise BrowserError(f"chromium: script failed: {exc.message}") from exc

    def pointer(self, path: list[tuple[float, float]], touch: bool = False) -> None:
        if touch and len(path) == 1:
            self.page.touchscreen.tap(*path[0])
            return
        mouse = self.page.mouse
        mouse.move(*path[0])
        mouse.down()
        for x, y in path[1:]:
            mouse.move(x, y)
        mouse.up()

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def console_errors(self) -> list[str]:
        return list(self.errors)


class Chromium(Browser):
    """Headless Chromium in a fresh context (for the benchmark; tests use pytest-playwright's)."""

    engine = "chromium"
    survives_kill = False  # not here: e2e/test_persistence.py kills a persistent context

    def __init__(
        self,
        playwright: Playwright,
        proxy: str | None = None,
        viewport: tuple[int, int] = (1280, 800),
        reduced_motion: bool = True,
    ) -> None:
        self.playwright = playwright
        self.proxy = proxy
        self.size = viewport
        self.reduced_motion = reduced_motion
        self.context: BrowserContext | None = None
        self._tab: ChromiumTab | None = None

    def start(self) -> None:
        if not Path(CHROMIUM).exists():
            raise BrowserError(f"{CHROMIUM} is missing: apt-get install -y chromium")
        options: dict[str, Any] = {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
        if self.proxy:
            options["proxy"] = {"server": self.proxy, "bypass": "127.0.0.1,localhost,[::1]"}
        browser = self.playwright.chromium.launch(**options)
        self.version = f"Chromium {browser.version}"
        width, height = self.size
        self.context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion="reduce" if self.reduced_motion else "no-preference",
        )
        self._tab = ChromiumTab(self.context.new_page())

    def tab(self) -> ChromiumTab:
        if self._tab is None:
            raise BrowserError("chromium is not started")
        return self._tab

    def kill(self) -> None:
        raise BrowserError("chromium: not in this fresh context (see survives_kill)")

    def close(self) -> None:
        if self.context is not None:
            browser = self.context.browser
            self.context.close()
            if browser is not None:
                browser.close()
            self.context = None
        self._tab = None
