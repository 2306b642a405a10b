# Which decks' pictures are on this device (MicroPython, main thread), and
# fetching the others in idle time.
#
# Only the default deck comes with the first visit (index.html holds its sprite;
# sw.js precaches its file). Every other deck's sprite (cards/<deck>.svg) and
# its chooser picture (cards/previews/<deck>.svg) are fetched when the deck is
# chosen, or here in idle time once a service worker controls the page; sw.js
# keeps each one it serves from the network in its cache, so it is there
# offline. A deck is "on the device" when the cache has its sprite; offline,
# the chooser offers only those (views/decks.py).

import asyncio

from i18n import DECKS, DEFAULT_DECK
from pyscript import window

FIRST_WAIT_S = 5  # after the service worker takes over: the start is long done
BETWEEN_S = 0.5  # one file at a time, spaced out, never while the game is busy
CONTROLLER_WAIT_S = 120  # a first visit's worker installs the whole site first


def sprite_path(deck):
    return "cards/" + deck + ".svg"


def preview_path(deck):
    return "cards/previews/" + deck + ".svg"


class DeckStore:
    def __init__(self, manager):
        self.m = manager
        self.here = {DEFAULT_DECK}  # decks known to be on the device

    def online(self):
        try:
            return bool(window.navigator.onLine)
        except Exception:
            return True

    def can_choose(self, deck):
        """On the device, or a connection to fetch it."""
        return deck in self.here or self.online()

    async def cached(self, path):
        """True when the app's cache holds ``path``."""
        try:
            found = await window.caches.match(path)
            return bool(found.ok)
        except Exception:  # not there (None), or no Cache Storage (an insecure page)
            return False

    async def refresh(self):
        """Look every deck up in the cache again (the chooser asks before drawing): the
        browser may have let one go since."""
        here = {DEFAULT_DECK}
        for deck in DECKS:
            if deck not in here and await self.cached(sprite_path(deck)):
                here.add(deck)
        self.here = here

    def loaded(self, deck):
        """The deck's sprite came (views/cards.py): through sw.js it is kept now."""
        self.here.add(deck)

    async def fetch_all_later(self):
        """Every deck's sprite and picture, one at a time, once a service worker can keep
        them and the game is idle; none on a connection that asks to save data."""
        nav = window.navigator
        if not hasattr(nav, "serviceWorker") or self.saving_data():
            return
        waited = 0
        while nav.serviceWorker.controller is None and waited < CONTROLLER_WAIT_S:
            await asyncio.sleep(1)
            waited += 1
        if nav.serviceWorker.controller is None:
            return
        await asyncio.sleep(FIRST_WAIT_S)
        await self.refresh()
        for deck in DECKS:
            for path in (preview_path(deck), sprite_path(deck)):
                if path == sprite_path(deck) and deck in self.here:
                    continue
                if not await self.cached(path):
                    await self.fetch_when_idle(path)
            if await self.cached(sprite_path(deck)):
                self.here.add(deck)

    async def fetch_when_idle(self, path):
        while self.m.busy or not self.online():
            await asyncio.sleep(BETWEEN_S)
        try:
            response = await window.fetch(path)
            if response.ok:
                await response.arrayBuffer()  # read whole: sw.js stores it as it passes
        except Exception:
            pass
        await asyncio.sleep(BETWEEN_S)

    def saving_data(self):
        try:
            return bool(window.navigator.connection.saveData)
        except Exception:
            return False
