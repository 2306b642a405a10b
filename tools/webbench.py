"""Fast in the browser, measured: start-up, download size and think time in Chromium.

    python -m tools.webbench [--runs 5] [--moves 36] [--levels easy,normal,hard,expert]
                             [--dir SITE] [--csp] [--json FILE]

Builds the site into a temporary folder (other people's builds may replace
dist/ at any moment; ``--dir`` serves an existing build instead), serves it on
127.0.0.1 (tools/serve.py)
and drives Debian's headless Chromium (/usr/bin/chromium) through Playwright.
Every figure is the MEDIAN over the runs, with the range; times are on the
page's own clock (zero = navigation start).

- first playable table: ``body[data-phase="play"]`` with at least one card of
  the hand (``#hand button[data-card].playable``) tappable. Before the engine
  worker is ready a tap is queued and made as soon as it is (see
  docs/web-api.md); "engine table" is when the worker holds the match and the
  page has drawn its answer (the page's ``scopa-engine-table`` mark).
- first visit: a new browser profile (empty HTTP cache, no service worker), the
  URL ``?seed=N&first_dealer=1`` so that the person leads the first hand;
  repeat visit: a second tab of the same profile once the service worker
  controls it, plain URL (the saved table is drawn from localStorage).
- bytes: every response body the server sent during the first visit, until the
  service worker has precached the site (the local server does not compress:
  "gzip" is what gzip -6 makes of each file sent, i.e. what a compressing host
  would send); "unique" counts each file once.
- think time: one all-computer match per level (``?seats=cc&level=L``), the
  page drawing and animating every move as in a game; per computer move the
  round trip of the page's ``step()`` call (the page's ``scopa-call-step``
  measures) and the worker's own time (the reply's ``ms``).
- longest main-thread task: PerformanceObserver "longtask" (buffered, from an
  init script), after the table is shown until the start-up settles (engine
  table + 1.5 s), and while the computers play.
- bare Pyodide: a generated page that imports the self-hosted pyodide.mjs and
  awaits loadPyodide() and runPython("1+1"), first and second load of a new
  profile: the runtime's own start-up, to read the app's figures against.

The machine (CPU, cores, Chromium version) and the load average before and
after are printed with the table: on a shared machine absolute times follow
the load.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gzip
import json
import os
import platform
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from tools.serve import netlify_csp, serving, url_of

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
VIEWPORT = {"width": 1280, "height": 800}
TIMEOUT_MS = 180_000
THINK_TIMEOUT_MS = 900_000  # a whole hand at expert level on a loaded machine
SETTLE_MS = 1500  # start-up long tasks are watched until engine table + this
LEVELS = ("easy", "normal", "hard", "expert")
FIRST_VISIT_QUERY = "?seed={seed}&first_dealer=1"  # the person leads: a playable table

# Budgets of the issue "Fast in the browser" (docs/performance.md).
BUDGET_REPEAT_S = 1.0
BUDGET_FIRST_S = 3.0
BUDGET_GZIP_BYTES = 6_000_000
BUDGET_THINK_MS = {"hard": 300.0, "expert": 1200.0}
BUDGET_LONG_TASK_MS = 100.0

# Installed in every page before its own scripts: long tasks, and the moment
# the table first becomes playable (checked after every DOM change).
PROBE = """
(() => {
  window.__longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { window.__longtasks = null; }
  const playable = () => document.body && document.body.dataset.phase === 'play'
    && document.querySelector('#hand button[data-card].playable:not([disabled])') !== null;
  const check = () => {
    if (window.__playAt === undefined && playable()) window.__playAt = performance.now();
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'class'],
  });
})();
"""

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p id="out">loading</p>
<script type="module">
import { loadPyodide } from "./runtime/pyodide-VERSION/pyodide.mjs";
const pyodide = await loadPyodide();
const value = pyodide.runPython("1+1");
window.__bareAt = performance.now();
document.getElementById("out").textContent = String(value);
</script></body></html>
"""


# --- small helpers ---------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def load_average() -> tuple[float, float, float]:
    try:
        parts = Path("/proc/loadavg").read_text().split()
        return float(parts[0]), float(parts[1]), float(parts[2])
    except (OSError, ValueError, IndexError):
        return (float("nan"), float("nan"), float("nan"))


def cpu_model() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def chromium_version() -> str:
    try:
        out = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=30, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown Chromium"
    return out.strip().splitlines()[0] if out.strip() else "unknown Chromium"


def mb(n: float) -> str:
    return f"{n / 1_000_000:.2f} MB"


# --- bytes sent by the server ------------------------------------------------------


