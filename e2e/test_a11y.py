"""Accessibility of the built site: axe-core (node_modules/axe-core, a dev
dependency) finds no serious or critical violation on the table, the count
screens, and every dialog (settings, help, your games, statistics, unreadable
saved data)."""

from __future__ import annotations

import json
from typing import Any

from conftest import BOOT_TIMEOUT_MS, ROOT, NetworkGuard
from game_helpers import (
    DECLARE_TO_WIN,
    NewContext,
    declare_and_win,
    open_game,
    saved_record,
    saved_view,
    tap_move,
    to_my_turn,
)
from playwright.sync_api import Page, expect

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    assert AXE.is_file(), "node_modules/axe-core is missing: run `npm ci`"
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations']})"
    )
    found = []
    for v in result["violations"]:
        if v["impact"] in SERIOUS:
            targets = [", ".join(map(str, node["target"])) for node in v["nodes"][:5]]
            found.append(f"{v['impact']} {v['id']}: {v['help']} at {targets}")
    return found


def check(page: Page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where}:\n  " + "\n  ".join(found)


def test_the_table_and_its_dialogs(new_context: NewContext, network_guard: NetworkGuard) -> None:
    page = open_game(new_context, network_guard, "?seed=3&level=easy")
    to_my_turn(page)
    view = saved_view(page)
    card = view["hand"][0]
    tap_move(page, card, view["moves"][card]["moves"][0]["take"])
    to_my_turn(page)
    check(page, "the table")
    page.locator('.tools [data-action="new"]').click()
    expect(page.locator("#dlg-settings")).to_be_visible()
    check(page, "the settings dialog")
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    expect(page.locator("#help-body #help-rules")).to_have_count(1)
    check(page, "the help")
    page.keyboard.press("Escape")
    page.locator('.tools [data-action="games"]').click()
    expect(page.locator("#dlg-games")).to_be_visible()
    check(page, "your games")
    page.locator('#dlg-games [data-action="stats"]').click()
    expect(page.locator("#dlg-stats")).to_be_visible()
    check(page, "the statistics (none yet)")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    # saved data that cannot be read
    page.evaluate("localStorage.setItem('scopa.v1.record', '{broken')")
    page.reload()
    expect(page.locator("#dlg-saved")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    check(page, "the unreadable saved data message")


def a_hand_played_by_computers(seed: int) -> dict[str, Any]:
    """A record whose first hand is over and whose match is not (a count screen)."""
    from scopa_core.table.session import Session

    session = Session.new(
        {"seed": seed, "target": 21, "seats": [{"kind": "computer"}, {"kind": "computer"}]}
    )
    while session.phase == "play":
        session.step()
    assert session.phase == "hand-over"
    record: dict[str, Any] = session.to_record()
    record["meta"]["settings"]["seats"][0] = {"kind": "person"}
    return record


def test_the_count_screens_and_the_statistics(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, DECLARE_TO_WIN)
    declare_and_win(page)
    expect(page.locator("#dlg-count .result")).to_be_visible()
    check(page, "the result and count at the end of the match")
    page.keyboard.press("Escape")
    page.locator('.tools [data-action="games"]').click()
    page.locator('#dlg-games [data-action="stats"]').click()
    expect(page.locator("#dlg-stats dd[data-stat]").first).to_be_visible()
    check(page, "the statistics")
    page.keyboard.press("Escape")
    # the count after a hand: import a match whose first hand is over
    record = a_hand_played_by_computers(31)
    with page.expect_file_chooser() as chooser:
        page.locator('#dlg-games [data-action="import"]').click()
    text = json.dumps(record).encode()
    chooser.value.set_files(
        files=[{"name": "hand.json", "mimeType": "application/json", "buffer": text}]
    )
    page.wait_for_function("document.body.dataset.phase === 'hand-over'", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#dlg-count tr[data-row=total]")).to_be_visible()
    assert saved_record(page)["hands"] == record["hands"]
    check(page, "the count after a hand")
