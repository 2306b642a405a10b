# The page's only way to the engine (MicroPython, main thread).
#
# The engine and the computer players run in CPython (Pyodide) in a worker
# (web/worker/engine_worker.py); every call sends JSON text and gets JSON text
# back (docs/web-api.md). The worker is started by worker/client.js before
# this page's Python runs (window.scopaEngine); this module hides how it is
# reached, and measures each call for the browser benchmark:
#
#   performance marks    scopa-<name> (start-up moments, see mark())
#   performance measures scopa-call-<function>: the round trip, with the
#                        worker's own time as detail.worker_ms (tools/webbench.py)

import asyncio
import json

from pyscript import window


def now_ms():
    return window.performance.now()


def mark(timings, name):
    """Record a start-up moment (also as a performance mark, for the benchmark and tests)."""
    timings[name] = now_ms()
    try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
        window.performance.mark("scopa-" + name)
    except Exception:
        pass


def measure_call(name, started, worker_ms):
    """A worker call as the performance measure "scopa-call-<name>"."""
    try:
        options = json.dumps({"start": started, "detail": {"worker_ms": worker_ms}})
        window.performance.measure("scopa-call-" + name, window.JSON.parse(options))
    except Exception:
        pass


class Engine:
    """The engine worker: started with the page, called with JSON text."""

    def __init__(self):
        self.worker = None  # set once the worker has answered engine_info

    @property
    def ready(self):
        return self.worker is not None

    @staticmethod
    def page_started():
        """The page's own start is drawn: a first visit's worker may start Pyodide now
        (worker/client.js go()), no longer taking the CPU from the start's tasks."""
        try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
            window.scopaEngine.go()
        except Exception:  # an older client.js: its worker was never held
            pass

    async def connect(self):
        """Wait for the worker; raise RuntimeError when the engine cannot run."""
        worker = window.scopaEngine  # worker/client.js, in the page's head
        try:
            info = json.loads(await worker.call("engine_info", None))
        except Exception as exc:  # the worker could not start (its sentence)
            raise RuntimeError(str(exc)) from exc
        if not info.get("scopa_core"):
            raise RuntimeError(info.get("scopa_core_error") or "the engine is missing")
        self.worker = worker
        return info

    async def call(self, name, arg=None, *more, measured=True):
        """Call an exported worker function with JSON text (a function of more
        arguments gets them after it); the reply as a dict ({"ok": false,
        "error": ...} when the call itself fails). `measured=False`: no performance
        measure (the clock's reports, twice a second: the timeline would only grow)."""
        while self.worker is None:
            await asyncio.sleep(0.05)
        started = now_ms()
        try:
            reply = json.loads(await self.worker.call(name, arg, *more))
        except Exception as exc:
            reply = {"ok": False, "error": str(exc)}
        if not isinstance(reply, dict):
            reply = {"ok": False, "error": "not a reply: " + str(reply)}
        if measured:
            measure_call(name, started, reply.get("ms"))
        if not reply.get("ok") and not reply.get("problem"):
            # said to the player in their language without details (i18n.error): here they are
            window.console.warn("engine " + name + ":", str(reply.get("error")))
        return reply
