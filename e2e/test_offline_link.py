"""Play with a friend left out of a first visit, yet there offline (issue 28).

The link's Python (worker/link-<hash>.zip) is a lazy file: a first visit does not
download it before the service worker controls the page; the page fetches it in
idle time after that, sw.js keeps it, and two devices that then go offline start
again from the cache and pair (the engine worker fetches it at its first link
call, from the cache). A device that cannot fetch it says so in its language,
its table as it was, and pairs once it can.
"""

from __future__ import annotations

import time

from conftest import (
    BOOT_TIMEOUT_MS,
    NetworkGuard,
    call_engine,
    wait_for_play,
    wait_for_service_worker,
)
from game_helpers import NewContext
from playwright.sync_api import Page, expect
from test_remote import device, enter, join, open_friend_table, tables_agree, wait_link

from tools.serve import DIST, serving, url_of

HAS = "async (path) => Boolean(await caches.match(path))"


def link_zip() -> str:
    """The built link zip's path (worker/link-<hash>.zip)."""
    (path,) = DIST.glob("worker/link-*.zip")
    return path.relative_to(DIST).as_posix()


def link_zip_sent(log: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The server's answers to requests for link.zip."""
    return [(path, status) for path, status in log if path.split("?")[0].endswith(link_zip())]


def wait_kept(page: Page) -> None:
    """Until the page's idle fetch has put link.zip in the service worker's cache."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while not page.evaluate(HAS, link_zip()):
        assert time.monotonic() < deadline, f"{link_zip()} never came into the cache"
        page.wait_for_timeout(500)


def test_a_first_visit_leaves_the_link_for_idle_time_and_pairs_offline_later(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """Offline as on a phone without the internet on the same Wi-Fi as a friend's: the
    site's server gone (Chromium's emulated offline also stops WebRTC here)."""
    pages = []
    log: list[tuple[str, int]] = []
    with serving(DIST, request_log=log) as server:
        for _ in range(2):
            page = device(new_context, network_guard, url_of(server) + "?fresh=1")
            wait_for_service_worker(page)
            # the table played and the site precached: link.zip not asked for by then
            # (by the second device's time, the first one's idle fetch may have come)
            assert not link_zip_sent(log) or pages, log
            pages.append(page)
        for page in pages:
            wait_kept(page)
        assert link_zip_sent(log)  # asked for once the start was done
    host, guest = pages
    for page in pages:
        page.reload()
        wait_for_play(page)
    enter(host, join(guest, open_friend_table(host)))
    for page in pages:
        wait_link(page, "connected")
    tables_agree(host, guest)
    assert call_engine(guest, "link_view")["view"]["viewer"] == 1


def test_without_the_link_zip_pairing_says_so_in_italian_and_works_once_it_comes(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """No service worker (nothing kept), link.zip refused by the network: the host's
    invitation is refused with the sentence, and the table stays as it was."""
    host = device(new_context, network_guard, locale="it-IT", service_workers="block")
    refused: list[str] = []
    host.context.route(
        f"**/{link_zip()}", lambda route: (refused.append(route.request.url), route.abort())
    )
    before = call_engine(host, "view")
    host.locator('[data-action="new"]').click()
    host.locator('[data-action="friend"]').click()
    host.locator('#dlg-settings [data-action="start"]').click()
    expect(host.locator("#toast")).to_contain_text("per giocare con un amico serve prima")
    assert refused
    assert host.evaluate("document.body.dataset.link") == "none"
    after = call_engine(host, "view")
    assert {**after, "ms": 0} == {**before, "ms": 0}
    # the network again: the next link call fetches it, and a friend joins
    host.context.unroute(f"**/{link_zip()}")
    guest = device(new_context, network_guard, service_workers="block")
    enter(host, join(guest, open_friend_table(host)))
    for page in (host, guest):
        wait_link(page, "connected")
    tables_agree(host, guest)
