# Offering text as a file download (MicroPython, main thread): nothing leaves
# the device, the browser saves the file.

import asyncio
import json

from dom import h
from pyscript import document, window
from pyscript.ffi import to_js
from tasks import spawn

REVOKE_AFTER_S = 30


def two(n):
    return ("0" + str(n))[-2:]


def file_stamp():
    """Local date and time for a file name: YYYYMMDD-HHMM."""
    d = window.Date.new()
    day = str(d.getFullYear()) + two(d.getMonth() + 1) + two(d.getDate())
    return day + "-" + two(d.getHours()) + two(d.getMinutes())


def js_parts(text):
    """`text` as the parts of a Blob, whole. A MicroPython string handed to
    JavaScript ends at its first NUL character (a torn save is text and then
    NULs), so the text crosses as JSON, which escapes every NUL, and JavaScript
    parses it back into an array holding the whole string."""
    return window.JSON.parse(json.dumps([text]))


def download(name, text, mime="application/json"):
    """Offer `text` as a file called `name`: its UTF-8, byte for byte."""
    blob = window.Blob.new(js_parts(text), to_js({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = h("a", {"href": url, "download": name, "hidden": True})
    document.body.appendChild(link)
    link.click()
    link.remove()
    spawn(_revoke(url))


async def _revoke(url):
    await asyncio.sleep(REVOKE_AFTER_S)
    window.URL.revokeObjectURL(url)
