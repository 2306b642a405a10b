"""Playing the game through a `Tab` (tools/browsers/tab.py), in any engine: the
cross-engine suite's counterpart of e2e/game_helpers.py (which is Playwright's).

The tests read the table view the page keeps in localStorage (the legal moves
the engine sent, exactly what the page itself reads) or the engine's own reply
through its documented hook (scopaEngine.call), and act only through the page's
controls, by real taps and drags: the test hooks of docs/web-api.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game_helpers import COUNT_JS, ENGINE_TABLE, SETTLED, first_move
from test_persistence import TABLE_JS

from tools.browsers.tab import Tab

BOOT_S = 120.0  # start-up is CPU-bound: generous on a busy 2-core machine
#: a seeded match (the person against the computer, easy) whose first hand offers
#: the person a capture choice twice with CHOICE_FIRST's pick (e2e asserts it comes)
SEEDED = "?seed=22&level=easy&fresh=1&sweep=0"

PLAYING = "() => document.body.dataset.phase === 'play'"
SAVED_VIEW = "() => JSON.parse(localStorage.getItem('scopa.v1.view'))"
SAVED_RECORD = "() => JSON.parse(localStorage.getItem('scopa.v1.record'))"
CHOOSING = "() => document.body.classList.contains('choosing')"
#: a hand card's tap did something: the move went (the page is busy with it or has
#: moved on), or the page asks which cards to take
TAPPED = (
    "(key) => document.body.classList.contains('busy')"
    " || document.body.classList.contains('choosing')"
    " || JSON.parse(localStorage.getItem('scopa.v1.view')).key !== key"
)
#: a table card's tap did something: it is chosen, or the choice is over
CHOSEN = (
    "(c) => !document.body.classList.contains('choosing')"
    ' || document.querySelector(`[data-zone="table"] [data-card="${c}"]`)'
    ".classList.contains('chosen')"
)
#: the engine's reply to a move is saved: the view on the device has moved on
MOVED_ON = "(key) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== key"
ENGINE_CALL = "(fn, args) => window.scopaEngine.call(fn, ...args)"

Pick = Callable[[dict[str, Any]], tuple[str, list[str]]]


def open_table(tab: Tab, url: str) -> None:
    """Load the page and wait until the engine holds the match and a person may act."""
    tab.goto(url)
    tab.wait(ENGINE_TABLE, timeout=BOOT_S)
    settle(tab)


def settle(tab: Tab) -> str:
    tab.wait(SETTLED, timeout=BOOT_S, every=0.05)
    phase = str(tab.run("() => document.body.dataset.phase"))
    assert phase != "error", tab.text("#status")
    return phase


def saved_view(tab: Tab) -> dict[str, Any]:
    view: dict[str, Any] = tab.run(SAVED_VIEW)
    return view


def saved_record(tab: Tab) -> dict[str, Any]:
    record: dict[str, Any] = tab.run(SAVED_RECORD)
    return record


def call_engine(tab: Tab, fn: str, *args: str) -> Any:
    """A function of the engine worker (docs/web-api.md), its reply decoded."""
    return json.loads(tab.run(ENGINE_CALL, fn, list(args)))


def my_turn(tab: Tab, view: dict[str, Any] | None = None) -> bool:
    view = view or saved_view(tab)
    return bool(
        tab.run("() => document.body.dataset.phase") == "play"
        and view.get("moves")
        and view["viewer"] == view["to_move"]
    )


def choice_first(view: dict[str, Any]) -> tuple[str, list[str]]:
    """A card that can take in several ways, with its last way (the page must then
    let the person choose on the table); else the first legal move."""
    for card in view["hand"]:
        takes = [move for move in view["moves"][card]["moves"] if move["take"]]
        if len(takes) > 1:
            return card, takes[-1]["take"]
    return first_move(view)


def tap_move(tab: Tab, card: str, take: list[str], touch: bool) -> bool:
    """Tap a hand card, then the table cards it takes while the page asks which;
    True if the page asked (a capture choice)."""
    key = saved_view(tab)["key"]
    tab.tap_until(f'[data-zone="hand"] [data-card="{card}"]', TAPPED, key, touch=touch)
    asked = False
    for code in take:
        if not tab.run(CHOOSING):
            break
        asked = True
        chosen = tab.run(
            '(c) => document.querySelector(`[data-zone="table"] [data-card="${c}"]`)'
            ".classList.contains('chosen')",
            code,
        )
        if not chosen:
            table_card = f'[data-zone="table"] [data-card="{code}"]'
            tab.tap_until(table_card, CHOSEN, code, touch=touch)
    if tab.run(CHOOSING):  # a smaller option inside a larger one: confirm it
        asked = True
        tab.tap('#actions [data-action="take"]', touch=touch)
    return asked


def play_hand(tab: Tab, touch: bool, pick: Pick = choice_first) -> tuple[str, int]:
    """Play the person's moves by taps until the hand (or match) is over; the final
    phase and how many times the page asked which cards to take."""
    choices = 0
    for _ in range(200):
        phase = settle(tab)
        if phase in ("hand-over", "match-over"):
            return phase, choices
        view = saved_view(tab)
        if my_turn(tab, view):
            before = view["key"]
            card, take = pick(view)
            choices += tap_move(tab, card, take, touch)
            tab.wait(MOVED_ON, before, timeout=60)
    raise AssertionError("the hand did not end")


def to_my_turn(tab: Tab) -> dict[str, Any]:
    for _ in range(100):
        settle(tab)
        view = saved_view(tab)
        if my_turn(tab, view):
            return view
    raise AssertionError("the person never came to move")


def play_moves(tab: Tab, n: int, touch: bool) -> dict[str, Any]:
    """The person's next `n` moves (first legal move each); the view after them."""
    for _ in range(n):
        view = to_my_turn(tab)
        card, take = first_move(view)
        tap_move(tab, card, take, touch)
        tab.wait(MOVED_ON, view["key"], timeout=60)
    return to_my_turn(tab)


def count_on_screen(tab: Tab) -> dict[str, list[str]]:
    """The count dialog's cells: row name -> text per side."""
    rows: dict[str, list[str]] = tab.run(COUNT_JS)
    return rows


def table_seen(tab: Tab) -> dict[str, Any]:
    """What a person sees: each zone's cards and count, the score, the phase."""
    seen: dict[str, Any] = tab.run(TABLE_JS)
    return seen
