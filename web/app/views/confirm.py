# "Are you sure?": one question, Cancel, and the action that goes ahead
# (data-action=<yes_action>, handled by whoever asked).

from dom import by_id, fill, h

from views.dialogs import actions_row, button, open_dialog


class Confirm:
    def __init__(self, i18n):
        self.i18n = i18n

    def ask(self, text, yes_action, yes_label):
        fill(
            by_id("dlg-confirm"),
            h("p", {"id": "dlg-confirm-text"}, text),
            actions_row(
                button("close", self.i18n.t("btn.cancel")),
                button(yes_action, yes_label, "btn primary danger"),
            ),
        )
        open_dialog("dlg-confirm")
