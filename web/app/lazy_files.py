# The files a first visit does not download, fetched in idle time to be kept for
# offline play (MicroPython, main thread).
#
# sw.js precaches the site but its lazy files (tools/build.py Built.lazy) and
# keeps each one that passes through it. Once it controls the page and the start
# is long done, this fetches them one at a time whenever the game is idle: the
# link's Python first (worker/link-<hash>.zip, index.html's #page-files names it:
# the engine worker fetches it at its first link call, so that a player who goes
# offline later can still pair with a friend on the same Wi-Fi), then the other
# decks (deck_store.py), those only on a connection that does not ask to save data.

import asyncio

from pyscript import document, window

FIRST_WAIT_S = 5  # after the service worker takes over: the start is long done
BETWEEN_S = 0.5  # one file at a time, spaced out, never while the game is busy
CONTROLLER_WAIT_S = 120  # a first visit's worker installs the whole site first


def online():
    try:
        return bool(window.navigator.onLine)
    except Exception:
        return True


def saving_data():
    try:
        return bool(window.navigator.connection.saveData)
    except Exception:
        return False


async def cached(path):
    """True when the app's cache holds ``path``."""
    try:
        found = await window.caches.match(path)
        return bool(found.ok)
    except Exception:  # not there (None), or no Cache Storage (an insecure page)
        return False


async def controlled():
    """True once a service worker controls the page (waited for a while), and the
    start is done: what is fetched from then on is kept."""
    nav = window.navigator
    if not hasattr(nav, "serviceWorker"):
        return False
    waited = 0
    while nav.serviceWorker.controller is None and waited < CONTROLLER_WAIT_S:
        await asyncio.sleep(1)
        waited += 1
    if nav.serviceWorker.controller is None:
        return False
    await asyncio.sleep(FIRST_WAIT_S)
    return True


async def fetch_when_idle(manager, path):
    """Fetch ``path`` whole once the game is idle and online (sw.js keeps it)."""
    while manager.busy or not online():
        await asyncio.sleep(BETWEEN_S)
    try:
        response = await window.fetch(path)
        if response.ok:
            await response.arrayBuffer()  # read whole: sw.js stores it as it passes
    except Exception:
        pass
    await asyncio.sleep(BETWEEN_S)


def link_zip():
    """The link's zip, as the build named it (None on a page without the name)."""
    try:
        path = document.getElementById("page-files").dataset.linkZip
    except Exception:
        return None
    return path if isinstance(path, str) and path.endswith(".zip") else None


async def keep_for_offline(manager):
    """Every lazy file, once a service worker can keep them (updates.py, once sw.js
    is registered)."""
    if not await controlled():
        return
    link = link_zip()
    if link is not None and not await cached(link):
        await fetch_when_idle(manager, link)
    if not saving_data():
        await manager.preferences.fetch_other_decks()
