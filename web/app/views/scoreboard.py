# The scoreboard above the table: each side's match points and the target.

from dom import by_id, fill, h
from names import my_side, side_name, side_of_seat


class Scoreboard:
    def __init__(self, i18n):
        self.i18n = i18n

    def render(self, view):
        t = self.i18n.t
        mine = my_side(view)
        to_move = view.get("to_move")
        moving_side = side_of_seat(view, to_move) if to_move is not None else None
        totals = view.get("totals") or []
        scores = []
        for side in range(len(totals)):
            name = side_name(view, side, self.i18n)
            cls = "score"
            if side == mine:
                cls += " mine"
            if side == moving_side:
                cls += " moving"
            label = t("score.aria", name=name, n=totals[side])
            scores.append(
                h(
                    "div",
                    {"class": cls, "data-side": side, "aria-label": label},
                    h("span", {"class": "score-name"}, name),
                    h("span", {"class": "score-pts"}, str(totals[side])),
                )
            )
        target = h("div", {"class": "target"}, t("score.target", n=view.get("target", "")))
        board = fill(by_id("scoreboard"), scores, target)
        board.dataset.n = str(len(totals))
