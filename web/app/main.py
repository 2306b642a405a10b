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

import asyncio

from tasks import spawn


async def next_task():
    """Let the browser run before what follows. A timer: asyncio.sleep(0) does not
    leave MicroPython's loop, so it would not end the browser's task."""
    await asyncio.sleep(0.001)


async def boot():
    """The page's start in tasks of a few tens of ms each, none near the 100 ms
    budget even on a busy phone: PyScript's own set-up (its Python package,
    compiled from source) runs in the task before this one, the imports and the
    objects in one, the first drawing in the next (docs/performance.md step 18)."""
    try:
        await next_task()
        import page

        await next_task()
        page.start()
    except Exception as exc:  # a broken build or browser: say so instead of "Loading…"
        could_not_start(exc)


def could_not_start(exc):
    import sys

    from pyscript import window

    sys.print_exception(exc)
    window.scopaCouldNotStart(str(exc))  # web/pyscript-strict.mjs: the sentence, the phase


spawn(boot())
