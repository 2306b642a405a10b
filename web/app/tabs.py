# One match, any number of tabs (MicroPython, main thread). The app open in two
# tabs of one browser, or the installed app and a tab, share what is saved on
# the device, but each has its own engine worker holding its own copy of the
# match. This module keeps them from losing each other's moves:
#
# - Every save is numbered (storage.py). A page commits a save only if nobody
#   saved since the latest save it knows of: the IndexedDB copy judges, in one
#   transaction (durable.swap), with localStorage's number as a first look (and
#   the only one without IndexedDB). A reply of the engine that cannot be saved
#   so is never drawn: the page catches up instead.
# - Catching up: the newest save is restored in this page's worker and drawn
#   (no animation, nothing counted in the statistics: the tab that made the moves
#   counted them), and the player is told that the match went on elsewhere. A
#   move chosen on the old table is not sent.
# - A page learns of other tabs' saves from the `storage` event of
#   scopa.v1.saved, and looks again when it is shown (visibilitychange, pageshow:
#   a tab in the background, or frozen, may have missed some) and before it sends
#   anything to its worker (GameManager.up_to_date).
# - The tab the person plays in drives the computers. A tab that caught up only
#   follows: it asks its worker for no computer move, unless nothing has been
#   saved for TAKE_OVER_S while a computer is to move (the other tab was closed).

import asyncio
import json

from events import listen, page_window
from phases import phase_of
from pyscript import document
from storage import PREFS, SAVED, STATS, parse_save
from tasks import spawn

TAKE_OVER_S = 10  # a following tab plays the computers itself after this long without a save


class Tabs:
    def __init__(self, manager):
        self.m = manager
        self.following = False  # another tab drives the match; this one shows its saves
        self.pending = False  # a catch-up flow is launched and has not started yet
        self._proxies = []
        listen(page_window(), "storage", self.on_storage, self._proxies)
        listen(page_window(), "pageshow", lambda event: self.look(), self._proxies)
        listen(document, "visibilitychange", lambda event: self.look(), self._proxies)

    # -- what other tabs did -------------------------------------------------------
    def on_storage(self, event):
        key = event.key
        if key is None or key == SAVED:  # None: the whole storage was cleared
            self.look()
        if key is None or key == STATS:
            self.m.saves.stats = None  # read again before the next count
        if key == PREFS:
            prefs = self.m.storage.load_prefs()
            self.m.prefs.clear()
            self.m.prefs.update(prefs)

    def look(self):
        """Catch up soon if another tab saved (one flow at a time, coalesced). Only
        then: a flow waiting for the engine keeps the page from taking taps."""
        if not self.pending and self.m.storage.others_saved():
            self.pending = True
            self.m.launch(self.catch_up_flow())

    async def catch_up_flow(self):
        m = self.m
        await m.acquire()
        self.pending = False
        try:
            changed = await self.catch_up()
        finally:
            m.busy = False
        if not changed:  # this flow may have kept the computers waiting (advance is one flow)
            await m.advance()

    # -- saving ----------------------------------------------------------------------
    def acting(self):
        """The person acts in this tab: from now on it drives the match."""
        self.following = False

    async def replacing(self):
        """The person replaces the match here (a new match, an import): what other tabs
        saved is superseded, by the player's choice, so only its number is taken."""
        entry = await self.newest()
        if entry is not None:
            self.m.storage.seq = entry["seq"]

    async def commit(self, view, record):
        """Save a reply of the worker unless another tab saved since; False if one did
        (nothing is written: the caller catches up and does not draw the reply)."""
        m = self.m
        storage = m.storage
        if storage.others_saved():
            return False
        if record == m.record and view == m.view:
            return True  # nothing new (a restore at start): other tabs need not hear of it
        entry = storage.next_save(view, record)
        if entry is None:
            return True  # the game cannot be saved (unreadable data kept): play goes on
        mirror = storage.mirror
        stored = await mirror.swap(json.dumps(entry), storage.seq) if mirror else None
        if stored is False or (stored is None and storage.others_saved()):
            return False
        storage.write(entry)
        storage.seq = entry["seq"]  # in IndexedDB even if localStorage was full
        return True

    # -- catching up -----------------------------------------------------------------
    async def newest(self):
        """The newest save of any tab, if it is newer than what this page knows of."""
        storage = self.m.storage
        best = None
        mirror = storage.mirror
        if mirror is not None:
            best = parse_save(await mirror.get())
        seq = storage.saved_number()
        if best is None or seq > best["seq"]:
            best = {"seq": seq, "record": storage.record_text(), "view": None}
        return best if best["seq"] > storage.seq else None

    async def catch_up(self, dropped=False):
        """Inside a flow: if another tab saved, restore its save in the worker and draw
        it; True if the page changed. dropped: an action of the player's was not made
        (it was chosen on the older table), which they are told."""
        m = self.m
        dropped = dropped or m.queued is not None
        entry = await self.newest()
        if entry is None:
            return False
        m.storage.seq = entry["seq"]
        text = entry["record"]
        if text is None:  # the match was cleared there: a new one follows
            return False
        m.saves.stats = None
        reply = await m.call("restore", text)
        if not reply.get("ok"):
            m.ui.prompt.status(m.i18n.t("status.error", error=m.i18n.error(reply)))
            return False
        told = dropped or (not self.following and m.view is not None)
        self.following = True
        m.forget_choice()
        m.view = reply["view"]
        m.record = reply.get("record")
        m.show_table()
        m.set_phase(phase_of(m.view, False))  # as it is once this flow ends: nothing waits
        m.updates.after_view(m.view)
        if told:
            said = m.i18n.t("tabs.not_made" if dropped else "tabs.caught_up")
            m.ui.notices.toast(said)
            m.ui.notices.announce(said)
        spawn(self.take_over_later(m.storage.seq))
        return True

    def drives(self):
        """This tab may ask its worker for the computers' moves."""
        return not self.following

    async def take_over_later(self, seq):
        """If the tab this one follows stops saving while a computer is to move (it was
        closed), play the computers here."""
        await asyncio.sleep(TAKE_OVER_S)
        m = self.m
        if self.following and m.storage.seq == seq and m.computer_to_move():
            self.following = False
            await m.advance()
