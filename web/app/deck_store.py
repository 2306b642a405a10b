# Which decks' pictures are on this device (MicroPython, main thread), and
# fetching the others in idle time.
#
# Only the default deck comes with the first visit (index.html holds its sprite;
# sw.js precaches its file). Every other deck's sprite (cards/<deck>.svg, or in a
# short window cards/short/<deck>.svg: the same cards drawn 2:3) and
# its chooser picture (cards/previews/<deck>.svg) are fetched when the deck is
# chosen, or here in idle time once a service worker controls the page
# (lazy_files.py); sw.js keeps each one it serves from the network in its
# cache, so it is there offline. A deck is "on the device" when the cache has its sprite; offline,
# the chooser offers only those (views/decks.py).

import lazy_files
from i18n import DECKS, DEFAULT_DECK
from views.cards import sprite_path


def preview_path(deck):
    return "cards/previews/" + deck + ".svg"


class DeckStore:
    def __init__(self, manager):
        self.m = manager
        self.here = {DEFAULT_DECK}  # decks known to be on the device

    def can_choose(self, deck):
        """On the device, or a connection to fetch it."""
        return deck in self.here or lazy_files.online()

    async def refresh(self):
        """Look every deck up in the cache again (the chooser asks before drawing): the
        browser may have let one go since."""
        here = {DEFAULT_DECK}
        for deck in DECKS:
            if deck not in here and await lazy_files.cached(sprite_path(deck)):
                here.add(deck)
        self.here = here

    def loaded(self, deck):
        """The deck's sprite came (views/cards.py): through sw.js it is kept now."""
        self.here.add(deck)

    async def fetch_all(self):
        """Every deck's sprite and picture not on the device, one at a time when the game
        is idle (lazy_files.py calls this once a service worker can keep them)."""
        await self.refresh()
        for deck in DECKS:
            for path in (preview_path(deck), sprite_path(deck)):
                if path == sprite_path(deck) and deck in self.here:
                    continue
                if not await lazy_files.cached(path):
                    await lazy_files.fetch_when_idle(self.m, path)
            if await lazy_files.cached(sprite_path(deck)):
                self.here.add(deck)
