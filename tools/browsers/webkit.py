"""Debian's WebKitGTK (Safari's engine), driven over W3C WebDriver (issue 31).

`WebKitWebDriver` (package webkit2gtk-driver) drives WebKitGTK's MiniBrowser in
automation mode; Selenium 4 (PyPI, pinned in constraints.txt) speaks to it. The
browser needs a display: an Xvfb of our own (package xvfb), started here on a
free display number. What this setup cannot do, and what is done instead:

- MiniBrowser's automation sessions keep their data in memory only (an
  ephemeral website data store), and killing the page's web content process
  ends the WebDriver session ("session deleted because of page crash"): a killed
  browser cannot come back to its data here (`survives_kill` is False). The
  cross-engine suite checks the nearest thing instead: every move's save is
  committed to IndexedDB, and a reload resumes at the same move.
- WebDriver gives no console log here, and MiniBrowser writes its console to
  stdout only outside automation: the cross-engine suite's server puts a small
  probe script first in the page (e2e/engines/conftest.py), which reports
  console errors, uncaught exceptions and CSP violations to the server.
- Window sizes: MiniBrowser's toolbar keeps its window at least 447 px wide;
  a GTK style sheet of our own (below) lets it shrink to a phone's width.
- Reduced motion follows GTK's gtk-enable-animations (settings.ini below).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_MOUSE, POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tools.browsers.tab import Browser, BrowserError, InputUncertain, Tab

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"


def minibrowser() -> str:
    """Debian's MiniBrowser, under the machine's own multiarch folder (x86_64-linux-gnu,
    aarch64-linux-gnu, ...)."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    if not found:
        raise BrowserError("no MiniBrowser: apt install webkit2gtk-driver (docs/browsers.md)")
    return found[0]


XVFB = "/usr/bin/Xvfb"

# MiniBrowser's window chrome, shrunk so that the web view can be 360 px wide.
GTK_CSS = """entry, button, headerbar, toolbar, box, label, image, progressbar {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
}
image { -gtk-icon-transform: scale(0.1); }
"""


def webkit_version() -> str:
    try:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "libwebkit2gtk-4.1-0"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return f"WebKitGTK {done.stdout.strip()}" if done.stdout.strip() else ""


class Xvfb:
    """A virtual X display of our own, on a free display number."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise BrowserError(f"{XVFB} did not start: apt-get install -y xvfb")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebKitTab(Tab):
    engine = "webkit"

    def __init__(self, driver: webdriver.WebKitGTK) -> None:
        self.driver = driver
        self.chrome = (0, 0)  # the window's size beyond its web view

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def set_viewport(self, width: int, height: int) -> None:
        """The web view at this size: the window's chrome measured, then added. The
        chrome can still change size as the window settles (CI saw a web view 20 px
        taller than asked on the third try), so it is measured again a few times,
        each after a moment."""
        for attempt in range(8):
            dx, dy = self.chrome
            self.driver.set_window_rect(width=width + dx, height=height + dy)
            if attempt:
                time.sleep(0.25)
            inner = self.viewport()
            if inner == (width, height):
                return
            rect = self.driver.get_window_rect()
            self.chrome = (rect["width"] - inner[0], rect["height"] - inner[1])
        raise BrowserError(f"webkit: the viewport is {self.viewport()}, not {(width, height)}")

    def _evaluate(self, wrapped: str, args_json: str) -> str:
        try:
            return str(self.driver.execute_script(f"return ({wrapped})(arguments[0]);", args_json))
        except WebDriverException as exc:
            raise BrowserError(f"webkit: script failed: {exc.msg}") from exc

    def pointer(self, path: list[tuple[float, float]], touch: bool = False) -> None:
        # Selenium's action builders carry no types
        kind = POINTER_TOUCH if touch else POINTER_MOUSE
        actions = ActionBuilder(self.driver, mouse=PointerInput(kind, kind), duration=16)  # type: ignore[no-untyped-call]
        first = path[0]
        actions.pointer_action.move_to_location(round(first[0]), round(first[1]))  # type: ignore[no-untyped-call]
        actions.pointer_action.pointer_down()  # type: ignore[no-untyped-call]
        for x, y in path[1:]:
            actions.pointer_action.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        actions.pointer_action.pointer_up()  # type: ignore[no-untyped-call]
        try:
            actions.perform()
        except WebDriverException as exc:
            raise InputUncertain(f"webkit: input actions failed: {exc.msg!r}") from exc

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def console_errors(self) -> list[str]:
        return []  # not readable through WebDriver here: see the module's comment


class WebKit(Browser):
    """WebKitGTK's MiniBrowser under WebKitWebDriver, on a display of its own."""

    engine = "webkit"
    survives_kill = False

    def __init__(
        self,
        proxy: str | None = None,
        viewport: tuple[int, int] = (1280, 800),
        reduced_motion: bool = True,
        args: list[str] | None = None,
    ) -> None:
        self.proxy = proxy
        self.size = viewport
        self.reduced_motion = reduced_motion
        self.args = args or []
        self.xvfb: Xvfb | None = None
        self.driver: webdriver.WebKitGTK | None = None
        self._tab: WebKitTab | None = None
        self.config = Path(tempfile.mkdtemp(prefix="scopa-webkit-"))
        self.version = webkit_version()

    def gtk_config(self) -> dict[str, str]:
        gtk = self.config / "gtk-3.0"
        gtk.mkdir(parents=True, exist_ok=True)
        (gtk / "gtk.css").write_text(GTK_CSS, encoding="utf-8")
        animations = "false" if self.reduced_motion else "true"
        (gtk / "settings.ini").write_text(
            f"[Settings]\ngtk-enable-animations={animations}\n", encoding="utf-8"
        )
        return {"XDG_CONFIG_HOME": str(self.config)}

    def start(self) -> None:
        for path, package in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (XVFB, "xvfb")):
            if not Path(path).exists():
                raise BrowserError(f"{path} is missing: apt-get install -y {package}")
        self.xvfb = Xvfb()
        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        if self.proxy:
            options.add_argument(f"--proxy={self.proxy}")
            for host in ("127.0.0.1", "localhost", "::1"):  # one option per host
                options.add_argument(f"--ignore-host={host}")
        for arg in self.args:
            options.add_argument(arg)
        env = {**os.environ, "DISPLAY": self.xvfb.display, **self.gtk_config()}
        service = Service(WEBKIT_DRIVER, env=env)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except WebDriverException as exc:
            self.close()
            raise BrowserError(f"webkit did not start: {exc.msg}") from exc
        self._tab = WebKitTab(self.driver)
        self._tab.set_viewport(*self.size)

    def tab(self) -> WebKitTab:
        if self._tab is None:
            raise BrowserError("webkit is not started")
        return self._tab

    def kill(self) -> None:
        raise BrowserError("webkit: a killed MiniBrowser cannot come back to its data here")

    def close(self) -> None:
        if self.driver is not None:
            with contextlib.suppress(Exception):
                self.driver.quit()
            self.driver = None
        self._tab = None
        if self.xvfb is not None:
            self.xvfb.close()
            self.xvfb = None
        shutil.rmtree(self.config, ignore_errors=True)  # GTK's settings: made again at start
