# The feel of the game (MicroPython, main thread): the sound switch and the
# pace of the computers' moves, two preferences kept on the device with the
# others (storage's prefs: "sound": false once muted, "pace": "slow",
# "normal" or "fast") and applied at once by motion.py, which plays the
# sounds and times the moves. Their controls are in the new-match form
# (views/feel_settings.py) and take effect as soon as they change, whether
# the match is then started or not; the M key switches the sounds.

from dom import by_id

SOUND_TOAST_MS = 1500


class Feel:
    def __init__(self, manager):
        self.m = manager
        manager.ui.motion.set_feel(manager.prefs)  # (main.py did at start, too)

    def handlers(self):
        return {"sound": lambda el: self.toggle_sound()}

    def keep(self, key, value):
        m = self.m
        m.prefs[key] = value
        m.storage.save_prefs(m.prefs)
        m.ui.motion.set_feel(m.prefs)
        if key == "sound" and value:
            m.ui.motion.gesture()  # switched on by a tap or key: audio may start now

    def toggle_sound(self):
        on = self.m.prefs.get("sound") is False
        self.keep("sound", on)
        box = by_id("set-sound")  # the form, if it is open
        if box is not None:
            box.checked = on
        t = self.m.i18n.t
        self.m.ui.notices.toast(t("sound.on" if on else "sound.off"), SOUND_TOAST_MS)

    def on_change(self, target):
        """A control of the new-match form changed (input.py)."""
        if target.id == "set-sound":
            self.keep("sound", bool(target.checked))
        elif target.id == "set-pace":
            self.keep("pace", str(target.value))
