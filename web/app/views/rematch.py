# The rematch part of the result screen (#rematch inside #dlg-count, above its
# buttons), after a match with friends on other devices (rematching.py):
# - ask: "Play again with the same friends?" [Rematch] [Rematch, swap the host]
#   (the swap only for two people on two devices)
# - waiting: this device asked, or said yes: waiting for the others
# - asked: the other device asks (and whether it would host): [Accept] [Decline]
# - declined: someone said no (who, when known: "Bea said no: no rematch.");
#   asking again is allowed
#
# Hooks: #rematch[data-rematch=ask|waiting|asked|declined], buttons
# data-action="rematch" | "rematch-swap" | "rematch-yes" | "rematch-no".

from dom import fill, h, placed

from views.dialogs import button


class RematchView:
    def __init__(self, i18n):
        self.i18n = i18n

    def show(self, dlg, state, swap_ok, swap_offered, role, said):
        t = self.i18n.t
        actions = dlg.querySelector(".dialog-actions")
        el = placed("rematch", "div", {"class": "rematch", "role": "group"}, dlg, actions)
        el.setAttribute("aria-label", t("rematch.title"))
        el.dataset.rematch = state
        note = said if state == "declined" else self.note(state, swap_offered, role)
        fill(el, h("p", {"class": "note rematch-note"}, note))
        if state in ("ask", "declined"):
            el.append(self.ask_buttons(swap_ok))
        elif state == "asked":
            el.append(
                h(
                    "div",
                    {"class": "rematch-buttons"},
                    button("rematch-no", t("rematch.decline")),
                    button("rematch-yes", t("rematch.accept"), "btn primary"),
                )
            )

    def note(self, state, swap_offered, role):
        t = self.i18n.t
        if state == "asked":
            if not swap_offered:
                return t("rematch.asked")
            # the other device asks to swap: the guest would host, the host would join
            return t("rematch.asked_you_host" if role == "guest" else "rematch.asked_they_host")
        return t("rematch." + state)

    def ask_buttons(self, swap_ok):
        t = self.i18n.t
        return h(
            "div",
            {"class": "rematch-buttons"},
            button("rematch-swap", t("rematch.ask_swap")) if swap_ok else None,
            button("rematch", t("rematch.ask_same"), "btn primary"),
        )
