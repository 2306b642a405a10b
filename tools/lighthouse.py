"""Lighthouse's default mobile run against the built site, served as a static host serves it.

    python -m tools.lighthouse [--runs 3] [--dir SITE] [--json FILE] [--keep DIR] [--check]

A phone's first visit, as the web's own measure scores it: Lighthouse 12.8.2
(a pinned npm dev dependency) drives Debian's Chromium (``CHROME_PATH``) in
its default mode, the mobile profile with simulated throttling (150 ms round
trip, 1.6 Mbit/s, a CPU 4x slower), a new profile each run. The site is
served by tools/serve.py on 127.0.0.1 with netlify.toml's
Content-Security-Policy and gzip, as Netlify sends it (raw bytes would count
15 MB where a person downloads 5). Without ``--dir`` it builds the site into a
temporary folder first (dist/ may be rebuilt by someone else meanwhile).

Prints each run and a Markdown table of the medians against the budgets of
issue 28 (docs/performance.md, "A phone's first visit"): performance score
>= 90, Largest Contentful Paint <= 2.5 s, Cumulative Layout Shift <= 0.02,
Total Blocking Time <= 200 ms, accessibility and best practices 100; and the
element Lighthouse found to be the largest paint. ``--check`` exits 1 when a
budget is missed; no test runs this (a figure of a shared machine is not a
pass/fail check), CI prints one run's table at the end of .ci/run.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tools.build import site_to_measure
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import netlify_csp, serving, url_of

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
RUN_TIMEOUT_S = 300

BUDGET_SCORE = 90.0  # performance score, at least
BUDGET_LCP_S = 2.5
BUDGET_CLS = 0.02
BUDGET_TBT_MS = 200.0
BUDGET_KEEP = 100.0  # accessibility and best practices stay at 100


@dataclass
class Run:
    performance: float
    accessibility: float
    best_practices: float
    fcp_s: float
    lcp_s: float
    cls: float
    tbt_ms: float
    speed_index_s: float
    bytes: int
    lcp_element: str
    requests: int


def audit_value(report: dict[str, Any], name: str) -> float:
    value = report["audits"].get(name, {}).get("numericValue")
    return float(value) if isinstance(value, (int, float)) else float("nan")


def lcp_element(report: dict[str, Any]) -> str:
    """The selector and a snippet of the element Lighthouse took as the largest paint."""
    details = report["audits"].get("largest-contentful-paint-element", {}).get("details") or {}
    for table in details.get("items") or []:
        for item in table.get("items") or []:
            node = item.get("node") or {}
            if node.get("selector") or node.get("snippet"):
                snippet = " ".join(str(node.get("snippet", "")).split())[:100]
                return f"{node.get('selector', '?')}  {snippet}"
    return "-"


def score(report: dict[str, Any], category: str) -> float:
    value = report["categories"].get(category, {}).get("score")
    return float(value) * 100 if isinstance(value, (int, float)) else float("nan")


def read_run(report: dict[str, Any]) -> Run:
    network = report["audits"].get("network-requests", {}).get("details", {}).get("items") or []
    return Run(
        performance=score(report, "performance"),
        accessibility=score(report, "accessibility"),
        best_practices=score(report, "best-practices"),
        fcp_s=audit_value(report, "first-contentful-paint") / 1000,
        lcp_s=audit_value(report, "largest-contentful-paint") / 1000,
        cls=audit_value(report, "cumulative-layout-shift"),
        tbt_ms=audit_value(report, "total-blocking-time"),
        speed_index_s=audit_value(report, "speed-index") / 1000,
        bytes=int(audit_value(report, "total-byte-weight")),
        lcp_element=lcp_element(report),
        requests=len(network),
    )


def lighthouse(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run (default config: mobile, simulated throttling); its JSON report."""
    if not LIGHTHOUSE.is_file():
        raise FileNotFoundError(f"{LIGHTHOUSE} is missing: run `npm ci`")
    flags = ["--headless=new", "--disable-gpu", *CHROMIUM_ARGS]
    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility,best-practices",
        f"--chrome-flags={' '.join(dict.fromkeys(flags))}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
    )
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse failed ({done.returncode}): {done.stderr[-800:]}")
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    problem = report.get("runtimeError")
    if problem:
        raise RuntimeError(f"lighthouse: {problem.get('code')}: {problem.get('message')}")
    return report


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Table:
    """The report: one row a figure, the median and the range, and the budget."""

    def __init__(self, runs: Sequence[Run]) -> None:
        self.runs = runs
        self.lines = ["| figure | median (runs) | budget |", "|---|---|---|"]
        self.missed: list[str] = []

    def row(
        self,
        label: str,
        get: Callable[[Run], float],
        fmt: Callable[[float], str],
        ok: Callable[[float], bool] | None = None,
        budget: str = "",
    ) -> None:
        values = [get(r) for r in self.runs]
        middle = median(values)
        verdict = ""
        if ok is not None:
            passed = ok(middle)  # False for NaN
            verdict = f"{budget} {'ok' if passed else 'MISSED'}"
            if not passed:
                self.missed.append(f"{label} {fmt(middle)} ({budget})")
        runs = ", ".join(fmt(v) for v in values)
        self.lines.append(f"| {label} | {fmt(middle)} ({runs}) | {verdict} |")


