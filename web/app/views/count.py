# The count after a hand (#dlg-count), line by line per side, and the result
# once the match is over. Hooks: tr[data-row=cards|coins|settebello|re_bello|
# primiera|scope|napola|points|total] with td[data-side].
#
# It can always be put aside (the close button, Close, Escape) to look at the
# last table or export the match; the prompt's "The count" opens it again.

from dom import by_id, fill, h
from names import my_side, seat_name, side_name
from narration import end_text, result_text
from pyscript.ffi import to_js

from views.dialogs import actions_row, button, dialog_head, open_dialog


class CountView:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def show(self, view):
        t = self.i18n.t
        c = view.get("count") or {}
        over = view.get("phase") == "match-over"
        result = view.get("result")
        title = t("count.title", n=c.get("hand_no", view.get("hand_no", "")))
        head = None
        buttons = [
            button("close", t("btn.close")),
            button("next-hand", t("btn.next_hand"), "btn primary"),
        ]
        if over and result:
            head = self.result(view)
            buttons = [
                button("close", t("btn.close")),
                button("new", t("btn.play_again"), "btn primary"),
            ]
        buttons.insert(0, button("review-hand", t("btn.review_hand")))  # review_flow.py
        dlg = fill(
            by_id("dlg-count"),
            dialog_head("dlg-count", t("status.match_over") if over else title, t("btn.close")),
            head,
            h("h3", {"class": "count-sub"}, title) if over and c else None,
            self.table(view) if c else None,
            actions_row(buttons),
        )
        dlg.dataset.kind = "result" if over else "count"
        open_dialog("dlg-count")
        first = dlg.querySelector(".btn.primary")
        if first is not None:
            first.focus(to_js({"preventScroll": True}))  # the title stays in view
        dlg.scrollTop = 0

    def result(self, view):
        t = self.i18n.t
        result = view.get("result") or {}
        totals = result.get("totals") or view.get("totals") or []
        why = end_text(view, self.i18n)  # resigned, out of time: said in words
        ended = h("p", {"class": "note result-end", "data-end": self.reason(result)}, why)
        winner = result.get("winner")
        mine = my_side(view)
        cls = "result" + (" win" if mine is not None and winner == mine else "")
        return h(
            "div",
            {"class": cls, "data-winner": winner},
            h("p", {"class": "result-title"}, result_text(view, self.i18n)),
            h(
                "p",
                {"class": "result-score"},
                t("result.final", score=" \u2013 ".join(str(x) for x in totals)),
            ),
            ended if why else None,
        )

    def reason(self, result):
        end = result.get("end") or {}
        return end.get("reason") or ("resigned" if result.get("resigned") is not None else "")

    # -- the table of the count -----------------------------------------------------
    def table(self, view):
        c = view.get("count")
        sides = len(c.get("points", []))
        names = [side_name(view, s, self.i18n) for s in range(sides)]
        head = h(
            "tr", None, h("th", {"scope": "col"}), [h("th", {"scope": "col"}, n) for n in names]
        )
        table = h(
            "table",
            {"class": "count-table", "data-sides": sides, "data-hand": c.get("hand_no", "")},
            h("thead", None, head),
            h("tbody", None, self.rows(c, sides)),
        )
        return [table] + [h("p", {"class": "note"}, note) for note in self.notes(view, c)]

    def rows(self, c, sides):
        """The count's lines, in the order players count them."""
        t = self.i18n.t
        every = range(sides)
        lines = [
            (
                "cards",
                [self.won_cell(str(c["cards"][s]), c.get("cards_winner") == s, s) for s in every],
            ),
            (
                "coins",
                [self.won_cell(str(c["coins"][s]), c.get("coins_winner") == s, s) for s in every],
            ),
            ("settebello", self.holder_cells(c.get("settebello"), "7D", sides)),
        ]
        if c.get("re_bello_on"):
            lines.append(("re_bello", self.holder_cells(c.get("re_bello"), "KD", sides)))
        lines.append(("primiera", self.primiera_cells(c, sides)))
        lines.append(("scope", [self.points_cell(c["scope"][s], s) for s in every]))
        if c.get("napola_on"):
            lines.append(("napola", [self.points_cell(c["napola"][s], s) for s in every]))
        rows = [self.row(t("count." + key), key, cells) for key, cells in lines]
        rows.append(
            self.row(t("count.points"), "points", self.plain_cells(c["points"], sides), "sum")
        )
        rows.append(
            self.row(t("count.total"), "total", self.plain_cells(c["totals"], sides), "total")
        )
        return rows

    def notes(self, view, c):
        t = self.i18n.t
        notes = []
        if c.get("declared") is not None:
            notes.append(t("count.declared", name=seat_name(view, c["declared"], self.i18n)))
        left = c.get("leftover")
        if left and left.get("side") is not None:
            notes.append(t("count.leftover", name=side_name(view, left["side"], self.i18n)))
        if c.get("cappotto") is not None:
            notes.append(t("count.cappotto", name=side_name(view, c["cappotto"], self.i18n)))
        return notes

    def row(self, label, key, cells, cls=None):
        return h("tr", {"class": cls, "data-row": key}, h("th", {"scope": "row"}, label), cells)

    def won_cell(self, content, won, side):
        """A cell whose line gives one point to the side that won it."""
        point = h("span", {"class": "pt"}, self.i18n.t("count.point")) if won else None
        return h("td", {"class": "won" if won else None, "data-side": side}, content, point)

    def holder_cells(self, holder, card, sides):
        """Settebello, re bello: the card's picture for the side that holds it."""
        none = self.i18n.t("count.none")
        return [
            self.won_cell(self.art.image(card, "mini") if holder == s else none, holder == s, s)
            for s in range(sides)
        ]

    def primiera_cells(self, c, sides):
        cells = []
        for s in range(sides):
            value = c["primiera"][s]
            if value is None:
                content = h("span", {"class": "muted"}, self.i18n.t("count.primiera_none"))
            else:
                cards = c.get("primiera_cards", [[]] * sides)[s]
                content = [
                    h("span", {"class": "num"}, str(value)),
                    h(
                        "span",
                        {"class": "prim-cards"},
                        [self.art.image(code, "mini") for code in cards],
                    ),
                ]
            cells.append(self.won_cell(content, c.get("primiera_winner") == s, s))
        return cells

    def points_cell(self, points, side):
        """Scope and napola: the number is the points themselves."""
        if not points:
            return h("td", {"data-side": side}, "0")
        return h(
            "td",
            {"class": "won", "data-side": side},
            str(points),
            h("span", {"class": "pt"}, "+" + str(points)),
        )

    def plain_cells(self, values, sides):
        return [h("td", {"data-side": s}, str(values[s])) for s in range(sides)]