class Sizes:
    """Raw and gzip -6 sizes of the files under a served folder, by request path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._cache: dict[str, tuple[int, int]] = {}

    def file_of(self, request_path: str) -> Path | None:
        path = unquote(urlsplit(request_path).path).lstrip("/")
        target = self.root / path
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def of(self, request_path: str) -> tuple[int, int]:
        target = self.file_of(request_path)
        if target is None:
            return (0, 0)
        key = str(target)
        if key not in self._cache:
            data = target.read_bytes()
            self._cache[key] = (len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))
        return self._cache[key]


@dataclass
class Traffic:
    requests: int = 0
    raw: int = 0
    gzip: int = 0
    unique_raw: int = 0
    unique_gzip: int = 0
    not_modified: int = 0  # 304 answers (no body)
    repeated: list[str] = field(default_factory=list)  # files sent more than once


def traffic(log: Sequence[tuple[str, int]], sizes: Sizes) -> Traffic:
    out = Traffic()
    seen: dict[str, int] = {}
    for path, status in log:
        out.requests += 1
        if status == 304:
            out.not_modified += 1
            continue
        if status != 200:
            continue
        raw, gz = sizes.of(path)
        out.raw += raw
        out.gzip += gz
        name = urlsplit(path).path
        seen[name] = seen.get(name, 0) + 1
        if seen[name] == 1:
            out.unique_raw += raw
            out.unique_gzip += gz
    out.repeated = sorted(name for name, n in seen.items() if n > 1)
    return out


# --- browser ------------------------------------------------------------------------


@contextlib.contextmanager
def fresh_profile(pw: Playwright) -> Iterator[BrowserContext]:
    """A persistent browser context in a new, empty profile folder."""
    with tempfile.TemporaryDirectory(prefix="scopa-webbench-") as folder:
        context = pw.chromium.launch_persistent_context(
            folder,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport=VIEWPORT,  # type: ignore[arg-type]
        )
        try:
            context.add_init_script(PROBE)
            yield context
        finally:
            context.close()


def new_tab(context: BrowserContext) -> Page:
    """A new tab; the profile's first blank tab is reused."""
    for page in context.pages:
        if page.url == "about:blank":
            return page
    return context.new_page()


def long_tasks(page: Page) -> list[tuple[float, float]]:
    tasks = page.evaluate("window.__longtasks")
    return [(float(s), float(d)) for s, d in tasks or []]


def longest(tasks: Sequence[tuple[float, float]], start: float, end: float) -> float:
    """The longest task starting in [start, end] (0 if none)."""
    return max((d for s, d in tasks if start <= s <= end), default=0.0)


@dataclass
class Visit:
    play_s: float  # navigation -> first playable table
    engine_s: float  # navigation -> the engine's table drawn (scopa-engine-table)
    cached_s: float | None  # navigation -> the saved table drawn (scopa-cached-table)
    task_after_ms: float  # longest main-thread task after the table is shown
    task_before_ms: float  # longest main-thread task before (loading, first drawing)


def visit(page: Page, url: str) -> Visit:
    page.goto(url)
    page.wait_for_function(
        """window.__playAt !== undefined
           && performance.getEntriesByName('scopa-engine-table').length > 0
           || document.body.dataset.phase === 'error'""",
        timeout=TIMEOUT_MS,
        polling=50,
    )
    if page.evaluate("document.body.dataset.phase") == "error":
        raise RuntimeError(f"the app failed: {page.evaluate('document.body.innerText')[:300]}")
    engine = float(page.evaluate("performance.getEntriesByName('scopa-engine-table')[0].startTime"))
    page.wait_for_function(f"performance.now() > {engine + SETTLE_MS}", timeout=TIMEOUT_MS)
    play = float(page.evaluate("window.__playAt"))
    cached = page.evaluate(
        "(performance.getEntriesByName('scopa-cached-table')[0] || {}).startTime ?? null"
    )
    tasks = long_tasks(page)
    return Visit(
        play_s=play / 1000,
        engine_s=engine / 1000,
        cached_s=None if cached is None else float(cached) / 1000,
        task_after_ms=longest(tasks, play, engine + SETTLE_MS),
        task_before_ms=longest(tasks, 0.0, play - 1e-6),
    )


@dataclass
class StartRun:
    first: Visit
    repeat: Visit
    first_traffic: Traffic  # until the service worker controls the page
    until_play_traffic: Traffic  # until the first table was playable
    repeat_traffic: Traffic


