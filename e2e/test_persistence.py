"""Never losing a game, in the real built site: the match is saved after every move
and comes back after a reload, a closed or killed browser and a new version of the
app; saved data that cannot be read is explained, kept and downloadable; records
are exported and imported (checked by the engine); statistics count once.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from conftest import (
    BOOT_TIMEOUT_MS,
    ROOT,
    NetworkGuard,
    TrapProxy,
    launch_args,
    wait_for_service_worker,
)
from game_helpers import (
    DECLARE_TO_WIN,
    ENGINE_TABLE,
    PHONE,
    NewContext,
    declare_and_win,
    open_game,
    replay,
    saved_record,
    saved_view,
    shot,
    tap_move,
    to_my_turn,
    wait_settled,
)
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect
from test_a11y import check as check_a11y

from tools.build import build
from tools.serve import DIST, serving, url_of

# What a person sees: the cards of each zone, the zones' counts, the score.
TABLE_JS = """() => {
  const zones = {};
  for (const zone of document.querySelectorAll('[data-zone]')) {
    const d = zone.dataset;
    zones[[d.zone, d.side ?? '', d.seat ?? ''].join(':')] = {
      cards: [...zone.querySelectorAll('[data-card]')].map((e) => e.dataset.card).sort(),
      count: d.count ?? null,
      scope: d.scope ?? null,
    };
  }
  return {
    zones,
    score: document.getElementById('scoreboard').innerText,
    hand: document.getElementById('hand-info').innerText,
    phase: document.body.dataset.phase,
    seatToMove: document.body.dataset.seatToMove,
  };
}"""

# Whether the page's IndexedDB copy of the game (web/app/durable.py) has this view key.
COPY_HAS_KEY = """async (key) => {
  const result = (request) => new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const db = await result(indexedDB.open('scopa'));
  try {
    const text = await result(db.transaction('saves').objectStore('saves').get('game'));
    return text !== undefined && JSON.parse(JSON.parse(text).view).key === key;
  } finally {
    db.close();
  }
}"""


def table(page: Page) -> dict[str, Any]:
    drawn: dict[str, Any] = page.evaluate(TABLE_JS)
    return drawn


def saved_text(page: Page, key: str = "scopa.v1.record") -> str | None:
    text: str | None = page.evaluate("(k) => localStorage.getItem(k)", key)
    return text


def wait_restored(page: Page) -> str:
    """After a (re)load: the engine holds the match and a person may act."""
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    return wait_settled(page)


def play_moves(page: Page, n: int) -> None:
    """Make n moves (the first legal move each time), then wait for the person's turn."""
    for _ in range(n):
        to_my_turn(page)
        view = saved_view(page)
        card = view["hand"][0]
        tap_move(page, card, view["moves"][card]["moves"][0]["take"])
        page.wait_for_function(
            "(k) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== k",
            arg=view["key"],
        )
    to_my_turn(page)


def open_games(page: Page) -> None:
    page.locator('.tools [data-action="games"]').click()
    expect(page.locator("#dlg-games")).to_be_visible()


def import_file(page: Page, name: str, text: str) -> None:
    """Choose a file with the "Import a match file" button (the real file chooser)."""
    if not page.locator("#dlg-games").is_visible():
        open_games(page)
    with page.expect_file_chooser() as chooser:
        page.locator('#dlg-games [data-action="import"]').click()
    chooser.value.set_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )


# --- the match comes back ----------------------------------------------------------


