""" "A friend far away" (issue 32), in real Chromium: the pairing dialog's choice
that adds public STUN servers, off by default, remembered, its sentence in both
languages; and a pairing that never hangs on a STUN server that does not answer.

No test here may contact an outside address: every page gets, before its own
scripts, a STUN address of this machine in place of the public servers
(`window.scopaTestStun`, which the page takes only when it is a loopback
address). It belongs to a UDP socket that reads the STUN requests and never
answers. Every RTCPeerConnection the pages make is logged with its servers, and
the log is checked: none but that address, ever.
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS, NetworkGuard, wait_for_play
from game_helpers import ENGINE_TABLE, NewContext, open_game, strings
from playwright.sync_api import Page, expect
from test_remote import (
    LOG_CHANNEL,
    answer,
    enter,
    link_view,
    open_friend_table,
    play_one,
    tables_agree,
    wait_link,
)

#: the most ICE gathering may take (web/link/rtc.js's GATHER_MS), and a little more
#: for the page to make the code and draw it on a busy machine
CUT_MS = 3000
CODE_WITHIN_MS = CUT_MS + 3000
STUN_BINDING = 0x0001
STUN_COOKIE = 0x2112A442
PREFS = "scopa.v1.prefs"

# Every RTCPeerConnection's ICE servers, as JSON, in window.__ice.
WATCH_ICE = """
(() => {
  window.__ice = [];
  const Native = window.RTCPeerConnection;
  if (typeof Native !== 'function') return;
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      super(config, ...rest);
      window.__ice.push(JSON.stringify((config && config.iceServers) || []));
    }
  };
})();
"""


class SilentStun:
    """A UDP socket on 127.0.0.1 that counts the STUN binding requests it gets and
    never answers one: a STUN server that is there and does not respond."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.requests = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"stun:127.0.0.1:{self.sock.getsockname()[1]}"

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, _ = self.sock.recvfrom(2048)
            except TimeoutError:
                continue
            except OSError:
                return
            if len(data) >= 8 and struct.unpack("!HHI", data[:8])[::2] == (
                STUN_BINDING,
                STUN_COOKIE,
            ):
                self.requests += 1

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.sock.close()


@pytest.fixture
def silent_stun() -> Iterator[SilentStun]:
    stun = SilentStun()
    yield stun
    stun.close()


def far_device(new_context: NewContext, guard: NetworkGuard, stun: SilentStun) -> Page:
    script = f"window.scopaTestStun = {json.dumps(stun.url)};\n" + WATCH_ICE + LOG_CHANNEL
    page = open_game(new_context, guard, "?fresh=1", init_script=script)
    wait_for_play(page)
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    return page


def servers_used(page: Page) -> list[Any]:
    return [json.loads(text) for text in page.evaluate("window.__ice")]


def only_this_machine(pages: list[Page], stun: SilentStun) -> None:
    """Every connection made had no server, or the silent loopback one: never another."""
    for page in pages:
        for servers in servers_used(page):
            assert servers in ([], [{"urls": stun.url}]), servers


def saved_choice(page: Page) -> Any:
    prefs = json.loads(page.evaluate("(key) => localStorage.getItem(key) || '{}'", PREFS))
    return prefs.get("far_away")


def open_join(page: Page) -> None:
    page.locator('.tools [data-action="new"]').click()
    page.locator('#dlg-settings [data-action="join"]').click()
    page.locator('#dlg-pair[open] [data-pairing="in"]').wait_for()


def far_switch(page: Page, lang: str) -> Any:
    """The switch, found by its accessible name in `lang`, its sentence checked."""
    words = strings(lang)["text"]
    box = page.get_by_role("checkbox", name=words["pair.far"])
    expect(box).to_be_visible()
    expect(box).to_have_attribute("aria-describedby", "pair-far-hint")
    expect(page.locator("#dlg-pair #pair-far-hint")).to_have_text(words["pair.far_hint"])
    return box


