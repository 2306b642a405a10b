# The felt: the deck, the hand's number, the table cards and the
# sides' piles. Hooks: [data-zone="deck"][data-count], [data-zone="table"]
# (its cards [data-card]), [data-zone="pile"][data-side][data-count][data-scope].

from dom import by_id, fill, h
from names import my_side, side_name, side_of_seat


def layers(n, thin, thick):
    """How many card edges a stack of n cards shows."""
    return 1 if n < thin else (2 if n < thick else 3)


class Felt:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def render(self, view):
        self.render_deck(view)
        self.render_hand_info(view)
        self.render_table(view)
        self.render_piles(view)

    def render_deck(self, view):
        t = self.i18n.t
        left = view.get("deck_left", 0)
        deck = by_id("deck")
        deck.dataset.count = str(left)
        deck.setAttribute("aria-label", t("zone.deck", n=left))
        stack = []
        if left:
            stack = [
                self.art.back("card back deck-card layer" + str(k))
                for k in range(layers(left, 8, 20))
            ]
        fill(
            deck,
            h("div", {"class": "deck-stack"}, stack),
            h("span", {"class": "deck-count"}, t("zone.deck_short", n=left)),
        )

    def render_hand_info(self, view):
        # the dealer is marked by its seat (seats.py), not said again here
        t = self.i18n.t
        fill(
            by_id("hand-info"),
            h("span", {"class": "hand-no"}, t("zone.hand_no", n=view.get("hand_no", 1))),
        )

    def render_table(self, view):
        t = self.i18n.t
        table = view.get("table") or []
        box = by_id("table")
        box.dataset.count = str(len(table))
        box.dataset.size = "l" if len(table) <= 4 else ("m" if len(table) <= 8 else "s")
        box.setAttribute("aria-label", t("zone.table") if table else t("zone.table_empty"))
        if table:
            fill(box, [self.art.button(code) for code in table])
        else:
            fill(box, h("p", {"class": "table-empty"}, t("zone.table_empty")))

    def render_piles(self, view):
        """The bottom seat's side on the left (piles-mine), the others beside it."""
        piles = view.get("piles") or []
        bottom_side = side_of_seat(view, view.get("bottom") or 0)
        order = list(range(len(piles)))
        if bottom_side is not None and bottom_side in order:
            order.remove(bottom_side)
            order.insert(0, bottom_side)
        mine = [self.pile(view, side, piles[side]) for side in order if side == bottom_side]
        others = [self.pile(view, side, piles[side]) for side in order if side != bottom_side]
        fill(by_id("piles-mine"), mine)
        fill(by_id("piles-others"), others)

    def pile(self, view, side, pile):
        t = self.i18n.t
        n = pile.get("cards", 0)
        scope = pile.get("scope", 0)
        name = side_name(view, side, self.i18n)
        stack = [self.art.image(code, "card scopa-card") for code in pile.get("scope_cards") or []]
        if n:
            stack += [
                self.art.back("card back pile-card layer" + str(k))
                for k in range(layers(n, 10, 22))
            ]
        else:
            stack.append(h("span", {"class": "card slot", "aria-hidden": "true"}))
        badge = None
        if scope:
            text = t("zone.scopa_one") if scope == 1 else t("zone.scope", n=scope)
            badge = h("span", {"class": "scope-badge"}, text)
        return h(
            "div",
            {
                "class": "pile" + (" mine" if side == my_side(view) else ""),
                "data-zone": "pile",
                "data-side": side,
                "data-count": n,
                "data-scope": scope,
                "aria-label": t("zone.pile", name=name, n=n, s=scope),
            },
            h("div", {"class": "pile-stack"}, stack),
            h(
                "div",
                {"class": "pile-meta"},
                h("span", {"class": "pile-name"}, name),
                h("span", {"class": "pile-count"}, t("zone.cards", n=n)),
                badge,
            ),
        )
