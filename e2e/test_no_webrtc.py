"""A browser that cannot connect to another device (issue 31), in real Chromium
with RTCPeerConnection deleted before the page's scripts run, as Debian's WebKitGTK
ships without it: the new-match form's friend controls are disabled and say why
in plain words, in English and Italian, before anyone reaches the pairing dialog;
an invitation link opened there says the same; no exception's text is shown.
(e2e/engines/ checks the same in WebKitGTK itself.)
"""

from __future__ import annotations

from typing import Any

from conftest import NetworkGuard, wait_for_play
from game_helpers import DESKTOP, NewContext, open_game, strings
from playwright.sync_api import Page

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
# what an exception's text looks like on a page: never shown to a person
EXCEPTION_WORDS = ("Error", "JsProxy", "Traceback", "undefined", "not defined", "Can't find")
# an invitation as a Chromium host makes it (any offer: this browser never reads it)
INVITATION = "#join=O1" + "q" * 40


def settings_form(page: Page) -> dict[str, Any]:
    page.locator('.tools [data-action="new"]').click()
    page.locator("#dlg-settings[open]").wait_for()
    form: dict[str, Any] = page.evaluate(
        """() => {
            const q = (s) => document.querySelector('#dlg-settings ' + s);
            return {
                friend: q('[data-action="friend"]').disabled,
                join: q('[data-action="join"]').disabled,
                described: q('[data-action="friend"]').getAttribute('aria-describedby'),
                why: q('#set-no-webrtc') ? q('#set-no-webrtc').textContent : null,
                remote: [...document.querySelectorAll('#seat-rows option[value="remote"]')]
                    .map((o) => o.disabled),
                ice: q('#set-ice') !== null,
            };
        }"""
    )
    page.keyboard.press("Escape")
    return form


def plain(text: str) -> bool:
    return not any(word in text for word in EXCEPTION_WORDS)


def test_friend_controls_say_why_without_webrtc(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?fresh=1", init_script=NO_WEBRTC)
    wait_for_play(page)
    assert page.evaluate("window.scopaLink.supported") is False
    for lang in ("en", "it"):
        form = settings_form(page)
        assert form["friend"] and form["join"], form
        assert form["described"] == "set-no-webrtc"
        assert form["why"] == strings(lang)["text"]["set.no_webrtc"]
        assert form["remote"] and all(form["remote"]), "a seat could still be made a friend's"
        assert not form["ice"], "no STUN/TURN setting where nothing can connect"
        assert plain(form["why"])
        page.locator('.tools [data-action="lang"]').click()
        page.wait_for_function("(lang) => document.documentElement.lang !== lang", arg=lang)
    assert page.evaluate("document.body.dataset.link") == "none"
    # an invitation opened in this tab, already at the game (the fragment changes only)
    page.evaluate("(hash) => { location.hash = hash; }", INVITATION)
    step = page.locator("#dlg-pair[open] #pairing-step")
    step.wait_for()
    assert step.inner_text() == strings("en")["text"]["pair.no_webrtc"]  # (back in English)


def test_an_invitation_says_why_without_webrtc(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The guest's side: the link a friend sent, opened in this browser."""
    page = open_game(new_context, network_guard, "./" + INVITATION, DESKTOP, init_script=NO_WEBRTC)
    wait_for_play(page)
    step = page.locator("#dlg-pair[open] #pairing-step")
    step.wait_for()
    said = step.inner_text()
    assert said == strings("en")["text"]["pair.no_webrtc"]
    dialog = page.locator("#dlg-pair").inner_text()
    assert plain(dialog), dialog
    assert page.locator('#dlg-pair [data-pairing="in"]').count() == 0, "nothing to paste"
    assert page.locator('#dlg-pair [data-pairing="out"]').count() == 0, "nothing to send"
    assert page.locator("#dlg-pair #pair-far").count() == 0, "no far-away choice: no pairing"
    # the game itself goes on: the table is there under the dialog
    page.keyboard.press("Escape")
    assert page.locator('[data-zone="hand"] [data-card]').count() > 0
