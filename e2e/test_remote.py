"""Playing a friend on another device (issue 16), in real Chromium: two and three
browser contexts pair through the real UI (the `data-pairing="out"` text of one
page pasted into the `data-pairing="in"` field of the other) over real WebRTC
with no ICE server configured, so every candidate is an address of this machine.

Every text put on a channel is logged by a wrapper around
RTCDataChannel.prototype.send (add_init_script), and what each guest received
is checked against the host's record at the end: a guest never receives a card
its seat may not see.
"""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS, NetworkGuard, call_engine, wait_for_play
from game_helpers import (
    ENGINE_TABLE,
    SWEEP_NOTE,
    NewContext,
    open_game,
    put_down_risks,
    replay,
    tap_move,
    wait_settled,
)
from playwright.sync_api import Page, expect

from scopa_core.cards import CARD_NAMES
from scopa_core.hand import HandState
from scopa_core.record import load_record
from tools.serve import DIST, netlify_csp, serving, url_of

CARD = re.compile(r"(?<![A-Za-z0-9])([A2-7JQK][DHSC])(?![A-Za-z0-9])")

# Every text this page sends or receives on a data channel, in order.
LOG_CHANNEL = """
(() => {
  window.__sent = [];
  window.__got = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.__sent.push(String(data));
    return send.call(this, data);
  };
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (this instanceof RTCDataChannel && type === 'message') {
      const wrapped = (event) => {
        window.__got.push(String(event.data));
        return fn.call(this, event);
      };
      return add.call(this, type, wrapped, options);
    }
    return add.call(this, type, fn, options);
  };
})();
"""

LINK_IS = "(state) => document.body.dataset.link === state"


def device(
    new_context: NewContext, guard: NetworkGuard, query: str = "?fresh=1", **context_args: Any
) -> Page:
    # The channel log from the first load, and the engine holding the address's match
    # before the test goes on: a reload at once (as this did) could come after the
    # page tidied its address but before it saved that match, and the new-match
    # dialog opened on the opening table drawn meanwhile: either way the friends'
    # match took the default settings (the sweep warning on) for the address's.
    page = open_game(new_context, guard, query, init_script=LOG_CHANNEL, **context_args)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    return page


def open_friend_table(
    host: Page, preset: str = "scopa", remote: tuple[int, ...] = (), target: int = 11
) -> str:
    """The host's new-match dialog: a friend's seat, start; the invitation's text."""
    host.locator('[data-action="new"]').click()
    host.select_option("#set-preset", preset)
    for _ in range(11 - target):
        host.locator('[data-action="target-down"]').click()
    host.locator('[data-action="friend"]').click()
    for seat in remote:
        host.select_option(f'#seat-rows [data-seat="{seat}"] .seat-kind', "remote")
    host.locator('#dlg-settings [data-action="start"]').click()
    return invitation(host)


def invitation(host: Page) -> str:
    out = host.locator('#dlg-pair [data-pairing="out"]')
    out.wait_for(timeout=30_000)
    return out.inner_text()


def join(guest: Page, code: str) -> str:
    """The guest's "join a friend", the host's code pasted; the answer's text."""
    guest.locator('[data-action="new"]').click()
    guest.locator('[data-action="join"]').click()
    return answer(guest, code)


def answer(guest: Page, code: str) -> str:
    guest.locator('#dlg-pair [data-pairing="in"]').fill(code)
    guest.locator('#dlg-pair [data-action="pair"]').click()
    out = guest.locator('#dlg-pair [data-pairing="out"]')
    out.wait_for(timeout=30_000)
    return out.inner_text()


def enter(host: Page, code: str) -> None:
    host.locator('#dlg-pair [data-pairing="in"]').fill(code)
    host.locator('#dlg-pair [data-action="pair"]').click()


def pair(host: Page, guest: Page, fresh: bool = True) -> None:
    code = invitation(host)
    enter(host, join(guest, code) if fresh else answer(guest, code))


def link_view(page: Page) -> dict[str, Any]:
    reply: dict[str, Any] = call_engine(page, "link_view")
    return reply


def wait_link(page: Page, state: str) -> None:
    page.wait_for_function(LINK_IS, arg=state, timeout=BOOT_TIMEOUT_MS)


