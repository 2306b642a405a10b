# The hint's flow (MicroPython, main thread): the person to move asks (the
# prompt's Hint button or the S key), the worker's coach ranks their options
# from their own seat's view (scopa_core/table/coaching.py `hint`; on a friend's
# device `guest_hint`, from the view the host sent: linking.py routes it), and
# views/hint.py shows them with the best one marked on the table. Following it
# is a tap on the marked card, or "Play it"; another option of the list can be
# marked instead.
# The page stays playable while the coach thinks: an answer for a position
# that has changed meanwhile is dropped, and any move closes the hint.

from actions import index_of
from coach_words import move_text, worth_text
from tasks import spawn


class Hinting:
    def __init__(self, manager):
        self.m = manager
        self._panel = None
        self.hint = None  # the worker's answer for the position `key`
        self.key = None  # the view's key the hint is for (None: no hint open)
        self.marked = 0  # the option shown on the table
        self.token = 0  # the latest request; older answers are dropped

    def handlers(self):
        return {
            "hint": lambda el: self.toggle(),
            "hint-close": lambda el: self.close(),
            "hint-show": lambda el: self.show_option(index_of(el)),
            "hint-play": lambda el: self.play(),
        }

    def panel(self):
        if self._panel is None:
            from views.hint import HintPanel

            self._panel = HintPanel(self.m.i18n)
        return self._panel

    def current_key(self):
        return (self.m.view or {}).get("key")

    # -- asking ----------------------------------------------------------------
    def toggle(self):
        if self.key is not None and self.key == self.current_key():
            self.close()
        else:
            self.ask()

    def ask(self):
        m = self.m
        if not m.my_turn() or m.queued is not None:
            return
        self.token += 1
        self.key = self.current_key()
        self.hint = None
        self.panel().thinking()
        spawn(self.fetch(self.token, self.key))

    async def fetch(self, token, key):
        reply = await self.m.call("hint")
        if token != self.token or key != self.current_key():
            return  # closed, asked again, or the position moved on
        i18n = self.m.i18n
        if not reply.get("ok") or not reply.get("options"):
            self.panel().failed(i18n.t("hint.failed", error=i18n.error(reply)))
            return
        self.hint = reply
        self.marked = 0
        self.panel().show(reply, 0, on_device=self.m.link.role == "guest")
        best = reply["options"][0]
        said = i18n.t("hint.say", move=move_text(best["move"], i18n), then=i18n.t("hint.follow"))
        self.m.ui.notices.announce(said)

    # -- the options -------------------------------------------------------------
    def show_option(self, index):
        options = (self.hint or {}).get("options") or []
        if index is None or not 0 <= index < len(options):
            return
        self.marked = index
        self.panel().mark(options, index)
        i18n = self.m.i18n
        option = options[index]
        worth = worth_text(option, index == 0, i18n)
        self.m.ui.notices.announce(
            i18n.t("hint.option", move=move_text(option["move"], i18n), worth=worth)
        )

    def marked_move(self):
        options = (self.hint or {}).get("options") or []
        if self.key != self.current_key() or not 0 <= self.marked < len(options):
            return None
        return options[self.marked].get("move")

    def play(self):
        """Make the marked move (the player has seen what it leaves: no sweep warning)."""
        m = self.m
        move = self.marked_move()
        if move is None or not m.my_turn() or m.busy or m.queued is not None:
            return
        self.close()
        m.submit(move, checked=True)

    def close(self):
        self.token += 1
        self.hint = None
        self.key = None
        if self._panel is not None:
            self._panel.close()

    # -- hooks of the game's flow ----------------------------------------------------
    def on_hand_card(self, code):
        """A tap on the marked card follows the hint: True when it did."""
        move = self.marked_move()
        if move is None or move.get("card") != code:
            return False
        self.play()
        return True

    def on_key(self, key):
        if key == "Escape" and self.key is not None:
            self.close()
            return True
        return False

    def after_view(self, view):
        if self.key is not None and view.get("key") != self.key:
            self.close()
