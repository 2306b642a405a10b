# The player's preferences (MicroPython, main thread): the page's language, the
# deck (chosen through deck_choice.py, its pictures kept by deck_store.py) and,
# on the English page, whether the figures go by their Italian names; kept in
# storage's prefs with the last new match's settings. Changing one re-words or
# redraws the page in place.

from i18n import available
from pyscript import document, window
from tasks import spawn

DECK_TOAST_MS = 1500
FAILED_TOAST_MS = 4000  # a deck that could not be had: longer to read


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
        self.decks = None  # deck_choice.DeckChoice, made when first needed
        # (deck, the choice before it): a deck chosen here whose pictures have not come
        self.trying = None
        manager.i18n.traditional = manager.prefs.get("names") == "it"
        manager.ui.art.on_sprite = self.on_sprite

    def handlers(self):
        return {
            "deck": lambda el: spawn(self.open_decks()),
            "choose-deck": lambda el: self.decks.choose(el.dataset.deck),
            "deck-names": lambda el: self.decks.switch_names(),
            "lang": lambda el: self.switch_lang(),
        }

    def save(self):
        self.m.storage.save_prefs(self.m.prefs)

    async def deck_choice(self):
        """The deck chooser's flow (deck_choice.py), made the first time it is needed:
        it comes with the rest of the page's Python (web/pyscript-strict.mjs), waited
        for here, so the start does not carry it."""
        if self.decks is None:
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                await window.scopaPage.rest
            except Exception:  # a page without the packs: its modules are all there
                pass
            from deck_choice import DeckChoice

            self.decks = DeckChoice(self)
        return self.decks

    async def open_decks(self):
        await (await self.deck_choice()).open()

    async def fetch_other_decks(self):
        """The other decks, kept for offline play (lazy_files.py, once sw.js controls
        the page)."""
        await (await self.deck_choice()).store.fetch_all()

    def use_deck(self, deck):
        self.trying = (deck, self.m.prefs.get("deck"))
        self.m.i18n.deck = deck
        self.m.prefs["deck"] = deck
        self.save()
        self.redraw()

    def on_sprite(self, deck, loaded):
        """A deck's sprite came (it is on the device now) or could not be fetched: the
        page goes back to the deck whose pictures it still has. A deck just chosen goes
        back as a choice too; the deck chosen before this visit stays the player's
        choice (shown again once its pictures can be had: a server down, a cache lost)."""
        trying = self.trying if self.trying is not None and self.trying[0] == deck else None
        if trying is not None:
            self.trying = None
        if loaded:
            if self.decks is not None:  # else the store, when made, looks in the cache
                self.decks.store.loaded(deck)
            return
        i18n = self.m.i18n
        if deck != i18n.deck:
            return
        i18n.deck = self.m.ui.art.shown_deck()
        if trying is not None and trying[0] == deck:
            self.m.prefs["deck"] = trying[1] or i18n.deck
            self.save()
        self.redraw()
        name = i18n.t("deck." + deck)
        self.m.ui.notices.toast(i18n.t("decks.failed", name=name), FAILED_TOAST_MS)

    def redraw(self):
        if self.m.view is not None:
            self.m.draw()
            self.m.prompt()

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
