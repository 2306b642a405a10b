# The line under the table that says what happens now (#status) and the
# buttons for it (#actions, each data-action=...): whose turn, choosing a
# capture, the hand or match over, passing the device.

from dom import by_id, fill
from names import seat_name
from narration import end_text, result_text

from views.dialogs import button


class Prompt:
    def __init__(self, i18n):
        self.i18n = i18n

    def status(self, text):
        by_id("status").textContent = text

    def actions(self, buttons):
        """buttons: list of (action, label, primary)."""
        fill(
            by_id("actions"),
            [
                button(a, label, "btn primary" if primary else "btn")
                for a, label, primary in buttons
            ],
        )

    def show(self, text, buttons=()):
        self.status(text)
        self.actions(list(buttons))

    def render(self, view, selection, queued):
        """Say what the player can do now, from the table view and the flow's state."""
        t = self.i18n.t
        if view is None:
            return self.show(t("status.loading"))
        phase = view.get("phase")
        if phase == "hand-over":
            n = view.get("hand_no")
            return self.show(
                t("status.hand_over", n=n),
                [("count", t("btn.see_count"), False), ("next-hand", t("btn.next_hand"), True)],
            )
        if phase == "match-over":
            why = end_text(view, self.i18n)  # resigned, out of time
            return self.show(
                result_text(view, self.i18n) + (" " + why if why else ""),
                [("count", t("btn.see_count"), False), ("new", t("btn.play_again"), True)],
            )
        if queued is not None:
            return self.show(t("status.queued"))
        if view.get("pass_to") is not None:
            name = seat_name(view, view["pass_to"], self.i18n)
            return self.show(
                t("status.pass", name=name), [("reveal", t("btn.reveal", name=name), True)]
            )
        name = seat_name(view, view.get("to_move"), self.i18n)
        if view.get("to_move_kind") == "computer":
            return self.show(t("status.thinking", name=name))
        if view.get("to_move_kind") == "remote":  # a friend on another device (linking.py)
            return self.show(t("status.waiting_friend", name=name))
        if selection is None:
            return self.your_turn(view, name)
        return self.choosing(selection)

    def your_turn(self, view, name):
        t = self.i18n.t
        persons = [s for s in view.get("seats", []) if s["kind"] == "person"]
        text = name + ": " + t("status.your_turn") if len(persons) > 1 else t("status.your_turn")
        buttons = [("declare", t("btn.declare"), False)] if view.get("can_declare") else []
        buttons.append(("hint", t("btn.hint"), False))  # the coach (hinting.py)
        self.show(text, buttons)

    def choosing(self, sel):
        t = self.i18n.t
        card = self.i18n.card(sel.card)
        if sel.captures and sel.can_keep():
            text = t("status.choose_keep", card=card)
        elif sel.captures:
            text = t("status.choose", card=card)
        else:
            text = t("status.choose_plain", card=card)
        buttons = [("cancel", t("btn.cancel"), False)]
        if sel.can_put_down():
            buttons.append(("put-down", t("btn.put_down"), False))
        if sel.can_keep():
            buttons.append(("keep", t("btn.keep"), False))
        if sel.exact() is not None:
            buttons.append(("take", t("btn.take"), True))
        self.show(text, buttons)
