"""One match in two tabs of one browser (two pages of one context, as the
installed app and a tab share one profile): a tab never saves over a newer
match, a tab that is behind comes up to date before it lets anyone play, and
the match on the device is always a record the replay checker accepts.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import BOOT_TIMEOUT_MS, NetworkGuard
from game_helpers import (
    DECLARE_TO_WIN,
    ENGINE_TABLE,
    PHONE,
    NewContext,
    replay,
    saved_record,
    saved_view,
    table_drawn_before_engine,
    tap_move,
    to_my_turn,
    wait_settled,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_persistence import TABLE_JS, play_moves, wait_restored

#: what the tab says when it caught up, and when an action of its player was not made
CAUGHT_UP = "The match went on in another tab or window"
NOT_MADE = "That was not done: the match had gone on in another tab or window"


#: Run in tab B before the page's own scripts (so its listener comes first): once
#: `window.deaf` is set, B hears nothing of other tabs -- no storage event, and
#: localStorage's save number stays what it was -- as a tab frozen in the
#: background, or one whose localStorage lags behind another process's writes.
DEAF = """
window.addEventListener('storage', (e) => { if (window.deaf) e.stopImmediatePropagation(); });
const getItem = Storage.prototype.getItem;
Storage.prototype.getItem = function (key) {
  if (window.deaf && key === 'scopa.v1.saved') return window.deaf;
  return getItem.call(this, key);
};
"""


def two_tabs(
    new_context: NewContext, guard: NetworkGuard, query: str, b_script: str | None = None
) -> tuple[BrowserContext, Page, Page]:
    """Tab A opens the match at `query`; tab B then opens the app and restores it."""
    context = guard.watch(new_context(viewport=PHONE, reduced_motion="reduce"))
    a = context.new_page()
    a.goto(query)
    to_my_turn(a)
    b = context.new_page()
    if b_script:
        b.add_init_script(b_script)
    b.goto("./")
    to_my_turn(b)
    assert drawn(b) == drawn(a)
    return context, a, b


def drawn(page: Page) -> dict[str, Any]:
    """The table a tab shows (its own drawing, not the shared saved view)."""
    table: dict[str, Any] = page.evaluate(TABLE_JS)
    return table


def moves(record: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [hand["moves"] for hand in record["hands"]]


def continues(later: dict[str, Any], earlier: dict[str, Any]) -> bool:
    """`later` is `earlier` with moves added: none of earlier's is lost or changed."""
    old, new = moves(earlier), moves(later)
    if len(new) < len(old) or new[: len(old) - 1] != old[:-1]:
        return False
    return new[len(old) - 1][: len(old[-1])] == old[-1]


def shows(page: Page, other: Page, timeout_s: float = 30) -> None:
    """Wait until `page` draws the table `other` draws (it caught up)."""
    deadline = page.evaluate("performance.now()") + timeout_s * 1000
    while drawn(page) != drawn(other) or page.evaluate("document.body.classList.contains('busy')"):
        assert page.evaluate("performance.now()") < deadline, "the tab did not catch up"
        page.wait_for_timeout(50)


def single_move(view: dict[str, Any], skip: str | None = None) -> str:
    """A hand card with one legal move (a tap plays it at once)."""
    for card in view["hand"]:
        if card != skip and len(view["moves"][card]["moves"]) == 1:
            return card
    raise AssertionError("no card with a single move: " + json.dumps(view["moves"]))


def tap_unless_gone(page: Page, card: str) -> None:
    """Tap a hand card as the player would, if the tab still shows it."""
    page.evaluate(
        """(c) => document.querySelector(`[data-zone="hand"] [data-card="${c}"]`)?.click()""",
        card,
    )


