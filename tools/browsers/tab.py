"""One page in a real browser, whatever drives it (issue 31).

Firefox (WebDriver BiDi, firefox.py), WebKitGTK (W3C WebDriver, webkit.py) and
Chromium (Playwright, chromium.py) each implement the few primitives below; the
rest (waiting, tapping an element, dragging one onto another) is written once
here, on top of them, so that the cross-engine suite (e2e/engines/) and the
engine benchmark (tools/enginebench.py) say the same thing in every engine.

JavaScript goes in as a function's source and its arguments, and comes back as
JSON: `tab.run("(a, b) => a + b", 1, 2) == 3`, a promise awaited. Taps and drags
are the driver's own input actions (real pointer events from the browser's
input pipeline), at the centre of the element as it is on screen, after the
element has been scrolled into view and found to be the one a person would hit.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

# The function a tab runs: the caller's function applied to its JSON arguments,
# its result as JSON text ("null" for undefined), a promise awaited first.
WRAPPER = """async (argsJson) => {
  const result = await (%s)(...JSON.parse(argsJson));
  return result === undefined ? 'null' : JSON.stringify(result);
}"""

# Where to tap an element: scrolled into the middle of the viewport, its centre,
# and whether a tap there reaches it (not a dialog's backdrop or a card on top).
TARGET_JS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return {found: false};
  el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const top = document.elementFromPoint(x, y);
  const hit = top !== null && (top === el || el.contains(top));
  const shown = box.width > 0 && box.height > 0;
  const what = top ? top.tagName.toLowerCase() + (top.id ? '#' + top.id : '') : 'nothing';
  return {found: true, hit: hit && shown && !el.disabled, x, y, top: what};
}"""


class BrowserError(RuntimeError):
    """The browser or its driver failed, or a page did not do what was waited for."""


class InputUncertain(BrowserError):
    """The driver reported an error while performing input that may have reached the
    page all the same (WebKitGTK's touch actions, now and then, on a busy machine):
    the caller looks at the page to know, and repeats the input only if nothing
    happened."""


class Tab(ABC):
    """One page of a real browser, driven by real input."""

    engine: str = ""  # "firefox", "webkit", "chromium"

    # -- what each driver implements --------------------------------------------------
    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate and wait for the load event."""

    @abstractmethod
    def reload(self) -> None:
        """Reload and wait for the load event."""

    @abstractmethod
    def _evaluate(self, wrapped: str, args_json: str) -> str:
        """Run WRAPPER-wrapped source with one string argument; its string result."""

    @abstractmethod
    def pointer(self, path: list[tuple[float, float]], touch: bool = False) -> None:
        """Press at the first point, move through the others, release at the last
        (one point: a tap), as mouse or touch input."""

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """The viewport as a PNG file."""

    @abstractmethod
    def console_errors(self) -> list[str]:
        """Console errors and uncaught exceptions the driver saw ([] if it cannot see)."""

    # -- written once ------------------------------------------------------------------
    def run(self, function: str, *args: Any) -> Any:
        """Call a JavaScript function (its source) with JSON arguments; its JSON result."""
        return json.loads(self._evaluate(WRAPPER % function, json.dumps(list(args))))

    def wait(self, predicate: str, *args: Any, timeout: float = 90.0, every: float = 0.1) -> Any:
        """Poll `predicate` (a function's source) until it returns something truthy.

        A poll the driver itself fails counts as "not yet": WebKitWebDriver once
        answered "Could not parse script result" to one poll of a page that was
        still starting (CI, 2026-12-05). If polls still fail at the deadline, the
        last failure is raised."""
        deadline = time.monotonic() + timeout
        failed: BrowserError | None = None
        while True:
            try:
                value = self.run(predicate, *args)
                failed = None
            except BrowserError as exc:
                value, failed = None, exc
            if value:
                return value
            if time.monotonic() > deadline:
                if failed is not None:
                    raise failed
                raise BrowserError(f"{self.engine}: timed out after {timeout:.0f} s: {predicate}")
            time.sleep(every)

    def target(self, selector: str, timeout: float = 30.0) -> tuple[float, float]:
        """The centre of the element, once a tap there would reach it."""
        deadline = time.monotonic() + timeout
        while True:
            found: dict[str, Any] = self.run(TARGET_JS, selector)
            if found.get("hit"):
                return float(found["x"]), float(found["y"])
            if time.monotonic() > deadline:
                raise BrowserError(f"{self.engine}: cannot tap {selector}: {found}")
            time.sleep(0.1)

    def tap(self, selector: str, touch: bool = False) -> None:
        """A tap (or a mouse click) on the element."""
        self.pointer([self.target(selector)], touch=touch)

    def tap_until(self, selector: str, done: str, *args: Any, touch: bool = False) -> None:
        """A tap whose effect the page shows (`done`, a predicate's source): tapped once
        more if the driver said it may have failed and the page shows nothing after 3 s."""
        try:
            self.tap(selector, touch=touch)
        except InputUncertain as uncertain:
            try:
                self.wait(done, *args, timeout=3)
            except BrowserError:
                print(f"\n{self.engine}: {uncertain}; tapped {selector} again", flush=True)
                self.tap(selector, touch=touch)

    def drag(
        self, source: str, destination: str | tuple[float, float], touch: bool = False
    ) -> None:
        """Press on an element, move in steps onto another element (the centre of
        what a selector names) or a point of the viewport, release there."""
        x0, y0 = self.target(source)
        if isinstance(destination, str):
            box: dict[str, float] = self.run(
                "(s) => { const b = document.querySelector(s).getBoundingClientRect();"
                " return {x: b.left + b.width / 2, y: b.top + b.height / 2}; }",
                destination,
            )
            x1, y1 = box["x"], box["y"]
        else:
            x1, y1 = destination
        steps = 8
        path = [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(steps + 1)]
        self.pointer(path, touch=touch)

    def count(self, selector: str) -> int:
        return int(self.run("(s) => document.querySelectorAll(s).length", selector))

    def text(self, selector: str) -> str:
        """The element's innerText ("" when it is not there)."""
        return str(
            self.run(
                "(s) => { const e = document.querySelector(s); return e ? e.innerText : ''; }",
                selector,
            )
        )

    def viewport(self) -> tuple[int, int]:
        size: list[int] = self.run("() => [innerWidth, innerHeight]")
        return size[0], size[1]


class Browser(ABC):
    """A browser process (or session) with one tab."""

    engine: str = ""
    version: str = ""
    survives_kill = True  # kill() then start() finds the data the page kept

    @abstractmethod
    def tab(self) -> Tab:
        """The browser's tab."""

    @abstractmethod
    def close(self) -> None:
        """End the browser and its driver (whatever state they are in)."""

    @abstractmethod
    def kill(self) -> None:
        """Kill the processes that hold the page, as a crash or the system would: no
        unload, nothing flushed. start() again to go on with what was kept on disk."""

    @abstractmethod
    def start(self) -> None:
        """Start (again, after kill()) with the same profile."""

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
