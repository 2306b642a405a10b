# Page driver (MicroPython on the main thread). It shows state and forwards
# the player's actions; every game rule is decided by the engine worker.
import json

from pyscript import document, window, workers


def set_phase(phase):
    document.body.dataset.phase = phase


def set_status(text):
    document.getElementById("status").textContent = text


async def register_service_worker():
    """Register sw.js; see docs in web/sw.js for the update hook."""
    nav = window.navigator
    if not hasattr(nav, "serviceWorker"):
        return
    try:
        await nav.serviceWorker.register("sw.js")
    except Exception as exc:  # offline-first is a bonus, never a reason to fail
        window.console.warn("service worker registration failed:", str(exc))


async def start():
    await register_service_worker()
    set_status("Starting the engine…")
    engine = await workers["engine"]
    info = json.loads(await engine.engine_info())
    box = document.getElementById("engine-info")
    box.textContent = json.dumps(info)
    box.hidden = False
    if info["scopa_core"]:
        set_status("Ready: Python " + info["python"] + " with scopa_core.")
    else:
        set_status("Python " + info["python"] + " is running, but scopa_core is missing.")
    set_phase("play")


try:
    await start()  # noqa: F704 -- PyScript runs this module with top-level await
except Exception as exc:
    set_status("Could not start: " + str(exc))
    set_phase("error")
    raise
