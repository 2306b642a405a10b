# Saving on this device (localStorage): the match in progress, the last table
# view, preferences and statistics, and whatever of them could not be read.
#
# Keys (all JSON text):
#   scopa.v1.record      the match as a spec record (scopa-record/1, settings in meta)
#   scopa.v1.view        the latest table view the engine sent (drawn at start-up)
#   scopa.v1.prefs       {"lang": "it"|"en", "deck": "french"|..., "settings": {...},
#                         "sound": false (muted), "pace": "slow"|"normal"|"fast"}
#   scopa.v1.stats       statistics (see stats.py)
#   scopa.v1.saved       the number of the latest save of the game (counts up)
#   scopa.v1.finished    the finished matches kept on this device, newest first, at
#                        most finished.LIMIT (20; the oldest dropped): each
#                        {"id", "at", "text", "summary"}, "text" the record as kept
#                        (finished.py; a damaged list is moved aside like the rest)
#   scopa.v1.unreadable  a list of the saved data that could not be read, each
#                        {"key", "what": "game"|"stats"|"prefs", "reason":
#                        "corrupt"|"version"|"engine", "detail", "problem", "text",
#                        "at"}; "text" is the raw data exactly as it was found
#
# Why data could not be read is said twice in an entry: `detail` in English (for
# whoever reads the stored JSON or a download of it) and `problem`, a code with
# its parameters that the page words in its language (saved_words.py):
# {"code": "storage.<code>", "params": {...}} for what this module finds (CODES),
# or the engine's problem when the engine refused a record. Entries stored before
# `problem` existed have only `detail`; saved_words.py recognizes those.
#
# Nothing is ever deleted silently: saved data that cannot be read (broken JSON,
# a record of another format version, a record the engine's checker refuses) is
# moved under scopa.v1.unreadable with the reason, reported in `problems` for the
# page to tell the player, and stays there until the player discards it. If there
# is no room to move it, it stays under its own key, which is then never written
# (`stuck`). The table view is only a cache of what the record says and is simply
# replaced when it is unreadable.
#
# `backend` is anything with getItem/setItem/removeItem (window.localStorage in
# the page, a fake in tests). Storage that is disabled or full never stops play.
# `mirror` (durable.py in the page) gets a copy of every save of the game with its
# number, {"seq", "record", "view"} as JSON text: Chromium may write localStorage
# to disk a minute late, so after a killed browser `adopt` takes that copy when
# it is newer.
#
# Every save of the game is numbered (scopa.v1.saved), and `seq` is the number of
# the latest save this page knows of: the one it wrote or read. Several tabs of
# one browser share these keys, so a page saves only when nobody saved since
# (`others_saved`); tabs.py makes that check exact between tabs (the IndexedDB
# copy judges, in one transaction) and brings a page that is behind up to date.
#
# MicroPython-compatible (the page) and importable in CPython (tests).

import json

PREFIX = "scopa.v1."
RECORD = PREFIX + "record"
VIEW = PREFIX + "view"
PREFS = PREFIX + "prefs"
STATS = PREFIX + "stats"
UNREADABLE = PREFIX + "unreadable"
SAVED = PREFIX + "saved"
FINISHED = PREFIX + "finished"

RECORD_FORMAT = "scopa-record/1"
WHAT = {RECORD: "game", STATS: "stats", PREFS: "prefs", FINISHED: "finished"}

# What this module finds wrong with saved data: code -> its English (the `detail`
# of an entry); the page's words for each are "saved.detail.<code>" in strings/.
CODES = {
    "not_json": "not JSON ({error})",
    "not_object": "not a JSON object",
    "no_format": "no {format} format",
    "record_version": "{format}",
    "stats_version": "statistics version {version}",
    "not_stats": "not statistics",
    "damaged_list": "a damaged list",
}


def why(reason, code, **params):
    """(reason, English detail, problem) for data this module cannot read."""
    return (reason, CODES[code].format(**params), {"code": "storage." + code, "params": params})


def not_json(exc):
    """Text the JSON reader refused. Its message (English, and MicroPython's differs
    from CPython's) goes into `detail` only: the page says "not valid JSON"."""
    reason, _, problem = why("corrupt", "not_json", error="")
    problem["params"] = {}
    return (reason, CODES["not_json"].format(error=str(exc)), problem)


def record_problem(text):
    """Why a saved record's text cannot be restored, as (reason, detail, problem),
    or None. The engine checks the rest when it restores the match (reason "engine")."""
    try:
        data = json.loads(text)
    except Exception as exc:
        return not_json(exc)
    if not isinstance(data, dict):
        return why("corrupt", "not_object")
    fmt = data.get("format")
    if fmt == RECORD_FORMAT:
        return None
    if isinstance(fmt, str) and fmt.startswith("scopa-record/"):
        return why("version", "record_version", format=fmt)
    return why("corrupt", "no_format", format=RECORD_FORMAT)


def match_id(record):
    """A match record's meta.id (what tells one match from another), or None."""
    meta = record.get("meta") if isinstance(record, dict) else None
    value = meta.get("id") if isinstance(meta, dict) else None
    return value if isinstance(value, str) and value else None


