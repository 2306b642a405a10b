# Taps, clicks and keys (MicroPython, main thread): one listener per event
# type on the document. A click on [data-action] runs that action
# (actions.py); a card in the hand or on the table goes to the chooser; keys
# go to keys.py unless a dialog or a text field has them. Dragging a card is
# dragging.py's (pointer events); the click that ends a drag is not a tap.

from pyscript import document
from pyscript.ffi import create_proxy

TYPING = ("INPUT", "SELECT", "TEXTAREA")


class Input:
    def __init__(self, actions, chooser, keys, on_change, on_dialog_closed):
        self.actions = actions
        self.chooser = chooser
        self.keys = keys
        self.on_change_in = on_change  # (element) -> None: a form control changed
        self.on_dialog_closed = on_dialog_closed  # (dialog id) -> None
        self.swallows_click = None  # (click) -> bool: a drag just ended (dragging.py)
        self._proxies = []
        self.listen(document, "click", self.on_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "change", self.on_change)
        self.listen(document, "submit", self.on_submit)
        dialogs = document.querySelectorAll("dialog")
        for k in range(dialogs.length):
            self.listen(dialogs.item(k), "close", self.on_close)

    def listen(self, target, event, handler):
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def on_click(self, event):
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        action = target.closest("[data-action]")
        if action is not None:
            event.preventDefault()
            self.actions.run(action.dataset.action, action)
            return
        if self.swallows_click is not None and self.swallows_click(event):
            return  # the click a drag ends with (dragging.py) is not a tap
        card = target.closest("[data-card]")
        zone = card.closest("[data-zone]") if card is not None else None
        if zone is None:
            return
        if zone.dataset.zone == "hand":
            self.chooser.on_hand_card(card.dataset.card)
        elif zone.dataset.zone == "table":
            self.chooser.on_table_card(card.dataset.card)

    def on_change(self, event):
        if event.target is not None:
            self.on_change_in(event.target)

    def on_submit(self, event):
        # Enter inside the settings form starts the match instead of closing the dialog
        event.preventDefault()
        if event.target is not None and event.target.id == "settings-form":
            self.actions.run("start", event.target)

    def on_close(self, event):
        self.on_dialog_closed(event.target.id)

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        key = str(event.key)
        if target is not None and target.isContentEditable:
            if key == "Enter":
                event.preventDefault()  # a name is one line
            return
        if document.querySelector("dialog[open]") is not None:
            return  # dialogs keep their own keys (Escape closes them natively)
        # every field of the page is inside a dialog: outside one, keys are the game's
        tag = str(target.tagName) if target is not None and hasattr(target, "tagName") else ""
        if tag in TYPING and target.closest("dialog[open]") is not None:
            return
        if self.keys.on_key(key, tag == "BUTTON"):
            event.preventDefault()