def test_moves_in_one_tab_are_kept_when_the_other_plays_on(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    _, a, b = two_tabs(new_context, network_guard, "?seed=61&level=easy")
    play_moves(a, 2)
    by_a = saved_record(a)
    # B shows A's table before anyone can play there, and says why it changed
    shows(b, a)
    expect(b.locator("#toast")).to_contain_text(CAUGHT_UP)
    play_moves(b, 1)
    by_b = saved_record(b)
    assert continues(by_b, by_a), "a move made in tab A was lost"
    assert len(by_b["hands"][-1]["moves"]) > len(by_a["hands"][-1]["moves"])
    shows(a, b)  # and A follows B
    play_moves(a, 1)
    final = saved_record(a)
    assert continues(final, by_b)
    shows(b, a)
    # a reload of either shows the newest match
    for page in (a, b):
        page.reload()
        wait_restored(page)
        assert saved_record(page) == final
    assert drawn(a) == drawn(b)
    assert replay(final)["ok"]


def test_a_tab_that_missed_the_news_is_stopped_by_the_indexeddb_copy(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """B in the background, frozen or slow to hear: it sees neither the storage
    event nor localStorage's new number (as if both came late). Its player taps a
    card of the old table: the move is refused by the IndexedDB copy's number, and
    B comes up to date; nothing of A's is lost."""
    _, a, b = two_tabs(new_context, network_guard, "?seed=62&level=easy", DEAF)
    view = saved_view(a)
    card = single_move(view)
    b.evaluate("() => { window.deaf = localStorage.getItem('scopa.v1.saved'); }")
    tap_move(a, card, view["moves"][card]["moves"][0]["take"])  # A plays the card
    to_my_turn(a)
    by_a = saved_record(a)
    tap_unless_gone(b, card)  # B's player taps the same card on B's old table
    expect(b.locator("#toast")).to_contain_text(NOT_MADE)
    shows(b, a)
    assert saved_record(b) == by_a, "tab B saved over tab A's moves"
    # B goes on from there (and hears again)
    b.evaluate("() => { window.deaf = null; }")
    b.reload()
    wait_restored(b)
    play_moves(b, 1)
    assert continues(saved_record(b), by_a)
    shows(a, b)
    assert replay(saved_record(a))["ok"]


def test_both_tabs_playing_at_once_keep_one_move_and_agree(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    _, a, b = two_tabs(new_context, network_guard, "?seed=63&level=easy")
    view = saved_view(a)
    first = single_move(view)
    second = single_move(view, skip=first)
    before = saved_record(a)
    # the two taps are dispatched back to back: both are on their way at once
    tap_unless_gone(a, first)
    tap_unless_gone(b, second)
    for page in (a, b):
        page.wait_for_function(
            "(k) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== k",
            arg=view["key"],
        )
    to_my_turn(a)
    shows(b, a)
    after = saved_record(a)
    assert continues(after, before)
    made = after["hands"][-1]["moves"][len(before["hands"][-1]["moves"])]
    assert made["card"] in (first, second)
    assert replay(after)["ok"]
    for page in (a, b):
        page.reload()
        wait_restored(page)
        assert saved_record(page) == after
    assert drawn(a) == drawn(b)


def test_a_tab_whose_engine_is_still_starting_comes_up_to_date(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """B is opened: its saved table is drawn at once and its engine is still starting
    when its player taps a move (queued for the engine) and A plays on. B's queued
    move is not made, B shows A's table; until then B takes no other tap."""
    context = network_guard.watch(
        new_context(viewport=PHONE, reduced_motion="reduce", service_workers="block")
    )
    a = context.new_page()
    a.goto("?seed=64&level=easy")
    to_my_turn(a)
    view = saved_view(a)
    card = single_move(view)
    held: list[Any] = []
    # B's engine waits for its package until the test lets it through
    context.route("**/worker/engine.zip", lambda route: held.append(route))
    b = context.new_page()
    b.goto("./")
    table_drawn_before_engine(b)
    tap_unless_gone(b, card)  # queued: B's engine is not there yet
    expect(b.locator("#status")).to_contain_text("Your move is ready")
    tap_move(a, card, view["moves"][card]["moves"][0]["take"])
    to_my_turn(a)
    by_a = saved_record(a)
    expect(b.locator("body")).to_have_class("busy")  # B knows it is behind
    assert not b.evaluate(ENGINE_TABLE)
    for _ in range(BOOT_TIMEOUT_MS // 50):  # B's worker may ask for it a little later
        if held:
            break
        b.wait_for_timeout(50)
    held[0].continue_()
    b.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    expect(b.locator("#toast")).to_contain_text(NOT_MADE)
    shows(b, a)
    assert saved_record(b) == by_a
    play_moves(b, 1)
    assert continues(saved_record(b), by_a)
    assert replay(saved_record(b))["ok"]


def test_a_match_finished_in_one_tab_is_counted_once(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    _, a, b = two_tabs(new_context, network_guard, DECLARE_TO_WIN)
    a.locator('#actions [data-action="declare"]').click()
    assert wait_settled(a) == "match-over"
    b.wait_for_function("document.body.dataset.phase === 'match-over'")
    expect(b.locator("#dlg-count .result")).to_be_visible()
    stats = json.loads(a.evaluate("localStorage.getItem('scopa.v1.stats')"))
    counted = sum(g["matches_won"] + g["matches_lost"] for g in stats["groups"])
    assert counted == 1
    for page in (b, a):
        page.reload()
        assert wait_restored(page) == "match-over"
    again = json.loads(a.evaluate("localStorage.getItem('scopa.v1.stats')"))
    assert again["groups"] == stats["groups"]


def test_a_following_tab_plays_the_computers_when_the_other_is_closed(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """A's person moves and A is closed while its computer thinks: B, which only
    followed A, plays the computer's move itself a few seconds later."""
    _, a, b = two_tabs(new_context, network_guard, "?seed=65&level=expert")
    view = saved_view(a)
    card = single_move(view)
    tap_unless_gone(a, card)
    b.wait_for_function(
        "document.body.dataset.phase === 'thinking' && document.body.dataset.seatToMove === '1'"
    )
    by_a = saved_record(b)
    a.close()
    to_my_turn(b)
    after = saved_record(b)
    assert continues(after, by_a)
    assert len(moves(after)[-1]) > len(moves(by_a)[-1]) or len(moves(after)) > len(moves(by_a))
    assert replay(after)["ok"]
