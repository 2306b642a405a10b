# The review (#dlg-review, made on first use): one seat's moves of a hand,
# each with what it was worth, what the best move was worth and the points
# lost, the costliest first; a tap opens the position (views/position.py).
# For a whole match, the choices above it: where the match comes from (the
# one played here, or a record file), the seat and the hand. Hooks:
# #review-status[data-state=listing|running|done|failed], the list's
# button[data-action="review-position"][data-index][data-loss], the pickers'
# [data-action="review-seat"][data-seat] and [data-action="review-pick-hand"][data-hand].

from coach_words import move_text, points, same_move, tenths, value_text, worth_text
from dom import by_id, fill, h, placed
from pyscript import document
from pyscript.ffi import create_proxy, to_js

from views.dialogs import actions_row, button, dialog_head, open_dialog
from views.position import PositionView, next_value


def pressed(on):
    return "true" if on else "false"


def costliest_first(job):
    """The indices of a job's lines, the most points lost first (then in play order)."""
    losses = [entry["review"].get("loss", 0) for entry in job.lines]
    return sorted(range(len(losses)), key=lambda k: (-losses[k], k))


class ReviewView:
    def __init__(self, i18n, art, on_close):
        self.i18n = i18n
        self.position_view = PositionView(i18n, art)
        self.on_close = on_close  # () -> None when the dialog closes
        self._proxy = None

    def dialog(self):
        attrs = {"class": "dialog dialog-review", "aria-labelledby": "dlg-review-title"}
        dlg = placed("dlg-review", "dialog", attrs, document.body)
        if self._proxy is None:
            self._proxy = create_proxy(lambda event: self.on_close())
            dlg.addEventListener("close", self._proxy)
        return dlg

    def is_open(self):
        dlg = by_id("dlg-review")
        return dlg is not None and bool(dlg.open)

    def open(self, title, top=None):
        """The frame: heading, `top` (a match review's choices), status, list or position."""
        t = self.i18n.t
        fill(
            self.dialog(),
            dialog_head("dlg-review", title, t("btn.close")),
            h("div", {"id": "review-top", "class": "rv-top"}, top),
            h("p", {"id": "review-status", "class": "rv-status", "role": "status"}),
            h("div", {"id": "review-body", "class": "rv-body"}),
            actions_row(button("close", t("btn.close"), "btn primary")),
        )
        open_dialog("dlg-review")

    def top(self, *children):
        box = by_id("review-top")
        if box is not None:
            fill(box, children)

    # -- progress --------------------------------------------------------------
    def status(self, job):
        box = by_id("review-status")
        if box is None:
            return
        t = self.i18n.t
        state, bar = "done", None
        if job.error is not None:
            state, text = "failed", t("review.failed", error=self.i18n.error(job.error))
        elif job.positions is None:
            state, text = "listing", t("review.listing")
            bar = h("progress", {"class": "rv-progress", "aria-hidden": "true"})
        elif not job.done:
            state = "running"
            text = t("review.progress", done=len(job.lines), total=job.total)
            attrs = {"class": "rv-progress", "max": job.total, "value": len(job.lines)}
            attrs["aria-hidden"] = "true"
            bar = h("progress", attrs)
        elif not job.lines:
            text = t("review.none")
        else:
            lost = sum(entry["review"].get("loss", 0) for entry in job.lines)
            text = t("review.done", total=job.total, lost=points(lost, self.i18n.lang))
        box.dataset.state = state
        fill(box, h("span", None, text), bar)

    def message(self, text):
        box = by_id("review-status")
        if box is not None:
            box.dataset.state = "failed"
            fill(box, text)

    # -- the list and a position ----------------------------------------------------
    def show_list(self, job):
        body = by_id("review-body")
        if body is None:
            return
        if not job.done or not job.lines:
            fill(body)
            return
        items = [h("li", None, self.item(job, k)) for k in costliest_first(job)]
        fill(body, h("ol", {"class": "rv-list"}, items))

    def item(self, job, k):
        t = self.i18n.t
        i18n = self.i18n
        line = job.lines[k]["review"]
        played = line.get("played") or {}
        values = line.get("values") or []
        value = next_value(values, played)
        best = same_move(played, line.get("best")) or tenths(line.get("loss", 0)) == 0
        title = t("review.move_n", n=k + 1) + ": " + move_text(played, i18n)
        if best:
            detail = t("review.worth_best", value=value_text(value, i18n))
        else:
            top = values[0].get("value", 0) if values else 0
            detail = t(
                "review.worth_lost",
                value=value_text(value, i18n),
                best=value_text(top, i18n),
                loss=points(line.get("loss", 0), i18n.lang),
            )
        badge = worth_text(
            {"loss": line.get("loss", 0), "move": played, "value": value}, best, i18n
        )
        return h(
            "button",
            {
                "type": "button",
                "class": "rv-item" + (" best" if best else ""),
                "data-action": "review-position",
                "data-index": k,
                "data-loss": line.get("loss", 0),
            },
            h("span", {"class": "rv-move"}, title),
            h("span", {"class": "hint-worth"}, badge),
            h("span", {"class": "rv-detail"}, detail),
        )

    def show_position(self, job, k):
        body = by_id("review-body")
        if body is None or not 0 <= k < len(job.lines):
            return
        entry = job.lines[k]
        back = button("review-back", self.i18n.t("review.back"), "btn rv-back")
        fill(body, back, self.position_view.block(entry["review"], entry.get("position"), k + 1))
        back.focus(to_js({"preventScroll": True}))

    # -- a whole match: where from, which seat, which hand --------------------------
    def sources(self, can_here):
        t = self.i18n.t
        note = None if can_here else h("p", {"class": "hint"}, t("review.not_over"))
        return h(
            "section",
            {"class": "rv-sources"},
            h("p", None, t("review.sources")),
            h(
                "div",
                {"class": "row"},
                button("review-here", t("btn.review_here"), "btn", {"disabled": not can_here}),
                button("review-file", t("btn.review_file")),
            ),
            note,
        )

    def pickers(self, names, seat, hands, hand, source_name):
        t = self.i18n.t
        seats = [
            button(
                "review-seat",
                names[k],
                "btn pick",
                {"data-seat": k, "aria-pressed": pressed(k == seat)},
            )
            for k in range(len(names))
        ]
        hand_buttons = [
            button(
                "review-pick-hand",
                str(k + 1),
                "btn pick",
                {
                    "data-hand": k,
                    "aria-pressed": pressed(k == hand),
                    "aria-label": t("review.hand_n", n=k + 1),
                },
            )
            for k in range(hands)
        ]
        return [
            h("p", {"class": "rv-source"}, source_name) if source_name else None,
            self.group(t("review.seat"), seats),
            self.group(t("review.hand_pick"), hand_buttons),
        ]

    def group(self, label, buttons):
        return h(
            "div",
            {"class": "rv-pick", "role": "group", "aria-label": label},
            h("span", {"class": "rv-label"}, label),
            h("span", {"class": "row"}, buttons),
        )
