# The seats around the table: the other players (their face-down cards, their
# last move) at the top, and the bottom seat's name and last move above the hand.
# Hooks: [data-zone="opponent"][data-seat][data-count].
#
# The dealer is marked once, by its seat, with the word ("Dealer", "Mazziere"):
# a lone letter said nothing. A last move is its cards drawn large enough to be
# read on a phone (style.css: at least 24 px wide), in words in its title and
# for screen readers.

from dom import by_id, fill, h
from names import my_side, seat_name, side_of_seat


def seat_order(view):
    """The other seats, in playing order from the bottom seat."""
    players = view.get("players", 2)
    bottom = view.get("bottom") or 0
    return [(bottom + k) % players for k in range(1, players)]


class Seats:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art

    def render(self, view):
        self.render_opponents(view)
        self.render_bottom(view)

    def render_opponents(self, view):
        t = self.i18n.t
        counts = view.get("hand_counts") or []
        last = view.get("last") or []
        mine = my_side(view)
        others = seat_order(view)
        boxes = []
        for seat in others:
            n = counts[seat] if seat < len(counts) else 0
            cls = "seat"
            if seat == view.get("to_move"):
                cls += " turn"
            if mine is not None and side_of_seat(view, seat) == mine:
                cls += " mate"
            name = seat_name(view, seat, self.i18n)
            backs = [self.art.back("card back small") for _ in range(n)]
            badge = h("span", {"class": "count-badge", "aria-hidden": "true"}, str(n))
            boxes.append(
                h(
                    "div",
                    {
                        "class": cls,
                        "data-zone": "opponent",
                        "data-seat": seat,
                        "data-count": n,
                        "aria-label": t("zone.opponent", name=name, n=n),
                    },
                    self.head(view, seat, "seat-head", n),
                    h("div", {"class": "backs", "data-n": n}, backs, badge),
                    h(
                        "div",
                        {"class": "last"},
                        self.last_move(last[seat] if seat < len(last) else None),
                    ),
                )
            )
        box = fill(by_id("opponents"), boxes)
        box.dataset.n = str(len(others))

    def render_bottom(self, view):
        bottom = view.get("bottom") or 0
        last = view.get("last") or []
        cls = "seat-head" + (" turn" if view.get("to_move") == bottom else "")
        fill(
            by_id("me-info"),
            self.head(view, bottom, cls),
            h(
                "div",
                {"class": "last"},
                self.last_move(last[bottom] if bottom < len(last) else None),
            ),
        )

    def head(self, view, seat, cls, count=None):
        """A seat's turn dot, name, dealer mark and (a computer's) level."""
        t = self.i18n.t
        seats = view.get("seats") or []
        info = seats[seat] if seat < len(seats) else {}
        chip = None
        if seat == view.get("dealer"):
            chip = h("span", {"class": "dealer-tag"}, t("zone.dealer"))
        level = None
        if info.get("kind") == "computer":
            level = h("span", {"class": "seat-level"}, t("level." + info.get("level", "normal")))
        return h(
            "div",
            {"class": cls},
            h("span", {"class": "turn-dot", "aria-hidden": "true"}),
            h("span", {"class": "seat-name"}, seat_name(view, seat, self.i18n)),
            # the cards in hand by the name, where a phone leaves the face-down cards out
            None
            if count is None
            else h("span", {"class": "count-badge head-count", "aria-hidden": "true"}, str(count)),
            chip,
            level,
        )

    def last_move(self, info):
        """A seat's last move as small cards: the card played, then what it took."""
        if not info:
            return None
        t = self.i18n.t
        if info.get("kind") == "declare":
            return h("span", {"class": "last-text"}, t("last.declared"))
        card = info.get("card", "")
        take = info.get("take") or []
        parts = [self.art.image(card, "mini")]
        if info.get("kind") == "keep":
            label = t("last.kept", card=self.i18n.card(card))
            parts.append(h("span", {"class": "last-arrow", "aria-hidden": "true"}, "\u2193"))
        elif take:
            label = t("last.took", card=self.i18n.card(card), cards=self.i18n.cards(take))
            parts.append(h("span", {"class": "last-arrow", "aria-hidden": "true"}, "\u00d7"))
            parts.extend(self.art.image(code, "mini") for code in take)
        else:
            label = t("last.played", card=self.i18n.card(card))
        if info.get("scopa"):
            parts.append(h("span", {"class": "scopa-badge"}, t("scopa")))
        return h(
            "span",
            {"class": "last-move", "title": label},
            h("span", {"class": "sr-only"}, label),
            parts,
        )
