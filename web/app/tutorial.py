# The guided first hand (MicroPython, main thread): a fixed deal that teaches
# the game move by move (scopa_core/tutorial.py holds the script; the worker's
# tutorial_* functions play it, docs/web-api.md). The player taps the card the
# coach marks; any other tap is explained and nothing is played; Bruno's moves
# come from the script. It runs in the worker apart from the player's match and
# nothing of it is saved, so the match in progress is there again when the
# dialog closes. Offered once on a first visit (a quiet bar, dismissible) and
# always from the help ("Guided first hand", data-action="tutorial"). The
# worker's replies come from the build's recording of them (guided_replies.py):
# the hand is the same every time, so it starts at once, also before Pyodide.

import asyncio
import json

from guided_replies import GuidedReplies
from narration import describe
from pyscript import window
from tasks import spawn
from views.dialogs import close_dialog
from views.offer import draw_offer, remove_offer

#: the pause before each of Bruno's moves, so the player sees what happens
BRUNO_PAUSE = 0.7
SEEN = "tutorial_seen"  # prefs: the offer was taken or dismissed
RECORDING = "book/tutorial.json"  # tools/guided_hand.py


class TutorialFlow:
    def __init__(self, manager):
        from views.tutorial import TutorialView

        self.m = manager
        self.ui = TutorialView(manager.i18n, manager.ui.art)
        self.view = None
        self.lesson = None
        self.running = False  # a worker call or Bruno's moves under way
        self.replies = None  # the build's recording of the worker's replies (recorded())
        self.asked_for_replies = False

    def handlers(self):
        return {
            "tutorial": lambda el: self.begin(),
            "tutorial-card": lambda el: self.on_card(el),
            "tutorial-table": lambda el: self.on_table(),
            "tutorial-try": lambda el: spawn(self.trial()),
            "tutorial-again": lambda el: self.begin(),
            "tutorial-play": lambda el: self.play_match(),
            "tutorial-offer-yes": lambda el: self.begin(),
            "tutorial-offer-no": lambda el: self.dismiss(),
        }

    # -- the offer on a first visit -------------------------------------------------
    def offer(self):
        """A quiet bar above the table (views/offer.py); the game goes on under it."""
        draw_offer(self.m.i18n)

    def dismiss(self):
        remove_offer()
        if not self.m.prefs.get(SEEN):
            self.m.prefs[SEEN] = True
            self.m.storage.save_prefs(self.m.prefs)

    # -- the hand -------------------------------------------------------------------
    def begin(self):
        self.dismiss()
        close_dialog("dlg-help")
        close_dialog("dlg-count")
        self.view = None
        self.lesson = None
        spawn(self.run("tutorial_start"))

    async def run(self, name, arg=None):
        """One worker call, drawn; then Bruno's moves until it is Anna's turn."""
        while self.running:
            await asyncio.sleep(0.05)
        self.running = True
        try:
            reply = await self.ask(name, arg)
            if name != "tutorial_start" and not self.ui.is_open():
                return  # closed meanwhile: it stays closed
            if not self.draw(reply, self.said(reply)):
                return
            while self.lesson.get("seat") == 1:
                await asyncio.sleep(BRUNO_PAUSE)
                if not self.ui.is_open():
                    return  # the player left the guided hand
                reply = await self.ask("tutorial_step")
                if not self.ui.is_open() or not self.draw(reply, self.said(reply)):
                    return
        finally:
            self.running = False

    def said(self, reply):
        """The move just made in words (and the leftovers, a new round)."""
        event = reply.get("event") if reply.get("ok") else None
        if not event:
            return "" if self.view is not None else self.m.i18n.t("tutorial.intro")
        view = reply["view"]
        left = event.get("leftover")
        moved = {k: v for k, v in event.items() if k != "leftover"}  # said below, with the cards
        text = describe(moved, view, self.m.i18n)
        if left and left.get("cards"):
            cards = self.m.i18n.cards(left["cards"])
            text += " " + self.m.i18n.t(
                "tutorial.leftover", cards=cards, name=view["seats"][0]["name"]
            )
        return text

    def draw(self, reply, said):
        if not reply.get("ok"):
            if self.ui.is_open():
                self.ui.note(self.m.i18n.error(reply))
            return False
        self.view = reply["view"]
        self.lesson = reply.get("lesson") or {}
        if self.lesson.get("lesson") == "count":
            self.ui.show_count(self.view, self.lesson, self.m.ui.count, said)
            return False
        self.ui.show(self.view, self.lesson, said)
        return True

    # -- the player's taps ------------------------------------------------------------
    def on_card(self, el):
        lesson = self.lesson or {}
        if el is None or self.running or lesson.get("seat") != 0:
            return
        move = lesson.get("move") or {}
        code = el.dataset.card
        if code != move.get("card"):
            card = self.m.i18n.card(move.get("card", ""))
            self.ui.note(self.m.i18n.t("tutorial.wrong", card=card))
            return
        spawn(self.run("tutorial_play", json.dumps(move)))

    def on_table(self):
        move = (self.lesson or {}).get("move") or {}
        if (self.lesson or {}).get("seat") == 0 and not self.running:
            card = self.m.i18n.card(move.get("card", ""))
            self.ui.note(self.m.i18n.t("tutorial.wrong_table", card=card))

    async def trial(self):
        """The lesson's other move, for the engine to refuse: its reason, nothing played."""
        trial = (self.lesson or {}).get("trial")
        if trial is None or self.running:
            return
        reply = await self.ask("tutorial_why", json.dumps(trial))
        if reply.get("ok") and reply.get("why"):
            why = self.m.i18n.error({"error": reply["why"], "problem": reply.get("problem")})
            self.ui.note(self.m.i18n.t("tutorial.refused", why=why))

    # -- the worker's replies, recorded by the build ---------------------------------
    async def ask(self, name, arg=None):
        """The worker's reply to a tutorial_* call: from the build's recording of it
        (guided_replies.py: at once, offline, Pyodide or not), else from the worker."""
        replies = await self.recorded()
        if replies is not None:
            reply = replies.answer(name, json.loads(arg) if arg else None)
            if reply is not None:
                return reply
        return await self.m.call(name, arg)

    async def recorded(self):
        """The recording (book/tutorial.json, precached), read on first use."""
        if self.replies is None and not self.asked_for_replies:
            self.asked_for_replies = True
            try:
                response = await window.fetch(RECORDING)
                if not response.ok:
                    raise RuntimeError("HTTP " + str(response.status))
                self.replies = GuidedReplies(json.loads(await response.text()))
            except Exception as exc:  # the worker answers instead, once it is up
                window.console.warn("no recording of the guided hand:", str(exc))
        return self.replies

    def play_match(self):
        """The end: back to the match in progress, or a new one's settings."""
        self.ui.close()
        if not self.m.in_progress():
            self.m.actions.run("new")
