"""Saving on the device, record import and statistics: the page's pure modules
(storage.py, stats.py, MicroPython in the browser) and the worker's import
functions, run here in CPython."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import i18n
import pytest
import saved_words
import stats
import storage

from scopa_core.record import check_record_text
from scopa_core.table.session import Session
from tests.test_web_session import engine_worker, play_out

ROOT = Path(__file__).resolve().parent.parent


class FakeLocalStorage:
    def __init__(self, room: int = 10**9) -> None:
        self.data: dict[str, str] = {}
        self.room = room

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        others = sum(len(v) for k, v in self.data.items() if k != key)
        if others + len(value) > self.room:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def new_match(settings: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(engine_worker.new_match(json.dumps(settings)))
    assert reply["ok"], reply
    return reply


def saved(backend: FakeLocalStorage, settings: dict[str, Any]) -> storage.Storage:
    store = storage.Storage(backend, lambda: "2026-11-30T12:00:00Z")
    reply = new_match(settings)
    assert store.save_game(reply["view"], reply["record"])
    return store


# --- unreadable saved data is kept aside, never deleted silently --------------


def test_a_corrupt_record_is_kept_aside_with_its_exact_text() -> None:
    backend = FakeLocalStorage()
    store = saved(backend, {"seed": 1})
    broken = backend.data[storage.RECORD][:-7] + "\u00e8 oops"
    backend.data[storage.RECORD] = broken
    assert store.load_game() == (None, None)
    assert storage.RECORD not in backend.data and storage.VIEW not in backend.data
    [entry] = store.problems
    assert entry["what"] == "game" and entry["reason"] == "corrupt"
    assert entry["text"] == broken and entry["at"] == "2026-11-30T12:00:00Z"
    # a later visit still has it, until the player discards it
    again = storage.Storage(backend)
    assert again.load_game() == (None, None) and again.problems == []
    assert [e["text"] for e in again.unreadable()] == [broken]
    assert again.discard(0)
    assert again.unreadable() == [] and storage.UNREADABLE not in backend.data


def test_a_record_of_another_format_version_is_kept_aside() -> None:
    backend = FakeLocalStorage()
    store = storage.Storage(backend)
    backend.data[storage.RECORD] = '{"format": "scopa-record/2", "hands": []}'
    assert store.load_game() == (None, None)
    assert store.problems[0]["reason"] == "version"
    assert store.problems[0]["detail"] == "scopa-record/2"


def test_a_record_the_engine_refuses_is_kept_aside_by_the_page() -> None:
    backend = FakeLocalStorage()
    store = saved(backend, {"seed": 2})
    _, record = store.load_game()
    record["hands"][0]["deck"] = record["hands"][0]["deck"][:39]
    backend.data[storage.RECORD] = json.dumps(record)
    _, loaded = store.load_game()
    assert loaded == record  # readable JSON: only the engine can tell
    reply = json.loads(engine_worker.restore(json.dumps(loaded)))
    assert not reply["ok"] and "39 cards" in reply["error"]
    entry = store.quarantine(storage.RECORD, "engine", reply["error"])
    assert entry is not None and entry["detail"] == reply["error"]
    assert storage.RECORD not in backend.data
    assert json.loads(store.unreadable()[0]["text"]) == record


def test_several_unreadable_entries_and_a_damaged_list_are_all_kept() -> None:
    backend = FakeLocalStorage()
    backend.data[storage.UNREADABLE] = "[{broken list"
    backend.data[storage.RECORD] = "not json"
    backend.data[storage.STATS] = '{"version": 1, "groups": "no"}'
    backend.data[storage.PREFS] = "[1, 2"
    store = storage.Storage(backend)
    assert store.load_prefs() == {}
    assert store.load_game() == (None, None)
    assert store.load_stats(stats.valid) is None
    texts = [e["text"] for e in store.unreadable()]
    assert texts == ["[{broken list", "[1, 2", "not json", '{"version": 1, "groups": "no"}']
    assert [e["what"] for e in store.problems] == ["prefs", "game", "stats"]


def test_without_room_to_move_it_the_data_stays_and_is_never_overwritten() -> None:
    backend = FakeLocalStorage(room=200)
    backend.data[storage.RECORD] = "x" * 150
    store = storage.Storage(backend)
    assert store.load_game() == (None, None)
    assert backend.data[storage.RECORD] == "x" * 150
    assert store.problems[0]["stuck"] is True
    assert store.unreadable()[0]["text"] == "x" * 150
    assert not store.save_game({"version": 1}, {"format": "scopa-record/1"})
    store.clear_game()
    assert backend.data[storage.RECORD] == "x" * 150
    assert store.discard(0)  # the player's explicit choice
    assert storage.RECORD not in backend.data
    assert store.save_game(None, {"format": "scopa-record/1"})


# --- why it could not be read: codes the page words in its language -----------------

ITALIAN = i18n.I18n("it")
ENGLISH = i18n.I18n("en")
#: words of storage.py's English details (and of the JSON readers' messages)
ENGLISH_WORDS = re.compile(r"\b(not|syntax|error|statistics|damaged|format|list|object)\b")

#: damaged data under each key -> (reason, code, params) storage.py gives it
DAMAGED = [
    (
        storage.RECORD,
        '{"format": "scopa-record/1", "hands": [' + "\0" * 16,
        "corrupt",
        "not_json",
        {},
    ),
    (storage.RECORD, "[1, 2]", "corrupt", "not_object", {}),
    (storage.RECORD, '{"hands": []}', "corrupt", "no_format", {"format": "scopa-record/1"}),
    (
        storage.RECORD,
        '{"format": "scopa-record/2"}',
        "version",
        "record_version",
        {"format": "scopa-record/2"},
    ),
    (storage.STATS, "{version: 1", "corrupt", "not_json", {}),
    (storage.STATS, '{"version": 2}', "version", "stats_version", {"version": 2}),
    (storage.STATS, '{"version": 1, "groups": "no"}', "corrupt", "not_stats", {}),
    (storage.PREFS, "[1, 2", "corrupt", "not_json", {}),
    (storage.PREFS, '"it"', "corrupt", "not_object", {}),
    (storage.UNREADABLE, "[{broken list", "corrupt", "damaged_list", {}),
]


def set_aside(key: str, text: str) -> dict[str, Any]:
    """What storage.py keeps of `text` found under `key` (the entry)."""
    backend = FakeLocalStorage()
    backend.data[key] = text
    store = storage.Storage(backend)
    store.load_prefs()
    store.load_game()
    store.load_stats(stats.valid)
    [entry] = store.unreadable()
    assert entry["text"] == text
    return entry


@pytest.mark.parametrize(("key", "text", "reason", "code", "params"), DAMAGED)
def test_damaged_data_gets_a_code_and_english_detail(
    key: str, text: str, reason: str, code: str, params: dict[str, Any]
) -> None:
    entry = set_aside(key, text)
    assert entry["reason"] == reason
    assert entry["problem"] == {"code": "storage." + code, "params": params}
    if code == "not_json":  # with the JSON reader's own message
        assert entry["detail"].startswith("not JSON (") and entry["detail"].endswith(")")
    else:
        assert entry["detail"] == storage.CODES[code].format(**params)
    json.dumps(entry)  # stored as JSON


@pytest.mark.parametrize(("key", "text", "reason", "code", "params"), DAMAGED)
def test_the_italian_page_says_why_in_italian_only(
    key: str, text: str, reason: str, code: str, params: dict[str, Any]
) -> None:
    entry = set_aside(key, text)
    said = saved_words.why(ITALIAN, entry)
    words = ITALIAN.t("saved.detail." + code, **{k: str(v) for k, v in params.items()})
    assert said == ITALIAN.t("saved.why." + reason, detail=words)
    assert entry["detail"] not in said or entry["detail"] in words  # the English is not shown
    assert not ENGLISH_WORDS.search(said), said
    assert "{" not in said and "?" not in said
    assert saved_words.why(ENGLISH, entry) == ENGLISH.t(
        "saved.why." + reason, detail=ENGLISH.t("saved.detail." + code, **params)
    )


@pytest.mark.parametrize(("key", "text", "reason", "code", "params"), DAMAGED)
def test_entries_saved_before_codes_read_the_same(
    key: str, text: str, reason: str, code: str, params: dict[str, Any]
) -> None:
    """An entry stored by an earlier version: an English `detail`, no `problem`."""
    entry = set_aside(key, text)
    old = {k: v for k, v in entry.items() if k != "problem"}
    if code == "not_json":
        old["detail"] = "not JSON (syntax error in JSON)"  # what MicroPython said
    for page in (ITALIAN, ENGLISH):
        assert saved_words.why(page, old) == saved_words.why(page, entry)


def test_an_engine_refusal_is_worded_from_its_code_and_old_ones_as_stored() -> None:
    store = saved(FakeLocalStorage(), {"seed": 3})
    _, record = store.load_game()
    record["hands"][0]["deck"] = record["hands"][0]["deck"][:39]
    store.backend.data[storage.RECORD] = json.dumps(record)
    reply = json.loads(engine_worker.restore(json.dumps(record)))
    entry = store.quarantine(storage.RECORD, "engine", reply["error"], reply["problem"])
    assert entry is not None and entry["detail"] == reply["error"]
    said = saved_words.why(ITALIAN, entry)
    assert said == "Il motore delle regole li ha rifiutati: " + ITALIAN.error(reply)
    assert "39 carte" in said and "cards" not in said
    assert saved_words.why(ENGLISH, entry) == "The rules engine refused it: " + reply["error"]
    # no code known (an unexpected error): plainly, in the page's language
    odd = dict(entry, detail="KeyError: 'hands'", problem=None)
    assert saved_words.why(ITALIAN, odd) == ITALIAN.t("saved.why_plain.engine")
    assert saved_words.why(ENGLISH, odd) == "The rules engine refused it: KeyError: 'hands'"
    # stored by an earlier version: the sentence as it was said then
    old = {k: v for k, v in entry.items() if k != "problem"}
    old["detail"] = "la partita salvata non è valida: il mazzo ha 39 carte, non 40"
    assert saved_words.why(ITALIAN, old).endswith(old["detail"])


def test_an_entry_without_a_reason_or_detail_still_reads() -> None:
    for page in (ITALIAN, ENGLISH):
        assert saved_words.why(page, {"text": "x"}) == page.t("saved.why_plain.corrupt")
        assert "?" not in saved_words.why(page, {"reason": "version", "detail": ""})


def test_every_code_and_reason_has_words_in_both_languages() -> None:
    for lang in i18n.LANGS:
        text = i18n.catalogue(lang)["text"]
        for code in storage.CODES:
            assert "saved.detail." + code in text, (lang, code)
        for reason in saved_words.REASONS:
            assert "saved.why." + reason in text and "saved.why_plain." + reason in text


# --- import: the engine's checker decides ---------------------------------------------


def test_import_refuses_a_bad_file_with_the_checkers_sentence_and_changes_nothing() -> None:
    before = new_match({"seed": 5})
    record = json.loads(json.dumps(before["record"]))
    record["hands"][0]["moves"] = [{"card": "ZZ", "take": []}]
    text = json.dumps(record)
    expected = check_record_text(text)
    assert expected["ok"] is False
    for fn in (engine_worker.check_import, engine_worker.import_record):
        reply = json.loads(fn(text))
        assert reply["ok"] is False
        assert reply["error"] == expected["error"]
        assert (reply["hand"], reply["move"]) == (expected["hand"], expected["move"])
    now = json.loads(engine_worker.view())
    assert now["view"]["key"] == before["view"]["key"]
    assert now["record"] == before["record"]
    for garbage in ("", "{", "\ufeff[]", "null", '{"format": "scopa-record/1"}'):
        reply = json.loads(engine_worker.import_record(garbage))
        assert reply["ok"] is False and reply["error"] == check_record_text(garbage)["error"]


def test_an_exported_record_imports_to_the_same_table_and_id() -> None:
    first = new_match({"seed": 8, "level": "easy"})
    session = engine_worker._api.session
    assert session is not None
    for _ in range(3):
        if session.table_view()["to_move_kind"] == "computer":
            session.step()
    exported = json.loads(engine_worker.export_record())["text"]
    assert json.loads(exported) == session.to_record()
    assert exported.startswith('{\n "format": "scopa-record/1"')
    view = session.table_view()
    checked = json.loads(engine_worker.check_import(exported))
    assert checked["ok"] and checked["check"]["ok"] and not checked["check"]["complete"]
    new_match({"seed": 9})
    reply = json.loads(engine_worker.import_record(exported))
    assert reply["ok"]
    assert reply["view"] == view
    assert reply["record"]["meta"]["id"] == json.loads(exported)["meta"]["id"]
    assert reply["record"]["meta"]["id"] == first["record"]["meta"]["id"]


def test_a_foreign_finished_record_imports_as_its_final_count() -> None:
    session = Session.new({"seed": 4, "target": 1})
    play_out(session, random.Random(4))
    record = session.to_record()
    del record["meta"]
    reply = json.loads(engine_worker.import_record(json.dumps(record, indent=2)))
    assert reply["ok"]
    view = reply["view"]
    assert view["phase"] == "match-over" and view["count"] and view["result"]
    assert view["totals"] == session.match.totals
    assert reply["record"]["meta"]["id"]  # a new id: not the match of any other record


def test_each_new_match_has_its_own_id_and_a_restore_keeps_it() -> None:
    a = new_match({"seed": 1})["record"]["meta"]["id"]
    b = new_match({"seed": 1})["record"]["meta"]["id"]
    assert a != b
    record = new_match({"seed": 1})["record"]
    again = json.loads(engine_worker.restore(json.dumps(record)))
    assert again["record"]["meta"]["id"] == record["meta"]["id"]


# --- statistics ------------------------------------------------------------------------


def play_and_tally(seed: int, settings: dict[str, Any], data: dict[str, Any]) -> Session:
    """A whole match; the page's tally after every action, as apply() does."""
    session = Session.new({"seed": seed, **settings})
    rng = random.Random(seed)
    match_id = session.match_id
    stats.tally(data, session.table_view(), match_id, live=False)
    from tests.test_web_session import choose

    for _ in range(5000):
        if session.phase == "match-over":
            break
        if session.phase == "hand-over":
            session.next_hand()
        else:
            view = session.table_view()
            if view["to_move_kind"] == "person":
                session.play(choose(view, rng))
            else:
                session.step()
        stats.tally(data, session.table_view(), match_id)
    assert session.phase == "match-over"
    return session