def test_two_devices_pair_and_deal(new_context: NewContext, network_guard: NetworkGuard) -> None:
    host = device(new_context, network_guard)
    guest = device(new_context, network_guard)
    assert host.evaluate("document.body.dataset.link") == "none"
    code = open_friend_table(host)
    assert "#join=O1" in code
    assert host.evaluate("document.body.dataset.link") == "pairing"
    enter(host, join(guest, code))
    for page in (host, guest):
        wait_link(page, "connected")
    tables_agree(host, guest)
    host_view = link_view(host)["view"]
    guest_view = link_view(guest)["view"]
    assert guest_view["viewer"] == 1 and host_view["viewer"] == 0
    assert len(guest.locator('[data-zone="hand"] [data-card]').all()) == 3


# -- playing over the channel ---------------------------------------------------------


def settled_view(page: Page) -> dict[str, Any]:
    wait_settled(page)
    view: dict[str, Any] = link_view(page)["view"]
    return view


def mine(view: dict[str, Any]) -> bool:
    return bool(view["phase"] == "play" and view.get("moves") and view["viewer"] == view["to_move"])


def play_one(pages: list[Page]) -> str:
    """Wait for a device whose person is to move and make its first legal move;
    "hand-over" or "match-over" when every device shows that instead."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        views = [link_view(p)["view"] for p in pages]
        phases = {v["phase"] if v else None for v in views}
        if phases == {"match-over"} or phases == {"hand-over"}:
            return phases.pop()
        for page, view in zip(pages, views, strict=True):
            if view and mine(view) and page.evaluate(DRAWN, view["to_move"]):
                before = link_view(pages[0])["view"]["moves_in_hand"]
                card = view["hand"][0]
                tap_move(page, card, view["moves"][card]["moves"][0]["take"])
                wait_moved(pages[0], before)
                return "play"
        time.sleep(0.05)
    said = [
        (
            p.evaluate(
                "[document.body.dataset.phase, document.body.className,"
                " document.body.dataset.seatToMove, document.body.dataset.link]"
            ),
            {k: (v or {}).get(k) for k in ("phase", "to_move", "viewer", "to_move_kind", "hand")},
        )
        for p, v in zip(pages, views, strict=True)
    ]
    raise AssertionError(f"no device could move: {said}")


DRAWN = (
    "(seat) => document.body.dataset.phase === 'play'"
    " && !document.body.classList.contains('busy')"
    " && document.body.dataset.seatToMove === String(seat)"
)


def wait_moved(host: Page, before: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = link_view(host)["view"]
        if view["moves_in_hand"] != before or view["phase"] != "play":
            return
        time.sleep(0.03)
    raise AssertionError("the move did not reach the host")


def next_hand_everywhere(host: Page, guests: list[Page]) -> None:
    for page in [*guests, host]:
        wait_settled(page)
        page.locator('#dlg-count [data-action="next-hand"]').click()
    for page in [host, *guests]:
        page.wait_for_function("() => document.body.dataset.phase !== 'hand-over'")


def play_match(host: Page, guests: list[Page], hands: int = 20) -> None:
    for _ in range(hands):
        phase = "play"
        for _ in range(200):
            phase = play_one([host, *guests])
            if phase != "play":
                break
        if phase == "match-over":
            return
        next_hand_everywhere(host, guests)
    raise AssertionError("the match did not end")


def got(page: Page) -> list[str]:
    texts: list[str] = page.evaluate("window.__got")
    return texts


def leaks(record: dict[str, Any], seat: int, texts: list[str]) -> list[str]:
    """The texts a guest at `seat` got that name a card it could not know then,
    from the host's record of the match (its hands, decks and moves)."""
    match = load_record(record)
    offsets, total = [], 0
    for rec in match.records:
        offsets.append(total)
        total += len(rec.moves)
    found = []
    for text in texts:
        message = json.loads(text)
        allowed: set[str] = set()
        if message["kind"] == "reveal":
            allowed = set(CARD_NAMES)
        elif message["kind"] == "state":
            rec = match.records[message["hand"]]
            hand = HandState(match.rules, rec.deck, rec.dealer)
            seen = hand.initial_table | hand.hands[seat]
            for move in rec.moves[: message["seq"] - offsets[message["hand"]]]:
                hand.play(move)
                seen |= hand.hands[seat] | (1 << move.card if move.card >= 0 else 0)
            allowed = {CARD_NAMES[i] for i in range(40) if seen >> i & 1}
        leaked = set(CARD.findall(text)) - allowed
        if leaked:
            found.append(f"{message['kind']}: {sorted(leaked)}")
    return found


