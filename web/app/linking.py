# Playing friends on other devices, the page's side (issue 16; MicroPython,
# main thread). The devices talk over WebRTC data channels (link/rtc.js, which
# knows nothing of Scopa) paired by codes the players pass by hand; the match
# itself is the engine worker's (scopa_core/link/device.py: the host's engine is the
# referee, a guest's holds only its seat). This module is the pipe and the
# flow: it passes every text off a channel to link_receive, puts each reply's
# `send` on the channels named, saves each reply's `save`, keeps
# <body data-link> (none, pairing, connected, lost) and walks the players
# through pairing (views/pairing.py draws it). docs/remote-play.md.
#
# GameManager.call goes through route(): on the host, every call that changes
# the match is followed by host_pending (what the guests must now be sent); on
# a guest, the same calls become guest_move, guest_next_hand, guest_resign, and
# the coach's (hint, sweep_risk) the guest's own, from its seat's view.
# The host's turn loop (GameManager.advance) only steps computers: on a remote
# seat's turn it stops, and the guest's move arrives here.

import json

from events import listen, page_window
from pyscript import document, window
from pyscript.ffi import create_proxy
from tasks import spawn
from views.dialogs import close_dialog

LINK_KEY = "scopa.v1.link"  # this device's part in a match with others (the worker's save)
LINKED = ("play", "step", "next_hand", "reveal", "resign", "timeout")
GUEST_CALLS = {"play": "guest_move", "next_hand": "guest_next_hand", "resign": "guest_resign"}
# a guest's own record of the match, and the coach (the sweep warning and the hint)
# from its own seat's view: the host's state is never asked
GUEST_OWN = {
    "export_record": "link_export",
    "sweep_risk": "guest_sweep_risk",
    "hint": "guest_hint",
}
LEAVING = ("new_match", "restore", "import_record")  # another match here: the link ends
HOST_PEER = "host"  # a guest's one channel
JOIN = "#join="


def invitation_code():
    """The offer an invitation link carries in its fragment (never sent to a server)."""
    try:
        fragment = str(window.location.hash or "")
    except Exception:
        return None
    return fragment[len(JOIN) :] if fragment.startswith(JOIN) else None


