# Animations (MicroPython, main thread): a move seen happening, new cards
# dealt in, the "Scopa!" banner. Drawing is the views' job: an animation
# flies copies ("ghosts") of cards in the #fx layer over the drawn table and
# asks the table view to draw the new state at the right moment.
#
# Reduced motion is decided here, once: under the system's "reduce motion"
# setting a move is simply drawn, nothing flies and nothing sounds, but each
# computer move still stays on screen a moment (think_ms) so that its last
# move can be read.
#
# The pace (a preference: slow, normal, fast; feel.py) sets how long each
# computer move stays before the next one and how fast cards fly. The sounds
# (sound.py) are played from here, in step with what is seen; the sound module
# is loaded and its AudioContext made on the first tap or key after start,
# never before (browsers start audio only after a gesture).

import asyncio

from dom import by_id, fill, h
from events import listen
from pyscript import document, window

FLY_MS = 380
SHOW_TAKE_MS = 420
TO_PILE_MS = 420
BANNER_S = 0.9
DEAL_STEP_MS = 60

# The least time each computer move stays on screen before the next one, so a
# person can see what was taken: (2-3 players, 4-6 players, reduced motion).
# At 4 and 6 players several computers play in a row, each after the other.
THINK_MS = {
    "slow": (1300, 1600, 1000),
    "normal": (450, 700, 350),
    "fast": (200, 250, 150),
}
# How long the cards take to fly, against the normal pace.
SPEED = {"slow": 1.5, "normal": 1.0, "fast": 0.6}
PACES = ("slow", "normal", "fast")
DROP_KEPT_MS = 3000  # a card dropped flies from where it was dropped, if played by then


def prefers_reduced_motion():
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def end_sound(view):
    """The sound of a hand's end: the match won or lost by the bottom seat's side."""
    if view.get("phase") != "match-over":
        return "hand"
    winner = (view.get("result") or {}).get("winner")
    bottom = view.get("bottom")
    for side, seats in enumerate(view.get("sides") or []):
        if bottom in seats:
            return "won" if winner == side else "lost"
    return "hand"


def rect(el):
    if el is None:
        return None
    r = el.getBoundingClientRect()
    return (r.left, r.top, r.width, r.height)


