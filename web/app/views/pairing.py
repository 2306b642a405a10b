# The pairing dialog (#dlg-pair, issue 16): the code this device gives the
# other one (data-pairing="out"), the field for the other device's code
# (data-pairing="in", confirmed with data-action="pair"), and one sentence
# saying what to do next. It draws only; app/linking.py is the flow.

from dom import by_id, fill, h

from views.dialogs import actions_row, button, dialog_head, open_dialog


class PairingView:
    def __init__(self, i18n):
        self.i18n = i18n

    def show(self, step, out=None, ask=False, note=None, title_key="pair.title"):
        """`step`: what to do now (a sentence); `out`: the code to send, if any;
        `ask`: the field for the other device's code; `note`: a problem to say."""
        t = self.i18n.t
        fill(
            by_id("dlg-pair"),
            dialog_head("dlg-pair", t(title_key), t("btn.close")),
            h("p", {"class": "pairing-step", "id": "pairing-step"}, step),
            self.out_block(out) if out else None,
            self.in_block() if ask else None,
            h("p", {"class": "pairing-note", "role": "alert", "id": "pairing-note"}, note or ""),
            actions_row(button("close", t("btn.close"))),
        )
        open_dialog("dlg-pair")

    def out_block(self, code):
        t = self.i18n.t
        return h(
            "div",
            {"class": "pairing-out"},
            h("p", {"class": "pairing-code", "data-pairing": "out", "id": "pairing-out"}, code),
            h(
                "div",
                {"class": "pairing-buttons"},
                button("pair-copy", t("pair.copy")),
                button("pair-share", t("pair.share"), "btn", {"id": "pair-share"}),
            ),
        )

    def in_block(self):
        t = self.i18n.t
        # contenteditable, not <input>/<textarea>: Chromium asks its autofill
        # server about pages with text fields, and nothing may leave the device
        return h(
            "div",
            {"class": "pairing-in"},
            h(
                "div",
                {
                    "class": "pairing-field",
                    "data-pairing": "in",
                    "contenteditable": "plaintext-only",
                    "role": "textbox",
                    "aria-label": t("pair.in_label"),
                    "data-placeholder": t("pair.in_label"),
                    "spellcheck": "false",
                },
            ),
            button("pair", t("pair.confirm"), "btn primary"),
        )

    def pasted(self):
        field = by_id("dlg-pair").querySelector('[data-pairing="in"]')
        return str(field.textContent).strip() if field is not None else ""

    def step(self, text):
        node = by_id("pairing-step")
        if node is not None:
            node.textContent = text

    def note(self, text):
        node = by_id("pairing-note")
        if node is not None:
            node.textContent = text

    def code(self):
        node = by_id("pairing-out")
        return str(node.textContent) if node is not None else ""