def start_run(
    pw: Playwright, url: str, log: list[tuple[str, int]], sizes: Sizes, seed: int
) -> StartRun:
    with fresh_profile(pw) as context:
        page = new_tab(context)
        mark = len(log)
        first = visit(page, url + FIRST_VISIT_QUERY.format(seed=seed))
        until_play = traffic(log[mark:], sizes)
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=TIMEOUT_MS,
        )
        first_traffic = traffic(log[mark:], sizes)
        second = context.new_page()
        page.close()
        mark = len(log)
        repeat = visit(second, url)
        repeat_traffic = traffic(log[mark:], sizes)
    return StartRun(first, repeat, first_traffic, until_play, repeat_traffic)


@dataclass
class BareRun:
    first_s: float
    second_s: float


def bare_run(pw: Playwright, url: str) -> BareRun:
    with fresh_profile(pw) as context:
        page = new_tab(context)
        times = []
        for _ in range(2):
            page.goto(url)
            page.wait_for_function("window.__bareAt !== undefined", timeout=TIMEOUT_MS)
            times.append(float(page.evaluate("window.__bareAt")) / 1000)
    return BareRun(times[0], times[1])


@contextlib.contextmanager
def bare_site(dist: Path, pyodide_version: str) -> Iterator[Path]:
    """A temporary folder with the bare Pyodide page and dist's runtime/ linked in."""
    with tempfile.TemporaryDirectory(prefix="scopa-bare-") as folder:
        root = Path(folder)
        (root / "runtime").symlink_to((dist / "runtime").resolve(), target_is_directory=True)
        (root / "index.html").write_text(
            BARE_PAGE.replace("VERSION", pyodide_version), encoding="utf-8"
        )
        yield root


@dataclass
class ThinkRun:
    level: str
    round_trip_ms: list[float]
    worker_ms: list[float]
    task_ms: float  # longest main-thread task while the computers played
    tasks_over_50: int
    wall_s: float


STEP_MEASURES = """
performance.getEntriesByName('scopa-call-step').map(
  (m) => [m.startTime, m.duration, (m.detail || {}).worker_ms ?? null])
"""


def think_run(page: Page, url: str, level: str, moves: int, seed: int) -> ThinkRun:
    started = time.monotonic()
    page.goto(url + f"?seats=cc&level={level}&seed={seed}&first_dealer=1&fresh=1")
    while True:
        page.wait_for_function(
            f"""performance.getEntriesByName('scopa-call-step').length >= {moves}
                || ['hand-over', 'match-over', 'error'].includes(document.body.dataset.phase)""",
            timeout=THINK_TIMEOUT_MS,
            polling=250,
        )
        phase = page.evaluate("document.body.dataset.phase")
        done = page.evaluate("performance.getEntriesByName('scopa-call-step').length")
        if phase == "error":
            raise RuntimeError(f"the app failed: {page.evaluate('document.body.innerText')[:300]}")
        if done >= moves or phase == "match-over":
            break
        # hand over: deal the next one as a person would
        page.wait_for_function("!document.body.classList.contains('busy')", timeout=TIMEOUT_MS)
        page.evaluate("document.querySelector('[data-action=\"next-hand\"]').click()")
        page.wait_for_function("document.body.dataset.phase !== 'hand-over'", timeout=TIMEOUT_MS)
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=TIMEOUT_MS)
    steps = page.evaluate(STEP_MEASURES)[:moves]
    tasks = long_tasks(page)
    first = float(steps[0][0])
    end = float(page.evaluate("performance.now()"))
    watched = [d for s, d in tasks if first <= s <= end]
    return ThinkRun(
        level=level,
        round_trip_ms=[float(d) for _, d, _ in steps],
        worker_ms=[float(w) for _, _, w in steps if w is not None],
        task_ms=max(watched, default=0.0),
        tasks_over_50=sum(1 for d in watched if d > 50),
        wall_s=time.monotonic() - started,
    )


# --- the report -------------------------------------------------------------------


def verdict(value: float, budget: float) -> str:
    return "ok" if value <= budget else "MISSED"


def budget_text(value: float, budget: float, fmt: Callable[[float], str]) -> str:
    return f"<= {fmt(budget)} {verdict(value, budget)}"


def spread(values: Sequence[float], fmt: Callable[[float], str]) -> str:
    if not values:
        return "-"
    return f"{fmt(median(values))}  ({fmt(min(values))}-{fmt(max(values))})"


def seconds(x: float) -> str:
    return f"{x:.2f} s"


def millis(x: float) -> str:
    return f"{x:.0f} ms"


@dataclass
class Results:
    date: str
    machine: dict[str, str]
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    build: dict[str, int]
    runs: list[StartRun]
    bare: list[BareRun]
    think: list[ThinkRun]


