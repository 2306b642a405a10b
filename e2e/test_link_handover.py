"""The host's page hands its match over to the friends' match (issue 32, faults), in
real Chromium over a real data channel: `<body data-link="connected">` and the
friends' table show together, and a tap on the table of the match being replaced
never plays into the friends' match.
"""

from __future__ import annotations

from typing import Any

from conftest import NetworkGuard, call_engine
from game_helpers import NewContext, first_move, saved_view, strings, tap_move
from playwright.sync_api import expect
from test_remote import device, enter, join, open_friend_table, wait_link

from scopa_core.cards import CARD_NAMES, bits
from scopa_core.hand import HandState
from scopa_core.record import load_record

# What the host's page shows at the moment its body first says "connected".
WATCH_LINK = """() => {
  window.__atConnected = null;
  const hand = () => [...document.querySelectorAll('[data-zone="hand"] [data-card]')]
    .map((el) => el.dataset.card);
  new MutationObserver(() => {
    if (window.__atConnected === null && document.body.dataset.link === 'connected') {
      window.__atConnected = {hand: hand(), pairing: document.getElementById('dlg-pair').open};
    }
  }).observe(document.body, {attributes: true, attributeFilter: ['data-link']});
}"""


def first_hand(record: dict[str, Any], seat: int) -> list[str]:
    """The cards ``seat`` was dealt in the record's first hand."""
    match = load_record(record)
    rec = match.records[0]
    cards = HandState(match.rules, rec.deck, rec.dealer).hands[seat]
    return sorted(CARD_NAMES[i] for i in bits(cards))


def test_the_link_and_the_friends_table_change_together(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host = device(new_context, network_guard, "?fresh=1&sweep=0")
    guest = device(new_context, network_guard)
    old_hand = sorted(saved_view(host)["hand"])
    host.evaluate(WATCH_LINK)
    enter(host, join(guest, open_friend_table(host)))
    wait_link(host, "connected")
    seen: dict[str, Any] = host.evaluate("window.__atConnected")
    record = call_engine(host, "link_view")["record"]
    dealt = first_hand(record, 0)
    assert old_hand != dealt  # else the check below could not tell the tables apart
    # at that very moment: the friends' table (the host's first hand in it, before any
    # move of its own) and the pairing dialog closed, not the old match's cards
    assert sorted(seen["hand"]) == dealt, (seen, old_hand)
    assert seen["pairing"] is False


def test_a_tap_on_the_table_being_replaced_is_not_played(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host = device(new_context, network_guard, "?fresh=1&sweep=0")
    old = saved_view(host)
    open_friend_table(host)
    # the host closes the pairing dialog and taps a move on the table still shown
    host.locator('#dlg-pair .dialog-head [data-action="close"]').click()
    card, take = first_move(old)
    tap_move(host, card, take)
    expect(host.locator("#toast")).to_contain_text(strings("en")["text"]["pair.table_coming"])
    assert host.evaluate("document.body.dataset.link") == "pairing"
    assert saved_view(host)["key"] == old["key"]  # the old match as it was
    link = call_engine(host, "link_view")
    assert link["record"]["hands"] == [] and link["view"] is None  # nothing played there
