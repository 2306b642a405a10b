# Hot-seat: the screen that hides the hands until the next person says they
# hold the device (data-action="reveal" with data-seat).

from dom import by_id, fill, h
from names import seat_name

from views.dialogs import actions_row, button, open_dialog


class PassScreen:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def show(self, view):
        t = self.i18n.t
        seat = view.get("pass_to")
        name = seat_name(view, seat, self.i18n)
        fill(
            by_id("dlg-pass"),
            h("div", {"class": "pass-card"}, self.art.back("card back pass-back")),
            h("h2", {"id": "dlg-pass-title"}, t("pass.title")),
            h("p", None, t("pass.body", name=name)),
            actions_row(
                button("reveal", t("btn.reveal", name=name), "btn primary", {"data-seat": seat})
            ),
        )
        open_dialog("dlg-pass")
