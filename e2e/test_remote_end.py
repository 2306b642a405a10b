"""The end of a match with a friend on another device (issue 16), in real Chromium
over real WebRTC (helpers of test_remote.py): the move deadline counted down on
both devices and run out by the guest, ended by the host's engine on both; the
time used carried over a pause and a reload of either device (the clock stopped
while the channel is lost, the same time left on both once paired again); a
rematch from the result screen,
with the host kept, with the host swapped, and declined (by the one friend, and
with two friends by one of them: the other, who said yes, is told)."""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import NetworkGuard
from game_helpers import NewContext, shot, tap_move, wait_settled
from playwright.sync_api import Page, expect
from test_clock import wait_left
from test_remote import (
    answer,
    device,
    enter,
    invitation,
    join,
    link_view,
    play_moves,
    tables_agree,
    two_friends_and_a_computer,
    wait_link,
)

#: the countdown as a page shows it (views/clock.py's hooks)
CLOCK = """() => {
    const el = document.getElementById('clock');
    return el ? {state: el.dataset.clock, seat: Number(el.dataset.seat),
                 left: Number(el.dataset.left), hidden: el.hidden} : null;
}"""

OVER = "() => document.body.dataset.phase === 'match-over'"


def clock(page: Page) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(CLOCK)
    return state


def friend_table(host: Page, seconds: int | None) -> str:
    """The host's new-match dialog: a friend's seat and a move deadline; the invitation."""
    host.locator('[data-action="new"]').click()
    host.locator('[data-action="friend"]').click()
    if seconds is not None:
        host.locator("#set-deadline").select_option("other")
        host.locator("#set-deadline-s").press_sequentially(str(seconds))
    host.locator('#dlg-settings [data-action="start"]').click()
    return invitation(host)


def paired(new_context: NewContext, guard: NetworkGuard, seconds: int | None) -> list[Page]:
    host = device(new_context, guard)
    guest = device(new_context, guard)
    enter(host, join(guest, friend_table(host, seconds)))
    for page in (host, guest):
        wait_link(page, "connected")
    return [host, guest]


def host_moves_if_first(host: Page) -> None:
    """The host's person plays at once if the deal made it first (5 seconds!)."""
    deadline = time.monotonic() + 30
    while link_view(host)["view"] is None:  # the first hand is dealt once the shares came
        assert time.monotonic() < deadline, "no first hand"
        time.sleep(0.05)
    wait_settled(host)
    view = link_view(host)["view"]
    if view["to_move"] == view["viewer"]:
        card = view["hand"][0]
        tap_move(host, card, view["moves"][card]["moves"][0]["take"])


def wait_clock(page: Page, seat: int, state: str = "running") -> None:
    page.wait_for_function(
        "([seat, state]) => { const el = document.getElementById('clock');"
        " return el && !el.hidden && el.dataset.clock === state"
        " && el.dataset.seat === String(seat); }",
        arg=[seat, state],
        timeout=30_000,
    )


