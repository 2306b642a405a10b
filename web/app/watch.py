# Watch mode (MicroPython, main thread): computers only, at the levels and the
# table size of the new-match form, one move at a time, with pause, step and
# speed, and every hand face up if wanted. Each move comes with the options the
# moving computer had, ranked by the coach from that seat's own view (the
# worker's watch_step, docs/web-api.md). The watched match is the worker's own,
# apart from the player's: nothing of it is saved, and the match in progress is
# there again when the dialog closes. Reached from the new-match form
# (data-action="watch"). A seat's level can be changed as it plays (the level
# button of its row, round the four levels), from its next move on.

import asyncio
import json

from i18n import LEVELS
from tasks import spawn
from views.dialogs import close_dialog

#: seconds between two moves at each speed (a hand's count stays three times longer)
DELAYS = {"slow": 2.5, "normal": 1.2, "fast": 0.35}
#: the ranking's budget: the review's, so that a move is ranked within a second or so
RANK_BUDGET = 20000


class WatchFlow:
    def __init__(self, manager):
        from views.watch import WatchView

        self.m = manager
        self.ui = WatchView(manager.i18n, manager.ui.art)
        self.settings = None
        self.reply = None
        self.error = ""
        self.state = {"mode": "paused", "speed": "normal", "face_up": True, "busy": False}
        self.run = 0  # names the watched match: a loop of an older one stops
        self.looping = False
        self.calls = 0  # worker calls under way (a step, a level changed)

    def handlers(self):
        return {
            "watch": lambda el: self.start(),
            "watch-again": lambda el: self.begin(),
            "watch-pause": lambda el: self.pause(),
            "watch-play": lambda el: self.play(),
            "watch-step": lambda el: self.step(),
            "watch-speed": lambda el: self.speed(el),
            "watch-face": lambda el: self.face(),
            "watch-level": lambda el: self.level(el),
        }

    def start(self):
        """From the new-match form: its settings, every seat a computer."""
        self.settings = self.m.ui.settings.read()
        close_dialog("dlg-settings")
        self.begin()

    def begin(self):
        self.run += 1
        self.reply = None
        self.error = ""
        self.state["mode"] = "playing"
        self.draw()
        spawn(self.open(self.run))

    async def open(self, run):
        reply = await self.call(run, "watch_start", json.dumps(self.settings or {}))
        if reply is not None and reply.get("ok"):
            spawn(self.loop(run))

    def draw(self):
        self.ui.show(self.reply, self.state, self.m.ui.count, self.error)

    async def call(self, run, name, arg):
        """A worker call for the watched match ``run``; its reply drawn (None: dropped)."""
        self.calls += 1
        self.state["busy"] = True
        self.ui.busy(True)
        try:
            reply = await self.m.call(name, arg)
        finally:
            self.calls -= 1
            self.state["busy"] = self.calls > 0
            self.ui.busy(self.calls > 0)
        if run != self.run or not self.ui.is_open():
            return None
        if reply.get("ok"):
            self.reply = reply
            self.error = ""
            if (reply.get("view") or {}).get("phase") == "match-over":
                self.state["mode"] = "over"
        else:
            self.error = self.m.i18n.t("watch.failed", error=self.m.i18n.error(reply))
            self.state["mode"] = "paused"
        self.draw()
        return reply

    async def loop(self, run):
        if self.looping:
            return
        self.looping = True
        try:
            while run == self.run and self.state["mode"] == "playing" and self.ui.is_open():
                await asyncio.sleep(self.delay())
                if run != self.run or self.state["mode"] != "playing" or not self.ui.is_open():
                    return
                await self.call(run, "watch_step", json.dumps({"budget": RANK_BUDGET}))
        finally:
            self.looping = False

    def delay(self):
        base = DELAYS.get(self.state["speed"], DELAYS["normal"])
        phase = ((self.reply or {}).get("view") or {}).get("phase")
        return base * 3 if phase == "hand-over" else base

    # -- the controls -------------------------------------------------------------------
    def pause(self):
        if self.state["mode"] == "playing":
            self.state["mode"] = "paused"
            self.draw()

    def play(self):
        if self.state["mode"] == "paused" and self.reply is not None:
            self.state["mode"] = "playing"
            self.draw()
            spawn(self.loop(self.run))

    def step(self):
        """Paused: exactly one move (or the next deal)."""
        if self.state["mode"] == "paused" and not self.state["busy"] and self.reply is not None:
            spawn(self.call(self.run, "watch_step", json.dumps({"budget": RANK_BUDGET})))

    def speed(self, el):
        name = el.dataset.speed if el is not None else None
        if name in DELAYS:
            self.state["speed"] = name
            self.draw()

    def level(self, el):
        """A seat's level, the next one round (easy, normal, hard, expert), from its next move."""
        view = (self.reply or {}).get("view") or {}
        if el is None or not view or self.state["mode"] == "over":
            return
        seat = int(el.getAttribute("data-seat"))
        now = ((view.get("seats") or [])[seat] or {}).get("level", "normal")
        after = LEVELS[(LEVELS.index(now) + 1) % len(LEVELS)] if now in LEVELS else "normal"
        spec = json.dumps({"seat": seat, "level": after})
        spawn(self.call(self.run, "watch_level", spec))

    def face(self):
        self.state["face_up"] = not self.state["face_up"]
        self.draw()
