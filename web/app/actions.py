# What the page's buttons do: every control has data-action="<name>", and the
# module that owns it registers a handler for that name here (input.py routes
# clicks). A handler gets the element clicked (None for a key or a flow).


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
        handler(el)
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
