"""Start-up figures per browser engine (issue 31): Chromium, Firefox ESR, WebKitGTK.

    python -m tools.enginebench [--runs 3] [--engines chromium,firefox,webkit]
                                [--dir dist] [--json FILE]

tools/webbench.py measures Chromium in depth; this one asks the two questions
that show a slow engine, in every engine, the same way: how long from
navigation until the table is playable (webbench's own definition, its probe
put into the page: tools/browsers/site.py), and until the engine's table is
drawn (the page's `scopa-engine-table` mark); on a first visit (a fresh
browser profile) and a repeat visit (a reload, the service worker and caches
warm). Medians of `--runs` fresh browsers each, with the machine's load. The
site is served under netlify.toml's policy, on 127.0.0.1, built first if
dist/ is missing. Figures only: no budget is checked here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.browsers.site import ProbedSite
from tools.browsers.tab import Browser, Tab
from tools.serve import DIST
from tools.webbench import PROBE as PLAYABLE_PROBE

ENGINES = ("chromium", "firefox", "webkit")
START_TIMEOUT_S = 180.0
MARKS = """() => {
  const at = (name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return {playable: at('webbench-playable'), engine: at('scopa-engine-table')};
}"""
READY = (
    "() => performance.getEntriesByName('webbench-playable').length > 0"
    " && performance.getEntriesByName('scopa-engine-table').length > 0"
)
SERVICE_WORKER_READY = """async () => {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
  return (await caches.keys()).some((k) => k.startsWith('scopa-'));
}"""


def timed(tab: Tab) -> dict[str, float]:
    """Seconds from navigation to the playable table and to the engine's table."""
    tab.wait(READY, timeout=START_TIMEOUT_S, every=0.05)
    marks: dict[str, float] = tab.run(MARKS)
    return {name: round(ms / 1000, 3) for name, ms in marks.items()}


@contextmanager
def launched(engine: str, folder: Path) -> Iterator[Browser]:
    """A fresh browser of this engine (a new profile), at a desktop size."""
    browser: Browser
    if engine == "chromium":
        from playwright.sync_api import sync_playwright

        from tools.browsers.chromium import Chromium

        with sync_playwright() as playwright:
            browser = Chromium(playwright)
            browser.start()
            try:
                yield browser
            finally:
                browser.close()
        return
    if engine == "firefox":
        from tools.browsers.firefox import Firefox

        browser = Firefox(Path(tempfile.mkdtemp(dir=folder)))
    else:
        from tools.browsers.webkit import WebKit

        browser = WebKit()
    browser.start()
    try:
        yield browser
    finally:
        browser.close()


def one_run(engine: str, url: str, folder: Path) -> tuple[str, dict[str, float], dict[str, float]]:
    """The browser's version, then the first visit's and the repeat visit's figures."""
    with launched(engine, folder) as browser:
        tab = browser.tab()
        tab.goto(url)
        first = timed(tab)
        tab.wait(SERVICE_WORKER_READY, timeout=START_TIMEOUT_S)
        time.sleep(1.0)  # let the first visit's background work end
        tab.reload()
        repeat = timed(tab)
        return browser.version, first, repeat


def median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def measure(
    engines: list[str], runs: int, directory: Path, say: Callable[[str], None]
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with (
        tempfile.TemporaryDirectory(prefix="scopa-enginebench-") as profiles,
        ProbedSite([PLAYABLE_PROBE], directory) as site,
    ):
        folder = Path(profiles)  # the browsers' profiles, gone after the runs
        for engine in engines:
            firsts, repeats, version = [], [], ""
            for run in range(1, runs + 1):
                version, first, repeat = one_run(engine, site.url, folder)
                firsts.append(first)
                repeats.append(repeat)
                say(
                    f"{engine} run {run}: first visit playable {first['playable']:.2f} s,"
                    f" engine {first['engine']:.2f} s; repeat playable {repeat['playable']:.2f} s,"
                    f" engine {repeat['engine']:.2f} s"
                )
            results[engine] = {
                "version": version,
                "first": {k: median([f[k] for f in firsts]) for k in ("playable", "engine")},
                "repeat": {k: median([r[k] for r in repeats]) for k in ("playable", "engine")},
                "runs": {"first": firsts, "repeat": repeats},
            }
    return results


def table(results: dict[str, Any], runs: int) -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        f"Start-up per engine: medians of {runs} run(s); {os.cpu_count()} cores, load {load}",
        "",
        "| engine | version | first visit: playable table | engine table |"
        " repeat visit: playable table | engine table |",
        "|---|---|---|---|---|---|",
    ]
    for engine, r in results.items():
        first, repeat = r["first"], r["repeat"]
        lines.append(
            f"| {engine} | {r['version']} | {first['playable']:.2f} s | {first['engine']:.2f} s"
            f" | {repeat['playable']:.2f} s | {repeat['engine']:.2f} s |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up figures per browser engine.")
    parser.add_argument("--runs", type=int, default=3, help="fresh browsers per engine")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated")
    parser.add_argument("--dir", type=Path, default=DIST, help="the built site")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    if set(engines) - set(ENGINES) or args.runs < 1:
        parser.error(f"--engines: some of {ENGINES}; --runs: at least 1")
    if not (args.dir / "index.html").is_file():
        from tools.build import build

        build(args.dir)
    results = measure(engines, args.runs, args.dir, lambda line: print(line, flush=True))
    print()
    print(table(results, args.runs))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
