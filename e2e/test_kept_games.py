"""Finished matches kept in "Your games" (issue 32), in the real built site: after
a rematch with a friend on another device (two Chromium contexts paired by the
page's own codes over a real data channel; test_remote.py's helpers), with the
host kept and with the host swapped, each device lists the finished match, its
Export downloads exactly what is kept, the same record as the device held at
the end, and the new match is the current one; against the computer, a
finished match replaced by a new one is kept and reviewed the same way; a
damaged list is moved aside, downloadable byte for byte, and play goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS, NetworkGuard, call_engine
from game_helpers import (
    ENGINE_TABLE,
    NewContext,
    first_move,
    open_game,
    saved_view,
    shot,
    tap_move,
    to_my_turn,
)
from playwright.sync_api import Page, expect
from test_remote import exported, link_view
from test_remote_end import OVER, ended_by_resignation, first_table_on_both, rematch_says, resign

from scopa_core.record import check_record_text

FINISHED = "scopa.v1.finished"
RECORD = "scopa.v1.record"
GET = "(k) => localStorage.getItem(k)"
ITEMS = '#dlg-games [data-list="finished"] li'


def stored(page: Page, key: str) -> str | None:
    text: str | None = page.evaluate(GET, key)
    return text


def kept_entries(page: Page) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(stored(page, FINISHED) or "[]")
    return entries


def open_games(page: Page) -> None:
    while page.locator("dialog[open]").count():  # the result screen, a toast's dialog
        page.keyboard.press("Escape")
    page.locator('.tools [data-action="games"]').click()
    expect(page.locator("#dlg-games")).to_be_visible()


def kept_download(page: Page, index: int = 0) -> bytes:
    """A kept match as its Export button downloads it."""
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="kept-export"]').nth(index).click()
    return Path(download.value.path()).read_bytes()


def check_kept(page: Page, record: dict[str, Any], result: str) -> None:
    """The device lists one finished match, `record`, and exports it as kept."""
    [entry] = kept_entries(page)
    assert entry["id"] == record["meta"]["id"]
    open_games(page)
    item = page.locator(ITEMS)
    expect(item).to_have_count(1)
    expect(item).to_contain_text(result)
    expect(item).to_contain_text("resigned")
    data = kept_download(page)
    assert data == entry["text"].encode("utf-8")  # byte for byte as kept
    assert json.loads(data) == record  # the record the device held at the end
    assert check_record_text(data.decode("utf-8"))["ok"]


@pytest.mark.parametrize("swap", [False, True], ids=["host-kept", "host-swapped"])
def test_after_a_rematch_each_device_keeps_the_finished_match(
    new_context: NewContext, network_guard: NetworkGuard, swap: bool
) -> None:
    host, guest = ended_by_resignation(new_context, network_guard)  # the guest resigned
    old = link_view(host)["link"]["match"]
    ended = {
        name: json.loads(call_engine(page, "link_export")["text"])
        for name, page in (("host", host), ("guest", guest))
    }
    assert ended["host"]["meta"]["id"] == ended["guest"]["meta"]["id"] == old
    for page in (host, guest):
        assert kept_entries(page) == []  # nothing kept while the match is on the table
    asker, other = (guest, host) if swap else (host, guest)
    rematch_says(asker, "ask")
    asker.locator(f'#rematch [data-action="{"rematch-swap" if swap else "rematch"}"]').click()
    rematch_says(other, "asked")
    other.locator('#rematch [data-action="rematch-yes"]').click()
    new_host, new_guest = (guest, host) if swap else (host, guest)
    first_table_on_both(new_host, new_guest, old)
    assert link_view(new_host)["role"] == "host" and link_view(new_guest)["role"] == "guest"
    check_kept(host, ended["host"], "You win the match!")
    check_kept(guest, ended["guest"], "You lose the match.")
    shot(guest, "kept-after-rematch-" + ("swapped" if swap else "kept"))
    for page in (host, guest):  # the new match is the current one, Export gives it
        current = exported(page)
        assert current["meta"]["id"] == link_view(page)["link"]["match"] != old
        assert len(kept_entries(page)) == 1
    if not swap:  # the guest's own record of it reviewed like the match played here
        open_games(guest)
        guest.locator('#dlg-games [data-action="kept-review"]').click()
        source = guest.locator("#dlg-review .rv-source")
        expect(source).to_have_text("Finished match: You vs Friend")
        expect(guest.locator('#review-status[data-state="done"]')).to_be_visible(timeout=120_000)


def finished_against_the_computer(page: Page) -> str:
    """Play a card and resign the match on the page: its saved record's text, the
    match over (a match with no card played is not in progress: no resigning)."""
    while page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    to_my_turn(page)
    tap_move(page, *first_move(saved_view(page)))
    resign(page)
    page.wait_for_function(OVER, timeout=30_000)
    text = stored(page, RECORD)
    assert text is not None
    return text


def start_new_match(page: Page, old_id: str) -> None:
    while page.locator("dialog[open]").count():
        page.keyboard.press("Escape")
    page.locator('.tools [data-action="new"]').click()
    page.locator('#dlg-settings [data-action="start"]').click()
    page.wait_for_function(
        "(old) => { const r = JSON.parse(localStorage.getItem('scopa.v1.record') || 'null');"
        " return r && r.meta.id !== old && document.body.dataset.phase === 'play'; }",
        arg=old_id,
        timeout=BOOT_TIMEOUT_MS,
    )


def test_a_finished_match_against_the_computer_is_kept_when_a_new_one_starts(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=4&level=easy")
    text = finished_against_the_computer(page)
    old_id = json.loads(text)["meta"]["id"]
    page.reload()  # kept across a visit: the finished match is restored first
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(OVER, timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#dlg-count")).to_be_visible()  # the result, drawn again
    assert kept_entries(page) == []
    start_new_match(page, old_id)
    [entry] = kept_entries(page)
    assert entry["text"] == text  # the saved record, byte for byte
    open_games(page)
    expect(page.locator(ITEMS)).to_contain_text("You vs Computer")
    expect(page.locator(ITEMS)).to_contain_text("You lose the match.")
    expect(page.locator(ITEMS)).to_contain_text("You resigned.")
    page.locator(ITEMS).scroll_into_view_if_needed()
    shot(page, "kept-against-the-computer")
    assert kept_download(page) == text.encode("utf-8")
    page.locator('#dlg-games [data-action="kept-review"]').click()
    source = page.locator("#dlg-review .rv-source")
    expect(source).to_have_text("Finished match: You vs Computer")
    expect(page.locator('#review-status[data-state="done"]')).to_be_visible(timeout=120_000)
    pressed = page.locator('#dlg-review [data-action="review-seat"][aria-pressed="true"]')
    expect(pressed).to_have_text("You")
    # a full list (20): the next finished match goes on top, the oldest is dropped
    full = [dict(entry, id=f"old-{k}") for k in range(20)]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [FINISHED, json.dumps(full)])
    second = finished_against_the_computer(page)
    start_new_match(page, json.loads(second)["meta"]["id"])
    entries = kept_entries(page)
    assert len(entries) == 20 and entries[0]["text"] == second
    assert [e["id"] for e in entries[1:]] == [f"old-{k}" for k in range(19)]


def test_a_damaged_list_is_moved_aside_and_the_finished_match_still_kept(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=6&level=easy")
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    damaged = '[{"id": "x", "text": "cut sh'
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [FINISHED, damaged])
    text = finished_against_the_computer(page)
    start_new_match(page, json.loads(text)["meta"]["id"])
    saved = page.locator("#dlg-saved")  # said at once, like other unreadable data
    expect(saved).to_be_visible()
    expect(saved).to_contain_text("finished matches kept on this device could not be read")
    page.locator('#dlg-saved [data-action="saved-afresh"]').click()
    assert [e["text"] for e in kept_entries(page)] == [text]
    unreadable = json.loads(stored(page, "scopa.v1.unreadable") or "[]")
    assert [(e["what"], e["text"]) for e in unreadable] == [("finished", damaged)]
    open_games(page)
    expect(page.locator(ITEMS)).to_have_count(1)
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="unreadable-download"]').click()
    assert Path(download.value.path()).read_bytes() == damaged.encode("utf-8")
    page.keyboard.press("Escape")
    to_my_turn(page)  # the new match plays on
