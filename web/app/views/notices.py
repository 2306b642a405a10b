# Short messages: a toast that goes away by itself (#toast, also read out by
# #alert), and announcements for screen readers (#live, polite).

import asyncio

from dom import by_id
from tasks import spawn

TOAST_MS = 3600


class Notices:
    def __init__(self):
        self.toast_token = 0

    def toast(self, text, ms=TOAST_MS):
        box = by_id("toast")
        box.textContent = text
        box.hidden = False
        box.classList.add("show")
        by_id("alert").textContent = text
        self.toast_token += 1
        spawn(self._hide(self.toast_token, ms))

    async def _hide(self, token, ms):
        await asyncio.sleep(ms / 1000)
        if token == self.toast_token:  # a newer toast keeps its own time
            box = by_id("toast")
            box.classList.remove("show")
            box.hidden = True

    def announce(self, text):
        live = by_id("live")
        live.textContent = ""
        live.textContent = text
