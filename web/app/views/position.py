# One reviewed position, drawn small with the card pictures: the hand and the
# table as the seat saw them before its move (scopa_core/table/coaching.py's position
# facts: nothing hidden), the move made marked .rv-played and the best one
# .rv-best (each also said in words, not by colour alone), then every option
# with what it was worth and why. Hooks: .rv-position[data-hand][data-move],
# .rv-hand / .rv-table with their cards [data-card].

from coach_words import move_text, points, reasons_text, same_move, value_text, worth_text
from dom import h


def marks_of(code, played, best, table):
    """The classes of a card of the position: in the move made, in the best move."""
    out = []
    for cls, move in (("rv-played", played), ("rv-best", best)):
        if move.get("declare"):
            continue
        if (table and code in (move.get("take") or [])) or (not table and move.get("card") == code):
            out.append(cls)
    return out


class PositionView:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def block(self, line, facts, number):
        t = self.i18n.t
        facts = facts or {}
        played = line.get("played") or {}
        best = line.get("best") or {}
        cards = [
            self.row(t("review.hand"), "rv-hand", facts.get("hand") or [], played, best, False),
            self.row(t("review.table"), "rv-table", facts.get("table") or [], played, best, True),
        ]
        return h(
            "div",
            {"class": "rv-position", "data-hand": line.get("hand"), "data-move": line.get("move")},
            h("h3", {"class": "rv-sub"}, t("review.before", n=number)),
            cards,
            self.legend(line, played, best),
            h("h4", {"class": "rv-sub"}, t("review.options")),
            self.options(line),
        )

    def row(self, label, cls, codes, played, best, table):
        t = self.i18n.t
        pictures = []
        for code in codes:
            marks = marks_of(code, played, best, table)
            picture = self.art.image(code, "mini rv-card " + " ".join(marks))
            said = [self.i18n.card(code)]
            if "rv-played" in marks:
                said.append(t("review.mark_played"))
            if "rv-best" in marks:
                said.append(t("review.mark_best"))
            picture.setAttribute("aria-label", ", ".join(said))
            pictures.append(picture)
        if not pictures:
            pictures = h("span", {"class": "muted"}, t("zone.table_empty"))
        return h(
            "div",
            {"class": "rv-cards " + cls},
            h("span", {"class": "rv-label"}, label),
            h("span", {"class": "rv-pictures"}, pictures),
        )

    def legend(self, line, played, best):
        t = self.i18n.t
        i18n = self.i18n
        values = line.get("values") or []
        mine = next_value(values, played)
        items = [
            h(
                "li",
                {"class": "rv-key rv-played"},
                t("review.played", move=move_text(played, i18n), value=value_text(mine, i18n)),
            )
        ]
        if not same_move(played, best):
            top = values[0].get("value", 0) if values else 0
            better = t("review.better", move=move_text(best, i18n), value=value_text(top, i18n))
            items.append(h("li", {"class": "rv-key rv-best"}, better))
            lost = t("review.lost", points=points(line.get("loss", 0), i18n.lang))
            items.append(h("li", {"class": "rv-key rv-lost"}, lost))
        else:
            items.append(h("li", {"class": "rv-key rv-best"}, t("review.was_best")))
        items.append(
            h("li", {"class": "rv-key"}, t("hint.exact" if line.get("exact") else "hint.estimate"))
        )
        return h("ul", {"class": "rv-legend"}, items)

    def options(self, line):
        rows = []
        values = line.get("values") or []
        for k, option in enumerate(values):
            why = reasons_text(option, self.i18n)
            rows.append(
                h(
                    "li",
                    {"class": "hint-row" + (" best" if k == 0 else "")},
                    h(
                        "span",
                        {"class": "hint-move"},
                        move_text(option.get("move") or {}, self.i18n),
                    ),
                    h("span", {"class": "hint-worth"}, worth_text(option, k == 0, self.i18n)),
                    h("span", {"class": "hint-why"}, why) if why else None,
                )
            )
        return h("ol", {"class": "hint-options rv-options"}, rows)


def next_value(values, move):
    for entry in values:
        if same_move(entry.get("move"), move):
            return entry.get("value", 0)
    return 0