def seq_of(text):
    """A save's number from its JSON text (0 when there is none)."""
    try:
        seq = json.loads(text) if text else 0
    except Exception:
        return 0
    return seq if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0 else 0


def parse_save(text):
    """A save's JSON text ({"seq", "record", "view"}: the mirror's copy) as a dict
    whose record and view are text or None, or None when it is not one."""
    try:
        entry = json.loads(text) if text else None
    except Exception:
        return None
    if not isinstance(entry, dict):
        return None
    seq = entry.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq <= 0:
        return None
    out = {"seq": seq}
    for key in ("record", "view"):
        value = entry.get(key)
        out[key] = value if isinstance(value, str) and value else None
    return out


class Keys:
    """Raw access to the backend: storage that is disabled, full or broken never
    raises, it only fails (None, False)."""

    def __init__(self, backend):
        self.backend = backend

    def raw(self, key):
        """The text stored under ``key``, or None (none, empty, or not readable)."""
        try:
            text = self.backend.getItem(key)
        except Exception:
            return None
        if type(text) is not str or not text:
            return None
        return text

    def _get(self, key):
        text = self.raw(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except Exception:
            return None

    def _put(self, key, text):
        try:
            self.backend.setItem(key, text)
            return True
        except Exception:
            return False

    def _remove(self, key):
        try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
            self.backend.removeItem(key)
        except Exception:
            pass


class Storage(Keys):
    def __init__(self, backend, clock=None, mirror=None):
        Keys.__init__(self, backend)
        self.clock = clock  # () -> a date-time string for the entries, or None
        self.mirror = mirror  # has put(text): a second copy of each save of the game
        self.seq = seq_of(self.raw(SAVED))  # the latest save this page knows of
        self.problems = []  # entries moved aside during this visit, for the page to report
        self.stuck = {}  # key -> entry: unreadable data that could not be moved aside

    def set_json(self, key, value):
        """Store ``value`` as JSON under ``key``; False when it could not be."""
        if key in self.stuck:
            return False  # unreadable data the player has not dealt with yet
        try:
            return self._put(key, json.dumps(value))
        except Exception:
            return False

    # -- unreadable data -------------------------------------------------------------
    def unreadable(self):
        """Every unreadable piece of saved data kept on the device (a list of entries)."""
        entries = []
        text = self.raw(UNREADABLE)
        if text is not None:
            try:
                data = json.loads(text)
            except Exception:
                data = None
            if isinstance(data, list) and all(isinstance(e, dict) for e in data):
                entries = [e for e in data if isinstance(e.get("text"), str)]
            else:  # the list itself is damaged: keep it whole, as one entry
                entries = [self._entry(UNREADABLE, why("corrupt", "damaged_list"), text)]
        for key in (RECORD, STATS, PREFS, FINISHED):
            if key in self.stuck:
                entries.append(self.stuck[key])
        return entries

    def _entry(self, key, problem, text):
        reason, detail, code = problem
        return {
            "key": key,
            "what": WHAT.get(key, "data"),
            "reason": reason,
            "detail": detail,
            "problem": code,
            "text": text,
            "at": self.clock() if self.clock is not None else "",
        }

    def _write_unreadable(self, entries):
        kept = [e for e in entries if not e.get("stuck")]
        if not kept:
            self._remove(UNREADABLE)
            return True
        return self._put(UNREADABLE, json.dumps(kept))

    def quarantine(self, key, reason, detail, problem=None):
        """Move the data under `key` aside (it could not be read); the entry, or None.

        detail: why, in English; problem: the same as {"code", "params"} (or None)."""
        text = self.raw(key)
        if text is None:
            return None
        entry = self._entry(key, (reason, detail, problem), text)
        entries = [e for e in self.unreadable() if not e.get("stuck")]
        entries.append(entry)
        moved = self._write_unreadable(entries)
        if not moved and key != VIEW:
            self._remove(VIEW)  # the view is only a cache: make room
            moved = self._write_unreadable(entries)
        if moved:
            self._remove(key)
            if key == RECORD:
                self._remove(VIEW)
            self.stuck.pop(key, None)
        else:
            entry["stuck"] = True
            self.stuck[key] = entry
        self.problems.append(entry)
        return entry

    def discard(self, index):
        """The player discards one unreadable entry (by its place in unreadable())."""
        entries = self.unreadable()
        if not 0 <= index < len(entries):
            return False
        entry = entries.pop(index)
        if entry.get("stuck"):
            self._remove(entry["key"])
            self.stuck.pop(entry["key"], None)
            return True
        return self._write_unreadable(entries)

    # -- preferences --------------------------------------------------------------
    def load_prefs(self):
        text = self.raw(PREFS)
        if text is None:
            return {}
        try:
            prefs = json.loads(text)
        except Exception as exc:
            prefs = None
            problem = not_json(exc)
        else:
            problem = why("corrupt", "not_object")
        if isinstance(prefs, dict):
            return prefs
        self.quarantine(PREFS, *problem)
        return {}

    def save_prefs(self, prefs):
        return self.set_json(PREFS, prefs)

    # -- the game in progress -------------------------------------------------------------
    def load_game(self):
        """(view, record): both dicts, or (None, None) when no usable game is saved.

        A record that cannot be read is moved aside (see quarantine)."""
        text = self.raw(RECORD)
        if text is None:
            return (None, None)
        problem = record_problem(text)
        if problem is not None:
            self.quarantine(RECORD, *problem)
            return (None, None)
        record = json.loads(text)
        view = self._get(VIEW)
        if not isinstance(view, dict) or view.get("version") != 1:
            view = None
        return (view, record)

    def record_text(self):
        """The saved record exactly as stored (for a download), or None."""
        return self.raw(RECORD)

    # -- numbered saves: one match, any number of tabs ------------------------------
    def saved_number(self):
        """The number of the latest save of the game in localStorage now (any tab's)."""
        return seq_of(self.raw(SAVED))

    def others_saved(self):
        """Another tab or window saved the game since this page last saved or read it."""
        return self.saved_number() > self.seq

    def next_save(self, view, record):
        """This page's next save of the game, {"seq", "record", "view"} (the record
        and view as JSON text, or None), or None when the game cannot be saved."""
        if RECORD in self.stuck:
            return None  # unreadable data the player has not dealt with yet
        try:
            record_text = json.dumps(record) if record is not None else None
            view_text = json.dumps(view) if view is not None else None
        except Exception:
            return None
        return {"seq": self.seq + 1, "record": record_text, "view": view_text}

    def write(self, entry):
        """Write a save to localStorage, its number last (other tabs watch it); False
        (and the number left as it was) when the record could not be written."""
        record_text = entry.get("record")
        view_text = entry.get("view")
        if record_text:
            if not self._put(RECORD, record_text):
                return False
            if view_text:
                self._put(VIEW, view_text)
            else:
                self._remove(VIEW)
        else:  # no game: cleared
            self._remove(VIEW)
            self._remove(RECORD)
        self.seq = entry["seq"]
        self._put(SAVED, str(self.seq))
        return True

    def save_game(self, view, record):
        """Save the game unless another tab saved since (then False: see tabs.py,
        which also makes the IndexedDB copy the judge between tabs)."""
        entry = self.next_save(view, record)
        if entry is None or self.others_saved():
            return False
        ok = self.write(entry)
        self.seq = entry["seq"]
        self.copy(entry)
        return ok

    def clear_game(self):
        entry = self.next_save(None, None)
        if entry is None:
            return  # unreadable: only the player may throw it away
        entry["seq"] = max(self.seq, self.saved_number()) + 1
        self.write(entry)
        self.copy(entry)

    def copy(self, entry):
        """Put a save in the mirror too (fire and forget)."""
        if self.mirror is not None:
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                self.mirror.put(json.dumps(entry))
            except Exception:
                pass

    def adopt(self, text):
        """Take a save kept elsewhere (the mirror's, as JSON text) if it is newer than
        what localStorage holds (a killed browser lost its latest writes); True if it was."""
        entry = parse_save(text)
        if entry is None or entry["seq"] <= max(self.seq, self.saved_number()):
            return False
        if RECORD in self.stuck:
            return False
        return self.write(entry)

    # -- statistics -----------------------------------------------------------------
    def load_stats(self, valid):
        """The statistics object, or None when there are none yet; `valid(data)`
        says whether the data is statistics this version understands."""
        text = self.raw(STATS)
        if text is None:
            return None
        try:
            data = json.loads(text)
        except Exception as exc:
            self.quarantine(STATS, *not_json(exc))
            return None
        if not valid(data):
            version = data.get("version") if isinstance(data, dict) else None
            if isinstance(version, int) and not isinstance(version, bool) and version > 1:
                self.quarantine(STATS, *why("version", "stats_version", version=version))
            else:
                self.quarantine(STATS, *why("corrupt", "not_stats"))
            return None
        return data

    def save_stats(self, stats):
        """Save the statistics (numbered in "saved", and copied to the mirror)."""
        if STATS in self.stuck:
            return False
        saved = stats.get("saved")
        stats["saved"] = (saved if isinstance(saved, int) else 0) + 1
        try:
            text = json.dumps(stats)
        except Exception:
            return False
        if self.mirror is not None:
            try:  # noqa: SIM105 -- MicroPython has no contextlib.suppress
                self.mirror.put(text, "stats")
            except Exception:
                pass
        return self._put(STATS, text)

    def adopt_stats(self, text):
        """Take the mirror's statistics if they are newer than localStorage's."""
        try:
            copy = json.loads(text)
        except Exception:
            return False
        if not isinstance(copy, dict) or not isinstance(copy.get("saved"), int):
            return False
        if STATS in self.stuck:
            return False
        mine = self._get(STATS)
        if isinstance(mine, dict) and isinstance(mine.get("saved"), int):
            if mine["saved"] >= copy["saved"]:
                return False
        elif self.raw(STATS) is not None:
            return False  # unreadable: load_stats sets it aside, never overwritten here
        return self._put(STATS, text)

    def clear_stats(self):
        if STATS not in self.stuck:
            self._remove(STATS)
