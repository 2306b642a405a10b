"""Playing Scopa in the browser against the computer: taps, keys, the count, saving.

Every test runs the real built site (dist/) in Chromium; the network guard of
conftest.py fails any test whose page asks anything of another host.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from conftest import BOOT_TIMEOUT_MS, NetworkGuard
from game_helpers import (
    DECLARE_TO_WIN,
    DESKTOP,
    PAINTED_SIZE,
    PHONE,
    NewContext,
    choosing,
    count_on_screen,
    declare_and_win,
    my_turn,
    near,
    next_hand,
    open_game,
    painted_whole,
    play_hand_by_tapping,
    reload_with_record,
    replay,
    saved_record,
    saved_view,
    session_record,
    shot,
    table_drawn_before_engine,
    tap_move,
    wait_settled,
)
from playwright.sync_api import Page, expect

#: With this seed (easy computer) the person's first move offers a card with
#: several captures and table cards it may not take (found with the session in
#: CPython; the test still searches the whole hand if the players change).
MULTI_SEED = 18


def several_captures(view: dict[str, Any]) -> str | None:
    """A card of the hand with two or more capture options, preferring blocked cards too."""
    best = None
    for card in view["hand"]:
        entry = view["moves"][card]
        captures = [m for m in entry["moves"] if m["take"]]
        if len(captures) >= 2 and (
            best is None or len(entry["blocked"]) > len(view["moves"][best]["blocked"])
        ):
            best = card
    return best


def test_a_whole_hand_by_tapping_with_a_capture_chosen_on_the_table(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, f"?seed={MULTI_SEED}&level=easy&target=11")
    chose_among_several = False
    rejected = False
    for _ in range(200):
        phase = wait_settled(page)
        if phase != "play":
            break
        if not my_turn(page):
            continue
        view = saved_view(page)
        card = several_captures(view)
        if card is None:
            hand_card = view["hand"][0]
            tap_move(page, hand_card, view["moves"][hand_card]["moves"][0]["take"])
            continue
        entry = view["moves"][card]
        captures = [m["take"] for m in entry["moves"] if m["take"]]
        page.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
        assert choosing(page)
        lit = page.locator('[data-zone="table"] .card.option')
        expect(lit).to_have_count(len({c for take in captures for c in take}))
        if entry["blocked"] and not rejected:
            blocked, why = next(iter(entry["blocked"].items()))
            page.locator(f'[data-zone="table"] [data-card="{blocked}"]').click()
            toast = page.locator("#toast")
            expect(toast).to_be_visible()
            assert toast.inner_text().strip(), why
            assert choosing(page), "a refused table card must not end the choice"
            rejected = True
        if not chose_among_several:
            shot(page, "phone-choosing-a-capture")
        target = captures[-1]
        for code in target:
            if not choosing(page):
                break
            page.locator(f'[data-zone="table"] [data-card="{code}"]').click()
        if choosing(page):
            page.locator('#actions [data-action="take"]').click()
        wait_settled(page)
        record = saved_record(page)
        made = [m for m in record["hands"][-1]["moves"] if m.get("card") == card]
        assert made and sorted(made[-1]["take"]) == sorted(target)
        chose_among_several = True
    assert chose_among_several, "no position with several captures came up"
    assert rejected, "no refused table card came up"
    assert wait_settled(page) in ("hand-over", "match-over")
    dialog = page.locator("#dlg-count")
    expect(dialog).to_be_visible()
    shot(page, "phone-count")
    # the count on screen is the replay checker's count of the exported record
    checked = replay(saved_record(page))
    assert checked["ok"], checked
    hand = checked["hands"][0]
    cells = count_on_screen(page)
    assert cells["cards"] == [str(n) for n in hand["cards"]]
    assert cells["coins"] == [str(n) for n in hand["coins"]]
    assert cells["primiera"] == [
        str(p) if p is not None else "no primiera" for p in hand["primiera"]
    ]
    assert cells["scope"] == [str(n) for n in hand["scope"]]
    assert cells["points"] == [str(n) for n in hand["points"]]
    assert cells["total"] == [str(n) for n in checked["totals"]]


def test_a_whole_match_by_keyboard(new_context: NewContext, network_guard: NetworkGuard) -> None:
    page = open_game(new_context, network_guard, "?seed=4&level=easy&target=1", DESKTOP)
    started = time.monotonic()
    hands = 0
    for _ in range(400):
        phase = wait_settled(page)
        if phase == "match-over":
            break
        if phase == "hand-over":
            hands += 1
            expect(page.locator("#dlg-count")).to_be_visible()
            page.keyboard.press("Enter")  # the focused "Next hand" button
            page.wait_for_function("document.body.dataset.phase !== 'hand-over'")
            continue
        if not my_turn(page):
            continue
        view = saved_view(page)
        index = 0
        page.keyboard.press(str(index + 1))
        if choosing(page):
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            assert page.locator('[data-zone="table"] .card.chosen').count() >= 1
            page.keyboard.press("Enter")
        page.wait_for_function(
            "(n) => document.body.dataset.phase !== 'play' || "
            "JSON.parse(localStorage.getItem('scopa.v1.view')).moves_in_hand !== n",
            arg=view["moves_in_hand"],
        )
    assert wait_settled(page) == "match-over"
    result = page.locator("#dlg-count .result")
    expect(result).to_be_visible()
    text = result.inner_text()
    assert "You win" in text or "You lose" in text
    shot(page, "desktop-match-over")
    checked = replay(saved_record(page))
    assert checked["ok"] and checked["complete"], checked
    winner = checked["winner"]
    assert ("You win" in text) == (winner == 0)
    assert len(checked["hands"]) == hands + 1
    assert time.monotonic() - started < 50


def test_escape_cancels_and_keys_open_help_deck_and_level(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, f"?seed={MULTI_SEED}&level=easy")
    while wait_settled(page) == "play" and not my_turn(page):
        pass
    view = saved_view(page)
    card = several_captures(view)
    assert card is not None
    page.keyboard.press(str(view["hand"].index(card) + 1))
    assert choosing(page)
    page.keyboard.press("Escape")
    assert not choosing(page)
    # D: the deck chooser (the deck's sprite is put into the page, the cards use its symbols)
    card_use = page.locator('[data-zone="hand"] [data-card] use').first
    sprite = page.locator("#card-sprite")
    expect(sprite).to_have_attribute("data-deck", "french")
    assert card_use.get_attribute("href") == "#card-" + view["hand"][0]
    page.keyboard.press("d")
    page.locator('#dlg-decks [data-deck="neapolitan"]').click()
    expect(sprite).to_have_attribute("data-deck", "neapolitan")
    expect(page.locator("body")).to_have_attribute("data-deck", "neapolitan")
    page.keyboard.press("d")
    page.locator('#dlg-decks [data-deck="piacentine"]').click()
    expect(sprite).to_have_attribute("data-deck", "piacentine")
    assert page.locator("#card-sprite symbol#card-" + view["hand"][0]).count() == 1
    # drawn from the new deck's sprite, whole (2:3 on a phone: cards/short/)
    assert near(card_use.evaluate(PAINTED_SIZE), painted_whole("piacentine"))
    shot(page, "phone-piacentine")
    # H: the help with the help fragment
    page.keyboard.press("h")
    help_box = page.locator("#dlg-help")
    expect(help_box).to_be_visible()
    expect(page.locator("#help-body #help-rules")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    # L: the settings with the level chosen
    page.keyboard.press("l")
    expect(page.locator("#dlg-settings")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "set-level"
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).to_be_hidden()
    # N: new match settings too
    page.keyboard.press("n")
    expect(page.locator("#dlg-settings")).to_be_visible()


def test_changing_the_level_asks_then_starts_a_new_match(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=6&level=easy")
    assert play_one_move(page)
    old = saved_record(page)
    page.locator('[data-action="new"]').first.click()
    page.select_option("#set-level", "hard")
    page.locator('#dlg-settings [data-action="start"]').click()
    confirm = page.locator("#dlg-confirm")
    expect(confirm).to_be_visible()
    page.locator('#dlg-confirm [data-action="confirm-new"]').click()
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('scopa.v1.view')).seats[1].level === 'hard'"
    )
    wait_settled(page)
    view = saved_view(page)
    assert view["settings"]["level"] == "hard"
    record = saved_record(page)
    assert len(record["hands"]) == 1 and len(record["hands"][0]["moves"]) <= 1
    assert record["meta"]["settings"]["seed"] == old["meta"]["settings"]["seed"]  # ?seed= holds


def play_one_move(page: Page) -> bool:
    for _ in range(50):
        if wait_settled(page) != "play":
            return False
        if my_turn(page):
            view = saved_view(page)
            n = view["moves_in_hand"]
            card = view["hand"][0]
            tap_move(page, card, view["moves"][card]["moves"][0]["take"])
            page.wait_for_function(
                "(n) => JSON.parse(localStorage.getItem('scopa.v1.view')).moves_in_hand !== n",
                arg=n,
            )
            return True
    return False


def test_resign_ends_the_match(new_context: NewContext, network_guard: NetworkGuard) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy")
    assert play_one_move(page)
    wait_settled(page)
    page.locator('[data-action="resign"]').click()
    page.locator('#dlg-confirm [data-action="confirm-resign"]').click()
    assert wait_settled(page) == "match-over"
    expect(page.locator("#dlg-count .result")).to_contain_text("You lose")
    assert saved_record(page)["meta"]["resigned"] == 0


def test_italian_names_and_announcements(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=9&level=easy", locale="it-IT")
    wait_settled(page)
    assert page.evaluate("document.documentElement.lang") == "it"
    labels = page.locator('[data-zone="hand"] [data-card]').evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert labels and all(" di " in label for label in labels)
    assert play_one_move(page)
    page.wait_for_function("document.getElementById('live').textContent.length > 0")
    assert "ha " in page.inner_text("#live")
    shot(page, "phone-italian")
    page.locator('[data-action="lang"]').click()
    assert page.evaluate("document.documentElement.lang") == "en"
    labels = page.locator('[data-zone="hand"] [data-card]').evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert all(" of " in label for label in labels)


def test_a_saved_table_is_playable_before_the_engine_starts(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=10&level=easy")
    assert play_one_move(page)
    while wait_settled(page) == "play" and not my_turn(page):
        pass
    view = saved_view(page)
    key = view["key"]
    page.goto("./")  # a repeat visit: same origin, saved game in localStorage
    drawn = table_drawn_before_engine(page)  # the saved table, from the cache
    print(f"saved table drawn {drawn:.0f} ms after navigation")
    assert page.evaluate("document.body.dataset.phase") in ("play", "thinking")
    # tap at once: the move waits for the engine, then is made
    card = view["hand"][0]
    tap_move(page, card, view["moves"][card]["moves"][0]["take"])
    page.wait_for_function(
        "(k) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== k",
        arg=key,
        timeout=90_000,
    )
    record = saved_record(page)
    assert any(m.get("card") == card for m in record["hands"][-1]["moves"])


def test_a_first_visit_draws_a_dealt_table_before_the_engine_starts(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """No saved match: one of the build's opening tables (index.html) is drawn and
    tappable at once; the engine then restores it, with the same cards."""
    page = open_game(new_context, network_guard)
    table_drawn_before_engine(page)
    hand = page.eval_on_selector_all(
        '[data-zone="hand"] [data-card]', "(cards) => cards.map((c) => c.dataset.card)"
    )
    table = page.eval_on_selector_all(
        '[data-zone="table"] [data-card]', "(cards) => cards.map((c) => c.dataset.card)"
    )
    assert len(hand) == 3 and len(table) == 4
    assert page.evaluate("document.body.dataset.phase") == "play"
    page.wait_for_function(
        "performance.getEntriesByName('scopa-engine-table').length > 0", timeout=90_000
    )
    assert wait_settled(page) == "play" and my_turn(page)
    view = saved_view(page)
    assert (view["key"], view["hand"], view["table"]) == ("1.0.", hand, table)
    record = saved_record(page)
    assert isinstance(record["meta"]["seed"], int) and record["meta"].get("id")


def test_screenshots_phone_and_desktop(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = open_game(
            new_context, network_guard, "?seed=3&level=normal", viewport, reduced=False
        )
        play_one_move(page)
        wait_settled(page)
        page.mouse.move(0, 0)
        page.wait_for_timeout(300)
        shot(page, f"{name}-table")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        for zone in ("hand", "table", "pile", "opponent", "deck"):
            assert page.locator(f'[data-zone="{zone}"]').count() >= 1, zone
        page.context.close()


def test_a_four_player_match_with_a_computer_partner(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=5&preset=scopa-4&level=easy&target=1")
    wait_settled(page)
    expect(page.locator('[data-zone="opponent"]')).to_have_count(3)
    expect(page.locator('[data-zone="pile"]')).to_have_count(2)
    names = page.locator('[data-zone="opponent"] .seat-name').all_inner_texts()
    assert "Partner" in names
    shot(page, "phone-four-players")
    for _ in range(20):
        phase = play_hand_by_tapping(page)
        if phase == "match-over":
            break
        next_hand(page)
    assert wait_settled(page) == "match-over"
    checked = replay(saved_record(page))
    assert checked["ok"] and checked["complete"] and checked["sides"] == [[0, 2], [1, 3]]
    totals = page.locator("#dlg-count tr[data-row=total] td").all_inner_texts()
    assert totals == [str(t) for t in checked["totals"]]


def test_chiamarsi_fuori_has_a_declare_button(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(
        new_context, network_guard, "?seed=2&variants=chiamarsi-fuori&target=1&level=easy"
    )
    while wait_settled(page) == "play" and not my_turn(page):
        pass
    assert saved_view(page)["can_declare"] is True
    page.locator('#actions [data-action="declare"]').click()
    assert wait_settled(page) == "match-over"
    record = saved_record(page)
    assert record["hands"][-1]["moves"][-1].get("declare") is True
    checked = replay(record)
    assert checked["complete"] and checked["hands"][-1]["declared"] == 0
    expect(page.locator("#dlg-count .note")).to_contain_text("called out")


def test_three_players_each_count_for_themselves(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=3&preset=scopa-3&level=easy&target=1")
    wait_settled(page)
    expect(page.locator('[data-zone="opponent"]')).to_have_count(2)
    expect(page.locator('[data-zone="pile"]')).to_have_count(3)
    expect(page.locator("#scoreboard .score")).to_have_count(3)
    phase = play_hand_by_tapping(page)
    assert phase in ("hand-over", "match-over")
    cells = count_on_screen(page)
    assert len(cells["points"]) == 3
    shot(page, "phone-three-players-count")


def count_closes_and_reopens(page: Page, kind: str) -> None:
    """The count (or result) closes with its close button, Close and Escape, and
    the prompt's "The count" opens it again each time."""
    dialog = page.locator("#dlg-count")
    again = page.locator('#actions [data-action="count"]')
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-kind", kind)
    for close in (
        "key",
        '#dlg-count .dialog-head [data-action="close"]',
        '#dlg-count .dialog-actions [data-action="close"]',
    ):
        if close == "key":
            page.keyboard.press("Escape")
        else:
            page.locator(close).click()
        expect(dialog).to_be_hidden()
        again.click()
        expect(dialog).to_be_visible()
        expect(dialog).to_have_attribute("data-kind", kind)


