"""The hint on a friend's device (issue 32), in real Chromium: two browser contexts
paired through the page's own codes over a real WebRTC data channel
(e2e/test_remote.py's helpers).

The guest's worker holds no match: its hint comes from its own seat's view
(`guest_hint`), by the coach the host uses. The guest taps the same Hint button
as the host, sees its options ranked with their worth and their reasons ("why"),
in English and in Italian, with the note that its own device worked them out;
asking sends nothing to the host, and "Play it" plays the hinted move on both
devices. At the end, every text the guest received is checked against the
host's record: no card its seat could not see.
"""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import NetworkGuard, call_engine
from game_helpers import NewContext, tap_move
from playwright.sync_api import Page, expect
from test_coach import HINT_SHOWN, check_hint_rows, marked, same
from test_remote import (
    DRAWN,
    got,
    leaks,
    link_view,
    mine,
    next_hand_everywhere,
    tables_agree,
    two_devices,
    wait_moved,
)

ON_DEVICE = {
    "en": "Worked out on this device",
    "it": "Calcolato su questo dispositivo",
}


def to_guest_turn(host: Page, guest: Page) -> dict[str, Any]:
    """Play the host's moves (its first legal move each time) until the guest is to
    move, with its turn drawn; the guest's table view. Whose turn it is, is the
    host's word (the referee): the guest's own view may not have its last move yet."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        referee = link_view(host)["view"]
        if not referee:  # the host's view is being replaced (a hand dealt): ask again
            time.sleep(0.05)
            continue
        if referee["phase"] == "hand-over":
            next_hand_everywhere(host, [guest])
            continue
        own, theirs = link_view(guest)["view"], referee
        if own and mine(own) and own["to_move"] == referee["to_move"]:
            # drawn, and settled: a new deal's cards come in more than one message
            if guest.evaluate(DRAWN, own["to_move"]) and own["hand"]:
                time.sleep(0.3)
                if link_view(guest)["view"] == own:
                    return own
            continue
        elif mine(theirs) and host.evaluate(DRAWN, theirs["to_move"]):
            card = theirs["hand"][0]
            tap_move(host, card, theirs["moves"][card]["moves"][0]["take"])
            wait_moved(host, theirs["moves_in_hand"])
            continue
        time.sleep(0.05)
    raise AssertionError("the guest was never to move")


def sent(page: Page) -> int:
    count: int = page.evaluate("window.__sent.length")
    return count


def hint_on_the_guest(guest: Page, view: dict[str, Any], lang: str) -> tuple[dict[str, Any], int]:
    """The guest taps Hint (or presses S, in Italian): the panel shows every legal
    move ranked, the best marked on the table, with the note that this device worked
    it out; nothing goes on the channel. The worker's answer and the reasons seen."""
    before = sent(guest)
    if lang == "it":
        guest.keyboard.press("s")
    else:
        guest.locator('#actions [data-action="hint"]').click()
    guest.wait_for_function(HINT_SHOWN, timeout=60_000)
    hint: dict[str, Any] = call_engine(guest, "guest_hint")  # the same position: the same hint
    assert hint["ok"], hint
    assert len(hint["options"]) == sum(len(e["moves"]) for e in view["moves"].values())
    reasons = check_hint_rows(guest, hint, lang)
    best = hint["best"]
    if "card" in best:
        assert marked(guest) == ([best["card"]], sorted(best["take"], key=view["table"].index))
    expect(guest.locator("#hint-panel .hint-local")).to_contain_text(ON_DEVICE[lang])
    assert sent(guest) == before  # the host is not asked
    return hint, reasons


def test_a_friends_device_shows_the_hint_from_its_own_seat(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard)
    seen = {"en": 0, "it": 0}
    for lang in ("en", "it"):
        if lang == "it":
            guest.locator('[data-action="lang"]').click()
        for _ in range(10):
            view = to_guest_turn(host, guest)
            hint, reasons = hint_on_the_guest(guest, view, lang)
            seen[lang] += reasons
            before = link_view(host)["view"]["moves_in_hand"]
            if lang == "en":  # "Play it": the hinted move, made on both devices
                guest.locator('#hint-panel [data-action="hint-play"]').click()
            else:  # by the keyboard: Escape closes, S asks again, Enter plays it
                guest.keyboard.press("Escape")
                expect(guest.locator("#hint-panel")).to_be_hidden()
                guest.keyboard.press("s")
                guest.wait_for_function(HINT_SHOWN, timeout=60_000)
                guest.keyboard.press("Enter")
            wait_moved(host, before)
            expect(guest.locator("#hint-panel")).to_be_hidden()
            record = json.loads(call_engine(host, "link_export")["text"])
            played = [m for m in record["hands"][-1]["moves"] if m.get("player") == 1]
            assert played and same(played[-1], hint["best"]), (played, hint["best"])
            if seen[lang]:
                break
    assert seen["en"] and seen["it"], f"no reason came up in these positions: {seen}"
    tables_agree(host, guest)
    host_record = json.loads(call_engine(host, "link_export")["text"])
    texts = got(guest)
    assert any(json.loads(t)["kind"] == "state" for t in texts)
    assert leaks(host_record, 1, texts) == []  # the guest was sent no card it may not see
