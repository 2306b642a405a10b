"""A phone on mobile data, driven through Chrome's DevTools protocol: ``webbench --phone``.

    python -m tools.webbench --phone [--runs 3] [--dir SITE] [--json FILE] [--check]

The profile of issue 28, set on each page before it navigates (CDP, as
Lighthouse's "devtools" throttling does): ``Network.emulateNetworkConditions``
with a 150 ms round trip, 1.6 Mbit/s down and 0.75 Mbit/s up, and
``Emulation.setCPUThrottlingRate`` 4 (the page's thread runs four times
slower); a 360 x 740 touch screen; a new browser profile for every run. The
site is served compressed (tools/serve.py, as a static host sends it) under
netlify.toml's policy. Per run:

- *first visit*: the plain address in the new profile. The first playable
  table (webbench's probe: a hand card that can be tapped, its picture drawn);
  then a card is tapped at once, as a newcomer does (the first of the hand;
  if it has several captures, the first table card offered), and the
  *computer's first answer* is the moment its move is drawn (the page's mark
  ``scopa-move-drawn:1.2.``: hand 1, two moves made); the *engine table* is the
  page's ``scopa-engine-table`` mark (the worker holds the match).
- *repeat visit*: a second tab of the same profile once the service worker
  controls it, the same throttling: first playable table and engine table.
- *bare Pyodide*: a page that only loads Pyodide from the site's runtime and
  runs ``1+1``, first load in a new profile, the same throttling: what the
  engine's download and start cost by themselves, to read the engine table
  against.

Prints each run, then a Markdown table of medians against the budgets
(``BUDGET_*`` below; docs/performance.md, "A phone's first visit"). No test
asserts these times; ``--check`` exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from tools.chromium import fresh_profile
from tools.serve import netlify_csp, serving, url_of

# The throttled profile (issue 28): bytes per second, ms.
LATENCY_MS = 150
DOWN_BYTES_S = 1_600_000 // 8
UP_BYTES_S = 750_000 // 8
CPU_SLOWDOWN = 4
SCREEN = {"width": 360, "height": 740}
TIMEOUT_MS = 240_000

BUDGET_FIRST_PLAY_S = 2.5  # first visit: first playable table
BUDGET_REPEAT_PLAY_S = 1.5  # repeat visit: first playable table
BUDGET_ENGINE_OF_BARE = 1.1  # first visit: engine table / bare Pyodide under the same throttling
BUDGET_ANSWER_S = 5.0  # first visit: the computer's first answer to a card tapped at once

#: the key of the view after the person's first move and the computer's answer
FIRST_ANSWER_KEY = "1.2."

# Taps a card as a newcomer does, the moment the table can be played: the
# first card of the hand, then (if it has several captures) the first table
# card offered, or "Play it anyway" if the sweep warning holds it, until the
# move is on its way. Installed before the page's own
# scripts; a tap is a real click event on the element, as a finger's.
TAPPER = """
(() => {
  let tapped = false;
  const tap = () => {
    if (!window.__tapFirst) return;
    if (!tapped) {
      const card = document.querySelector('#hand button[data-card].playable:not([disabled])');
      if (window.__playAt === undefined || !card) return;
      tapped = true;
      window.__tappedAt = performance.now();
      card.click();
      return;
    }
    if (document.body.classList.contains('choosing')) {
      const option = document.querySelector('#table [data-card].option');
      if (option) option.click();
    }
    const anyway = document.querySelector('#actions [data-action="sweep-anyway"]');
    if (anyway) anyway.click();  // the sweep warning: the newcomer plays the card all the same
  };
  new MutationObserver(tap).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'class'],
  });
})();
"""


@dataclass
class PhoneVisit:
    play_s: float
    engine_s: float
    answer_s: float | None = None  # the computer's first answer drawn (first visit only)
    marks: dict[str, float] = field(default_factory=dict)


@dataclass
class PhoneRun:
    first: PhoneVisit
    repeat: PhoneVisit
    bare_s: float


def throttle(context: BrowserContext, page: Page) -> None:
    """The phone's network and CPU for this page, before it navigates."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LATENCY_MS,
            "downloadThroughput": DOWN_BYTES_S,
            "uploadThroughput": UP_BYTES_S,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


