# The coach on the page (MicroPython, main thread): the hint (hinting.py),
# the sweep warning (sweep_guard.py), the reviews (review_flow.py) and the
# guided first hand (tutorial.py), watch mode (watch.py). The
# game manager owns one Coaching and calls these few hooks; everything the
# coach knows comes from the engine worker, from the player's own view.
# Each part is made (and its modules compiled) the first time it is needed,
# so that start-up compiles none of them.

#: the data-action names each part handles
ACTIONS = {
    "hint": ("hint", "hint-close", "hint-show", "hint-play"),
    "sweep": ("sweep-anyway", "sweep-again"),
    "review": (
        "review-hand",
        "review-position",
        "review-back",
        "review-bar-open",
        "review-bar-close",
        "review-match",
        "review-here",
        "review-file",
        "review-seat",
        "review-pick-hand",
    ),
    "tutorial": (
        "tutorial",
        "tutorial-card",
        "tutorial-table",
        "tutorial-try",
        "tutorial-again",
        "tutorial-play",
        "tutorial-offer-yes",
        "tutorial-offer-no",
    ),
    "watch": (
        "watch",
        "watch-again",
        "watch-pause",
        "watch-play",
        "watch-step",
        "watch-speed",
        "watch-face",
        "watch-level",
    ),
}


class Coaching:
    def __init__(self, manager):
        self.m = manager
        self.parts = {}

    def part(self, name):
        made = self.parts.get(name)
        if made is None:
            if name == "hint":
                from hinting import Hinting as made_class
            elif name == "sweep":
                from sweep_guard import SweepGuard as made_class
            elif name == "tutorial":
                from tutorial import TutorialFlow as made_class
            elif name == "watch":
                from watch import WatchFlow as made_class
            else:
                from review_flow import ReviewFlow as made_class
            made = self.parts[name] = made_class(self.m)
        return made

    def handlers(self):
        table = {}
        for name, actions in ACTIONS.items():
            for action in actions:
                table[action] = self.route(name, action)
        return table

    def route(self, name, action):
        return lambda el: self.part(name).handlers()[action](el)

    # -- the game's hooks -------------------------------------------------------------
    def holds(self, move):
        """GameManager.submit: True when the move must wait (the sweep warning)."""
        if "hint" in self.parts:
            self.parts["hint"].close()  # the player moves: the hint has had its say
        if "sweep" not in self.parts:
            from coach_words import is_put_down, warns

            settings = (self.m.view or {}).get("settings")
            if not warns(settings) or not is_put_down(move):
                return False
        return self.part("sweep").holds(move)

    def on_hand_card(self, code):
        """Chooser: a tap on a hand card; True when the coach made it a move."""
        return "hint" in self.parts and self.parts["hint"].on_hand_card(code)

    def redraw_note(self):
        """GameManager.prompt: True when the sweep note, still holding its move, was
        drawn again in place of the ordinary prompt."""
        return "sweep" in self.parts and self.parts["sweep"].redraw()

    def on_key(self, key, on_button):
        """Keys: Enter and Escape for the sweep note, Escape for the hint."""
        if "sweep" in self.parts and self.parts["sweep"].on_key(key, on_button):
            return True
        return "hint" in self.parts and self.parts["hint"].on_key(key)

    def after_view(self, view):
        """GameManager.apply: a new table view (a move made, a hand dealt...)."""
        for name in ("hint", "sweep"):
            if name in self.parts:
                self.parts[name].after_view(view)