def test_a_match_counts_once_with_its_hands_scope_and_points() -> None:
    data = stats.empty()
    session = play_and_tally(11, {"level": "easy", "target": 11}, data)
    [group] = data["groups"]
    records = session.match.records
    mine = [r.score.points[0] for r in records if r.score]
    theirs = [r.score.points[1] for r in records if r.score]
    assert group["hands_won"] == sum(a > b for a, b in zip(mine, theirs, strict=True))
    assert group["hands_lost"] == sum(a < b for a, b in zip(mine, theirs, strict=True))
    assert group["hands_drawn"] == sum(a == b for a, b in zip(mine, theirs, strict=True))
    assert group["points"] == sum(mine) == session.match.totals[0]
    assert group["scope"] == sum(r.score.scope[0] for r in records if r.score)
    won = session.match.winner == 0
    assert (group["matches_won"], group["matches_lost"]) == ((1, 0) if won else (0, 1))
    assert (group["level"], group["preset"], group["target"]) == ("easy", "scopa", 11)
    assert stats.average_points(group) == round(sum(mine) * 10 / len(mine)) / 10
    # a reload (restore) and more tallies of the same views change nothing
    before = json.dumps(data)
    view = session.table_view()
    assert not stats.tally(data, view, session.match_id, live=False)
    assert not stats.tally(data, view, session.match_id)
    assert json.dumps(data) == before
    assert stats.valid(json.loads(before))


