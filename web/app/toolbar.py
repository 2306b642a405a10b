# The toolbar's "More" menu (index.html #tool-menu): a popover, so its button
# opens it and a tap outside or Escape close it natively; a tool chosen in it
# closes it too (its buttons keep their data-action, routed by input.py).

from events import listen
from pyscript import document


class ToolMenu:
    def __init__(self):
        self.proxies = []
        menu = document.getElementById("tool-menu")
        if menu is not None:
            listen(menu, "click", self.on_click, self.proxies)

    def on_click(self, event):
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        if target.closest("[data-action]") is None:
            return
        menu = document.getElementById("tool-menu")
        if menu.matches(":popover-open"):
            menu.hidePopover()
