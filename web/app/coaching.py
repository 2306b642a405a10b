# The coach on the page (MicroPython, main thread): the hint (hinting.py),
# the sweep warning (sweep_guard.py) and the reviews (review_flow.py). The
# game manager owns one Coaching and calls these few hooks; everything the
# coach knows comes from the engine worker, from the player's own view.


class Coaching:
    def __init__(self, manager):
        from hinting import Hinting
        from review_flow import ReviewFlow
        from sweep_guard import SweepGuard

        self.hint = Hinting(manager)
        self.sweep = SweepGuard(manager)
        self.review = ReviewFlow(manager)

    def handlers(self):
        table = {}
        for part in (self.hint, self.sweep, self.review):
            table.update(part.handlers())
        return table

    def holds(self, move):
        """GameManager.submit: True when the move must wait (the sweep warning)."""
        self.hint.close()  # the player moves: the hint has had its say
        return self.sweep.holds(move)

    def on_hand_card(self, code):
        """Chooser: a tap on a hand card; True when the coach made it a move."""
        return self.hint.on_hand_card(code)

    def on_key(self, key, on_button):
        """Keys: Enter and Escape for the sweep note, Escape for the hint."""
        return self.sweep.on_key(key, on_button) or self.hint.on_key(key)

    def after_view(self, view):
        """GameManager.apply: a new table view (a move made, a hand dealt...)."""
        self.hint.after_view(view)
        self.sweep.after_view(view)
