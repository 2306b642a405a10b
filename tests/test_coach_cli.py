"""``python -m scopa_core review FILE|- [--seat N] [--budget B]``: format and errors.

Every line parses; there is one per move of the reviewed seats, in order;
``values`` holds every legal move of the position; ``loss`` is the best value
minus the played move's, never negative; ``exact`` is true exactly when every
card the seat has not seen is in one other seat's hand with the deck empty.  A
bad record gets the replay checker's own error object and exit status 1.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scopa_core import HandState, Match, Move, Rules
from scopa_core.moves import DECLARE
from tests.test_cli import replay, run

BUDGET = "800"


def a_match(rules: Rules, seed: int, hands: int) -> dict[str, Any]:
    """A record of ``hands`` hands (the last one may be unfinished) with random moves."""
    rng = random.Random(seed)
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    while len(match.records) < hands and not match.over:
        hand = match.deal()
        moves_left = 40 - rules.table_cards if len(match.records) < hands else 11
        while not hand.is_over and moves_left:
            match.play(rng.choice([m for m in match.legal_moves() if m.kind != DECLARE]))
            moves_left -= 1
    return match.to_record()


def review(*args: str, data: bytes | None = None) -> tuple[int, list[dict[str, Any]], bytes]:
    proc = run("review", *args, data=data if data is not None else b"", timeout=600)
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert all(isinstance(line, dict) for line in lines)
    return proc.returncode, lines, proc.stderr


def positions_of(record: dict[str, Any], seats: set[int]) -> list[tuple[int, int, HandState]]:
    """(hand, move, state before it) of every move of ``seats``, replayed here."""
    rules = Rules.from_json(record["rules"])
    out = []
    for h, hand in enumerate(record["hands"]):
        state = HandState(rules, [Move.play(c).card for c in hand["deck"]], hand["dealer"])
        for m, item in enumerate(hand["moves"]):
            if state.to_move in seats:
                out.append((h, m, state.copy()))
            state.play(Move.from_json({k: v for k, v in item.items() if k != "player"}))
    return out


def is_exact(state: HandState) -> bool:
    """The rule, on the real hand: deck empty, at most one other seat holding cards."""
    others = [s for s in range(state.rules.players) if s != state.to_move and state.hands[s]]
    return state.cards_left_in_deck == 0 and len(others) <= 1


@pytest.mark.parametrize(
    ("rules", "seat"),
    [
        (Rules.preset("scopa", target=31), None),
        (Rules.preset("scopa-3", re_bello=True), 2),
        (Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True, chiamarsi_fuori=True), 0),
    ],
    ids=["2p-all-seats", "3p-seat-2", "asso-declare-seat-0"],
)
def test_one_line_per_move_of_the_reviewed_seats(
    tmp_path: Path, rules: Rules, seat: int | None
) -> None:
    record = a_match(rules, seed=3, hands=2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    args = [str(path), "--budget", BUDGET] + ([] if seat is None else ["--seat", str(seat)])
    status, lines, stderr = review(*args)
    assert status == 0 and stderr == b""
    seats = set(range(rules.players)) if seat is None else {seat}
    expected = positions_of(record, seats)
    assert [(x["hand"], x["move"]) for x in lines] == [(h, m) for h, m, _ in expected]
    assert any(x["exact"] for x in lines) and not all(x["exact"] for x in lines)
    for line, (h, m, state) in zip(lines, expected, strict=True):
        assert set(line) == {"hand", "move", "seat", "played", "best", "loss", "exact", "values"}
        assert line["seat"] == state.to_move
        legal = sorted(json.dumps(mv.to_json(), sort_keys=True) for mv in state.legal_moves())
        listed = sorted(json.dumps(v["move"], sort_keys=True) for v in line["values"])
        assert listed == legal
        played = record["hands"][h]["moves"][m]
        assert line["played"] == {k: v for k, v in played.items() if k != "player"}
        value = {json.dumps(v["move"], sort_keys=True): v["value"] for v in line["values"]}
        best = value[json.dumps(line["best"], sort_keys=True)]
        assert best == max(value.values())
        mine = value[json.dumps(line["played"], sort_keys=True)]
        assert line["loss"] == pytest.approx(best - mine, abs=1e-9) and line["loss"] >= 0
        assert line["exact"] is is_exact(state)


def test_standard_input_and_the_move_formats() -> None:
    rules = Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True, chiamarsi_fuori=True)
    record = a_match(rules, seed=8, hands=1)
    status, lines, _ = review(
        "-", "--seat", "1", "--budget", BUDGET, data=json.dumps(record).encode()
    )
    assert status == 0 and lines
    forms = {tuple(sorted(v["move"])) for line in lines for v in line["values"]}
    assert ("declare",) in forms and ("card", "take") in forms
    assert forms <= {("declare",), ("card", "take"), ("card", "keep", "take")}


def bad_records(record: dict[str, Any]) -> list[bytes]:
    illegal = json.loads(json.dumps(record))
    illegal["hands"][0]["moves"][2] = {"card": "ZZ", "take": []}
    wrong = json.loads(json.dumps(record))
    wrong["hands"][0]["moves"][1]["take"] = ["KS", "KH", "KC"]
    return [
        b'{"format": "scopa-record/1", "rules": ',
        b"\xff\xfe not utf-8",
        json.dumps(illegal).encode(),
        json.dumps(wrong).encode(),
    ]


def test_a_bad_record_gets_the_checkers_error_object(tmp_path: Path) -> None:
    record = a_match(Rules.preset("scopa"), seed=1, hands=1)
    for k, data in enumerate(bad_records(record)):
        path = tmp_path / f"bad{k}.json"
        path.write_bytes(data)
        status, lines, stderr = review(str(path))
        _, checked = replay(str(path))
        assert status == 1 and stderr == b""
        assert lines == [checked] and checked["ok"] is False


def test_an_unreadable_file_and_a_seat_the_table_lacks(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.json")
    status, lines, _ = review(missing)
    assert status == 1 and lines == [replay(missing)[1]]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(a_match(Rules.preset("scopa"), seed=2, hands=1)))
    status, lines, _ = review(str(path), "--seat", "2")
    assert status == 1 and len(lines) == 1
    assert lines[0]["ok"] is False and lines[0]["hand"] is None and "seat 2" in lines[0]["error"]


def test_the_help_says_how_values_are_rounded() -> None:
    proc = run("review", "--help")
    assert proc.returncode == 0 and b"hundredths of a point" in proc.stdout
