"""Start-up time of the built site in Chromium: to a playable page, and to Python.

    python -m tools.build && python -m tools.webbench [--runs 5] [--csp]

- first visit: a new browser profile each run (empty HTTP cache, no service
  worker yet);
- repeat visit: the same profile reloaded once the service worker controls it
  (everything answered from the service worker's cache).

Two figures per visit, on the page's own clock (zero at navigation start):
when body[data-phase] became "play", and when the engine worker (Pyodide)
was ready to answer. The median and range of the runs are printed.
The site is served from dist/ on 127.0.0.1 by tools/serve.py.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tools.serve import DIST, netlify_csp, serving, url_of

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
TIMEOUT_MS = 120_000

# On the page's own clock (ms since navigation start), records when the page
# first reaches phase "play" (__playAt) and when the engine worker is ready:
# Pyodide started, engine_worker.py run, its functions exported (__engineAt).
# (Not a call: it would queue behind whatever the page already asked for.)
RECORD = """
(() => {
  const mark = () => {
    if (document.body && document.body.dataset.phase === 'play' && !window.__playAt) {
      window.__playAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ['data-phase'], childList: true,
  });
  (async () => {
    let script = null;
    while (!(script = document.querySelector('script[type="py"][worker][name="engine"]'))
           || !script.xworker) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await script.xworker.ready;
    window.__engineAt = performance.now();
  })();
})();
"""


@dataclass(frozen=True)
class Visit:
    play: float  # seconds to data-phase="play"
    engine: float  # seconds to the engine worker being ready


def measure(page: Page) -> Visit:
    page.wait_for_function(
        "window.__playAt !== undefined && window.__engineAt !== undefined", timeout=TIMEOUT_MS
    )
    play, engine = page.evaluate("[window.__playAt, window.__engineAt]")
    return Visit(float(play) / 1000.0, float(engine) / 1000.0)


def first_and_repeat(browser: Browser, url: str) -> tuple[Visit, Visit]:
    context = browser.new_context()
    try:
        context.add_init_script(RECORD)
        page = context.new_page()
        page.goto(url)
        first = measure(page)
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=TIMEOUT_MS,
        )
        page.reload()
        repeat = measure(page)
    finally:
        context.close()
    return first, repeat


def summary(label: str, values: Sequence[float]) -> str:
    return (
        f"{label:<24} median {statistics.median(values):5.2f} s"
        f"   (min {min(values):.2f}, max {max(values):.2f}, {len(values)} runs)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to a playable page in Chromium.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=DIST, help="built site to serve")
    parser.add_argument("--csp", action="store_true", help="serve with netlify.toml's CSP")
    args = parser.parse_args(argv)

    firsts: list[Visit] = []
    repeats: list[Visit] = []
    csp = netlify_csp() if args.csp else None
    with serving(args.dir, csp=csp) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for run in range(1, args.runs + 1):
                first, repeat = first_and_repeat(browser, url_of(server))
                firsts.append(first)
                repeats.append(repeat)
                print(
                    f"run {run}: first visit play {first.play:.2f} s / engine {first.engine:.2f} s,"
                    f" repeat visit play {repeat.play:.2f} s / engine {repeat.engine:.2f} s"
                )
        finally:
            browser.close()
    print(summary("first visit, play", [v.play for v in firsts]))
    print(summary("first visit, engine", [v.engine for v in firsts]))
    print(summary("repeat visit, play", [v.play for v in repeats]))
    print(summary("repeat visit, engine", [v.engine for v in repeats]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
