# The player's preferences (MicroPython, main thread): the page's language and
# the deck's style, kept in storage's prefs with the last new match's settings.
# Changing one re-words or redraws the page in place.

from i18n import DECKS, available
from pyscript import document, window
from tasks import spawn

DECK_TOAST_MS = 1500


def translate_static(i18n):
    """The words written in index.html itself (data-i18n: the text; data-i18n-label:
    the name and tooltip of a button; data-i18n-aria: the name of a region)."""
    t = i18n.t
    document.documentElement.lang = i18n.lang
    nodes = document.querySelectorAll("[data-i18n]")
    for k in range(nodes.length):
        el = nodes.item(k)
        el.textContent = t(el.dataset.i18n)
    nodes = document.querySelectorAll("[data-i18n-label]")
    for k in range(nodes.length):
        el = nodes.item(k)
        label = t(el.dataset.i18nLabel)
        el.setAttribute("aria-label", label)
        el.setAttribute("title", label)
    nodes = document.querySelectorAll("[data-i18n-aria]")
    for k in range(nodes.length):
        el = nodes.item(k)
        el.setAttribute("aria-label", t(el.dataset.i18nAria))


class Preferences:
    def __init__(self, manager):
        self.m = manager

    def handlers(self):
        return {"deck": lambda el: self.cycle_deck(), "lang": lambda el: self.switch_lang()}

    def save(self):
        self.m.storage.save_prefs(self.m.prefs)

    def cycle_deck(self):
        i18n = self.m.i18n
        deck = i18n.deck
        i18n.deck = DECKS[(DECKS.index(deck) + 1) % len(DECKS)] if deck in DECKS else DECKS[0]
        self.m.prefs["deck"] = i18n.deck
        self.save()
        if self.m.view is not None:
            self.m.draw()
            self.m.prompt()
        name = i18n.t("deck." + i18n.deck)
        self.m.ui.notices.toast(i18n.t("deck.now", name=name), DECK_TOAST_MS)

    def switch_lang(self):
        """The other language: at once when its sentences are in MicroPython's files
        (web/pyscript-strict.mjs writes them after the rest of the page), else once
        they have come."""
        lang = "it" if self.m.i18n.lang == "en" else "en"
        if available(lang):
            self.use_lang(lang)
        else:
            spawn(self.fetch_lang(lang))

    async def fetch_lang(self, lang):
        try:
            await window.scopaPage.strings(lang)
        except Exception as exc:  # offline on a first visit, before they came: not now
            window.console.warn("no sentences for", lang, str(exc))
            self.m.ui.notices.toast(self.m.i18n.t("lang.not_here"), DECK_TOAST_MS * 2)
            return
        self.use_lang(lang)

    def use_lang(self, lang):
        i18n = self.m.i18n
        i18n.lang = lang
        self.m.prefs["lang"] = i18n.lang
        self.save()
        translate_static(i18n)
        if self.m.view is not None:
            self.m.draw()
        self.m.prompt()
        if self.m.ui.help_open():
            self.m.actions.run("help")
