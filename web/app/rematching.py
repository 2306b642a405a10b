# A rematch after a match with friends on other devices (issue 16; MicroPython,
# main thread): the buttons of the result screen and the answer to the other
# device's offer. The worker decides everything (scopa_core/link/rematch.py): this
# module asks (link_rematch {"swap": bool}), answers (link_answer true|false)
# and draws what the link's info says (views/rematch.py, inside #dlg-count).
#
# - "Rematch": the same people and seats, this match's host hosting again; the
#   host starts it once every guest has said yes, on the channels already open.
# - "Rematch, swap the host" (two people on two devices only): the device that
#   was the guest hosts the next match, over the same channel; each page just
#   follows its reply's `role` (linking.py), with no pairing.
# - The other device is asked (Accept / Decline); a no is said on the asker's
#   screen, which may ask again. With several guests the host tells every other
#   device that said yes or was still asked (the worker's `declined_by`: the
#   seat that said no): each says who, stops waiting and may ask again.

import json

from dom import by_id
from names import seat_name
from pyscript import document
from rematch_state import humans, rematch_state
from tasks import spawn


class Rematching:
    def __init__(self, linking):
        self.link = linking
        self.declined = None  # the match whose rematch the other device declined
        self.said_yes = None  # the match whose rematch this guest accepted
        self.declined_by = None  # the seat that said the last no, when known
        self.gone = False  # the last no came while this device was away (who: not known)
        self._view = None

    def handlers(self):
        return {
            "rematch": lambda el: self.run("link_rematch", json.dumps({"swap": False})),
            "rematch-swap": lambda el: self.run("link_rematch", json.dumps({"swap": True})),
            "rematch-yes": lambda el: self.run("link_answer", "true"),
            "rematch-no": lambda el: self.run("link_answer", "false"),
        }

    def run(self, name, arg):
        spawn(self.link.locked(self.call(name, arg)))

    async def call(self, name, arg):
        match = self.link.link.get("match")
        if name == "link_answer" and arg == "true" and self.link.role == "guest":
            self.said_yes = match
        if name == "link_rematch":
            self.declined = None
        await self.link.draw(await self.link.m.engine.call(name, arg))
        self.show()

    def took(self, reply):
        """Every link reply: a no from the other device is said once."""
        if reply.get("declined"):
            self.declined = self.link.link.get("match")
            self.said_yes = None  # the offer is over: nothing to wait for
            self.declined_by = reply.get("declined_by")
            self.gone = bool(reply.get("offer_gone"))  # it ended while this device was away
            said = self.sentence()
            self.link.m.ui.notices.toast(said)
            self.link.m.ui.notices.announce(said)
        link = self.link.link
        if link.get("offer") is not None:
            self.declined = None

    def sentence(self):
        """ "Bea said no: no rematch.", by the name the table gives that seat (in the
        page's language of the moment: the result screen may be drawn again later)."""
        if self.gone:
            return self.link.t("rematch.gone")
        seat = self.declined_by
        name = seat_name(self.link.m.view or {}, seat, self.link.m.i18n) if seat is not None else ""
        if name:
            return self.link.t("rematch.declined_by", name=name)
        return self.link.t("rematch.declined")

    def state(self):
        linking = self.link
        match = linking.link.get("match")
        info = dict(linking.link)
        info["declined"] = self.declined is not None and self.declined == match
        said_yes = self.said_yes is not None and self.said_yes == match
        connected = linking.state() == "connected"
        return rematch_state(linking.role, info, linking.m.view, connected, said_yes)

    def show(self):
        """The rematch part of the result screen, as the link is now (after each draw)."""
        dlg = by_id("dlg-count")
        state = self.state()
        if state is None or dlg is None or not dlg.open or dlg.dataset.kind != "result":
            old = by_id("rematch")
            if old is not None:
                old.remove()
            return
        if self._view is None:
            from views.rematch import RematchView

            self._view = RematchView(self.link.m.i18n)
        offer = self.link.link.get("offer") or {}
        swap_ok = len(humans(self.link.m.view)) == 2
        said = self.sentence()
        self._view.show(dlg, state, swap_ok, bool(offer.get("swap")), self.link.role, said)
        document.body.dataset.rematch = state