def two_devices(
    new_context: NewContext, guard: NetworkGuard, target: int = 11, host_query: str = "?fresh=1"
) -> list[Page]:
    """A host (opened with ``host_query``) and a guest, paired and connected."""
    host = device(new_context, guard, host_query)
    guest = device(new_context, guard)
    enter(host, join(guest, open_friend_table(host, target=target)))
    for page in (host, guest):
        wait_link(page, "connected")
    return [host, guest]


def test_a_whole_match_and_no_hidden_card_sent(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard, target=3)
    play_match(host, [guest])
    host_record, guest_record = the_end_agrees(host, guest)
    for page, record in ((host, host_record), (guest, guest_record)):
        assert exported(page) == record  # "Your games", Export: the device's own record


def the_end_agrees(host: Page, guest: Page, seat: int = 1) -> tuple[Any, Any]:
    """Both devices at the match's end: (the host's record, the guest's), the hands the
    same, the guest's replayed, its every check passed, and no text it received naming
    a card its seat (``seat``) could not see then."""
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.phase === 'match-over'")
    host_record = json.loads(call_engine(host, "link_export")["text"])
    guest_record = json.loads(call_engine(guest, "link_export")["text"])
    assert host_record["hands"] == guest_record["hands"]
    assert replay(guest_record)["ok"], replay(guest_record)
    texts = got(guest)
    assert any(json.loads(t)["kind"] == "state" for t in texts)
    assert leaks(host_record, seat, texts) == []
    checks = guest_record["meta"]["link"]["checks"]
    assert checks and all(c["ok"] for c in checks), checks
    return host_record, guest_record


def exported(page: Page) -> dict[str, Any]:
    """The match as the page's own Export button downloads it."""
    while page.locator("dialog[open]").count():  # the count at the match's end
        page.keyboard.press("Escape")
    page.locator('.tools [data-action="games"]').click()
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="export"]').click()
    record: dict[str, Any] = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    page.keyboard.press("Escape")
    return record


def play_moves(pages: list[Page], n: int) -> None:
    for _ in range(n):
        assert play_one(pages) == "play"


#: what both devices' views must agree on once a move has reached both
AGREED_KEYS = ("table", "moves_in_hand", "hand_no", "to_move", "scores")


