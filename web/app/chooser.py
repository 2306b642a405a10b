# Choosing a move by tapping (MicroPython, main thread): a hand card, then the
# table cards it should take, until one legal move is left (selection.py
# matches the taps against the moves the engine sent). The move goes to the
# game manager, which sends it. A table card the chosen card cannot take gets
# the engine's reason as a toast.

from names import seat_name
from selection import PLAY, REJECT, UPDATE, Selection, pick_card

NOT_YOUR_TURN_MS = 1800


class Chooser:
    def __init__(self, manager):
        self.m = manager
        self.selection = None  # a Selection while the player chooses a capture

    def handlers(self):
        return {
            "cancel": lambda el: self.cancel(),
            "take": lambda el: self.with_selection("confirm"),
            "keep": lambda el: self.with_selection("keep"),
            "put-down": lambda el: self.with_selection("put_down"),
            "declare": lambda el: self.declare(),
        }

    def with_selection(self, what):
        sel = self.selection
        if sel is not None:
            self.handle(*getattr(sel, what)())

    def cancel(self):
        self.selection = None
        self.m.redraw_selection()

    def declare(self):
        view = self.m.view
        if self.m.my_turn() and view.get("can_declare"):
            self.m.submit({"declare": True})

    # -- taps -----------------------------------------------------------------------
    def on_hand_card(self, code):
        m = self.m
        view = m.view
        if view is None or m.queued is not None:
            return
        if not m.my_turn() or m.busy:
            if view.get("phase") == "play" and view.get("to_move") is not None:
                name = seat_name(view, view["to_move"], m.i18n)
                m.ui.notices.toast(m.i18n.t("status.not_your_turn", name=name), NOT_YOUR_TURN_MS)
            return
        if m.coach.on_hand_card(code):
            return  # the card the hint marks: its move is made
        if self.selection is not None and self.selection.card == code:
            self.cancel()  # a second tap on the chosen card puts it back
            return
        picked = pick_card(view.get("moves"), code)
        if picked is None:
            return
        if isinstance(picked, Selection):
            self.selection = picked
            m.redraw_selection()
            return
        m.submit(picked)

    def on_table_card(self, code):
        if self.selection is None or self.m.busy:
            return
        self.handle(*self.selection.tap(code))

    def handle(self, kind, value):
        if kind == PLAY:
            self.selection = None
            self.m.submit(value)
        elif kind == UPDATE:
            self.m.redraw_selection()
        elif kind == REJECT:
            text = self.m.i18n.reason(value) if value else ""
            if text:
                self.m.ui.notices.toast(text)

    # -- keys -----------------------------------------------------------------------
    def on_key(self, key):
        """Arrows move between capture options, Enter confirms, Escape cancels."""
        sel = self.selection
        if sel is None:
            return False
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            self.handle(*sel.cycle(1 if key in ("ArrowRight", "ArrowDown") else -1))
            return True
        if key == "Enter":
            self.handle(*sel.confirm())
            return True
        if key == "Escape":
            self.cancel()
            return True
        return False
