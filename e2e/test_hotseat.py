"""Hot-seat: several people on one device, the hands hidden between turns."""

from __future__ import annotations

from conftest import NetworkGuard
from game_helpers import (
    NewContext,
    my_turn,
    next_hand,
    open_game,
    play_hand_by_tapping,
    replay,
    saved_record,
    saved_view,
    shot,
    tap_move,
    wait_settled,
)
from playwright.sync_api import expect


def test_two_people_pass_the_device(new_context: NewContext, network_guard: NetworkGuard) -> None:
    page = open_game(new_context, network_guard, "?seed=12&target=1")
    wait_settled(page)
    # set the match up through the settings dialog: both seats people, with names
    page.locator('[data-action="new"]').first.click()
    rows = page.locator("#seat-rows .seat-row")
    expect(rows).to_have_count(2)
    rows.nth(1).locator(".seat-kind").select_option("person")
    rows.nth(0).locator(".seat-name").fill("Anna")
    rows.nth(1).locator(".seat-name").fill("Bruno")
    page.locator('#dlg-settings [data-action="start"]').click()
    if page.locator("#dlg-confirm[open]").count():
        page.locator('#dlg-confirm [data-action="confirm-new"]').click()
    passes = 0
    for _ in range(120):
        phase = wait_settled(page)
        if phase == "match-over":
            break
        if phase == "hand-over":
            next_hand(page)
            continue
        view = saved_view(page)
        if view["pass_to"] is not None:
            # the pass screen: nobody's cards are on the page
            dialog = page.locator("#dlg-pass")
            expect(dialog).to_be_visible()
            name = ["Anna", "Bruno"][view["pass_to"]]
            expect(dialog).to_contain_text(name)
            assert page.locator('[data-zone="hand"] [data-card]').count() == 0
            assert view["hand"] == []
            if passes == 0:
                shot(page, "phone-hotseat-pass")
            page.locator('#dlg-pass [data-action="reveal"]').click()
            passes += 1
            continue
        assert my_turn(page)
        assert page.locator('[data-zone="hand"] [data-card]').count() == len(view["hand"])
        assert (
            page.locator("#me-info .seat-name").inner_text() == ["Anna", "Bruno"][view["to_move"]]
        )
        card = view["hand"][0]
        tap_move(page, card, view["moves"][card]["moves"][0]["take"])
        page.wait_for_function(
            "(n) => JSON.parse(localStorage.getItem('scopa.v1.view')).moves_in_hand !== n",
            arg=view["moves_in_hand"],
        )
    assert passes >= 4
    assert wait_settled(page) == "match-over"
    record = saved_record(page)
    assert record["meta"]["seats"] == ["Anna", "Bruno"]
    assert replay(record)["complete"]


def test_hot_seat_with_computers_at_four(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(
        new_context, network_guard, "?seed=13&preset=scopa-4&seats=pcpc&level=easy&target=1"
    )
    for _ in range(10):
        phase = play_hand_by_tapping(page)
        if phase == "match-over":
            break
        next_hand(page)
    assert wait_settled(page) == "match-over"
    checked = replay(saved_record(page))
    assert checked["complete"]
