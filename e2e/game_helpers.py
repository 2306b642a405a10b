"""Driving the game page in the e2e tests: open it, wait for a turn, tap a move.

The page keeps its latest table view (what the engine sent) in localStorage;
the tests read it to know the legal moves, exactly as the page does, and then
act through the page's own controls (taps or keys).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import BOOT_TIMEOUT_MS, ROOT, NetworkGuard, call_engine
from playwright.sync_api import BrowserContext, Page

from tools.cards.card import H
from tools.cards.sprite import DECKS

#: the new_context fixture of pytest-playwright
NewContext = Callable[..., BrowserContext]

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
#: a window tall enough for the patterns' long cards (paint.js: 1,000 px and more)
TALL = {"width": 1920, "height": 1080}

# Page predicates are functions, not expressions: Playwright evaluates an
# expression with eval(), which the production policy refuses (test_shell.py).
SETTLED = (
    "() => ['play', 'hand-over', 'match-over', 'error'].includes(document.body.dataset.phase)"
    " && !document.body.classList.contains('busy')"
)


#: true once the engine has sent its first table (a saved or the build's opening
#: table may be drawn before that)
ENGINE_TABLE = "() => performance.getEntriesByName('scopa-engine-table').length > 0"

#: a short match: the person, first to play, wins it at once by declaring
# The size a card's <use> paints, in the sprite's units ([0, 0] when the
# symbol it names is missing or cannot be drawn).
#: what a card's <use> paints, in the card's own units (its width 200): a card
#: drawn whole from its deck's sprite, in a box as long as the deck's cards, paints
#: its edge, 1.5 in from each side: painted_whole(deck)
PAINTED_SIZE = """use => {
    const box = use.getBBox(), scale = 200 / use.ownerSVGElement.clientWidth;
    return [Math.round(box.width * scale), Math.round(box.height * scale)];
}"""


def painted_whole(deck: str, short: bool = True) -> list[int]:
    """PAINTED_SIZE of a card of `deck` drawn whole: in a window under 1,000 px tall
    (every test's but TALL: paint.js) every deck 2:3, else its pattern's length."""
    return [197, (H if short else DECKS[deck].shape.height) - 3]


def near(size: list[int], whole: list[int]) -> bool:
    """A card's PAINTED_SIZE against painted_whole: within one unit, as the size is
    measured through the box's whole pixels (clientWidth)."""
    return all(abs(a - b) <= 1 for a, b in zip(size, whole, strict=True))


def sprite_file(deck: str, short: bool = True) -> str:
    """The file of `deck`'s sprite the page loads: a long deck's 2:3 one in a window
    under 1,000 px tall."""
    folder = "cards/short/" if short and DECKS[deck].long else "cards/"
    return f"{folder}{deck}.svg"


DECLARE_TO_WIN = "?seed=2&variants=chiamarsi-fuori&target=1&level=easy"


def strings(lang: str) -> dict[str, Any]:
    """The page's catalogue of a language, {"text": ..., "problems": ...}
    (web/app/strings/<lang>.json): what the page says, to compare with."""
    catalogue: dict[str, Any] = json.loads(
        (ROOT / "web" / "app" / "strings" / f"{lang}.json").read_text(encoding="utf-8")
    )
    return catalogue


def open_game(
    new_context: NewContext,
    guard: NetworkGuard,
    query: str = "",
    viewport: dict[str, int] | None = None,
    reduced: bool = True,
    init_script: str | None = None,
    **context_args: Any,
) -> Page:
    """A watched page at the game's address (reduced motion keeps the tests quick);
    `init_script` runs in it before the page's own scripts, from the first load.

    A query that starts a match turns the sweep warning off unless it says
    otherwise (``sweep=1``): the tests tap a move and wait for it to be made,
    and the warning would hold a card put down for the player's word
    (e2e/test_coach.py tests the warning itself)."""
    if query and "sweep=" not in query:
        query += "&sweep=0"
    context = guard.watch(
        new_context(
            viewport=viewport or PHONE,
            reduced_motion="reduce" if reduced else "no-preference",
            **context_args,
        )
    )
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.new_page()
    page.goto(query or "./")
    return page


def wait_settled(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until a person may act (or the hand or match is over); the phase."""
    page.wait_for_function(SETTLED, timeout=timeout_ms, polling=50)
    phase: str = page.evaluate("document.body.dataset.phase")
    assert phase != "error", page.inner_text("#status")
    return phase


def to_my_turn(page: Page) -> None:
    """Wait, with the engine holding the match, until it is the person's turn."""
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)
    while wait_settled(page) == "play" and not my_turn(page):
        pass
    assert my_turn(page), page.inner_text("#status")


def declare_and_win(page: Page) -> None:
    """On the DECLARE_TO_WIN match: declare, and see the match end."""
    to_my_turn(page)
    page.locator('#actions [data-action="declare"]').click()
    assert wait_settled(page) == "match-over"


#: when a table was first on screen: painted by web/paint.js before the page's Python,
#: or drawn by it (scopa-cached-table), whichever came first; null before either
FIRST_DRAWN = """() => {
  const at = ['scopa-painted', 'scopa-cached-table']
    .map((name) => performance.getEntriesByName(name).map((m) => m.startTime)[0])
    .filter((t) => t !== undefined);
  return at.length ? Math.min(...at) : null;
}"""


def table_drawn_before_engine(page: Page) -> float:
    """Wait for the person's cards; when (ms after navigation) a table was drawn
    (painted, or drawn by the page's Python) before the engine's, which must not
    have come first."""
    page.wait_for_function(
        "() => document.querySelector('[data-zone=\"hand\"] [data-card]') !== null", polling=10
    )
    page.wait_for_function(FIRST_DRAWN, polling=10)  # a time after navigation: not 0
    drawn = page.evaluate(FIRST_DRAWN)
    engine = page.evaluate(
        "performance.getEntriesByName('scopa-engine-table').map((m) => m.startTime)[0] ?? null"
    )
    assert drawn is not None, "no table was drawn before the engine's"
    assert engine is None or engine > drawn
    return float(drawn)


def saved_view(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('scopa.v1.view')"))
    return view


def saved_record(page: Page) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('scopa.v1.record')"))
    return record


def choosing(page: Page) -> bool:
    return bool(page.evaluate("document.body.classList.contains('choosing')"))


def tap_move(page: Page, card: str, take: list[str]) -> None:
    """Tap a hand card, then the table cards it takes until the move is made."""
    page.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
    for code in take:
        if not choosing(page):
            break
        target = page.locator(f'[data-zone="table"] [data-card="{code}"]')
        if "chosen" in (target.get_attribute("class") or ""):
            continue
        target.click()
    if choosing(page):  # a smaller option inside a larger one: confirm it
        page.locator('#actions [data-action="take"]').click()
    confirm_sweep_note(page)


#: the sweep warning's note (sweep_guard.py) holds a card put down
SWEEP_NOTE = '#actions [data-action="sweep-anyway"]'


def confirm_sweep_note(page: Page) -> bool:
    """Once the page has decided (the move sent, or held by the sweep warning of a
    match that has it on): play the held card anyway. True if there was a note."""
    page.wait_for_function(
        "(note) => !document.body.classList.contains('busy') || document.querySelector(note)",
        arg=SWEEP_NOTE,
        timeout=BOOT_TIMEOUT_MS,
    )
    if not page.locator(SWEEP_NOTE).count():
        return False
    page.locator(SWEEP_NOTE).click()
    return True


def my_turn(page: Page) -> bool:
    view = saved_view(page)
    return bool(
        page.evaluate("document.body.dataset.phase") == "play"
        and view["moves"]
        and view["viewer"] == view["to_move"]
    )


def put_down_risks(
    page: Page, view: dict[str, Any], function: str = "sweep_risk"
) -> list[tuple[str, int | None]]:
    """The cards of `view`'s hand whose only move puts them down, each with the
    chance in percent that the next player sweeps the table: the sweep warning's
    figure, from the engine (None where it could not say). `function`: the
    worker's, "guest_sweep_risk" on a friend's device."""
    risks: list[tuple[str, int | None]] = []
    for card in view["hand"]:
        options = view["moves"][card]["moves"]
        if len(options) != 1 or options[0]["take"] or options[0]["keep"]:
            continue
        risk = call_engine(page, function, json.dumps({"card": card, "take": []}))
        risks.append((str(card), int(risk["percent"]) if risk.get("ok") else None))
    return risks


def first_move(view: dict[str, Any]) -> tuple[str, list[str]]:
    card = view["hand"][0]
    return card, view["moves"][card]["moves"][0]["take"]


def play_hand_by_tapping(
    page: Page, pick: Callable[[dict[str, Any]], tuple[str, list[str]]] = first_move
) -> str:
    """Play until the hand (or match) is over; the final phase."""
    for _ in range(200):
        phase = wait_settled(page)
        if phase in ("hand-over", "match-over"):
            return phase
        reveal_if_asked(page)
        if my_turn(page):
            card, take = pick(saved_view(page))
            tap_move(page, card, take)
            page.wait_for_function(
                "() => document.body.dataset.phase !== 'play'"
                " || !document.body.classList.contains('choosing')"
            )
    raise AssertionError("the hand did not end")


def reveal_if_asked(page: Page) -> bool:
    if page.locator("#dlg-pass[open]").count():
        page.locator('#dlg-pass [data-action="reveal"]').click()
        page.wait_for_function("() => !document.querySelector('#dlg-pass[open]')")
        wait_settled(page)
        return True
    return False


def next_hand(page: Page) -> None:
    page.locator('#dlg-count [data-action="next-hand"]').click()
    page.wait_for_function("() => document.body.dataset.phase !== 'hand-over'")


def replay(record: dict[str, Any]) -> dict[str, Any]:
    """The project's replay checker on a record."""
    done = subprocess.run(
        [sys.executable, "-m", "scopa_core", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# The count dialog's cells: row name -> text per side (also e2e/engines/table.py).
COUNT_JS = """() => {
    const out = {};
    for (const tr of document.querySelectorAll('#dlg-count tr[data-row]')) {
        out[tr.dataset.row] = [...tr.querySelectorAll('td')].map((td) => {
            const num = td.querySelector('.num');
            return (num ? num.textContent : td.childNodes[0]?.textContent || '').trim();
        });
    }
    return out;
}"""


def count_on_screen(page: Page) -> dict[str, list[str]]:
    """The count dialog's cells: row name -> text per side."""
    rows: dict[str, list[str]] = page.evaluate(COUNT_JS)
    return rows


def session_record(settings: dict[str, Any], hands: int = 1) -> dict[str, Any]:
    """A match played in CPython by the worker's own Session (people choose at
    random, computers think) until `hands` hands are over: its record, as the page
    saves it."""
    import random

    from scopa_core.table.session import Session
    from tests.test_web_session import play_out_one_hand

    session = Session.new(settings)
    rng = random.Random(settings.get("seed", 0))
    for n in range(hands):
        if n:
            session.next_hand()
        play_out_one_hand(session, rng)
    record: dict[str, Any] = session.to_record()
    return record


def reload_with_record(page: Page, record: dict[str, Any]) -> None:
    """Save `record` as the match on the device (no cached view) and reload."""
    page.evaluate(
        """(text) => {
            localStorage.setItem('scopa.v1.record', text);
            localStorage.removeItem('scopa.v1.view');
        }""",
        json.dumps(record, ensure_ascii=False),
    )
    page.reload()
    page.wait_for_function(ENGINE_TABLE, timeout=BOOT_TIMEOUT_MS)


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
