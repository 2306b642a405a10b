# The flow of the game on the page (MicroPython, main thread): new match,
# sending the player's moves, asking the worker for each computer move,
# phases and dialogs. Every rule is decided by the engine worker; this
# module only matches taps against the legal moves the worker sent
# (selection.py) and draws what comes back (actuator.py).

import asyncio
import json

from actuator import seat_name, side_name
from engine import Engine, mark, now_ms
from i18n import CAPTURE_VARIANTS, DECKS, LEVELS, PRESETS, TOGGLE_VARIANTS
from pyscript import document, window
from saves import Saves
from selection import PLAY, REJECT, UPDATE, Selection, pick_card
from storage import RECORD
from tasks import spawn
from updates import Updates

THINK_MS = 450  # least time a computer move takes on screen, so a person can follow
THINK_MS_CROWD = 280  # at 4 and 6 players, when several computers play in a row
THINK_MS_REDUCED = 60

DEFAULT_SETTINGS = {"preset": "scopa", "variants": [], "target": 11, "level": "normal"}


class GameManager:
    def __init__(self, i18n, actuator, storage):
        self.i18n = i18n
        self.actuator = actuator
        self.storage = storage
        self.engine = Engine()
        self.view = None
        self.record = None
        self.selection = None
        self.queued = None
        self._busy = False
        self.waiting = 0
        self.connecting = True  # until the worker holds the match: flows wait for it
        self.pending_settings = None
        self.url_asks = False  # URL settings wait for the player: a match is in progress
        self.prefs = {}
        self.url = {}
        self.help_lang = None
        self.timings = {}
        self.saves = Saves(self)  # unreadable saved data, export/import, statistics
        self.updates = Updates(self)  # a new version of the app, installed between hands

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

    # -- start-up ---------------------------------------------------------------
    def start(self):
        """Draw the saved table at once (tappable), then start the engine in the background."""
        mark(self.timings, "start")
        self.prefs = self.storage.load_prefs()
        self.url = self.url_settings()
        self.forget_url()
        self.actuator.translate_static()
        if self.url.get("fresh"):
            self.storage.clear_game()
        elif self.url.get("settings"):
            # a link with settings never throws away a match in progress unasked
            self.url_asks = self.saved_in_progress()
            if not self.url_asks:
                self.storage.clear_game()
        view, record = self.storage.load_game()
        if view is None and record is None:
            view, record = self.first_table()
        self.record = record
        self.saves.load_stats()
        if view is not None and record is not None:
            self.view = view
            self.actuator.render(view, self.ui())
            mark(self.timings, "cached-table")
            self.update_phase()
            self.prompt()
            self.dialogs()
        else:
            self.actuator.status(self.i18n.t("status.loading"))
            self.set_phase("loading")
        self.saves.show_problems()  # saved data that could not be read (kept aside)
        spawn(self.connect())

    def saved_in_progress(self):
        view, record = self.storage.load_game()
        if record is None:
            return False
        if view is not None:
            if view.get("phase") == "match-over":
                return False
            return view.get("hand_no", 1) > 1 or view.get("moves_in_hand", 0) > 0
        hands = record.get("hands") or []
        return len(hands) > 1 or bool(hands and hands[-1].get("moves"))

    def first_table(self):
        """No saved match (a first visit): one of the opening tables the build dealt
        (index.html's #first-tables, tools/first_tables.py), drawn at once like a saved
        table while Pyodide starts; the worker then restores its record. Only for the
        default match (no URL settings, default settings); else (None, None)."""
        url = self.url
        if url.get("settings") or "seed" in url or "first_dealer" in url:
            return (None, None)
        settings = self.first_settings()
        if settings != DEFAULT_SETTINGS:
            return (None, None)
        try:
            tables = json.loads(document.getElementById("first-tables").textContent)
            table = tables[int(window.Math.random() * len(tables)) % len(tables)]
            view, record = table["view"], table["record"]
        except Exception:
            return (None, None)
        dealt = view.get("settings") or {}
        for key in settings:
            if dealt.get(key) != settings[key]:
                return (None, None)
        return (view, record)

    def url_settings(self):
        """Test and link hooks for the first match of this visit (a saved one is dropped):

        ?preset=&target=&level=&variants=a,b&seats=pcpc&seed=&first_dealer=&fresh=1
        """
        out = {}
        try:
            params = window.URLSearchParams.new(window.location.search)
        except Exception:
            return out
        settings = {}
        preset = params.get("preset")
        if preset in PRESETS:
            settings["preset"] = preset
        target = params.get("target")
        if target:
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                settings["target"] = max(1, min(99, int(target)))
            except ValueError:
                pass
        level = params.get("level")
        if level in LEVELS:
            settings["level"] = level
        variants = params.get("variants")
        if variants:
            settings["variants"] = [
                v for v in variants.split(",") if v in TOGGLE_VARIANTS or v in CAPTURE_VARIANTS
            ]
        seats = params.get("seats")
        if seats:
            settings["seats"] = [
                {"kind": "person" if ch == "p" else "computer"} for ch in seats if ch in "pc"
            ]
        if settings:
            out["settings"] = settings
        for key in ("seed", "first_dealer"):
            value = params.get(key)
            if value:
                try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                    out[key] = int(value)
                except ValueError:
                    pass
        out["fresh"] = params.get("fresh") == "1"
        return out

    def forget_url(self):
        """URL settings start one match: drop them from the address, so that a reload
        (or a bookmark of the page) continues the saved match instead of replacing it."""
        try:
            if window.location.search:
                window.history.replaceState(None, "", window.location.pathname)
        except Exception as exc:
            window.console.warn("could not tidy the address:", str(exc))

    async def connect(self):
        t = self.i18n.t
        if await self.saves.adopt_durable():
            # localStorage had lost the latest saves (a killed browser): the newer copy
            self.view, self.record = self.storage.load_game()
            self.selection = None
            self.queued = None
            if self.view is not None and self.record is not None:
                self.actuator.render(self.view, self.ui())
                self.update_phase()
                self.prompt()
                self.dialogs()
            self.saves.show_problems()
        try:
            await self.engine.connect()
            mark(self.timings, "engine-ready")
        except Exception as exc:
            self.actuator.status(t("status.error", error=str(exc)))
            self.set_phase("error")
            self.connecting = False
            return
        reply = None
        if self.record is not None:
            reply = await self.call("restore", json.dumps(self.record))
            if not reply.get("ok"):
                # kept aside, never deleted silently; the player is told below
                self.storage.quarantine(RECORD, "engine", self.i18n.error(reply))
                self.record = None
                reply = None
        if reply is None:
            reply = await self.call(
                "new_match", json.dumps(self.new_settings(self.first_settings()))
            )
            if not reply.get("ok"):
                reply = await self.call("new_match", json.dumps(DEFAULT_SETTINGS))
        fresh = self.view is None or reply["view"].get("key") != self.view.get("key")
        if fresh:
            self.selection = None
            self.queued = None
        await self.apply(reply, animate=False, keep_selection=not fresh, tally=False)
        if fresh:
            self.actuator.deal_in()
        mark(self.timings, "engine-table")
        self.saves.show_problems()
        if self.url_asks:
            self.url_asks = False
            if self.in_progress():  # the link's settings, once the player agrees
                self.pending_settings = self.first_settings()
                self.actuator.show_confirm(t("confirm.new"), "confirm-new", t("btn.yes_new"))
        self.connecting = False
        queued = self.queued
        self.queued = None
        if queued is not None:
            await self.send(queued)
        else:
            await self.advance()

    def first_settings(self):
        settings = {}
        saved = self.prefs.get("settings")
        if isinstance(saved, dict):
            settings.update(saved)
        else:
            settings.update(DEFAULT_SETTINGS)
        url = self.url.get("settings")
        if url:
            settings.update(url)
            if "seats" in url and "preset" not in url:
                settings.pop("preset", None)
        return settings

    def new_settings(self, settings):
        out = dict(settings)
        for key in ("seed", "first_dealer"):
            if key in self.url:
                out[key] = self.url[key]
        return out

    async def call(self, name, arg=None):
        return await self.engine.call(name, arg)

    # -- applying what the worker sends --------------------------------------------
    async def apply(self, reply, animate=True, keep_selection=False, tally=True):
        old = self.view
        view = reply["view"]
        event = reply.get("event")
        self.record = reply.get("record")
        self.storage.save_game(view, self.record)
        if not keep_selection:
            self.selection = None
        said = self.describe(event, view) if event else ""
        if said:
            self.actuator.status(said)
            self.actuator.announce(said)
        if animate and event:
            self.set_phase("thinking")
            await self.actuator.animate_move(old, view, event, self.ui())
        else:
            self.actuator.render(view, self.ui())
        self.view = view
        if event and event.get("dealt") and not event.get("hand_over"):
            self.actuator.deal_in()
        self.update_phase()
        self.prompt()
        self.dialogs()
        self.saves.after_apply(view, self.record, tally)
        self.updates.after_view(view)

    def dialogs(self):
        """The count after a hand, the result after the match, the pass screen in hot-seat."""
        view = self.view
        phase = view.get("phase")
        if phase in ("hand-over", "match-over"):
            self.actuator.close_dialog("dlg-pass")
            if view.get("count") or phase == "match-over":
                self.actuator.show_count(view)
        else:
            self.actuator.close_dialog("dlg-count")
            if view.get("pass_to") is not None:
                self.actuator.show_pass(view)
            else:
                self.actuator.close_dialog("dlg-pass")

    def describe(self, event, view):
        """A move in words: shown while it is animated and announced (aria-live)."""
        t = self.i18n.t
        name = seat_name(view, event.get("seat"), self.i18n)
        kind = event.get("kind")
        card = self.i18n.card(event.get("card", ""))
        if kind == "declare":
            text = t("say.declared", name=name)
        elif kind == "keep":
            text = t("say.kept", name=name, card=card)
        elif event.get("take"):
            text = t("say.took", name=name, card=card, cards=self.i18n.cards(event["take"]))
        else:
            text = t("say.played", name=name, card=card)
        if event.get("scopa"):
            text += " " + t("say.scopa")
        left = event.get("leftover")
        if left and left.get("side") is not None:
            text += " " + t("say.leftover", name=side_name(view, left["side"], self.i18n))
        if event.get("dealt") and not event.get("hand_over"):
            text += " " + t("say.dealt")
        return text

    def ui(self):
        return {"selection": self.selection, "queued": self.queued}

    # -- phases and the prompt -------------------------------------------------------
    def set_phase(self, phase):
        body = document.body
        body.dataset.phase = phase
        seat = self.view.get("to_move") if self.view else None
        body.dataset.seatToMove = "" if seat is None else str(seat)

    def my_turn(self):
        """A person may tap a card now (the view's viewer is the seat to move)."""
        v = self.view
        return (
            v is not None
            and v.get("phase") == "play"
            and v.get("to_move") is not None
            and v.get("viewer") == v.get("to_move")
            and v.get("moves") is not None
        )

    def update_phase(self):
        v = self.view
        if v is None:
            self.set_phase("loading")
            return
        phase = v.get("phase")
        if phase in ("hand-over", "match-over"):
            self.set_phase(phase)
        elif self.queued is not None or self.busy or v.get("to_move_kind") == "computer":
            self.set_phase("thinking")
        else:
            self.set_phase("play")

    def prompt(self):
        t = self.i18n.t
        v = self.view
        a = self.actuator
        if v is None:
            a.status(t("status.loading"))
            a.actions([])
            return
        phase = v.get("phase")
        if phase == "hand-over":
            a.status(t("status.hand_over", n=v.get("hand_no")))
            a.actions(
                [("count", t("btn.see_count"), False), ("next-hand", t("btn.next_hand"), True)]
            )
            return
        if phase == "match-over":
            a.status(a.result_text(v))
            a.actions([("count", t("btn.see_count"), False), ("new", t("btn.play_again"), True)])
            return
        if self.queued is not None:
            a.status(t("status.queued"))
            a.actions([])
            return
        if v.get("pass_to") is not None:
            name = seat_name(v, v["pass_to"], self.i18n)
            a.status(t("status.pass", name=name))
            a.actions([("reveal", t("btn.reveal", name=name), True)])
            return
        to_move = v.get("to_move")
        name = seat_name(v, to_move, self.i18n)
        if v.get("to_move_kind") == "computer":
            a.status(t("status.thinking", name=name))
            a.actions([])
            return
        sel = self.selection
        if sel is None:
            persons = [s for s in v.get("seats", []) if s["kind"] == "person"]
            if len(persons) > 1:
                a.status(name + ": " + t("status.your_turn"))
            else:
                a.status(t("status.your_turn"))
            buttons = []
            if v.get("can_declare"):
                buttons.append(("declare", t("btn.declare"), False))
            a.actions(buttons)
            return
        card = self.i18n.card(sel.card)
        if sel.captures and sel.can_keep():
            a.status(t("status.choose_keep", card=card))
        elif sel.captures:
            a.status(t("status.choose", card=card))
        else:
            a.status(t("status.choose_plain", card=card))
        buttons = [("cancel", t("btn.cancel"), False)]
        if sel.can_put_down():
            buttons.append(("put-down", t("btn.put_down"), False))
        if sel.can_keep():
            buttons.append(("keep", t("btn.keep"), False))
        if sel.exact() is not None:
            buttons.append(("take", t("btn.take"), True))
        a.actions(buttons)

    def redraw_selection(self):
        if self.view is not None:
            self.actuator.highlight(self.view, self.selection, self.queued)
        self.prompt()

    # -- the player's moves ----------------------------------------------------------------
    def on_hand_card(self, code):
        v = self.view
        if v is None or self.queued is not None:
            return
        if not self.my_turn() or self.busy:
            if v.get("phase") == "play" and v.get("to_move") is not None:
                name = seat_name(v, v["to_move"], self.i18n)
                self.actuator.toast(self.i18n.t("status.not_your_turn", name=name), 1800)
            return
        if self.selection is not None and self.selection.card == code:
            self.selection = None
            self.redraw_selection()
            return
        picked = pick_card(v.get("moves"), code)
        if picked is None:
            return
        if isinstance(picked, Selection):
            self.selection = picked
            self.redraw_selection()
            return
        self.submit(picked)

    def on_table_card(self, code):
        sel = self.selection
        if sel is None or self.busy:
            return
        kind, value = sel.tap(code)
        self.handle(kind, value)

    def handle(self, kind, value):
        if kind == PLAY:
            self.submit(value)
        elif kind == UPDATE:
            self.redraw_selection()
        elif kind == REJECT:
            text = self.i18n.reason(value) if value else ""
            if text:
                self.actuator.toast(text)

    def submit(self, move):
        """Send a move, or queue it while the engine is still starting."""
        self.selection = None
        v = self.view
        move = dict(move)
        if v is not None and v.get("to_move") is not None:
            move["seat"] = v["to_move"]
        if not self.engine.ready:
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
            reply = await self.call("play", json.dumps(move))
            if reply.get("ok"):
                await self.apply(reply)
            else:
                self.actuator.toast(self.i18n.error(reply))
                self.actuator.render(self.view, self.ui())
        finally:
            self.busy = False
        await self.advance()

    async def advance(self):
        """Let the computer players move, one call and one animation per move."""
        if self.busy:
            return
        self.busy = True
        try:
            while (
                self.view is not None
                and self.view.get("phase") == "play"
                and self.view.get("to_move_kind") == "computer"
            ):
                self.set_phase("thinking")
                self.prompt()
                started = now_ms()
                reply = await self.call("step")
                if not reply.get("ok"):
                    self.actuator.status(self.i18n.t("status.error", error=self.i18n.error(reply)))
                    return
                think = THINK_MS if self.view.get("players", 2) <= 3 else THINK_MS_CROWD
                if self.actuator.reduced:
                    think = THINK_MS_REDUCED
                wait = think - (now_ms() - started)
                if wait > 0:
                    await asyncio.sleep(wait / 1000)
                await self.apply(reply)
        finally:
            self.busy = False
        self.update_phase()
        self.prompt()

    # -- buttons -------------------------------------------------------------------------
    def on_action(self, name, el):
        t = self.i18n.t
        sel = self.selection
        if self.saves.on_action(name, el) or self.updates.on_action(name, el):
            return
        if name == "close":
            dlg = el.closest("dialog")
            if dlg is not None:
                dlg.close()
        elif name == "new":
            self.actuator.close_dialog("dlg-count")
            self.open_settings()
        elif name == "start":
            settings = self.actuator.read_settings()
            if self.in_progress():
                self.pending_settings = settings
                self.actuator.show_confirm(t("confirm.new"), "confirm-new", t("btn.yes_new"))
            else:
                self.launch(self.start_new(settings))
        elif name == "confirm-new":
            self.actuator.close_dialog("dlg-confirm")
            if self.pending_settings is not None:
                settings = self.pending_settings
                self.pending_settings = None
                self.launch(self.start_new(settings))
        elif name == "resign":
            if self.in_progress():
                self.actuator.show_confirm(
                    t("confirm.resign"), "confirm-resign", t("btn.yes_resign")
                )
        elif name == "confirm-resign":
            self.actuator.close_dialog("dlg-confirm")
            self.launch(self.simple("resign"))
        elif name in ("target-down", "target-up"):
            self.actuator.step_target(-1 if name == "target-down" else 1)
        elif name == "deck":
            self.cycle_deck()
        elif name == "lang":
            self.switch_lang()
        elif name == "help":
            spawn(self.open_help())
        elif name == "next-hand":
            self.actuator.close_dialog("dlg-count")
            if self.view is not None and self.view.get("phase") == "hand-over":
                self.launch(self.simple("next_hand", deal=True))
        elif name == "count":
            if self.view is not None and (self.view.get("count") or self.view.get("result")):
                self.actuator.show_count(self.view)
        elif name == "reveal":
            seat = el.dataset.seat if el is not None and el.dataset.seat else None
            if seat is None and self.view is not None:
                seat = self.view.get("pass_to")
            self.actuator.close_dialog("dlg-pass")
            self.launch(self.simple("reveal", str(seat)))
        elif name == "declare":
            if self.my_turn() and self.view.get("can_declare"):
                self.submit({"declare": True})
        elif name == "cancel":
            self.selection = None
            self.redraw_selection()
        elif name == "take" and sel is not None:
            self.handle(*sel.confirm())
        elif name == "keep" and sel is not None:
            self.handle(*sel.keep())
        elif name == "put-down" and sel is not None:
            self.handle(*sel.put_down())

    def on_dialog_closed(self, name):
        if name == "dlg-pass" and self.view is not None and self.view.get("pass_to") is not None:
            # the pass screen stays until the next person says they hold the device
            self.actuator.show_pass(self.view)

    def in_progress(self):
        v = self.view
        if v is None or v.get("phase") == "match-over":
            return False
        return v.get("hand_no", 1) > 1 or v.get("moves_in_hand", 0) > 0 or v.get("phase") != "play"

    async def simple(self, name, arg=None, deal=False):
        """An action that changes the match without a move: next hand, reveal, resign."""
        await self.acquire()
        try:
            reply = await self.call(name, arg)
            if not reply.get("ok"):
                self.actuator.toast(self.i18n.error(reply))
            else:
                await self.apply(reply, animate=False)
            if deal and reply.get("ok"):
                self.actuator.deal_in()
                self.actuator.announce(
                    self.i18n.t(
                        "say.hand_dealt",
                        n=self.view.get("hand_no"),
                        name=seat_name(self.view, self.view.get("dealer"), self.i18n),
                    )
                )
        finally:
            self.busy = False
        await self.advance()

    async def start_new(self, settings):
        self.actuator.close_dialog("dlg-settings")
        self.actuator.close_dialog("dlg-count")
        self.prefs["settings"] = settings
        self.storage.save_prefs(self.prefs)
        await self.acquire()
        try:
            self.set_phase("thinking")
            reply = await self.call("new_match", json.dumps(self.new_settings(settings)))
            if not reply.get("ok"):
                self.actuator.toast(self.i18n.error(reply))
            else:
                self.queued = None
                await self.apply(reply, animate=False)
                self.actuator.deal_in()
        finally:
            self.busy = False
        await self.advance()

    def open_settings(self, focus=None):
        settings = dict(DEFAULT_SETTINGS)
        saved = self.prefs.get("settings")
        if isinstance(saved, dict):
            settings.update(saved)
        if self.view is not None and self.view.get("settings"):
            current = self.view["settings"]
            for key in ("preset", "variants", "target", "level", "seats"):
                if key in current:
                    settings[key] = current[key]
        self.actuator.open_settings(settings, focus)

    def cycle_deck(self):
        deck = self.i18n.deck
        nxt = DECKS[(DECKS.index(deck) + 1) % len(DECKS)] if deck in DECKS else DECKS[0]
        self.i18n.deck = nxt
        self.prefs["deck"] = nxt
        self.storage.save_prefs(self.prefs)
        if self.view is not None:
            self.actuator.render(self.view, self.ui())
            self.prompt()
        self.actuator.toast(self.i18n.t("deck.now", name=self.i18n.t("deck." + nxt)), 1500)

    def switch_lang(self):
        self.i18n.lang = "it" if self.i18n.lang == "en" else "en"
        self.prefs["lang"] = self.i18n.lang
        self.storage.save_prefs(self.prefs)
        self.actuator.translate_static()
        if self.view is not None:
            self.actuator.render(self.view, self.ui())
        self.prompt()
        if document.getElementById("dlg-help").open:
            spawn(self.open_help())

    async def open_help(self):
        t = self.i18n.t
        body = document.getElementById("help-body")
        self.actuator.open_dialog("dlg-help")
        if self.help_lang == self.i18n.lang:
            return
        body.innerHTML = '<p class="muted">' + t("help.loading") + "</p>"
        try:
            response = await window.fetch("help/help." + self.i18n.lang + ".html")
            if not response.ok:
                raise RuntimeError(str(response.status))
            body.innerHTML = await response.text()
            self.help_lang = self.i18n.lang
        except Exception:
            body.innerHTML = '<p class="muted">' + t("help.failed") + "</p>"

    # -- keys ---------------------------------------------------------------------------
    def on_key(self, key, on_button):
        lower = key.lower()
        if lower == "h":
            spawn(self.open_help())
            return True
        if lower == "n":
            self.open_settings()
            return True
        if lower == "l":
            self.open_settings("level")
            return True
        if lower == "d":
            self.cycle_deck()
            return True
        v = self.view
        if v is None:
            return False
        if len(key) == 1 and key in "0123456789":
            index = 9 if key == "0" else int(key) - 1
            hand = v.get("hand") or []
            if index < len(hand):
                self.on_hand_card(hand[index])
                return True
            return False
        sel = self.selection
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") and sel is not None:
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            self.handle(*sel.cycle(step))
            return True
        if key == "Enter":
            if sel is not None:
                self.handle(*sel.confirm())
                return True
            if v.get("phase") == "hand-over" and not on_button:
                self.on_action("next-hand", None)
                return True
            return False
        if key == "Escape" and sel is not None:
            self.selection = None
            self.redraw_selection()
            return True
        return False
