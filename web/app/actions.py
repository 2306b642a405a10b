# What the page's buttons do: every control has data-action="<name>", and the
# module that owns it registers a handler for that name here (input.py routes
# clicks). A handler gets the element clicked (None for a key or a flow).
#
# A screen a button opens may be in the rest of the page's Python, which comes
# just after the start (web/pyscript-strict.mjs, scopaPage.rest): tapped before
# it is here, the action waits for it and is done then.

from tasks import spawn


async def when_all_here(handler, el):
    from pyscript import window

    await window.scopaPage.rest
    handler(el)


class Actions:
    def __init__(self):
        self.handlers = {}

    def on(self, name, handler):
        self.handlers[name] = handler

    def on_all(self, table):
        for name, handler in table.items():
            self.on(name, handler)

    def run(self, name, el=None):
        """Do the action; False if nobody handles that name."""
        handler = self.handlers.get(name)
        if handler is None:
            return False
        try:
            handler(el)
        except ImportError:  # its module is in the rest pack, not written yet
            spawn(when_all_here(handler, el))
        return True


def close_enclosing_dialog(el):
    dlg = el.closest("dialog") if el is not None else None
    if dlg is not None:
        dlg.close()


def index_of(el):
    """A list item's place (data-index of its buttons), or None."""
    try:
        return int(el.dataset.index)
    except Exception:
        return None