def report(runs: Sequence[Run]) -> tuple[str, list[str]]:
    table = Table(runs)
    pts = "{:.0f}".format
    table.row(
        "performance score", lambda r: r.performance, pts, lambda v: v >= BUDGET_SCORE, ">= 90"
    )
    table.row(
        "Largest Contentful Paint",
        lambda r: r.lcp_s,
        "{:.2f} s".format,
        lambda v: v <= BUDGET_LCP_S,
        f"<= {BUDGET_LCP_S} s",
    )
    table.row(
        "Cumulative Layout Shift",
        lambda r: r.cls,
        "{:.3f}".format,
        lambda v: v <= BUDGET_CLS,
        f"<= {BUDGET_CLS}",
    )
    table.row(
        "Total Blocking Time",
        lambda r: r.tbt_ms,
        "{:.0f} ms".format,
        lambda v: v <= BUDGET_TBT_MS,
        f"<= {BUDGET_TBT_MS:.0f} ms",
    )
    table.row("First Contentful Paint", lambda r: r.fcp_s, "{:.2f} s".format)
    table.row("Speed Index", lambda r: r.speed_index_s, "{:.2f} s".format)
    table.row("accessibility", lambda r: r.accessibility, pts, lambda v: v >= BUDGET_KEEP, "= 100")
    table.row(
        "best practices", lambda r: r.best_practices, pts, lambda v: v >= BUDGET_KEEP, "= 100"
    )
    table.row("bytes", lambda r: r.bytes / 1024, "{:,.0f} KiB".format)
    table.row("requests", lambda r: r.requests, "{:.0f}".format)
    lines = table.lines
    elements = sorted({r.lcp_element for r in runs})
    lines.append("")
    lines.append("largest paint: " + " | ".join(elements))
    if table.missed:
        lines.append("")
        lines.append(f"budgets missed ({len(table.missed)}): " + "; ".join(table.missed))
    return "\n".join(lines), table.missed


def measure(site: Path, runs: int, keep: Path | None) -> list[Run]:
    out: list[Run] = []
    with serving(site, csp=netlify_csp()) as server, tempfile.TemporaryDirectory() as folder:
        url = url_of(server)
        for n in range(1, runs + 1):
            path = (keep or Path(folder)) / f"lighthouse-{n}.json"
            run = read_run(lighthouse(url, path))
            out.append(run)
            print(
                f"run {n}: performance {run.performance:.0f}, LCP {run.lcp_s:.2f} s,"
                f" CLS {run.cls:.3f}, TBT {run.tbt_ms:.0f} ms, FCP {run.fcp_s:.2f} s,"
                f" {run.bytes / 1024:,.0f} KiB; largest paint {run.lcp_element}",
                flush=True,
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Lighthouse's mobile run against the site.")
    parser.add_argument("--runs", type=int, default=3, help="runs (default 3; medians)")
    parser.add_argument("--dir", type=Path, help="serve this built site (default: build one)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--keep", type=Path, help="keep each run's Lighthouse report here")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    args = parser.parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        site = site_to_measure(stack, args.dir)
        date = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        runs = measure(site, args.runs, args.keep)
    table, missed = report(runs)
    print()
    print(f"Lighthouse 12.8.2, mobile (simulated throttling), {date}; load average {load}")
    print(table)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=1) + "\n", "utf-8")
    if args.check and missed:
        print(f"lighthouse --check: {len(missed)} budget(s) missed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
