# Saving on this device (localStorage), kept small and in one place so that
# saved-game checks, import/export and statistics can grow here.
#
# Keys (all JSON text):
#   scopa.v1.record  the match as a spec record (scopa-record/1, settings in meta)
#   scopa.v1.view    the latest table view the engine sent (drawn at start-up)
#   scopa.v1.prefs   {"lang": "it"|"en", "deck": "french"|..., "settings": {...}}
#
# `backend` is anything with getItem/setItem/removeItem (window.localStorage in
# the page, a fake in tests). Every failure (storage disabled, full, corrupt
# JSON) is swallowed: saving is a convenience, never a reason to stop playing.

import json

PREFIX = "scopa.v1."
RECORD = PREFIX + "record"
VIEW = PREFIX + "view"
PREFS = PREFIX + "prefs"


class Storage:
    def __init__(self, backend):
        self.backend = backend

    def _get(self, key):
        try:
            text = self.backend.getItem(key)
        except Exception:
            return None
        if type(text) is not str or not text:
            return None
        try:
            return json.loads(text)
        except Exception:
            return None

    def _set(self, key, value):
        try:
            self.backend.setItem(key, json.dumps(value))
            return True
        except Exception:
            return False

    def _remove(self, key):
        try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
            self.backend.removeItem(key)
        except Exception:
            pass

    # -- preferences --------------------------------------------------------
    def load_prefs(self):
        prefs = self._get(PREFS)
        return prefs if isinstance(prefs, dict) else {}

    def save_prefs(self, prefs):
        return self._set(PREFS, prefs)

    # -- the game in progress -------------------------------------------------
    def load_game(self):
        """(view, record): both dicts, or (None, None) when nothing usable is saved."""
        record = self._get(RECORD)
        view = self._get(VIEW)
        if not isinstance(record, dict) or record.get("format") != "scopa-record/1":
            return (None, None)
        if not isinstance(view, dict) or view.get("version") != 1:
            view = None
        return (view, record)

    def save_game(self, view, record):
        ok = self._set(RECORD, record)
        if ok and view is not None:
            self._set(VIEW, view)
        return ok

    def clear_game(self):
        self._remove(VIEW)
        self._remove(RECORD)