def test_restored_and_imported_matches_only_count_what_is_played_here() -> None:
    data = stats.empty()
    session = Session.new({"seed": 12, "target": 1})
    play_out(session, random.Random(12))
    view = session.table_view()
    stats.tally(data, view, session.match_id, live=False)  # imported, already over
    assert data["groups"] == []
    stats.tally(data, view, session.match_id)
    assert data["groups"] == []


def test_hot_seat_matches_are_not_counted() -> None:
    data = stats.empty()
    session = Session.new({"seed": 13, "target": 1, "seats": [{"kind": "person"}] * 2})
    play_out(session, random.Random(13))
    stats.tally(data, session.table_view(), session.match_id)
    assert data["groups"] == []


def test_statistics_of_another_version_are_not_read_but_kept() -> None:
    assert not stats.valid({"version": 2, "groups": [], "seen": []})
    backend = FakeLocalStorage()
    backend.data[storage.STATS] = '{"version": 2}'
    store = storage.Storage(backend)
    assert store.load_stats(stats.valid) is None
    assert store.problems[0]["reason"] == "version"
    assert store.unreadable()[0]["text"] == '{"version": 2}'


# --- the IndexedDB copy (durable.py) that outlives a killed browser ----------------------


class FakeMirror:
    def __init__(self) -> None:
        self.text: str | None = None
        self.stats: str | None = None

    def put(self, text: str, key: str = "game") -> None:
        if key == "stats":
            self.stats = text
        else:
            self.text = text


