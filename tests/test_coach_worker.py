"""The coach's worker API in CPython: hint, sweep_risk, review_positions, review_move.

Called through engine_worker.py's exported functions with JSON text, exactly as
the page calls them, and checked against scopa_core.coach on the same views.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scopa_core import Match, Move
from scopa_core.cards import reading_order
from scopa_core.coach import REVIEW_BUDGET, analyse, review_position, sweep_chance, view_before
from scopa_core.hand import HandState
from scopa_core.record import load_record
from tests.test_web_session import call, engine_worker

BUDGET = 1500


def start(**settings: Any) -> dict[str, Any]:
    reply = call("new_match", {"seed": 4, "level": "easy", **settings})
    assert reply["ok"], reply
    return reply


def play_to_person() -> dict[str, Any]:
    reply = call("view")
    while reply["view"]["phase"] == "play" and reply["view"]["to_move_kind"] == "computer":
        reply = call("step")
    return reply


def first_legal(view: dict[str, Any]) -> dict[str, Any]:
    card = sorted(view["moves"])[0]
    option = view["moves"][card]["moves"][0]
    if option["keep"]:
        return {"card": card, "keep": True, "take": []}
    return {"card": card, "take": option["take"]}


def session_match() -> Match:
    session = engine_worker._api.session
    assert session is not None
    return session.match


def test_the_functions_are_exported() -> None:
    for name in ("hint", "sweep_risk", "review_positions", "review_move"):
        assert name in engine_worker.__export__


@pytest.mark.parametrize("preset", ["scopa", "scopa-3", "scopa-4", "scopone"])
def test_a_hint_ranks_every_option_of_the_person_to_move(preset: str) -> None:
    start(preset=preset, first_dealer=0)
    view = play_to_person()["view"]
    reply = call("hint", {"budget": BUDGET})
    assert reply["ok"], reply
    assert reply["seat"] == view["to_move"] == 0 and reply["view"] is None
    options = reply["options"]
    legal = {
        (card, tuple(sorted(m["take"])), m["keep"])
        for card, entry in view["moves"].items()
        for m in entry["moves"]
    }
    shown = {
        (o["move"]["card"], tuple(sorted(o["move"]["take"])), o["move"].get("keep", False))
        for o in options
    }
    assert shown == legal and len(options) == len(legal)
    values = [o["value"] for o in options]
    assert values == sorted(values, reverse=True)
    assert reply["best"] == options[0]["move"]
    for option in options:
        assert option["loss"] == pytest.approx(values[0] - option["value"], abs=0.011)
        assert option["loss"] >= 0 and option["exact"] is reply["exact"] is False
        for reason in option["reasons"]:
            assert set(reason) == {"code", "params", "text"} and reason["text"]
    # the same analysis as scopa_core's, on the seat's own view
    session = engine_worker._api.session
    analysis = analyse(session_match().view(0), seed=session.seed, budget=BUDGET)
    assert reply["best"] == analysis.best.move.to_json()


def test_no_hint_when_a_computer_is_to_move() -> None:
    start(first_dealer=0)  # seat 1, the computer, leads
    reply = call("hint")
    assert reply["ok"] is False
    assert reply["problem"]["code"] == "session.computer_turn"
    assert call("view")["view"]["to_move"] == 1  # nothing changed


def test_the_sweep_risk_of_a_move_about_to_be_made() -> None:
    start(first_dealer=1)
    view = call("view")["view"]
    for card, entry in view["moves"].items():
        for option in entry["moves"]:
            move = {"card": card, "take": option["take"]}
            if option["keep"]:
                move["keep"] = True
            reply = call("sweep_risk", move)
            assert reply["ok"], reply
            expected = sweep_chance(session_match().view(0), Move.from_json(move))
            assert reply["chance"] == round(expected, 4)
            assert reply["percent"] == int(expected * 100 + 0.5)
    illegal = call("sweep_risk", {"card": "7D", "take": ["KS", "QS", "JS"]})
    assert illegal["ok"] is False and illegal["problem"]["code"]
    malformed = call("sweep_risk", {"card": "ZZ", "take": []})
    assert malformed["ok"] is False and malformed["problem"]["code"] == "card.bad_letters"
    assert call("view")["view"]["moves_in_hand"] == 0


def finish_a_hand() -> None:
    """Play the first hand to its end (the person plays its first legal move)."""
    reply = call("view")
    while reply["view"]["phase"] == "play":
        view = reply["view"]
        if view["to_move_kind"] == "computer":
            reply = call("step")
        else:
            reply = call("play", first_legal(view))
        assert reply["ok"], reply


def test_the_review_of_the_sessions_match_only_shows_finished_hands() -> None:
    start(first_dealer=1, target=21)
    finish_a_hand()
    call("next_hand")
    reply = call("play", first_legal(play_to_person()["view"]))
    assert reply["ok"]
    listed = call("review_positions", {"seat": 0})
    assert listed["ok"] and listed["hands"] == 2
    positions = listed["positions"]
    assert positions and {p["hand"] for p in positions} == {0}
    assert all(p["seat"] == 0 for p in positions) and len(positions) == 18
    everyone = call("review_positions")["positions"]
    assert len(everyone) == 36
    assert [(p["hand"], p["move"]) for p in everyone] == [(0, m) for m in range(36)]
    refused = call("review_move", {"hand": 1, "move": 0})
    assert refused["ok"] is False and refused["problem"]["code"] == "coach.hand_in_play"
    first = positions[0]
    reply = call("review_move", {"hand": first["hand"], "move": first["move"], "budget": BUDGET})
    assert reply["ok"], reply
    line = reply["review"]
    assert (line["hand"], line["move"], line["seat"]) == (0, first["move"], 0)
    match = session_match()
    session = engine_worker._api.session
    expected = review_position(match, 0, first["move"], seed=session.seed, budget=BUDGET)
    assert [{"move": v["move"], "value": v["value"]} for v in line["values"]] == expected["values"]
    assert all("reasons" in v and "loss" in v for v in line["values"])
    assert {k: line[k] for k in expected if k != "values"} == {
        k: v for k, v in expected.items() if k != "values"
    }
    # the position as the seat saw it: its own hand and the table, nothing hidden
    view, _ = view_before(match, 0, first["move"])
    assert reply["position"] == {
        "seat": 0,
        "hand": reading_order(view.hand),
        "table": reading_order(view.table),
        "deck_left": view.cards_left_in_deck,
    }
    assert line["played"]["card"] in reply["position"]["hand"]
    assert set(line["played"]["take"]) <= set(reply["position"]["table"])


def test_the_review_of_an_imported_record_any_seat() -> None:
    start(first_dealer=1)
    finish_a_hand()
    text = call("export_record")["text"]
    start(seed=9)  # another match in the session: the record is what is reviewed
    listed = call("review_positions", {"record": text, "seat": 1})
    assert listed["ok"] and listed["positions"]
    assert all(p["seat"] == 1 for p in listed["positions"])
    last = listed["positions"][-1]
    reply = call("review_move", {"record": text, **last})  # at the review's own budget
    assert reply["ok"], reply
    match = load_record(json.loads(text))
    expected = review_position(match, last["hand"], last["move"], budget=REVIEW_BUDGET)
    assert reply["review"]["best"] == expected["best"]
    assert reply["review"]["loss"] == expected["loss"]


def test_a_reviewed_position_shows_only_what_its_seat_saw() -> None:
    """Each seat's position of a hand: its own cards as they really were, and
    none of the other seat's."""
    start(first_dealer=1)
    finish_a_hand()
    text = call("export_record")["text"]
    match = load_record(json.loads(text))
    record = match.records[0]
    for seat in (0, 1):
        first = call("review_positions", {"record": text, "seat": seat})["positions"][0]
        reply = call("review_move", {"record": text, **first, "budget": BUDGET})
        assert reply["ok"], reply
        state = HandState(match.rules, record.deck, record.dealer)
        for made in record.moves[: first["move"]]:
            state.push(made)
        assert reply["position"]["seat"] == seat == state.to_move
        assert reply["position"]["hand"] == reading_order(state.hands[seat])
        assert reply["position"]["table"] == reading_order(state.table)
        assert not set(reply["position"]["hand"]) & set(reading_order(state.hands[1 - seat]))


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ({"record": '{"format": "scopa-record/1"'}, "record.bad_json"),
        ({"record": '{"format": "scopa-record/2"}'}, "record.bad_format"),
        ({"seat": 7}, "review.bad_seat"),
        ({"seat": -1}, "coach.not_whole"),
        ({"hand": "0"}, "coach.not_whole"),
    ],
)
def test_bad_review_requests_are_refused_with_a_code(spec: dict[str, Any], code: str) -> None:
    start()
    reply = call("review_positions", spec)
    assert reply["ok"] is False and reply["problem"]["code"] == code
    assert reply["error"]
    if code.startswith("record."):
        assert set(reply) >= {"hand", "move", "error", "problem"}


def test_review_move_needs_a_position_the_record_has() -> None:
    start(first_dealer=1)
    finish_a_hand()
    assert call("review_move", {"hand": 0})["problem"]["code"] == "coach.not_whole"
    reply = call("review_move", {"hand": 0, "move": 99})
    assert reply["ok"] is False and reply["problem"]["code"] == "review.no_position"
    assert call("review_move", "not an object")["problem"]["code"] == "coach.not_object"
