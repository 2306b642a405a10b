# Saved games on the page (MicroPython, main thread): what to do with saved data
# that cannot be read, exporting and importing match records, and statistics.
#
#   dlg-saved   told at start when saved data could not be read (storage.py keeps
#               it aside): download the raw data, or start afresh
#   dlg-games   export this match (scopa-YYYYMMDD-HHMM.json), import a record file
#               (checked by the engine's replay checker in the worker), and the
#               unreadable data kept on the device (download, discard)
#   dlg-stats   statistics (stats.py), with a reset
#
# A record file is checked by the engine (scopa_core.record) before anything
# changes: a bad one gets the checker's sentence, and the match in progress
# stays as it was. An imported unfinished match continues here; a finished one
# shows its final count.

import asyncio
import json

import stats as tally
from actuator import esc
from i18n import CAPTURE_VARIANTS
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from tasks import spawn


def by_id(name):
    return document.getElementById(name)


def two(n):
    return ("0" + str(n))[-2:]


def file_stamp():
    """Local date and time for a file name: YYYYMMDD-HHMM."""
    d = window.Date.new()
    return (
        str(d.getFullYear())
        + two(d.getMonth() + 1)
        + two(d.getDate())
        + "-"
        + two(d.getHours())
        + two(d.getMinutes())
    )


def now_iso():
    return str(window.Date.new().toISOString())


def download(name, text, mime="application/json"):
    """Offer `text` as a file download called `name` (nothing leaves the device)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()

    async def revoke():
        await asyncio.sleep(30)
        window.URL.revokeObjectURL(url)

    spawn(revoke())


def button(action, label, cls="btn", extra=""):
    return (
        '<button type="button" class="'
        + cls
        + '" data-action="'
        + action
        + '"'
        + extra
        + ">"
        + esc(label)
        + "</button>"
    )


def close_button(label):
    return (
        '<button type="button" class="close" data-action="close" aria-label="'
        + esc(label)
        + '">&times;</button>'
    )


def dialog_head(name, title, close_label=None):
    """A dialog's heading (``<name>-title`` labels the dialog) and its close button."""
    close = close_button(close_label) if close_label else ""
    heading = '<h2 id="' + name + '-title">' + esc(title) + "</h2>"
    return '<div class="dialog-head">' + heading + close + "</div>"


