# How the page starts (MicroPython, main thread): it draws at once the match
# saved on the device, or on a first visit one of the opening tables the build
# dealt into index.html (tappable: a move made now is queued), while the engine
# worker starts; the worker then restores that match (or starts the one the
# page's address asks for) and the game goes on.
#
# Before this runs, web/paint.js has already painted the same table (the saved
# one's image, or the dealt one the build drew with the page's views) and kept
# the cards tapped meanwhile: the start draws the table again, identical, and
# plays those taps in order (take_taps). On a first visit the opening book
# (book.py) answers the first moves until the worker holds the match: `answer`
# gives its replies to GameManager.call, `holds` and `waits` keep every other
# move and computer turn for the engine.

import asyncio
import json

from address import url_settings
from book import Book, move_of
from engine import mark
from painting import already_drawn, early_taps, moves_shown, painted_table
from preferences import translate_static
from pyscript import document, window
from storage import RECORD
from tasks import next_task, spawn
from views.offer import draw_offer

#: the calls the start itself makes while connecting (the others wait for it: answer)
STARTING_CALLS = ("restore", "new_match", "engine_info")

#: how long the start waits for the dealt table's opening book before it takes the taps
#: paint.js keeps (which wait with it) and lets the engine answer the first moves
BOOK_WAIT_MS = 3000

DEFAULT_SETTINGS = {"preset": "scopa", "variants": [], "target": 11, "level": "normal"}


def read_address():
    try:
        return url_settings(window.URLSearchParams.new(window.location.search).get)
    except Exception:
        return {}


def forget_address():
    """URL settings start one match: drop them from the address once that match is
    saved (Opening.connect), so that a reload (or a bookmark of the page) continues
    it instead of replacing it. Not before: a reload while the engine starts (or
    after it failed to) must still find what the address asks for."""
    try:
        if window.location.search:
            window.history.replaceState(None, "", window.location.pathname)
    except Exception as exc:
        window.console.warn("could not tidy the address:", str(exc))


