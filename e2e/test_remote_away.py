"""A friend who does not come back (issue 32), in real Chromium: two browser
contexts pair through the page's own codes; the guest's page closes; the host
taps "let the computer play for them" (`data-action="away-computer"`, at the
level chosen) and the match goes on, the computer playing the guest's seat; the
guest comes back (a new page of the same browser context: its saved seat and
token are there), the host taps "Pair again", they pair, the guest reads how
many of its moves the computer made and plays its seat again at its next turn;
every record says which moves the computer made, and what the guest received
holds no card its seat could not see.
"""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import BOOT_TIMEOUT_MS, NetworkGuard, call_engine, wait_for_play
from game_helpers import NewContext, replay
from playwright.sync_api import Page, expect
from test_remote import (
    LINK_IS,
    answer,
    device,
    enter,
    got,
    invitation,
    join,
    leaks,
    link_view,
    open_friend_table,
    play_moves,
    play_one,
    tables_agree,
    two_devices,
    two_friends_and_a_computer,
    wait_link,
)


def record_of(page: Page) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(call_engine(page, "link_export")["text"])
    return record


def stood(page: Page) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = record_of(page)["meta"].get("stand_in", {}).get("moves", [])
    return moves


def host_moves(host: Page, n: int) -> None:
    """The host's person plays ``n`` moves; the computer plays the friend's seat between."""
    for _ in range(n):
        assert play_one([host]) == "play"


def come_back(guest: Page) -> Page:
    """The friend opens the game again on the same device (its saved seat is there)."""
    page = guest.context.new_page()
    page.goto("./")
    wait_for_play(page)
    page.locator('#dlg-pair [data-pairing="in"]').wait_for(timeout=BOOT_TIMEOUT_MS)
    return page


def test_a_friend_away_is_played_by_the_computer_then_takes_the_seat_back(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard)
    play_moves([host, guest], 2)
    guest.close()  # the friend's phone is gone
    wait_link(host, "lost")
    give = host.locator('#dlg-pair [data-action="away-computer"]')
    expect(give).to_be_visible(timeout=30_000)
    expect(host.locator("#dlg-pair .pairing-away")).to_contain_text(
        "the computer can play for them at the level you choose"
    )
    host.select_option("#away-level", "easy")
    give.click()
    wait_link(host, "connected")
    expect(host.locator("#away-bar")).to_contain_text("The computer plays for seat 2")
    host_moves(host, 3)
    made = stood(host)
    assert len(made) >= 2 and {m["seat"] for m in made} == {1}
    assert {m["level"] for m in made} == {"easy"}

    back = come_back(guest)
    host.locator('#away-bar [data-action="away-back"]').click()
    code = invitation(host)
    expect(host.locator("#dlg-pair")).to_contain_text("can take their seat back")
    assert host.locator('#dlg-pair [data-action="away-computer"]').count() == 0
    enter(host, answer(back, code))
    for page in (host, back):
        wait_link(page, "connected")
    computer_moves = len(stood(host))
    said = f"While you were away, the computer played {computer_moves} moves for you."
    expect(back.locator("#toast")).to_have_text(said, timeout=30_000)
    assert back.evaluate("document.body.dataset.stoodIn") == str(computer_moves)
    expect(host.locator("#away-bar")).to_be_hidden()
    tables_agree(host, back)

    # the seat is the friend's again: its next turn waits for it, and it plays it
    before = link_view(host)["view"]["moves_in_hand"]
    play_moves([host, back], 4)
    assert len(stood(host)) == computer_moves  # the computer never moved for it again
    assert link_view(host)["view"]["moves_in_hand"] >= before + 4 or (
        link_view(host)["view"]["hand_no"] > 1
    )
    tables_agree(host, back)
    record = record_of(host)
    assert replay(record)["ok"], replay(record)
    assert record["meta"]["stand_in"]["moves"] == stood(host)
    # what the friend's new page received: its own seat's cards only
    assert leaks(record, 1, got(back)) == []
    assert back.evaluate(LINK_IS, "connected")


def test_the_dialog_says_it_in_italian_too(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host = device(new_context, network_guard, locale="it-IT")
    guest = device(new_context, network_guard)
    enter(host, join(guest, open_friend_table(host)))
    for page in (host, guest):
        wait_link(page, "connected")
    play_moves([host, guest], 1)
    guest.close()
    wait_link(host, "lost")
    away = host.locator("#dlg-pair .pairing-away")
    expect(away).to_contain_text("il computer può giocare al suo posto", timeout=30_000)
    expect(away.locator('[data-action="away-computer"]')).to_have_text(
        "Fai giocare il computer al suo posto"
    )
    away.locator('[data-action="away-computer"]').click()  # the default level
    wait_link(host, "connected")
    expect(host.locator("#away-bar")).to_contain_text("Il computer gioca per il posto 2")
    deadline = time.monotonic() + 60
    while not stood(host) and time.monotonic() < deadline:
        if link_view(host)["view"]["to_move"] == 0:
            host_moves(host, 1)
        time.sleep(0.1)
    assert {m["level"] for m in stood(host)} == {"normal"}


def test_the_other_friend_plays_on_and_is_told(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """Four at the table, two friends: one goes away, the host gives its seat to the
    computer; the other friend's page, paused meanwhile, plays on and says who plays
    that seat."""
    host, gone, other = two_friends_and_a_computer(new_context, network_guard)
    play_moves([host, gone, other], 1)
    gone.close()
    for page in (host, other):
        wait_link(page, "lost")
    host.locator('#dlg-pair [data-action="away-computer"]').click(timeout=30_000)
    for page in (host, other):
        wait_link(page, "connected")
    seat = link_view(other)["link"]["seat"]
    away = 3 - seat  # the friends sit at 1 and 2
    expect(other.locator("#away-bar")).to_contain_text(
        f"The computer plays for seat {away + 1} while that friend is away."
    )
    assert other.locator('#away-bar [data-action="away-back"]').count() == 0
    play_moves([host, other], 3)
    assert {m["seat"] for m in stood(host)} == {away}
    tables_agree(host, other)
