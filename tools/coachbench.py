"""The coach in the browser, measured: hint latency and a hand's review in Chromium.

    python -m tools.coachbench [--hints 36] [--hands 2] [--preset scopa] [--seed 7]
                               [--dir SITE] [--json FILE]

Builds the site into a temporary folder (``--dir`` serves an existing build),
serves it on 127.0.0.1 and drives Debian's headless Chromium through
Playwright, as tools/webbench.py does. One match (a person against normal
computers, ``sweep=0``) is played by following the hint at every turn:

- hint: the page's ``scopa-call-hint`` measure of each hint (the worker
  call's round trip, at the hint's budget, the expert's 60,000 nodes) and the
  worker's own time (its ``ms``), and "shown": from the tap on Hint to the
  ranked options drawn;
- review: at the end of each of the first ``--hands`` hands, Review this hand
  is tapped, the review closed and the next hand dealt and played while the
  review runs in the background; its time is the page's ``scopa-review``
  measure (the request to the last position reviewed);
- the longest main-thread task meanwhile, from the first hint on
  (PerformanceObserver "longtask"; start-up is tools/webbench.py's).

Prints medians, 90th percentiles and maxima with the machine's load average:
on a shared machine absolute times follow the load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from tools.build import site_to_measure
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import serving, url_of
from tools.webbench import median, percentile

TIMEOUT_MS = 180_000
SETTLED = (
    "['play', 'hand-over', 'match-over', 'error'].includes(document.body.dataset.phase)"
    " && !document.body.classList.contains('busy')"
)
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
SHOWN = "document.querySelector('#hint-panel')?.dataset.state === 'shown' && performance.now()"


def view_of(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('scopa.v1.view')"))
    return view


def my_turn(page: Page) -> bool:
    view = view_of(page)
    phase = page.evaluate("document.body.dataset.phase")
    return bool(phase == "play" and view.get("moves") and view["viewer"] == view["to_move"])


def follow_hint(page: Page, shown: list[float]) -> None:
    """Ask for a hint, time it to the options drawn, and play the marked move."""
    key = view_of(page)["key"]
    started = page.evaluate("performance.now()")
    page.locator('#actions [data-action="hint"]').click()
    done = page.wait_for_function(SHOWN, timeout=TIMEOUT_MS, polling=10).json_value()
    shown.append(float(done) - float(started))
    page.locator('#hint-panel [data-action="hint-play"]').click()
    page.wait_for_function(
        "(k) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== k",
        arg=key,
        timeout=TIMEOUT_MS,
    )


def play(page: Page, hints: int, hands: int) -> dict[str, Any]:
    shown: list[float] = []
    reviewed = 0
    first = page.evaluate("performance.now()")  # long tasks are counted from here on
    while len(shown) < hints or reviewed < hands:
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS, polling=50)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "match-over" or phase == "error":
            break
        if phase == "hand-over":
            if reviewed < hands:
                page.locator('#dlg-count [data-action="review-hand"]').click()
                page.keyboard.press("Escape")  # the review goes on in the background
                reviewed += 1
            page.locator('#dlg-count [data-action="next-hand"]').click()
            page.wait_for_function("document.body.dataset.phase !== 'hand-over'")
            continue
        if my_turn(page):
            follow_hint(page, shown)
    with contextlib.suppress(Exception):
        page.wait_for_function(
            f"performance.getEntriesByName('scopa-review').length >= {reviewed}",
            timeout=TIMEOUT_MS,
        )
    calls = page.evaluate(
        "performance.getEntriesByName('scopa-call-hint')"
        ".map((m) => [m.duration, m.detail && m.detail.worker_ms])"
    )
    reviews = page.evaluate(
        "performance.getEntriesByName('scopa-review').map((m) => [m.duration, m.detail.positions])"
    )
    tasks = page.evaluate(
        "(t0) => window.__longTasks.filter((t) => t[0] >= t0).map((t) => t[1])", first
    )
    return {
        "hint_ms": [c[0] for c in calls],
        "hint_worker_ms": [c[1] for c in calls if c[1] is not None],
        "shown_ms": shown,
        "reviews": [{"s": r[0] / 1000, "positions": r[1]} for r in reviews],
        "longest_task_ms": max(tasks) if tasks else 0.0,
        "long_tasks_ms": sorted(tasks, reverse=True)[:8],
    }


def spread(values: Sequence[float], unit: str = "ms") -> str:
    if not values:
        return "-"
    return (
        f"{median(values):.0f} / {percentile(values, 90):.0f} / {max(values):.0f} {unit}"
        f" (n={len(values)})"
    )


def report(res: dict[str, Any], load: tuple[float, float]) -> str:
    lines = [
        f"coach in Chromium: {res['preset']}, seed {res['seed']}; load average"
        f" {load[0]:.1f} before, {load[1]:.1f} after ({os.cpu_count()} cores)",
        "",
        "| measure | median / p90 / max |",
        "|---|---|",
        f"| hint, worker call round trip (scopa-call-hint) | {spread(res['hint_ms'])} |",
        f"| hint, the worker's own time | {spread(res['hint_worker_ms'])} |",
        f"| hint, tap to options drawn | {spread(res['shown_ms'])} |",
    ]
    for k, review in enumerate(res["reviews"]):
        lines.append(
            f"| review of hand {k + 1} in the background ({review['positions']} moves)"
            f" | {review['s']:.1f} s |"
        )
    longest = ", ".join(f"{t:.0f}" for t in res["long_tasks_ms"])
    longest = longest + " ms" if longest else "none"
    lines.append(f"| longest main-thread tasks (over 50 ms) | {longest} |")
    return "\n".join(lines)


def bench(args: argparse.Namespace, site: Path) -> int:
    before = os.getloadavg()[0]
    with serving(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        query = f"?seed={args.seed}&preset={args.preset}&level=normal&target=31&sweep=0"
        page.goto(url_of(server) + query)
        page.wait_for_function(
            "performance.getEntriesByName('scopa-engine-table').length > 0", timeout=TIMEOUT_MS
        )
        res = play(page, args.hints, args.hands)
        browser.close()
    res.update(preset=args.preset, seed=args.seed)
    print(report(res, (before, os.getloadavg()[0])))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1), encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Hint latency and a hand's review in Chromium.")
    parser.add_argument("--hints", type=int, default=36, help="hints timed (default 36)")
    parser.add_argument("--hands", type=int, default=2, help="hands reviewed (default 2)")
    parser.add_argument("--preset", default="scopa", help="the game (default scopa)")
    parser.add_argument("--seed", type=int, default=7, help="the match's deals (default 7)")
    parser.add_argument("--dir", type=Path, help="serve this built site (default: build one)")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        site = site_to_measure(stack, args.dir)
        return bench(args, site)


if __name__ == "__main__":
    raise SystemExit(main())
