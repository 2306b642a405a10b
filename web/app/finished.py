# The finished matches kept on this device, listed in "Your games" (MicroPython
# in the page, CPython in the tests). A match is kept when the next one takes
# its place: at a rematch with friends on other devices (the worker's
# `previous_record`, on the host's device and every guest's, with the roles
# swapped or not), and when a finished match on this device is replaced by a
# new one (a new match against the computer, an import). kept_games.py is the
# flow, views/games.py draws the list.
#
# Stored under storage.FINISHED (scopa.v1.finished) as a JSON list, newest
# first, at most LIMIT entries (the oldest is dropped when one more is kept):
#   {"id":      the record's meta.id (null when it has none),
#    "at":      when it was kept (an ISO date-time),
#    "text":    the record as JSON text, exactly what its export downloads,
#    "summary": the result screen's facts, {"seats", "sides", "result"} of the
#               match-over view (names.py and narration.py word them in the
#               page's language), or null when that view was not at hand}
# The record is the worker's own (scopa-record/1, see the spec): never altered.
#
# A list that cannot be read (not JSON, not a list, an entry without its text)
# is moved aside whole by storage.quarantine: listed with the other unreadable
# data in "Your games" (download it exactly as stored, or discard it), reported
# once like them (saves.py show_problems), and the list starts afresh. The match
# in progress is another key: nothing here touches it.

import json

from names import my_side, side_name
from narration import end_text, result_text
from storage import FINISHED, RECORD_FORMAT, match_id, not_json, why

LIMIT = 20
SUMMARY_KEYS = ("seats", "sides", "result")


def summary_of(record, view):
    """The match-over view's seats, sides and result, when that view is this
    record's last position (as many hands), else None."""
    if not isinstance(view, dict) or view.get("phase") != "match-over":
        return None
    hands = record.get("hands")
    if not isinstance(hands, list) or view.get("hand_no") != len(hands):
        return None
    if not isinstance(view.get("result"), dict):
        return None
    return {key: view.get(key) for key in SUMMARY_KEYS}


def make_entry(record, view, at):
    """The entry for a finished match's record (a dict), or None if it is not one."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return None
    try:
        text = json.dumps(record)
    except Exception:
        return None
    return {"id": match_id(record), "at": at, "text": text, "summary": summary_of(record, view)}


def valid_entry(entry):
    if not isinstance(entry, dict):
        return False
    text = entry.get("text")
    summary = entry.get("summary")
    return isinstance(text, str) and bool(text) and (summary is None or isinstance(summary, dict))


def same_match(a, b):
    if a.get("id") and b.get("id"):
        return a["id"] == b["id"]
    return a.get("text") == b.get("text")


class Finished:
    """The list under scopa.v1.finished, through the page's Storage (whose
    quarantine keeps a damaged list aside and whose writes never raise)."""

    def __init__(self, storage):
        self.storage = storage

    def entries(self):
        """The kept matches, newest first (a damaged list is moved aside: [])."""
        text = self.storage.raw(FINISHED)
        if text is None:
            return []
        try:
            data = json.loads(text)
        except Exception as exc:
            self.storage.quarantine(FINISHED, *not_json(exc))
            return []
        if isinstance(data, list) and all(valid_entry(e) for e in data):
            return data
        self.storage.quarantine(FINISHED, *why("corrupt", "damaged_list"))
        return []

    def keep(self, entry):
        """Keep a finished match (once: the same match again changes nothing);
        False when it could not be written (storage full or disabled, or a
        damaged list that could not be moved aside)."""
        entries = self.entries()
        if any(same_match(e, entry) for e in entries):
            return True
        entries.insert(0, entry)
        return self.storage.set_json(FINISHED, entries[:LIMIT])  # the oldest dropped


# -- the words of an entry (in the page's language) -----------------------------------
def players_words(entry, i18n):
    """Who played: "You vs Bea" (each side's name, this device's player first), or
    the record's seat names."""
    summary = entry.get("summary")
    if summary:
        order = list(range(len(summary.get("sides") or [])))
        mine = my_side(summary)
        if mine in order:
            order.remove(mine)
            order.insert(0, mine)
        names = [side_name(summary, k, i18n) for k in order]
    else:
        names = seat_labels(entry)
    names = [n for n in names if n]
    return i18n.t("games.kept_versus").join(names)


def seat_labels(entry):
    try:
        seats = json.loads(entry["text"]).get("meta", {}).get("seats")
    except Exception:
        return []
    return [str(s) for s in seats] if isinstance(seats, list) else []


def result_words(entry, i18n):
    """The result as the result screen said it: "You win the match! Final score
    11 – 7.", and why it ended early; "" when it was not known."""
    summary = entry.get("summary")
    if not summary:
        return ""
    result = summary.get("result") or {}
    totals = result.get("totals") or []
    said = [result_text(summary, i18n)]
    if totals:
        said.append(i18n.t("games.kept_score", score=" \u2013 ".join(str(x) for x in totals)))
    why_ended = end_text(summary, i18n)
    if why_ended:
        said.append(why_ended)
    return " ".join(said)


def file_name(entry, index):
    """The download's name: the match's id when it has one."""
    ident = entry.get("id") or str(index + 1)
    safe = "".join(c if c.isalpha() or c.isdigit() or c in "-_" else "-" for c in str(ident))
    return "scopa-finished-" + safe[:40] + ".json"
