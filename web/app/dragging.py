# Dragging a card from the hand onto the table (MicroPython, main thread),
# with the mouse, a pen or a finger alike (pointer events). A press on a
# playable hand card that moves a few pixels becomes a drag: a copy of the
# card follows the pointer (in #fx), the table card or the felt under it
# lights up, and the drop is read by drops.py against the legal moves the
# engine sent: a move (sent like a tap's), the tap-by-tap choice narrowed to
# the card dropped on, or a refusal with the engine's reason (from the view,
# else asked of the worker: `why`). A press that does not move stays a tap:
# its click goes to the chooser as always (input.py); the click a drag ends
# with is not a tap. Keys and screen readers keep the chooser's paths.

import asyncio
import json

from drops import CHOOSE, PLAY, REJECT, asked_move, drop_on_card, drop_on_felt
from events import listen
from motion import rect
from pyscript import document, window
from tasks import spawn

DRAG_PX = 8  # a press moves this far before it is a drag: a tap may wobble
CLICK_AFTER_MS = 100  # the click that ends a drag comes this soon after it (event times)
LEFTOVER_MS = 3000  # a held copy of a dropped card is gone by then (move sent or held)
TIDY_STEP_MS = 100
HELD = '#actions [data-action="sweep-anyway"]'  # the sweep warning holds the move (sweep_guard.py)
LIT = "drop-target"


def now():
    return window.performance.now()


class Dragging:
    def __init__(self, manager):
        self.m = manager
        self.press = None  # the hand card held: {"card", "el", "id", "x", "y", "box"}
        self.ghost = None  # its copy, once the press is a drag
        self.lit = None  # the table card or felt under it
        self.ended = -CLICK_AFTER_MS
        self._proxies = []
        for name, handler in (
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_cancel),
        ):
            listen(document, name, handler, self._proxies)

    def swallows_click(self, event):
        """True for the click that ends a drag (it is not a tap): once, and only
        right after the drop (a person's next tap comes later)."""
        if event.timeStamp - self.ended < CLICK_AFTER_MS:
            self.ended = -CLICK_AFTER_MS
            return True
        return False

    def can_drag(self, code):
        m = self.m
        if m.view is None or m.queued is not None or m.busy or not m.my_turn():
            return False
        return code in (m.view.get("moves") or {})

    # -- the pointer --------------------------------------------------------------
    def on_down(self, event):
        target = event.target
        if self.press is not None or event.button != 0 or not hasattr(target, "closest"):
            return
        el = target.closest("#hand [data-card]")
        if el is None or not self.can_drag(el.dataset.card):
            return
        self.press = {
            "card": el.dataset.card,
            "el": el,
            "id": event.pointerId,
            "x": event.clientX,
            "y": event.clientY,
            "box": rect(el),
        }

    def on_move(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx = event.clientX - press["x"]
        dy = event.clientY - press["y"]
        if self.ghost is None:
            if abs(dx) + abs(dy) < DRAG_PX:
                return
            self.ghost = self.m.ui.motion.ghost(press["card"], press["box"])
            self.ghost.classList.add("dragged")
            press["el"].classList.add("dragging")
            document.body.classList.add("dragging")
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                # the release comes here even off the window
                press["el"].setPointerCapture(press["id"])
            except Exception:
                pass  # the pointer is gone already: pointercancel follows
        event.preventDefault()
        self.ghost.style.transform = "translate(" + str(dx) + "px," + str(dy) + "px)"
        self.light(self.target_at(event.clientX, event.clientY))

    def on_up(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self.press = None
        if self.ghost is None:
            return  # a tap: its click follows
        target = self.target_at(event.clientX, event.clientY)
        ghost, self.ghost = self.ghost, None
        self.light(None)
        document.body.classList.remove("dragging")
        self.ended = event.timeStamp
        if not self.drop(press["card"], target, ghost):
            ghost.remove()
            press["el"].classList.remove("dragging")

    def on_cancel(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self.press = None
        self.light(None)
        document.body.classList.remove("dragging")
        press["el"].classList.remove("dragging")
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None

    def target_at(self, x, y):
        """("card", table card element), ("felt", #felt) or None, under the point."""
        el = document.elementFromPoint(x, y)
        if el is None:
            return None
        card = el.closest("#table [data-card]")
        if card is not None:
            return ("card", card)
        felt = el.closest("#felt")
        return ("felt", felt) if felt is not None else None

    def light(self, target):
        el = target[1] if target is not None else None
        if self.lit is not None and self.lit != el:
            self.lit.classList.remove(LIT)
        if el is not None:
            el.classList.add(LIT)
        self.lit = el

    # -- the drop -----------------------------------------------------------------
    def drop(self, card, target, ghost):
        """Act on a drop; True when a move was sent (its copy then stays until it flies)."""
        m = self.m
        if target is None or not self.can_drag(card):
            return False
        moves = m.view.get("moves")
        on = target[1].dataset.card if target[0] == "card" else None
        result = drop_on_card(moves, card, on) if on else drop_on_felt(moves, card)
        if result is None:
            return False
        kind, value = result
        if kind == PLAY:
            m.ui.motion.dropped = (card, rect(ghost), now(), ghost)
            spawn(self.tidy(ghost))
            m.chooser.selection = None
            m.submit(value)
            return True
        if kind == CHOOSE:
            m.chooser.selection = value
            m.redraw_selection()
        elif value:
            m.chooser.handle(REJECT, value)
        elif m.engine.ready:
            spawn(self.explain(asked_move(card, on)))
        return False

    async def explain(self, move):
        """The engine's reason a drop is not a legal move, in the page's language."""
        m = self.m
        reply = await m.call("why", json.dumps(move))
        if reply.get("ok") and reply.get("why"):
            error = {"error": reply["why"], "problem": reply.get("problem")}
            m.ui.notices.toast(m.i18n.error(error))

    async def tidy(self, ghost):
        """A dropped card's copy that no move took away: the move is held by the
        sweep warning (its note shown), or was not made."""
        waited = 0
        while ghost.isConnected and waited < LEFTOVER_MS:
            if document.querySelector(HELD) is not None:
                break
            await asyncio.sleep(TIDY_STEP_MS / 1000)
            waited += TIDY_STEP_MS
        if not ghost.isConnected:
            return  # it flew: the move was made
        ghost.remove()
        self.m.ui.motion.dropped = None
        held = document.querySelector("#hand .dragging")
        if held is not None:
            held.classList.remove("dragging")
