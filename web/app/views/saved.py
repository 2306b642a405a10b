# Saved data that could not be read (#dlg-saved), told at start: what it was,
# why it could not be read, a download of it exactly as stored, and "Start
# afresh" (storage.py has already kept it aside; a new match is dealt).

from dom import by_id, fill, h
from saved_words import why

from views.dialogs import actions_row, button, dialog_head, open_dialog


class SavedProblems:
    def __init__(self, i18n):
        self.i18n = i18n

    def show(self, problems, first):
        """Tell about problems[first:] (the earlier ones were acknowledged)."""
        t = self.i18n.t
        items = [self.item(k, problems[k]) for k in range(first, len(problems))]
        game = any(e.get("what") == "game" for e in problems[first:])
        dlg = fill(
            by_id("dlg-saved"),
            dialog_head("dlg-saved", t("saved.title")),
            h("ul", {"class": "saved-list"}, items),
            h("p", {"class": "note"}, t("saved.kept")),
            actions_row(
                button(
                    "saved-afresh", t("btn.start_afresh") if game else t("btn.ok"), "btn primary"
                )
            ),
        )
        open_dialog("dlg-saved")
        dlg.querySelector(".btn.primary").focus()

    def item(self, k, entry):
        t = self.i18n.t
        what = entry.get("what") or "data"
        return h(
            "li",
            {"data-what": what, "data-reason": entry.get("reason") or ""},
            h("p", None, t("saved.lead." + what)),
            h("p", {"class": "why"}, why(self.i18n, entry)),
            h("p", {"class": "note"}, t("saved.stuck")) if entry.get("stuck") else None,
            button("saved-download", t("btn.download_data"), "btn", {"data-index": k}),
        )