class Saves:
    def __init__(self, manager):
        self.m = manager
        self.stats = None
        self.pending_import = None
        self.pending_discard = None
        self.told = 0  # problems[:told] were acknowledged by the player
        self._proxies = [create_proxy(self.on_file)]
        box = by_id("import-file")
        if box is not None:
            box.addEventListener("change", self._proxies[0])

    def t(self, key, **values):
        return self.m.i18n.t(key, **values)

    # -- statistics -------------------------------------------------------------
    def load_stats(self):
        if self.stats is None:
            self.stats = self.m.storage.load_stats(tally.valid) or tally.empty()
        return self.stats

    def after_apply(self, view, record, live=True):
        """Count a finished hand or match once (see stats.tally)."""
        meta = record.get("meta") if isinstance(record, dict) else None
        match_id = meta.get("id") if isinstance(meta, dict) else None
        data = self.load_stats()
        try:
            changed = tally.tally(data, view, match_id, live)
        except Exception as exc:  # statistics never stop a game
            window.console.warn("statistics:", str(exc))
            return
        if changed:
            self.m.storage.save_stats(data)

    async def adopt_durable(self):
        """Take the IndexedDB copy of the game if it is newer than localStorage's
        (a killed browser); True if the saved game changed (see durable.py)."""
        mirror = self.m.storage.mirror
        if mirror is None:
            return False
        try:
            text = await asyncio.wait_for(mirror.get(), 5)
            stats_text = await asyncio.wait_for(mirror.get("stats"), 5)
        except Exception as exc:
            window.console.warn("IndexedDB copy not read:", str(exc))
            return False
        if stats_text and self.m.storage.adopt_stats(stats_text):
            self.stats = None
            self.load_stats()
        return bool(text) and self.m.storage.adopt(text)

    # -- actions ----------------------------------------------------------------
    def on_action(self, name, el):
        """Handle this module's buttons; False for anyone else's."""
        a = self.m.actuator
        if name == "games":
            self.open_games()
        elif name == "stats":
            self.open_stats()
        elif name == "export":
            spawn(self.export())
        elif name == "import":
            box = by_id("import-file")
            box.value = ""
            box.click()
        elif name == "confirm-import":
            a.close_dialog("dlg-confirm")
            text = self.pending_import
            self.pending_import = None
            if text is not None:
                self.m.launch(self.import_flow(text, confirmed=True))
        elif name == "reset-stats":
            a.show_confirm(
                self.t("confirm.reset_stats"), "confirm-reset-stats", self.t("btn.yes_reset")
            )
        elif name == "confirm-reset-stats":
            a.close_dialog("dlg-confirm")
            data = self.load_stats()
            data["groups"] = []  # `seen` stays: what was counted is never counted again
            self.m.storage.save_stats(data)
            self.open_stats()
        elif name == "saved-download":
            self.download_entry(self.m.storage.problems, index_of(el))
        elif name == "saved-afresh":
            self.told = len(self.m.storage.problems)
            a.close_dialog("dlg-saved")
        elif name == "unreadable-download":
            self.download_entry(self.m.storage.unreadable(), index_of(el))
        elif name == "unreadable-discard":
            self.pending_discard = index_of(el)
            a.show_confirm(self.t("confirm.discard"), "confirm-discard", self.t("btn.yes_discard"))
        elif name == "confirm-discard":
            a.close_dialog("dlg-confirm")
            if self.pending_discard is not None:
                self.m.storage.discard(self.pending_discard)
                self.pending_discard = None
            if by_id("dlg-games").open:
                self.open_games()
        else:
            return False
        return True

    # -- unreadable saved data ------------------------------------------------------
    def why(self, entry):
        reason = entry.get("reason") or "corrupt"
        return self.t("saved.why." + reason, detail=entry.get("detail") or "?")

    def what(self, entry):
        return self.t("saved.what." + (entry.get("what") or "data"))

    def show_problems(self):
        """Tell the player about saved data that could not be read during this visit."""
        problems = self.m.storage.problems
        if len(problems) <= self.told:
            return
        items = []
        for k in range(self.told, len(problems)):
            entry = problems[k]
            lead = self.t("saved.lead." + (entry.get("what") or "data"))
            extra = ""
            if entry.get("stuck"):
                extra = '<p class="note">' + esc(self.t("saved.stuck")) + "</p>"
            items.append(
                '<li data-what="'
                + esc(entry.get("what") or "data")
                + '" data-reason="'
                + esc(entry.get("reason") or "")
                + '"><p>'
                + esc(lead)
                + '</p><p class="why">'
                + esc(self.why(entry))
                + "</p>"
                + extra
                + button(
                    "saved-download",
                    self.t("btn.download_data"),
                    "btn",
                    ' data-index="' + str(k) + '"',
                )
                + "</li>"
            )
        game = any(e.get("what") == "game" for e in problems[self.told :])
        dlg = by_id("dlg-saved")
        dlg.innerHTML = (
            dialog_head("dlg-saved", self.t("saved.title"))
            + '<ul class="saved-list">'
            + "".join(items)
            + '</ul><p class="note">'
            + esc(self.t("saved.kept"))
            + '</p><div class="dialog-actions">'
            + button(
                "saved-afresh",
                self.t("btn.start_afresh") if game else self.t("btn.ok"),
                "btn primary",
            )
            + "</div>"
        )
        self.m.actuator.open_dialog("dlg-saved")
        by_id("dlg-saved").querySelector(".btn.primary").focus()

    def download_entry(self, entries, index):
        if index is None or not 0 <= index < len(entries):
            return
        entry = entries[index]
        ext = ".txt" if entry.get("reason") == "corrupt" else ".json"
        name = "scopa-unreadable-" + (entry.get("what") or "data") + "-" + file_stamp() + ext
        download(name, entry.get("text") or "", "text/plain")

    # -- export and import ------------------------------------------------------------
    async def export(self):
        """The match as the engine writes it; the saved text while the engine starts."""
        text = None
        if self.m.engine.ready and not self.m.connecting:
            reply = await self.m.call("export_record")
            if reply.get("ok"):
                text = reply.get("text")
        if text is None:
            text = self.m.storage.record_text()
        if text is None and self.m.record is not None:
            text = json.dumps(self.m.record)
        if text is None:
            self.message(self.t("games.nothing"), False)
            return
        download("scopa-" + file_stamp() + ".json", text)
        self.message(self.t("games.exported"), True)

    def on_file(self, event):
        box = event.target
        files = box.files
        if files is None or files.length == 0:
            return
        spawn(self.read_file(files.item(0)))

    async def read_file(self, file):
        try:
            text = str(await file.text())
        except Exception:
            self.message(self.t("games.unreadable_file"), False)
            return
        by_id("import-file").value = ""
        self.m.launch(self.import_flow(text))

    async def import_flow(self, text, confirmed=False):
        m = self.m
        await m.acquire()
        imported = False
        try:
            if not confirmed:
                checked = await m.call("check_import", text)
                if not checked.get("ok"):
                    self.refused(checked)
                    return
                if m.in_progress():
                    self.pending_import = text
                    m.actuator.show_confirm(
                        self.t("confirm.import"), "confirm-import", self.t("btn.yes_import")
                    )
                    return
            reply = await m.call("import_record", text)
            if not reply.get("ok"):
                self.refused(reply)
                return
            m.actuator.close_dialog("dlg-games")
            m.selection = None
            m.queued = None
            await m.apply(reply, animate=False, tally=False)
            m.actuator.toast(self.t("games.imported"), 2500)
            imported = True
        finally:
            m.busy = False
        if imported:
            await m.advance()

    def refused(self, reply):
        """The checker's sentence, with where it went wrong (counted from one)."""
        where = ""
        hand = reply.get("hand")
        move = reply.get("move")
        if isinstance(hand, int) and isinstance(move, int):
            where = " " + self.t("games.where_move", hand=hand + 1, move=move + 1)
        elif isinstance(hand, int):
            where = " " + self.t("games.where_hand", hand=hand + 1)
        said = self.m.i18n.error(reply)
        self.message(self.t("games.import_bad", error=said) + where, False)

    def message(self, text, ok):
        if not by_id("dlg-games").open:
            self.open_games()
        box = by_id("games-msg")
        box.textContent = text
        box.className = "games-msg " + ("ok" if ok else "bad")

    # -- the dialogs ---------------------------------------------------------------
    def open_games(self):
        t = self.t
        has_record = self.m.record is not None or self.m.storage.record_text() is not None
        unreadable = self.m.storage.unreadable()
        kept = ""
        if unreadable:
            items = []
            for k in range(len(unreadable)):
                entry = unreadable[k]
                index = ' data-index="' + str(k) + '"'
                items.append(
                    '<li data-what="'
                    + esc(entry.get("what") or "data")
                    + '"><p><strong>'
                    + esc(self.what(entry))
                    + "</strong> "
                    + esc(when(entry.get("at"), self.m.i18n.lang))
                    + '</p><p class="why">'
                    + esc(self.why(entry))
                    + '</p><div class="row">'
                    + button("unreadable-download", t("btn.download_data"), "btn", index)
                    + button("unreadable-discard", t("btn.discard"), "btn danger", index)
                    + "</div></li>"
                )
            kept = (
                '<section class="games-section" aria-labelledby="games-unreadable">'
                + '<h3 id="games-unreadable">'
                + esc(t("games.unreadable"))
                + '</h3><ul class="saved-list">'
                + "".join(items)
                + "</ul></section>"
            )
        export_extra = "" if has_record else " disabled"
        dlg = by_id("dlg-games")
        dlg.innerHTML = (
            dialog_head("dlg-games", t("games.title"), t("btn.close"))
            + '<section class="games-section"><p>'
            + esc(t("games.export_text"))
            + '</p><div class="row">'
            + button("export", t("btn.export"), "btn", export_extra)
            + "</div></section>"
            + '<section class="games-section"><p>'
            + esc(t("games.import_text"))
            + '</p><div class="row">'
            + button("import", t("btn.import"), "btn")
            + '</div><p id="games-msg" class="games-msg" role="alert"></p></section>'
            + '<section class="games-section"><p>'
            + esc(t("games.stats_text"))
            + '</p><div class="row">'
            + button("stats", t("btn.stats"), "btn")
            + "</div></section>"
            + kept
            + '<div class="dialog-actions">'
            + button("close", t("btn.close"), "btn primary")
            + "</div>"
        )
        self.m.actuator.open_dialog("dlg-games")

    def open_stats(self):
        t = self.t
        data = self.load_stats()
        groups = data.get("groups") or []
        parts = []
        if not groups:
            parts.append('<p class="muted" id="stats-empty">' + esc(t("stats.empty")) + "</p>")
        else:
            if len(groups) > 1:
                parts.append(self.stats_block(t("stats.all"), tally.totals(data), "all"))
            for group in groups:
                parts.append(self.stats_block(self.group_label(group), group, group_key(group)))
        reset = ""
        if groups:
            reset = button("reset-stats", t("btn.reset_stats"), "btn danger")
        dlg = by_id("dlg-stats")
        dlg.innerHTML = (
            dialog_head("dlg-stats", t("stats.title"), t("btn.close"))
            + "".join(parts)
            + '<p class="note">'
            + esc(t("stats.note"))
            + '</p><div class="dialog-actions">'
            + reset
            + button("close", t("btn.close"), "btn primary")
            + "</div>"
        )
        self.m.actuator.open_dialog("dlg-stats")

    def group_label(self, group):
        t = self.t
        level = group.get("level") or "normal"
        parts = [t("preset." + (group.get("preset") or "scopa"))]
        for v in group.get("variants") or []:
            parts.append(t(("capture." if v in CAPTURE_VARIANTS else "variant.") + v))
        parts.append(t("score.target", n=group.get("target", 11)))
        parts.append(t("level." + level))
        return " · ".join(parts)

    def stats_block(self, title, group, key):
        t = self.t
        avg = tally.average_points(group)
        cells = [
            ("matches_won", t("stats.matches_won"), group.get("matches_won", 0)),
            ("matches_lost", t("stats.matches_lost"), group.get("matches_lost", 0)),
            ("hands_won", t("stats.hands_won"), group.get("hands_won", 0)),
            ("hands_drawn", t("stats.hands_drawn"), group.get("hands_drawn", 0)),
            ("hands_lost", t("stats.hands_lost"), group.get("hands_lost", 0)),
            ("scope", t("stats.scope"), group.get("scope", 0)),
            ("average", t("stats.average"), "–" if avg is None else str(avg)),
        ]
        items = "".join(
            "<div><dt>"
            + esc(label)
            + '</dt><dd data-stat="'
            + name
            + '">'
            + esc(value)
            + "</dd></div>"
            for name, label, value in cells
        )
        return (
            '<section class="stats-group" data-group="'
            + esc(key)
            + '"><h3>'
            + esc(title)
            + '</h3><dl class="stats-grid">'
            + items
            + "</dl></section>"
        )


def group_key(group):
    return "|".join(
        [
            str(group.get("level")),
            str(group.get("preset")),
            ",".join(group.get("variants") or []),
            str(group.get("target")),
        ]
    )


def index_of(el):
    try:
        return int(el.dataset.index)
    except Exception:
        return None


def when(at, lang):
    if not at:
        return ""
    try:
        return str(window.Date.new(at).toLocaleString("it-IT" if lang == "it" else "en-GB"))
    except Exception:
        return str(at)
