# The quiet bar that says a new version is ready (#update-bar, data-state=
# ready|pending|reloading); never a dialog. Its words carry data-i18n, so a
# change of language re-words it in place (main's translate_static).

from dom import by_id, fill, h


class UpdateBar:
    def __init__(self, i18n):
        self.i18n = i18n
        self.drawn = None  # (state, text key) on screen now

    def show(self, state, text, buttons):
        """buttons: list of (action, label key, primary)."""
        bar = by_id("update-bar")
        if bar is None or (self.drawn == (state, text) and not bar.hidden):
            return
        self.drawn = (state, text)
        t = self.i18n.t
        bar.dataset.state = state
        fill(
            bar,
            h("p", {"class": "update-text", "data-i18n": text}, t(text)),
            [
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "btn primary" if primary else "btn",
                        "data-action": action,
                        "data-i18n": label,
                    },
                    t(label),
                )
                for action, label, primary in buttons
            ],
        )
        bar.hidden = False

    def hide(self):
        bar = by_id("update-bar")
        if bar is not None:
            bar.hidden = True
