# The table screen: scoreboard, the other seats, the felt, the bottom seat and
# its hand, drawn from one table view (docs/web-api.md), and the highlights of
# a capture being chosen. Each part is its own small view; this one puts them
# together and owns the page-wide data attributes they depend on.

from pyscript import document

from views.felt import Felt
from views.hand import Hand
from views.scoreboard import Scoreboard
from views.seats import Seats


class TableView:
    def __init__(self, i18n, art):
        self.i18n = i18n
        self.art = art
        self.scoreboard = Scoreboard(i18n)
        self.seats = Seats(i18n, art)
        self.felt = Felt(i18n, art)
        self.hand = Hand(i18n, art)

    def render(self, view, selection=None, queued=None):
        for part in self.parts():
            part(view)
        self.highlight(view, selection, queued)

    def parts(self):
        """render() but the highlights, as the parts it draws one after the other:
        each draws its own region from a view, so a table already on the page (the
        one paint.js drew) can be drawn again a part per task (Opening.draw_again)."""
        return (
            self.render_page,
            self.scoreboard.render,
            self.seats.render,
            self.felt.render,
            self.hand.render,
        )

    def render_page(self, view):
        body = document.body
        body.dataset.deck = self.i18n.deck
        body.dataset.handSize = str((view.get("rules") or {}).get("hand_size", 3))
        body.dataset.players = str(view.get("players", 2))

    def highlight(self, view, selection, queued=None):
        """Light up the chosen hand card and the table cards it can still take."""
        chosen_card = selection.card if selection is not None else None
        if queued:
            chosen_card = queued.get("card")
        playable = view.get("moves") or {}
        cards = document.querySelectorAll("#hand [data-card]")
        for k in range(cards.length):
            el = cards.item(k)
            code = el.dataset.card
            el.classList.toggle("selected", code == chosen_card)
            el.classList.toggle("playable", code in playable and not queued)
            el.setAttribute("aria-pressed", "true" if code == chosen_card else "false")
        reach = selection.reachable() if selection is not None else []
        chosen = selection.chosen if selection is not None else []
        queued_take = queued.get("take", []) if queued else []
        cards = document.querySelectorAll("#table [data-card]")
        for k in range(cards.length):
            el = cards.item(k)
            code = el.dataset.card
            el.classList.toggle("option", code in reach and code not in chosen)
            el.classList.toggle("chosen", code in chosen or code in queued_take)
            el.classList.toggle("dim", selection is not None and code not in reach)
        document.body.classList.toggle("choosing", selection is not None)
