# Page driver (MicroPython on the main thread): page.py makes the page's objects
# and wires them together. The page shows state and forwards the player's actions;
# every game rule is decided by the engine worker (worker/engine_worker.py,
# Pyodide). docs/page.md maps the modules:
#
#   game_manager.py  the flow: start-up, moves, computer turns, phases
#   chooser.py       taps and keys that choose a move (selection.py matches them)
#   dragging.py      a hand card dragged onto the table (drops.py reads the drop)
#   feel.py          the sound switch and the pace of the computers' moves
#   opening.py       what the page starts with: the saved match, a link, a dealt table
#   engine.py        the engine worker, called with JSON text
#   screens.py       the screens (views/), made when first shown; motion.py animates
#   actions.py       data-action names and who handles them; input.py, keys.py route
#   saves.py         unreadable saved data, export/import, statistics (their flow)
#   updates.py       the service worker: a new version is installed between hands
#   preferences.py   language and deck style; toolbar.py the toolbar's More menu
#   storage.py, durable.py, stats.py   what is kept on the device
#   i18n.py, strings/*.json, names.py, narration.py   the words

import json
import time

from tasks import next_task, spawn

#: the longest the start runs in one browser task before it lets the browser in: by
#: the clock, not by a count of modules, so that a slower phone, or a busy one,
#: gets shorter slices of the same work. Lighthouse counts any task over 50 ms as
#: blocking, each four times as long as measured: 5 ms and the task's own cost stay
#: under it (10 ms did not, on a busy machine)
SLICE_MS = 5


def mark(name):
    from pyscript import window

    window.performance.mark(name)


def start_modules():
    """The modules page.py's start imports, in order (start.json, tools/page_start.py)."""
    try:
        with open("start.json") as handle:
            return json.loads(handle.read())
    except Exception:  # without it they are imported with page.py, as they always can be
        return []


async def boot():
    """The page's start in short tasks, none near 50 ms even on a phone four times
    slower than a desktop (docs/performance.md, "A phone's first visit"): the
    modules, as many to a task as SLICE_MS allows, then page.py, which makes the
    objects, then the start itself. PyScript's own set-up runs in the task before
    this one."""
    try:
        await next_task()
        began = time.ticks_ms()
        for name in start_modules():
            __import__(name)
            if time.ticks_diff(time.ticks_ms(), began) >= SLICE_MS:
                await next_task()
                began = time.ticks_ms()
        await next_task()
        mark("scopa-imported")
        import page

        mark("scopa-made")  # the page's objects (tools/webbench.py's breakdown)
        await next_task()
        page.start()
    except Exception as exc:  # a broken build or browser: say so instead of "Loading…"
        could_not_start(exc)


def could_not_start(exc):
    import sys

    from pyscript import window

    sys.print_exception(exc)
    # web/pyscript-strict.mjs: a plain sentence and the phase; the text to the console only
    window.scopaCouldNotStart(str(exc))


spawn(boot())
