# The page's screens, made once (MicroPython, main thread). The table and what
# is always on screen are made at start; a dialog's view is made, and its
# module compiled, the first time it is shown, so that start-up compiles only
# what the first table needs.

from motion import Motion
from views.cards import CardArt
from views.dialogs import close_dialog
from views.notices import Notices
from views.prompt import Prompt
from views.table import TableView

DIALOG_VIEWS = ("count", "pass_screen", "confirm", "settings", "help", "pairing")


class Screens:
    def __init__(self, i18n):
        self.i18n = i18n
        self.art = CardArt(i18n)
        self.table = TableView(i18n, self.art)
        self.motion = Motion(i18n, self.art, self.table)
        self.prompt = Prompt(i18n)
        self.notices = Notices()
        self._made = {}
        # the position whose count the person put aside: a later reply for the same
        # position (the engine's first answer after a reload, another tab's save)
        # does not bring it back; only asking for it does (match_buttons.show_count)
        self.count_aside = None

    def _view(self, name):
        view = self._made.get(name)
        if view is None:
            view = self._made[name] = self._make(name)
        return view

    def _make(self, name):
        i18n, art = self.i18n, self.art
        if name == "count":
            from views.count import CountView

            return CountView(i18n, art)
        if name == "pass_screen":
            from views.pass_screen import PassScreen

            return PassScreen(i18n, art)
        if name == "confirm":
            from views.confirm import Confirm

            return Confirm(i18n)
        if name == "settings":
            from views.settings import SettingsForm

            return SettingsForm(i18n)
        if name == "pairing":
            from views.pairing import PairingView

            return PairingView(i18n)
        from views.help import HelpView

        return HelpView(i18n)

    def __getattr__(self, name):
        """The dialogs' views (count, pass_screen, confirm, settings, help), made on first use."""
        if name not in DIALOG_VIEWS:
            raise AttributeError(name)
        return self._view(name)

    def help_open(self):
        return "help" in self._made and self._made["help"].is_open()

    def form_changed(self, target):
        """A control of a form changed (input.py): only the settings form listens."""
        if "settings" in self._made and target.closest("#settings-form") is not None:
            self._made["settings"].on_change(target)

    def show_dialogs(self, view):
        """The count after a hand, the result after the match, the pass screen in hot-seat."""
        phase = view.get("phase")
        if phase in ("hand-over", "match-over"):
            close_dialog("dlg-pass")
            if (view.get("count") or phase == "match-over") and not self._aside(view):
                self.count.show(view)
            return
        close_dialog("dlg-count")
        if view.get("pass_to") is not None:
            self.pass_screen.show(view)
        else:
            close_dialog("dlg-pass")

    def _aside(self, view):
        return self.count_aside is not None and self.count_aside == view.get("key")

    def dialog_closed(self, name, view):
        if name == "dlg-count" and view is not None:
            self.count_aside = view.get("key")
        if name == "dlg-pass" and view is not None and view.get("pass_to") is not None:
            # the pass screen stays until the next person says they hold the device
            self.pass_screen.show(view)
