# The statistics (#dlg-stats): one section a group (computer level, rules,
# variants, target; all groups together when there are several), with a reset.
# Hooks: section.stats-group[data-group] with dd[data-stat].

import stats as tally
from dom import by_id, fill, h
from i18n import CAPTURE_VARIANTS

from views.dialogs import actions_row, button, dialog_head, open_dialog

CELLS = ("matches_won", "matches_lost", "hands_won", "hands_drawn", "hands_lost", "scope")


def group_key(group):
    return "|".join(
        [
            str(group.get("level")),
            str(group.get("preset")),
            ",".join(group.get("variants") or []),
            str(group.get("target")),
        ]
    )


class StatisticsView:
    def __init__(self, i18n):
        self.i18n = i18n

    def open(self, data):
        t = self.i18n.t
        groups = data.get("groups") or []
        blocks = []
        if not groups:
            blocks.append(h("p", {"class": "muted", "id": "stats-empty"}, t("stats.empty")))
        else:
            if len(groups) > 1:
                blocks.append(self.block(t("stats.all"), tally.totals(data), "all"))
            blocks += [self.block(self.label(g), g, group_key(g)) for g in groups]
        reset = button("reset-stats", t("btn.reset_stats"), "btn danger") if groups else None
        fill(
            by_id("dlg-stats"),
            dialog_head("dlg-stats", t("stats.title"), t("btn.close")),
            blocks,
            h("p", {"class": "note"}, t("stats.note")),
            actions_row(reset, button("close", t("btn.close"), "btn primary")),
        )
        open_dialog("dlg-stats")

    def label(self, group):
        t = self.i18n.t
        parts = [t("preset." + (group.get("preset") or "scopa"))]
        for v in group.get("variants") or []:
            parts.append(t(("capture." if v in CAPTURE_VARIANTS else "variant.") + v))
        parts.append(t("score.target", n=group.get("target", 11)))
        parts.append(t("level." + (group.get("level") or "normal")))
        return " \u00b7 ".join(parts)

    def block(self, title, group, key):
        t = self.i18n.t
        avg = tally.average_points(group)
        cells = [(name, t("stats." + name), group.get(name, 0)) for name in CELLS]
        cells.append(("average", t("stats.average"), "\u2013" if avg is None else str(avg)))
        items = [
            h("div", None, h("dt", None, label), h("dd", {"data-stat": name}, str(value)))
            for name, label, value in cells
        ]
        return h(
            "section",
            {"class": "stats-group", "data-group": key},
            h("h3", None, title),
            h("dl", {"class": "stats-grid"}, items),
        )
