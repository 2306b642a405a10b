"""Finished matches kept in "Your games": the page's pure modules (finished.py over
storage.py, MicroPython in the browser) run here in CPython on real matches."""

from __future__ import annotations

import json
from typing import Any

import finished
import i18n
import storage

from scopa_core.record import check_record_text
from scopa_core.table.session import Session
from tests.test_web_saves import FakeLocalStorage

EN = i18n.I18n("en", "french")
IT = i18n.I18n("it", "neapolitan")
AT = "2026-12-04T20:00:00Z"
TWO_FRIENDS = [{"kind": "person", "name": "Anna"}, {"kind": "person", "name": "Bea"}]


def resigned_match(seed: int, seats: list[dict[str, Any]] | None = None) -> Session:
    """A real match, over at once: the first seat resigns."""
    settings: dict[str, Any] = {"seed": seed}
    if seats is not None:
        settings["seats"] = seats
    session = Session.new(settings)
    session.resign()
    assert session.phase == "match-over"
    return session


def entry_of(session: Session) -> dict[str, Any]:
    entry = finished.make_entry(session.to_record(), session.table_view(), AT)
    assert entry is not None
    return entry


def store() -> tuple[FakeLocalStorage, storage.Storage, finished.Finished]:
    backend = FakeLocalStorage()
    kept = storage.Storage(backend, lambda: AT)
    return backend, kept, finished.Finished(kept)


# --- the entry: the worker's record, unaltered --------------------------------------


def test_an_entry_holds_the_record_unaltered_and_it_passes_the_checker() -> None:
    session = resigned_match(1)
    record = session.to_record()
    entry = entry_of(session)
    assert entry["id"] == record["meta"]["id"] and entry["at"] == AT
    assert json.loads(entry["text"]) == record
    assert check_record_text(entry["text"])["ok"]
    assert entry["summary"]["result"] == session.table_view()["result"]


def test_not_a_record_makes_no_entry_and_a_view_of_another_position_no_summary() -> None:
    assert finished.make_entry({"format": "other"}, None, AT) is None
    assert finished.make_entry("text", None, AT) is None
    session = Session.new({"seed": 2})
    early_view = session.table_view()  # the first table, not this record's end
    session.resign()
    entry = finished.make_entry(session.to_record(), early_view, AT)
    assert entry is not None and entry["summary"] is None


# --- the list: bounded, newest first, once per match --------------------------------


def test_the_list_keeps_the_last_twenty_newest_first() -> None:
    backend, _, kept = store()
    ids = []
    for seed in range(finished.LIMIT + 3):
        entry = entry_of(resigned_match(100 + seed))
        ids.append(entry["id"])
        assert kept.keep(entry)
    entries = kept.entries()
    assert len(entries) == finished.LIMIT == 20
    assert [e["id"] for e in entries] == list(reversed(ids))[: finished.LIMIT]
    assert ids[0] not in backend.data[storage.FINISHED]  # the oldest three dropped


def test_the_same_match_is_kept_once() -> None:
    _, _, kept = store()
    session = resigned_match(7)
    assert kept.keep(entry_of(session))
    assert kept.keep(entry_of(session))
    assert len(kept.entries()) == 1


def test_a_full_storage_keeps_nothing_and_loses_nothing() -> None:
    backend, saves, kept = store()
    playing = Session.new({"seed": 8})
    assert saves.save_game(playing.table_view(), playing.to_record())
    record_text = backend.data[storage.RECORD]
    first = entry_of(resigned_match(9))
    assert kept.keep(first)
    backend.room = sum(len(v) for v in backend.data.values())  # not a byte more
    assert not kept.keep(entry_of(resigned_match(10)))
    assert [e["id"] for e in kept.entries()] == [first["id"]]
    assert backend.data[storage.RECORD] == record_text


# --- a damaged list is kept aside, the match in progress untouched -------------------


