# New versions of the app (MicroPython, main thread).
#
# sw.js precaches each build under a cache named after its content. A new
# build's service worker installs in the background and then waits (sw.js
# never skips waiting by itself). When one is waiting, a quiet bar says "A new
# version is ready" with a Reload button. Accepting posts {type: "SKIP_WAITING"}
# to the waiting worker and reloads the page once it has taken over, but never
# in the middle of a hand: then the bar says the update comes at the end of the
# hand, and it is made as soon as the hand (or match) is over. Declined, the new
# version starts the next time the app starts. The match is saved after every
# move (storage.py), so the new version continues it.

import asyncio

import lazy_files
from events import listen
from pyscript import window
from pyscript.ffi import to_js
from tasks import spawn
from views.update_bar import UpdateBar

CHECK_EVERY_S = 30 * 60  # look for a new version this often while the app stays open
REGISTER_WAIT_S = 30  # register sw.js once the engine is up, or after this long anyway
TAKEOVER_WAIT_S = 10  # reload anyway if the new worker has not taken over by then


class Updates:
    def __init__(self, manager):
        self.m = manager
        self.bar = UpdateBar(manager.i18n)
        self.registration = None
        self.ready = False  # a new version is waiting
        self.accepted = False  # the player said yes: update at the next chance
        self.reloading = False
        self.dismissed = False
        self._proxies = []

    def _listen(self, target, event, handler):
        listen(target, event, handler, self._proxies)

    async def start(self):
        """Register sw.js (offline play) and watch for new versions; never stops the game."""
        nav = window.navigator
        if not hasattr(nav, "serviceWorker"):
            return
        # Not while the page starts: installing precaches the whole site, which
        # would compete with Pyodide starting and download the runtime a second
        # time while the page is still loading it. Once the engine is up, the
        # service worker takes the runtime from the HTTP cache (sw.js).
        waited = 0
        while self.m.connecting and waited < REGISTER_WAIT_S:
            await asyncio.sleep(0.25)
            waited += 0.25
        try:
            reg = await nav.serviceWorker.register("sw.js")
        except Exception as exc:
            window.console.warn("service worker registration failed:", str(exc))
            return
        if reg is None:  # registration refused without an error (e.g. blocked by policy)
            return
        self.registration = reg
        spawn(lazy_files.keep_for_offline(self.m))  # the link's Python and the other decks
        self._listen(nav.serviceWorker, "controllerchange", self.on_controller_change)
        self._listen(reg, "updatefound", self.on_update_found)
        self.check()
        while True:
            await asyncio.sleep(CHECK_EVERY_S)
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                await reg.update()
            except Exception:
                pass

    def on_update_found(self, event):
        worker = self.registration.installing
        if worker is not None:
            self._listen(worker, "statechange", lambda e: self.check())

    def check(self):
        reg = self.registration
        if reg is None or reg.waiting is None:
            return
        if window.navigator.serviceWorker.controller is None:
            return  # the first install: nothing older runs
        if not self.ready:
            self.ready = True
            self.show()

    # -- the bar --------------------------------------------------------------------
    def mid_hand(self):
        v = self.m.view
        return v is not None and v.get("phase") == "play" and v.get("moves_in_hand", 0) > 0

    def show(self):
        if self.dismissed and not self.accepted:
            return
        if self.reloading:
            text, buttons = "update.reloading", []
        elif self.accepted:
            text, buttons = "update.pending", [("update-later", "btn.cancel", False)]
        elif self.mid_hand():
            text = "update.ready_hand"
            buttons = [
                ("update-now", "btn.update_at_end", True),
                ("update-later", "btn.later", False),
            ]
        else:
            text = "update.ready"
            buttons = [("update-now", "btn.reload", True), ("update-later", "btn.later", False)]
        state = "reloading" if self.reloading else ("pending" if self.accepted else "ready")
        self.bar.show(state, text, buttons)

    def hide(self):
        self.bar.hide()

    def handlers(self):
        return {"update-now": lambda el: self.accept(), "update-later": lambda el: self.decline()}

    def accept(self):
        self.accepted = True
        self.dismissed = False
        if self.mid_hand():
            self.show()  # "it will be installed at the end of this hand"
        else:
            self.go()

    def decline(self):
        self.accepted = False
        self.dismissed = True
        self.hide()

    def after_view(self, view):
        """Called after every view is drawn: a hand just ended, so update now if accepted."""
        if self.ready and not self.reloading:
            if self.accepted and not self.mid_hand():
                self.go()
            elif not self.dismissed:
                self.show()  # the wording follows the hand

    # -- taking the update ----------------------------------------------------------------
    def go(self):
        if self.reloading:
            return
        self.reloading = True
        self.show()
        reg = self.registration
        waiting = reg.waiting if reg is not None else None
        if waiting is None:
            window.location.reload()
            return
        waiting.postMessage(to_js({"type": "SKIP_WAITING"}))
        spawn(self.reload_later())

    def on_controller_change(self, event):
        if self.reloading:
            window.location.reload()

    async def reload_later(self):
        await asyncio.sleep(TAKEOVER_WAIT_S)
        window.location.reload()
