# The reviews' flow (MicroPython, main thread). After a hand, "Review this
# hand" on the count screen reviews the person's moves of that hand in the
# background (reviewer.py): the game goes on meanwhile, and #review-bar tells
# the progress and opens the review when it is ready. From "Your games" a
# whole match is reviewed hand by hand, for any seat (match_review.py). The
# screens are views/review.py, views/position.py and views/review_bar.py.

import json

from actions import index_of
from names import seat_name
from reviewer import Reviewer


def reviewed_seat(view):
    """The seat whose hand review the count screen offers: the one person, else
    the seat whose cards are shown (hot-seat), else the bottom seat."""
    seats = view.get("seats") or []
    persons = [s for s in range(len(seats)) if seats[s].get("kind") == "person"]
    if len(persons) == 1:
        return persons[0]
    if view.get("viewer") is not None:
        return view["viewer"]
    return view.get("bottom") or 0


class ReviewFlow:
    def __init__(self, manager):
        from match_review import MatchReview

        self.m = manager
        self.reviewer = Reviewer(manager)
        self.reviewer.listeners.append(self.on_progress)
        self.match = MatchReview(self)
        self._views = {}
        self.job = None  # the job the dialog shows
        self.opened = None  # the index of the position shown, or None: the list
        self.bar_job = None  # the hand review told by the bar

    def view(self, name):
        screen = self._views.get(name)
        if screen is None:
            if name == "review":
                from views.review import ReviewView

                screen = ReviewView(self.m.i18n, self.m.ui.art, self.on_closed)
            else:
                from views.review_bar import ReviewBar

                screen = ReviewBar(self.m.i18n)
            self._views[name] = screen
        return screen

    def handlers(self):
        table = {
            "review-hand": lambda el: self.review_hand(),
            "review-position": lambda el: self.open_position(index_of(el)),
            "review-back": lambda el: self.back(),
            "review-bar-open": lambda el: self.open_bar_job(),
            "review-bar-close": lambda el: self.view("bar").hide(),
        }
        table.update(self.match.handlers())
        return table

    # -- a hand, from the count screen -----------------------------------------------
    def review_hand(self):
        m = self.m
        view, record = m.view, m.record
        if view is None or not isinstance(record, dict) or not record.get("hands"):
            return
        hand = len(record["hands"]) - 1  # the hand the count is of
        seat = reviewed_seat(view)
        meta = record.get("meta") or {}
        key = "hand/" + str(meta.get("id")) + "/" + str(hand) + "/" + str(seat)
        job = self.reviewer.request(key, json.dumps(record), seat, hand)
        self.bar_job = job
        self.view("bar").show(job)
        name = seat_name(view, seat, m.i18n)
        self.show_job(job, m.i18n.t("review.title_hand", n=hand + 1, name=name))

    def open_bar_job(self):
        job = self.bar_job
        if job is None:
            return
        name = seat_name(self.m.view or {}, job.seat, self.m.i18n)
        self.show_job(job, self.m.i18n.t("review.title_hand", n=job.hand + 1, name=name))

    # -- the dialog -------------------------------------------------------------------
    def show_job(self, job, title, top=None):
        self.job = job
        self.opened = None
        screen = self.view("review")
        screen.open(title, top)
        self.draw()

    def draw(self):
        screen = self.view("review")
        if self.job is None:
            return
        screen.status(self.job)
        if self.opened is None:
            screen.show_list(self.job)
        else:
            screen.show_position(self.job, self.opened)

    def open_position(self, index):
        if self.job is not None and index is not None and 0 <= index < len(self.job.lines):
            self.opened = index
            self.draw()

    def back(self):
        self.opened = None
        self.draw()
        first = self.view("review").dialog().querySelector('[data-action="review-position"]')
        if first is not None:
            first.focus()

    def on_progress(self, job):
        if job is self.bar_job:
            self.view("bar").show(job)
        if job is self.job and self.view("review").is_open():
            if job.done and self.opened is None:
                self.view("review").show_list(job)
            self.view("review").status(job)

    def on_closed(self):
        self.job = None
        self.opened = None
        self.match.closed()
