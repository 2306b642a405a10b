"""Start-up of two or more built sites, side by side: an interleaved A/B.

    python -m tools.startab [--rounds 8] SITE SITE [SITE ...]

Each round gives every site, in turn, a new browser profile and three visits
(first, repeat once the service worker controls the page, third), served under
netlify.toml's policy as tools/webbench.py serves them, and reads the page's
start-up marks. Interleaving the sites round by round spreads a shared
machine's load over all of them, which one webbench run per site in a row
does not; and a round takes seconds (no think time, no bare runtime), so the
many rounds a small change needs fit in minutes. Prints per site and visit
the medians, in ms after navigation, of:

- dcl: the HTML's DOMContentLoaded (the deferred scripts and PyScript's
  module have run);
- start: the page's Python running (its modules imported: `scopa-start`);
- play: the first playable table (webbench's definition);
- worker: the engine worker's script running;
- engine: the engine table;
- long: the longest main-thread task before the playable table.

Build the sites to compare first, e.g. main's in a worktree:
``git worktree add /tmp/old main && python -m tools.build --web /tmp/old/web
--out /tmp/dist-old``. docs/performance.md step 22 was measured with it.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
from pathlib import Path

from playwright.sync_api import Page, Playwright, sync_playwright

from tools.serve import netlify_csp, serving, url_of
from tools.webbench import MARKS, TIMEOUT_MS, fresh_profile, load_average, new_tab

FIGURES = ("dcl", "start", "play", "worker", "engine", "long")
VISITS = ("first", "repeat", "third")
SETTLE_MS = 3000  # after the service worker took over, as a person's first visit goes on

STARTED = """() => window.__playAt !== undefined
    && performance.getEntriesByName('scopa-engine-table').length > 0"""
READ = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const before = (window.__longtasks || []).filter(([at]) => at < window.__playAt);
  return {
    dcl: nav.domContentLoadedEventStart,
    play: window.__playAt,
    long: Math.max(0, ...before.map(([, duration]) => duration)),
  };
}"""

Figures = dict[str, float]


def one_visit(page: Page, url: str) -> Figures:
    page.goto(url)
    page.wait_for_function(STARTED, timeout=TIMEOUT_MS, polling=20)
    marks = page.evaluate(MARKS)
    read: Figures = page.evaluate(READ)
    return {
        **read,
        "start": float(marks.get("scopa-start", 0.0)),
        "worker": float(marks.get("scopa-worker-start", 0.0)),
        "engine": float(marks["scopa-engine-table"]),
    }


def three_visits(pw: Playwright, url: str) -> list[Figures]:
    """A new profile's first, repeat and third visit."""
    with fresh_profile(pw) as (context, _):
        page = new_tab(context)
        visits = [one_visit(page, url)]
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
        )
        page.wait_for_timeout(SETTLE_MS)
        for _ in VISITS[1:]:
            later = context.new_page()
            page.close()
            page = later
            visits.append(one_visit(page, url))
            page.wait_for_timeout(SETTLE_MS // 2)
    return visits


def table(site: str, rounds: list[list[Figures]]) -> str:
    lines = [f"{site} ({len(rounds)} rounds; medians, ms after navigation)"]
    for i, visit in enumerate(VISITS):
        cells = [f"{k} {statistics.median(r[i][k] for r in rounds):5.0f}" for k in FIGURES]
        lines.append(f"  {visit:<6}  " + "  ".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built sites (tools.build --out)")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args(argv)
    if len(args.sites) < 2 or args.rounds < 1:
        parser.error("give two sites or more, and one round or more")
    results: dict[str, list[list[Figures]]] = {str(s): [] for s in args.sites}
    before = load_average()
    with sync_playwright() as pw, contextlib.ExitStack() as stack:
        csp = netlify_csp()
        urls = [url_of(stack.enter_context(serving(s, csp=csp))) for s in args.sites]
        for number in range(1, args.rounds + 1):
            for site, url in zip(args.sites, urls, strict=True):
                visits = three_visits(pw, url)
                results[str(site)].append(visits)
                plays = " / ".join(f"{v['play']:.0f}" for v in visits)
                print(f"round {number}, {site}: playable {plays} ms", flush=True)
    after = load_average()
    print(f"load average (1 min) {before[0]:.2f} before, {after[0]:.2f} after")
    for site, rounds in results.items():
        print(table(site, rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