def test_the_count_can_be_put_aside_to_look_at_the_table_and_export(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=52&level=easy")
    wait_settled(page)
    record = session_record({"seed": 52, "level": "easy"})
    reload_with_record(page, record)  # a reload in hand-over: the count is up at once
    assert wait_settled(page) == "hand-over"
    count_closes_and_reopens(page, "count")
    totals = count_on_screen(page)["total"]
    # put aside: the last table is there, and the match can be exported
    page.keyboard.press("Escape")
    expect(page.locator("#felt")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Hand 1 is over")
    shot(page, "phone-count-put-aside")
    page.locator('.tools [data-action="games"]').click()
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="export"]').click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["hands"] == record["hands"] and replay(exported)["ok"]
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-games")).to_be_hidden()
    expect(page.locator("#dlg-count")).to_be_hidden()  # it waits to be asked for
    page.locator('#actions [data-action="count"]').click()
    assert count_on_screen(page)["total"] == totals
    # and a reload while it is put aside brings it back, then the next hand is dealt
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_function(
        "performance.getEntriesByName('scopa-engine-table').length > 0", timeout=BOOT_TIMEOUT_MS
    )
    assert wait_settled(page) == "hand-over"
    count_closes_and_reopens(page, "count")
    page.keyboard.press("Escape")
    page.locator('#actions [data-action="next-hand"]').click()
    page.wait_for_function("document.body.dataset.phase !== 'hand-over'")
    expect(page.locator("#dlg-count")).to_be_hidden()
    assert saved_view(page)["hand_no"] == 2


def test_the_result_can_be_put_aside_and_reopened(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, DECLARE_TO_WIN)
    declare_and_win(page)
    count_closes_and_reopens(page, "result")
    page.reload()
    assert wait_settled(page) == "match-over"
    count_closes_and_reopens(page, "result")
