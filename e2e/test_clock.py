"""The per-move deadline in local play (web/app/clock.py, move_clock.py,
views/clock.py), in real Chromium with the worker's own short deadlines: the
countdown runs for the person to move and never for the computer, a move in
time starts it afresh, a hidden page stops it, a reload carries the time
used over (the engine keeps it: not the whole deadline again), running out of
time ends the match against that person (said in English and Italian, kept in
the record's meta), hot-seat counts for the person holding the device, and a
resignation says so too."""

from __future__ import annotations

from typing import Any

from conftest import BOOT_TIMEOUT_MS, NetworkGuard
from game_helpers import (
    ENGINE_TABLE,
    NewContext,
    first_move,
    my_turn,
    open_game,
    replay,
    saved_record,
    saved_view,
    shot,
    tap_move,
    to_my_turn,
    wait_settled,
)
from playwright.sync_api import Page, expect

#: the clock's state, seat and whole seconds left, as the page shows them
CLOCK_STATE = """() => {
    const el = document.getElementById('clock');
    return el ? {state: el.dataset.clock, seat: el.dataset.seat, left: Number(el.dataset.left),
                 hidden: el.hidden, label: el.getAttribute('aria-label')} : null;
}"""

#: every state the clock showed, as "state/seat" (a MutationObserver on the page)
RECORD_CLOCK = """() => {
    window.clockSeen = [];
    const note = () => {
        const el = document.getElementById('clock');
        if (el) window.clockSeen.push(el.dataset.clock + '/' + el.dataset.seat + '/'
                                      + document.body.dataset.seatToMove);
    };
    new MutationObserver(note).observe(document.body, {subtree: true, attributes: true,
        attributeFilter: ['data-clock', 'data-left']});
}"""

#: every polite announcement (#live) from now on
RECORD_SAID = """() => {
    window.said = [];
    const live = document.getElementById('live');
    new MutationObserver(() => { if (live.textContent) window.said.push(live.textContent); })
        .observe(live, {childList: true, characterData: true, subtree: true});
}"""

RUNNING = "() => document.getElementById('clock')?.dataset.clock === 'running'"


def clock(page: Page) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(CLOCK_STATE)
    return state


def wait_left(page: Page, at_most: int) -> None:
    page.wait_for_function(
        "(n) => { const el = document.getElementById('clock');"
        " return el && el.dataset.clock === 'running' && Number(el.dataset.left) <= n; }",
        arg=at_most,
        timeout=20_000,
    )


def clock_off(page: Page) -> bool:
    state = clock(page)
    return state is None or (state["state"] == "off" and state["hidden"])


def test_the_countdown_runs_for_the_person_only_and_starts_afresh_each_move(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy&deadline=12")
    to_my_turn(page)
    page.evaluate(RECORD_CLOCK)
    page.wait_for_function(RUNNING)
    first = clock(page)
    assert first is not None and first["seat"] == "0" and 10 <= first["left"] <= 12
    assert first["label"] == f"You: {first['left']} seconds left to move"
    expect(page.locator("#clock")).to_be_visible()
    wait_left(page, first["left"] - 2)  # it counts down
    shot(page, "phone-clock")
    # the page hidden (another app): the clock waits, the time left is kept
    page.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => document.getElementById('clock').dataset.clock === 'paused'")
    paused = clock(page)
    assert paused is not None
    page.wait_for_timeout(2500)
    assert clock(page) == paused
    page.evaluate(
        "() => { delete document.hidden; document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function(RUNNING)
    # a move in time: the computer plays untimed, then the person has the whole deadline again
    moves_before = saved_view(page)["moves_in_hand"]
    card, take = first_move(saved_view(page))
    tap_move(page, card, take)
    page.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('scopa.v1.view')).moves_in_hand >= n + 2",
        arg=moves_before,
        timeout=30_000,
    )
    to_my_turn(page)
    page.wait_for_function(RUNNING)
    again = clock(page)
    assert again is not None and again["left"] >= 10, again
    seen: list[str] = page.evaluate("() => window.clockSeen")
    running_for = {entry.split("/")[1] for entry in seen if entry.startswith("running/")}
    assert running_for == {"0"}, seen  # never for the computer (seat 1)
    assert any(entry.startswith("off/") for entry in seen), seen  # hidden while it played
    # a reload mid-move: the match comes back, and the person has the time that was
    # left, not the whole deadline (the engine kept the time used; the reload is not
    # counted, as a hidden page is not)
    wait_left(page, 9)
    before = clock(page)
    assert before is not None
    page.reload()
    to_my_turn(page)
    page.wait_for_function(RUNNING)
    reloaded = clock(page)
    assert reloaded is not None and before["left"] - 3 <= reloaded["left"] <= before["left"] + 1
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('scopa.v1.clock'))")
    assert kept["seat"] == 0 and kept["used_ms"] >= 12_000 - (reloaded["left"] + 1) * 1000, kept
    # near the end it turns red (and is said once, politely)
    wait_left(page, 6)
    expect(page.locator("#clock")).to_have_class("clock low")
    shot(page, "phone-clock-low")
    # a desktop-wide window shows it too
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#clock")).to_be_visible()
    shot(page, "desktop-clock")