def test_every_save_is_numbered_and_copied_to_the_mirror() -> None:
    backend, mirror = FakeLocalStorage(), FakeMirror()
    store = storage.Storage(backend, None, mirror)
    first = new_match({"seed": 14})
    assert store.save_game(first["view"], first["record"])
    assert store.seq == 1 and backend.data[storage.SAVED] == "1"
    assert mirror.text is not None
    copy = json.loads(mirror.text)
    assert copy["seq"] == 1
    assert copy["record"] == backend.data[storage.RECORD]
    assert copy["view"] == backend.data[storage.VIEW]
    # a later visit counts on from the saved number
    assert storage.Storage(backend).seq == 1


def one_move(view: dict[str, Any]) -> dict[str, Any]:
    """The worker's reply to the next move (the computer's, or the person's first)."""
    if view["to_move_kind"] == "computer":
        reply: dict[str, Any] = json.loads(engine_worker.step())
        return reply
    card = view["hand"][0]
    move = {"card": card, "take": view["moves"][card]["moves"][0]["take"]}
    reply = json.loads(engine_worker.play(json.dumps(move)))
    return reply


def test_a_newer_copy_replaces_what_localstorage_lost() -> None:
    backend, mirror = FakeLocalStorage(), FakeMirror()
    store = storage.Storage(backend, None, mirror)
    old = new_match({"seed": 15})
    store.save_game(old["view"], old["record"])
    on_disk = dict(backend.data)  # what the browser had written when it was killed
    newer = one_move(old["view"])
    store.save_game(newer["view"], newer["record"])
    assert mirror.text is not None
    backend.data = on_disk
    again = storage.Storage(backend)
    assert again.load_game() == (old["view"], old["record"])
    assert again.adopt(mirror.text)
    assert again.load_game() == (newer["view"], newer["record"])
    assert again.seq == 2
    assert not again.adopt(mirror.text)  # not newer any more
    # an older or equal copy never replaces the saved game
    assert not storage.Storage(backend).adopt(json.dumps({"seq": 1, "record": "{}"}))
    assert not again.adopt("not json")


