"""Two devices of different engines over a real WebRTC data channel (issue 31): a
Chromium host (Playwright, Debian's Chromium) and a Firefox guest, then a WebKit
guest, paired by the page's own codes (the invitation link opened by the guest,
its answer pasted into the host's field) with no ICE server configured, so every
candidate is an address of this machine; then a whole hand played by taps on both.

Debian's WebKitGTK 2.50 is built without WebRTC (RTCPeerConnection is undefined,
also with MiniBrowser's --enable-webrtc=true): there the test checks what the
person is told instead, and says so in its output. Should a later WebKitGTK
have it, the same test pairs and plays as with Firefox.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from game_helpers import DESKTOP, open_game, strings

from tools.browsers.chromium import ChromiumTab
from tools.browsers.tab import Tab

from .table import BOOT_S, ENGINE_TABLE, call_engine, first_move, settle, tap_move

ROOT = Path(__file__).resolve().parents[2]
STRINGS = {lang: strings(lang) for lang in ("en", "it")}
HAS_WEBRTC = "() => typeof RTCPeerConnection === 'function'"
LINK_IS = "(state) => document.body.dataset.link === state"
LINK_DEALT = """async () => {
  const reply = JSON.parse(await window.scopaEngine.call('link_view'));
  return Boolean(reply.view) && document.body.dataset.phase !== 'loading';
}"""
OUT = '#dlg-pair [data-pairing="out"]'
# the other device's code, as a paste puts it in the field (contenteditable)
PASTE = """(code) => {
  const field = document.querySelector('#dlg-pair [data-pairing="in"]');
  field.focus();
  field.textContent = code;
  field.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
  return true;
}"""


def chromium_host(new_context: Any, network_guard: Any, served: Any) -> ChromiumTab:
    page = open_game(new_context, network_guard, served.url + "?fresh=1", DESKTOP)
    tab = ChromiumTab(page)
    tab.wait(ENGINE_TABLE, timeout=BOOT_S)
    settle(tab)
    return tab


def invite(host: Tab) -> str:
    """The host's new-match form: a friend's seat, Start; the invitation link."""
    host.tap('.tools [data-action="new"]')
    host.tap('#dlg-settings [data-action="friend"]')
    host.tap('#dlg-settings [data-action="start"]')
    host.wait("(s) => document.querySelector(s)?.textContent.includes('#join=O1')", OUT, timeout=60)
    return host.text(OUT).strip()


def answer_of(guest: Tab, invitation: str) -> str:
    """The guest opens the invitation link; the answer its page shows."""
    guest.goto(invitation)
    answered = "(s) => document.querySelector(s)?.textContent.startsWith('A1')"
    guest.wait(answered, OUT, timeout=BOOT_S)
    return guest.text(OUT).strip()


def link_view(tab: Tab) -> dict[str, Any] | None:
    view: dict[str, Any] | None = call_engine(tab, "link_view").get("view")
    return view


DRAWN = (
    "(seat) => document.body.dataset.phase === 'play'"
    " && !document.body.classList.contains('busy')"
    " && document.body.dataset.seatToMove === String(seat)"
)


def play_a_hand(tabs: list[Tab], touch: dict[str, bool]) -> int:
    """Each device's person moves when it is their turn (first legal move, by taps),
    until every device shows the hand over; how many moves were tapped."""
    moves = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        views = [link_view(tab) for tab in tabs]
        if all(v and v["phase"] == "hand-over" for v in views):
            return moves
        for tab, view in zip(tabs, views, strict=True):
            mine = view and view["phase"] == "play" and view.get("moves")
            if mine and view["viewer"] == view["to_move"] and tab.run(DRAWN, view["to_move"]):
                card, take = first_move(view)
                tap_move(tab, card, take, touch[tab.engine])
                tab.wait(
                    "(key) => document.body.dataset.moveDrawn !== key"
                    " || document.body.dataset.phase !== 'play'",
                    view["key"],
                    timeout=60,
                )
                moves += 1
        time.sleep(0.05)
    raise AssertionError("the hand did not end on both devices")


def pair_and_play(host: Tab, guest: Tab) -> None:
    invitation = invite(host)
    assert invitation.startswith(host.run("() => location.origin"))
    code = answer_of(guest, invitation)
    host.run(PASTE, code)
    host.tap('#dlg-pair [data-action="pair"]')
    for tab in (host, guest):
        tab.wait(LINK_IS, "connected", timeout=60)
        # the first hand is dealt once the guest's hello is in (a guest's page may show
        # its own opening table before): each engine holds the friends' match's table
        tab.wait(LINK_DEALT, timeout=60)
    host_view, guest_view = link_view(host), link_view(guest)
    assert host_view and guest_view and host_view["viewer"] == 0 and guest_view["viewer"] == 1
    moves = play_a_hand([host, guest], {"chromium": False, guest.engine: True})
    assert moves >= 36, moves  # both people's 18 moves each
    records = [call_engine(tab, "link_export") for tab in (host, guest)]
    assert all(r["ok"] for r in records)
    hands = [json.loads(r["text"])["hands"][0] for r in records]
    assert hands[0]["moves"] == hands[1]["moves"], "the two devices saw different hands"


def test_a_chromium_host_and_a_guest_of_another_engine(
    guest: str, new_context: Any, network_guard: Any, served: Any, open_browser: Any
) -> None:
    """Firefox pairs and plays; WebKitGTK, built without WebRTC here, is told why not."""
    host = chromium_host(new_context, network_guard, served)
    device = open_browser(guest, "phone").tab()
    device.goto(served.url)
    device.wait(ENGINE_TABLE, timeout=BOOT_S)
    if device.run(HAS_WEBRTC):
        pair_and_play(host, device)
    else:
        cannot_pair(host, device)
    assert host.console_errors() == []


def cannot_pair(host: Tab, guest: Tab) -> None:
    """A guest without WebRTC (Debian's WebKitGTK): the evidence, and what the person
    is told, in plain words, before the dialog and in it."""
    kind = guest.run("() => typeof RTCPeerConnection")
    print(f"\n{guest.engine} here: typeof RTCPeerConnection == {kind!r}: it cannot pair")
    assert guest.run("() => window.scopaLink.supported") is False
    invitation = invite(host)
    guest.goto(invitation)
    guest.wait("() => document.querySelector('#dlg-pair')?.open", timeout=BOOT_S)
    said = guest.text("#dlg-pair #pairing-step").strip()
    assert said == STRINGS["en"]["text"]["pair.no_webrtc"]
    assert guest.count('#dlg-pair [data-pairing="in"]') == 0
    dialog = guest.text("#dlg-pair")
    assert not any(word in dialog for word in ("Error", "JsProxy", "Can't find")), dialog
    # before anyone reaches the dialog: the form's friend controls say why, in Italian too
    guest.tap('#dlg-pair .dialog-actions [data-action="close"]', touch=True)
    guest.tap('.tools [data-action="lang"]', touch=True)
    guest.wait("() => document.documentElement.lang === 'it'")
    guest.tap('.tools [data-action="new"]', touch=True)
    guest.wait("() => document.querySelector('#dlg-settings')?.open")
    assert guest.run("() => document.querySelector('#dlg-settings [data-action=friend]').disabled")
    assert guest.text("#set-no-webrtc").strip() == STRINGS["it"]["text"]["set.no_webrtc"]