class Linking:
    def __init__(self, manager):
        self.m = manager
        self.role = None  # "host" or "guest" once the worker holds a match with others
        self.link = {}  # the worker's last LINK
        self.mode = None  # the pairing under way: "host" or "guest"
        self.pairing = None  # the host's channel being paired
        self.joining = []  # host: channels open whose hello has not come yet
        self.count = 0  # host: channels named so far (g1, g2...)
        self.channels = []  # every channel opened (after a swapped rematch: the old names)
        # the linked match whose table the page draws: until then the link is not
        # "connected" (the table shown is another match's, and no move goes from it)
        self.shown = None
        self.events = []
        self.draining = False
        self.invitation = invitation_code()
        from link_pairing import Pairing

        self.flow = Pairing(self)
        from rematching import Rematching

        self.rematching = Rematching(self)
        from standing_in import StandingIn

        self.standing = StandingIn(self)  # a friend who does not come back
        self.set_body("none")
        # an invitation link opened in a tab already at the game: the address's
        # fragment changes, the page does not load again
        self._listening = []
        listen(page_window(), "hashchange", self.on_address, self._listening)
        try:  # link/rtc.js: a browser without it still plays everything else
            self.flow.read_ice()  # the STUN/TURN servers chosen before, if any
            self._proxy = create_proxy(self.on_event)
            window.scopaLink.listen(self._proxy)
        except Exception as exc:
            window.console.warn("link: no transport:", str(exc))

    def on_address(self, event=None):
        code = invitation_code()
        if not code:
            return
        self.invitation = code  # taken by the start (opening.py) if it is still going on
        if not self.m.connecting:
            spawn(self.flow.resume())

    def handlers(self):
        found = self.rematching.handlers()
        found.update(self.standing.handlers())
        found.update(self.own_handlers())
        return found

    def own_handlers(self):
        return {
            "friend": lambda el: self.m.ui.settings.friend(),
            "join": lambda el: self.flow.ask_join(),
            "pair": lambda el: spawn(self.flow.pair()),
            "pair-copy": lambda el: self.flow.copy(),
            "pair-share": lambda el: self.flow.share(),
            "pair-scan": lambda el: spawn(self.flow.scan()),
            "pair-photo": lambda el: self.flow.photo(),
            "readmit": lambda el: self.flow.readmission.ask(el),
        }

    def form_changed(self, target):
        """A control changed (input.py): the pairing dialog's far-away choice."""
        if str(target.id or "") == "pair-far":
            self.flow.far_changed(bool(target.checked))

    @property
    def view(self):
        return self.m.ui.pairing

    def can_pair(self):
        """This browser can open a channel to another device (link/rtc.js detects
        what a pairing needs, never which browser this is)."""
        try:
            return bool(window.scopaLink.supported)
        except Exception:
            return False

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    # -- the worker ------------------------------------------------------------------
    async def route(self, name, arg=None, *more):
        """GameManager.call: a worker call, linked to the other devices (see above)."""
        engine = self.m.engine
        if name in LEAVING and self.role is not None:
            self.leave()
        if self.role == "guest" and name in GUEST_OWN:
            return await engine.call(GUEST_OWN[name], arg)  # answered from the guest's seat
        if self.role is not None and name in LINKED and not self.drawn():
            return {"ok": False, "said": self.t("pair.table_coming")}
        if self.role == "guest" and name in LINKED:
            call = GUEST_CALLS.get(name)
            if call is None:
                return {"ok": False, "error": "not on a guest's device"}
            reply = await engine.call(call, arg if name == "play" else None)
            self.took(reply)
            return reply
        reply = await engine.call(name, arg, *more)
        if self.role == "host" and name in LINKED and reply.get("ok"):
            self.took(await engine.call("host_pending"))
        return reply

    def took(self, reply, show=True):
        """A link reply: its messages sent, its save kept, what it says shown (`show`:
        the link's state too; draw() shows it once the reply's table is drawn)."""
        if not reply.get("ok"):
            if reply.get("error"):
                self.m.ui.notices.toast(self.m.i18n.error(reply))
            return False
        for item in reply.get("send") or []:
            if not window.scopaLink.send(item["to"], item["text"]):
                window.console.warn("link: channel closed, not sent to", item["to"])
        self.flow.readmission.drop(reply)  # a seat's old device: its seat went to a new one
        self.role = reply.get("role")
        document.body.dataset.linkRole = self.role or ""
        self.link = reply.get("link") or {}
        self.keep(reply.get("save"))
        self.m.saves.from_link(reply)  # a rematch: the finished match is kept
        self.say(reply)
        self.standing.said(reply)
        self.rematching.took(reply)
        if show:
            self.show_state()
        return True

    def say(self, reply):
        """What the other device refused, and a fair-deal check that failed."""
        told = reply.get("told")
        if told:
            self.m.ui.notices.toast(self.m.i18n.error(told))
        refused = reply.get("refused")
        if refused:
            window.console.warn("link: refused a message:", str(refused.get("error")))
        check = reply.get("check")
        if check and not check.get("ok"):
            said = self.t("pair.check_failed", n=check.get("hand", 0) + 1)
            document.body.dataset.dealCheck = "failed"
            self.m.ui.notices.toast(said)
            self.m.ui.notices.announce(said)

    def keep(self, save):
        if save is None:
            return
        try:
            window.localStorage.setItem(LINK_KEY, json.dumps(save))
        except Exception as exc:
            window.console.warn("link: not saved:", str(exc))

    def leave(self):
        """Another match on this device: the channels close and the link is forgotten."""
        for peer in self.peers():
            window.scopaLink.close(peer)
        self.role, self.link, self.mode, self.pairing, self.joining = None, {}, None, None, []
        self.channels, self.shown = [], None
        document.body.dataset.linkRole = ""
        try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
            window.localStorage.removeItem(LINK_KEY)
        except Exception:
            pass
        close_dialog("dlg-pair")
        self.set_body("none")
        self.standing.show()  # no friend's seat left to the computer here

    def peers(self):
        named = (
            [HOST_PEER]
            if self.role == "guest"
            else ["g" + str(k) for k in range(1, self.count + 1)]
        )
        return named + [peer for peer in self.channels if peer not in named]

    # -- <body data-link> --------------------------------------------------------------
    def set_body(self, state):
        document.body.dataset.link = state

    def drawn(self):
        """The page draws the linked match's table (not the match it replaces)."""
        return self.shown is not None and self.shown == self.link.get("match")

    def state(self):
        link = self.link
        if self.role is None:
            return "pairing" if self.mode else "none"
        if not self.drawn():
            return "pairing"  # the link and the friends' table change together
        if self.role == "host":
            computer = link.get("computer") or {}  # away seats the computer plays: no pause
            if all(s.get("connected") or str(s["seat"]) in computer for s in link["seats"]):
                return "connected"
            return "lost" if link.get("started") else "pairing"
        if not link.get("match"):
            return "pairing"
        return "lost" if not link.get("connected") or link.get("paused") else "connected"

    def show_state(self):
        state = self.state()
        self.set_body(state)
        if self.role == "host" and state != "connected" and not self.pairing and not self.joining:
            spawn(self.flow.invite())
        elif state == "connected" and self.mode is not None and not self.pairing:
            self.mode = None
            self.flow.readmission.seat = None
            close_dialog("dlg-pair")
        elif self.role == "guest" and self.mode is None and not self.link.get("connected"):
            self.flow.ask_again()  # the channel to the host dropped: a new code from it
        self.standing.show()
        self.m.clock.follow()  # a paused match stops the clock on every device

    def paused(self):
        """The match waits for a device (a channel lost): nobody's time runs."""
        return self.state() != "connected" or bool(self.link.get("paused"))

    # -- channel events (link/rtc.js), one at a time in order ----------------------------
    def on_event(self, kind, peer, detail):
        self.events.append((str(kind), str(peer), None if detail is None else str(detail)))
        if not self.draining:
            spawn(self.drain())

    async def drain(self):
        self.draining = True
        try:
            while self.events:
                kind, peer, detail = self.events.pop(0)
                await self.locked(self.handle(kind, peer, detail))
        finally:
            self.draining = False

    async def locked(self, flow):
        """Run a flow as the game manager's flows run: one at a time."""
        m = self.m
        m.waiting += 1
        await m.acquire()
        try:
            await flow
        except Exception as exc:  # a channel's event never stops the page
            window.console.warn("link:", str(exc))
        finally:
            m.busy = False
        if self.role == "host":
            await m.advance()
        elif m.view is not None:  # drawn while busy: the phase and prompt as they are now
            m.update_phase()
            m.prompt()

    async def handle(self, kind, peer, detail):
        engine = self.m.engine
        if kind == "message":
            if peer in self.joining:
                self.joining.remove(peer)
            await self.draw(await engine.call("link_receive", peer, detail))
        elif kind == "open":
            await self.opened(peer)
        elif kind in ("close", "fail"):
            if self.role is not None and peer in self.peers():
                if peer in self.joining:
                    self.joining.remove(peer)
                await self.draw(await engine.call("link_lost", peer))
            elif peer == self.pairing:
                self.view.note(self.t("pair.failed"))
        elif kind == "refused":
            window.console.warn("link: a message from", peer, "refused:", detail)

    async def draw(self, reply):
        """A reply to a link event: its table drawn, then the link's state shown, so
        that "connected" never shows over the table of the match being replaced."""
        if not self.took(reply, show=False):
            return
        if reply.get("view") is not None and await self.m.apply(reply, acted=False):
            self.shown = self.link.get("match")
        self.show_state()

    async def opened(self, peer):
        engine = self.m.engine
        if peer not in self.channels:
            self.channels.append(peer)
        if self.mode == "host" or self.role == "host":
            self.pairing = None
            self.joining.append(peer)
            self.view.step(self.t("pair.connected"))
            return
        if self.role == "guest":
            reply = await engine.call("guest_hello", peer)
        else:
            options = {"peer": peer, "name": self.my_name()}
            reply = await engine.call("guest_join", json.dumps(options))
        self.view.step(self.t("pair.connected"))
        await self.draw(reply)

    def my_name(self):
        seats = (self.m.prefs.get("settings") or {}).get("seats") or [{}]
        name = seats[0].get("name") if isinstance(seats[0], dict) else None
        return name if isinstance(name, str) else ""
