# Card pictures (MicroPython, main thread): faces, backs, and the deck's sprite.
#
# The current deck's sprite (sprite_path, below: one <symbol> per card) is in
# the page under #card-sprite (its ids come prefixed with "card-" from
# tools/cards/sprite.py): the default deck's comes in index.html (the build
# puts it there), another deck's is fetched when chosen. The store is hidden
# (display: none, not laid out; <use> still draws from it). Every card is
# <svg><use href="#card-7D"></svg>. (An external reference,
# <use href="cards/french.svg#7D">, made Chromium fetch and parse the whole
# sprite document again about once a move: 50-250 ms main-thread tasks.)
# Every card element carries data-card (its code): a published test hook.

from dom import by_id, h, parse_fragment, s
from i18n import DEFAULT_DECK
from pyscript import document, window
from tasks import spawn

SPRITE_STORE = "card-sprite"
SPRITE_ID = "card-"
# A card's <svg> has no viewBox: the symbol's own (0 0 200 H, H the pattern's
# length: tools/cards/shape.py) fills the box style.css gives the card, which
# is as long as the deck's cards (--card-ratio).


def short_cards():
    """Whether this page draws every deck 2:3, from cards/short/ (paint.js decides it by
    the window's height as the page opens, and marks <html data-cards="short">)."""
    return document.documentElement.getAttribute("data-cards") == "short"


def sprite_path(deck):
    """The deck's sprite for this page: a long pattern's 2:3 one in a short window."""
    if deck != DEFAULT_DECK and short_cards():
        return "cards/short/" + deck + ".svg"
    return "cards/" + deck + ".svg"


def painted_deck_load():
    """paint.js's load of the player's deck (scopaPaint.deckLoad), None without one."""
    paint = getattr(window, "scopaPaint", None)
    return None if paint is None else getattr(paint, "deckLoad", None)


class CardArt:
    def __init__(self, i18n):
        self.i18n = i18n
        # the deck whose sprite is loaded or being loaded: index.html comes with
        # the default deck's (tools/build.py default_sprite_text)
        store = by_id(SPRITE_STORE)
        here = store is not None and store.firstElementChild is not None
        self.sprite_deck = (store.dataset.deck or None) if here else None
        self.on_sprite = None  # (deck, loaded) -> None: preferences.py listens
        load = painted_deck_load()
        if load is not None and load.deck and load.deck != self.sprite_deck:
            # paint.js asked for it already: wait for that, not a second fetch and parse
            self.sprite_deck = str(load.deck)
            spawn(self.after_painted_load(load))

    def shown_deck(self):
        """The deck whose sprite is in the page now (the default one if none is)."""
        store = by_id(SPRITE_STORE)
        shown = store.dataset.deck if store is not None else None
        return shown or DEFAULT_DECK

    def href(self, code):
        """A card's symbol in this page (the sprite is loaded on first use and
        when the deck changes)."""
        if self.sprite_deck != self.i18n.deck:
            self.sprite_deck = self.i18n.deck
            spawn(self.load_sprite(self.sprite_deck))
        return "#" + SPRITE_ID + code

    def picture(self, code, hidden=True):
        attrs = {"focusable": "false"}
        if hidden:
            attrs["aria-hidden"] = "true"
        return s("svg", attrs, s("use", {"href": self.href(code)}))

    def button(self, code, cls="card", attrs=None):
        """A card the player can tap (hand and table)."""
        props = {"type": "button", "class": cls, "data-card": code}
        props["aria-label"] = self.i18n.card(code)
        if attrs:
            props.update(attrs)
        return h("button", props, self.picture(code))

    def image(self, code, cls="card", tag="span"):
        """A card shown, not tapped (last moves, piles, the count, animations)."""
        props = {"class": cls, "data-card": code, "role": "img"}
        props["aria-label"] = self.i18n.card(code)
        return h(tag, props, self.picture(code))

    def back(self, cls="card back"):
        return h(
            "span",
            {"class": cls, "aria-hidden": "true"},
            s(
                "svg",
                {"focusable": "false"},
                s("use", {"href": self.href("back")}),
            ),
        )

    async def after_painted_load(self, load):
        """paint.js's load of the player's deck has ended: fetched again here only if it
        failed (and the deck is still the one wanted), as a load of the page's own."""
        try:
            loaded = bool(await load.done)
        except Exception:
            loaded = False
        if not loaded and self.sprite_deck == str(load.deck):
            await self.load_sprite(self.sprite_deck)

    async def load_sprite(self, deck):
        try:
            response = await window.fetch(sprite_path(deck))
            if not response.ok:
                raise RuntimeError("HTTP " + str(response.status))
            text = await response.text()
        except Exception as exc:
            window.console.warn("card pictures not loaded:", str(exc))
            if self.on_sprite is not None:
                # the page goes back to the deck it has (preferences.py)
                self.sprite_deck = self.shown_deck()
                self.on_sprite(deck, False)
            elif self.sprite_deck == deck:
                self.sprite_deck = None  # try again at the next drawing
            return
        if deck != self.i18n.deck:
            return  # the deck changed meanwhile: its own load puts it in
        store = by_id(SPRITE_STORE)
        if store is None:
            store = h("div", {"id": SPRITE_STORE, "hidden": ""})
            document.body.appendChild(store)
        # our own static sprite; tools/cards/sprite.py prefixes its ids with SPRITE_ID,
        # so they cannot clash with the page's and nothing is rewritten here
        svg = parse_fragment(text, "image/svg+xml")
        store.replaceChildren(document.adoptNode(svg))
        store.dataset.deck = deck
        if self.on_sprite is not None:
            self.on_sprite(deck, True)