def test_a_reload_in_the_middle_of_a_hand_gives_back_the_same_table(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=21&level=easy&target=16")
    play_moves(page, 2)
    before = table(page)
    view = saved_view(page)
    record = saved_record(page)
    assert view["moves_in_hand"] >= 2 and before["zones"]["hand::"]["cards"]
    page.reload()
    assert wait_restored(page) == "play"
    assert table(page) == before
    after = saved_view(page)
    for key in ("key", "hand", "table", "hand_counts", "piles", "totals", "to_move", "settings"):
        assert after[key] == view[key], key
    assert saved_record(page) == record
    assert after["settings"]["target"] == 16 and after["settings"]["level"] == "easy"
    assert page.evaluate("location.search") == ""  # the URL's settings applied once
    play_moves(page, 1)  # and it goes on
    assert replay(saved_record(page))["ok"]


def chromium_pid(profile: Path) -> int:
    """The browser process started on this profile (not its helpers)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        flag = f"--user-data-dir={profile}".encode()
        if flag in args and not any(a.startswith(b"--type=") for a in args):
            return int(entry.name)
    raise AssertionError("no Chromium process for " + str(profile))


def proc_state(pid: int) -> str:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return line
    return "zombie (gone)"


def on_disk(profile: Path, marker: str) -> bool:
    """Chromium has written `marker` (part of a localStorage value) to its files."""
    folder = profile / "Default" / "Local Storage" / "leveldb"
    forms = (marker.encode("latin-1"), marker.encode("utf-16-le"))
    for path in folder.glob("*.log"):
        with contextlib.suppress(OSError):
            data = path.read_bytes()
            if any(form in data for form in forms):
                return True
    return False


def launcher(
    browser_type: BrowserType, trap: TrapProxy, guard: NetworkGuard, profile: Path
) -> Callable[[], tuple[BrowserContext, Page]]:
    """Starts the browser on one profile, as a person starts it again and again."""

    def launch() -> tuple[BrowserContext, Page]:
        context = guard.watch(
            browser_type.launch_persistent_context(
                str(profile), viewport=PHONE, reduced_motion="reduce", **launch_args(trap)
            )
        )
        return context, context.pages[0] if context.pages else context.new_page()

    return launch


def test_closing_the_browser_keeps_the_match(
    browser_type: BrowserType,
    trap_proxy: TrapProxy,
    network_guard: NetworkGuard,
    site: str,
    tmp_path: Path,
) -> None:
    launch = launcher(browser_type, trap_proxy, network_guard, tmp_path / "profile")
    context, page = launch()
    page.goto(site + "?seed=22&level=easy")
    play_moves(page, 2)
    before = table(page)
    context.close()
    context, page = launch()
    page.goto(site)
    assert wait_restored(page) == "play"
    assert table(page) == before
    context.close()


def test_killing_the_browser_keeps_what_it_had_written(
    browser_type: BrowserType,
    trap_proxy: TrapProxy,
    network_guard: NetworkGuard,
    site: str,
    tmp_path: Path,
) -> None:
    profile = tmp_path / "profile"
    launch = launcher(browser_type, trap_proxy, network_guard, profile)
    context, page = launch()
    page.goto(site + "?seed=30&level=easy")
    play_moves(page, 2)
    before = table(page)
    key = saved_view(page)["key"]
    # Chromium writes localStorage to disk up to a minute after a change; the
    # page's IndexedDB copy of each save is committed at once: kill right then
    page.wait_for_function(COPY_HAS_KEY, arg=key, polling=50)
    print("localStorage had reached the disk:", on_disk(profile, '"' + key + '"'))
    pid = chromium_pid(profile)
    os.kill(pid, signal.SIGKILL)  # its context is gone with it
    deadline = time.monotonic() + 30
    while Path(f"/proc/{pid}").exists() and "zombie" not in proc_state(pid):
        assert time.monotonic() < deadline, "the killed browser did not go away"
        time.sleep(0.1)
    context, page = launch()
    page.goto(site)
    assert wait_restored(page) == "play"
    assert table(page) == before
    context.close()


# --- saved data that cannot be read -----------------------------------------------------


def test_corrupt_saved_data_is_explained_kept_downloadable_and_discarded_on_request(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=23&level=easy")
    play_moves(page, 1)
    text = saved_text(page)
    assert text is not None
    corrupt = text[: len(text) // 2] + "\u00e8 \u2026 not JSON any more"
    page.evaluate("(t) => localStorage.setItem('scopa.v1.record', t)", corrupt)
    page.reload()
    dialog = page.locator("#dlg-saved")
    expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog).to_contain_text("Your saved data could not be read")
    expect(dialog).to_contain_text("The data is damaged")
    expect(dialog).to_contain_text("Nothing has been deleted")
    with page.expect_download() as download:
        dialog.locator('[data-action="saved-download"]').click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == corrupt
    assert download.value.suggested_filename.startswith("scopa-unreadable-game-")
    kept = json.loads(saved_text(page, "scopa.v1.unreadable") or "[]")
    assert [entry["text"] for entry in kept] == [corrupt]
    # start afresh: a new match, playable
    dialog.locator('[data-action="saved-afresh"]').click()
    expect(dialog).to_be_hidden()
    play_moves(page, 1)
    assert replay(saved_record(page))["ok"]
    # told once; kept (and downloadable) under Your games until the player discards it
    page.reload()
    wait_restored(page)
    expect(dialog).to_be_hidden()
    open_games(page)
    games = page.locator("#dlg-games")
    expect(games).to_contain_text("Unreadable saved data")
    with page.expect_download() as download:
        games.locator('[data-action="unreadable-download"]').click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == corrupt
    games.locator('[data-action="unreadable-discard"]').click()
    page.locator('#dlg-confirm [data-action="confirm-discard"]').click()
    expect(games.locator('[data-action="unreadable-download"]')).to_have_count(0)
    assert saved_text(page, "scopa.v1.unreadable") is None


def test_a_record_of_another_version_or_refused_by_the_engine_is_explained_in_italian(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=24&level=easy", locale="it-IT")
    play_moves(page, 1)
    record = saved_record(page)
    future = dict(record, format="scopa-record/2")
    page.evaluate("(t) => localStorage.setItem('scopa.v1.record', t)", json.dumps(future))
    page.reload()
    dialog = page.locator("#dlg-saved")
    expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog).to_contain_text("Non è stato possibile leggere i dati salvati")
    expect(dialog).to_contain_text("scopa-record/2")
    dialog.locator('[data-action="saved-afresh"]').click()
    wait_restored(page)
    # readable JSON that the engine's checker refuses: only the worker can tell
    broken = saved_record(page)
    broken["hands"][0]["deck"] = broken["hands"][0]["deck"][:39]
    assert replay(broken)["error"] == "the deck has 39 cards, not 40"
    page.evaluate("(t) => localStorage.setItem('scopa.v1.record', t)", json.dumps(broken))
    page.reload()
    expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog).to_contain_text("Il motore delle regole li ha rifiutati")
    # the engine's sentence in Italian, by its code
    expect(dialog).to_contain_text("la partita salvata non è valida: il mazzo ha 39 carte, non 40")
    dialog.locator('[data-action="saved-afresh"]').click()
    play_moves(page, 1)
    kept = json.loads(saved_text(page, "scopa.v1.unreadable") or "[]")
    assert [json.loads(entry["text"])["format"] for entry in kept] == [
        "scopa-record/2",
        "scopa-record/1",
    ]
    assert json.loads(kept[1]["text"]) == broken
    # a file chosen for import is refused in Italian too, with where it goes wrong
    doubled = saved_record(page)
    deck = doubled["hands"][0]["deck"]
    deck[1] = deck[0]
    assert replay(doubled)["error"] == f"{deck[0]} is in the deck twice"
    import_file(page, "doppia.json", json.dumps(doubled))
    message = page.locator("#games-msg")
    expect(message).to_contain_text("Questo file non può essere importato", timeout=BOOT_TIMEOUT_MS)
    expect(message).to_contain_text("compare due volte nel mazzo (smazzata 1)")
    expect(message).not_to_contain_text(deck[0])


# --- export and import -------------------------------------------------------------------


def test_importing_a_bad_file_gives_the_checkers_sentence_and_changes_nothing(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=25&level=easy")
    play_moves(page, 1)
    before = table(page)
    text = saved_text(page)
    bad = saved_record(page)
    on_table = saved_view(page)["table"][0]
    bad["hands"][-1]["moves"].append({"card": on_table, "take": []})
    sentence = replay(bad)["error"]
    assert sentence
    import_file(page, "bad.json", json.dumps(bad))
    message = page.locator("#games-msg")
    expect(message).to_contain_text(sentence, timeout=BOOT_TIMEOUT_MS)
    expect(message).to_contain_text("This file cannot be imported")
    import_file(page, "garbage.json", "{not json")
    expect(message).to_contain_text("the file is not valid JSON")
    page.keyboard.press("Escape")
    wait_settled(page)
    assert table(page) == before
    assert saved_text(page) == text


def test_export_then_import_round_trips_and_the_match_continues(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=26&level=easy")
    play_moves(page, 2)
    before = table(page)
    record = saved_record(page)
    open_games(page)
    with page.expect_download() as download:
        page.locator('#dlg-games [data-action="export"]').click()
    assert re.fullmatch(r"scopa-\d{8}-\d{4}\.json", download.value.suggested_filename)
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert json.loads(exported) == record
    assert exported.startswith('{\n "format": "scopa-record/1"')
    checked = replay(json.loads(exported))
    assert checked["ok"] and not checked["complete"]
    page.keyboard.press("Escape")
    play_moves(page, 1)
    assert table(page) != before
    # importing over a match in progress asks first
    import_file(page, download.value.suggested_filename, exported)
    confirm = page.locator("#dlg-confirm")
    expect(confirm).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    confirm.locator('[data-action="confirm-import"]').click()
    page.wait_for_function(
        "(k) => JSON.parse(localStorage.getItem('scopa.v1.view')).key === k",
        arg=saved_view_key(record),
    )
    to_my_turn(page)
    expect(page.locator("#dlg-games")).to_be_hidden()
    assert table(page) == before
    assert saved_record(page) == record
    play_moves(page, 1)
    assert replay(saved_record(page))["ok"]


def saved_view_key(record: dict[str, Any]) -> str:
    hands = record["hands"]
    return f"{len(hands)}.{len(hands[-1]['moves'])}."


def finished_record(seed: int) -> dict[str, Any]:
    """A whole match between two computers, as a record without the app's meta."""
    from scopa_core.table.session import Session

    session = Session.new(
        {"seed": seed, "target": 1, "seats": [{"kind": "computer"}, {"kind": "computer"}]}
    )
    while session.phase != "match-over":
        if session.phase == "hand-over":
            session.next_hand()
        else:
            session.step()
    record: dict[str, Any] = session.to_record()
    del record["meta"]
    return record


def test_an_imported_finished_match_shows_its_final_count(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    record = finished_record(27)
    checked = replay(record)
    assert checked["complete"]
    page = open_game(new_context, network_guard, "?seed=27&level=easy")
    to_my_turn(page)
    import_file(page, "finished.json", json.dumps(record, indent=2))
    page.wait_for_function("document.body.dataset.phase === 'match-over'", timeout=BOOT_TIMEOUT_MS)
    assert wait_settled(page) == "match-over"
    result = page.locator("#dlg-count .result")
    expect(result).to_be_visible()
    totals = page.locator("#dlg-count tr[data-row=total] td").all_inner_texts()
    assert totals == [str(t) for t in checked["totals"]]
    assert saved_record(page)["hands"] == record["hands"]


# --- statistics ----------------------------------------------------------------------------


def stats_on_screen(page: Page) -> dict[str, str]:
    cells: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
            '#dlg-stats .stats-group:not([data-group="all"]) dd[data-stat]')]
            .map((dd) => [dd.dataset.stat, dd.textContent]))"""
    )
    return cells


def test_statistics_count_a_finished_match_once_and_reset_on_request(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, DECLARE_TO_WIN)
    declare_and_win(page)
    checked = replay(saved_record(page))
    [hand] = checked["hands"]
    won = checked["winner"] == 0
    page.keyboard.press("Escape")
    open_games(page)
    page.locator('#dlg-games [data-action="stats"]').click()
    expect(page.locator("#dlg-stats")).to_be_visible()
    expected = {
        "matches_won": "1" if won else "0",
        "matches_lost": "0" if won else "1",
        "hands_won": str(int(hand["points"][0] > hand["points"][1])),
        "hands_drawn": str(int(hand["points"][0] == hand["points"][1])),
        "hands_lost": str(int(hand["points"][0] < hand["points"][1])),
        "scope": str(hand["scope"][0]),
        "average": f"{float(hand['points'][0]):.1f}",
    }
    assert stats_on_screen(page) == expected
    stored = saved_text(page, "scopa.v1.stats")
    # a reload shows the same finished match again; it is not counted again
    page.reload()
    assert wait_restored(page) == "match-over"
    assert saved_text(page, "scopa.v1.stats") == stored
    page.keyboard.press("Escape")
    open_games(page)
    page.locator('#dlg-games [data-action="stats"]').click()
    assert stats_on_screen(page) == expected
    # reset, after a confirmation
    page.locator('#dlg-stats [data-action="reset-stats"]').click()
    page.locator('#dlg-confirm [data-action="confirm-reset-stats"]').click()
    expect(page.locator("#dlg-stats #stats-empty")).to_be_visible()
    assert json.loads(saved_text(page, "scopa.v1.stats") or "{}")["groups"] == []


# --- new versions -----------------------------------------------------------------------------


def publish_next_version(page: Page, site: Path) -> str:
    """Serve a new version of the page's site (another cache name in sw.js), have
    the browser look for it now (the app does it every 30 minutes) and wait for
    the update prompt; the old cache name (the new one adds "-next")."""
    old = wait_for_service_worker(page)
    sw = site / "sw.js"
    sw.write_text(sw.read_text(encoding="utf-8").replace(old, old + "-next"), "utf-8")
    look_for_update(page)
    return old


def look_for_update(page: Page) -> None:
    """Ask the browser to look for a new sw.js now and wait for the update prompt."""
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    expect(page.locator("#update-bar")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


@contextlib.contextmanager
def phone_on_a_copy(
    browser: Browser, guard: NetworkGuard, tmp_path: Path, query: str
) -> Iterator[tuple[Path, str, Page]]:
    """A copy of the built site served on its own port (a test may deploy over it),
    and a watched phone page at ``query``: (site folder, address, page)."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with serving(site) as server:
        context = guard.watch(browser.new_context(viewport=PHONE, reduced_motion="reduce"))
        page = context.new_page()
        page.goto(url_of(server) + query)
        yield site, url_of(server), page