def test_the_guest_runs_out_of_time_and_the_match_ends_on_both(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = paired(new_context, network_guard, 5)
    host_moves_if_first(host)
    assert link_view(guest)["link"]["deadline"] == 5
    # the guest's turn: the same countdown on both devices, for seat 1
    for page in (host, guest):
        wait_clock(page, 1)
        shown = clock(page)
        assert shown is not None and 1 <= shown["left"] <= 5
    shot(guest, "remote-clock-guest")
    shot(host, "remote-clock-host")
    expect(host.locator("#clock .clock-who")).to_have_text("Friend")  # whose time it is
    expect(guest.locator("#clock .clock-who")).to_have_count(0)  # the guest's own
    # nobody moves: the host's engine ends the match, on both devices
    for page in (host, guest):
        page.wait_for_function(OVER, timeout=30_000)
    for page in (host, guest):
        end = link_view(page)["view"]["result"]["end"]
        assert end == {"reason": "timeout", "seat": 1, "side": 1}
        said = page.locator('#dlg-count .result-end[data-end="timeout"]')
        expect(said).to_be_visible()
        expect(said).to_contain_text("ran out of time")
    shot(host, "remote-timeout-host")
    assert guest.evaluate("window.__sent.some((t) => JSON.parse(t).kind === 'timeout')") is False


#: the clock messages a guest received
CLOCKS_GOT = "() => window.__got.filter((t) => JSON.parse(t).kind === 'clock').length"


def both_clocks(host: Page, guest: Page, told: int) -> tuple[int, int]:
    """Once the guest has been told the time used (its ``told``-th clock message) and
    has drawn it: the whole seconds left that each device shows, read one right after
    the other."""
    guest.wait_for_function(f"() => ({CLOCKS_GOT})() >= {told}", timeout=30_000)
    for page in (host, guest):
        wait_settled(page)
        wait_clock(page, 1)
    shown = [clock(page) for page in (host, guest)]
    for state in shown:
        assert state is not None and state["seat"] == 1, shown
    return shown[0]["left"], shown[1]["left"]  # type: ignore[index]


def left_on(page: Page, at_most: int) -> int:
    """Once the running countdown shows ``at_most`` seconds or less: what it shows."""
    wait_left(page, at_most)
    shown = clock(page)
    assert shown is not None
    return int(shown["left"])


def reload_and_hold(reloaded: Page, other: Page) -> dict[str, Any]:
    """One device reloads: the match pauses on both, the other's clock stops (shown)."""
    reloaded.reload()
    for page in (reloaded, other):
        wait_link(page, "lost")
    wait_clock(other, 1, "paused")
    held = clock(other)
    assert held is not None
    return held


def pair_again(host: Page, guest: Page, told: int) -> tuple[int, int]:
    """Fresh codes, the channel again; the seconds left each device shows then, the
    same within one."""
    guest.locator('#dlg-pair [data-pairing="in"]').wait_for()
    enter(host, answer(guest, invitation(host)))
    for page in (host, guest):
        wait_link(page, "connected")
        wait_clock(page, 1)
    on_host, on_guest = both_clocks(host, guest, told)
    assert abs(on_host - on_guest) <= 1, (on_host, on_guest)
    return on_host, on_guest


def test_the_time_used_is_carried_over_a_pause_and_a_reload_of_either_device(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The guest's turn with a 30-second deadline: the time it used is the host's to
    keep. A reload of the guest pauses the match (the clock stops on both, and stays
    stopped longer than it takes to pair again); paired again, both devices show the
    same time left within a second, the deadline less the time used, not the whole
    deadline. The same after a reload of the host, whose page gets the time used back
    from its save."""
    host, guest = paired(new_context, network_guard, 30)
    host_moves_if_first(host)
    for page in (host, guest):
        wait_clock(page, 1)
    left = left_on(host, 26)  # four seconds or more of the guest's turn used
    held = reload_and_hold(guest, host)
    assert left - 2 <= held["left"] <= left, (left, held)
    time.sleep(4)  # a pause uses none of the time
    assert clock(host) == held
    on_host, on_guest = pair_again(host, guest, 1)
    assert held["left"] - 3 <= on_guest <= held["left"] + 1, (held, on_guest)  # not 30 again
    # the host reloads: its page gets the time used back from its save, the guest is told
    left = left_on(host, on_host - 2)
    held = reload_and_hold(host, guest)
    assert held["left"] <= left + 1, (left, held)
    on_host, on_guest = pair_again(host, guest, 2)
    assert left - 4 <= on_host <= left + 1, (left, on_host)  # the time used kept over the reload
    tables_agree(host, guest)


# -- the rematch -------------------------------------------------------------------------


def resign(page: Page) -> None:
    wait_settled(page)
    page.locator('.tools [data-action="resign"]').click()
    page.locator('#dlg-confirm [data-action="confirm-resign"]').click()


def ended_by_resignation(new_context: NewContext, guard: NetworkGuard) -> list[Page]:
    host, guest = paired(new_context, guard, None)
    play_moves([host, guest], 2)
    resign(guest)
    for page in (host, guest):
        page.wait_for_function(OVER, timeout=30_000)
    return [host, guest]


def rematch_says(page: Page, state: str) -> None:
    page.locator(f'#dlg-count #rematch[data-rematch="{state}"]').wait_for(timeout=30_000)


def first_table_on_both(host: Page, guest: Page, old_match: str) -> None:
    for page in (host, guest):
        page.wait_for_function(
            "(old) => document.body.dataset.phase === 'play'"
            " && document.body.dataset.link === 'connected'",
            arg=old_match,
            timeout=30_000,
        )
    for page in (host, guest):
        assert link_view(page)["link"]["match"] != old_match
    tables_agree(host, guest)
    view = link_view(host)["view"]
    assert view["hand_no"] == 1 and view["moves_in_hand"] == 0
    expect(host.locator("#dlg-count")).not_to_be_visible()
    expect(guest.locator("#dlg-count")).not_to_be_visible()


def test_a_rematch_with_the_host_kept(new_context: NewContext, network_guard: NetworkGuard) -> None:
    host, guest = ended_by_resignation(new_context, network_guard)
    old = link_view(host)["link"]["match"]
    for page in (host, guest):
        rematch_says(page, "ask")
    shot(host, "remote-rematch-ask")
    host.locator('#rematch [data-action="rematch"]').click()
    rematch_says(host, "waiting")
    rematch_says(guest, "asked")
    expect(guest.locator("#rematch")).to_contain_text("asks for a rematch")
    shot(guest, "remote-rematch-asked")
    guest.locator('#rematch [data-action="rematch-yes"]').click()
    first_table_on_both(host, guest, old)
    assert link_view(host)["role"] == "host" and link_view(guest)["role"] == "guest"
    play_moves([host, guest], 2)
    tables_agree(host, guest)


def test_a_rematch_with_the_host_swapped(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = ended_by_resignation(new_context, network_guard)
    old = link_view(host)["link"]["match"]
    rematch_says(guest, "ask")
    guest.locator('#rematch [data-action="rematch-swap"]').click()
    rematch_says(host, "asked")
    expect(host.locator("#rematch")).to_contain_text("hosted on their device")
    host.locator('#rematch [data-action="rematch-yes"]').click()
    first_table_on_both(guest, host, old)
    # the roles changed: the friend's device is the referee now, each kept their seat
    assert link_view(guest)["role"] == "host" and link_view(host)["role"] == "guest"
    assert link_view(host)["view"]["viewer"] == 0 and link_view(guest)["view"]["viewer"] == 1
    play_moves([guest, host], 3)
    tables_agree(guest, host)


def test_a_declined_rematch_says_so(new_context: NewContext, network_guard: NetworkGuard) -> None:
    host, guest = ended_by_resignation(new_context, network_guard)
    rematch_says(host, "ask")
    host.locator('#rematch [data-action="rematch"]').click()
    rematch_says(guest, "asked")
    guest.locator('#rematch [data-action="rematch-no"]').click()
    rematch_says(host, "declined")
    expect(host.locator("#rematch")).to_contain_text("said no")
    rematch_says(guest, "ask")  # either may ask again
    assert host.evaluate("document.body.dataset.phase") == "match-over"
    shot(host, "remote-rematch-declined")


def friends_asked_for_a_rematch(new_context: NewContext, guard: NetworkGuard) -> list[Page]:
    """Host, two friends (the first one's page in Italian) and a computer, the match
    ended by the host's resignation and a rematch asked by the host: its page
    waits, both friends' pages ask them."""
    host, yes, no = two_friends_and_a_computer(new_context, guard, {"locale": "it-IT"})
    play_moves([host, yes, no], 2)
    resign(host)
    for page in (host, yes, no):
        page.wait_for_function(OVER, timeout=30_000)
        rematch_says(page, "ask")
    host.locator('#rematch [data-action="rematch"]').click()
    rematch_says(host, "waiting")
    for page in (yes, no):
        rematch_says(page, "asked")
    return [host, yes, no]


def test_with_two_friends_a_no_to_the_rematch_reaches_the_one_who_said_yes(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """Host, two friends (the first one's page in Italian) and a computer: the host asks,
    friend 1 says yes and waits, friend 2 says no; friend 1's page and the host's say
    who said no and stop waiting, and anyone may ask again."""
    host, yes, no = friends_asked_for_a_rematch(new_context, network_guard)
    yes.locator('#rematch [data-action="rematch-yes"]').click()
    rematch_says(yes, "waiting")
    host.wait_for_function("() => JSON.stringify(window.__got).includes('answer')", timeout=30_000)
    seat = link_view(no)["link"]["seat"]
    no.locator('#rematch [data-action="rematch-no"]').click()
    # the host tells friend 1, with the seat that said no, in a message of its own
    rematch_says(yes, "declined")
    expect(yes.locator("#rematch .rematch-note")).to_have_text(
        f"Amico {seat + 1} ha detto di no: niente rivincita."
    )
    rematch_says(host, "declined")
    expect(host.locator("#rematch .rematch-note")).to_have_text(
        f"Friend {seat + 1} said no: no rematch."
    )
    told = [t for t in yes.evaluate("window.__got") if '"no_rematch"' in t]
    assert [json.loads(t)["seat"] for t in told] == [seat]
    for page in (host, yes):  # nobody waits: asking again is offered, as after any no
        expect(page.locator('#rematch [data-action="rematch"]')).to_be_visible()
        assert link_view(page)["link"]["offer"] is None
    assert link_view(yes)["link"]["agreed"] is False
    rematch_says(no, "ask")
    for page in (host, yes, no):
        assert page.evaluate("document.body.dataset.phase") == "match-over"
    shot(yes, "remote-rematch-declined-by-another")
    shot(host, "remote-rematch-declined-by-a-friend")


def test_a_friend_away_when_the_no_came_is_told_when_it_pairs_again(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """Host, two friends (the first in Italian) and a computer: the host asks for a
    rematch, friend 1 says yes, then reloads; friend 2 says no while friend 1 is away,
    so the host's no_rematch cannot reach it. Paired again, friend 1's page learns
    from the host's welcome that the offer is over, and says so instead of waiting."""
    host, yes, no = friends_asked_for_a_rematch(new_context, network_guard)
    yes.locator('#rematch [data-action="rematch-yes"]').click()
    host.wait_for_function("() => JSON.stringify(window.__got).includes('answer')", timeout=30_000)
    yes.reload()
    wait_link(host, "lost")
    no.locator('#rematch [data-action="rematch-no"]').click()
    deadline = time.monotonic() + 30  # the host heard it (its page shows the pairing now)
    while link_view(host)["link"]["offer"] is not None:
        assert time.monotonic() < deadline, "the host never heard the no"
        time.sleep(0.05)
    yes.locator('#dlg-pair [data-pairing="in"]').wait_for(timeout=30_000)
    enter(host, answer(yes, invitation(host)))
    for page in (host, yes):
        wait_link(page, "connected")
    rematch_says(yes, "declined")
    expect(yes.locator("#rematch .rematch-note")).to_have_text(
        "Niente rivincita: la proposta è finita mentre eri via."
    )
    assert not [t for t in yes.evaluate("window.__got") if '"no_rematch"' in t]
    assert link_view(yes)["link"]["agreed"] is False and link_view(yes)["link"]["offer"] is None
    expect(yes.locator('#rematch [data-action="rematch"]')).to_be_visible()  # may ask again