def tables_agree(host: Page, guest: Page, timeout_s: float = 30) -> None:
    """The same table on both devices, drawn: the worker's views and the cards shown.

    A device that is settled (its person may act, or waits on the other) may not
    have the other's last move yet: it is on the data channel. So this waits for
    the devices to agree, and fails with the first disagreement if they never do.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        disagreement = table_disagreement(host, guest)
        if disagreement is None:
            return
        if time.monotonic() > deadline:
            raise AssertionError(disagreement)
        time.sleep(0.05)


def table_disagreement(host: Page, guest: Page) -> str | None:
    """What the two devices disagree on (their views, or a view and its cards shown)."""
    for page in (host, guest):
        wait_settled(page)
    h, g = link_view(host)["view"], link_view(guest)["view"]
    for key in AGREED_KEYS:
        if h.get(key) != g.get(key):
            return f"{key}: host {h.get(key)!r}, guest {g.get(key)!r}"
    for name, page, view in (("host", host, h), ("guest", guest, g)):
        shown = page.eval_on_selector_all(
            '[data-zone="table"] [data-card]', "(cards) => cards.map((c) => c.dataset.card)"
        )
        if sorted(shown) != sorted(view["table"]):
            return f"{name} shows {sorted(shown)}, its view has {sorted(view['table'])}"
    return None


def test_a_bad_message_is_refused_and_play_goes_on(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard)
    play_moves([host, guest], 2)
    before = link_view(host)["view"]
    match = link_view(guest)["link"]["match"]
    hostile = [
        "{not json",
        json.dumps({"v": 1, "kind": "move", "match": match, "seq": 0, "move": {"card": "KD"}}),
        json.dumps({"v": 1, "kind": "move", "match": match, "seq": 2, "move": {"card": "ZZ"}}),
        json.dumps({"v": 1, "kind": "resign", "match": "someone-else"}),
        "x" * 70_000,  # over the transport's limit: dropped before anyone reads it
    ]
    for text in hostile:
        assert guest.evaluate("(t) => window.scopaLink.send('host', t)", text)
    guest.wait_for_function(
        "() => window.__got.filter((t) => JSON.parse(t).kind === 'refuse').length >= 4",
        timeout=30_000,
    )
    after = link_view(host)["view"]
    assert after["table"] == before["table"] and after["phase"] == "play"
    assert after["moves_in_hand"] == before["moves_in_hand"]
    play_moves([host, guest], 2)
    tables_agree(host, guest)


def risky_put_down(page: Page) -> str | None:
    """On this device's turn, drawn: a card of its hand whose only move puts it
    down into a table the next player may sweep (the sweep warning's note)."""
    reply = link_view(page)
    view = reply["view"]
    if not (view and mine(view) and page.evaluate(DRAWN, view["to_move"])):
        return None
    function = "guest_sweep_risk" if reply["role"] == "guest" else "sweep_risk"
    risks = put_down_risks(page, view, function)
    return next((card for card, percent in risks if percent), None)


def refused(page: Page) -> int:
    count: int = page.evaluate(
        "() => window.__got.filter((t) => JSON.parse(t).kind === 'refuse').length"
    )
    return count


def with_a_risky_card(player: Page, host: Page, guest: Page) -> str:
    """Play on until the player's device, to move, has a card the sweep warning
    holds. Both devices take as much as they can (a small table leaves sweeps to
    fear). Whose turn it is, is the host's word (the referee): a guest's own view
    may not have the host's last move yet."""
    other = guest if player is host else host
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        referee = link_view(host)["view"]
        if referee and referee["phase"] == "hand-over":
            next_hand_everywhere(host, [guest])
            continue
        own = link_view(player)["view"]
        mover = player if own and mine(own) else other
        view = link_view(mover)["view"]
        if not (referee and referee["phase"] == "play" and view and mine(view)):
            time.sleep(0.05)
            continue
        if view["to_move"] != referee["to_move"] or not mover.evaluate(DRAWN, view["to_move"]):
            time.sleep(0.05)  # the device has not drawn its turn yet
            continue
        card = risky_put_down(player) if mover is player else None
        if card is not None:
            return card
        card, take = greediest_move(view)
        tap_move(mover, card, take)
        wait_moved(host, referee["moves_in_hand"])  # the referee has it
    raise AssertionError("the player never had a card the sweep warning holds")


def greediest_move(view: dict[str, Any]) -> tuple[str, list[str]]:
    """The move of a table view that takes the most cards (the first card's first
    move when none takes)."""
    options = [
        (card, option["take"]) for card in view["hand"] for option in view["moves"][card]["moves"]
    ]
    return max(options, key=lambda option: len(option[1]))


def test_the_sweep_note_stays_when_a_message_comes(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The host's match warns before a sweep (sweep=1: the new match keeps it); the
    host's note is up, holding its card, and messages from the friend's device come
    meanwhile (here two bad ones, each refused): each redraws the host's page, and
    the note stays until the player says -- it does not turn back into "Your turn"
    with the card still held -- and "Play it anyway" plays the card."""
    host, guest = two_devices(new_context, network_guard, host_query="?fresh=1&sweep=1")
    card = with_a_risky_card(host, host, guest)
    view = link_view(host)["view"]
    assert view["settings"].get("sweep_warning") is True, (view["settings"], view["hand_no"])
    host.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
    expect(host.locator(SWEEP_NOTE)).to_be_visible()
    before = refused(guest)
    for _ in range(2):  # the host handles one at a time: the second's refusal
        assert guest.evaluate("(t) => window.scopaLink.send('host', t)", "{not json")
    guest.wait_for_function(  # comes once the first was handled and the page redrawn
        "(n) => window.__got.filter((t) => JSON.parse(t).kind === 'refuse').length >= n",
        arg=before + 2,
        timeout=30_000,
    )
    expect(host.locator(SWEEP_NOTE)).to_be_visible()
    marked = host.locator(f'#hand [data-card="{card}"]')
    expect(marked).to_have_class(re.compile(r"\bsweep-card\b"))
    assert link_view(host)["view"]["key"] == view["key"]  # held: not sent
    host.locator(SWEEP_NOTE).click()
    wait_moved(host, view["moves_in_hand"])
    assert card in link_view(host)["view"]["table"]  # put down, as the note said
    tables_agree(host, guest)


def test_a_friends_device_warns_before_a_sweep_too(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The match's sweep warning holds on the friend's device as on the host's.
    The guest's worker holds no match: it works the chance out from its own seat's
    view (guest_sweep_risk), and the note says it. While the note is up the card
    stays on the guest's device (nothing goes on the channel); "Choose again"
    lets it go, and "Play it anyway" plays it, on both devices."""
    host, guest = two_devices(new_context, network_guard, host_query="?fresh=1&sweep=1")
    card = with_a_risky_card(guest, host, guest)
    view = link_view(guest)["view"]
    assert view["settings"].get("sweep_warning") is True, view["settings"]
    percent = dict(put_down_risks(guest, view, "guest_sweep_risk"))[card]
    sent = len(guest.evaluate("window.__sent"))
    marked = guest.locator(f'#hand [data-card="{card}"]')
    marked.click()
    expect(guest.locator(SWEEP_NOTE)).to_be_visible()
    expect(guest.locator("#status")).to_contain_text(f"{percent}%")
    expect(marked).to_have_class(re.compile(r"\bsweep-card\b"))
    guest.locator('#actions [data-action="sweep-again"]').click()
    expect(guest.locator(SWEEP_NOTE)).to_have_count(0)
    marked.click()
    expect(guest.locator(SWEEP_NOTE)).to_be_visible()
    assert len(guest.evaluate("window.__sent")) == sent  # held: nothing went to the host
    assert link_view(host)["view"]["moves_in_hand"] == view["moves_in_hand"]
    guest.locator(SWEEP_NOTE).click()  # "Play it anyway"
    wait_moved(host, view["moves_in_hand"])
    assert card in link_view(host)["view"]["table"]  # put down, as the note said
    tables_agree(host, guest)


@pytest.mark.parametrize("seat", [1, 0])
def test_a_resignation_ends_the_match_on_both(
    new_context: NewContext, network_guard: NetworkGuard, seat: int
) -> None:
    host, guest = two_devices(new_context, network_guard)
    play_moves([host, guest], 2)
    resigning = [host, guest][seat]
    wait_settled(resigning)
    resigning.locator('.tools [data-action="resign"]').click()
    resigning.locator('#dlg-confirm [data-action="confirm-resign"]').click()
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.phase === 'match-over'", timeout=30_000)
    end = link_view(host)["view"]["result"]["end"]
    assert end["reason"] == "resigned" and end["seat"] == seat
    assert link_view(guest)["view"]["result"]["end"]["reason"] == "resigned"


def reload_and_pair_again(host: Page, guest: Page, reloaded: Page) -> int:
    """One of the two devices reloads: both see the link lost, pair again with
    fresh codes (the host invites, the guest answers) and show the same table.
    The moves of the hand made before the reload."""
    moves = int(link_view(host)["view"]["moves_in_hand"])
    reloaded.reload()
    for page in (host, guest):
        wait_link(page, "lost")
    guest.locator('#dlg-pair [data-pairing="in"]').wait_for()
    enter(host, answer(guest, invitation(host)))
    for page in (host, guest):
        wait_link(page, "connected")
    tables_agree(host, guest)
    return moves


def test_a_guest_reloads_pairs_again_and_the_match_goes_on(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard)
    play_moves([host, guest], 3)
    tables_agree(host, guest)
    moves = reload_and_pair_again(host, guest, guest)
    assert link_view(guest)["view"]["moves_in_hand"] == moves
    play_moves([host, guest], 2)
    tables_agree(host, guest)
    assert link_view(host)["view"]["moves_in_hand"] == moves + 2


# The host's page alters every reveal it sends: the guest's own check must catch it.
TAMPER = """
(() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    let text = String(data);
    if (text.includes('"kind": "reveal"') || text.includes('"kind":"reveal"')) {
      const message = JSON.parse(text);
      const s = message.secret;
      message.secret = (s[0] === '0' ? '1' : '0') + s.slice(1);
      text = JSON.stringify(message);
    }
    return send.call(this, text);
  };
})();
"""


def test_a_tampered_reveal_is_flagged_on_the_guest(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host = device(new_context, network_guard)
    host.add_init_script(TAMPER)
    host.reload()
    wait_for_play(host)
    guest = device(new_context, network_guard)
    enter(host, join(guest, open_friend_table(host, target=1)))
    for page in (host, guest):
        wait_link(page, "connected")  # the guest's worker holds its seat before anyone looks
    play_match(host, [guest])
    guest.wait_for_function("() => document.body.dataset.dealCheck === 'failed'")
    checks = link_view(guest)["link"]["checks"]
    assert checks and not checks[0]["ok"], checks
    assert host.evaluate("document.body.dataset.dealCheck") is None


def next_invitation(host: Page, old: str) -> str:
    """The host's invitation for the next friend's seat: a new code."""
    host.wait_for_function(
        "(old) => { const o = document.querySelector('#dlg-pair [data-pairing=out]');"
        " return o && o.textContent !== old; }",
        arg=old,
        timeout=60_000,
    )
    return invitation(host)


def two_friends_and_a_computer(
    new_context: NewContext, guard: NetworkGuard, *guest_args: dict[str, Any]
) -> list[Page]:
    """A 4-player table: the host, two friends each on a device (``guest_args``: each
    one's context options, e.g. a locale), a computer; [host, friend 1, friend 2]
    once all three are connected."""
    host = device(new_context, guard)
    options = list(guest_args) + [{}] * (2 - len(guest_args))
    guests = [device(new_context, guard, **options[k]) for k in range(2)]
    first = open_friend_table(host, preset="scopa-4", remote=(1,))
    enter(host, join(guests[0], first))
    enter(host, join(guests[1], next_invitation(host, first)))
    for page in (host, *guests):
        wait_link(page, "connected")
    return [host, *guests]


def test_four_players_two_friends_and_a_computer(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, *guests = two_friends_and_a_computer(new_context, network_guard)
    seats = [link_view(g)["link"]["seat"] for g in guests]
    assert sorted(seats) == [1, 2]
    play_moves([host, *guests], 8)
    record = json.loads(call_engine(host, "link_export")["text"])
    for guest, seat in zip(guests, seats, strict=True):
        assert leaks(record, seat, got(guest)) == []
        tables_agree(host, guest)  # the computer's move may still be on its way


def test_two_browser_processes(
    new_context: NewContext,
    network_guard: NetworkGuard,
    browser_type: Any,
    browser_type_launch_args: dict[str, Any],
) -> None:
    """The host in this browser, the guest in a second Chromium process."""
    host = device(new_context, network_guard)
    other = browser_type.launch(**browser_type_launch_args)
    try:
        base = host.url.split("?")[0]
        context = network_guard.watch(other.new_context(viewport={"width": 360, "height": 640}))
        context.add_init_script(LOG_CHANNEL)
        guest = context.new_page()
        guest.goto(base + "?fresh=1&sweep=0")
        wait_for_play(guest)
        enter(host, join(guest, open_friend_table(host)))
        for page in (host, guest):
            wait_link(page, "connected")
        play_moves([host, guest], 4)
        tables_agree(host, guest)
        context.close()
    finally:
        other.close()


READ_QR = """
async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  return await window.scopaQR.fromImage(new Blob([bytes], { type: 'image/png' }));
}
"""


def test_the_codes_go_as_qr_codes_under_the_production_csp(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The host's invitation read from its QR code by the guest's photo picker, and
    the guest's answer read back from its QR code (jsQR: no BarcodeDetector here),
    with the site served under netlify.toml's Content-Security-Policy."""
    with serving(DIST, csp=netlify_csp()) as server:
        address = url_of(server) + "?fresh=1"
        phone = {"device_scale_factor": 3}  # a phone's screen, photographed
        host = device(new_context, network_guard, address, **phone)
        guest = device(new_context, network_guard, address, **phone)
        code = open_friend_table(host)
        photo = host.locator("#dlg-pair .pairing-qr svg").screenshot()
        assert host.evaluate(READ_QR, b64(photo)) == code  # the whole invitation
        guest.locator('[data-action="new"]').click()
        guest.locator('[data-action="join"]').click()
        with guest.expect_file_chooser() as chooser:
            guest.locator('#dlg-pair [data-action="pair-photo"]').click()
        chooser.value.set_files(
            files=[{"name": "qr.png", "mimeType": "image/png", "buffer": photo}]
        )
        out = guest.locator('#dlg-pair [data-pairing="out"]')
        out.wait_for(timeout=30_000)
        assert guest.locator('#dlg-pair [data-pairing="in"]').count() == 0
        reply = guest.locator("#dlg-pair .pairing-qr svg").screenshot()
        read = guest.evaluate(READ_QR, b64(reply))
        assert read == out.inner_text()
        enter(host, read)
        for page in (host, guest):
            wait_link(page, "connected")
        play_moves([host, guest], 2)
        requests = " ".join(network_guard.requests)
        assert "jsQR.js" in requests and "qrcode.js" in requests


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def test_the_host_reloads_and_invites_again(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    host, guest = two_devices(new_context, network_guard)
    play_moves([host, guest], 3)
    moves = reload_and_pair_again(host, guest, host)
    assert link_view(host)["view"]["moves_in_hand"] == moves
    play_moves([host, guest], 2)
    tables_agree(host, guest)
