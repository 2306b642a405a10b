# The flow of the game on the page (MicroPython, main thread): the match's
# life (start-up, new match, next hand, resignation), the turn loop (a
# person's move sent, each computer move asked for and shown), the phases, and
# the calls to the engine worker. Every rule is decided by the engine; taps
# become moves in chooser.py, and the screens (views/, screens.py) draw what
# comes back.

import asyncio
import json

from engine import Engine, now_ms
from names import seat_name
from narration import describe
from opening import Opening
from painting import keep_image
from phases import in_progress, my_turn, phase_of
from pyscript import document
from tabs import Tabs
from tasks import spawn
from views.dialogs import close_dialog


class GameManager:
    def __init__(self, i18n, storage, ui, actions, prefs):
        from chooser import Chooser
        from coaching import Coaching
        from linking import Linking
        from match_buttons import MatchButtons
        from move_clock import MoveClock
        from new_match import NewMatch
        from preferences import Preferences
        from saves import Saves
        from updates import Updates

        self.i18n = i18n
        self.storage = storage
        self.ui = ui  # screens.Screens
        self.actions = actions
        self.engine = Engine()
        self.view = None
        self.record = None
        self.queued = None  # a move made before the engine was ready
        self._busy = False
        self.waiting = 0
        self.calling = 0  # the game's worker calls under way (a review step waits for them)
        self.connecting = True  # until the worker holds the match: flows wait for it
        self.prefs = prefs
        self.timings = {}
        self.chooser = Chooser(self)
        self.opening = Opening(self)
        self.saves = Saves(self)  # unreadable saved data, export/import, statistics
        self.updates = Updates(self)  # a new version of the app, installed between hands
        self.preferences = Preferences(self)
        self.new_match = NewMatch(self)
        self.tabs = Tabs(self)  # other tabs of the app: saves numbered, catching up
        self.coach = Coaching(self)  # hint, sweep warning, reviews
        self.clock = MoveClock(self)  # the per-move deadline: follows each phase
        self.link = Linking(self)  # friends on other devices (linking.py routes the calls)
        owners = (self.chooser, self.new_match, self.saves, self.updates, self.preferences)
        owners += (self.coach, MatchButtons(self), self.link)
        for owner in owners:
            actions.on_all(owner.handlers())

    # -- busy: one flow at a time ----------------------------------------------------
    @property
    def busy(self):
        """A worker call or an animation is under way, or one is about to start
        (shown as body.busy, which the tests wait on too)."""
        return self._busy or self.waiting > 0

    @busy.setter
    def busy(self, value):
        self._busy = value
        document.body.classList.toggle("busy", self.busy)

    def launch(self, flow):
        """Start a flow (a coroutine that begins with `await self.acquire()`)."""
        self.waiting += 1
        document.body.classList.add("busy")
        spawn(flow)

    async def acquire(self):
        while self._busy or self.connecting:
            await asyncio.sleep(0.05)
        self.waiting -= 1
        self.busy = True

    async def call(self, name, arg=None):
        self.calling += 1
        try:
            early = await self.opening.answer(name, arg)  # the opening book, while it answers
            return early if early is not None else await self.link.route(name, arg)
        finally:
            self.calling -= 1

    def start(self):
        """Draw the saved table at once (tappable), then start the engine in the background."""
        self.opening.start()

    # -- drawing what the worker sends ------------------------------------------------
    async def apply(
        self, reply, animate=True, keep_choice=False, tally=True, acted=True, quiet=False
    ):
        """Save and draw a reply; False (nothing drawn) when another tab saved since:
        then this page has caught up with that tab's save instead (and tells the
        player, if the reply was to their action, that it was not made). `quiet`: the
        move was said already (paint.js showed it)."""
        old = self.view
        view = reply["view"]
        event = reply.get("event")
        # a guest's device keeps its seat in the link's save (linking.py), not as its game
        if self.link.role != "guest" and not await self.tabs.commit(view, reply.get("record")):
            await self.tabs.catch_up(dropped=acted)
            return False
        self.record = reply.get("record")
        if not keep_choice:
            self.chooser.selection = None
        said = describe(event, view, self.i18n) if event else ""
        if said:
            self.ui.prompt.status(said)
            if not quiet:
                self.ui.notices.announce(said)
        if animate and event:
            self.set_phase("thinking")  # the old view's seat to move, while it is shown
            await self.ui.motion.move(old, view, event, self.chooser.selection, self.queued)
            self.view = view
        else:
            self.view = view
            self.draw()
        if event and event.get("dealt") and not event.get("hand_over"):
            self.ui.motion.deal_in()
        self.update_phase()
        self.prompt()
        self.dialogs()
        self.saves.after_apply(view, self.record, tally)
        self.updates.after_view(view)
        self.coach.after_view(view)
        keep_image(view, self.link.role)  # the next visit's first paint (painting.py)
        return True

    async def up_to_date(self, acted=True):
        """Before an action goes to the worker: True when no other tab saved since;
        else this page catches up (the action is not made) and False."""
        if not self.storage.others_saved():
            return True
        await self.tabs.catch_up(dropped=acted)
        return False

    def draw(self):
        self.ui.table.render(self.view, self.chooser.selection, self.queued)

    def show_table(self, drawn=False):
        """The whole table of self.view, its prompt and dialogs (`drawn`: paint.js has
        drawn this very table already, as the page draws it: the state and dialogs only)."""
        if not drawn:
            self.draw()
        self.update_phase()
        if not drawn:
            self.prompt()
        self.dialogs()
        if not drawn:
            keep_image(self.view, self.link.role)

    def prompt(self):
        idle = self.chooser.selection is None and self.queued is None
        if idle and self.coach.redraw_note():
            return  # the sweep note stays up until the player says or the position moves
        self.ui.prompt.render(self.view, self.chooser.selection, self.queued)

    def redraw_selection(self):
        if self.view is not None:
            self.ui.table.highlight(self.view, self.chooser.selection, self.queued)
        self.prompt()

    def forget_choice(self):
        self.chooser.selection = None
        self.queued = None

    def dialogs(self):
        focused = document.activeElement
        self.ui.show_dialogs(self.view)
        self.link.rematching.show()  # a match with friends: the rematch on the result screen
        self.link.flow.on_top(focused)

    def on_dialog_closed(self, name):
        self.ui.dialog_closed(name, self.view)

    # -- phases ------------------------------------------------------------------------
    def set_phase(self, phase):
        body = document.body
        body.dataset.phase = phase
        seat = self.view.get("to_move") if self.view else None
        body.dataset.seatToMove = "" if seat is None else str(seat)
        self.clock.follow()

    def update_phase(self):
        self.set_phase(phase_of(self.view, self.queued is not None or self.busy))

    def my_turn(self):
        """A person may tap a card now (the view's viewer is the seat to move)."""
        return my_turn(self.view)

    def in_progress(self):
        return in_progress(self.view)

    # -- moves -------------------------------------------------------------------------
    def submit(self, move, checked=False):
        """Send a person's move, or queue it while the engine is still starting
        (`checked`: the sweep warning has had its say)."""
        if not checked and self.coach.holds(move):
            return
        self.chooser.selection = None
        move = dict(move)
        if self.view is not None and self.view.get("to_move") is not None:
            move["seat"] = self.view["to_move"]
        self.tabs.acting()
        if self.opening.holds(move):
            self.queued = move
            self.redraw_selection()
            self.update_phase()
            return
        self.set_phase("thinking")  # the move is on its way: no second tap
        self.busy = True
        self.redraw_selection()
        spawn(self.send(move))

    async def send(self, move):
        """Make a person's move (busy is already set by the caller)."""
        self.busy = True
        try:
            if not await self.up_to_date():
                return
            reply = await self.call("play", json.dumps(move))
            if reply.get("ok"):
                if not await self.apply(reply):
                    return
            else:
                self.ui.notices.toast(self.i18n.error(reply))
                self.draw()
        finally:
            self.busy = False
        await self.advance()

    async def advance(self):
        """Let the computer players move, one call and one animation per move."""
        if self.busy or not self.tabs.drives():
            return
        self.busy = True
        try:
            while self.computer_to_move() and not self.opening.waits():
                if not await self.up_to_date(acted=False):
                    return
                self.set_phase("thinking")
                self.prompt()
                started = now_ms()
                reply = await self.call("step")
                if not reply.get("ok"):
                    error = self.i18n.error(reply)
                    self.ui.prompt.status(self.i18n.t("status.error", error=error))
                    return
                wait = self.ui.motion.think_ms(self.view.get("players", 2)) - (now_ms() - started)
                if wait > 0:
                    await asyncio.sleep(wait / 1000)
                if not await self.apply(reply, acted=False):
                    return
        finally:
            self.busy = False
        self.update_phase()
        self.prompt()

    def computer_to_move(self):
        v = self.view
        return v is not None and v.get("phase") == "play" and v.get("to_move_kind") == "computer"

    async def simple(self, name, arg=None, deal=False):
        """An action that changes the match without a move: next hand, reveal, resign."""
        await self.acquire()
        self.tabs.acting()
        try:
            if not await self.up_to_date():
                return
            reply = await self.call(name, arg)
            if not reply.get("ok"):
                self.ui.notices.toast(self.i18n.error(reply))
            elif not await self.apply(reply, animate=False):
                return
            if deal and reply.get("ok"):
                self.ui.motion.deal_in()
                dealer = seat_name(self.view, self.view.get("dealer"), self.i18n)
                n = self.view.get("hand_no")
                self.ui.notices.announce(self.i18n.t("say.hand_dealt", n=n, name=dealer))
        finally:
            self.busy = False
        await self.advance()

    async def start_new(self, settings):
        close_dialog("dlg-settings")
        close_dialog("dlg-count")
        self.prefs["settings"] = settings
        self.storage.save_prefs(self.prefs)
        await self.acquire()
        self.tabs.acting()
        try:
            await self.tabs.replacing()
            self.set_phase("thinking")
            reply = await self.call("new_match", json.dumps(self.opening.new_settings(settings)))
            if not reply.get("ok"):
                self.ui.notices.toast(self.i18n.error(reply))
            else:
                self.queued = None
                if await self.apply(reply, animate=False):
                    self.ui.motion.deal_in()
        finally:
            self.busy = False
        await self.advance()
