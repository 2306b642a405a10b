"""Playing a friend on another device, measured (issue 16): two Chromium contexts
on this machine pair through the page's own dialogs and play moves over WebRTC.

    python -m tools.linkbench [--pairings 3] [--moves 20] [--dir dist]

Serves an existing build (``python -m tools.build`` first) on 127.0.0.1 and
drives Debian's headless Chromium through Playwright, with no ICE server (the
default: every candidate is an address of this machine). A benchmark, not a
test; it prints:

- pairing: from the host entering the second code (the guest's answer: the
  click on Connect) to the first table drawn on each device
  (``body[data-link="connected"]``, three cards in the hand, not busy), and on
  both; median and range over ``--pairings`` fresh pairs of pages.
- a move's round trip: from the tap that makes a move on one device to the
  other device showing the next seat to move, drawn and not busy; median and
  95th percentile over ``--moves`` moves of the last pairing (both directions).

Times are Date.now() of the pages (one machine, one clock).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import DIST, serving, url_of

TIMEOUT_MS = 120_000

# Each page notes when its first table is drawn, and when a seat to move shows.
WATCH = """
(() => {
  window.__drawn = null;
  window.__seat = {want: null, at: null};
  setInterval(() => {
    const body = document.body;
    if (!body) return;
    const idle = !body.classList.contains('busy') && body.dataset.phase === 'play';
    const cards = document.querySelectorAll('[data-zone="hand"] [data-card]').length;
    if (window.__drawn === null && body.dataset.link === 'connected' && idle && cards)
      window.__drawn = Date.now();
    const s = window.__seat;
    if (s.want !== null && s.at === null && idle && body.dataset.seatToMove === s.want)
      s.at = Date.now();
  }, 2);
})();
"""


def page_of(browser: Browser, base: str) -> Page:
    context = browser.new_context(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(base + "?fresh=1&sweep=0")
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT_MS)
    return page


def code_of(page: Page) -> str:
    out = page.locator('#dlg-pair [data-pairing="out"]')
    out.wait_for(timeout=TIMEOUT_MS)
    return out.inner_text()


def paste(page: Page, code: str) -> None:
    page.locator('#dlg-pair [data-pairing="in"]').fill(code)
    page.locator('#dlg-pair [data-action="pair"]').click()


def pair(host: Page, guest: Page) -> dict[str, float]:
    """Pair through the dialogs; ms from the second code entered to each first table."""
    host.locator('[data-action="new"]').click()
    host.locator('[data-action="friend"]').click()
    host.locator('#dlg-settings [data-action="start"]').click()
    invitation = code_of(host)
    guest.locator('[data-action="new"]').click()
    guest.locator('[data-action="join"]').click()
    paste(guest, invitation)
    answer = code_of(guest)
    host.locator('#dlg-pair [data-pairing="in"]').fill(answer)
    started = float(host.evaluate("Date.now()"))
    host.locator('#dlg-pair [data-action="pair"]').click()
    drawn = "() => window.__drawn !== null"
    for page in (host, guest):
        page.wait_for_function(drawn, timeout=TIMEOUT_MS, polling=10)
    at_host = float(host.evaluate("window.__drawn")) - started
    at_guest = float(guest.evaluate("window.__drawn")) - started
    return {"host": at_host, "guest": at_guest, "both": max(at_host, at_guest)}


def view(page: Page) -> dict[str, Any]:
    reply: dict[str, Any] = page.evaluate(
        "async () => JSON.parse(await window.scopaEngine.call('link_view'))"
    )
    return reply["view"] or {}


def one_move(pages: list[Page]) -> float | None:
    """The move of the device to play: ms until the other shows its next seat."""
    for page in pages:
        page.wait_for_function(
            "() => !document.body.classList.contains('busy')", timeout=TIMEOUT_MS
        )
    views = [view(p) for p in pages]
    if any(v.get("phase") != "play" for v in views):
        return None
    mover = next(i for i, v in enumerate(views) if v["viewer"] == v["to_move"])
    me, other = pages[mover], pages[1 - mover]
    v = views[mover]
    me.wait_for_function(
        "(s) => document.body.dataset.seatToMove === String(s)"
        " && document.body.dataset.phase === 'play'",
        arg=v["to_move"],
        timeout=TIMEOUT_MS,
    )
    next_seat = str((v["to_move"] + 1) % len(v["seats"]))
    other.evaluate("(s) => { window.__seat = {want: s, at: null}; }", next_seat)
    card = v["hand"][0]
    take = v["moves"][card]["moves"][0]["take"]
    started = float(me.evaluate("Date.now()"))
    me.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
    for code in take:
        if not me.evaluate("document.body.classList.contains('choosing')"):
            break
        me.locator(f'[data-zone="table"] [data-card="{code}"]').click()
    other.wait_for_function("() => window.__seat.at !== null", timeout=TIMEOUT_MS, polling=5)
    return float(other.evaluate("window.__seat.at")) - started


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairings", type=int, default=3)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--dir", type=Path, default=DIST)
    options = parser.parse_args()
    pairings: list[dict[str, float]] = []
    trips: list[float] = []
    with serving(options.dir) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        base = url_of(server)
        for _ in range(options.pairings):
            host, guest = page_of(browser, base), page_of(browser, base)
            pairings.append(pair(host, guest))
            if len(pairings) == options.pairings:
                while len(trips) < options.moves:
                    trip = one_move([host, guest])
                    if trip is None:
                        break
                    trips.append(trip)
            host.context.close()
            guest.context.close()
        browser.close()
    for key in ("host", "guest", "both"):
        values = [p[key] for p in pairings]
        print(
            f"second code -> first table ({key}): median {statistics.median(values):.0f} ms"
            f" (range {min(values):.0f}-{max(values):.0f}, {len(values)} pairings)"
        )
    if trips:
        print(
            f"move round trip: median {statistics.median(trips):.0f} ms,"
            f" p95 {p95(trips):.0f} ms ({len(trips)} moves)"
        )


if __name__ == "__main__":
    main()
