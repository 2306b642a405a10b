# The page's objects, made and wired together when this module is imported
# (main.py imports it in a task of its own, then calls start() in the next).
# main.py's header maps the modules.

import asyncio

from actions import Actions, close_enclosing_dialog
from durable import Durable
from game_manager import GameManager
from i18n import DEFAULT_DECK, I18n, browser_lang
from input import Input
from keys import Keys
from painting import painted
from preferences import translate_static
from pyscript import window
from screens import Screens
from storage import Storage
from tasks import spawn
from toolbar import ToolMenu


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
    prefs.get("lang") or browser_lang(window.navigator.language), prefs.get("deck") or DEFAULT_DECK
)
if not painted():  # else paint.js has: the rest follows the start (Opening.draw_again)
    translate_static(i18n)
actions = Actions()
actions.on("close", close_enclosing_dialog)
ui = Screens(i18n)
manager = GameManager(i18n, storage, ui, actions, prefs)
ui.motion.set_feel(prefs)  # the pace and the sound switch, before any move is shown


def form_changed(target):
    ui.form_changed(target)
    manager.link.form_changed(target)  # the pairing dialog's "a friend far away"
    if feel is not None:
        feel.on_change(target)


controls = Input(
    actions, manager.chooser, Keys(manager, actions), form_changed, manager.on_dialog_closed
)
tool_menu = ToolMenu()  # kept: its listener's proxy lives with it


async def feel_later():
    """Dragging, and the sound and pace controls, once the first table is on screen:
    no one can use them before, and their code is compiled then, not at start."""
    global feel
    await asyncio.sleep(0.05)  # a frame: the table is painted first
    from dragging import Dragging
    from feel import Feel

    feel = Feel(manager)
    actions.on_all(feel.handlers())
    controls.swallows_click = Dragging(manager).swallows_click


feel = None


def start():
    """Draw the saved (or dealt) table, tappable at once; the engine, dragging,
    the feel controls and the service worker follow in the background."""
    manager.start()
    spawn(feel_later())
    spawn(manager.updates.start())  # sw.js: offline play, and new versions between hands
