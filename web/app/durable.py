# A second copy of the saved match, in IndexedDB (MicroPython, main thread).
#
# localStorage is where the match is saved (storage.py), but Chromium writes it
# to disk in batches: about 5 s after the first change, then at most about once
# a minute while a page keeps saving (measured on this project's Chromium). A
# browser that is killed, or a device that runs out of battery, would come back
# with a match some moves old. IndexedDB writes each transaction when it
# commits, so every save is also put here, with the save's number; at start the
# page takes this copy instead when its number is higher (storage.adopt).
#
# Stored values, in the object store "saves" of the database "scopa": under
# "game" the JSON text {"seq": n, "record": TEXT|null, "view": TEXT|null}, under
# "stats" the statistics' JSON text (with their own save number, "saved").
# Everything here is best effort: without IndexedDB, localStorage alone is used.
#
# With several tabs open, a save is committed here first (`swap`): in one
# readwrite transaction, which IndexedDB runs one at a time across tabs, the
# stored save's number is read and the new save is put only if nobody saved
# since this tab's last known number. Two tabs saving at the same moment are so
# ordered: the second is told, and catches up instead (tabs.py).

from pyscript import window
from pyscript.ffi import create_proxy
from storage import parse_save

DB_NAME = "scopa"
STORE = "saves"
GAME = "game"


class Durable:
    def __init__(self):
        self.db = None
        self.failed = False
        self._proxies = []

    def _proxy(self, fn):
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    async def _result(self, request):
        """Await an IndexedDB request: its result, or an exception."""

        def executor(resolve, reject):
            request.onsuccess = self._proxy(lambda event: resolve(request.result))
            request.onerror = self._proxy(lambda event: reject(request.error))

        return await window.Promise.new(self._proxy(executor))

    async def open(self):
        if self.db is not None or self.failed:
            return self.db is not None
        try:
            request = window.indexedDB.open(DB_NAME, 1)

            def upgrade(event):
                request.result.createObjectStore(STORE)

            request.onupgradeneeded = self._proxy(upgrade)
            self.db = await self._result(request)
        except Exception as exc:
            self.failed = True
            window.console.warn("IndexedDB is not available:", str(exc))
        return self.db is not None

    def put(self, text, key=GAME):
        """Store the text (fire and forget: it is committed when the task ends)."""
        if self.db is None:
            return
        try:
            self.db.transaction(STORE, "readwrite").objectStore(STORE).put(text, key)
        except Exception as exc:
            window.console.warn("IndexedDB copy not saved:", str(exc))

    async def _committed(self, tx):
        """Await the end of a transaction: True when committed, an exception if not."""

        def executor(resolve, reject):
            tx.oncomplete = create_proxy(lambda event: resolve(True))
            tx.onerror = create_proxy(lambda event: reject(tx.error))
            tx.onabort = create_proxy(lambda event: reject(tx.error))

        return await window.Promise.new(create_proxy(executor))

    async def swap(self, text, known):
        """Store this save of the game (its JSON text) unless one numbered above
        `known` is there already: True when stored, False when another tab's newer
        save is there (nothing written), None when IndexedDB cannot be used."""
        if not await self.open():
            return None
        newer = []
        try:
            tx = self.db.transaction(STORE, "readwrite")
            store = tx.objectStore(STORE)
            request = store.get(GAME)

            def read(event):
                stored = request.result
                entry = parse_save(stored) if type(stored) is str else None
                if entry is not None and entry["seq"] > known:
                    newer.append(entry["seq"])
                else:  # in the same transaction: no other tab can save in between
                    store.put(text, GAME)

            request.onsuccess = create_proxy(read)
            await self._committed(tx)
        except Exception as exc:
            window.console.warn("IndexedDB copy not saved:", str(exc))
            return None
        return not newer

    async def get(self, key=GAME):
        """The stored text, or None."""
        if not await self.open():
            return None
        try:
            request = self.db.transaction(STORE, "readonly").objectStore(STORE).get(key)
            value = await self._result(request)
        except Exception as exc:
            window.console.warn("IndexedDB copy not read:", str(exc))
            return None
        return value if type(value) is str else None
