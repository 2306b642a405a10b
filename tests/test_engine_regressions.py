"""Regression tests for engine bugs found by the differential replay tests.

Each test is named after the rule the engine got wrong, and says which
reading of shared/spec/records.md it pins down.
"""

from __future__ import annotations

import pytest

from scopa_core import Match, Move, MoveError, Rules, check_record


def _one_move_record(move: dict[str, object], **rules: object) -> dict[str, object]:
    match = Match(Rules.preset("scopa", **rules), seed=11, first_dealer=0)
    match.deal()
    record = match.to_record()
    record["hands"][0]["moves"] = [move]
    return record


def test_declare_false_is_the_same_as_no_declare_key() -> None:
    """A move flag set to false means "not set", for ``declare`` as for ``keep``.

    The engine took ``"keep": false`` as a plain play but refused
    ``"declare": false``: the same kind of key read two ways.
    """
    match = Match(Rules.preset("scopa", chiamarsi_fuori=True), seed=11, first_dealer=0)
    match.deal()
    move = match.legal_moves()[0]
    play = move.to_json()
    assert Move.from_json({**play, "declare": False}) == move
    assert Move.from_json({**play, "keep": False}) == move
    assert check_record(_one_move_record({**play, "declare": False}))["ok"] is True
    # a declaration with "keep": false is still just a declaration
    assert Move.from_json({"declare": True, "keep": False}) == Move.declare()
    result = check_record(_one_move_record({"declare": True, "keep": False}, chiamarsi_fuori=True))
    assert result["ok"] is True
    assert result["hands"][0]["declared"] == 1


@pytest.mark.parametrize(
    "bad",
    [
        {"declare": False},
        {"declare": 1},
        {"declare": "true"},
        {"declare": None},
        {"declare": True, "card": "7D", "take": []},
        {"declare": True, "take": []},
        {"declare": True, "keep": True},
    ],
)
def test_malformed_declarations_are_still_refused(bad: dict[str, object]) -> None:
    with pytest.raises(MoveError):
        Move.from_json(bad)
    result = check_record(_one_move_record(bad, chiamarsi_fuori=True))
    assert (result["ok"], result["hand"], result["move"]) == (False, 0, 0)
