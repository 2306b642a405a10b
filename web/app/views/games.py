# "Your games" (#dlg-games): export this match, import a record file, open the
# statistics, the finished matches kept on the device (finished.py: export or
# review each), and the unreadable saved data kept on the device (download it
# exactly as stored, or discard it). #games-msg says how an export or import went.

from dom import by_id, fill, h
from finished import LIMIT, players_words, result_words
from pyscript import window
from saved_words import why

from views.dialogs import actions_row, button, dialog_head, open_dialog


def when(at, lang):
    """A stored ISO date-time in the page's language."""
    if not at:
        return ""
    try:
        return str(window.Date.new(at).toLocaleString("it-IT" if lang == "it" else "en-GB"))
    except Exception:
        return str(at)


class GamesView:
    def __init__(self, i18n):
        self.i18n = i18n

    def is_open(self):
        return bool(by_id("dlg-games").open)

    def open(self, has_record, unreadable, kept=()):
        t = self.i18n.t
        fill(
            by_id("dlg-games"),
            dialog_head("dlg-games", t("games.title"), t("btn.close")),
            self.section(
                t("games.export_text"),
                button("export", t("btn.export"), "btn", {"disabled": not has_record}),
            ),
            self.section(
                t("games.import_text"),
                button("import", t("btn.import")),
                h("p", {"id": "games-msg", "class": "games-msg", "role": "alert"}),
            ),
            self.section(t("games.stats_text"), button("stats", t("btn.stats"))),
            self.section(t("games.review_text"), button("review-match", t("btn.review_match"))),
            self.finished(kept),
            self.kept(unreadable) if unreadable else None,
            actions_row(button("close", t("btn.close"), "btn primary")),
        )
        open_dialog("dlg-games")

    def section(self, text, action, after=None):
        return h(
            "section",
            {"class": "games-section"},
            h("p", None, text),
            h("div", {"class": "row"}, action),
            after,
        )

    def finished(self, kept):
        """The finished matches kept here, newest first (see kept_games.py)."""
        t = self.i18n.t
        items = [self.finished_item(kept[k], k) for k in range(len(kept))]
        return h(
            "section",
            {"class": "games-section", "aria-labelledby": "games-finished"},
            h("h3", {"id": "games-finished"}, t("games.finished")),
            h("p", {"class": "hint"}, t("games.finished_text", n=LIMIT)),
            h("ul", {"class": "saved-list", "data-list": "finished"}, items)
            if items
            else h("p", {"class": "hint", "data-list": "finished-none"}, t("games.finished_none")),
        )

    def finished_item(self, entry, k):
        t = self.i18n.t
        # each Export and Review says which match it is for (a screen reader hears it)
        index = {"data-index": k, "aria-describedby": "kept-" + str(k)}
        result = result_words(entry, self.i18n)
        return h(
            "li",
            {"data-kept": entry.get("id") or ""},
            h(
                "p",
                {"id": "kept-" + str(k)},
                h("strong", None, players_words(entry, self.i18n) or t("games.kept_match")),
                " " + when(entry.get("at"), self.i18n.lang),
            ),
            h("p", {"class": "kept-result"}, result) if result else None,
            h(
                "div",
                {"class": "row"},
                button("kept-export", t("btn.kept_export"), "btn", index),
                button("kept-review", t("btn.kept_review"), "btn", index),
            ),
        )

    def kept(self, unreadable):
        t = self.i18n.t
        items = []
        for k in range(len(unreadable)):
            entry = unreadable[k]
            index = {"data-index": k}
            items.append(
                h(
                    "li",
                    {"data-what": entry.get("what") or "data"},
                    h(
                        "p",
                        None,
                        h("strong", None, t("saved.what." + (entry.get("what") or "data"))),
                        " " + when(entry.get("at"), self.i18n.lang),
                    ),
                    h("p", {"class": "why"}, why(self.i18n, entry)),
                    h(
                        "div",
                        {"class": "row"},
                        button("unreadable-download", t("btn.download_data"), "btn", index),
                        button("unreadable-discard", t("btn.discard"), "btn danger", index),
                    ),
                )
            )
        return h(
            "section",
            {"class": "games-section", "aria-labelledby": "games-unreadable"},
            h("h3", {"id": "games-unreadable"}, t("games.unreadable")),
            h("ul", {"class": "saved-list"}, items),
        )

    def message(self, text, ok):
        box = by_id("games-msg")
        box.textContent = text
        box.className = "games-msg " + ("ok" if ok else "bad")
