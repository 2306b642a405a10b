"""A friend whose phone died (issue 32), in real Chromium: the host and a guest pair
through the dialogs and play; the guest's browser context is closed for good (its
saved data with it); the host's pairing dialog offers that seat to a new device
(data-action="readmit"); a brand-new context joins with the invitation it makes,
gets that seat's hand and table, and plays the match to its end. Every text the
new device received is checked against the host's record: no card its seat could
not see (test_remote.py's channel log and leak check).
"""

from __future__ import annotations

from conftest import NetworkGuard, call_engine
from game_helpers import NewContext
from test_remote import (
    device,
    enter,
    invitation,
    join,
    link_view,
    play_match,
    play_moves,
    tables_agree,
    the_end_agrees,
    two_devices,
    wait_link,
)


def test_a_new_device_takes_the_seat_of_a_phone_that_died_and_plays_on(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard, target=3)
    play_moves([host, guest], 4)
    tables_agree(host, guest)
    moves = int(link_view(host)["view"]["moves_in_hand"])
    old_token = call_engine(guest, "link_view")["save"]["token"]
    guest.context.close()  # the phone died: its page, its channel, its saved data
    wait_link(host, "lost")
    old_invitation = invitation(host)
    readmit = host.locator('#dlg-pair [data-action="readmit"][data-seat="1"]')
    assert readmit.inner_text() == "Seat 2 on a new device"
    readmit.click()
    host.wait_for_function(
        "() => (document.getElementById('pairing-step') || {}).textContent"
        "?.startsWith('A new device for seat 2')"
    )
    code = invitation(host)
    assert code != old_invitation
    assert host.locator('#dlg-pair [data-action="readmit"]').count() == 0  # the only away seat
    fresh = device(new_context, network_guard)
    enter(host, join(fresh, code))
    for page in (host, fresh):
        wait_link(page, "connected")
    tables_agree(host, fresh)
    assert link_view(fresh)["view"]["viewer"] == 1
    assert link_view(host)["view"]["moves_in_hand"] == moves  # no move lost, none twice
    saved = call_engine(fresh, "link_view")["save"]
    assert saved["seat"] == 1 and saved["token"] != old_token
    assert fresh.locator('[data-zone="hand"] [data-card]').count() == len(
        link_view(fresh)["view"]["hand"]
    )
    play_match(host, [fresh])
    host_record, fresh_record = the_end_agrees(host, fresh)
    checks = fresh_record["meta"]["link"]["checks"]
    assert [c["hand"] for c in checks] == list(range(len(host_record["hands"])))