def test_a_cleared_game_in_the_mirror_clears_an_older_saved_one() -> None:
    backend, mirror = FakeLocalStorage(), FakeMirror()
    store = storage.Storage(backend, None, mirror)
    reply = new_match({"seed": 16})
    store.save_game(reply["view"], reply["record"])
    on_disk = dict(backend.data)
    store.clear_game()  # a link with new settings, then the browser was killed
    assert mirror.text is not None
    backend.data = on_disk
    again = storage.Storage(backend)
    assert again.adopt(mirror.text)
    assert again.load_game() == (None, None)


def test_statistics_are_numbered_copied_and_a_newer_copy_is_taken() -> None:
    backend, mirror = FakeLocalStorage(), FakeMirror()
    store = storage.Storage(backend, None, mirror)
    data = stats.empty()
    store.save_stats(data)
    on_disk = dict(backend.data)
    data["groups"].append({"level": "easy", "preset": "scopa", "variants": [], "target": 11})
    store.save_stats(data)
    assert json.loads(backend.data[storage.STATS])["saved"] == 2
    assert mirror.stats == backend.data[storage.STATS]
    backend.data = on_disk
    again = storage.Storage(backend)
    assert again.adopt_stats(mirror.stats)
    loaded = again.load_stats(stats.valid)
    assert loaded is not None and loaded["saved"] == 2 and len(loaded["groups"]) == 1
    assert not again.adopt_stats(mirror.stats)  # not newer
    backend.data[storage.STATS] = "{damaged"
    assert not again.adopt_stats(mirror.stats)  # kept for the player to see
    assert backend.data[storage.STATS] == "{damaged"


