# Finished matches kept in "Your games" (MicroPython, main thread): the flow.
# finished.py stores them and words them; views/games.py lists them, each with
# Export (the record downloaded exactly as kept) and Review (the whole-match
# review, match_review.py, as for the match played here).
#
# When a match is kept:
# - a rematch with friends on other devices starts: the link reply that starts
#   the next match carries the finished match's record (`previous_record`, see
#   saves.py `from_link`), on the host's device and on every guest's, roles
#   swapped or not. The page still shows that match's
#   result (the reply is drawn after), so its summary is taken from that view.
# - a finished match on this device is replaced by another one (a new match
#   against the computer, in hot-seat, an import, a match with friends): every
#   drawn view passes here once a match over was drawn (saves.py `after_apply`:
#   this module is made then, not at the start); the last finished match
#   seen is kept when a view of a different match comes. A match over, then
#   reloaded, then replaced is kept too: the restored view passes here first.
# The same match is never kept twice (its meta.id), so the host's rematch,
# seen both ways, makes one entry.

from downloads import download
from finished import Finished, make_entry
from pyscript import window
from storage import match_id


def now_iso():
    try:
        return str(window.Date.new().toISOString())
    except Exception:
        return ""


class KeptGames:
    def __init__(self, saves):
        self.saves = saves
        self.m = saves.m
        self.store = Finished(self.m.storage)
        self.over = None  # (record, view): the finished match on the table, if one is

    def entries(self):
        """The kept matches; a damaged list is moved aside (and listed with the
        unreadable data in "Your games", which asks for these first)."""
        return self.store.entries()

    # -- keeping ------------------------------------------------------------------------
    def seen(self, view, record):
        """A view drawn: a finished match is remembered until another match replaces it."""
        if not isinstance(record, dict):
            return
        if isinstance(view, dict) and view.get("phase") == "match-over":
            self.over = (record, view)
            return
        if self.over is None:
            return
        old, old_view = self.over
        if match_id(old) == match_id(record) and match_id(record) is not None:
            return  # the same match (a view drawn again)
        self.over = None
        self.keep(old, old_view)

    def keep(self, record, view):
        entry = make_entry(record, view, now_iso())
        if entry is None:
            return
        if not self.store.keep(entry):
            self.m.ui.notices.toast(self.m.i18n.t("games.not_kept"))
        self.saves.show_problems()  # a damaged list was moved aside: said at once
        if self.saves.view("games").is_open():
            self.saves.open_games()

    # -- what the player does with one ----------------------------------------------
    def entry(self, index):
        found = self.store.entries()
        if index is None or not 0 <= index < len(found):
            return None
        return found[index]

    def export(self, index):
        from finished import file_name

        entry = self.entry(index)
        if entry is None:
            return
        download(file_name(entry, index), entry["text"])
        self.saves.message(self.m.i18n.t("games.exported"), True)

    def review(self, index):
        from finished import players_words

        entry = self.entry(index)
        if entry is None:
            return
        label = self.m.i18n.t("games.kept_review", who=players_words(entry, self.m.i18n))
        self.m.coach.part("review").match.kept(entry["text"], label)
