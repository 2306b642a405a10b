"""The guided hand answered from the build's recording (tools/guided_hand.py, the
page's web/app/guided_replies.py): every reply the page gets, played as the page
plays it (the lesson's move, Bruno's, each lesson's "instead?"), is the one the
engine worker gives live; anything the script does not do is left to the worker."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from guided_replies import GuidedReplies

from tools.guided_hand import record, worker_module

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

RECORDING = record(WEB)


def live(text: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(text)
    reply.pop("ms", None)
    return reply


def test_the_page_gets_the_workers_own_replies_all_through_the_hand() -> None:
    page = GuidedReplies(json.loads(json.dumps(RECORDING)))  # as the page reads the file
    with worker_module(WEB) as worker:
        reply = page.answer("tutorial_start")
        assert reply == live(worker.tutorial_start())
        trials = moves = 0
        while reply["lesson"]["seat"] is not None:
            lesson = reply["lesson"]
            if lesson["seat"] == 0:
                if "trial" in lesson:
                    trial = json.dumps(lesson["trial"])
                    assert page.answer("tutorial_why", json.loads(trial)) == live(
                        worker.tutorial_why(trial)
                    )
                    trials += 1
                move = dict(lesson["move"], take=list(reversed(lesson["move"]["take"])))
                reply = page.answer("tutorial_play", move)
                assert reply == live(worker.tutorial_play(json.dumps(move)))
            else:
                reply = page.answer("tutorial_step")
                assert reply == live(worker.tutorial_step())
            moves += 1
        assert reply["lesson"]["lesson"] == "count"
        assert moves == len(RECORDING["moves"]) > 30 and trials >= 2


def test_what_the_script_does_not_do_is_left_to_the_worker() -> None:
    page = GuidedReplies(RECORDING)
    assert page.answer("tutorial_play", {"card": "7C", "take": []}) is None  # not started
    reply = page.answer("tutorial_start")
    lesson = reply["lesson"]
    assert lesson["seat"] == 0
    wrong = next(c for c in reply["view"]["hand"] if c != lesson["move"]["card"])
    assert page.answer("tutorial_play", {"card": wrong, "take": []}) is None
    assert page.answer("tutorial_play", "not a move") is None
    assert page.answer("tutorial_step") is None  # it is Anna's turn, not Bruno's
    assert page.answer("tutorial_why", {"card": wrong, "take": ["KD"]}) is None
    assert page.answer("play", lesson["move"]) is None  # not the guided hand's call
    # and nothing moved: the lesson's move is still the one answered
    assert page.answer("tutorial_play", lesson["move"]) == RECORDING["moves"][0]