def test_an_update_accepted_mid_hand_waits_for_the_end_of_the_hand(
    browser: Browser, network_guard: NetworkGuard, tmp_path: Path
) -> None:
    with phone_on_a_copy(
        browser, network_guard, tmp_path, "?seed=28&variants=chiamarsi-fuori&target=21&level=easy"
    ) as (site, _, page):
        play_moves(page, 1)
        old = publish_next_version(page, site)
        bar = page.locator("#update-bar")
        expect(bar).to_contain_text("at the end of the hand")
        check_a11y(page, "the update prompt")
        shot(page, "phone-update-prompt")
        page.evaluate("window.sameDocument = true")
        bar.locator('[data-action="update-now"]').click()
        expect(bar).to_have_attribute("data-state", "pending")
        expect(bar).to_contain_text("The new version will be installed at the end of this hand")
        assert page.evaluate("window.sameDocument === true")  # not reloaded mid-hand
        assert saved_view(page)["phase"] == "play"
        # the hand ends (declaring ends it at once): the new version takes over
        with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
            page.locator('#actions [data-action="declare"]').click()
        assert wait_restored(page) == "match-over"
        page.wait_for_function("async (c) => (await caches.keys()).includes(c)", arg=old + "-next")
        assert page.evaluate("caches.keys()") == [old + "-next"]
        expect(page.locator("#dlg-count .result")).to_be_visible()
        page.context.close()