def test_far_away_is_off_by_default_remembered_and_said_in_both_languages(
    new_context: NewContext, network_guard: NetworkGuard, silent_stun: SilentStun
) -> None:
    page = far_device(new_context, network_guard, silent_stun)
    open_join(page)
    box = far_switch(page, "en")
    expect(box).not_to_be_checked()
    assert saved_choice(page) is None
    box.check()
    page.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).far_away", arg=PREFS)
    assert saved_choice(page) is True
    page.reload()
    wait_for_play(page)
    open_join(page)
    expect(far_switch(page, "en")).to_be_checked()
    page.keyboard.press("Escape")
    page.locator('.tools [data-action="lang"]').click()
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    open_join(page)
    box = far_switch(page, "it")
    expect(box).to_be_checked()
    box.uncheck()  # and off again, remembered too
    page.wait_for_function("(key) => !JSON.parse(localStorage.getItem(key)).far_away", arg=PREFS)
    page.reload()
    wait_for_play(page)
    open_join(page)
    expect(far_switch(page, "it")).not_to_be_checked()
    only_this_machine([page], silent_stun)
    assert network_guard.outside() == []


def new_code(page: Page, old: str) -> str:
    """The pairing code shown once it is not `old` any more, within the cut."""
    page.wait_for_function(
        """(old) => {
            const out = document.querySelector('#dlg-pair [data-pairing="out"]');
            return out !== null && out.textContent !== '' && out.textContent !== old;
        }""",
        arg=old,
        timeout=CODE_WITHIN_MS,
    )
    text: str = page.locator('#dlg-pair [data-pairing="out"]').inner_text()
    return text


def test_a_stun_server_that_never_answers_does_not_hold_the_pairing(
    new_context: NewContext, network_guard: NetworkGuard, silent_stun: SilentStun
) -> None:
    host = far_device(new_context, network_guard, silent_stun)
    guest = far_device(new_context, network_guard, silent_stun)
    first = open_friend_table(host)  # the choice off: made at once, with no server
    assert servers_used(host) == [[]]
    host.locator("#dlg-pair #pair-far").check()  # a fresh invitation, with the server
    invitation = new_code(host, first)
    assert "#join=O1" in invitation
    assert servers_used(host)[-1] == [{"urls": silent_stun.url}]
    # the guest chooses it too before pasting the invitation; its answer comes
    # within the cut as well, though the server never answers it either
    open_join(guest)
    guest.locator("#dlg-pair #pair-far").check()
    guest.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).far_away", arg=PREFS)
    guest.locator('#dlg-pair [data-pairing="in"]').fill(invitation)
    guest.locator('#dlg-pair [data-action="pair"]').click()
    reply = new_code(guest, "")
    assert reply.startswith("A1")
    assert servers_used(guest) == [[{"urls": silent_stun.url}]]
    assert silent_stun.requests > 0, "the STUN address was never asked"
    # the two devices pair over their own addresses and play a move
    enter(host, reply)
    for page in (host, guest):
        wait_link(page, "connected")
    tables_agree(host, guest)
    before = link_view(host)["view"]["moves_in_hand"]
    assert play_one([host, guest]) == "play"
    tables_agree(host, guest)
    assert link_view(host)["view"]["moves_in_hand"] == before + 1
    only_this_machine([host, guest], silent_stun)
    assert network_guard.outside() == []


def test_a_guest_that_chooses_it_after_answering_answers_again(
    new_context: NewContext, network_guard: NetworkGuard, silent_stun: SilentStun
) -> None:
    """The code shown would not carry the new addresses: it is made again, for the
    same invitation, and that one pairs."""
    host = far_device(new_context, network_guard, silent_stun)
    guest = far_device(new_context, network_guard, silent_stun)
    invitation = open_friend_table(host)
    open_join(guest)
    first = answer(guest, invitation)
    guest.locator("#dlg-pair #pair-far").check()
    again = new_code(guest, first)
    assert again.startswith("A1") and again != first
    expect(guest.locator("#dlg-pair #pair-far")).to_be_focused()
    assert servers_used(guest) == [[], [{"urls": silent_stun.url}]]
    enter(host, again)
    for page in (host, guest):
        wait_link(page, "connected")
    tables_agree(host, guest)
    only_this_machine([host, guest], silent_stun)
