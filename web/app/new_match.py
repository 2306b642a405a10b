# Starting a new match from the page (MicroPython, main thread): the settings
# form opened with the last choices, and a confirmation before a match in
# progress is abandoned. The match itself is started by the game manager.

from opening import DEFAULT_SETTINGS
from tasks import spawn
from views.dialogs import close_dialog

FORM_KEYS = ("preset", "variants", "target", "level", "seats", "sweep_warning", "deadline")


class NewMatch:
    def __init__(self, manager):
        self.m = manager
        self.pending = None  # settings waiting for "yes, abandon the match in progress"

    def handlers(self):
        ui = self.m.ui
        return {
            "new": lambda el: self.open_form(),
            "new-level": lambda el: self.open_form("level"),
            "start": lambda el: self.start(ui.settings.read()),
            "confirm-new": lambda el: self.confirmed(),
            "target-down": lambda el: ui.settings.step_target(-1),
            "target-up": lambda el: ui.settings.step_target(1),
        }

    def open_form(self, focus=None):
        """The form, filled with the match being played, else the last new match's choices."""
        close_dialog("dlg-count")
        settings = dict(DEFAULT_SETTINGS)
        saved = self.m.prefs.get("settings")
        if isinstance(saved, dict):
            settings.update(saved)
        current = (self.m.view or {}).get("settings") or {}
        for key in FORM_KEYS:
            if key in current:
                settings[key] = current[key]
        settings["ice_servers"] = self.m.prefs.get("ice_servers") or ""  # STUN/TURN
        self.m.ui.settings.open(settings, focus, self.m.prefs, self.m.link.can_pair())

    def start(self, settings):
        if settings is None:
            return  # the form says what is wrong (a custom deadline out of range)
        if any(seat.get("kind") == "remote" for seat in settings.get("seats") or []):
            spawn(self.m.link.flow.host(settings))  # friends on other devices (link_pairing.py)
            return
        if self.m.in_progress():
            self.ask(settings)
        else:
            self.m.launch(self.m.start_new(settings))

    def ask(self, settings):
        t = self.m.i18n.t
        self.pending = settings
        self.m.ui.confirm.ask(t("confirm.new"), "confirm-new", t("btn.yes_new"))

    def confirmed(self):
        close_dialog("dlg-confirm")
        if self.pending is not None:
            settings = self.pending
            self.pending = None
            self.m.launch(self.m.start_new(settings))
