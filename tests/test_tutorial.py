"""The guided first hand (scopa_core/tutorial.py) replayed through the real engine.

Every scripted move is legal where it is made, each lesson's situation really
happens (the rule it teaches is the engine's, not the script's claim), the
count is the one the lesson's words give in both languages, and the worker
(scopa_core/table/guided.py) plays the same script without touching the player's
own match.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import pytest

from scopa_core import tutorial as script
from scopa_core.cards import CARD_NAMES, bits
from scopa_core.hand import HandState
from scopa_core.moves import Move
from tests.test_web_session import call

STRINGS = Path(__file__).resolve().parent.parent / "web" / "app" / "strings"
LESSONS = ("value", "sum", "single", "forced", "scopa", "last")


def value(name: str) -> int:
    return CARD_NAMES.index(name) % 10 + 1


def names(mask: int) -> set[str]:
    return {CARD_NAMES[i] for i in bits(mask)}


def replay() -> list[tuple[script.Step, HandState, HandState]]:
    """Each step with the hand before and after it (copies)."""
    match = script.new_match()
    out = []
    for step in script.STEPS:
        hand = match.hand
        assert hand is not None
        before = hand.copy()
        match.play(step.move())
        out.append((step, before, hand.copy()))
    return out


def lesson_step(lesson: str) -> tuple[script.Step, HandState, HandState]:
    found = [entry for entry in replay() if entry[0].lesson == lesson]
    assert len(found) == 1, lesson
    return found[0]


def test_the_deal_is_the_classic_example() -> None:
    assert sorted(script.DECK) == sorted(CARD_NAMES)
    hand = script.new_match().hand
    assert hand is not None
    assert hand.dealer == 1 and hand.to_move == 0
    assert names(hand.table) == set(script.TABLE) == {"7C", "3S", "4H", "2D"}
    assert hand.rules.players == 2


def test_every_move_is_legal_and_made_by_the_right_seat() -> None:
    for k, (step, before, _after) in enumerate(replay()):
        assert before.to_move == step.seat, k
        assert step.move() in before.legal_moves(), (k, step)
        assert before.why_illegal(step.move()) is None
    assert len(script.STEPS) == 36
    assert [s.lesson for s in script.STEPS if s.lesson] == list(LESSONS)
    assert all(s.seat == script.PERSON for s in script.STEPS if s.lesson)


def test_capture_by_value() -> None:
    step, before, _ = lesson_step("value")
    assert len(step.take) == 1 and value(step.take[0]) == value(step.card)
    # the card's only move: the table card of its value
    assert [m for m in before.legal_moves() if m.card == step.move().card] == [step.move()]


def test_capture_by_sum() -> None:
    step, before, _ = lesson_step("sum")
    assert len(step.take) >= 2 and sum(value(c) for c in step.take) == value(step.card)
    assert all(value(c) != value(step.card) for c in names(before.table))


def test_single_card_rule() -> None:
    step, before, _ = lesson_step("single")
    assert len(step.take) == 1 and value(step.take[0]) == value(step.card)
    table = sorted(names(before.table))
    sums = [
        group
        for n in range(2, len(table) + 1)
        for group in combinations(table, n)
        if sum(value(c) for c in group) == value(step.card)
    ]
    assert sums, "a sum of the card's value must be on the table too"
    for group in sums:
        problem = before.why_illegal(Move.play(step.card, *group))
        assert problem is not None and problem.code == "capture.single_first"
    trial = script.TRIALS["single"]
    assert trial.card == step.card and tuple(trial.take) in sums


def test_forced_capture() -> None:
    step, before, _ = lesson_step("forced")
    assert step.take
    put_down = Move.play(step.card)
    problem = before.why_illegal(put_down)
    assert problem is not None and problem.code == "capture.must_take"
    assert script.TRIALS["forced"].move() == put_down


def test_scopa() -> None:
    step, before, after = lesson_step("scopa")
    assert names(before.table) == set(step.take)
    assert after.table == 0
    assert after.scope[0] == before.scope[0] + 1


def test_last_cards_to_the_last_capturer() -> None:
    entries = replay()
    k = next(i for i, (s, _, _) in enumerate(entries) if s.lesson == "last")
    step, _, after = entries[k]
    assert step.take and after.last_capturer == script.PERSON
    assert not any(s.take for s, _, _ in entries[k + 1 :]), "no capture after the lesson's"
    end = entries[-1][2]
    assert end.is_over and names(end.table) == set(script.LEFTOVER)
    piles = end.final_piles()
    assert names(piles[0]) >= set(script.LEFTOVER)
    assert not names(piles[1]) & set(script.LEFTOVER)


def test_the_count_is_the_lessons() -> None:
    match = script.new_match()
    score = None
    for step in script.STEPS:
        score = match.play(step.move())
    assert score is not None
    count = script.COUNT
    assert score.cards == count["cards"]
    assert score.coins == count["coins"]
    assert score.settebello == count["settebello"]
    assert score.primiera == count["primiera"]
    assert score.scope == count["scope"]
    assert score.points == count["points"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_words_say_the_count(lang: str) -> None:
    strings = json.loads((STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    words = strings["text"]
    for lesson in (*LESSONS, "count"):
        assert words[f"tutorial.lesson.{lesson}"], (lang, lesson)
    said = words["tutorial.lesson.count"]
    numbers = [int(n) for n in re.findall(r"\d+", said)]
    count = script.COUNT
    expected = [*count["cards"], *count["coins"], *count["primiera"], *count["points"]]
    assert numbers == expected, (lang, said)


# -- the worker ---------------------------------------------------------------------------


def test_the_worker_plays_the_script_and_leaves_the_match_alone() -> None:
    assert call("new_match", {"seed": 5, "level": "easy"})["ok"]
    before = call("export_record")["text"]
    reply = call("tutorial_start")
    assert reply["ok"] and "record" not in reply
    assert sorted(reply["view"]["table"]) == sorted(script.TABLE)
    assert reply["lesson"]["lesson"] == "value" and reply["lesson"]["move"]["card"] == "4C"
    # a card the lesson does not ask for: nothing is played
    wrong = call("tutorial_play", {"card": "7D", "take": ["7C"]})
    assert not wrong["ok"] and wrong["problem"]["code"] == "tutorial.not_now"
    assert call("tutorial_step")["problem"]["code"] == "session.person_turn"
    seen = []
    while True:
        lesson = reply["lesson"]
        if lesson["seat"] is None:
            break
        if lesson["seat"] == 0:
            if "trial" in lesson:
                why = call("tutorial_why", lesson["trial"])
                assert why["ok"] and why["problem"]["code"].startswith("capture.")
                refused = call("tutorial_play", lesson["trial"])
                assert not refused["ok"] and refused["tutorial"] == "illegal"
            seen.append(lesson["lesson"])
            reply = call("tutorial_play", lesson["move"])
        else:
            reply = call("tutorial_step")
        assert reply["ok"], reply
    assert [s for s in seen if s] == list(LESSONS)
    view = reply["view"]
    assert view["phase"] in ("hand-over", "match-over")
    assert view["count"]["points"] == list(script.COUNT["points"])
    assert reply["event"]["leftover"] == {"side": 0, "cards": list(script.LEFTOVER)}
    assert reply["lesson"]["lesson"] == "count"
    # the player's own match is as it was
    assert call("export_record")["text"] == before
