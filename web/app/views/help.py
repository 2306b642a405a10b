# The help (#dlg-help): help/help.<lang>.html, a static page of this site,
# fetched when first opened in each language and shown whole.

from dom import adopt_children, by_id, fill, h, parse_fragment
from pyscript import window

from views.dialogs import open_dialog


class HelpView:
    def __init__(self, i18n):
        self.i18n = i18n
        self.shown_lang = None  # the language of the help now in the dialog

    def is_open(self):
        return bool(by_id("dlg-help").open)

    async def open(self):
        t = self.i18n.t
        body = by_id("help-body")
        open_dialog("dlg-help")
        if self.shown_lang == self.i18n.lang:
            return
        fill(body, h("p", {"class": "muted"}, t("help.loading")))
        try:
            response = await window.fetch("help/help." + self.i18n.lang + ".html")
            if not response.ok:
                raise RuntimeError(str(response.status))
            adopt_children(body, parse_fragment(await response.text()))
            self.shown_lang = self.i18n.lang
        except Exception:
            fill(body, h("p", {"class": "muted"}, t("help.failed")))
