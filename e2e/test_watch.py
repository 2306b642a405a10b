"""Watch mode in the browser (web/app/watch.py, scopa_core/table/watch.py).

From the new-match form, computers only at the form's level and table size:
the match runs by itself; paused, no move is made; each step makes exactly one
move; every move shows the options the moving computer had, ranked, the one
it played marked; the hands face up or down. The player's own match is kept
and goes on afterwards.
"""

from __future__ import annotations

import json

import pytest
from conftest import NetworkGuard
from game_helpers import DESKTOP, NewContext, open_game, saved_record, shot, tap_move, to_my_turn
from playwright.sync_api import Page, expect
from test_a11y import violations

DIALOG = "#dlg-watch"
PRESETS = {2: "scopa", 4: "scopa-4"}
PLAYED = {"en": "played", "it": "giocata"}
LEVEL_WORDS = {"en": ("Easy", "Normal"), "it": ("Facile", "Normale")}


def moves(page: Page) -> int:
    return int(page.evaluate("(s) => document.querySelector(s).dataset.moves", DIALOG))


def settle(page: Page) -> int:
    """Wait until no step is under way; the moves made so far."""
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.busy === 'false'", arg=DIALOG, timeout=60_000
    )
    return moves(page)


def check_ranking(page: Page, lang: str) -> None:
    ranking = page.locator(f"{DIALOG} .watch-ranking")
    expect(ranking).to_be_visible()
    rows = ranking.locator("li")
    assert rows.count() >= 1
    played = ranking.locator('li[data-played="true"]')
    expect(played).to_have_count(1)
    expect(played).to_contain_text(PLAYED[lang])
    seat = int(ranking.get_attribute("data-seat") or "-1")
    assert seat >= 0


def my_move(page: Page) -> None:
    to_my_turn(page)
    view = json.loads(page.evaluate("localStorage.getItem('scopa.v1.view')"))
    card, options = next(iter(view["moves"].items()))
    tap_move(page, card, options["moves"][0]["take"])


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (4, "it")])
def test_watch_mode_with_pause_and_step(
    new_context: NewContext, network_guard: NetworkGuard, players: int, lang: str
) -> None:
    viewport = DESKTOP if players == 2 else None  # and a phone at 4
    page = open_game(new_context, network_guard, "?seed=28&level=easy", viewport)
    if lang == "it":
        page.locator('[data-action="lang"]').first.click()
    my_move(page)
    to_my_turn(page)
    record = saved_record(page)
    page.locator('.tools [data-action="new"]').click()
    page.select_option("#set-preset", PRESETS[players])
    page.select_option("#set-level", "easy")
    shot(page, f"watch-settings-{players}")
    page.locator('#dlg-settings [data-action="watch"]').click()
    expect(page.locator("#dlg-settings")).to_be_hidden()
    dlg = page.locator(DIALOG)
    expect(dlg).to_have_attribute("data-state", "playing")
    expect(dlg).to_have_attribute("data-players", str(players), timeout=60_000)
    expect(page.locator(f"{DIALOG} .watch-seat")).to_have_count(players)
    page.wait_for_function(
        "(s) => Number(document.querySelector(s).dataset.moves) >= 2", arg=DIALOG, timeout=60_000
    )
    check_ranking(page, lang)
    assert not violations(page), violations(page)
    # every hand face up: each seat's cards shown; then face down
    assert page.locator(f"{DIALOG} .watch-seat [data-card]").count() > 0
    # paused: no move at all
    page.locator(f'{DIALOG} [data-action="watch-pause"]').click()
    expect(dlg).to_have_attribute("data-state", "paused")
    paused_at = settle(page)
    page.wait_for_timeout(3000)  # more than two moves' delay at normal speed
    assert moves(page) == paused_at
    shot(page, f"watch-paused-{players}")
    page.locator(f"{DIALOG} .watch-ranking").scroll_into_view_if_needed()
    shot(page, f"watch-ranking-{players}")
    # each step: exactly one move
    for k in (1, 2):
        page.locator(f'{DIALOG} [data-action="watch-step"]').click()
        page.wait_for_function(
            "([s, n]) => Number(document.querySelector(s).dataset.moves) === n",
            arg=[DIALOG, paused_at + k],
            timeout=60_000,
        )
        assert settle(page) == paused_at + k
        page.wait_for_timeout(1500)
        assert moves(page) == paused_at + k
        check_ranking(page, lang)
    # a seat's level, changed as it plays: easy -> normal
    level = page.locator(f'{DIALOG} .watch-seat[data-seat="1"] [data-action="watch-level"]')
    expect(level).to_have_text(LEVEL_WORDS[lang][0])
    level.click()
    expect(level).to_have_text(LEVEL_WORDS[lang][1])
    assert settle(page) == paused_at + 2  # no move made by it
    page.locator(f'{DIALOG} [data-action="watch-face"]').click()
    expect(page.locator(f"{DIALOG} .watch-seat [data-card]")).to_have_count(0)
    # fast, and playing again
    page.locator(f'{DIALOG} [data-action="watch-speed"][data-speed="fast"]').click()
    page.locator(f'{DIALOG} [data-action="watch-play"]').click()
    page.wait_for_function(
        "([s, n]) => Number(document.querySelector(s).dataset.moves) >= n",
        arg=[DIALOG, paused_at + 4],
        timeout=60_000,
    )
    # closed: the player's match as it was, and it goes on
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    assert saved_record(page) == record
    my_move(page)
    after = saved_record(page)
    played = record["hands"][-1]["moves"]
    assert after["hands"][-1]["moves"][: len(played)] == played
