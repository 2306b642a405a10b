# The per-move deadline in local play (MicroPython, main thread): the game's
# wiring of clock.py. GameManager.set_phase calls follow() after every phase
# change; follow() reads the table view and the phase (clock.clock_for):
#
# - a person to move, hand shown, phase "play": the countdown runs; a new
#   position (the view's key) or another seat starts it afresh, from the whole
#   deadline. In hot-seat it starts once the pass screen is dismissed, when
#   that person can see their hand. The computer is never timed.
# - "thinking" on the same position (the person's move on its way, the sweep
#   warning asking the engine): paused, and resumed if the move did not go.
# - the page hidden (another app, the phone locked): paused until it is shown
#   again -- nobody loses by switching apps, the time left is kept.
# - a reload restores the match, and the person to move gets the whole
#   deadline again (the time used is not saved), from when the engine holds
#   the match: the table drawn before that is tappable, but untimed.
#
# At 0 the worker's timeout(seat) ends the match against that seat's side
# (refused, and nothing changes, when the position has moved on meanwhile).
#
# With friends on other devices (linking.py) every device shows the countdown
# of the seat to move, friends' seats included, started when its page draws
# the position. The host's engine is the referee: only the host's page calls
# timeout, for its own people and its friends' seats alike; a guest's clock
# shows 0:00 and waits for the host's end. A paused match (a channel lost,
# <body data-link="lost">) stops the clock on every device, and it starts
# afresh from the whole deadline once the players have paired again. A hidden
# page does NOT pause it in remote play: the others are waiting, and a player
# must not be able to stall them forever by switching apps (a hidden page's
# timers are slowed, so its countdown may end late, never early).

from clock import Clock, clock_for, warn_at
from engine import now_ms
from events import listen
from names import seat_name
from narration import end_text
from pyscript import document


class MoveClock:
    def __init__(self, manager):
        self.m = manager
        self.clock = Clock(now_ms, self.expired, self.draw)
        self.warned = False  # the warning was announced for this countdown
        self._view = None  # views/clock.py, made the first time a countdown is shown
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
            if phase == "thinking" and clock.key == key and clock.state == "running":
                clock.pause()
            elif not (clock.state == "expired" and clock.key == key):
                clock.stop()
            return
        seat, seconds = due
        if clock.key != key or clock.seat != seat or clock.state == "off":
            self.warned = False
            clock.start(seat, seconds, key, running=False)
        link = getattr(self.m, "link", None)  # made after the clock
        linked = link is not None and link.role is not None
        if linked and link.paused():
            clock.start(seat, seconds, key, running=False)  # the whole deadline once paired
        elif document.hidden and not linked:
            clock.pause()
        else:
            clock.resume()

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
        if clock.state == "running" and not self.warned and 0 < left <= warn_at(clock.total):
            self.warned = True
            self.m.ui.notices.announce(self.m.i18n.t("clock.say_left", name=name, n=left))

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
