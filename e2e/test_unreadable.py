"""What is saved comes back exactly, in the real built site: saved data that
cannot be read downloads byte for byte as it is stored (NUL characters and
all), a name beyond the Basic Multilingual Plane survives the engine, the
device and an export, and the Italian page says why data cannot be read in
Italian only, for every way the page finds it damaged.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import BOOT_TIMEOUT_MS, NetworkGuard
from game_helpers import (
    ENGINE_TABLE,
    NewContext,
    open_game,
    reload_with_record,
    saved_record,
    to_my_turn,
)
from playwright.sync_api import Page, expect

SET = "([k, v]) => localStorage.setItem(k, v)"
GET = "(k) => localStorage.getItem(k)"

#: English words of the page's old details and of the JSON readers' messages
ENGLISH = re.compile(r"\b(not|syntax|error|statistics|damaged|format|list|object|JSON \()\b")


def stored(page: Page, key: str) -> str | None:
    text: str | None = page.evaluate(GET, key)
    return text


def kept_texts(page: Page) -> list[str]:
    return [entry["text"] for entry in json.loads(stored(page, "scopa.v1.unreadable") or "[]")]


def reload_to_the_dialog(page: Page) -> None:
    page.reload()
    expect(page.locator("#dlg-saved")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)


def downloaded_bytes(page: Page, button: str) -> bytes:
    with page.expect_download() as download:
        page.locator(button).first.click()
    return Path(download.value.path()).read_bytes()


def test_a_torn_save_downloads_byte_for_byte_with_its_nul_characters(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=41&level=easy")
    to_my_turn(page)
    text = stored(page, "scopa.v1.record")
    assert text is not None and len(text) > 200
    torn = text[:200] + "\0" * 16  # a write cut short: the rest of the file is zeros
    page.evaluate(SET, ["scopa.v1.record", torn])
    assert stored(page, "scopa.v1.record") == torn
    reload_to_the_dialog(page)
    assert kept_texts(page) == [torn]  # kept exactly
    expected = torn.encode("utf-8")
    assert downloaded_bytes(page, '#dlg-saved [data-action="saved-download"]') == expected
    page.locator('#dlg-saved [data-action="saved-afresh"]').click()
    # from Your games, on a later visit
    page.reload()
    to_my_turn(page)
    page.locator('.tools [data-action="games"]').click()
    download = '#dlg-games [data-action="unreadable-download"]'
    assert downloaded_bytes(page, download) == expected
    assert kept_texts(page) == [torn]
    # and text beyond ASCII, NUL in the middle, survives the same way
    odd = '{"format": "scopa-record/1", "note": "\u00e8\u20ac\U0001f0a1\0\u00e0"'
    entries = json.loads(stored(page, "scopa.v1.unreadable") or "[]")
    entries.append(dict(entries[0], text=odd))
    # (written as the page writes it: characters as they are, not \u escapes)
    page.evaluate(SET, ["scopa.v1.unreadable", json.dumps(entries, ensure_ascii=False)])
    page.keyboard.press("Escape")
    page.locator('.tools [data-action="games"]').click()
    with page.expect_download() as saved:
        page.locator(download).nth(1).click()
    assert Path(saved.value.path()).read_bytes() == odd.encode("utf-8")


def saved_sentences(page: Page) -> dict[str, str]:
    """The start-up dialog's reason per kind of data (game, stats, prefs)."""
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#dlg-saved li')]
            .map((li) => [li.dataset.what, li.querySelector('.why').textContent]))"""
    )
    return found


def test_the_italian_page_says_in_italian_why_saved_data_cannot_be_read(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=42&level=easy", locale="it-IT")
    to_my_turn(page)
    record = saved_record(page)
    dialog = page.locator("#dlg-saved")
    # damaged JSON everywhere: the game, the statistics, the preferences
    page.evaluate(SET, ["scopa.v1.record", json.dumps(record)[:-40]])
    page.evaluate(SET, ["scopa.v1.stats", '{"version": 1, "groups": "no", "seen": []}'])
    page.evaluate(SET, ["scopa.v1.prefs", '{"lang": "it", "deck"'])
    reload_to_the_dialog(page)
    assert saved_sentences(page) == {
        "game": "I dati sono danneggiati (non sono JSON valido).",
        "stats": "I dati sono danneggiati (non sono statistiche che questa versione sa leggere).",
        "prefs": "I dati sono danneggiati (non sono JSON valido).",
    }
    assert not ENGLISH.search(dialog.inner_text()), dialog.inner_text()
    dialog.locator('[data-action="saved-afresh"]').click()
    to_my_turn(page)
    # readable JSON that is not what it should be; a future version of each
    page.evaluate(SET, ["scopa.v1.record", json.dumps([record])])
    page.evaluate(SET, ["scopa.v1.stats", '{"version": 3, "groups": []}'])
    page.evaluate(SET, ["scopa.v1.prefs", '["it"]'])
    reload_to_the_dialog(page)
    assert saved_sentences(page) == {
        "game": "I dati sono danneggiati (non sono un oggetto JSON).",
        "stats": "Sono stati salvati in un formato che questa versione non sa leggere"
        " (statistiche della versione 3).",
        "prefs": "I dati sono danneggiati (non sono un oggetto JSON).",
    }
    dialog.locator('[data-action="saved-afresh"]').click()
    to_my_turn(page)
    page.evaluate(SET, ["scopa.v1.record", json.dumps(dict(record, format="scopa-record/7"))])
    reload_to_the_dialog(page)
    assert saved_sentences(page) == {
        "game": "Sono stati salvati in un formato che questa versione non sa leggere"
        " (scopa-record/7).",
    }
    dialog.locator('[data-action="saved-afresh"]').click()
    to_my_turn(page)
    # an entry kept by an earlier version, with only its English detail
    entries = json.loads(stored(page, "scopa.v1.unreadable") or "[]")
    assert len(entries) == 7
    old = {"key": "scopa.v1.record", "what": "game", "reason": "corrupt", "text": "{"}
    entries.append(dict(old, detail="not JSON (syntax error in JSON)", at=""))
    page.evaluate(SET, ["scopa.v1.unreadable", json.dumps(entries)])
    page.locator('.tools [data-action="games"]').click()
    games = page.locator("#dlg-games")
    expect(games.locator(".why")).to_have_count(8)
    reasons = games.locator(".why").all_inner_texts()
    assert reasons[-1] == "I dati sono danneggiati (non sono JSON valido)."
    assert not ENGLISH.search(games.inner_text()), games.inner_text()
    # the regions' names are Italian too (screen readers)
    labels = page.evaluate(
        "() => ['scoreboard', 'opponents', 'felt'].map("
        "(id) => document.getElementById(id).getAttribute('aria-label'))"
    )
    assert labels == ["Punteggio", "Gli altri giocatori", "Tavolo da gioco"]


def test_a_name_with_an_emoji_survives_the_engine_the_device_and_an_export(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=43&level=easy")
    to_my_turn(page)
    record = saved_record(page)
    name = "Anna \U0001f0a1 \u00e8"  # a playing card (U+1F0A1), beyond U+FFFF
    record["meta"]["settings"]["seats"][0]["name"] = name
    reload_with_record(page, record)
    to_my_turn(page)
    expect(page.locator("#me-info")).to_contain_text(name)
    assert saved_record(page)["meta"]["settings"]["seats"][0]["name"] == name
    page.locator('.tools [data-action="games"]').click()
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="export"]').click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["meta"]["settings"]["seats"][0]["name"] == name
