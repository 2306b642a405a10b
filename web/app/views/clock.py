# The move clock's countdown (#clock, at the right of the person's own line, by
# their name and above their hand): a stopwatch and "0:27" for the seat to
# move, red from the warning (clock.warn_at), dimmed while paused. A
# role="timer" element is not read out as it changes; the wiring
# (move_clock.py) announces the warning once, politely.
#
# Hooks: #clock[data-clock="off|running|paused|expired"][data-seat][data-left]
# (data-left: whole seconds left, rounded up).

from clock import clock_text, warn_at
from dom import by_id, fill, h, placed, s


class ClockView:
    def __init__(self, i18n):
        self.i18n = i18n
        self.drawn = None  # what is on screen, so a tick that changes nothing draws nothing

    def element(self):
        attrs = {"class": "clock", "role": "timer", "data-clock": "off", "hidden": True}
        return placed("clock", "div", attrs, by_id("me"), by_id("hand"))

    def show(self, name, seat, left, total, state, other=False):
        """The countdown of `seat` (called `name`): `left` of `total` seconds;
        `other`: not this device's person (a friend on another device): named."""
        drawn = (name, seat, left, total, state, other)
        if drawn == self.drawn:
            return
        self.drawn = drawn
        t = self.i18n.t
        el = self.element()
        el.dataset.clock = state
        el.dataset.seat = str(seat)
        el.dataset.left = str(left)
        el.classList.toggle("low", left <= warn_at(total))
        label = t("clock.label", name=name, n=left)
        if state == "paused":
            label += " " + t("clock.paused")
        el.setAttribute("aria-label", label)
        el.title = label
        fill(
            el,
            self.icon(),
            h("span", {"class": "clock-who", "aria-hidden": "true"}, name) if other else None,
            h("span", {"class": "clock-time", "aria-hidden": "true"}, clock_text(left)),
        )
        el.hidden = False

    def icon(self):
        """A stopwatch (drawn: not every phone has a font with U+23F1)."""
        return s(
            "svg",
            {"class": "clock-icon", "viewBox": "0 0 24 24", "aria-hidden": "true"},
            s("circle", {"cx": "12", "cy": "13.5", "r": "8"}),
            s("path", {"d": "M12 13.5V9M9.5 2.5h5M12 2.5v3"}),
        )

    def hide(self):
        if self.drawn is None:
            return
        self.drawn = None
        el = self.element()
        el.dataset.clock = "off"
        el.hidden = True
