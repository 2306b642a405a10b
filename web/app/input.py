# Taps, clicks and keys (MicroPython, main thread): one listener per event
# type on the document, turned into calls on the game manager.
#
# Keys: 1-9 and 0 choose a card in hand, arrows move between capture
# options, Enter confirms, Escape cancels, N new match, L level, D deck
# style, H help.

from pyscript import document
from pyscript.ffi import create_proxy

TYPING = ("INPUT", "SELECT", "TEXTAREA")


class Input:
    def __init__(self, manager):
        self.manager = manager
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(self.on_submit),
            create_proxy(self.on_dialog_close),
        ]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        document.addEventListener("change", self._proxies[2])
        document.addEventListener("submit", self._proxies[3])
        dialogs = document.querySelectorAll("dialog")
        for k in range(dialogs.length):
            dialogs.item(k).addEventListener("close", self._proxies[4])

    def on_click(self, event):
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        action = target.closest("[data-action]")
        if action is not None:
            event.preventDefault()
            self.manager.on_action(action.dataset.action, action)
            return
        card = target.closest("[data-card]")
        if card is None:
            return
        zone = card.closest("[data-zone]")
        if zone is None:
            return
        where = zone.dataset.zone
        if where == "hand":
            self.manager.on_hand_card(card.dataset.card)
        elif where == "table":
            self.manager.on_table_card(card.dataset.card)

    def on_change(self, event):
        target = event.target
        if target is None:
            return
        if target.id == "set-preset":
            self.manager.actuator.settings_seats()
        elif hasattr(target, "classList") and target.classList.contains("seat-kind"):
            self.manager.actuator.read_seats()

    def on_submit(self, event):
        # Enter inside the settings form starts the match instead of closing the dialog
        event.preventDefault()
        if event.target is not None and event.target.id == "settings-form":
            self.manager.on_action("start", event.target)

    def on_dialog_close(self, event):
        self.manager.on_dialog_closed(event.target.id)

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        key = str(event.key)
        if target is not None and target.isContentEditable:
            if key == "Enter":
                event.preventDefault()  # a name is one line
            return
        if self.manager.actuator.any_dialog_open():
            return  # dialogs keep their own keys (Escape closes them natively)
        # every field of the page is inside a dialog: outside one, keys are the game's
        tag = str(target.tagName) if target is not None and hasattr(target, "tagName") else ""
        if tag in TYPING and target.closest("dialog[open]") is not None:
            return
        handled = self.manager.on_key(key, tag == "BUTTON")
        if handled:
            event.preventDefault()
