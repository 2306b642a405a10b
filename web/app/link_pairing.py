# Pairing this device with another (issue 16; MicroPython, main thread): the
# steps the players follow, each said in plain words. The host makes an offer
# for each friend's seat (an invitation link, its `#join=` fragment carrying
# the code), the friend's device answers with its own code, the host enters
# it, and the channel opens (link/rtc.js). The host always offers and a guest
# always answers, at the first pairing and after a channel dropped alike.
# linking.py is the match over the channel; views/pairing.py draws.

import json

from dom import h
from ice_servers import FAR_AWAY, TEST_STUN, far_away, pairing_servers
from linking import HOST_PEER, JOIN, LINK_KEY
from pyscript import document, window
from pyscript.ffi import create_proxy
from tasks import spawn
from views.dialogs import close_dialog, raise_dialog


class Pairing:
    def __init__(self, linking):
        self.k = linking
        self.m = linking.m
        self.offer = None  # a guest: the invitation its code answers (while it is shown)
        from readmitting import Readmitting

        self.readmission = Readmitting(self)  # the host: an away seat to a new device
        self.answers = 0  # a guest: answers begun (only the latest one is shown)

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    def read_ice(self):
        """The servers a pairing uses (ice_servers.py): the new-match form's STUN/TURN
        field, kept, and "a friend far away" if chosen; given to the transport."""
        field = document.getElementById("set-ice")
        if field is not None:
            text = str(field.innerText or "").strip()
            self.m.prefs["ice_servers"] = text
            self.m.storage.save_prefs(self.m.prefs)
        servers = pairing_servers(self.m.prefs, self.test_stun())
        window.scopaLink.configure(json.dumps(servers))

    def test_stun(self):
        """The loopback STUN address a test put in place of the public ones, if any."""
        try:
            return str(getattr(window, TEST_STUN)) if hasattr(window, TEST_STUN) else None
        except Exception:
            return None

    def show(self, step, **parts):
        """The pairing dialog at a step where a code is made: the far-away choice on it."""
        self.k.view.show(step, far=far_away(self.m.prefs), **parts)

    def far_changed(self, on):
        """The far-away choice changed: kept, given to the transport, and this device's
        code made again with it (the one shown would not carry the new addresses)."""
        k = self.k
        self.m.prefs[FAR_AWAY] = bool(on)
        self.m.storage.save_prefs(self.m.prefs)
        self.read_ice()
        if k.role == "host" and k.mode == "host":
            if k.pairing:  # an invitation shown (or being made): a fresh one
                window.scopaLink.close(k.pairing)
                k.pairing = None
            spawn(self.invite())  # nothing when every friend's seat is connected
        elif k.mode == "guest" and self.offer:  # an answer shown (or being made)
            spawn(self.answer(self.offer))

    def on_top(self, focused):
        """After the screens are drawn: a page reloaded after a match with friends
        draws the result while its pairing dialog is open. Pairing again comes first
        (the rematch needs the link), and a result on top caught every tap on "Pair".
        Only a dialog shown above it takes the focus (one below is inert), so that
        says when to raise it; the field the player was in gets the focus back."""
        pairing = document.getElementById("dlg-pair")
        if pairing is None or not pairing.open or pairing.contains(document.activeElement):
            return
        raise_dialog("dlg-pair")
        if focused is not None and pairing.contains(focused):
            focused.focus()

    # -- the host ------------------------------------------------------------------------
    async def host(self, settings):
        """The new-match dialog's start with friends' seats: the table is opened and
        the first friend is invited."""
        k, m = self.k, self.m
        self.read_ice()
        close_dialog("dlg-settings")
        m.prefs["settings"] = settings
        m.storage.save_prefs(m.prefs)
        if k.role is not None:
            k.leave()
        reply = await m.engine.call("host_open", json.dumps(settings))
        if not reply.get("ok"):
            m.ui.notices.toast(m.i18n.error(reply))
            return
        k.mode = "host"
        k.took(reply)

    def away_seat(self):
        for seat in self.k.link.get("seats") or []:
            if not seat.get("connected"):
                return seat.get("seat")
        return None

    async def invite(self):
        """An offer for the first friend's seat with no channel (or the seat the host is
        giving to a new device: readmitting.py)."""
        k = self.k
        seat = self.readmission.seat_to_invite(self.away_seat())
        if k.role != "host" or seat is None or k.pairing:
            return
        k.mode = "host"
        k.count += 1
        peer = "g" + str(k.count)
        k.pairing = peer
        k.set_body(k.state() if k.link.get("started") else "pairing")
        if self.cannot_pair():
            k.pairing = None
            return
        self.show(self.t("pair.making"))
        try:
            code = await window.scopaLink.offer(peer)
        except Exception as exc:  # the details go to the console, never on the page
            window.console.warn("link: no offer:", str(exc))
            k.pairing = None
            self.show(self.t("pair.failed"))
            return
        if k.pairing != peer:
            return
        link = str(window.location.origin) + str(window.location.pathname) + JOIN + str(code)
        if seat == self.readmission.seat:
            await self.readmission.invited(seat, peer, link)
            return
        again, extra = "pair.host_send", None
        if k.link.get("started"):  # away: pair again, or let the computer play for them
            again, extra = k.standing.invitation(seat)
        readmit = self.readmission.offered()
        self.show(self.t(again, n=seat + 1), out=link, ask=True, extra=extra, readmit=readmit)

    def cannot_pair(self):
        """True, with the pairing dialog saying why in plain words, when this browser
        cannot connect to another device at all (no WebRTC): nothing to paste or send."""
        if self.k.can_pair():
            return False
        self.k.view.show(self.t("pair.no_webrtc"))
        return True

    # -- a guest ---------------------------------------------------------------------------
    def ask_join(self):
        """The new-match dialog's "join a friend": paste the friend's invitation."""
        self.read_ice()
        close_dialog("dlg-settings")
        k = self.k
        if k.role is not None:
            k.leave()
        k.mode = "guest"
        self.offer = None
        k.set_body("pairing")
        if not self.cannot_pair():
            self.show(self.t("pair.guest_paste"), ask=True)

    def ask_again(self):
        """A guest whose channel dropped (or that reloaded): a fresh code from the host."""
        k = self.k
        k.mode = "guest"
        self.offer = None
        if not self.cannot_pair():
            self.show(self.t("pair.guest_again"), ask=True)

    async def answer(self, code):
        k = self.k
        k.mode = "guest"
        if self.cannot_pair():
            return
        self.offer = code  # the far-away choice changed while it is shown: answered again
        self.answers += 1
        mine = self.answers
        self.show(self.t("pair.making"))
        try:
            answer = await window.scopaLink.answer(HOST_PEER, code)
        except Exception as exc:
            window.console.warn("link: not an invitation:", str(exc))
            answer = None
        if mine != self.answers:
            return  # the far-away choice changed meanwhile: a newer answer is being made
        if answer is None:
            self.offer = None
            self.show(self.t("pair.guest_paste"), ask=True, note=self.t("pair.bad_code"))
            return
        self.show(self.t("pair.guest_send"), out=str(answer))

    # -- the pair button ----------------------------------------------------------------------
    async def pair(self):
        k = self.k
        code = k.view.pasted()
        if not code:
            k.view.note(self.t("pair.empty"))
        elif k.mode == "guest" or (k.role == "guest" and k.mode is None):
            await self.answer(code)
        elif k.pairing:
            try:
                await window.scopaLink.accept(k.pairing, code)
            except Exception as exc:
                window.console.warn("link: not an answer:", str(exc))
                k.view.note(self.t("pair.bad_answer"))
                return
            k.view.step(self.t("pair.connecting"))

    # -- QR codes (link/qr.js) -----------------------------------------------------------------
    async def scan(self):
        """The camera, until it shows a QR code: its text is the code entered."""
        video = document.getElementById("pairing-video")
        if video is None:
            return
        video.hidden = False
        self.k.view.note(self.t("pair.scanning"))
        try:
            text = await window.scopaQR.scan(video)
        except Exception as exc:
            window.console.warn("link: no camera:", str(exc))
            self.k.view.note(self.t("pair.no_camera"))
            text = None
        video.hidden = True
        await self.read(text)

    def photo(self):
        """A photo (or a screenshot) of the other device's QR code."""
        picker = document.getElementById("pair-photo-file")
        if picker is None:
            picker = h("input", {"type": "file", "accept": "image/*", "id": "pair-photo-file"})
            picker.hidden = True
            self._picked = create_proxy(lambda event: spawn(self.picked(picker)))
            picker.addEventListener("change", self._picked)
            document.body.append(picker)
        picker.value = ""
        picker.click()

    async def picked(self, picker):
        files = picker.files
        if files is None or files.length == 0:
            return
        try:
            text = await window.scopaQR.fromImage(files.item(0))
        except Exception as exc:
            window.console.warn("link: no QR code in the photo:", str(exc))
            text = None
        await self.read(text)

    async def read(self, text):
        if not text:
            self.k.view.note(self.t("pair.no_qr"))
            return
        window.scopaQR.stop()
        self.k.view.put(str(text))
        await self.pair()

    def copy(self):
        try:
            window.navigator.clipboard.writeText(self.k.view.code())
            self.k.view.note(self.t("pair.copied"))
        except Exception:
            self.k.view.note(self.t("pair.copy_failed"))

    def share(self):
        code = self.k.view.code()
        try:
            if window.navigator.share:
                window.navigator.share(window.JSON.parse(json.dumps({"text": code})))
                return
        except Exception:
            pass
        self.copy()

    # -- opening the page ---------------------------------------------------------------------
    async def resume(self):
        """After the page's own match is up: an invitation link in the address, or
        this device's match with others, saved, taken up again."""
        k, m = self.k, self.m
        code = k.invitation
        if code:
            k.invitation = None
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                window.history.replaceState(None, "", window.location.pathname)
            except Exception:
                pass
            if k.role is not None:
                k.leave()
            k.set_body("pairing")
            spawn(self.answer(code))
            return
        try:
            saved = window.localStorage.getItem(LINK_KEY)
        except Exception:
            saved = None
        if not saved:
            return
        reply = await m.engine.call("link_restore", saved)
        if not reply.get("ok"):
            window.console.warn("link: the saved match could not be taken up")
            return
        await k.draw(reply)
        if k.role == "guest":
            self.ask_again()