# --- two tabs share the device: numbered saves (the page's tabs.py judges with them) ------


class LoggedLocalStorage(FakeLocalStorage):
    def __init__(self) -> None:
        super().__init__()
        self.written: list[str] = []

    def setItem(self, key: str, value: str) -> None:
        super().setItem(key, value)
        self.written.append(key)


def test_a_page_never_saves_over_a_newer_save_of_another_tab() -> None:
    backend = LoggedLocalStorage()
    tab_a, tab_b = storage.Storage(backend), storage.Storage(backend)
    first = new_match({"seed": 31})
    assert tab_a.save_game(first["view"], first["record"])
    assert backend.written[-1] == storage.SAVED  # the number last: other tabs watch it
    assert tab_b.others_saved() and not tab_a.others_saved()
    later = one_move(first["view"])
    assert tab_a.save_game(later["view"], later["record"])
    saved_by_a = dict(backend.data)
    # B still holds the first table: its move on it is refused, nothing is written
    stale = json.loads(engine_worker.restore(json.dumps(first["record"])))
    assert not tab_b.save_game(stale["view"], stale["record"])
    assert backend.data == saved_by_a
    # B catches up (it takes A's number), then its saves count on from A's
    tab_b.seq = tab_b.saved_number()
    assert tab_b.seq == 2 and not tab_b.others_saved()
    caught_up = json.loads(engine_worker.restore(backend.data[storage.RECORD]))
    on = one_move(caught_up["view"])
    assert tab_b.save_game(on["view"], on["record"])
    assert tab_b.seq == 3 and tab_a.others_saved()
    assert storage.Storage(backend).load_game() == (on["view"], on["record"])


def test_a_save_is_numbered_after_whatever_any_tab_saved() -> None:
    backend, mirror = FakeLocalStorage(), FakeMirror()
    tab_a, tab_b = storage.Storage(backend, None, mirror), storage.Storage(backend)
    reply = new_match({"seed": 32})
    tab_a.save_game(reply["view"], reply["record"])
    entry = tab_b.next_save(reply["view"], reply["record"])
    assert entry is not None and entry["seq"] == 1  # B's own count: tabs.py checks it first
    tab_b.clear_game()  # a link asking for a fresh match, opened in B
    assert backend.data[storage.SAVED] == "2" and storage.RECORD not in backend.data
    # the mirror's copy of A's save is older than what localStorage holds: not taken
    assert mirror.text is not None and not tab_a.adopt(mirror.text)
    assert storage.RECORD not in backend.data


def test_saves_that_are_not_saves_are_never_taken() -> None:
    for text in (None, "", "x", "[]", "{}", '{"seq": true}', '{"seq": 0}', '{"seq": "3"}'):
        assert storage.parse_save(text) is None, text
        assert not storage.Storage(FakeLocalStorage()).adopt(text or "")
    assert storage.parse_save('{"seq": 4, "record": "", "view": 7}') == {
        "seq": 4,
        "record": None,
        "view": None,
    }
    for text, seq in ((None, 0), ("", 0), ("junk", 0), ("-3", 0), ("true", 0), ("12", 12)):
        assert storage.seq_of(text) == seq, text
