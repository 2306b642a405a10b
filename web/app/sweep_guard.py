# The sweep warning (MicroPython, main thread): before a card is put down (a
# move that takes nothing) the worker says the chance that the next player
# sweeps the table it leaves (scopa_core/table/coaching.py `sweep_risk`, from the person's
# own view; on a friend's device linking.py asks `guest_sweep_risk`, from the
# seat view its host sent); from 1% up, the prompt says so quietly, and the move waits for
# "Play it anyway" (a second tap on the card, or Enter) or "Choose again"
# (Escape, or any other card). Never for a capture. A setting of the match
# (settings.sweep_warning); without it, on at the easy and normal levels.
# While the engine starts on a first visit, the opening book's chance is said
# (book.py); a move out of the book goes to the engine unwarned, as it is queued.
# Until then every redraw of the prompt (GameManager.prompt: a friend's
# device's message, the deck or the language changed) draws the note again.

import json

from coach_words import is_put_down, same_move, warns
from pyscript import document
from tasks import spawn

LEAST_PERCENT = 1


def mark_card(code):
    found = document.querySelectorAll("#hand .sweep-card")
    for k in range(found.length):
        found.item(k).classList.remove("sweep-card")
    if code:
        card = document.querySelector('#hand [data-card="' + str(code) + '"]')
        if card is not None:
            card.classList.add("sweep-card")


def note_shown():
    return document.querySelector('#actions [data-action="sweep-anyway"]') is not None


class SweepGuard:
    def __init__(self, manager):
        self.m = manager
        self.held = None  # the put-down move waiting for the player's word
        self.key = None  # the position it was held in
        self.percent = 0  # the chance the note says

    def handlers(self):
        return {"sweep-anyway": lambda el: self.anyway(), "sweep-again": lambda el: self.again()}

    def holds(self, move):
        """True when `move` must wait: it is checked first, and maybe warned about."""
        m = self.m
        view = m.view or {}
        if self.held is not None and same_move(self.held, move) and note_shown():
            self.held = None  # the same card again: the player insists
            mark_card(None)
            return False
        self.held = None
        if not warns(view.get("settings")) or not is_put_down(move):
            return False
        if m.connecting:
            return self.from_book(move)
        self.held = move
        self.key = view.get("key")
        m.busy = True  # until the chance is known: no second move meanwhile
        spawn(self.check(move))
        return True

    def from_book(self, move):
        """While the engine starts: the chance the opening book holds for the move
        (tools/opening_book.py, from the same coach); a move out of the book is queued
        for the engine as it is."""
        book = self.m.opening.book
        percent = book.risk(move) if book is not None else None
        if percent is None or percent < LEAST_PERCENT:
            return False
        self.held = move
        self.key = (self.m.view or {}).get("key")
        self.warn(move, percent)
        return True

    async def check(self, move):
        m = self.m
        try:
            reply = await m.call("sweep_risk", json.dumps(move))
        finally:
            m.busy = False
        if self.held is not move:
            return
        percent = reply.get("percent", 0) if reply.get("ok") else 0
        if percent < LEAST_PERCENT:
            self.held = None
            m.submit(move, checked=True)
            return
        self.warn(move, percent)

    def warn(self, move, percent, say=True):
        self.percent = percent
        t = self.m.i18n.t
        card = self.m.i18n.card(move.get("card"))
        text = t("sweep.note", card=card, percent=percent)
        self.m.ui.prompt.show(
            text,
            [
                ("sweep-again", t("btn.sweep_again"), False),
                ("sweep-anyway", t("btn.sweep_anyway"), True),
            ],
        )
        mark_card(move.get("card"))
        if say:
            self.m.ui.notices.announce(text)

    def redraw(self):
        """GameManager.prompt: True when the note is drawn again (in the page's
        language, its card marked, not said again) because its move is still held
        on the same position. A redraw that is not the player's word (a friend's
        device's message, the clock, the deck or the language changed) must not
        turn the note back into "Your turn" while the move waits."""
        move = self.current()
        if move is None:
            return False
        self.warn(move, self.percent, say=False)
        return True

    def current(self):
        """The held move, if it is still the position's and the note still shows."""
        if self.held is None or self.key != (self.m.view or {}).get("key") or not note_shown():
            return None
        return self.held

    def anyway(self):
        move = self.current()
        self.clear()
        if move is not None and self.m.my_turn() and not self.m.busy:
            self.m.submit(move, checked=True)

    def again(self):
        self.clear()
        self.m.prompt()

    def clear(self):
        self.held = None
        mark_card(None)

    def on_key(self, key, on_button):
        if self.current() is None:
            return False
        if key == "Escape":
            self.again()
            return True
        if key == "Enter" and not on_button:
            self.anyway()
            return True
        return False

    def after_view(self, view):
        if self.held is not None and view.get("key") != self.key:
            self.clear()
