"""The guided first hand in the browser (web/app/tutorial.py, scopa_core/tutorial.py).

Offered on a first visit; played to its count by tapping what the coach's
panel marks, in English and in Italian: each lesson's words appear, a wrong
tap is explained and plays nothing, a move the rules forbid is refused with
the engine's reason, and the count is the one the lesson says. The player's
own match is never touched: started from the help in the middle of a match,
the guided hand leaves that match's save as it was, and the game goes on.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import NetworkGuard
from game_helpers import (
    ENGINE_TABLE,
    NewContext,
    open_game,
    saved_record,
    shot,
    tap_move,
    to_my_turn,
)
from game_helpers import (
    strings as page_strings,
)
from playwright.sync_api import Page, expect
from test_a11y import violations

from scopa_core import tutorial as script

DIALOG = "#dlg-tutorial"
#: words each lesson's panel shows, in each language
LESSON_WORDS = {
    "en": {
        "value": "Capture by value",
        "sum": "Capture by sum",
        "single": "The single-card rule",
        "forced": "A card that can take must take",
        "scopa": "A scopa!",
        "last": "The last capture",
    },
    "it": {
        "value": "Presa per valore",
        "sum": "Presa per somma",
        "single": "La regola della carta singola",
        "forced": "Una carta che può prendere deve prendere",
        "scopa": "Scopa!",
        "last": "L'ultima presa",
    },
}
WRONG = {"en": "Not that one for now", "it": "Non quella, per ora"}
REFUSED = {"en": "The rules say no", "it": "Le regole dicono di no"}
LOCALES = {"en": "en-GB", "it": "it-IT"}


def strings(lang: str) -> dict[str, str]:
    words: dict[str, str] = page_strings(lang)["text"]
    return words


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """(sel) => { const d = document.querySelector(sel);
        return {open: !!(d && d.open), step: d ? Number(d.dataset.step) : -1,
                lesson: d ? d.dataset.lesson : '', turn: d ? d.dataset.turn : '',
                hand: [...document.querySelectorAll(sel + ' .tut-hand [data-card]')]
                      .map(c => c.dataset.card),
                marked: [...document.querySelectorAll(sel + ' .tut-mark')].map(c => c.dataset.card)}
        }""",
        DIALOG,
    )
    return found


def wait_for_anna_or_count(page: Page, after: int) -> dict[str, Any]:
    page.wait_for_function(
        """([sel, after]) => { const d = document.querySelector(sel);
        return d && d.open && (d.dataset.turn === 'count'
            || (d.dataset.turn === 'anna' && Number(d.dataset.step) > after)); }""",
        arg=[DIALOG, after],
        timeout=30_000,
    )
    return state(page)


def wrong_tap(page: Page, lang: str, now: dict[str, Any]) -> None:
    """A card the lesson does not ask for: explained, and nothing is played."""
    other = next(code for code in now["hand"] if code not in now["marked"])
    page.locator(f'{DIALOG} .tut-hand [data-card="{other}"]').click()
    expect(page.locator(f"{DIALOG} .tut-note")).to_contain_text(WRONG[lang])
    page.wait_for_timeout(300)
    assert state(page)["step"] == now["step"] and state(page)["hand"] == now["hand"]


def play_to_the_count(page: Page, lang: str) -> list[str]:
    """Tap the marked card at each of Anna's turns; the lessons seen, in order."""
    seen = []
    now = wait_for_anna_or_count(page, -1)
    assert now["step"] == 0 and now["lesson"] == "value"
    wrong_tap(page, lang, now)
    while now["turn"] == "anna":
        assert len(now["marked"]) == 1, now
        code = now["marked"][0]
        lesson_text = page.locator(f"{DIALOG} .tut-lesson").inner_text()
        name = page.locator(f'{DIALOG} .tut-hand [data-card="{code}"]').get_attribute("aria-label")
        assert name and name in lesson_text, (name, lesson_text)  # the panel says which card
        if now["lesson"]:
            seen.append(now["lesson"])
            assert LESSON_WORDS[lang][now["lesson"]] in lesson_text, lesson_text
            if now["lesson"] == "scopa":
                shot(page, f"tutorial-scopa-{lang}")
        if now["lesson"] in script.TRIALS:
            page.locator(f'{DIALOG} [data-action="tutorial-try"]').click()
            expect(page.locator(f"{DIALOG} .tut-note")).to_contain_text(REFUSED[lang])
            assert state(page)["step"] == now["step"]
        page.locator(f'{DIALOG} .tut-hand [data-card="{code}"]').click()
        now = wait_for_anna_or_count(page, now["step"])
    return seen