@contextmanager
def phone_profile(pw: Playwright, probe: str) -> Iterator[BrowserContext]:
    """A new, empty browser profile with a phone's screen, the probe in every page."""
    options = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
    with fresh_profile(pw, (probe, TAPPER), viewport=SCREEN, **options) as (context, _):
        yield context


def first_tab(context: BrowserContext) -> Page:
    for page in context.pages:
        if page.url == "about:blank":
            return page
    return context.new_page()


def mark_at(page: Page, name: str) -> float | None:
    entry = f"performance.getEntriesByName({json.dumps(name)})[0]"
    found = page.evaluate(f"({entry} || {{}}).startTime")
    return None if found is None else float(found) / 1000


def wait_for(page: Page, condition: str) -> None:
    page.wait_for_function(
        f"() => ({condition}) || document.body.dataset.phase === 'error'",
        timeout=TIMEOUT_MS,
        polling=50,
    )
    if page.evaluate("document.body.dataset.phase") == "error":
        raise RuntimeError(f"the app failed: {page.evaluate('document.body.innerText')[:300]}")


def phone_visit(context: BrowserContext, page: Page, url: str, tap: bool) -> PhoneVisit:
    throttle(context, page)
    if tap:
        page.add_init_script("window.__tapFirst = true;")
    page.goto(url, timeout=TIMEOUT_MS)
    wait_for(page, "window.__playAt !== undefined")
    wait_for(page, "performance.getEntriesByName('scopa-engine-table').length > 0")
    answer = None
    if tap:
        drawn = f"scopa-move-drawn:{FIRST_ANSWER_KEY}"
        wait_for(page, f"performance.getEntriesByName({json.dumps(drawn)}).length > 0")
        answer = mark_at(page, drawn)
    engine = mark_at(page, "scopa-engine-table")
    marks = page.evaluate(
        """(() => {
          const out = {};
          for (const m of performance.getEntriesByType('mark'))
            if (!(m.name in out)) out[m.name] = m.startTime;
          return out;
        })()"""
    )
    return PhoneVisit(
        play_s=float(page.evaluate("window.__playAt")) / 1000,
        engine_s=float(engine or "nan"),
        answer_s=answer,
        marks={str(k): float(v) for k, v in marks.items()},
    )


def site_visits(pw: Playwright, url: str, probe: str) -> tuple[PhoneVisit, PhoneVisit]:
    """A first visit that taps a card at once, then a repeat visit in the same profile."""
    with phone_profile(pw, probe) as context:
        page = first_tab(context)
        first = phone_visit(context, page, url, tap=True)
        page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=TIMEOUT_MS,
        )
        # the first visit's page settles (its move saved) before the second tab opens
        page.wait_for_function(
            "() => !document.body.classList.contains('busy')", timeout=TIMEOUT_MS
        )
        second = context.new_page()
        page.close()
        repeat = phone_visit(context, second, url, tap=False)
    return first, repeat


def bare_visit(pw: Playwright, url: str, probe: str) -> float:
    with phone_profile(pw, probe) as context:
        page = first_tab(context)
        throttle(context, page)
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__bareAt !== undefined", timeout=TIMEOUT_MS)
        return float(page.evaluate("window.__bareAt")) / 1000


# --- the report --------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def seconds(x: float) -> str:
    return f"{x:.2f} s"


