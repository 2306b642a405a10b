# Choosing the deck (MicroPython, main thread): the chooser shown with what is
# on the device (deck_store.py), a deck chosen or refused, the figures' names
# switched. Made by preferences.py the first time the chooser is asked for; it
# comes with the rest of the page's Python, not with the start.

from deck_store import DeckStore
from preferences import DECK_TOAST_MS, FAILED_TOAST_MS
from views.decks import DeckChooser
from views.dialogs import close_dialog

DECKS_DIALOG = "dlg-decks"


class DeckChoice:
    def __init__(self, preferences):
        self.prefs = preferences
        self.m = preferences.m
        self.store = DeckStore(self.m)
        self.view = DeckChooser(self.m.i18n, self.store)

    async def open(self):
        await self.store.refresh()
        self.view.show()

    def choose(self, deck):
        """The deck chosen in the chooser: used at once, unless it is not on the device
        and there is no connection to fetch it."""
        i18n = self.m.i18n
        if deck != i18n.deck and not self.store.can_choose(deck):
            self.m.ui.notices.toast(i18n.t("decks.offline"), FAILED_TOAST_MS)
            return
        if deck != i18n.deck:
            self.prefs.use_deck(deck)
            self.m.ui.notices.toast(i18n.t("deck.now", name=i18n.t("deck." + deck)), DECK_TOAST_MS)
        if self.view.is_open():
            close_dialog(DECKS_DIALOG)

    def switch_names(self):
        i18n = self.m.i18n
        i18n.traditional = not i18n.traditional
        self.m.prefs["names"] = "it" if i18n.traditional else "en"
        self.prefs.save()
        self.prefs.redraw()
        if self.view.is_open():
            self.view.show()