def report(res: Results) -> str:
    lines: list[str] = []
    add = lines.append
    m = res.machine
    add(f"Scopa in the browser, {res.date}")
    add(f"machine: {m['nproc']} cores, {m['cpu']}; {m['chromium']}")
    before = " / ".join(f"{x:.2f}" for x in res.load_before)
    after = " / ".join(f"{x:.2f}" for x in res.load_after)
    add(f"load average (1/5/15 min): {before} before, {after} after")
    n = len(res.runs)
    add("")
    add(f"Start-up, medians of {n} runs (range)       median (min-max)          budget")
    row = "  {:<40} {:<26} {}"
    firsts = [r.first.play_s for r in res.runs]
    repeats = [r.repeat.play_s for r in res.runs]
    if res.runs:
        add(
            row.format(
                "first visit: first playable table",
                spread(firsts, seconds),
                f"<= {BUDGET_FIRST_S:.1f} s {verdict(median(firsts), BUDGET_FIRST_S)}",
            )
        )
        add(
            row.format(
                "repeat visit: first playable table",
                spread(repeats, seconds),
                f"<= {BUDGET_REPEAT_S:.1f} s {verdict(median(repeats), BUDGET_REPEAT_S)}",
            )
        )
        add(
            row.format(
                "first visit: engine table",
                spread([r.first.engine_s for r in res.runs], seconds),
                "",
            )
        )
        add(
            row.format(
                "repeat visit: engine table",
                spread([r.repeat.engine_s for r in res.runs], seconds),
                "",
            )
        )
    if res.bare:
        bare_first = [b.first_s for b in res.bare]
        bare_second = [b.second_s for b in res.bare]
        add(row.format("bare loadPyodide + 1+1, first load", spread(bare_first, seconds), ""))
        add(row.format("bare loadPyodide + 1+1, second load", spread(bare_second, seconds), ""))
        if res.runs:
            first_ratio = median([r.first.engine_s for r in res.runs]) / median(bare_first)
            repeat_ratio = median([r.repeat.engine_s for r in res.runs]) / median(bare_second)
            add(
                f"  engine table / bare Pyodide: first visit {first_ratio:.2f}x,"
                f" repeat visit {repeat_ratio:.2f}x"
            )
    if res.runs:
        add("")
        add("Longest main-thread task during start-up                              budget")
        for label, values in (
            ("first visit, after the table is shown", [r.first.task_after_ms for r in res.runs]),
            ("repeat visit, after the table is shown", [r.repeat.task_after_ms for r in res.runs]),
        ):
            add(
                row.format(
                    label,
                    spread(values, millis),
                    budget_text(median(values), BUDGET_LONG_TASK_MS, millis),
                )
            )
        for label, values in (
            ("first visit, before (loading, drawing)", [r.first.task_before_ms for r in res.runs]),
            (
                "repeat visit, before (loading, drawing)",
                [r.repeat.task_before_ms for r in res.runs],
            ),
        ):
            add(row.format(label, spread(values, millis), ""))
        add("")
        add("Download, first visit (sum of response bodies; gzip -6 of each)      budget")
        ft = [r.first_traffic for r in res.runs]
        up = [r.until_play_traffic for r in res.runs]
        rt = [r.repeat_traffic for r in res.runs]
        gz = median([t.gzip for t in ft])
        add(
            row.format(
                "until playable, raw / gzip",
                f"{mb(median([t.raw for t in up]))} / {mb(median([t.gzip for t in up]))}",
                "",
            )
        )
        add(
            row.format(
                "with the precache, raw / gzip",
                f"{mb(median([t.raw for t in ft]))} / {mb(gz)}",
                f"<= {mb(BUDGET_GZIP_BYTES)} {verdict(gz, BUDGET_GZIP_BYTES)}",
            )
        )
        add(
            row.format(
                "  each file once, raw / gzip",
                f"{mb(median([t.unique_raw for t in ft]))}"
                f" / {mb(median([t.unique_gzip for t in ft]))}",
                "",
            )
        )
        add(
            row.format(
                "  requests (304 answers)",
                f"{median([t.requests for t in ft]):.0f}"
                f" ({median([t.not_modified for t in ft]):.0f})",
                "",
            )
        )
        repeated = sorted({p for t in ft for p in t.repeated})
        if repeated:
            add(f"  sent twice: {', '.join(repeated)}")
        add(
            row.format(
                "repeat visit, raw (requests)",
                f"{mb(median([t.raw for t in rt]))} ({median([t.requests for t in rt]):.0f})",
                "",
            )
        )
        b = res.build
        add(
            f"  build: precached files + sw.js {mb(b['first_visit_bytes'])} raw,"
            f" {mb(b['first_visit_gzip'])} gzip -9 (build-info.json)"
        )
    if res.think:
        add("")
        add("Computer think time per move (round trip from the page; worker's own time)")
        add(
            "  level     moves  median     p90        max        worker median"
            "  longest task (>50 ms)  budget"
        )
        for t in res.think:
            med = median(t.round_trip_ms)
            budget = BUDGET_THINK_MS.get(t.level)
            check = f"<= {budget:.0f} ms {verdict(med, budget)}" if budget else ""
            task_check = verdict(t.task_ms, BUDGET_LONG_TASK_MS)
            add(
                f"  {t.level:<9} {len(t.round_trip_ms):>5}  {millis(med):<10} "
                f"{millis(percentile(t.round_trip_ms, 90)):<10} {millis(max(t.round_trip_ms)):<10} "
                f"{millis(median(t.worker_ms)):<14} {millis(t.task_ms):>7} ({t.tasks_over_50}) "
                f"{task_check:<6}  {check}"
            )
    return "\n".join(lines)


