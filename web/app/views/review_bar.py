# A hand's review going on in the background, told quietly above the table
# (#review-bar, made on first use; role=status): its progress, then "ready"
# with a button to open it. Hook: #review-bar[data-state=running|ready|failed].

from dom import by_id, fill, h, placed

from views.dialogs import button


class ReviewBar:
    def __init__(self, i18n):
        self.i18n = i18n

    def box(self):
        board = by_id("board")
        # the quiet bar of updates.py, in the coach's colour
        attrs = {"class": "update-bar review-bar", "role": "status"}
        return placed("review-bar", "div", attrs, board.parentNode, board)

    def show(self, job):
        t = self.i18n.t
        n = job.hand + 1
        if job.error is not None:
            state, text = "failed", t("review.failed", error=self.i18n.error(job.error))
        elif not job.done:
            done = len(job.lines)
            state, text = "running", t("review.bar_running", n=n, done=done, total=job.total or "…")
        else:
            state, text = "ready", t("review.bar_ready", n=n)
        bar = self.box()
        bar.hidden = False
        bar.dataset.state = state
        fill(
            bar,
            h("p", {"class": "update-text"}, text),
            button("review-bar-open", t("btn.review_open"), "btn"),
            button("review-bar-close", "\u00d7", "btn", {"aria-label": t("btn.close")}),
        )

    def hide(self):
        bar = by_id("review-bar")
        if bar is not None:
            bar.hidden = True
            bar.dataset.state = ""
            fill(bar)