def run_out_of_time(page: Page) -> dict[str, Any]:
    """Wait, without moving, for the clock to end the match; the saved record."""
    to_my_turn(page)
    page.wait_for_function(RUNNING)
    page.wait_for_function(
        "() => document.body.dataset.phase === 'match-over'"
        " && !document.body.classList.contains('busy')",
        timeout=20_000,
    )
    expect(page.locator("#dlg-count")).to_be_visible()
    assert clock_off(page)
    record = saved_record(page)
    assert record["meta"]["end"] == {"reason": "timeout", "seat": 0, "side": 0}
    assert record["meta"]["resigned"] == 0
    assert replay(record)["ok"]
    return record


def test_a_person_who_does_not_move_loses_on_time(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy&deadline=5")
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    page.evaluate(RECORD_SAID)
    run_out_of_time(page)
    # screen readers heard the warning once (halfway through a short deadline), then the end
    said: list[str] = page.evaluate("() => window.said")
    assert said.count("You: 2 seconds left to move.") == 1, said
    assert said[-1] == "You ran out of time.", said
    result = page.locator("#dlg-count .result")
    expect(result).to_contain_text("You lose the match.")
    expect(result.locator(".result-end")).to_have_text("You ran out of time.")
    expect(result.locator(".result-end")).to_have_attribute("data-end", "timeout")
    expect(page.locator("#status")).to_contain_text("You ran out of time.")
    expect(page.locator("#live")).to_have_text("You ran out of time.")
    shot(page, "phone-clock-timeout")


def test_in_italian_the_result_says_the_time_ran_out(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy&deadline=5", locale="it-IT")
    to_my_turn(page)
    page.wait_for_function(RUNNING)
    label = page.locator("#clock").get_attribute("aria-label") or ""
    assert label.startswith("Tu: ") and "secondi per la mossa" in label
    run_out_of_time(page)
    result = page.locator("#dlg-count .result")
    expect(result).to_contain_text("Hai perso la partita.")
    expect(result.locator(".result-end")).to_have_text("Il tuo tempo è scaduto.")


def takes_the_device(page: Page, seat: int) -> None:
    """Hot seat: while the pass screen is up nobody's time runs; once `seat`
    reveals its hand, its clock does, with almost the whole deadline (8 s)."""
    page.wait_for_timeout(1500)
    assert clock_off(page)
    page.locator('#dlg-pass [data-action="reveal"]').click()
    page.wait_for_function(RUNNING)
    state = clock(page)
    assert state is not None and state["seat"] == str(seat) and state["left"] >= 6


def test_hot_seat_times_the_person_holding_the_device(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=12&seats=pp&deadline=8")
    wait_settled(page)
    page.evaluate(RECORD_CLOCK)
    # the pass screen is up: nobody's hand is shown, so nobody's time runs
    expect(page.locator("#dlg-pass")).to_be_visible()
    first = saved_view(page)["pass_to"]
    takes_the_device(page, first)
    # a move in time; the next person's clock starts once they hold the device
    assert my_turn(page)
    card, take = first_move(saved_view(page))
    tap_move(page, card, take)
    page.wait_for_function("() => document.querySelector('#dlg-pass[open]') !== null")
    wait_settled(page)
    second = saved_view(page)["pass_to"]
    assert second == 1 - first
    assert clock_off(page)
    takes_the_device(page, second)
    # the second person does not move: the match ends against them
    page.wait_for_function(
        "() => document.body.dataset.phase === 'match-over'"
        " && !document.body.classList.contains('busy')",
        timeout=20_000,
    )
    record = saved_record(page)
    assert record["meta"]["end"] == {"reason": "timeout", "seat": second, "side": second}
    name = f"Player {second + 1}"
    expect(page.locator("#dlg-count .result-end")).to_have_text(f"{name} ran out of time.")
    seen: list[str] = page.evaluate("() => window.clockSeen")
    # the clock ran only for the seat to move, and never behind the pass screen
    for entry in seen:
        state_name, seat, to_move = entry.split("/")
        if state_name == "running":
            assert seat == to_move, seen
    shot(page, "phone-clock-hotseat")


def test_resigning_ends_the_match_and_says_so(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy&deadline=60", locale="it-IT")
    to_my_turn(page)
    card, take = first_move(saved_view(page))
    tap_move(page, card, take)  # resign is offered once the match is under way
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('scopa.v1.view')).moves_in_hand >= 2",
        timeout=30_000,
    )
    to_my_turn(page)
    page.wait_for_function(RUNNING)
    page.locator('[data-action="resign"]').click()
    page.locator('#dlg-confirm [data-action="confirm-resign"]').click()
    assert wait_settled(page) == "match-over"
    expect(page.locator("#dlg-count .result-end")).to_have_text("Hai abbandonato.")
    expect(page.locator("#dlg-count .result-end")).to_have_attribute("data-end", "resigned")
    assert clock_off(page)
    record = saved_record(page)
    assert record["meta"]["end"] == {"reason": "resigned", "seat": 0, "side": 0}


def test_the_deadline_is_chosen_in_the_new_match_form(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=7&level=easy")
    to_my_turn(page)
    assert clock_off(page)  # no deadline unless chosen
    page.locator('[data-action="new"]').first.click()
    choice = page.locator("#set-deadline")
    expect(choice).to_have_value("off")
    expect(page.locator("#set-deadline-s")).to_be_hidden()
    choice.select_option("other")
    field = page.locator("#set-deadline-s")
    expect(field).to_be_visible()
    shot(page, "phone-deadline-form")
    field.fill("3")  # below the worker's 5 seconds: refused in words, the form stays
    page.locator('#dlg-settings [data-action="start"]').click()
    expect(page.locator("#set-deadline-bad")).to_be_visible()
    expect(page.locator("#set-deadline-bad")).to_contain_text("from 5 to 86400")
    expect(page.locator("#dlg-settings")).to_be_visible()
    field.fill("")
    field.press_sequentially("45")  # typed: the digits are not the game's card keys here
    page.locator('#dlg-settings [data-action="start"]').click()
    if page.locator("#dlg-confirm[open]").count():
        page.locator('#dlg-confirm [data-action="confirm-new"]').click()
    to_my_turn(page)
    assert saved_view(page)["settings"]["deadline"] == 45
    page.wait_for_function(RUNNING)
    state = clock(page)
    assert state is not None and 43 <= state["left"] <= 45
    # the form opens with the match's deadline; a usual one is a choice of the list
    page.locator('[data-action="new"]').first.click()
    expect(choice).to_have_value("other")
    expect(field).to_have_text("45")
    choice.select_option("30")
    page.locator('#dlg-settings [data-action="start"]').click()
    if page.locator("#dlg-confirm[open]").count():
        page.locator('#dlg-confirm [data-action="confirm-new"]').click()
    to_my_turn(page)
    assert saved_view(page)["settings"]["deadline"] == 30