class Opening:
    def __init__(self, manager):
        self.m = manager
        self.url = {}
        self.url_asks = False  # URL settings wait for the player: a match is in progress
        self.first_visit = False  # nothing saved, no match ever started here: offer the guided hand
        self.book = None  # the opening book, while it answers (a dealt table, the engine not up)
        self.dealt = False  # the table drawn at start is one the build dealt
        self.taps_done = False  # the taps made on the painted table are played (take_over)

    def start(self):
        m = self.m
        mark(m.timings, "start")
        view, record = self.saved_or_dealt()
        m.record = record
        m.saves.load_stats()
        drawn = view is not None and already_drawn(view, self.dealt)
        if view is not None and record is not None:
            m.view = view
            m.show_table(drawn)  # drawn: paint.js drew it: drawn again in a later task
            if drawn:
                spawn(self.draw_again())  # and then lets the engine start
        else:
            m.ui.prompt.status(m.i18n.t("status.loading"))
            m.set_phase("loading")
        if self.first_visit and not m.prefs.get("tutorial_seen") and not drawn:
            draw_offer(m.i18n)  # in the first paint too: a quiet bar the game goes on under
        if m.view is not None:
            mark(m.timings, "cached-table")
        m.saves.show_problems()  # saved data that could not be read (kept aside)
        if not drawn:
            m.engine.page_started()
        spawn(self.take_over(view))
        spawn(self.connect())

    async def draw_again(self):
        """The table paint.js drew, drawn by the page itself once the start is done, in
        tasks of their own: the words of index.html outside the table (the dialogs'),
        with the reading of the language's sentences, then the table as it is now, a
        region per task (a phone's whole table was one 60 ms task). It
        looks the same (e2e/test_first_visit.py); drawing it makes it the page's, with
        whatever has happened since (a card tapped meanwhile)."""
        m = self.m
        await next_task()
        translate_static(m.i18n)
        await next_task()
        for part in m.ui.table.parts():
            while m.busy or self.catching_up():  # a move being shown draws the table itself
                await asyncio.sleep(0.05)
            if m.view is None:
                break
            part(m.view)  # the view as it is now: a tap may have moved it since the last part
            await next_task()
        if m.view is not None:
            m.redraw_selection()  # the highlights and the prompt, of the choice as it is now
        mark(m.timings, "drawn-again")
        m.engine.page_started()

    async def take_over(self, view):
        """The opening book of the dealt table paint.js drew (once it is here), then the
        cards and buttons tapped on that table before this page's Python was up, in
        order, as if tapped now (a card through the chooser)."""
        m = self.m
        key = (view or {}).get("key")
        try:
            painted = window.scopaPaint.painted == "first" and await window.scopaPaint.bookWithin(
                BOOK_WAIT_MS
            )
        except Exception as exc:
            window.console.warn("no opening book:", str(exc))
            painted = False
        if painted and m.connecting and m.view is not None and m.view.get("key") == key:
            self.book = Book(m.view, m.record, window.scopaPaint.bookEntry)
        try:
            chooser = m.chooser
            for zone, name in early_taps():
                if zone == "played":
                    await self.catch_up(name)
                elif zone == "hand":
                    chooser.on_hand_card(name)
                elif zone == "table":
                    chooser.on_table_card(name)
                elif zone == "action":  # a button: the one drawn now, as input.py would pass it
                    m.actions.run(name, document.querySelector('#app [data-action="' + name + '"]'))
        finally:
            self.taps_done = True

    def catching_up(self):
        """paint.js shows moves answered from the book that the page has not made yet
        (drawing its table now would draw the dealt one back): until take_over has."""
        return self.dealt and not self.taps_done and moves_shown() > 0

    async def catch_up(self, key):
        """A move paint.js showed answered from the book, with the table after it and
        the computer's answer: made here from the same book, saved and drawn as the
        page draws a reply (the same table: nothing moves, nothing is said twice), so
        that the page holds the very position on screen. Without the book (it could not
        be read here) the card is tapped as if now, as before paint.js answered."""
        m = self.m
        move = move_of(key)
        reply = self.book.answer("play", json.dumps(move)) if self.book is not None else None
        if reply is None:
            m.chooser.on_hand_card(move["card"])
            return
        await m.apply(reply, animate=False, acted=False, quiet=True)
        if self.book.can_step():
            await m.apply(self.book.answer("step", None), animate=False, acted=False, quiet=True)

    async def connect(self):
        m = self.m
        if await m.saves.adopt_durable():
            # localStorage had lost the latest saves (a killed browser): the newer copy
            m.view, m.record = m.storage.load_game()
            m.forget_choice()
            if m.view is not None and m.record is not None:
                m.show_table()
            m.saves.show_problems()
        try:
            await m.engine.connect()
            mark(m.timings, "engine-ready")
            while self.catching_up():  # the moves paint.js showed are made from the book first
                await asyncio.sleep(0.05)
            while self.book is not None and m.busy:  # a move the book answered is being
                await asyncio.sleep(0.05)  # shown (not any flow: they wait for this one)
            self.book = None  # from now on the worker answers, once it holds the match
        except Exception as exc:
            window.console.warn("the engine did not start:", str(exc))  # the details
            m.ui.prompt.status(m.i18n.t("status.no_engine"))
            m.set_phase("error")
            m.connecting = False
            return
        reply = await self.first_reply()
        fresh = m.view is None or reply["view"].get("key") != m.view.get("key")
        if fresh:
            m.forget_choice()
        # another tab may have saved while this one started: then its save is drawn
        # (and a move queued on the older table is not made)
        current = await m.apply(
            reply, animate=False, keep_choice=not fresh, tally=False, acted=False
        )
        forget_address()  # the address's match is saved now (or another tab's drawn)
        if fresh and current:
            m.ui.motion.deal_in()
        mark(m.timings, "engine-table")
        m.saves.show_problems()
        self.ask_about_link()
        await m.link.flow.resume()  # an invitation link, or a match with friends (linking.py)
        await m.clock.restore_used()  # the time used before a reload (move_clock.py)
        m.connecting = False
        m.clock.follow()  # the move clock waited for the engine (move_clock.py)
        queued = m.queued
        m.queued = None
        if queued is not None:  # the move made on the table drawn before the engine
            await m.send(queued)
        else:
            await m.advance()

    # -- until the worker holds the match (GameManager.call, submit, advance) ----------
    async def answer(self, name, arg):
        """The book's reply to `play` or `step`, or None; other calls that need the
        match wait until the worker holds it."""
        if self.book is not None:
            reply = self.book.answer(name, arg)
            if reply is not None:
                return reply
        while self.m.connecting and name not in STARTING_CALLS and not name.startswith("tutorial"):
            await asyncio.sleep(0.05)
        return None

    def holds(self, move):
        """A person's move waits for the engine (queued): it is starting, and the book
        does not have the move."""
        return self.m.connecting and (self.book is None or not self.book.can_play(move))

    def waits(self):
        """The computer's turn waits for the engine: it is starting, and the book does
        not have the answer."""
        return self.m.connecting and (self.book is None or not self.book.can_step())

    async def first_reply(self):
        """The saved match restored in the worker, or a new one (a saved match the
        engine refuses is kept aside, never deleted, and the player is told)."""
        m = self.m
        if m.record is not None:
            reply = await m.call("restore", json.dumps(m.record))
            if reply.get("ok"):
                return reply
            m.storage.quarantine(RECORD, "engine", reply.get("error") or "", reply.get("problem"))
            m.record = None
        reply = await m.call("new_match", json.dumps(self.new_settings(self.first_settings())))
        if not reply.get("ok"):
            reply = await m.call("new_match", json.dumps(DEFAULT_SETTINGS))
        return reply

    def saved_or_dealt(self):
        """(view, record) to draw before the engine is up, or (None, None)."""
        self.url = read_address()
        storage = self.m.storage
        if self.url.get("fresh"):
            storage.clear_game()
        elif self.url.get("settings"):
            # a link with settings never throws away a match in progress unasked
            self.url_asks = self.saved_in_progress()
            if not self.url_asks:
                storage.clear_game()
        view, record = storage.load_game()
        if view is None and record is None:
            url = self.url
            asked = url.get("settings") or "seed" in url or url.get("fresh")
            self.first_visit = not asked and not self.m.prefs.get("settings")
            view, record = self.first_table()
            self.dealt = view is not None
        return (view, record)

    def saved_in_progress(self):
        view, record = self.m.storage.load_game()
        if record is None:
            return False
        if view is not None:
            if view.get("phase") == "match-over":
                return False
            return view.get("hand_no", 1) > 1 or view.get("moves_in_hand", 0) > 0
        hands = record.get("hands") or []
        return len(hands) > 1 or bool(hands and hands[-1].get("moves"))

    def first_table(self):
        """No saved match (a first visit): one of the opening tables the build dealt
        (index.html's #first-table-N, tools/first_tables.py), drawn at once like a saved
        table while Pyodide starts; the worker then restores its record. Only for the
        default match (no URL settings, default settings); else (None, None)."""
        url = self.url
        if url.get("settings") or "seed" in url or "first_dealer" in url:
            return (None, None)
        settings = self.first_settings()
        if settings != DEFAULT_SETTINGS:
            return (None, None)
        try:
            count = document.querySelectorAll('script[id^="first-table-"]').length
            element = document.getElementById("first-table-" + str(painted_table(count)))
            table = json.loads(element.textContent)  # that one only: 4 KB, not 35
            view, record = table["view"], table["record"]
        except Exception:
            return (None, None)
        dealt = view.get("settings") or {}
        for key in settings:
            if dealt.get(key) != settings[key]:
                return (None, None)
        return (view, record)

    def first_settings(self):
        """The settings of this visit's first match: the last new match's, then the URL's."""
        settings = {}
        saved = self.m.prefs.get("settings")
        settings.update(saved if isinstance(saved, dict) else DEFAULT_SETTINGS)
        url = self.url.get("settings")
        if url:
            settings.update(url)
            if "seats" in url and "preset" not in url:
                settings.pop("preset", None)
        return settings

    def new_settings(self, settings):
        """Settings for new_match, with the URL's seed and first dealer if it gave them."""
        out = dict(settings)
        for key in ("seed", "first_dealer"):
            if key in self.url:
                out[key] = self.url[key]
        return out

    def ask_about_link(self):
        """Once the engine is up: the link's settings replace the match in progress
        only if the player agrees."""
        if not self.url_asks:
            return
        self.url_asks = False
        if self.m.in_progress():
            self.m.new_match.ask(self.first_settings())