def check_the_count(page: Page, lang: str) -> None:
    assert state(page)["turn"] == "count"
    points = page.locator(f'{DIALOG} tr[data-row="points"] td')
    assert points.all_inner_texts() == [str(p) for p in script.COUNT["points"]]
    cards = page.locator(f'{DIALOG} tr[data-row="cards"] td')
    assert [re.match(r"\d+", t).group() for t in cards.all_inner_texts()] == [  # type: ignore[union-attr]
        str(c) for c in script.COUNT["cards"]
    ]
    words = strings(lang)
    expect(page.locator(f"{DIALOG} .tut-lesson")).to_have_text(words["tutorial.lesson.count"])
    explained = page.locator(f"{DIALOG} .tut-explain li")
    assert explained.count() == 6
    assert explained.first.inner_text() == words["tutorial.explain.cards"]
    expect(page.locator(f'{DIALOG} [data-action="tutorial-play"]')).to_be_focused()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_guided_hand_played_to_its_count(
    new_context: NewContext, network_guard: NetworkGuard, lang: str
) -> None:
    page = open_game(new_context, network_guard, locale=LOCALES[lang])
    offer = page.locator("#tutorial-offer")
    expect(offer).to_be_visible(timeout=120_000)  # in the first paint
    page.wait_for_function(ENGINE_TABLE, timeout=120_000)  # the dealt table saved by now
    before = saved_record(page)
    shot(page, f"tutorial-offer-{lang}")
    if lang == "en":
        page.locator('[data-action="tutorial-offer-yes"]').click()
    else:  # dismissed, then asked for from the help
        page.locator('[data-action="tutorial-offer-no"]').click()
        expect(offer).to_have_count(0)
        expect(page.locator(DIALOG)).to_have_count(0)
        page.locator('[data-action="help"]').first.click()
        page.locator('#help-body [data-action="tutorial"]').click()
    expect(offer).to_have_count(0)
    expect(page.locator(f"{DIALOG} .tut-said")).to_have_text(strings(lang)["tutorial.intro"])
    assert not violations(page), violations(page)
    shot(page, f"tutorial-first-{lang}")
    seen = play_to_the_count(page, lang)
    assert seen == ["value", "sum", "single", "forced", "scopa", "last"]
    check_the_count(page, lang)
    shot(page, f"tutorial-count-{lang}")
    # then a real match: nothing was played on the first table, so its settings
    page.locator(f'{DIALOG} [data-action="tutorial-play"]').click()
    expect(page.locator(DIALOG)).to_be_hidden()
    expect(page.locator("#dlg-settings")).to_be_visible()
    assert saved_record(page) == before
    # the offer was taken: not made again on the next visit
    page.reload()
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000)
    page.wait_for_timeout(500)
    expect(page.locator("#tutorial-offer")).to_have_count(0)


def test_from_the_help_the_saved_match_is_kept(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    page = open_game(new_context, network_guard, "?seed=28&level=easy")
    to_my_turn(page)
    expect(page.locator("#tutorial-offer")).to_have_count(0)  # not a first visit
    view = json.loads(page.evaluate("localStorage.getItem('scopa.v1.view')"))
    card, moves = next(iter(view["moves"].items()))
    tap_move(page, card, moves["moves"][0]["take"])
    to_my_turn(page)
    record = saved_record(page)
    page.locator('[data-action="help"]').first.click()
    page.locator('#help-body [data-action="tutorial"]').click()
    expect(page.locator("#dlg-help")).to_be_hidden()
    now = wait_for_anna_or_count(page, -1)
    page.locator(f"{DIALOG} .tut-mark").click()
    wait_for_anna_or_count(page, now["step"])
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).to_be_hidden()
    assert saved_record(page) == record
    # the match goes on where it was, in the worker too
    view = json.loads(page.evaluate("localStorage.getItem('scopa.v1.view')"))
    card, moves = next(iter(view["moves"].items()))
    tap_move(page, card, moves["moves"][0]["take"])
    to_my_turn(page)
    after = saved_record(page)
    assert (
        after["hands"][0]["moves"][: len(record["hands"][0]["moves"])]
        == (record["hands"][0]["moves"])
    )
    assert len(after["hands"][0]["moves"]) > len(record["hands"][0]["moves"])
