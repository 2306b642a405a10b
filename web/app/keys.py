# The game's keys (outside dialogs): 1-9 and 0 choose a card in hand, arrows
# move between capture options, Enter confirms (or deals the next hand),
# Escape cancels; N new match, L computer level, D deck style, H help, S a hint,
# M the sounds on or off.

SHORTCUTS = {"h": "help", "n": "new", "l": "new-level", "d": "deck", "s": "hint", "m": "sound"}


class Keys:
    def __init__(self, manager, actions):
        self.m = manager
        self.actions = actions

    def on_key(self, key, on_button):
        """True when the key did something (the page then keeps it from the browser)."""
        shortcut = SHORTCUTS.get(key.lower())
        if shortcut is not None:
            return self.actions.run(shortcut)
        view = self.m.view
        if view is None:
            return False
        if len(key) == 1 and key in "0123456789":
            index = 9 if key == "0" else int(key) - 1
            hand = view.get("hand") or []
            if index < len(hand):
                self.m.chooser.on_hand_card(hand[index])
                return True
            return False
        if self.m.chooser.on_key(key):
            return True
        if self.m.coach.on_key(key, on_button):
            return True
        if key == "Enter" and view.get("phase") == "hand-over" and not on_button:
            return self.actions.run("next-hand")
        return False