# --- main ---------------------------------------------------------------------------


def machine() -> dict[str, str]:
    return {
        "nproc": str(os.cpu_count() or 0),
        "cpu": cpu_model(),
        "chromium": chromium_version(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Start-up, download size and think time of the built site in Chromium."
    )
    parser.add_argument("--runs", type=int, default=5, help="start-up runs (default 5)")
    parser.add_argument(
        "--moves", type=int, default=36, help="computer moves timed per level (default 36)"
    )
    parser.add_argument(
        "--levels", default=",".join(LEVELS), help="levels to time, comma-separated ('' = none)"
    )
    parser.add_argument("--seed", type=int, default=7, help="deals of the measured matches")
    parser.add_argument(
        "--dir",
        type=Path,
        help="serve this built site as it is (default: build into a temporary folder)",
    )
    parser.add_argument("--csp", action="store_true", help="serve with netlify.toml's CSP")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args(argv)
    levels = [lv for lv in args.levels.split(",") if lv]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s): {', '.join(unknown)}")

    with contextlib.ExitStack() as stack:
        site: Path | None = args.dir
        if site is None:
            # a private build: other people's builds replace dist/ at any moment
            from tools.build import build
            from tools.build import report as build_report

            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="scopa-site-"))
            site = Path(folder) / "dist"
            build_report(build(site))
        return bench(args, site, levels)


def bench(args: argparse.Namespace, site: Path, levels: list[str]) -> int:
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    load_before = load_average()
    date = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    csp = netlify_csp() if args.csp else None
    log: list[tuple[str, int]] = []
    sizes = Sizes(site)
    runs: list[StartRun] = []
    bare: list[BareRun] = []
    think: list[ThinkRun] = []
    with (
        serving(site, csp=csp, request_log=log) as server,
        bare_site(site, info["runtimes"]["pyodide"]) as bare_root,
        serving(bare_root) as bare_server,
        sync_playwright() as pw,
    ):
        url = url_of(server)
        for run in range(1, args.runs + 1):
            r = start_run(pw, url, log, sizes, args.seed + run)
            runs.append(r)
            print(
                f"run {run}: first visit playable {r.first.play_s:.2f} s, engine"
                f" {r.first.engine_s:.2f} s; repeat playable {r.repeat.play_s:.2f} s, engine"
                f" {r.repeat.engine_s:.2f} s; long task after table {r.first.task_after_ms:.0f}"
                f" / {r.repeat.task_after_ms:.0f} ms; first visit {mb(r.first_traffic.gzip)} gzip",
                flush=True,
            )
            b = bare_run(pw, url_of(bare_server))
            bare.append(b)
            print(
                f"run {run}: bare Pyodide first {b.first_s:.2f} s, second {b.second_s:.2f} s",
                flush=True,
            )
        if levels:
            with fresh_profile(pw) as context:
                page = new_tab(context)
                for level in levels:
                    t = think_run(page, url, level, args.moves, args.seed)
                    think.append(t)
                    print(
                        f"{level}: {len(t.round_trip_ms)} moves, median"
                        f" {median(t.round_trip_ms):.0f} ms (worker {median(t.worker_ms):.0f} ms),"
                        f" longest task {t.task_ms:.0f} ms, {t.wall_s:.0f} s",
                        flush=True,
                    )
    results = Results(
        date=date,
        machine=machine(),
        load_before=load_before,
        load_after=load_average(),
        build={k: int(info[k]) for k in ("first_visit_bytes", "first_visit_gzip")},
        runs=runs,
        bare=bare,
        think=think,
    )
    print()
    print(report(results))
    if args.json:
        args.json.write_text(json.dumps(asdict(results), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
