# A friend whose phone died, or who comes back on another device (issue 32;
# MicroPython, main thread): the host's word that gives an away seat to a new
# device. The pairing dialog offers it for each away seat once the match has
# begun (data-action="readmit" with data-seat, views/pairing.py); the host's
# page then makes a fresh invitation for that seat and tells its worker
# (link_readmit) that a new device's hello on that channel takes the seat, with
# a fresh token: the old one no longer works (scopa_core/link/readmission.py).
# The word is not saved: a reload makes every invitation again, and the host
# says it again if it still wants to.

import json

from pyscript import window
from tasks import spawn


class Readmitting:
    def __init__(self, flow):
        self.flow = flow
        self.k = flow.k
        self.seat = None  # the away seat being given to a new device

    def away_seats(self):
        return [s.get("seat") for s in self.k.link.get("seats") or [] if not s.get("connected")]

    def offered(self):
        """The away seats the host may give to a new device: once the match has begun
        (before it, any new device takes a free seat anyway)."""
        if not self.k.link.get("started"):
            return []
        return [seat for seat in self.away_seats() if seat != self.seat]

    def seat_to_invite(self, first_away):
        """The seat the next invitation is for: the one being readmitted while it is
        away, else the first away seat."""
        if self.seat is not None and self.seat in self.away_seats():
            return self.seat
        self.seat = None  # its old device came back, or the new one is in
        return first_away

    def drop(self, reply):
        """The channels a link reply names in `drop` (the old device of a seat a new
        device took) are closed: the old device is told, and pairs again or stops."""
        for peer in reply.get("drop") or []:
            window.scopaLink.close(peer)

    def ask(self, el):
        """data-action="readmit" (data-seat): an invitation for a new device in that seat."""
        k = self.k
        try:
            seat = int(el.getAttribute("data-seat"))
        except Exception:
            return
        if k.role != "host" or seat not in self.away_seats():
            return
        self.seat = seat
        if k.pairing:  # the invitation shown was for the old device: a fresh one
            window.scopaLink.close(k.pairing)
            k.pairing = None
        spawn(self.flow.invite())

    async def invited(self, seat, peer, link):
        """The worker is told (link_readmit) before the invitation is shown: a new
        device's hello on that channel takes the seat."""
        k, flow = self.k, self.flow
        spec = json.dumps({"seat": seat, "peer": peer})
        reply = await flow.m.engine.call("link_readmit", spec)
        if not reply.get("ok"):
            self.seat = None
            window.scopaLink.close(peer)
            k.pairing = None
            flow.show(flow.t("pair.failed"), note=flow.m.i18n.error(reply))
            return
        k.took(reply)
        step = flow.t("pair.readmit_send", n=seat + 1)
        flow.show(step, out=link, ask=True, readmit=self.offered())
