# The match's own buttons (MicroPython, main thread): resign (after a
# confirmation), deal the next hand, the count again, hot-seat's "I hold the
# device", and the help. Each makes the game manager run one of its flows.

from tasks import spawn
from views.dialogs import close_dialog


class MatchButtons:
    def __init__(self, manager):
        self.m = manager

    def handlers(self):
        return {
            "resign": lambda el: self.ask_resign(),
            "confirm-resign": lambda el: self.confirmed_resign(),
            "next-hand": lambda el: self.next_hand(),
            "count": lambda el: self.show_count(),
            "reveal": lambda el: self.reveal(el),
            "help": lambda el: spawn(self.m.ui.help.open()),
        }

    def ask_resign(self):
        if self.m.in_progress():
            t = self.m.i18n.t
            self.m.ui.confirm.ask(t("confirm.resign"), "confirm-resign", t("btn.yes_resign"))

    def confirmed_resign(self):
        close_dialog("dlg-confirm")
        self.m.launch(self.m.simple("resign"))

    def next_hand(self):
        close_dialog("dlg-count")
        if self.m.view is not None and self.m.view.get("phase") == "hand-over":
            self.m.launch(self.m.simple("next_hand", deal=True))

    def show_count(self):
        if self.m.view is not None and (self.m.view.get("count") or self.m.view.get("result")):
            self.m.ui.count_aside = None  # asked for: shown again from now on
            self.m.ui.count.show(self.m.view)

    def reveal(self, el):
        seat = el.dataset.seat if el is not None and el.dataset.seat else None
        if seat is None and self.m.view is not None:
            seat = self.m.view.get("pass_to")
        close_dialog("dlg-pass")
        self.m.launch(self.m.simple("reveal", str(seat)))
