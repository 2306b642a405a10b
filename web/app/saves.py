# Saved games on the page (MicroPython, main thread): what to do with saved data
# that cannot be read, exporting and importing match records, and statistics.
# The screens are views (views/saved.py, views/games.py, views/statistics.py);
# this module is their flow.
#
# A record file is checked by the engine (scopa_core.record) before anything
# changes: a bad one gets the checker's sentence, and the match in progress
# stays as it was. An imported unfinished match continues here; a finished one
# shows its final count.

import asyncio
import json

import stats as tally
from actions import index_of
from dom import by_id
from downloads import download, file_stamp
from pyscript import window
from pyscript.ffi import create_proxy
from storage import match_id
from tasks import spawn
from views.dialogs import close_dialog

DURABLE_WAIT_S = 5


class Saves:
    def __init__(self, manager):
        self.m = manager
        self.stats = None
        self.pending_import = None
        self.pending_discard = None
        self.told = 0  # problems[:told] were acknowledged by the player
        self._views = {}
        self._proxies = [create_proxy(self.on_file)]
        box = by_id("import-file")
        if box is not None:
            box.addEventListener("change", self._proxies[0])
        self._kept = None  # kept_games.KeptGames: made on first use, not at the start

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    def view(self, name):
        """A screen of this module, made on first use (its code is compiled only then)."""
        screen = self._views.get(name)
        if screen is None:
            if name == "games":
                from views.games import GamesView as screen_class
            elif name == "statistics":
                from views.statistics import StatisticsView as screen_class
            else:
                from views.saved import SavedProblems as screen_class
            screen = self._views[name] = screen_class(self.m.i18n)
        return screen

    def kept(self):
        """The finished matches kept on the device (kept_games.py), made on first use:
        its modules are not in the start pack (the first visit's download)."""
        if self._kept is None:
            from kept_games import KeptGames

            self._kept = KeptGames(self)
        return self._kept

    def from_link(self, reply):
        """A link reply: the one that starts a rematch keeps the finished match."""
        if isinstance(reply.get("previous_record"), dict):
            self.kept().keep(reply["previous_record"], self.m.view)

    def handlers(self):
        return {
            "kept-export": lambda el: self.kept().export(index_of(el)),
            "kept-review": lambda el: self.kept().review(index_of(el)),
            "games": lambda el: self.open_games(),
            "stats": lambda el: self.open_stats(),
            "export": lambda el: spawn(self.export()),
            "import": lambda el: self.choose_file(),
            "confirm-import": lambda el: self.confirmed_import(),
            "reset-stats": lambda el: self.m.ui.confirm.ask(
                self.t("confirm.reset_stats"), "confirm-reset-stats", self.t("btn.yes_reset")
            ),
            "confirm-reset-stats": lambda el: self.reset_stats(),
            "saved-download": lambda el: self.download_entry(self.m.storage.problems, index_of(el)),
            "saved-afresh": lambda el: self.afresh(),
            "unreadable-download": lambda el: self.download_entry(
                self.m.storage.unreadable(), index_of(el)
            ),
            "unreadable-discard": lambda el: self.ask_discard(index_of(el)),
            "confirm-discard": lambda el: self.discard(),
        }

    # -- statistics -------------------------------------------------------------
    def load_stats(self):
        if self.stats is None:
            self.stats = self.m.storage.load_stats(tally.valid) or tally.empty()
        return self.stats

    def after_apply(self, view, record, live=True):
        """Count a finished hand or match once (see stats.tally); a finished match
        replaced by another is kept (kept_games.py)."""
        over = isinstance(view, dict) and view.get("phase") == "match-over"
        if over or self._kept is not None:  # nothing to keep before a match is over
            self.kept().seen(view, record)
        data = self.load_stats()
        try:
            changed = tally.tally(data, view, match_id(record), live)
        except Exception as exc:  # statistics never stop a game
            window.console.warn("statistics:", str(exc))
            return
        if changed:
            self.m.storage.save_stats(data)

    def reset_stats(self):
        close_dialog("dlg-confirm")
        data = self.load_stats()
        data["groups"] = []  # `seen` stays: what was counted is never counted again
        self.m.storage.save_stats(data)
        self.open_stats()

    def open_stats(self):
        self.view("statistics").open(self.load_stats())

    async def adopt_durable(self):
        """Take the IndexedDB copy of the game if it is newer than localStorage's
        (a killed browser); True if the saved game changed (see durable.py)."""
        mirror = self.m.storage.mirror
        if mirror is None:
            return False
        try:
            text = await asyncio.wait_for(mirror.get(), DURABLE_WAIT_S)
            stats_text = await asyncio.wait_for(mirror.get("stats"), DURABLE_WAIT_S)
        except Exception as exc:
            window.console.warn("IndexedDB copy not read:", str(exc))
            return False
        if stats_text and self.m.storage.adopt_stats(stats_text):
            self.stats = None
            self.load_stats()
        return bool(text) and self.m.storage.adopt(text)

    # -- unreadable saved data ------------------------------------------------------
    def show_problems(self):
        """Tell the player about saved data that could not be read during this visit."""
        problems = self.m.storage.problems
        if len(problems) > self.told:
            self.view("saved").show(problems, self.told)

    def afresh(self):
        self.told = len(self.m.storage.problems)
        close_dialog("dlg-saved")

    def download_entry(self, entries, index):
        if index is None or not 0 <= index < len(entries):
            return
        entry = entries[index]
        ext = ".txt" if entry.get("reason") == "corrupt" else ".json"
        name = "scopa-unreadable-" + (entry.get("what") or "data") + "-" + file_stamp() + ext
        download(name, entry.get("text") or "", "text/plain")

    def ask_discard(self, index):
        self.pending_discard = index
        self.m.ui.confirm.ask(
            self.t("confirm.discard"), "confirm-discard", self.t("btn.yes_discard")
        )

    def discard(self):
        close_dialog("dlg-confirm")
        if self.pending_discard is not None:
            self.m.storage.discard(self.pending_discard)
            self.pending_discard = None
        if self.view("games").is_open():
            self.open_games()

    # -- export and import ------------------------------------------------------------
    def open_games(self):
        storage = self.m.storage
        has_record = self.m.record is not None or storage.record_text() is not None
        kept = self.kept().entries()  # first: a damaged list is among the unreadable then
        self.view("games").open(has_record, storage.unreadable(), kept)

    async def export(self):
        """The match as the engine writes it; the saved text while the engine starts."""
        text = None
        if self.m.engine.ready and not self.m.connecting:
            reply = await self.m.call("export_record")
            if reply.get("ok"):
                text = reply.get("text")
        if text is None:
            text = self.m.storage.record_text()
        if text is None and self.m.record is not None:
            text = json.dumps(self.m.record)
        if text is None:
            self.message(self.t("games.nothing"), False)
            return
        download("scopa-" + file_stamp() + ".json", text)
        self.message(self.t("games.exported"), True)

    def choose_file(self):
        box = by_id("import-file")
        box.value = ""
        box.click()

    def on_file(self, event):
        files = event.target.files
        if files is None or files.length == 0:
            return
        spawn(self.read_file(files.item(0)))

    async def read_file(self, file):
        try:
            text = str(await file.text())
        except Exception:
            self.message(self.t("games.unreadable_file"), False)
            return
        by_id("import-file").value = ""
        self.m.launch(self.import_flow(text))

    def confirmed_import(self):
        close_dialog("dlg-confirm")
        text = self.pending_import
        self.pending_import = None
        if text is not None:
            self.m.launch(self.import_flow(text, confirmed=True))

    async def import_flow(self, text, confirmed=False):
        m = self.m
        await m.acquire()
        imported = False
        try:
            if not confirmed:
                checked = await m.call("check_import", text)
                if not checked.get("ok"):
                    self.refused(checked)
                    return
                if m.in_progress():
                    self.pending_import = text
                    m.ui.confirm.ask(
                        self.t("confirm.import"), "confirm-import", self.t("btn.yes_import")
                    )
                    return
            m.tabs.acting()
            await m.tabs.replacing()  # the file replaces whatever other tabs saved
            reply = await m.call("import_record", text)
            if not reply.get("ok"):
                self.refused(reply)
                return
            close_dialog("dlg-games")
            m.forget_choice()
            if not await m.apply(reply, animate=False, tally=False):
                return
            m.ui.notices.toast(self.t("games.imported"), 2500)
            imported = True
        finally:
            m.busy = False
        if imported:
            await m.advance()

    def refused(self, reply):
        """The checker's sentence, with where it went wrong (counted from one)."""
        where = ""
        hand = reply.get("hand")
        move = reply.get("move")
        if isinstance(hand, int) and isinstance(move, int):
            where = " " + self.t("games.where_move", hand=hand + 1, move=move + 1)
        elif isinstance(hand, int):
            where = " " + self.t("games.where_hand", hand=hand + 1)
        said = self.m.i18n.error(reply)
        self.message(self.t("games.import_bad", error=said) + where, False)

    def message(self, text, ok):
        games = self.view("games")
        if not games.is_open():
            self.open_games()
        games.message(text, ok)