def wait_active(context: BrowserContext, cache: str) -> None:
    """Wait until the service worker of the build with this cache is the active one.

    The browser activates a waiting worker once the last page of the old version
    has gone; a start in that very instant still runs the old version once."""
    check = (
        "(cache) => CACHE === cache && self.registration.waiting === null"
        " && self.registration.active !== null && self.registration.active.state === 'activated'"
    )
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for worker in context.service_workers:
            with contextlib.suppress(Exception):
                if worker.evaluate(check, cache):
                    return
        time.sleep(0.1)
    raise AssertionError(f"the worker of {cache} never became active")


def test_a_new_build_over_the_old_keeps_the_saved_match(
    browser: Browser, network_guard: NetworkGuard, tmp_path: Path
) -> None:
    # the new version: web/ with one file changed, built while the old one is played
    web2 = tmp_path / "web2"
    shutil.copytree(ROOT / "web", web2, ignore=shutil.ignore_patterns("__pycache__"))
    with (web2 / "style.css").open("a", encoding="utf-8") as css:
        css.write("\n:root { --next-version: 2; }\n")
    built: dict[str, Any] = {}

    def build_next() -> None:
        try:
            built["info"] = build(tmp_path / "next", web2)
        except BaseException as exc:  # reported by the test
            built["error"] = exc

    builder = threading.Thread(target=build_next)
    builder.start()
    with phone_on_a_copy(browser, network_guard, tmp_path, "?seed=29&level=easy") as (
        site,
        address,
        page,
    ):
        context = page.context
        play_moves(page, 2)
        old = wait_for_service_worker(page)
        before = table(page)
        record = saved_record(page)
        builder.join()
        assert "error" not in built, built.get("error")
        new = "scopa-" + built["info"].version
        assert new != old
        # deploy: the same origin now serves the new build
        for item in site.iterdir():
            if item.is_dir():
                shutil.rmtree(item)
            else:
                item.unlink()
        shutil.copytree(tmp_path / "next", site, dirs_exist_ok=True)
        look_for_update(page)
        expect(page.locator("#update-bar")).to_contain_text("at the end of the hand")
        page.locator('#update-bar [data-action="update-now"]').click()
        expect(page.locator("#update-bar")).to_have_attribute("data-state", "pending")
        # the player closes the app mid-hand; the next start runs the new version
        page.close()
        wait_active(context, new)
        page = context.new_page()
        page.goto(address)
        assert wait_restored(page) == "play"
        page.wait_for_function("async (c) => (await caches.keys()).join() === c", arg=new)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # the page runs the new build's files
        version = "getComputedStyle(document.documentElement).getPropertyValue('--next-version')"
        assert page.evaluate(version).strip() == "2"
        assert table(page) == before
        assert saved_record(page) == record
        play_moves(page, 1)
        assert replay(saved_record(page))["ok"]
        context.close()


