# The per-move deadline in local play (MicroPython, main thread): the game's
# wiring of clock.py. GameManager.set_phase calls follow() after every phase
# change; follow() reads the table view and the phase (clock.clock_for):
#
# - a person to move, hand shown, phase "play": the countdown runs; a new
#   position (the view's key) or another seat starts it, from the whole deadline
#   less the time the engine says is used already (the view's `time_used`). In
#   hot-seat it starts once the pass screen is dismissed, when that person can
#   see their hand. The computer is never timed.
# - "thinking" on the same position (the person's move on its way, the sweep
#   warning asking the engine): paused, and resumed if the move did not go.
# - the page hidden (another app, the phone locked): paused until it is shown
#   again -- nobody loses by switching apps, the time left is kept.
# - the time used is the engine's to keep: while the countdown runs, and when it
#   stops, the page tells the worker (clock_used, at most every REPORT_MS), which
#   checks it (this position, its seat to move, 0 to the deadline, never less than
#   before) and answers with what it kept; the page saves that (scopa.v1.clock).
#   A reload hands it back to the worker once the match is restored (checked
#   again: this match, this position), and the person to move goes on from the
#   time left, not the whole deadline (the time the page was away not counted:
#   a closed page is a hidden one). The table drawn before that is tappable, but
#   untimed.
#
# At 0 the worker's timeout(seat) ends the match against that seat's side
# (refused, and nothing changes, when the position has moved on meanwhile).
#
# With friends on other devices (linking.py) every device shows the countdown
# of the seat to move, friends' seats included, started when its page draws
# the position. The host's engine is the referee: only the host's page calls
# timeout and reports the time used, for its own people and its friends' seats
# alike; a guest's clock shows 0:00 and waits for the host's end. A paused match
# (a channel lost, <body data-link="lost">) stops the clock on every device, the
# time left kept: once paired again it runs on from there. The host sends each
# guest the time used with every position and when a pause begins or ends (a
# guest that reloads or pairs again included: the `clock` message), and a
# guest's clock takes it as it is, so every device shows the same time left; a
# host that reloads gets it back from its save as above. A hidden page does NOT
# pause it in remote play: the others are waiting, and a player must not be able
# to stall them forever by switching apps (a hidden page's timers are slowed, so
# its countdown may end late, never early).

import json

from clock import Clock, clock_for, warn_at
from engine import now_ms
from events import listen
from names import seat_name
from narration import end_text
from pyscript import document, window
from tasks import spawn

CLOCK_KEY = "scopa.v1.clock"  # the time used on the position to move, as the engine kept it
REPORT_MS = 500  # how often a running countdown's time used is told to the engine


