# The move clock (MicroPython on the page; CPython in the tests): a countdown
# for one seat's move, knowing nothing of the game but a seat, a number of
# seconds and a key naming the position it runs for. The game's wiring
# (move_clock.py: local play; a remote seat's the same way) decides when it
# runs, from the table view (`clock_for`), and what happens when it runs out.
#
#   clock = Clock(now_ms, on_expire, on_change)
#   clock.start(seat, seconds, key)   a countdown (running unless running=False), from
#                                     the whole deadline or, with used_ms, from what is left
#   clock.pause() / clock.resume()    kept / counted again from where it stopped
#   clock.set_used(ms)                the referee's count of the time used when the
#                                     countdown last ran again (a guest, after a pause)
#   clock.used_ms()                   the time used so far (the referee's page reports it)
#   clock.stop()                      no countdown
#   clock.state                       "off" | "running" | "paused" | "expired"
#   clock.seat, .key, .total, .left_s()
#
# on_expire(seat, key) is called once, when a running countdown reaches 0;
# on_change(clock) after every change and on each tick (the view draws it).
# The time left is measured against `now` (milliseconds), never counted in
# ticks, so a late tick (a busy page) never stretches anyone's time.

import asyncio

from tasks import spawn

TICK_S = 0.2  # how often a running countdown is looked at (and drawn)


def clock_for(view, phase):
    """(seat, seconds) when the seat to move is on the clock, else None: the match
    has a deadline, the page is in the play phase (not while a move is on its way
    or a computer thinks), and that seat is a person whose hand is shown (in
    hot-seat: once they said they hold the device) or a friend on another device."""
    if view is None or phase != "play":
        return None
    deadline = (view.get("settings") or {}).get("deadline")
    if not isinstance(deadline, int) or isinstance(deadline, bool) or deadline <= 0:
        return None
    seat = view.get("to_move")
    if seat is None or view.get("to_move_kind") == "computer":
        return None
    seats = view.get("seats") or []
    if isinstance(seat, int) and 0 <= seat < len(seats) and seats[seat].get("plays") == "computer":
        return None  # a guest's table: the host's computer, which has no clock either
    if view.get("pass_to") is not None:
        return None
    return (seat, deadline)


def warn_at(total):
    """Seconds left at which the person is told (screen readers; the clock turns red)."""
    return 10 if total > 20 else total // 2


def clock_text(seconds):
    """0:27, 2:00, 1:00:00 (a day's deadline reads as hours)."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class Clock:
    def __init__(self, now, on_expire, on_change=None):
        self.now = now  # milliseconds (performance.now on the page)
        self.on_expire = on_expire
        self.on_change = on_change
        self.state = "off"
        self.seat = None
        self.key = None
        self.total = 0
        self._ends = 0.0  # now() at which a running countdown reaches 0
        self._left = 0.0  # ms left, while paused
        self._resumed = 0.0  # now() when it last started running
        self._run_no = 0  # a new number for each run: an older loop stops by itself

    def start(self, seat, seconds, key=None, running=True, used_ms=0):
        """A countdown of `seconds` for `seat` (`key`: the position it is for), of which
        `used_ms` are used already (carried over a reload, a pause or a reconnect)."""
        self._run_no += 1
        self.seat, self.key, self.total = seat, key, seconds
        self._left = max(0.0, seconds * 1000.0 - used_ms)
        self.state = "paused"
        if running:
            self.resume()
        else:
            self._changed()

    def stop(self):
        if self.state != "off":
            self._run_no += 1
            self.state = "off"
            self.seat = self.key = None
            self._changed()

    def pause(self):
        if self.state == "running":
            self._run_no += 1
            self._left = max(0.0, self._ends - self.now())
            self.state = "paused"
            self._changed()

    def resume(self):
        if self.state == "paused":
            self._run_no += 1
            self._resumed = self.now()
            self._ends = self._resumed + self._left
            self.state = "running"
            spawn(self._run(self._run_no))

    def set_used(self, used_ms):
        """The time used was `used_ms` when this countdown last started or resumed (the
        referee's count when a pause ended, told to a guest: its own time since then
        still counts)."""
        left = max(0.0, self.total * 1000.0 - used_ms)
        if self.state == "running":
            self._ends = self._resumed + left
        elif self.state == "paused":
            self._left = left
        self._changed()

    def used_ms(self):
        """The time used so far of the countdown, in whole milliseconds."""
        if self.state == "off":
            return 0
        return int(self.total * 1000 - self.left_ms())

    def left_ms(self):
        if self.state == "running":
            return max(0.0, self._ends - self.now())
        if self.state == "paused":
            return self._left
        return 0.0

    def left_s(self):
        """Whole seconds left, rounded up: 0 only once the time is over."""
        return (int(self.left_ms()) + 999) // 1000

    def tick(self):
        """Look at a running countdown: drawn, or run out (on_expire, once)."""
        if self.state != "running":
            return
        if self.left_ms() > 0:
            self._changed()
            return
        self._run_no += 1
        self.state = "expired"
        self._changed()
        self.on_expire(self.seat, self.key)

    async def _run(self, run_no):
        while run_no == self._run_no and self.state == "running":
            self.tick()
            await asyncio.sleep(TICK_S)

    def _changed(self):
        if self.on_change is not None:
            self.on_change(self)