def test_a_reload_before_the_engine_started_keeps_the_addresss_match(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The address's settings stay in it until their match is saved: a reload while
    the engine starts (here: it could not, its files refused) starts that match,
    not the default one; once saved, the address is tidied."""
    query = "./?seed=7&preset=scopa-4&level=easy&sweep=0"
    context = network_guard.watch(new_context(viewport=PHONE, reduced_motion="reduce"))
    page = context.new_page()
    page.route("**/worker/engine.zip", lambda route: route.abort())
    page.goto(query)
    expect(page.locator("body")).to_have_attribute("data-phase", "error", timeout=BOOT_TIMEOUT_MS)
    assert "preset=scopa-4" in page.evaluate("() => location.search")
    page.unroute("**/worker/engine.zip")
    page.reload()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    assert saved_view(page)["players"] == 4
    expect(page.locator('[data-zone="opponent"]')).to_have_count(3)
    assert page.evaluate("() => location.search") == ""
    context.close()


def test_a_link_with_settings_asks_before_replacing_a_match_in_progress(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=32&level=easy")
    play_moves(page, 1)
    before = table(page)
    record = saved_record(page)
    confirm = page.locator("#dlg-confirm")
    page.goto("./?preset=scopa-3&level=easy")
    expect(confirm).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    confirm.locator('[data-action="close"]').click()  # no: the match goes on
    to_my_turn(page)
    assert table(page) == before
    assert saved_record(page) == record
    page.goto("./?preset=scopa-3&level=easy")
    expect(confirm).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    confirm.locator('[data-action="confirm-new"]').click()
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('scopa.v1.view')).players === 3",
        timeout=BOOT_TIMEOUT_MS,
    )
    expect(page.locator('[data-zone="opponent"]')).to_have_count(2)


def test_an_update_accepted_between_hands_reloads_at_once(
    browser: Browser, network_guard: NetworkGuard, tmp_path: Path
) -> None:
    with phone_on_a_copy(browser, network_guard, tmp_path, DECLARE_TO_WIN) as (site, _, page):
        declare_and_win(page)
        page.keyboard.press("Escape")
        old = publish_next_version(page, site)
        bar = page.locator("#update-bar")
        expect(bar).to_contain_text("A new version is ready.")
        expect(bar.locator('[data-action="update-now"]')).to_have_text("Reload")
        record = saved_record(page)
        with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
            bar.locator('[data-action="update-now"]').click()
        assert wait_restored(page) == "match-over"
        page.wait_for_function("async (c) => (await caches.keys()).join() === c", arg=old + "-next")
        assert saved_record(page) == record
        expect(page.locator("#update-bar")).to_be_hidden()
        page.context.close()