class MoveClock:
    def __init__(self, manager):
        self.m = manager
        self.clock = Clock(now_ms, self.expired, self.draw)
        self.warned = False  # the warning was announced for this countdown
        self._view = None  # views/clock.py, made the first time a countdown is shown
        self.restored = None  # the time used the engine took back at start-up (restore_used)
        self.synced = 0  # a guest: the host's count of the time used it last took
        self.reported = (None, -1)  # (key, used_ms) last told to the engine
        self.reported_at = 0.0
        self.reporting = False
        self.again = False  # a report forced while another was on its way
        self._proxies = []
        listen(document, "visibilitychange", lambda event: self.follow(), self._proxies)

    def follow(self):
        """Run, pause or stop the countdown for the page as it is now."""
        view = self.m.view
        phase = document.body.dataset.phase
        clock = self.clock
        key = view.get("key") if view is not None else None
        # nobody's time runs before the engine holds the match (it could not take the move)
        due = None if self.m.connecting else clock_for(view, phase)
        if due is None:
            if phase == "thinking" and clock.key == key and clock.state in ("running", "paused"):
                clock.pause()  # kept as it is (a paused one too: stopped, it would start again)
            elif not (clock.state == "expired" and clock.key == key):
                clock.stop()
            return
        seat, seconds = due
        link = getattr(self.m, "link", None)  # made after the clock
        linked = link is not None and link.role is not None
        used = view.get("time_used") or 0  # the engine's count (a guest's: the host's)
        if clock.key != key or clock.seat != seat or clock.state == "off":
            self.warned = False
            restored = self.restored
            self.restored = None  # for the first countdown after a reload only
            if restored is not None and restored.get("key") == key:
                used = max(used, restored.get("used_ms") or 0)
            clock.start(seat, seconds, key, running=False, used_ms=used)
            self.synced = used
        elif linked and link.role == "guest" and used != self.synced:
            self.synced = used  # the host's count after a pause or a reconnect: it is the referee
            clock.set_used(used)
        if linked and link.paused():
            clock.pause()  # the time left is kept: it runs on from there once paired
        elif document.hidden and not linked:
            clock.pause()
        else:
            clock.resume()
        self.report(force=True)

    def draw(self, clock):
        view = self.m.view
        if clock.state == "off" or view is None:
            if self._view is not None:
                self._view.hide()
            return
        if self._view is None:
            from views.clock import ClockView

            self._view = ClockView(self.m.i18n)
        left = clock.left_s()
        name = seat_name(view, clock.seat, self.m.i18n)
        other = view.get("to_move_kind") == "remote"  # drawn by this person's line: named
        self._view.show(name, clock.seat, left, clock.total, clock.state, other)
        self.report()
        if clock.state == "running" and not self.warned and 0 < left <= warn_at(clock.total):
            self.warned = True
            self.m.ui.notices.announce(self.m.i18n.t("clock.say_left", name=name, n=left))

    # -- the time used, kept by the engine ------------------------------------------------
    def report(self, force=False):
        """Tell the engine the time used on this position (the referee's page only: the
        host's or a match on this device), at most every REPORT_MS while it runs."""
        clock, m = self.clock, self.m
        link = getattr(m, "link", None)
        if clock.state == "off" or m.connecting or link is None:
            return
        if self.reporting:
            self.again = self.again or force  # told once the one on its way is answered
            return
        if link.role == "guest" or not m.tabs.drives():
            return
        used = clock.used_ms()
        if (clock.key, used) == self.reported or used <= 0:
            return
        if not force and now_ms() - self.reported_at < REPORT_MS:
            return
        self.reported, self.reported_at = (clock.key, used), now_ms()
        self.reporting = True
        spawn(self._tell({"seat": clock.seat, "key": clock.key, "used_ms": used}))

    async def _tell(self, spec):
        try:
            reply = await self.m.engine.call("clock_used", json.dumps(spec), measured=False)
        finally:
            self.reporting = False
        if self.again:  # the clock stopped meanwhile: the time used as it stands now
            self.again = False
            self.report(force=True)
        if not reply.get("ok"):
            return  # the position moved on meanwhile: nothing changed
        try:
            window.localStorage.setItem(CLOCK_KEY, json.dumps(reply.get("clock")))
        except Exception as exc:
            window.console.warn("clock: not saved:", str(exc))

    async def restore_used(self):
        """At start-up, once the worker holds the match: the time used it kept before
        the reload, handed back to it (it checks that it is this match's, for this
        position); the countdown then starts from the time left."""
        if getattr(self.m, "link", None) is not None and self.m.link.role == "guest":
            return  # a guest's time used comes from the host
        try:
            saved = window.localStorage.getItem(CLOCK_KEY)
        except Exception:
            saved = None
        if not saved:
            return
        reply = await self.m.engine.call("clock_used", saved)
        if reply.get("ok"):
            self.restored = reply.get("clock")

    # -- out of time ------------------------------------------------------------------
    def expired(self, seat, key):
        if self.m.link.role == "guest":
            return  # the host's page is the referee: its end message ends the match here
        self.m.launch(self.time_out(seat, key))

    async def time_out(self, seat, key):
        m = self.m
        await m.acquire()
        try:
            view = m.view
            if view is None or view.get("key") != key or view.get("to_move") != seat:
                return  # a move was made meanwhile: the clock follows the new position
            if not await m.up_to_date(acted=False):
                return
            reply = await m.call("timeout", str(seat))
            if not reply.get("ok"):
                m.ui.notices.toast(m.i18n.error(reply))
            elif await m.apply(reply, animate=False, acted=False):
                m.ui.notices.announce(end_text(m.view, m.i18n))
        finally:
            m.busy = False
        await m.advance()
