# A friend who does not come back (issue 32; MicroPython, main thread). While a
# friend's device is away the match waits; the host may give that seat to the
# computer at a level of its choice (link_stand_in) at once or whenever it
# likes, and the match goes on. The friend takes the seat back by pairing again
# (the bar's "Pair again" makes a fresh invitation); its page then says how many
# of its moves the computer made. The worker decides everything
# (scopa_core/link/host.py); views/away.py draws. docs/remote-play.md.

import json

from pyscript import document, window
from tasks import spawn
from views.away import away_block, chosen, show_bar


class StandingIn:
    def __init__(self, linking):
        self.k = linking
        self.m = linking.m
        self.level = "normal"  # the level chosen last (the next away seat's default)

    def handlers(self):
        return {"away-computer": lambda el: self.give(), "away-back": lambda el: self.back()}

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    def computer(self):
        """The away seats the computer plays now: by seat (as text) with their levels on
        the host, a list of seats on a guest."""
        return self.k.link.get("computer") or {}

    def invitation(self, seat):
        """The pairing dialog's sentence, and part, for the away seat `seat`."""
        if str(seat) in self.computer():
            return "pair.host_back", None  # the friend is coming back: no choice to make
        return "pair.host_again", away_block(self.t, seat, self.level)

    def give(self):
        found = chosen()
        if found is not None:
            self.level = found[1]
            spawn(self.k.locked(self.call(found[0], found[1])))

    async def call(self, seat, level):
        k = self.k
        spec = json.dumps({"seat": seat, "level": level})
        reply = await self.m.engine.call("link_stand_in", spec)
        if not reply.get("ok"):
            self.m.ui.notices.toast(self.m.i18n.error(reply))
            return
        if k.pairing:  # the invitation shown is dropped; "Pair again" makes a fresh one
            window.scopaLink.close(k.pairing)
            k.pairing = None
        await k.draw(reply)  # the match goes on: the dialog closes, the turn loop steps it

    def back(self):
        """ "Pair again": a fresh invitation for a seat the computer plays."""
        k = self.k
        if k.pairing:
            window.scopaLink.close(k.pairing)
            k.pairing = None
        k.mode = "host"
        spawn(k.flow.invite())

    def show(self):
        role = self.k.role
        seats = [str(int(seat) + 1) for seat in sorted(self.computer())] if role else []
        show_bar(self.t, seats, role == "host")

    def said(self, reply):
        """A friend back: how many of its moves the computer made while it was away."""
        told = reply.get("stood_in")
        if not told:
            return
        n = told.get("moves", 0)
        said = self.t("away.told_one") if n == 1 else self.t("away.told", n=n)
        document.body.dataset.stoodIn = str(n)
        self.m.ui.notices.toast(said, 8000)
        self.m.ui.notices.announce(said)