def phone_report(runs: Sequence[PhoneRun]) -> tuple[str, list[str]]:
    lines = ["| figure (phone profile) | median (runs) | budget |", "|---|---|---|"]
    missed: list[str] = []

    def row(label: str, values: Sequence[float], limit: float | None, text: str = "") -> None:
        middle = median(values)
        verdict = ""
        if limit is not None:
            ok = middle <= limit  # False for NaN
            verdict = f"{text} {'ok' if ok else 'MISSED'}"
            if not ok:
                missed.append(f"{label} {seconds(middle)} ({text})")
        each = ", ".join(seconds(v) for v in values)
        lines.append(f"| {label} | {seconds(middle)} ({each}) | {verdict} |")

    bare = median([r.bare_s for r in runs])
    row(
        "first visit: first playable table",
        [r.first.play_s for r in runs],
        BUDGET_FIRST_PLAY_S,
        f"<= {seconds(BUDGET_FIRST_PLAY_S)}",
    )
    answers = [r.first.answer_s if r.first.answer_s is not None else float("nan") for r in runs]
    row(
        "first visit: the computer's first answer to a card tapped at once",
        answers,
        BUDGET_ANSWER_S,
        f"<= {seconds(BUDGET_ANSWER_S)}",
    )
    limit = BUDGET_ENGINE_OF_BARE * bare
    row(
        "first visit: engine table",
        [r.first.engine_s for r in runs],
        limit,
        f"<= {BUDGET_ENGINE_OF_BARE}x bare ({seconds(limit)})",
    )
    row("bare Pyodide page, first load", [r.bare_s for r in runs], None)
    ratio = median([r.first.engine_s for r in runs]) / bare
    lines.append(f"| first visit: engine table / bare Pyodide | {ratio:.2f}x | |")
    row(
        "repeat visit: first playable table",
        [r.repeat.play_s for r in runs],
        BUDGET_REPEAT_PLAY_S,
        f"<= {seconds(BUDGET_REPEAT_PLAY_S)}",
    )
    row("repeat visit: engine table", [r.repeat.engine_s for r in runs], None)
    lines.append("")
    lines.append("Start-up marks (medians, ms after navigation; first / repeat visit):")
    names = sorted(
        {n for r in runs for n in r.first.marks if n.startswith(("scopa-", "webbench-"))},
        key=lambda n: median([r.first.marks[n] for r in runs if n in r.first.marks]),
    )
    for name in names:
        first = median([r.first.marks[name] for r in runs if name in r.first.marks])
        repeat = [r.repeat.marks[name] for r in runs if name in r.repeat.marks]
        again = f"{median(repeat):.0f}" if repeat else "-"
        lines.append(f"- {name}: {first:.0f} / {again} ms")
    if missed:
        lines.append("")
        lines.append(f"budgets missed ({len(missed)}): " + "; ".join(missed))
    return "\n".join(lines), missed


def phone_bench(
    site: Path, runs: int, probe: str, bare_root: Path, json_out: Path | None, check: bool
) -> int:
    """The phone profile's runs against a built site; prints the table (see the module)."""
    date = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    results: list[PhoneRun] = []
    with ExitStack() as stack:
        server = stack.enter_context(serving(site, csp=netlify_csp()))
        bare_server = stack.enter_context(serving(bare_root))
        pw = stack.enter_context(sync_playwright())
        for n in range(1, runs + 1):
            started = time.monotonic()
            first, repeat = site_visits(pw, url_of(server), probe)
            bare = bare_visit(pw, url_of(bare_server) + "index.html", probe)
            results.append(PhoneRun(first, repeat, bare))
            answer = "-" if first.answer_s is None else seconds(first.answer_s)
            print(
                f"phone run {n}: first visit playable {seconds(first.play_s)}, computer's"
                f" first answer {answer}, engine table {seconds(first.engine_s)};"
                f" repeat playable {seconds(repeat.play_s)}, engine table"
                f" {seconds(repeat.engine_s)}; bare Pyodide {seconds(bare)}"
                f" ({time.monotonic() - started:.0f} s)",
                flush=True,
            )
    table, missed = phone_report(results)
    print()
    print(
        f"A phone on mobile data, {date}: {LATENCY_MS} ms round trip,"
        f" {DOWN_BYTES_S * 8 / 1e6:.1f} Mbit/s down, {UP_BYTES_S * 8 / 1e6:.2f} up,"
        f" CPU {CPU_SLOWDOWN}x slower, {SCREEN['width']}x{SCREEN['height']} touch; {runs} runs"
    )
    print(table)
    if json_out:
        json_out.write_text(json.dumps([asdict(r) for r in results], indent=1) + "\n", "utf-8")
    if check and missed:
        print(f"webbench --phone --check: {len(missed)} budget(s) missed", file=sys.stderr)
        return 1
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--phone",
        action="store_true",
        help="the throttled phone profile (issue 28) instead of the desktop figures",
    )
