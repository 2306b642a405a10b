"""The table on a phone (issue 18): at 360 x 640 and 320 x 568, at every table
size, with the other seats' last moves (captures, a scopa) present, nothing
sticks out sideways, the whole hand is on screen without scrolling, names are
whole, and the last moves are large enough to read; the toast leaves the score
in view; the settings' footer leaves the variants readable; the toolbar says
what its buttons are. Screenshots of each layout go to e2e/artifacts/.

The positions are made in CPython by the worker's own Session (the same seeds
and levels always give the same moves), saved on the device and restored, as
the page restores any match.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest
from conftest import NetworkGuard
from game_helpers import (
    DESKTOP,
    ENGINE_TABLE,
    SWEEP_NOTE,
    NewContext,
    my_turn,
    open_game,
    reload_with_record,
    saved_view,
    session_record,
    shot,
    tap_move,
    wait_settled,
)
from playwright.sync_api import Page, expect

SMALL = {"width": 320, "height": 568}
PHONE = {"width": 360, "height": 640}

#: (preset, seed, moves made in the hand): the person to move next, the other
#: seats' last moves there (captures, at least one scopa) and the hand still
#: (nearly) full -- found by searching seeds with the easy computer
POSITIONS = {
    "scopa": ("scopa", 61, 24),  # the other seats' last moves, the person to move
    "scopa-3": ("scopa-3", 9, 10),
    "scopone": ("scopone", 6, 3),
    "scopa-4": ("scopa-4", 230, 6),
    "scopa-6": ("scopa-6", 38, 24),
}
#: the same with many cards on the table (and a nearly full hand at scopone)
FULL_TABLES = {
    "scopa-full": ("scopa", 254, 30),
    "scopa-3-full": ("scopa-3", 16, 10),
    "scopone-full": ("scopone", 229, 2),
    "scientifico-full": ("scientifico", 19, 3),  # ten cards in hand
    "scopa-6-full": ("scopa-6", 38, 18),
}


def mid_hand_record(preset: str, seed: int, moves: int) -> dict[str, Any]:
    """The record of a match played (person at random, easy computers) until
    `moves` moves of its first hand are made."""
    from scopa_core.table.session import Session
    from tests.test_web_session import choose

    session = Session.new({"preset": preset, "seed": seed, "level": "easy"})
    rng = random.Random(seed)
    while session.table_view()["moves_in_hand"] < moves:
        view = session.table_view()
        if view["to_move_kind"] == "person":
            session.play(choose(view, rng))
        else:
            session.step()
    view = session.table_view()
    assert view["to_move_kind"] == "person", "the position is no longer the person's turn"
    record: dict[str, Any] = session.to_record()
    return record


#: the decks the layouts are checked with: the default one, and the longest cards
#: (the Trevigiane, 49 x 104 mm: tools/cards/shape.py), which take the most height
LAYOUT_DECKS = ("french", "trevigiane")


def open_position(
    new_context: NewContext,
    guard: NetworkGuard,
    key: str,
    viewport: dict[str, int],
    deck: str = "french",
) -> Page:
    page = open_game(new_context, guard, viewport=viewport)
    wait_settled(page)
    page.evaluate(
        """(deck) => {
            const prefs = JSON.parse(localStorage.getItem('scopa.v1.prefs') || '{}');
            localStorage.setItem('scopa.v1.prefs', JSON.stringify({...prefs, deck}));
        }""",
        deck,
    )
    reload_with_record(page, mid_hand_record(*{**POSITIONS, **FULL_TABLES}[key]))
    wait_settled(page)
    expect(page.locator("#card-sprite")).to_have_attribute("data-deck", deck)
    expect(page.locator("body")).to_have_attribute("data-deck", deck)
    assert my_turn(page)
    return page


#: what a layout measures in the page: the numbers the tests assert
MEASURE = r"""() => {
    const vw = window.innerWidth, vh = window.innerHeight;
    const box = (el) => el.getBoundingClientRect();
    const out = {vw, vh, scrollWidth: document.scrollingElement.scrollWidth,
                 scrollY: window.scrollY, wide: [], hand: [], cut: [], small: [], scopa: 0};
    for (const el of document.querySelectorAll('#app *')) {
        const r = box(el);
        if (r.width && (r.right > vw + 0.5 || r.left < -0.5) && !el.closest('.sr-only')) {
            out.wide.push((el.id || el.className.baseVal || el.className || el.tagName)
                          + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
        }
    }
    for (const el of document.querySelectorAll('[data-zone="hand"] [data-card]')) {
        const r = box(el);
        out.hand.push([el.dataset.card, r.left, r.top, r.right, r.bottom]);
    }
    for (const el of document.querySelectorAll('.seat-name, .score-name, .pile-name')) {
        if (el.scrollWidth > el.clientWidth + 0.5) out.cut.push(el.textContent);
        // wrapped only between words: each word on one line
        const text = el.firstChild;
        if (text && text.nodeType === Node.TEXT_NODE) {
            for (const word of text.data.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (tops.size > 1) out.cut.push(el.textContent);
            }
        }
    }
    for (const el of document.querySelectorAll('.last-move')) {
        for (const card of el.querySelectorAll('.mini')) {
            const w = box(card).width;
            if (w < 24) out.small.push(w);
        }
        out.scopa += el.querySelectorAll('.scopa-badge').length;
    }
    return out;
}"""


def check_layout(page: Page, where: str) -> dict[str, Any]:
    m: dict[str, Any] = page.evaluate(MEASURE)
    assert m["scrollWidth"] <= m["vw"], f"{where}: the page is {m['scrollWidth']} px wide"
    assert not m["wide"], f"{where}: sticks out: {m['wide'][:6]}"
    assert m["scrollY"] == 0
    assert m["hand"], f"{where}: no hand drawn"
    for card, left, top, right, bottom in m["hand"]:
        assert left >= 0 and top >= 0, f"{where}: {card} at {left},{top}"
        assert right <= m["vw"] and bottom <= m["vh"], f"{where}: {card} ends at {right},{bottom}"
    assert not m["cut"], f"{where}: names cut: {m['cut']}"
    assert not m["small"], f"{where}: last-move cards {m['small']} px wide"
    return m


def laid_out(
    new_context: NewContext, guard: NetworkGuard, key: str, size: str, deck: str = "french"
) -> tuple[Page, dict[str, Any]]:
    """The position `key` on a phone 360 or 320 px wide, its screenshot kept,
    and its layout checked (check_layout's measures)."""
    page = open_position(new_context, guard, key, PHONE if size == "360" else SMALL, deck)
    shot(page, f"phone-{key}-{size}" + ("" if deck == "french" else f"-{deck}"))
    return page, check_layout(page, f"{key} at {size} px ({deck})")


@pytest.mark.parametrize("deck", LAYOUT_DECKS)
@pytest.mark.parametrize("size", ["360", "320"])
@pytest.mark.parametrize("key", list(POSITIONS))
def test_the_table_fits_a_phone(
    new_context: NewContext, network_guard: NetworkGuard, key: str, size: str, deck: str
) -> None:
    page, m = laid_out(new_context, network_guard, key, size, deck)
    view = saved_view(page)
    opponents = view["players"] - 1
    assert page.locator('[data-zone="opponent"] .last-move').count() == opponents
    assert m["scopa"] >= 1, "the position should show a scopa"


@pytest.mark.parametrize("deck", LAYOUT_DECKS)
@pytest.mark.parametrize("size", ["360", "320"])
@pytest.mark.parametrize("key", list(FULL_TABLES))
def test_many_table_cards_leave_the_hand_on_screen(
    new_context: NewContext, network_guard: NetworkGuard, key: str, size: str, deck: str
) -> None:
    page, _ = laid_out(new_context, network_guard, key, size, deck)
    table = page.evaluate(
        """() => [...document.querySelectorAll('[data-zone="table"] [data-card]')].map((el) => {
            const r = el.getBoundingClientRect(), felt = document.getElementById('felt')
                .getBoundingClientRect();
            return [r.width, r.top >= felt.top && r.bottom <= felt.bottom];
        })"""
    )
    assert len(table) >= (3 if key == "scientifico-full" else 6)
    for width, inside in table:
        assert width >= 44 - 0.5, f"table cards {width} px wide"
        assert inside, "a table card outside the felt"
    if size == "360":
        as_big_as_the_room_allows(page, key)


#: the widest a table card is drawn on a phone (style.css), by the table's size
#: (data-size: l up to 4 cards, m up to 8, s more), whatever the number of players:
#: the 2-player table's, clamp(56px, 17vw, 96px) and so on, at 360 px wide
TABLE_CAP_360 = {"l": 0.17 * 360, "m": 0.14 * 360, "s": 45.0}


def as_big_as_the_room_allows(page: Page, key: str) -> None:
    """The table's cards at a phone's 360 px: as big as at two players where the felt
    has room (the larger of one and two rows that fit, up to the 2-player width),
    never under 44 px; rows that cannot both fit overlap, each showing its cards' top
    (their index) at least 40 % of a card's height."""
    m = page.evaluate(
        """() => {
            const box = document.getElementById('table'), r = box.getBoundingClientRect();
            const cards = [...box.querySelectorAll('[data-card]')].map((el) => {
                const c = el.getBoundingClientRect();
                return [c.width, c.top, c.bottom];
            });
            const ratio = Number(getComputedStyle(box).getPropertyValue('--card-ratio'));
            return {w: r.width, h: r.height, size: box.dataset.size, cards, ratio};
        }"""
    )
    n = len(m["cards"])
    half = (n + 1) // 2
    ratio = m["ratio"]  # the deck's cards' height over width (style.css --card-ratio)
    assert 1.5 <= ratio <= 2.2
    one_row = min((m["w"] - (n - 1) * 6) / n, m["h"] / ratio - 2)
    two_rows = min((m["w"] - (half - 1) * 6) / half, (m["h"] - 6) / (2 * ratio) - 2)
    expected = max(44.0, min(max(one_row, two_rows), TABLE_CAP_360[m["size"]]))
    for width, _, _ in m["cards"]:
        assert abs(width - expected) < 0.6, f"{key}: {width} px wide where {expected} fits"
    tops = sorted({round(top) for _, top, _ in m["cards"]})
    for upper, lower in itertools.pairwise(tops):
        shown = lower - upper
        assert shown >= 0.4 * expected * ratio, f"{key}: a row shows only {shown} px"


# --- the toolbar, the toast, the settings' footer, the count ------------------------

TOOLS = ("new", "deck", "lang", "games", "help", "resign")


def tool_words(page: Page) -> dict[str, str]:
    words: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.tools [data-action]')]
            .map((el) => [el.dataset.action, el.querySelector('.tool-label').textContent]))"""
    )
    return words


@pytest.mark.parametrize("size", ["360", "desktop"])
def test_every_tool_says_what_it_is(
    new_context: NewContext, network_guard: NetworkGuard, size: str
) -> None:
    page = open_position(new_context, network_guard, "scopa", PHONE if size == "360" else DESKTOP)
    for action in TOOLS:
        button = page.locator(f'.tools [data-action="{action}"]')
        expect(button).to_be_visible()
        expect(button.locator(".tool-label")).to_be_visible()
    assert tool_words(page) == {
        "new": "New",
        "deck": "Deck",
        "lang": "Italiano",
        "games": "Games",
        "help": "Help",
        "resign": "Resign",
    }
    expect(page.locator(".tool-more")).to_be_hidden()
    shot(page, f"toolbar-{size}")
    page.locator('.tools [data-action="lang"]').click()
    expect(page.locator('.tools [data-action="games"] .tool-label')).to_have_text("Partite")
    assert tool_words(page)["lang"] == "English"
    check_layout(page, f"the Italian toolbar at {size}")
    shot(page, f"toolbar-{size}-it")


def test_a_narrow_phone_has_the_rest_in_a_menu(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_position(new_context, network_guard, "scopa", SMALL)
    for action in ("new", "lang", "games", "help"):
        expect(page.locator(f'.tools [data-action="{action}"] .tool-label')).to_be_visible()
    resign = page.locator('.tools [data-action="resign"]')
    expect(resign).to_be_hidden()
    more = page.locator(".tools .tool-more")
    expect(more).to_have_attribute("aria-label", "More: deck style, resign")
    more.click()
    expect(resign).to_be_visible()
    expect(page.locator('.tools [data-action="deck"]')).to_be_visible()
    shot(page, "toolbar-320-menu")
    check_layout(page, "the menu open at 320 px")
    resign.click()  # the same button, the same action: resigning asks first
    expect(page.locator("#dlg-confirm")).to_be_visible()
    expect(resign).to_be_hidden()
    page.locator('#dlg-confirm [data-action="close"]').click()
    more.click()
    page.keyboard.press("Escape")
    expect(resign).to_be_hidden()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("size", ["360", "desktop"])
def test_a_toast_leaves_the_score_in_view(
    new_context: NewContext, network_guard: NetworkGuard, size: str
) -> None:
    page = open_position(new_context, network_guard, "scopa-4", PHONE if size == "360" else DESKTOP)
    page.locator('.tools [data-action="games"]').click()
    expect(page.locator("#dlg-games")).to_be_visible()
    text = json.dumps(mid_hand_record(*POSITIONS["scopa"]))
    with page.expect_file_chooser() as chooser:
        page.locator('#dlg-games [data-action="import"]').click()
    chooser.value.set_files(
        files=[{"name": "m.json", "mimeType": "application/json", "buffer": text.encode()}]
    )
    page.locator('#dlg-confirm [data-action="confirm-import"]').click()
    toast = page.locator("#toast")
    expect(toast).to_have_text("Match imported.")
    expect(toast).to_have_class(re.compile(r"\bshow\b"))
    page.wait_for_timeout(300)  # its entrance (reduced motion: none)
    shot(page, f"toast-{size}")
    box, score = toast.bounding_box(), page.locator("#scoreboard").bounding_box()
    assert box and score
    assert not overlap(box, score), (box, score)


def test_the_settings_footer_leaves_the_variants_readable(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_position(new_context, network_guard, "scopa", PHONE)
    page.locator('.tools [data-action="new"]').click()
    dialog = page.locator("#dlg-settings")
    expect(dialog).to_be_visible()
    groups = dialog.locator("fieldset.group, #set-seats")
    assert groups.count() >= 3
    for k in range(groups.count()):
        # scrolled down to the group's end (as a finger or the Tab key takes it)
        bottom, footer = groups.nth(k).evaluate(
            """(group) => {
                group.scrollIntoView({block: 'end'});
                const shown = [...group.querySelectorAll('.choice, .seat-row, p, legend')]
                    // drawn ones: not the hint inside a closed <details> (STUN/TURN)
                    .filter((el) => el.getClientRects().length && el.checkVisibility());
                const bottom = Math.max(...shown.map((el) => el.getBoundingClientRect().bottom));
                const footer = document.querySelector('#settings-form .dialog-actions');
                return [bottom, footer.getBoundingClientRect().top];
            }"""
        )
        shot(page, f"settings-360-group-{k}")
        assert bottom <= footer + 0.5, (
            f"group {k}: its content ends at {bottom}, the footer at {footer}"
        )
    # the footer is opaque: nothing of the form shows through it
    background = dialog.locator(".dialog-actions").evaluate(
        "(el) => getComputedStyle(el).backgroundColor"
    )
    assert background in ("rgb(244, 234, 211)",), background


def test_the_count_s_primiera_cards_are_readable(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, viewport=PHONE)
    wait_settled(page)
    reload_with_record(page, session_record({"seed": 5, "level": "easy"}))
    expect(page.locator("#dlg-count")).to_be_visible()
    widths = page.evaluate(
        "() => [...document.querySelectorAll('#dlg-count .prim-cards .mini')]"
        ".map((el) => el.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 24, widths
    shot(page, "count-360")


@pytest.mark.parametrize("key", ["scopa", "scopone", "scopa-6", "scopone-full"])
def test_the_desktop_table_still_fits(
    new_context: NewContext, network_guard: NetworkGuard, key: str
) -> None:
    page = open_position(new_context, network_guard, key, DESKTOP)
    shot(page, f"desktop-{key}")
    m = check_layout(page, f"{key} at 1280 px")
    assert m["scopa"] >= (0 if key.endswith("full") else 1)


# --- the sweep warning's note on a crowded phone table --------------------------------

#: where each part of the note lies once the note is up: for each button, its box
#: after scrolling it into view (if the page must scroll) and the element on top
#: at its centre; the boxes of the prompt's parts (#prompt and all inside it), #me's
#: box and the felt's, in page coordinates (scrolled or not)
NOTE_PARTS = r"""() => {
    const page = (el) => {
        const r = el.getBoundingClientRect();
        return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right};
    };
    const prompt = document.getElementById('prompt');
    const out = {vh: innerHeight, vw: innerWidth,
                 height: document.scrollingElement.scrollHeight,
                 me: page(document.getElementById('me')),
                 felt: page(document.getElementById('felt')),
                 parts: [prompt, ...prompt.querySelectorAll('*')].map((el) =>
                     [el.id || el.dataset.action || el.tagName, page(el)]),
                 buttons: {}};
    for (const action of ['sweep-again', 'sweep-anyway']) {
        const button = document.querySelector(`#actions [data-action="${action}"]`);
        button.scrollIntoView({block: 'nearest'});
        const r = button.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        const top = document.elementFromPoint(x, y);
        out.buttons[action] = {x, y, top: top ? (top.id || top.className) : null,
                               on_top: !!top && button.contains(top)};
    }
    window.scrollTo(0, 0);
    return out;
}"""

#: (width, height) of small phones: the crowded 4-player table and the note
#: cannot both fit at full size below 640 px
NOTE_SIZES = [(360, 640), (360, 560), (320, 568)]


@pytest.mark.parametrize(("width", "height"), NOTE_SIZES)
def test_the_sweep_note_can_be_tapped_on_a_crowded_phone_table(
    new_context: NewContext, network_guard: NetworkGuard, width: int, height: int
) -> None:
    """A 4-player table (the other seats' boxes with their last moves) on a small
    phone, the sweep warning's three-line note and its two buttons up: the felt
    gives way, then the page scrolls; "Choose again" and "Play it anyway" are each
    the topmost element at their centre (never under the "You" row, which would
    take the tap) and on screen or reachable by scrolling, and no part of the
    prompt overlaps #me or the felt."""
    from test_coach import risky_and_safe

    page = open_position(new_context, network_guard, "scopa-4", {"width": width, "height": height})
    key = saved_view(page)["key"]
    risky, _, _ = risky_and_safe(page)
    page.locator(f'[data-zone="hand"] [data-card="{risky}"]').click()
    expect(page.locator(SWEEP_NOTE)).to_be_visible()
    shot(page, f"phone-sweep-note-{width}x{height}")
    m: dict[str, Any] = page.evaluate(NOTE_PARTS)
    where = f"at {width}x{height}"
    for action, button in m["buttons"].items():
        assert button["on_top"], f"{where}: {action} is under {button['top']}"
        assert 0 <= button["x"] <= m["vw"] and 0 <= button["y"] <= m["vh"], (where, button)
    for name, box in m["parts"]:
        assert box["bottom"] <= m["me"]["top"] + 0.5, f"{where}: {name} {box} over #me {m['me']}"
        assert box["top"] >= m["felt"]["bottom"] - 0.5, f"{where}: {name} {box} on the felt"
    assert m["me"]["bottom"] <= m["height"] + 0.5, f"{where}: the hand cannot be scrolled to"
    page.locator(SWEEP_NOTE).click()  # the tap is the player's: the card goes
    page.wait_for_function(
        "(key) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== key", arg=key
    )


# --- nothing too small to tap, nothing moving once drawn (issue 28) --------------------

#: every button drawn in `root` smaller than 44 x 44 px (the cards, sized by the
#: table's rules above, aside)
SMALL_BUTTONS = """(root) => [...document.querySelectorAll(root + ' button')]
    .filter((b) => !b.matches('.card') && b.checkVisibility())
    .map((b) => [b.dataset.action || b.className, b.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([name, r]) => `${name} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)"""


def test_every_button_on_a_phone_is_44_px_at_least(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """The first visit's table with the guided hand's offer, the hint, a dialog's close,
    the count: no button under 44 x 44 px at 360 x 640."""
    page = open_game(new_context, network_guard, viewport=PHONE)
    expect(page.locator("#tutorial-offer")).to_be_visible()
    wait_settled(page)
    assert page.evaluate(SMALL_BUTTONS, "#app") == []
    offer = page.locator("#tutorial-offer").bounding_box()
    assert offer and offer["height"] <= 64, f"the offer takes {offer} of the screen"
    shot(page, "phone-first-visit-offer")
    page.locator('[data-action="tutorial-offer-no"]').click()
    page.wait_for_function(ENGINE_TABLE, timeout=120_000)
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("#hint-panel")).to_be_visible()
    assert page.evaluate(SMALL_BUTTONS, "#hint-panel") == []
    page.keyboard.press("Escape")
    page.locator('.tools [data-action="help"]').click()
    expect(page.locator("#dlg-help")).to_be_visible()
    assert page.evaluate(SMALL_BUTTONS, "#dlg-help .dialog-head") == []
    page.keyboard.press("Escape")
    reload_with_record(page, session_record({"seed": 5, "level": "easy"}))
    expect(page.locator("#dlg-count")).to_be_visible()
    assert page.evaluate(SMALL_BUTTONS, "#dlg-count") == []


@pytest.mark.parametrize("deck", LAYOUT_DECKS)
def test_ten_cards_in_hand_each_show_32_px(
    new_context: NewContext, network_guard: NetworkGuard, deck: str
) -> None:
    page = open_position(new_context, network_guard, "scientifico-full", PHONE, deck)
    shown = page.evaluate(
        """() => {
            const cards = [...document.querySelectorAll('#hand [data-card]')]
                .map((el) => el.getBoundingClientRect());
            return cards.slice(0, -1).map((r, k) => cards[k + 1].left - r.left);
        }"""
    )
    assert len(shown) == 9 and min(shown) >= 32, shown


#: layout shifts that no input caused, since the page began (PerformanceObserver)
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) {
      // what was drawn and moved: its place changed (a node that had no box before
      // appeared, a text that grew in place was rewritten: neither moved)
      // (the words of the status line, rewritten at each move, reflow inside its box)
      const element = (n) => (n && n.nodeType === Node.TEXT_NODE ? n.parentElement : n);
      // (a source without a node was removed: replaced by what is drawn now, not moved)
      const moved = e.sources.filter((s) => s.node && s.previousRect.width && s.previousRect.height
        && (Math.abs(s.previousRect.x - s.currentRect.x) >= 1
            || Math.abs(s.previousRect.y - s.currentRect.y) >= 1)
        && !(element(s.node) && element(s.node).closest('#status')));
      const where = (r) => `${Math.round(r.y)}+${Math.round(r.height)}`;
      if (moved.length) window.__shifts.push([Math.round(e.startTime), e.value.toFixed(4),
        moved.map((s) => `${(s.node && (s.node.id || s.node.className)) || '?'}`
          + ` (${element(s.node) ? element(s.node).id || element(s.node).className : ''}:`
          + ` ${s.node ? String(s.node.textContent).slice(0, 30) : ''})`
          + ` ${where(s.previousRect)}>${where(s.currentRect)}`).join(', ')]);
    }
  }
}).observe({type: 'layout-shift', buffered: true});
"""


def test_nothing_a_person_sees_moves_once_drawn(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    """A phone's first visit from the first paint to the engine's table, with the
    guided hand's offer; a move and the computer's; the hint; a new version's bar:
    no part of the page shifts without the person's input, and the bar lies over
    the page, the table where it was."""
    page = open_game(new_context, network_guard, viewport=PHONE, reduced=False, init_script=SHIFTS)
    page.wait_for_function(ENGINE_TABLE, timeout=120_000)
    wait_settled(page)
    view = saved_view(page)
    card = view["hand"][0]
    tap_move(page, card, view["moves"][card]["moves"][0]["take"])
    page.wait_for_function(
        "(key) => JSON.parse(localStorage.getItem('scopa.v1.view')).key !== key", arg=view["key"]
    )
    wait_settled(page)
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("#hint-panel")).to_be_visible()
    page.keyboard.press("Escape")
    board = page.locator("#board").bounding_box()
    page.evaluate(
        """() => {
            const bar = document.getElementById('update-bar');
            bar.textContent = 'A new version of Scopa is ready.';
            bar.hidden = false;
        }"""
    )
    assert page.locator("#board").bounding_box() == board
    shot(page, "phone-update-bar")
    page.wait_for_timeout(500)
    shifts = page.evaluate("window.__shifts")
    assert shifts == [], shifts
