# The pairing dialog (#dlg-pair, issue 16): the code this device gives the
# other one (data-pairing="out"), the field for the other device's code
# (data-pairing="in", confirmed with data-action="pair"), and one sentence
# saying what to do next; at the steps where a code is made, the choice "a
# friend far away" (#pair-far, issue 32: public STUN servers, app/ice_servers.py)
# and the sentence saying what it shares; on the host, for each away seat, a
# button that gives it to a new device (data-action="readmit", data-seat). It
# draws only; app/linking.py is the flow (app/link_pairing.py's far_changed
# takes the choice, app/readmitting.py the host's word for a new device).

from dom import by_id, fill, h, s
from pyscript import document, window

from views.dialogs import actions_row, button, dialog_head, open_dialog

WHITE = "#fff"  # a QR code's quiet zone and light modules, whatever the theme


def can_share():
    """The system share sheet exists (phones, some desktops); Copy is always there."""
    try:
        return bool(window.navigator.share)
    except Exception:
        return False


class PairingView:
    def __init__(self, i18n):
        self.i18n = i18n

    def show(
        self,
        step,
        out=None,
        ask=False,
        note=None,
        far=None,
        title_key="pair.title",
        extra=None,
        readmit=None,
    ):
        """`step`: what to do now (a sentence); `out`: the code to send, if any;
        `ask`: the field for the other device's code; `note`: a problem to say;
        `far`: the far-away choice as it stands (None: not offered at this step);
        `extra`: a part of its own (views/away.py: the computer for an away seat);
        `readmit`: the away seats the host may give to a new device."""
        t = self.i18n.t
        active = document.activeElement
        refocus = active is not None and str(active.id or "") == "pair-far"
        fill(
            by_id("dlg-pair"),
            dialog_head("dlg-pair", t(title_key), t("btn.close")),
            h("p", {"class": "pairing-step", "id": "pairing-step"}, step),
            self.out_block(out) if out else None,
            self.in_block() if ask else None,
            self.far_block(far) if far is not None else None,
            extra,
            self.readmit_block(readmit) if readmit else None,
            h("p", {"class": "pairing-note", "role": "alert", "id": "pairing-note"}, note or ""),
            actions_row(button("close", t("btn.close"))),
        )
        open_dialog("dlg-pair")
        if refocus:  # the choice was just changed there: the new code keeps its place
            by_id("pair-far").focus()

    def far_block(self, chosen):
        """ "A friend far away": a switch, and what choosing it shares, in plain words."""
        t = self.i18n.t
        box = h(
            "input",
            {
                "type": "checkbox",
                "id": "pair-far",
                "checked": bool(chosen),
                "aria-describedby": "pair-far-hint",
            },
        )
        return h(
            "div",
            {"class": "pairing-far"},
            h("label", {"class": "choice"}, box, h("span", None, t("pair.far"))),
            h("p", {"class": "hint", "id": "pair-far-hint"}, t("pair.far_hint")),
        )

    def readmit_block(self, seats):
        """The host's word (issue 32): a friend whose phone died, or who is on another
        device now, gets their seat back on a new device (data-action="readmit")."""
        t = self.i18n.t
        return h(
            "div",
            {"class": "pairing-readmit"},
            h("p", {"class": "hint"}, t("pair.readmit_hint")),
            h(
                "div",
                {"class": "pairing-buttons"},
                [
                    button("readmit", t("pair.readmit", n=seat + 1), "btn", {"data-seat": seat})
                    for seat in seats
                ],
            ),
        )

    def out_block(self, code):
        t = self.i18n.t
        return h(
            "div",
            {"class": "pairing-out"},
            self.qr(code),
            h("p", {"class": "pairing-code", "data-pairing": "out", "id": "pairing-out"}, code),
            h(
                "div",
                {"class": "pairing-buttons"},
                button("pair-copy", t("pair.copy")),
                button("pair-share", t("pair.share"), "btn", {"hidden": not can_share()}),
            ),
        )

    def qr(self, code):
        """The code as a QR code (link/qr.js), or nothing if it cannot be made."""
        try:
            made = window.scopaQR.path(code)
            size, d = int(made.size), str(made.d)
        except Exception as exc:
            window.console.warn("no QR code:", str(exc))
            return None
        box = "-3 -3 " + str(size + 6) + " " + str(size + 6)
        return h(
            "div",
            {"class": "pairing-qr"},
            s(
                "svg",
                {"viewBox": box, "role": "img", "aria-label": self.i18n.t("pair.qr_label")},
                s("rect", {"x": -3, "y": -3, "width": size + 6, "height": size + 6, "fill": WHITE}),
                s("path", {"d": d, "fill": "#000"}),
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
            h(
                "div",
                {"class": "pairing-buttons"},
                button("pair-scan", t("pair.scan")),
                button("pair-photo", t("pair.photo")),
            ),
            h("video", {"class": "pairing-video", "id": "pairing-video", "hidden": True}),
        )

    def put(self, text):
        """A code read from a QR code, as if pasted."""
        field = by_id("dlg-pair").querySelector('[data-pairing="in"]')
        if field is not None:
            field.textContent = text

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
