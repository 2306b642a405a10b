# Watch mode (#dlg-watch, made on first use): computers playing a match of
# their own, one move at a time. The controls (pause or play, one step, the
# speed, every hand face up), each seat with its hand (face up or its
# backs) and pile, the table, the move just made, and the options the moving
# computer had as the coach ranks them from that seat's own view, the one it
# played marked. At a hand's end the count; at the match's end the result.
# The flow is watch.py. Hooks: #dlg-watch[data-state=playing|paused|over]
# [data-moves][data-busy][data-players], .watch-seat[data-seat] with its
# cards [data-card], .watch-table [data-card], .watch-ranking li[data-played].

from coach_words import move_text, reasons_text, worth_text
from dom import by_id, fill, h
from names import seat_name
from narration import describe, result_text
from pyscript import document
from pyscript.ffi import to_js

from views.dialogs import (
    actions_row,
    button,
    dialog_head,
    is_dialog_open,
    made_dialog,
    open_dialog,
)

DIALOG = "dlg-watch"
SPEEDS = ("slow", "normal", "fast")


class WatchView:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def dialog(self):
        return made_dialog(DIALOG, "dialog-watch")

    def is_open(self):
        return is_dialog_open(DIALOG)

    def busy(self, on):
        node = by_id(DIALOG)
        if node is not None:
            node.dataset.busy = "true" if on else "false"

    def show(self, reply, state, count_view, error=""):
        """The whole dialog for the latest reply; ``state`` is the flow's."""
        t = self.i18n.t
        dlg = self.dialog()
        focused = self.focused(dlg)
        view = reply.get("view") if reply else None
        body = [h("p", {"class": "muted"}, t("watch.kept"))]
        if error:
            body.append(h("p", {"class": "tut-note", "role": "alert"}, error))
        if view is None:
            body.append(h("p", {"class": "muted"}, t("watch.starting")))
        else:
            body.append(self.status(reply, view))
            body.append(self.board(reply, view, state))
            body.append(self.after(reply, view, count_view))
        fill(
            dlg,
            dialog_head(DIALOG, t("watch.title"), t("btn.close")),
            self.controls(state),
            body,
        )
        dlg.dataset.state = state["mode"]
        dlg.dataset.moves = str((reply or {}).get("moves", 0))
        dlg.dataset.players = str((view or {}).get("players", ""))
        dlg.dataset.busy = "true" if state.get("busy") else "false"
        open_dialog(DIALOG)
        self.refocus(dlg, focused)

    def focused(self, dlg):
        """The control that has the focus (drawn again below: it gets it back)."""
        active = document.activeElement
        if active is None or not dlg.contains(active):
            return None
        # getAttribute: a missing data-* is null (a missing dataset key is not an attribute)
        action = active.getAttribute("data-action")
        return (str(action), active.getAttribute("data-speed")) if action else None

    def refocus(self, dlg, focused):
        if focused is None:
            return
        action, speed = focused
        # pause and play are one place: the button now says the other thing
        twin = {"watch-pause": "watch-play", "watch-play": "watch-pause"}.get(action)
        for name in (action, twin):
            query = '[data-action="' + str(name) + '"]'
            if speed:
                query += '[data-speed="' + speed + '"]'
            node = dlg.querySelector(query) if name else None
            if node is not None and not node.disabled:
                node.focus(to_js({"preventScroll": True}))
                return

    def controls(self, state):
        t = self.i18n.t
        over = state["mode"] == "over"
        if over:
            main = button("watch-again", t("btn.watch_again"), "btn primary")
        elif state["mode"] == "paused":
            main = button("watch-play", t("btn.watch_play"), "btn primary")
        else:
            main = button("watch-pause", t("btn.watch_pause"), "btn primary")
        step = button("watch-step", t("btn.watch_step"))
        if over or state["mode"] != "paused":
            step.setAttribute("disabled", "")
        speeds = [
            button(
                "watch-speed",
                t("watch.speed." + name),
                "btn pick",
                {"data-speed": name, "aria-pressed": "true" if state["speed"] == name else "false"},
            )
            for name in SPEEDS
        ]
        face = button(
            "watch-face",
            t("btn.watch_face"),
            "btn pick",
            {"aria-pressed": "true" if state["face_up"] else "false"},
        )
        return h(
            "div",
            {"class": "watch-controls"},
            main,
            step,
            h(
                "span",
                {"class": "watch-speeds", "role": "group", "aria-label": t("watch.speed")},
                speeds,
            ),
            face,
        )

    def status(self, reply, view):
        t = self.i18n.t
        said = []
        event = reply.get("event")
        if event:
            said.append(describe(event, view, self.i18n))
        if view.get("phase") == "play":
            said.append(t("watch.to_move", name=seat_name(view, view.get("to_move"), self.i18n)))
        head = t("watch.hand", n=view.get("hand_no", 1))
        return h("p", {"class": "watch-status", "aria-live": "polite"}, head + " " + " ".join(said))

    # -- the table --------------------------------------------------------------------
    def board(self, reply, view, state):
        hands = reply.get("hands") or []
        counts = view.get("hand_counts") or []
        seats = [
            self.seat(view, k, hands[k] if k < len(hands) else [], counts, state["face_up"])
            for k in range(view.get("players", 0))
        ]
        table = [self.art.image(code, "card watch-card") for code in view.get("table") or []]
        if not table:
            table = h("span", {"class": "muted"}, self.i18n.t("zone.table_empty"))
        return h(
            "div",
            {"class": "watch-board tut-board"},
            h("div", {"class": "watch-table", "aria-label": self.i18n.t("zone.table")}, table),
            h("ul", {"class": "watch-seats"}, seats),
        )

    def seat(self, view, k, hand, counts, face_up):
        t = self.i18n.t
        info = (view.get("seats") or [{}] * (k + 1))[k]
        side = side_of(view, k)
        pile = (view.get("piles") or [{}] * (side + 1))[side]
        name = seat_name(view, k, self.i18n)
        level = t("level." + info.get("level", "normal"))
        label = [
            h("span", None, name),
            button(
                "watch-level",
                level,
                "btn pick watch-level",
                {"data-seat": k, "aria-label": t("watch.level", name=name, level=level)},
            ),
        ]
        if face_up:
            cards = [self.art.image(code, "mini watch-mini") for code in hand]
        else:
            cards = [
                self.art.back("mini watch-mini") for _ in range(counts[k] if k < len(counts) else 0)
            ]
        moving = view.get("to_move") == k
        return h(
            "li",
            {"class": "watch-seat" + (" moving" if moving else ""), "data-seat": k},
            h("span", {"class": "watch-name"}, label),
            h("span", {"class": "watch-hand"}, cards),
            h(
                "span",
                {"class": "watch-pile muted"},
                t("watch.pile", cards=pile.get("cards", 0), scope=pile.get("scope", 0)),
            ),
        )

    # -- after the move: its ranking, the count, the result ---------------------------
    def after(self, reply, view, count_view):
        parts = [self.ranking(reply, view)]
        if view.get("phase") in ("hand-over", "match-over") and view.get("count"):
            parts.append(h("p", {"class": "watch-sub"}, self.i18n.t("watch.hand_over")))
            parts.append(count_view.table(view))
        if view.get("phase") == "match-over":
            parts.append(h("p", {"class": "result-title"}, result_text(view, self.i18n)))
            parts.append(actions_row(button("close", self.i18n.t("btn.close"))))
        return parts

    def ranking(self, reply, view):
        ranking = reply.get("ranking")
        if not ranking:
            return None
        t = self.i18n.t
        name = seat_name(view, ranking.get("seat"), self.i18n)
        rows = []
        for k, option in enumerate(ranking.get("options") or []):
            played = k == ranking.get("played")
            why = reasons_text(option, self.i18n)
            rows.append(
                h(
                    "li",
                    {
                        "class": "hint-row"
                        + (" best" if k == 0 else "")
                        + (" played" if played else ""),
                        "data-played": "true" if played else "false",
                    },
                    h(
                        "span",
                        {"class": "hint-move"},
                        move_text(option.get("move") or {}, self.i18n),
                    ),
                    h("span", {"class": "hint-worth"}, worth_text(option, k == 0, self.i18n)),
                    h("span", {"class": "watch-mark"}, t("watch.played")) if played else None,
                    h("span", {"class": "hint-why"}, why) if why else None,
                )
            )
        exact = t("watch.exact" if ranking.get("exact") else "watch.estimate")
        return h(
            "div",
            {"class": "watch-ranking", "data-seat": ranking.get("seat")},
            h(
                "p",
                {"class": "watch-sub"},
                t("watch.options", name=name),
                " ",
                h("span", {"class": "muted"}, exact),
            ),
            h("ol", {"class": "hint-options rv-options"}, rows),
        )


def side_of(view, seat):
    for k, seats in enumerate(view.get("sides") or []):
        if seat in seats:
            return k
    return seat
