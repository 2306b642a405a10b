# Listening to events from MicroPython (the page, main thread).
#
# A Python handler crosses to JavaScript as a proxy, which must stay alive as
# long as it listens: the caller keeps it in a list. Events of the window itself
# are listened to on document.defaultView: pyscript's `window` is MicroPython's
# `js` module, and calling its addEventListener (which PyScript wraps) throws
# "Illegal invocation".

from pyscript import document
from pyscript.ffi import create_proxy


def listen(target, event, handler, proxies):
    """Call handler(event) on each `event` of `target`; the proxy goes into `proxies`."""
    proxy = create_proxy(handler)
    proxies.append(proxy)
    target.addEventListener(event, proxy)


def page_window():
    """The Window object, to listen to its events (storage, pageshow, ...)."""
    return document.defaultView
