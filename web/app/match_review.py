# A whole match reviewed from "Your games" (MicroPython, main thread): the
# match played on this device once it is over, a finished match kept in "Your
# games" (kept_games.py), or a record file chosen for
# it (checked by the engine, and never put in place of the match in
# progress); any seat, hand by hand. The hand shown is reviewed first and the
# next one after it, in the background like a hand's review (reviewer.py);
# closing the review stops what is left of it.

import json

from dom import placed
from pyscript import document
from pyscript.ffi import create_proxy
from record_seats import first_seat, players_of, seat_names
from tasks import spawn
from views.dialogs import close_dialog

FILE_TYPES = ".json,application/json,text/plain"


def is_hand_job(job):
    return job.key.startswith("hand/")


class MatchReview:
    def __init__(self, flow):
        self.flow = flow
        self.m = flow.m
        self.source = None  # the record being reviewed: text, seat names, hands, file name
        self.count = 0  # records loaded so far (names their jobs)
        self.seat = 0
        self.hand = 0
        self._proxy = None

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    def handlers(self):
        return {
            "review-match": lambda el: self.open(),
            "review-here": lambda el: self.here(),
            "review-file": lambda el: self.choose_file(),
            "review-seat": lambda el: self.pick(el, "seat"),
            "review-pick-hand": lambda el: self.pick(el, "hand"),
        }

    def can_here(self):
        view = self.m.view
        return view is not None and view.get("phase") == "match-over" and bool(self.m.record)

    def open(self):
        close_dialog("dlg-games")
        self.source = None
        screen = self.flow.view("review")
        self.flow.job = None
        screen.open(self.t("review.title_match"), screen.sources(self.can_here()))

    def closed(self):
        self.source = None
        self.flow.reviewer.drop(is_hand_job)

    # -- where the match comes from --------------------------------------------------
    def here(self):
        if self.can_here():
            spawn(self.load(json.dumps(self.m.record), None))

    def choose_file(self):
        attrs = {"type": "file", "accept": FILE_TYPES, "hidden": True}
        box = placed("review-file", "input", attrs, document.body)
        if self._proxy is None:
            self._proxy = create_proxy(self.on_file)
            box.addEventListener("change", self._proxy)
        box.value = ""
        box.click()

    def on_file(self, event):
        files = event.target.files
        if files is not None and files.length > 0:
            spawn(self.read(files.item(0)))

    async def read(self, file):
        try:
            text = str(await file.text())
        except Exception:
            self.flow.view("review").message(self.t("games.unreadable_file"))
            return
        await self.load(text, str(file.name))

    def kept(self, text, label):
        """A finished match kept in "Your games" (kept_games.py), labelled `label`."""
        self.open()
        spawn(self.load(text, None, label))

    async def load(self, text, name, label=None):
        """Check the record in the engine (nothing else changes), then show its first hand."""
        screen = self.flow.view("review")
        screen.message(self.t("review.checking"))
        await self.flow.reviewer.idle()
        reply = await self.m.engine.call("review_positions", json.dumps({"record": text}))
        if not reply.get("ok"):
            screen.message(self.refusal(reply))
            return
        record = json.loads(text)
        players = players_of(record, reply.get("positions") or [])
        self.count += 1
        self.source = {
            "no": self.count,
            "text": text,
            "names": seat_names(record, players, self.m.i18n),
            "hands": reply.get("hands") or 0,
            "name": label or (self.t("review.file", name=name) if name else self.t("review.here")),
        }
        self.seat = first_seat(record, players)
        self.hand = 0
        self.select()

    def refusal(self, reply):
        """The checker's sentence, and where it went wrong (counted from one)."""
        said = self.t("review.file_bad", error=self.m.i18n.error(reply))
        hand, move = reply.get("hand"), reply.get("move")
        if isinstance(hand, int) and isinstance(move, int):
            return said + " " + self.t("games.where_move", hand=hand + 1, move=move + 1)
        if isinstance(hand, int):
            return said + " " + self.t("games.where_hand", hand=hand + 1)
        return said

    # -- which seat, which hand ----------------------------------------------------------
    def pick(self, el, what):
        try:
            value = int(el.dataset.seat if what == "seat" else el.dataset.hand)
        except Exception:
            return
        if self.source is None:
            return
        if what == "seat":
            self.seat = value
        else:
            self.hand = value
        self.select()
        focus = '[data-action="review-' + ("seat" if what == "seat" else "pick-hand") + '"]'
        found = self.flow.view("review").dialog().querySelector(focus + '[aria-pressed="true"]')
        if found is not None:
            found.focus()

    def select(self):
        src = self.source
        reviewer = self.flow.reviewer
        reviewer.drop(is_hand_job)  # only the hand shown (and the next) go on
        job = reviewer.request(self.job_key(self.hand), src["text"], self.seat, self.hand)
        if self.hand + 1 < src["hands"]:
            key = self.job_key(self.hand + 1)
            reviewer.request(key, src["text"], self.seat, self.hand + 1, first=False)
        screen = self.flow.view("review")
        top = [
            screen.sources(self.can_here()),
            screen.pickers(src["names"], self.seat, src["hands"], self.hand, src["name"]),
        ]
        title = self.t("review.title_hand", n=self.hand + 1, name=src["names"][self.seat])
        self.flow.show_job(job, title, top)

    def job_key(self, hand):
        return "match/" + str(self.source["no"]) + "/" + str(hand) + "/" + str(self.seat)
