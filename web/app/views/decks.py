# The deck chooser (#dlg-decks): every deck by its suits, each with a picture
# of three of its cards (cards/previews/<deck>.svg), its name and where it is
# played; the one in use marked. Offline, a deck not yet on the device says
# so and cannot be chosen (deck_store.py). On the English page, a switch calls
# the figures by their Italian names. Hooks: button.deck-option[data-deck]
# (aria-pressed: in use; disabled: not on the device), [data-action="deck-names"].

from deck_store import preview_path
from dom import by_id, fill, h
from i18n import DECK_SUITS

from views.dialogs import dialog_head, made_dialog, open_dialog

NAME = "dlg-decks"


class DeckChooser:
    def __init__(self, i18n, store):
        self.i18n = i18n
        self.store = store

    def is_open(self):
        dlg = by_id(NAME)
        return dlg is not None and bool(dlg.open)

    def show(self):
        t = self.i18n.t
        dlg = by_id(NAME) or made_dialog(NAME, "dialog-decks")
        fill(
            dlg,
            dialog_head(NAME, t("decks.title"), t("btn.close")),
            [self.group(suits, decks) for suits, decks in DECK_SUITS.items()],
            self.names_switch(),
        )
        open_dialog(NAME)

    def group(self, suits, decks):
        return h(
            "section",
            {"class": "deck-group", "data-suits": suits},
            h("h3", {}, self.i18n.t("decks." + suits)),
            h("div", {"class": "deck-options"}, [self.option(deck) for deck in decks]),
        )

    def option(self, deck):
        t = self.i18n.t
        name = t("deck." + deck)
        where = t("where." + deck)
        chosen = deck == self.i18n.deck
        usable = chosen or self.store.can_choose(deck)
        attrs = {
            "type": "button",
            "class": "deck-option",
            "data-action": "choose-deck",
            "data-deck": deck,
            "aria-pressed": "true" if chosen else "false",
            "aria-label": t("decks.preview", name=name, where=where),
        }
        if not usable:
            attrs["disabled"] = ""
        notes = []
        if chosen:
            notes.append(h("span", {"class": "deck-note deck-in-use"}, t("decks.in_use")))
        if not usable:
            notes.append(h("span", {"class": "deck-note deck-offline"}, t("decks.offline")))
        picture = h(
            "img",
            {"class": "deck-preview", "src": preview_path(deck), "alt": "", "loading": "lazy"},
        )
        return h(
            "button",
            attrs,
            picture,
            h(
                "span",
                {"class": "deck-words"},
                h("span", {"class": "deck-name"}, name),
                h("span", {"class": "deck-where"}, where),
                notes,
            ),
        )

    def names_switch(self):
        """On the English page: the figures by their Italian names, or in English."""
        if self.i18n.lang != "en":
            return None
        on = self.i18n.traditional
        return h(
            "p",
            {"class": "deck-names"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "btn switch",
                    "data-action": "deck-names",
                    "aria-pressed": "true" if on else "false",
                },
                self.i18n.t("decks.names"),
            ),
        )
