# The guided first hand (#dlg-tutorial, made on first use): the coach's panel
# (what to do next and why), Bruno's cards face down, the table, Anna's hand
# with the card to tap marked, the piles; at the end the count with what each
# of its lines means. The flow is tutorial.py; every word is in strings/
# (tutorial.*), the cards named in the page's language and deck.
# Hooks: #dlg-tutorial[data-step][data-lesson][data-turn], .tut-lesson,
# .tut-note, .tut-hand / .tut-table cards [data-card], the marked one .tut-mark;
# the hand's cards are buttons with data-action="tutorial-card" (not
# data-zone="hand": the game's chooser never sees them).

from dom import by_id, fill, h
from pyscript.ffi import to_js

from views.dialogs import (
    actions_row,
    button,
    dialog_head,
    is_dialog_open,
    made_dialog,
    open_dialog,
)

DIALOG = "dlg-tutorial"
LESSON_ID = "tut-lesson"  # the marked card is described by the lesson
#: the count's lines the guided hand explains, in the count's order
EXPLAINED = ("cards", "coins", "settebello", "primiera", "scope", "points")


def lesson_text(lesson, i18n):
    """What the coach says before Anna's move: the lesson's, or what the move does."""
    move = lesson.get("move") or {}
    card = i18n.card(move.get("card", ""))
    take = i18n.cards(move.get("take") or [])
    trial = i18n.cards((lesson.get("trial") or {}).get("take") or [])
    name = lesson.get("lesson")
    if name:
        return i18n.t("tutorial.lesson." + name, card=card, take=take, trial=trial)
    if move.get("take"):
        return i18n.t("tutorial.play_take", card=card, take=take)
    return i18n.t("tutorial.play_down", card=card)


class TutorialView:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def dialog(self):
        return made_dialog(DIALOG, "dialog-tutorial")

    def is_open(self):
        return is_dialog_open(DIALOG)

    def close(self):
        if self.is_open():
            by_id(DIALOG).close()

    def show(self, view, lesson, said="", note=""):
        """The table as it is now, and what the coach says about the move to come."""
        t = self.i18n.t
        dlg = self.dialog()
        anna = lesson.get("seat") == 0
        step = min(lesson.get("step", 0) + 1, lesson.get("steps", 0))
        coach = [
            h(
                "p",
                {"class": "tut-step muted"},
                t("tutorial.step", n=step, total=lesson.get("steps", 0)),
            )
        ]
        if said:
            coach.append(h("p", {"class": "tut-said"}, said))
        text = lesson_text(lesson, self.i18n) if anna else t("tutorial.bruno_turn")
        coach.append(h("p", {"class": "tut-lesson", "id": LESSON_ID}, text))
        coach.append(h("p", {"class": "tut-note", "role": "status", "hidden": not note}, note))
        if anna and lesson.get("trial"):
            coach.append(actions_row(self.trial_button(lesson)))
        fill(
            dlg,
            dialog_head(DIALOG, t("tutorial.title"), t("btn.close")),
            h("div", {"class": "tut-coach", "aria-live": "polite"}, coach),
            self.board(view, lesson if anna else None),
        )
        self.mark(dlg, lesson, "anna" if anna else "bruno")
        open_dialog(DIALOG)
        marked = dlg.querySelector(".tut-mark")
        if marked is not None:  # a keyboard needs only Enter to follow the coach
            marked.focus(to_js({"preventScroll": True}))

    def mark(self, dlg, lesson, turn):
        dlg.dataset.step = str(lesson.get("step", 0))
        dlg.dataset.lesson = lesson.get("lesson") or ""
        dlg.dataset.turn = turn

    def trial_button(self, lesson):
        trial = lesson.get("trial") or {}
        said = self.i18n.t(
            "tutorial.try." + lesson.get("lesson", ""),
            take=self.i18n.cards(trial.get("take") or []),
        )
        return button("tutorial-try", said)

    def note(self, text):
        """A word about the player's tap (a wrong card, a move the rules refuse)."""
        node = by_id(DIALOG).querySelector(".tut-note")
        if node is not None:
            fill(node, text)
            node.hidden = not text

    # -- the board ------------------------------------------------------------------
    def board(self, view, lesson):
        t = self.i18n.t
        counts = view.get("hand_counts") or [0, 0]
        piles = view.get("piles") or [{}, {}]
        marked = ((lesson or {}).get("move") or {}).get("card")
        taken = ((lesson or {}).get("move") or {}).get("take") or []
        bruno = [self.art.back("mini tut-back") for _ in range(counts[1] if len(counts) > 1 else 0)]
        table = [self.table_card(code, code in taken) for code in view.get("table") or []]
        hand = [self.hand_card(code, code == marked) for code in view.get("hand") or []]
        return h(
            "div",
            {"class": "tut-board"},
            h(
                "p",
                {"class": "tut-seat"},
                t("tutorial.bruno_cards", n=counts[1]),
                h("span", {"class": "tut-backs"}, bruno),
            ),
            h(
                "p",
                {"class": "tut-label"},
                t("tutorial.table"),
                " · ",
                t("tutorial.deck", n=view.get("deck_left", 0)),
            ),
            h("div", {"class": "tut-table", "data-zone": "tutorial-table"}, table),
            h("p", {"class": "tut-label"}, t("tutorial.hand")),
            h("div", {"class": "tut-hand", "data-zone": "tutorial-hand"}, hand),
            h(
                "p",
                {"class": "tut-label muted"},
                t("tutorial.pile", mine=piles[0].get("cards", 0), his=piles[1].get("cards", 0)),
            ),
        )

    def table_card(self, code, taken):
        """A table card: tapping it says to start from the hand (tutorial.py)."""
        card = self.art.image(code, "card tut-card" + (" tut-take" if taken else ""))
        card.setAttribute("data-action", "tutorial-table")
        return card

    def hand_card(self, code, marked):
        attrs = {"data-action": "tutorial-card"}
        if marked:
            attrs["aria-describedby"] = LESSON_ID
        return self.art.button(code, "card tut-card" + (" tut-mark" if marked else ""), attrs)

    # -- the count ------------------------------------------------------------------
    def show_count(self, view, lesson, count_view, said=""):
        """The count, what each line means, the lesson's words; then a real match."""
        t = self.i18n.t
        dlg = self.dialog()
        explain = [h("li", {"data-row": key}, t("tutorial.explain." + key)) for key in EXPLAINED]
        fill(
            dlg,
            dialog_head(DIALOG, t("tutorial.title"), t("btn.close")),
            h(
                "div",
                {"class": "tut-coach", "aria-live": "polite"},
                h("p", {"class": "tut-said"}, said) if said else None,
                h("p", {"class": "tut-lesson"}, t("tutorial.lesson.count")),
            ),
            count_view.table(view),
            h("p", {"class": "tut-label"}, t("tutorial.count_intro")),
            h("ul", {"class": "tut-explain"}, explain),
            h("p", {"class": "tut-done"}, t("tutorial.done")),
            actions_row(
                button("tutorial-again", t("btn.tutorial_again")),
                button("tutorial-play", t("btn.tutorial_play"), "btn primary"),
            ),
        )
        self.mark(dlg, lesson, "count")
        open_dialog(DIALOG)
        first = dlg.querySelector(".btn.primary")
        if first is not None:
            first.focus(to_js({"preventScroll": True}))
        dlg.scrollTop = 0