def damaged_lists() -> list[str]:
    good = json.dumps([entry_of(resigned_match(11))])
    return [
        good[: len(good) // 2],  # cut short: not JSON
        json.dumps({"text": "a dict, not a list"}),
        json.dumps([{"id": "x", "at": AT}]),  # an entry without its record
        json.dumps([{"text": "{}", "summary": "not an object"}]),
    ]


def test_a_damaged_list_is_kept_aside_with_its_exact_text_and_reported() -> None:
    for text in damaged_lists():
        backend, saves, kept = store()
        playing = Session.new({"seed": 12})
        assert saves.save_game(playing.table_view(), playing.to_record())
        record_text = backend.data[storage.RECORD]
        backend.data[storage.FINISHED] = text
        assert kept.entries() == []
        assert storage.FINISHED not in backend.data
        [problem] = saves.problems
        assert problem["what"] == "finished" and problem["reason"] == "corrupt"
        assert problem["text"] == text and problem["at"] == AT
        assert [e["text"] for e in saves.unreadable()] == [text]
        assert backend.data[storage.RECORD] == record_text  # the match in progress
        entry = entry_of(resigned_match(13))
        assert kept.keep(entry)  # the list starts afresh
        assert [e["id"] for e in kept.entries()] == [entry["id"]]


def test_every_kind_of_saved_data_is_named_in_both_languages() -> None:
    for what in storage.WHAT.values():
        for lang in (EN, IT):
            for key in ("saved.what." + what, "saved.lead." + what):
                assert lang.t(key) != key, (lang.lang, key)


def test_a_damaged_list_without_room_to_move_it_is_never_overwritten() -> None:
    backend, saves, kept = store()
    text = "[not json"
    backend.data[storage.FINISHED] = text
    backend.room = len(text)  # no room for the unreadable list
    assert kept.entries() == []
    assert not kept.keep(entry_of(resigned_match(14)))
    assert backend.data[storage.FINISHED] == text
    [entry] = saves.unreadable()
    assert entry["stuck"] and entry["text"] == text
    assert saves.discard(0) and storage.FINISHED not in backend.data


# --- the words of an entry, in both languages ---------------------------------------


def test_an_entry_says_who_played_and_the_result_as_the_result_screen() -> None:
    entry = entry_of(resigned_match(15))  # you against the computer: you resigned
    assert finished.players_words(entry, EN) == "You vs Computer"
    assert finished.players_words(entry, IT) == "Tu contro Computer"
    assert finished.result_words(entry, EN) == (
        "You lose the match. Final score 0 \u2013 0. You resigned."
    )
    assert finished.result_words(entry, IT) == (
        "Hai perso la partita. Punteggio finale 0 \u2013 0. Hai abbandonato."
    )


def test_friends_by_name_and_without_a_summary_the_records_seat_names() -> None:
    session = resigned_match(16, TWO_FRIENDS)
    entry = entry_of(session)
    assert finished.players_words(entry, EN) == "Anna vs Bea"
    assert finished.players_words(entry, IT) == "Anna contro Bea"
    assert finished.result_words(entry, EN) == (
        "Bea wins the match! Final score 0 \u2013 0. Anna resigned."
    )
    bare = dict(entry, summary=None)
    assert finished.players_words(bare, EN) == "Anna vs Bea"
    assert finished.result_words(bare, EN) == ""


def test_the_download_is_named_after_the_match() -> None:
    entry = entry_of(resigned_match(17))
    assert finished.file_name(entry, 0) == "scopa-finished-" + entry["id"] + ".json"
    assert finished.file_name(dict(entry, id="../x y"), 0) == "scopa-finished----x-y.json"
    assert finished.file_name(dict(entry, id=None), 4) == "scopa-finished-5.json"


def test_this_devices_player_comes_first_whatever_the_seat() -> None:
    seats = [{"kind": "computer", "level": "easy"}, {"kind": "person", "name": "Anna"}]
    entry = entry_of(resigned_match(18, seats))
    assert entry["summary"]["seats"][1]["kind"] == "person"
    assert finished.players_words(entry, EN) == "Anna vs Computer"
    assert finished.players_words(entry, IT) == "Anna contro Computer"
