# Drawing the table view and animating moves (MicroPython, main thread).
#
# Everything drawn comes from the engine's table view; this module only turns
# it into markup. Stable hooks for tests: every card element has data-card
# (its code), zones have data-zone (hand, table, pile, opponent, deck), and
# <body> carries data-phase and data-seat-to-move (set by the game manager).

import asyncio

from pyscript import document, window
from pyscript.ffi import to_js
from tasks import spawn

FLY_MS = 380
SHOW_TAKE_MS = 420
TO_PILE_MS = 420

# The card pictures: the current deck's sprite (cards/<deck>.svg, one <symbol>
# per card) is fetched once and put into the page under #card-sprite, its ids
# prefixed, and every card is <use href="#card-7D">. (An external reference,
# <use href="cards/french.svg#7D">, made Chromium fetch and parse the whole
# sprite document again about once a move: 50-250 ms main-thread tasks.)
SPRITE_STORE = "card-sprite"
SPRITE_ID = "card-"


def esc(text):
    text = str(text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def by_id(name):
    return document.getElementById(name)


# --- names of seats and sides --------------------------------------------------


def seat_name(view, seat, i18n):
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return ""
    info = seats[seat]
    if info.get("name"):
        return info["name"]
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    sides = view.get("sides") or []
    side_of = {}
    for k in range(len(sides)):
        for s in sides[k]:
            side_of[s] = k
    if info["kind"] == "person":
        if len(persons) == 1:
            return i18n.t("seat.you")
        return i18n.t("seat.player_n", n=seat + 1)
    if len(persons) == 1:
        me = persons[0]
        mates = [
            s
            for s in range(len(seats))
            if s != me and side_of.get(s) == side_of.get(me) and seats[s]["kind"] == "computer"
        ]
        if seat in mates:
            if len(mates) == 1:
                return i18n.t("seat.partner")
            return i18n.t("seat.partner") + " " + str(mates.index(seat) + 1)
        rivals = [s for s in range(len(seats)) if seats[s]["kind"] == "computer" and s not in mates]
        if len(rivals) == 1:
            return i18n.t("seat.computer")
        return i18n.t("seat.computer_n", n=rivals.index(seat) + 1)
    computers = [s for s in range(len(seats)) if seats[s]["kind"] == "computer"]
    if len(computers) == 1:
        return i18n.t("seat.computer")
    return i18n.t("seat.computer_n", n=computers.index(seat) + 1)


def side_name(view, side, i18n):
    sides = view.get("sides") or []
    if side is None or side >= len(sides):
        return ""
    members = sides[side]
    if len(members) == 1:
        return seat_name(view, members[0], i18n)
    seats = view.get("seats") or []
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    if len(persons) == 1:
        return i18n.t("side.us") if persons[0] in members else i18n.t("side.them")
    return " & ".join(seat_name(view, s, i18n) for s in members)


def my_side(view):
    """The side of the only person, or None (hot-seat and all-computer tables)."""
    seats = view.get("seats") or []
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    if len(persons) != 1:
        return None
    return side_of_seat(view, persons[0])


def side_of_seat(view, seat):
    sides = view.get("sides") or []
    for k in range(len(sides)):
        if seat in sides[k]:
            return k
    return None


# --- markup ------------------------------------------------------------------------


class Actuator:
    def __init__(self, i18n):
        self.i18n = i18n
        self.reduced = False
        try:
            self.reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:
            self.reduced = False
        self.toast_token = 0
        self.sprite_deck = None  # the deck whose sprite is loaded or being loaded

    # -- small pieces ---------------------------------------------------------
    def sprite(self):
        """The start of a card's href: the current deck's symbols in this page
        (loaded on first use and when the deck changes, see load_sprite)."""
        if self.sprite_deck != self.i18n.deck:
            self.sprite_deck = self.i18n.deck
            spawn(self.load_sprite(self.sprite_deck))
        return "#" + SPRITE_ID

    async def load_sprite(self, deck):
        try:
            response = await window.fetch("cards/" + deck + ".svg")
            if not response.ok:
                raise RuntimeError("HTTP " + str(response.status))
            text = await response.text()
        except Exception as exc:
            window.console.warn("card pictures not loaded:", str(exc))
            if self.sprite_deck == deck:
                self.sprite_deck = None  # try again at the next drawing
            return
        if deck != self.i18n.deck:
            return  # the deck changed meanwhile: its own load puts it in
        store = by_id(SPRITE_STORE)
        if store is None:
            store = document.createElement("div")
            store.id = SPRITE_STORE
            store.className = "sr-only"
            store.setAttribute("aria-hidden", "true")
            document.body.appendChild(store)
        store.innerHTML = text.replace(' id="', ' id="' + SPRITE_ID).replace(
            'href="#', 'href="#' + SPRITE_ID
        )
        store.dataset.deck = deck

    def face(self, code, cls="card", tag="button", extra=""):
        label = esc(self.i18n.card(code))
        svg = (
            '<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false"><use href="'
            + self.sprite()
            + code
            + '"/></svg>'
        )
        if tag == "button":
            return (
                '<button type="button" class="'
                + cls
                + '" data-card="'
                + code
                + '" aria-label="'
                + label
                + '"'
                + extra
                + ">"
                + svg
                + "</button>"
            )
        return (
            "<"
            + tag
            + ' class="'
            + cls
            + '" data-card="'
            + code
            + '" role="img" aria-label="'
            + label
            + '"'
            + extra
            + ">"
            + svg
            + "</"
            + tag
            + ">"
        )

    def back(self, cls="card back"):
        return (
            '<span class="'
            + cls
            + '" aria-hidden="true"><svg viewBox="0 0 200 300" focusable="false"><use href="'
            + self.sprite()
            + 'back"/></svg></span>'
        )

    def mini_move(self, info, view):
        """The last move of a seat as small cards: played card, then what it took."""
        if not info:
            return ""
        t = self.i18n.t
        if info.get("kind") == "declare":
            return '<span class="last-text">' + esc(t("last.declared")) + "</span>"
        card = info.get("card", "")
        take = info.get("take") or []
        parts = [self.face(card, "mini", "span")]
        if info.get("kind") == "keep":
            label = t("last.kept", card=self.i18n.card(card))
            parts.append('<span class="last-arrow" aria-hidden="true">&#8595;</span>')
        elif take:
            label = t("last.took", card=self.i18n.card(card), cards=self.i18n.cards(take))
            parts.append('<span class="last-arrow" aria-hidden="true">&#215;</span>')
            for code in take:
                parts.append(self.face(code, "mini", "span"))
        else:
            label = t("last.played", card=self.i18n.card(card))
        if info.get("scopa"):
            parts.append('<span class="scopa-badge">' + esc(t("scopa")) + "</span>")
        return (
            '<span class="last-move" title="'
            + esc(label)
            + '"><span class="sr-only">'
            + esc(label)
            + "</span>"
            + "".join(parts)
            + "</span>"
        )

    # -- the whole table ----------------------------------------------------------
    def render(self, view, ui=None):
        ui = ui or {}
        body = document.body
        body.dataset.deck = self.i18n.deck
        body.dataset.handSize = str((view.get("rules") or {}).get("hand_size", 3))
        body.dataset.players = str(view.get("players", 2))
        self.render_scoreboard(view)
        self.render_opponents(view)
        self.render_felt(view)
        self.render_me(view, ui)
        self.highlight(view, ui.get("selection"), ui.get("queued"))

    def render_scoreboard(self, view):
        t = self.i18n.t
        mine = my_side(view)
        to_move = view.get("to_move")
        moving_side = side_of_seat(view, to_move) if to_move is not None else None
        parts = []
        totals = view.get("totals") or []
        for side in range(len(totals)):
            name = side_name(view, side, self.i18n)
            cls = "score"
            if side == mine:
                cls += " mine"
            if side == moving_side:
                cls += " moving"
            parts.append(
                '<div class="'
                + cls
                + '" data-side="'
                + str(side)
                + '" aria-label="'
                + esc(t("score.aria", name=name, n=totals[side]))
                + '"><span class="score-name">'
                + esc(name)
                + '</span><span class="score-pts">'
                + str(totals[side])
                + "</span></div>"
            )
        parts.append(
            '<div class="target">' + esc(t("score.target", n=view.get("target", ""))) + "</div>"
        )
        board = by_id("scoreboard")
        board.innerHTML = "".join(parts)
        board.dataset.n = str(len(totals))

    def seat_order(self, view):
        players = view.get("players", 2)
        bottom = view.get("bottom") or 0
        return [(bottom + k) % players for k in range(1, players)]

    def render_opponents(self, view):
        t = self.i18n.t
        counts = view.get("hand_counts") or []
        last = view.get("last") or []
        to_move = view.get("to_move")
        dealer = view.get("dealer")
        seats = view.get("seats") or []
        mine = my_side(view)
        others = self.seat_order(view)
        parts = []
        for seat in others:
            n = counts[seat] if seat < len(counts) else 0
            name = seat_name(view, seat, self.i18n)
            cls = "seat"
            if seat == to_move:
                cls += " turn"
            side = side_of_seat(view, seat)
            if mine is not None and side == mine:
                cls += " mate"
            backs = "".join(self.back("card back small") for _ in range(n))
            level = ""
            info = seats[seat] if seat < len(seats) else {}
            if info.get("kind") == "computer":
                level = (
                    '<span class="seat-level">'
                    + esc(t("level." + info.get("level", "normal")))
                    + "</span>"
                )
            chip = ""
            if seat == dealer:
                chip = (
                    '<span class="dealer-chip" title="'
                    + esc(t("zone.dealer"))
                    + '">'
                    + esc(t("zone.dealer")[0])
                    + "</span>"
                )
            parts.append(
                '<div class="'
                + cls
                + '" data-zone="opponent" data-seat="'
                + str(seat)
                + '" data-count="'
                + str(n)
                + '" aria-label="'
                + esc(t("zone.opponent", name=name, n=n))
                + '"><div class="seat-head">'
                + '<span class="turn-dot" aria-hidden="true"></span><span class="seat-name">'
                + esc(name)
                + "</span>"
                + chip
                + level
                + '</div><div class="backs" data-n="'
                + str(n)
                + '">'
                + backs
                + '<span class="count-badge" aria-hidden="true">'
                + str(n)
                + '</span></div><div class="last">'
                + self.mini_move(last[seat] if seat < len(last) else None, view)
                + "</div></div>"
            )
        box = by_id("opponents")
        box.innerHTML = "".join(parts)
        box.dataset.n = str(len(others))

    def render_felt(self, view):
        t = self.i18n.t
        left = view.get("deck_left", 0)
        deck = by_id("deck")
        deck.dataset.count = str(left)
        deck.setAttribute("aria-label", t("zone.deck", n=left))
        stack = ""
        if left:
            layers = 1 if left < 8 else (2 if left < 20 else 3)
            stack = "".join(self.back("card back deck-card layer" + str(k)) for k in range(layers))
        deck.innerHTML = (
            '<div class="deck-stack">'
            + stack
            + '</div><span class="deck-count">'
            + esc(t("zone.deck_short", n=left))
            + "</span>"
        )
        dealer = view.get("dealer")
        by_id("hand-info").innerHTML = (
            '<span class="hand-no">'
            + esc(t("zone.hand_no", n=view.get("hand_no", 1)))
            + "</span>"
            + '<span class="dealer-note">'
            + esc(t("zone.dealer"))
            + ": "
            + esc(seat_name(view, dealer, self.i18n))
            + "</span>"
        )
        table = view.get("table") or []
        box = by_id("table")
        box.dataset.count = str(len(table))
        box.dataset.size = "l" if len(table) <= 4 else ("m" if len(table) <= 8 else "s")
        box.setAttribute("aria-label", t("zone.table") if table else t("zone.table_empty"))
        if table:
            box.innerHTML = "".join(self.face(code, "card") for code in table)
        else:
            box.innerHTML = '<p class="table-empty">' + esc(t("zone.table_empty")) + "</p>"
        self.render_piles(view)

    def render_piles(self, view):
        t = self.i18n.t
        piles = view.get("piles") or []
        mine = my_side(view)
        bottom_side = side_of_seat(view, view.get("bottom") or 0)
        order = list(range(len(piles)))
        if bottom_side is not None and bottom_side in order:
            order.remove(bottom_side)
            order.insert(0, bottom_side)
        mine_html = []
        parts = []
        for side in order:
            pile = piles[side]
            n = pile.get("cards", 0)
            scope = pile.get("scope", 0)
            name = side_name(view, side, self.i18n)
            stack = ""
            scope_cards = pile.get("scope_cards") or []
            for code in scope_cards:
                stack += self.face(code, "card scopa-card", "span")
            if n:
                layers = 1 if n < 10 else (2 if n < 22 else 3)
                stack += "".join(
                    self.back("card back pile-card layer" + str(k)) for k in range(layers)
                )
            else:
                stack += '<span class="card slot" aria-hidden="true"></span>'
            badge = ""
            if scope:
                text = t("zone.scopa_one") if scope == 1 else t("zone.scope", n=scope)
                badge = '<span class="scope-badge">' + esc(text) + "</span>"
            cls = "pile" + (" mine" if side == mine else "")
            (mine_html if side == bottom_side else parts).append(
                '<div class="'
                + cls
                + '" data-zone="pile" data-side="'
                + str(side)
                + '" data-count="'
                + str(n)
                + '" data-scope="'
                + str(scope)
                + '" aria-label="'
                + esc(t("zone.pile", name=name, n=n, s=scope))
                + '"><div class="pile-stack">'
                + stack
                + '</div><div class="pile-meta"><span class="pile-name">'
                + esc(name)
                + '</span><span class="pile-count">'
                + esc(t("zone.cards", n=n))
                + "</span>"
                + badge
                + "</div></div>"
            )
        by_id("piles-mine").innerHTML = "".join(mine_html)
        by_id("piles-others").innerHTML = "".join(parts)

    def render_me(self, view, ui):
        t = self.i18n.t
        bottom = view.get("bottom") or 0
        viewer = view.get("viewer")
        name = seat_name(view, bottom, self.i18n)
        last = view.get("last") or []
        seats = view.get("seats") or []
        chip = ""
        if bottom == view.get("dealer"):
            chip = (
                '<span class="dealer-chip" title="'
                + esc(t("zone.dealer"))
                + '">'
                + esc(t("zone.dealer")[0])
                + "</span>"
            )
        level = ""
        if bottom < len(seats) and seats[bottom].get("kind") == "computer":
            level = (
                '<span class="seat-level">'
                + esc(t("level." + seats[bottom].get("level", "normal")))
                + "</span>"
            )
        cls = "seat-head" + (" turn" if view.get("to_move") == bottom else "")
        by_id("me-info").innerHTML = (
            '<div class="'
            + cls
            + '"><span class="turn-dot" aria-hidden="true"></span><span class="seat-name">'
            + esc(name)
            + "</span>"
            + chip
            + level
            + '</div><div class="last">'
            + self.mini_move(last[bottom] if bottom < len(last) else None, view)
            + "</div>"
        )
        hand = by_id("hand")
        cards = view.get("hand") or []
        me = by_id("me")
        if viewer is not None:
            hand.setAttribute(
                "aria-label",
                t("zone.hand")
                if len([s for s in seats if s["kind"] == "person"]) == 1
                else t("zone.hand_of", name=name),
            )
            hand.dataset.count = str(len(cards))
            hand.innerHTML = "".join(
                self.face(code, "card", "button", ' data-key="' + str((k + 1) % 10) + '"')
                for k, code in enumerate(cards)
            )
            me.classList.remove("hidden-hand")
        else:
            counts = view.get("hand_counts") or []
            n = counts[bottom] if bottom < len(counts) else 0
            hand.setAttribute("aria-label", t("zone.opponent", name=name, n=n))
            hand.dataset.count = str(n)
            hand.innerHTML = "".join(self.back("card back") for _ in range(n))
            me.classList.add("hidden-hand")
        hand.dataset.n = str(max(len(cards), 1))

    # -- selection highlights -------------------------------------------------------
    def highlight(self, view, selection, queued=None):
        hand_cards = document.querySelectorAll("#hand [data-card]")
        chosen_card = selection.card if selection is not None else None
        if queued:
            chosen_card = queued.get("card")
        playable = view.get("moves") or {}
        for k in range(hand_cards.length):
            el = hand_cards.item(k)
            code = el.dataset.card
            el.classList.toggle("selected", code == chosen_card)
            el.classList.toggle("playable", code in playable and not queued)
            el.setAttribute("aria-pressed", "true" if code == chosen_card else "false")
        table_cards = document.querySelectorAll("#table [data-card]")
        reach = selection.reachable() if selection is not None else []
        chosen = selection.chosen if selection is not None else []
        queued_take = queued.get("take", []) if queued else []
        for k in range(table_cards.length):
            el = table_cards.item(k)
            code = el.dataset.card
            el.classList.toggle("option", code in reach and code not in chosen)
            el.classList.toggle("chosen", code in chosen or code in queued_take)
            el.classList.toggle("dim", selection is not None and code not in reach)
        document.body.classList.toggle("choosing", selection is not None)

    # -- status line, buttons, toasts, announcements ---------------------------------
    def status(self, text):
        by_id("status").textContent = text

    def actions(self, buttons):
        """buttons: list of (action, label, primary)."""
        html = []
        for action, label, primary in buttons:
            html.append(
                '<button type="button" class="btn'
                + (" primary" if primary else "")
                + '" data-action="'
                + action
                + '">'
                + esc(label)
                + "</button>"
            )
        by_id("actions").innerHTML = "".join(html)

    def announce(self, text):
        live = by_id("live")
        live.textContent = ""
        live.textContent = text

    def toast(self, text, ms=3600):
        box = by_id("toast")
        box.textContent = text
        box.hidden = False
        box.classList.add("show")
        by_id("alert").textContent = text
        self.toast_token += 1
        token = self.toast_token

        async def hide():
            await asyncio.sleep(ms / 1000)
            if token == self.toast_token:
                box.classList.remove("show")
                box.hidden = True

        spawn(hide())

    # -- animation ---------------------------------------------------------------------
    def rect(self, el):
        if el is None:
            return None
        r = el.getBoundingClientRect()
        return (r.left, r.top, r.width, r.height)

    def ghost(self, code, rect, face=True):
        fx = by_id("fx")
        el = document.createElement("div")
        el.className = "ghost"
        if face:
            el.innerHTML = self.face(code, "card", "span")
        else:
            el.innerHTML = self.back("card back")
        style = el.style
        style.left = str(rect[0]) + "px"
        style.top = str(rect[1]) + "px"
        style.width = str(rect[2]) + "px"
        style.height = str(rect[3]) + "px"
        fx.appendChild(el)
        return el

    def move_to(self, el, start, end, ms, scale_end=1.0, fade=False):
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

    def clear_fx(self):
        by_id("fx").innerHTML = ""

    def source_of(self, view, seat, card):
        """Where a played card comes from: the hand card, or the seat's face-down cards."""
        if seat == view.get("bottom"):
            el = document.querySelector('#hand [data-card="' + card + '"]')
            if el is None:
                el = document.querySelector("#hand .card")
            if el is None:
                el = by_id("hand")
            return el
        box = document.querySelector('[data-zone="opponent"][data-seat="' + str(seat) + '"] .backs')
        if box is None:
            return by_id("opponents")
        backs = box.querySelectorAll(".card")
        if backs.length:
            return backs.item(backs.length - 1)
        return box

    async def animate_move(self, old, new, event, ui):
        """Show a move happening, then leave the page drawn with the new view."""
        if self.reduced or not event or old is None or event.get("kind") == "declare":
            self.render(new, ui)
            return
        seat = event.get("seat")
        card = event.get("card")
        take = event.get("take") or []
        side = event.get("side")
        src = self.rect(self.source_of(old, seat, card))
        if src is None:
            self.render(new, ui)
            return
        table_rect = self.rect(by_id("table"))
        probe = document.querySelector("#table .card") or document.querySelector("#hand .card")
        size = self.rect(probe) if probe is not None else (0, 0, 72, 108)
        # hide the played card in the hand while its ghost flies
        if seat == old.get("bottom"):
            el = document.querySelector('#hand [data-card="' + card + '"]')
            if el is not None:
                el.style.visibility = "hidden"
        if event.get("kind") == "play" and not take:
            self.render(new, ui)
            dest_el = document.querySelector('#table [data-card="' + card + '"]')
            dest = self.rect(dest_el) or table_rect
            if dest_el is not None:
                dest_el.style.visibility = "hidden"
            g = self.ghost(card, (src[0], src[1], size[2], size[3]))
            _ = g.offsetWidth  # start the transition from here
            self.move_to(g, (src[0], src[1], size[2], size[3]), dest, FLY_MS)
            await asyncio.sleep(FLY_MS / 1000)
            if dest_el is not None:
                dest_el.style.visibility = ""
            self.clear_fx()
            return
        # a capture (or a kept ace): fly onto the cards taken, show them, sweep to the pile
        taken_rects = []
        for code in take:
            el = document.querySelector('#table [data-card="' + code + '"]')
            if el is not None:
                el.classList.add("taking")
                taken_rects.append((code, self.rect(el)))
        if taken_rects:
            first = taken_rects[0][1]
            over = (first[0] + first[2] * 0.28, first[1] - first[3] * 0.18, first[2], first[3])
        else:
            over = (
                table_rect[0] + table_rect[2] / 2 - size[2] / 2,
                table_rect[1],
                size[2],
                size[3],
            )
        base = (src[0], src[1], size[2], size[3])
        g = self.ghost(card, base)
        _ = g.offsetWidth
        self.move_to(g, base, over, FLY_MS)
        await asyncio.sleep((FLY_MS + SHOW_TAKE_MS) / 1000)
        ghosts = [(g, base)]
        for code, r in taken_rects:
            ghosts.append((self.ghost(code, r), r))
        self.render(new, ui)
        pile = document.querySelector(
            '[data-zone="pile"][data-side="' + str(side) + '"] .pile-stack'
        )
        dest = self.rect(pile)
        if dest is None:
            self.clear_fx()
            return
        for el, r in ghosts:
            _ = el.offsetWidth
            el.style.transformOrigin = "center"
            self.move_to(el, r, (dest[0], dest[1], r[2], r[3]), TO_PILE_MS, 0.55, True)
        await asyncio.sleep(TO_PILE_MS / 1000)
        self.clear_fx()
        if event.get("scopa"):
            await self.banner(self.i18n.t("scopa"))

    async def banner(self, text):
        fx = by_id("fx")
        el = document.createElement("div")
        el.className = "banner"
        el.textContent = text
        fx.appendChild(el)
        await asyncio.sleep(0.9 if not self.reduced else 0.01)
        el.remove()

    def deal_in(self):
        """New cards in hand slide in (CSS; nothing under reduced motion)."""
        if self.reduced:
            return
        cards = document.querySelectorAll("#hand .card")
        for k in range(cards.length):
            el = cards.item(k)
            el.style.animationDelay = str(k * 60) + "ms"
            el.classList.add("deal-in")

    # -- dialogs ------------------------------------------------------------------------
    def open_dialog(self, name):
        dlg = by_id(name)
        if not dlg.open:
            dlg.showModal()
        return dlg

    def close_dialog(self, name):
        dlg = by_id(name)
        if dlg.open:
            dlg.close()

    def any_dialog_open(self):
        return document.querySelector("dialog[open]") is not None

    def count_html(self, view):
        """The count of the hand just played, line by line per side, and the match total."""
        t = self.i18n.t
        c = view.get("count")
        if not c:
            return ""
        sides = len(c.get("points", []))
        names = [side_name(view, s, self.i18n) for s in range(sides)]
        head = (
            '<tr><th scope="col"></th>'
            + "".join('<th scope="col">' + esc(n) + "</th>" for n in names)
            + "</tr>"
        )
        rows = []

        def row(label, cells, key):
            rows.append(
                '<tr data-row="'
                + key
                + '"><th scope="row">'
                + esc(label)
                + "</th>"
                + "".join(cells)
                + "</tr>"
            )

        def cell(text, won, side):
            cls = ' class="won"' if won else ""
            point = '<span class="pt">' + esc(t("count.point")) + "</span>" if won else ""
            return "<td" + cls + ' data-side="' + str(side) + '">' + text + point + "</td>"

        def counted(points, side):
            # scope and napola: the number is the points themselves
            if not points:
                return '<td data-side="' + str(side) + '">0</td>'
            return (
                '<td class="won" data-side="'
                + str(side)
                + '">'
                + str(points)
                + '<span class="pt">+'
                + str(points)
                + "</span></td>"
            )

        row(
            t("count.cards"),
            [cell(str(c["cards"][s]), c.get("cards_winner") == s, s) for s in range(sides)],
            "cards",
        )
        row(
            t("count.coins"),
            [cell(str(c["coins"][s]), c.get("coins_winner") == s, s) for s in range(sides)],
            "coins",
        )
        row(
            t("count.settebello"),
            [
                cell(
                    self.face("7D", "mini", "span")
                    if c.get("settebello") == s
                    else esc(t("count.none")),
                    c.get("settebello") == s,
                    s,
                )
                for s in range(sides)
            ],
            "settebello",
        )
        if c.get("re_bello_on"):
            row(
                t("count.re_bello"),
                [
                    cell(
                        self.face("KD", "mini", "span")
                        if c.get("re_bello") == s
                        else esc(t("count.none")),
                        c.get("re_bello") == s,
                        s,
                    )
                    for s in range(sides)
                ],
                "re_bello",
            )
        prim_cells = []
        for s in range(sides):
            value = c["primiera"][s]
            cards = c.get("primiera_cards", [[]] * sides)[s]
            if value is None:
                text = '<span class="muted">' + esc(t("count.primiera_none")) + "</span>"
            else:
                text = (
                    '<span class="num">'
                    + str(value)
                    + '</span><span class="prim-cards">'
                    + "".join(self.face(code, "mini", "span") for code in cards)
                    + "</span>"
                )
            prim_cells.append(cell(text, c.get("primiera_winner") == s, s))
        row(t("count.primiera"), prim_cells, "primiera")
        row(t("count.scope"), [counted(c["scope"][s], s) for s in range(sides)], "scope")
        if c.get("napola_on"):
            row(
                t("count.napola"),
                [counted(c["napola"][s], s) for s in range(sides)],
                "napola",
            )
        rows.append(
            '<tr class="sum" data-row="points"><th scope="row">'
            + esc(t("count.points"))
            + "</th>"
            + "".join(
                '<td data-side="' + str(s) + '">' + str(c["points"][s]) + "</td>"
                for s in range(sides)
            )
            + "</tr>"
        )
        rows.append(
            '<tr class="total" data-row="total"><th scope="row">'
            + esc(t("count.total"))
            + "</th>"
            + "".join(
                '<td data-side="' + str(s) + '">' + str(c["totals"][s]) + "</td>"
                for s in range(sides)
            )
            + "</tr>"
        )
        notes = []
        if c.get("declared") is not None:
            notes.append(t("count.declared", name=seat_name(view, c["declared"], self.i18n)))
        left = c.get("leftover")
        if left and left.get("side") is not None:
            notes.append(t("count.leftover", name=side_name(view, left["side"], self.i18n)))
        if c.get("cappotto") is not None:
            notes.append(t("count.cappotto", name=side_name(view, c["cappotto"], self.i18n)))
        note_html = "".join('<p class="note">' + esc(n) + "</p>" for n in notes)
        return (
            '<table class="count-table" data-sides="'
            + str(sides)
            + '" data-hand="'
            + str(c.get("hand_no", ""))
            + '"><thead>'
            + head
            + "</thead><tbody>"
            + "".join(rows)
            + "</tbody></table>"
            + note_html
        )

    def show_count(self, view):
        t = self.i18n.t
        dlg = by_id("dlg-count")
        c = view.get("count") or {}
        over = view.get("phase") == "match-over"
        result = view.get("result")
        title = t("count.title", n=c.get("hand_no", view.get("hand_no", "")))
        head = ""
        buttons = (
            '<button type="button" class="btn primary" data-action="next-hand">'
            + esc(t("btn.next_hand"))
            + "</button>"
        )
        if over and result:
            head = self.result_html(view)
            buttons = (
                '<button type="button" class="btn" data-action="close">'
                + esc(t("btn.close"))
                + '</button><button type="button" class="btn primary" data-action="new">'
                + esc(t("btn.play_again"))
                + "</button>"
            )
        body = self.count_html(view) if c else ""
        dlg.innerHTML = (
            '<div class="dialog-head"><h2 id="dlg-count-title">'
            + esc(t("status.match_over") if over else title)
            + "</h2></div>"
            + head
            + ('<h3 class="count-sub">' + esc(title) + "</h3>" if over and c else "")
            + body
            + '<div class="dialog-actions">'
            + buttons
            + "</div>"
        )
        dlg.dataset.kind = "result" if over else "count"
        self.open_dialog("dlg-count")
        first = dlg.querySelector(".btn.primary")
        if first is not None:
            first.focus(to_js({"preventScroll": True}))  # the title stays in view
        dlg.scrollTop = 0

    def result_text(self, view):
        t = self.i18n.t
        result = view.get("result") or {}
        winner = result.get("winner")
        mine = my_side(view)
        if winner is None:
            return t("status.match_over")
        if mine is not None:
            return t("result.you_win") if winner == mine else t("result.you_lose")
        name = side_name(view, winner, self.i18n)
        sides = view.get("sides") or []
        if winner < len(sides) and len(sides[winner]) > 1:
            return t("result.side_wins", name=name)
        return t("result.side_wins_one", name=name)

    def result_html(self, view):
        t = self.i18n.t
        result = view.get("result") or {}
        totals = result.get("totals") or view.get("totals") or []
        score = " – ".join(str(x) for x in totals)
        extra = ""
        if result.get("resigned") is not None:
            extra = (
                '<p class="note">'
                + esc(t("result.resigned", name=side_name(view, result["resigned"], self.i18n)))
                + "</p>"
            )
        winner = result.get("winner")
        mine = my_side(view)
        cls = "result" + (" win" if mine is not None and winner == mine else "")
        return (
            '<div class="'
            + cls
            + '" data-winner="'
            + str(winner)
            + '"><p class="result-title">'
            + esc(self.result_text(view))
            + '</p><p class="result-score">'
            + esc(t("result.final", score=score))
            + "</p>"
            + extra
            + "</div>"
        )

    def show_pass(self, view):
        t = self.i18n.t
        seat = view.get("pass_to")
        name = seat_name(view, seat, self.i18n)
        dlg = by_id("dlg-pass")
        dlg.innerHTML = (
            '<div class="pass-card">' + self.back("card back pass-back") + "</div>"
            '<h2 id="dlg-pass-title">'
            + esc(t("pass.title"))
            + "</h2><p>"
            + esc(t("pass.body", name=name))
            + '</p><div class="dialog-actions">'
            + '<button type="button" class="btn primary" data-action="reveal" data-seat="'
            + str(seat)
            + '">'
            + esc(t("btn.reveal", name=name))
            + "</button></div>"
        )
        self.open_dialog("dlg-pass")

    def show_confirm(self, text, yes_action, yes_label):
        t = self.i18n.t
        dlg = by_id("dlg-confirm")
        dlg.innerHTML = (
            '<p id="dlg-confirm-text">'
            + esc(text)
            + '</p><div class="dialog-actions">'
            + '<button type="button" class="btn" data-action="close">'
            + esc(t("btn.cancel"))
            + '</button><button type="button" class="btn primary danger" data-action="'
            + yes_action
            + '">'
            + esc(yes_label)
            + "</button></div>"
        )
        self.open_dialog("dlg-confirm")

    # -- the new-match settings ---------------------------------------------------------
    def open_settings(self, settings, focus=None):
        from i18n import CAPTURE_VARIANTS, LEVELS, PRESETS, TOGGLE_VARIANTS

        t = self.i18n.t
        preset = settings.get("preset", "scopa")
        variants = settings.get("variants") or []
        level = settings.get("level", "normal")
        target = settings.get("target") or (21 if preset == "trentino" else 11)
        capture = "standard"
        for v in variants:
            if v in CAPTURE_VARIANTS:
                capture = v
        preset_opts = "".join(
            '<option value="'
            + p
            + '"'
            + (" selected" if p == preset else "")
            + ">"
            + esc(t("preset." + p))
            + "</option>"
            for p in PRESETS
        )
        level_opts = "".join(
            '<option value="'
            + lv
            + '"'
            + (" selected" if lv == level else "")
            + ">"
            + esc(t("level." + lv))
            + "</option>"
            for lv in LEVELS
        )
        capture_html = "".join(
            '<label class="choice"><input type="radio" name="capture" value="'
            + c
            + '"'
            + (" checked" if c == capture else "")
            + "><span>"
            + esc(t("capture." + c))
            + "</span></label>"
            for c in CAPTURE_VARIANTS
        )
        variant_html = "".join(
            '<label class="choice"><input type="checkbox" name="variant" value="'
            + v
            + '" id="var-'
            + v
            + '"'
            + (" checked" if v in variants else "")
            + "><span>"
            + esc(t("variant." + v))
            + "</span></label>"
            for v in TOGGLE_VARIANTS
        )
        form = by_id("settings-form")
        form.innerHTML = (
            '<div class="dialog-head"><h2 id="dlg-settings-title">' + esc(t("set.title")) + "</h2>"
            '<button type="button" class="close" data-action="close" aria-label="'
            + esc(t("btn.close"))
            + '">&times;</button></div>'
            '<div class="form-grid">'
            '<label class="field"><span>'
            + esc(t("set.game"))
            + '</span><select id="set-preset" name="preset">'
            + preset_opts
            + "</select></label>"
            '<div class="field"><span id="set-target-label">'
            + esc(t("set.target"))
            + '</span><div class="stepper" role="group" aria-labelledby="set-target-label">'
            + '<button type="button" class="step" data-action="target-down" aria-label="'
            + esc(t("set.target_down"))
            + '">&#8722;</button><output id="set-target" aria-live="polite">'
            + str(target)
            + '</output><button type="button" class="step" data-action="target-up" aria-label="'
            + esc(t("set.target_up"))
            + '">+</button></div></div>'
            '<label class="field"><span>'
            + esc(t("set.level"))
            + '</span><select id="set-level" name="level">'
            + level_opts
            + "</select></label>"
            '<fieldset class="group"><legend>'
            + esc(t("set.capture"))
            + "</legend>"
            + capture_html
            + "</fieldset>"
            '<fieldset class="group"><legend>'
            + esc(t("set.variants"))
            + "</legend>"
            + variant_html
            + '<p class="hint" id="chiamarsi-hint" hidden>'
            + esc(t("set.no_chiamarsi"))
            + "</p></fieldset>"
            '<fieldset class="group seats" id="set-seats"><legend>'
            + esc(t("set.seats"))
            + '</legend><div id="seat-rows"></div>'
            '<p class="hint">' + esc(t("set.hotseat_hint")) + "</p></fieldset>"
            "</div>"
            '<div class="dialog-actions"><button type="button" class="btn" data-action="close">'
            + esc(t("btn.cancel"))
            + "</button>"
            '<button type="button" class="btn primary" data-action="start">'
            + esc(t("btn.start"))
            + "</button></div>"
        )
        self.settings_seats(settings.get("seats"))
        self.open_dialog("dlg-settings")
        target_el = by_id("set-" + focus) if focus else None
        if target_el is not None:
            target_el.focus()

    def settings_seats(self, seats=None):
        """Rebuild the seat rows for the chosen game's number of players."""
        from i18n import PLAYERS_OF_PRESET

        t = self.i18n.t
        preset = by_id("set-preset").value
        players = PLAYERS_OF_PRESET.get(preset, 2)
        if seats is None or len(seats) != players:
            old = self.read_seats()
            if old and len(old) == players:
                seats = old
            else:
                seats = [{"kind": "person"}] + [{"kind": "computer"}] * (players - 1)
        rows = []
        for k in range(players):
            seat = seats[k] if k < len(seats) else {"kind": "computer"}
            person = seat.get("kind") == "person"
            team = ""
            if players >= 4:
                team = (
                    '<span class="team-chip team-'
                    + str(k % 2)
                    + '">'
                    + ("A" if k % 2 == 0 else "B")
                    + "</span>"
                )
            rows.append(
                '<div class="seat-row" data-seat="'
                + str(k)
                + '">'
                + '<span class="seat-label">'
                + esc(t("set.seat", n=k + 1))
                + team
                + "</span>"
                + '<select class="seat-kind" aria-label="'
                + esc(t("set.seat", n=k + 1))
                + '">'
                + '<option value="person"'
                + (" selected" if person else "")
                + ">"
                + esc(t("set.person"))
                + "</option>"
                + '<option value="computer"'
                + ("" if person else " selected")
                + ">"
                + esc(t("set.computer"))
                + "</option>"
                + "</select>"
                # contenteditable, not <input>: Chromium asks its autofill server about
                # every page with text inputs, and nothing may leave the device
                + '<span class="seat-name" contenteditable="plaintext-only" role="textbox"'
                + ' spellcheck="false" data-placeholder="'
                + esc(t("set.name"))
                + '" aria-label="'
                + esc(t("set.name"))
                + '"'
                + ("" if person else " hidden")
                + ">"
                + esc(seat.get("name") or "")
                + "</span></div>"
            )
        by_id("seat-rows").innerHTML = "".join(rows)
        hint = by_id("chiamarsi-hint")
        box = by_id("var-chiamarsi-fuori")
        if hint is not None and box is not None:
            three = players == 3
            hint.hidden = not three
            box.disabled = three
            if three:
                box.checked = False
        target = by_id("set-target")
        if preset == "trentino" and target.textContent == "11":
            target.textContent = "21"
        elif preset != "trentino" and target.textContent == "21":
            target.textContent = "11"

    def read_seats(self):
        rows = document.querySelectorAll("#seat-rows .seat-row")
        seats = []
        for k in range(rows.length):
            row = rows.item(k)
            kind = row.querySelector(".seat-kind").value
            name_el = row.querySelector(".seat-name")
            name_el.hidden = kind != "person"
            seat = {"kind": kind}
            name = str(name_el.textContent).strip()[:24]
            if kind == "person" and name:
                seat["name"] = name
            seats.append(seat)
        return seats

    def read_settings(self, level_default="normal"):
        from i18n import CAPTURE_VARIANTS

        variants = []
        boxes = document.querySelectorAll('#settings-form input[name="variant"]')
        for k in range(boxes.length):
            box = boxes.item(k)
            if box.checked and not box.disabled:
                variants.append(box.value)
        radios = document.querySelectorAll('#settings-form input[name="capture"]')
        for k in range(radios.length):
            radio = radios.item(k)
            if radio.checked and radio.value != "standard" and radio.value in CAPTURE_VARIANTS:
                variants.append(radio.value)
        try:
            target = int(by_id("set-target").textContent)
        except Exception:
            target = 11
        target = max(1, min(99, target))
        seats = self.read_seats()
        level = by_id("set-level").value or level_default
        for seat in seats:
            if seat["kind"] == "computer":
                seat["level"] = level
        return {
            "preset": by_id("set-preset").value,
            "variants": variants,
            "target": target,
            "level": level,
            "seats": seats,
        }

    # -- static text in the page -------------------------------------------------------
    def translate_static(self):
        t = self.i18n.t
        document.documentElement.lang = self.i18n.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for k in range(nodes.length):
            el = nodes.item(k)
            el.textContent = t(el.dataset.i18n)
        nodes = document.querySelectorAll("[data-i18n-label]")
        for k in range(nodes.length):
            el = nodes.item(k)
            label = t(el.dataset.i18nLabel)
            el.setAttribute("aria-label", label)
            el.setAttribute("title", label)

    def step_target(self, delta):
        out = by_id("set-target")
        try:
            value = int(out.textContent)
        except Exception:
            value = 11
        out.textContent = str(max(1, min(99, value + delta)))
