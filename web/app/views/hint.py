# The hint (#hint-panel, under the prompt; not a dialog, so the game's keys
# still work): the player's options ranked by the coach, each with what it
# is worth against the best and its reasons, and the marked one shown on the
# table -- its card in the hand (.hint-card) and the cards it takes
# (.hint-take), or the declare button. Hooks: #hint-panel[data-state=thinking|
# shown], its options button[data-action="hint-show"][data-index][aria-pressed].

from coach_words import move_text, reasons_text, value_text, worth_text
from dom import by_id, fill, h, placed
from pyscript import document
from pyscript.ffi import to_js

from views.dialogs import button

MARKS = ("hint-card", "hint-take")


def clear_marks():
    for cls in MARKS:
        found = document.querySelectorAll("." + cls)
        for k in range(found.length):
            found.item(k).classList.remove(cls)


def mark_move(move):
    """Mark a move on the table: its card in the hand and what it takes."""
    clear_marks()
    if move.get("declare"):
        found = document.querySelector('#actions [data-action="declare"]')
        if found is not None:
            found.classList.add("hint-card")
        return
    card = document.querySelector('#hand [data-card="' + str(move.get("card")) + '"]')
    if card is not None:
        card.classList.add("hint-card")
    for code in move.get("take") or []:
        taken = document.querySelector('#table [data-card="' + str(code) + '"]')
        if taken is not None:
            taken.classList.add("hint-take")


class HintPanel:
    def __init__(self, i18n):
        self.i18n = i18n

    def box(self):
        """The panel, made the first time it is needed, under the prompt."""
        prompt = by_id("prompt")
        attrs = {"class": "hint-panel", "aria-labelledby": "hint-title"}
        panel = placed("hint-panel", "section", attrs, prompt.parentNode, prompt.nextSibling)
        panel.hidden = False
        return panel

    def is_open(self):
        panel = by_id("hint-panel")
        return panel is not None and not panel.hidden

    def close(self):
        panel = by_id("hint-panel")
        if panel is not None:
            panel.hidden = True
            panel.dataset.state = ""
            fill(panel)
        clear_marks()

    def head(self):
        t = self.i18n.t
        return h(
            "div",
            {"class": "hint-head"},
            h("h2", {"id": "hint-title"}, t("hint.title")),
            button("hint-close", "\u00d7", "close", {"aria-label": t("hint.close")}),
        )

    def thinking(self):
        panel = self.box()
        panel.dataset.state = "thinking"
        panel.setAttribute("aria-busy", "true")
        fill(panel, self.head(), h("p", {"class": "hint-note"}, self.i18n.t("hint.thinking")))

    def failed(self, text):
        panel = self.box()
        panel.dataset.state = "failed"
        panel.removeAttribute("aria-busy")
        fill(panel, self.head(), h("p", {"class": "hint-note", "role": "alert"}, text))

    def show(self, hint, marked, on_device=False):
        """The ranked options; `marked` is the index of the one shown on the table
        (`on_device`: a friend's device worked them out itself, the host not asked)."""
        t = self.i18n.t
        options = hint.get("options") or []
        panel = self.box()
        panel.dataset.state = "shown"
        panel.removeAttribute("aria-busy")
        best = options[0] if options else {}
        summary = t("hint.best_worth", value=value_text(best.get("value", 0), self.i18n))
        exact = t("hint.exact") if hint.get("exact") else t("hint.estimate")
        fill(
            panel,
            self.head(),
            h(
                "ol",
                {"class": "hint-options"},
                [self.row(o, k, marked) for k, o in enumerate(options)],
            ),
            h(
                "div",
                {"class": "hint-actions"},
                h("p", {"class": "hint-follow"}, t("hint.follow")),
                button("hint-play", t("hint.play"), "btn primary"),
            ),
            h("p", {"class": "hint-note small"}, summary + " " + exact),
            h("p", {"class": "hint-note small hint-local"}, t("hint.on_device"))
            if on_device
            else None,
        )
        self.mark(options, marked)
        play = panel.querySelector('[data-action="hint-play"]')
        if play is not None:
            play.focus(to_js({"preventScroll": True}))

    def row(self, option, index, marked):
        i18n = self.i18n
        move = move_text(option.get("move") or {}, i18n)
        worth = worth_text(option, index == 0, i18n)
        why = reasons_text(option, i18n)
        return h(
            "li",
            {"class": "hint-row" + (" best" if index == 0 else "")},
            h(
                "button",
                {
                    "type": "button",
                    "class": "hint-option",
                    "data-action": "hint-show",
                    "data-index": index,
                    "aria-pressed": "true" if index == marked else "false",
                },
                h("span", {"class": "hint-move"}, move),
                h("span", {"class": "hint-worth"}, worth),
                h("span", {"class": "hint-why"}, why) if why else None,
            ),
        )

    def mark(self, options, marked):
        """Show option `marked` on the table and press its row."""
        rows = document.querySelectorAll("#hint-panel .hint-option")
        for k in range(rows.length):
            rows.item(k).setAttribute("aria-pressed", "true" if k == marked else "false")
        if 0 <= marked < len(options):
            mark_move(options[marked].get("move") or {})
