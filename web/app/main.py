# Page driver (MicroPython on the main thread): wires the modules together.
# It shows state and forwards the player's actions; every game rule is decided
# by the engine worker (worker/engine_worker.py, Pyodide).
#
#   storage.py       localStorage: the saved match, the last table view, preferences,
#                    statistics, and saved data that could not be read (kept aside)
#   durable.py       a copy of each save in IndexedDB (written to disk at once)
#   stats.py         statistics of the matches played on this device
#   saves.py         unreadable saved data, export/import of records, the statistics dialog
#   updates.py       the service worker: a new version is installed between hands
#   i18n.py          Italian and English strings, card names
#   actuator.py      drawing the table and animating moves
#   selection.py     matching taps against the legal moves the engine sent
#   input.py         taps, clicks and keys
#   game_manager.py  the flow: new match, moves, computer turns, phases

from actuator import Actuator
from durable import Durable
from game_manager import GameManager
from i18n import I18n, browser_lang
from input import Input
from pyscript import window
from storage import Storage
from tasks import spawn


class _NoStorage:
    def getItem(self, key):
        return None

    def setItem(self, key, value):
        pass

    def removeItem(self, key):
        pass


def local_storage():
    try:
        backend = window.localStorage
        backend.getItem("scopa.v1.probe")
        return backend
    except Exception:
        return _NoStorage()


def now_iso():
    return str(window.Date.new().toISOString())


storage = Storage(local_storage(), now_iso, Durable())
prefs = storage.load_prefs()
i18n = I18n(
    prefs.get("lang") or browser_lang(window.navigator.language), prefs.get("deck") or "french"
)
actuator = Actuator(i18n)
manager = GameManager(i18n, actuator, storage)
controls = Input(manager)
manager.start()
spawn(manager.updates.start())  # sw.js: offline play, and new versions between hands