class Motion:
    def __init__(self, i18n, art, table):
        self.i18n = i18n
        self.art = art
        self.table = table  # views.table.TableView: draws the state after a move
        self.reduced = prefers_reduced_motion()
        self.pace = "normal"
        self.muted = False
        self.sound = None  # sound.Sound, made on the first gesture (unless quiet)
        self.dropped = None  # (card, box, when, its copy): a card just dropped (dragging.py)
        self._proxies = []
        for name in ("pointerdown", "keydown"):
            listen(document, name, self.gesture, self._proxies)

    def set_feel(self, prefs):
        """The player's pace and sound preferences (feel.py keeps them)."""
        pace = prefs.get("pace")
        self.pace = pace if pace in PACES else "normal"
        self.muted = prefs.get("sound") is False

    def think_ms(self, players):
        """The least time a computer's move stays on screen."""
        slot = 2 if self.reduced else (0 if players <= 3 else 1)
        return THINK_MS[self.pace][slot]

    def ms(self, base):
        return int(base * SPEED[self.pace])

    # -- sound ----------------------------------------------------------------------
    def quiet(self):
        return self.reduced or self.muted

    def gesture(self, event=None):
        """A tap or key: the moment a browser lets the page start its audio."""
        if self.quiet():
            return
        if self.sound is None:
            from sound import Sound

            self.sound = Sound()
        self.sound.wake()

    def play(self, name):
        if not self.quiet() and self.sound is not None:
            self.sound.play(name)

    # -- ghosts -------------------------------------------------------------------
    def ghost(self, code, box, face=True):
        card = self.art.image(code, "card") if face else self.art.back("card back")
        el = h("div", {"class": "ghost"}, card)
        style = el.style
        style.left = str(box[0]) + "px"
        style.top = str(box[1]) + "px"
        style.width = str(box[2]) + "px"
        style.height = str(box[3]) + "px"
        by_id("fx").appendChild(el)
        _ = el.offsetWidth  # lay it out here, so the transition starts from here
        return el

    def fly(self, el, start, end, ms, scale_end=1.0, fade=False):
        dx = end[0] - start[0] + (end[2] - start[2]) / 2
        dy = end[1] - start[1] + (end[3] - start[3]) / 2
        scale = scale_end
        if start[2] and end[2] and scale_end == 1.0:
            scale = end[2] / start[2]
        el.style.transition = (
            "transform " + str(ms) + "ms cubic-bezier(.2,.7,.2,1), opacity " + str(ms) + "ms ease"
        )
        el.style.transform = (
            "translate(" + str(dx) + "px," + str(dy) + "px) scale(" + str(scale) + ")"
        )
        if fade:
            el.style.opacity = "0.25"

    def clear(self):
        fill(by_id("fx"))

    def source_of(self, view, seat, card):
        """Where a played card comes from: the hand card, or the seat's face-down cards."""
        if seat == view.get("bottom"):
            el = document.querySelector('#hand [data-card="' + card + '"]')
            return el or document.querySelector("#hand .card") or by_id("hand")
        box = document.querySelector('[data-zone="opponent"][data-seat="' + str(seat) + '"] .backs')
        if box is None:
            return by_id("opponents")
        backs = box.querySelectorAll(".card")
        return backs.item(backs.length - 1) if backs.length else box

    # -- a move -------------------------------------------------------------------
    async def move(self, old, new, event, selection=None, queued=None):
        """Show a move happening, then leave the page drawn with the new view
        (and say that it is: <body data-move-drawn>, the view's key)."""

        def draw():
            self.table.render(new, selection, queued)
            key = str(new.get("key", ""))
            document.body.dataset.moveDrawn = key
            # the moment itself (an observer of the attribute runs after the rest
            # of this task, late by as much as the page is busy): the pace's tests
            window.performance.mark("scopa-move-drawn:" + key)

        dropped = self.take_dropped(event)
        if self.reduced or not event or old is None or event.get("kind") == "declare":
            draw()
        else:
            await self.show(old, event, draw, dropped)
        if event and event.get("hand_over"):
            self.play(end_sound(new))

    def take_dropped(self, event):
        """Where the card of this move was dropped (dragging.py), if it just was."""
        dropped, self.dropped = self.dropped, None
        if dropped is None:
            return None
        dropped[3].remove()  # the held copy: the move's own flies from there
        if not event or event.get("card") != dropped[0]:
            return None
        return dropped[1] if window.performance.now() - dropped[2] < DROP_KEPT_MS else None

    async def show(self, old, event, draw, dropped):
        seat = event.get("seat")
        card = event.get("card")
        src = dropped or rect(self.source_of(old, seat, card))
        if src is None:
            draw()
            return
        probe = document.querySelector("#table .card") or document.querySelector("#hand .card")
        size = rect(probe) if probe is not None else (0, 0, 72, 108)
        start = (src[0], src[1], size[2], size[3])
        if seat == old.get("bottom"):  # the played card leaves the hand as its ghost flies
            el = document.querySelector('#hand [data-card="' + card + '"]')
            if el is not None:
                el.style.visibility = "hidden"
        if event.get("kind") == "play" and not event.get("take"):
            await self.put_down(card, start, draw)
        else:
            await self.capture(event, start, size, draw)

    async def put_down(self, card, start, draw):
        table_box = rect(by_id("table"))
        draw()
        dest_el = document.querySelector('#table [data-card="' + card + '"]')
        if dest_el is not None:
            dest_el.style.visibility = "hidden"
        g = self.ghost(card, start)
        self.fly(g, start, rect(dest_el) or table_box, self.ms(FLY_MS))
        await asyncio.sleep(self.ms(FLY_MS) / 1000)
        self.play("put")
        if dest_el is not None:
            dest_el.style.visibility = ""
        self.clear()

    async def capture(self, event, start, size, draw):
        """A capture (or a kept ace): fly onto the cards taken, show them, sweep to the pile."""
        taken = []
        for code in event.get("take") or []:
            el = document.querySelector('#table [data-card="' + code + '"]')
            if el is not None:
                el.classList.add("taking")
                taken.append((code, rect(el)))
        if taken:
            first = taken[0][1]
            over = (first[0] + first[2] * 0.28, first[1] - first[3] * 0.18, first[2], first[3])
        else:
            box = rect(by_id("table"))
            over = (box[0] + box[2] / 2 - size[2] / 2, box[1], size[2], size[3])
        g = self.ghost(event.get("card"), start)
        self.fly(g, start, over, self.ms(FLY_MS))
        await asyncio.sleep(self.ms(FLY_MS) / 1000)
        self.play("scopa" if event.get("scopa") else "capture")
        await asyncio.sleep(self.ms(SHOW_TAKE_MS) / 1000)
        ghosts = [(g, start)] + [(self.ghost(code, box), box) for code, box in taken]
        draw()
        pile = document.querySelector(
            '[data-zone="pile"][data-side="' + str(event.get("side")) + '"] .pile-stack'
        )
        dest = rect(pile)
        if dest is None:
            self.clear()
            return
        for el, box in ghosts:
            el.style.transformOrigin = "center"
            self.fly(el, box, (dest[0], dest[1], box[2], box[3]), self.ms(TO_PILE_MS), 0.55, True)
        await asyncio.sleep(self.ms(TO_PILE_MS) / 1000)
        self.clear()
        if event.get("scopa"):
            await self.banner(self.i18n.t("scopa"))

    async def banner(self, text):
        el = h("div", {"class": "banner"}, text)
        by_id("fx").appendChild(el)
        await asyncio.sleep(BANNER_S if not self.reduced else 0.01)
        el.remove()

    def deal_in(self):
        """New cards in hand slide in (CSS; nothing under reduced motion)."""
        if self.reduced:
            return
        self.play("deal")
        cards = document.querySelectorAll("#hand .card")
        for k in range(cards.length):
            el = cards.item(k)
            el.style.animationDelay = str(k * DEAL_STEP_MS) + "ms"
            el.classList.add("deal-in")
