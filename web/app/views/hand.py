# The bottom seat's hand: its cards face up when they are the viewer's (tappable
# buttons, keys 1-9 and 0), face down otherwise (hot-seat, all computers).
# Hook: [data-zone="hand"] with its cards [data-card].

from dom import by_id, fill
from names import seat_name


class Hand:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def render(self, view):
        t = self.i18n.t
        bottom = view.get("bottom") or 0
        seats = view.get("seats") or []
        name = seat_name(view, bottom, self.i18n)
        hand = by_id("hand")
        cards = view.get("hand") or []
        me = by_id("me")
        if view.get("viewer") is not None:
            alone = len([s for s in seats if s["kind"] == "person"]) == 1
            hand.setAttribute(
                "aria-label", t("zone.hand") if alone else t("zone.hand_of", name=name)
            )
            hand.dataset.count = str(len(cards))
            # keys 1-9 and 0 choose the first ten cards
            buttons = [
                self.art.button(code, "card", {"data-key": (k + 1) % 10})
                for k, code in enumerate(cards)
            ]
            fill(hand, buttons)
            me.classList.remove("hidden-hand")
        else:
            counts = view.get("hand_counts") or []
            n = counts[bottom] if bottom < len(counts) else 0
            hand.setAttribute("aria-label", t("zone.opponent", name=name, n=n))
            hand.dataset.count = str(n)
            fill(hand, [self.art.back("card back") for _ in range(n)])
            me.classList.add("hidden-hand")
            cards = [None] * n  # the layout follows the cards shown, face up or down
        hand.dataset.n = str(max(len(cards), 1))
