"""Regression tests for engine bugs found by the differential replay tests.

Each test is named after the rule the engine got wrong, and says which
reading of shared/spec/records.md it pins down.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from scopa_core import Card, HandState, IllegalMove, Match, Move, MoveError, Rules, check_record
from scopa_core.moves import DECLARE, KEEP, PLAY
from scopa_core.record import check_record_text


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


def _keep_position() -> HandState:
    """Seat 0 holds AD, 3H, 5H; the table is 7S JS QS KS; ace_may_keep is on."""
    rules = Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True)
    front = ["AD", "2H", "3H", "4H", "5H", "6H", "7S", "JS", "QS", "KS"]
    deck = [Card.parse(c).index for c in front]
    deck += [i for i in range(40) if i not in deck]
    return HandState(rules, deck, dealer=1)


def test_a_kept_ace_takes_nothing() -> None:
    """A keep move that also names table cards is illegal ("a kept ace is not a capture").

    HandState.why_illegal checked a KEEP move's card but not its take, so
    ``play(Move(AD, table, KEEP))`` swept the table as a capture with a
    scopa; only records were safe, because Move.from_json refuses it.
    """
    hand = _keep_position()
    ace = Card.parse("AD").index
    sweep = Move(ace, hand.table, KEEP)
    assert sweep not in hand.legal_moves()
    before = (hand.hands[:], hand.table, hand.piles[:], hand.scope[:], hand.last_capturer)
    with pytest.raises(IllegalMove, match="takes nothing"):
        hand.play(sweep)
    assert (hand.hands, hand.table, hand.piles, hand.scope, hand.last_capturer) == (
        list(before[0]), before[1], list(before[2]), list(before[3]), before[4],
    )  # fmt: skip
    hand.play(Move.keep("AD"))  # the real keep is fine
    assert hand.table.bit_count() == 4 and hand.scope == [0, 0] and hand.last_capturer == -1


@pytest.mark.parametrize(
    "make",
    [
        lambda card: Move(card, 0, DECLARE),  # a declaration carrying a card
        lambda card: Move(-1, 1 << 6, DECLARE),  # ... or a take
        lambda card: Move(card, 0, 7),  # no such kind of move
        lambda card: Move(card, -1, PLAY),  # a negative card set: describe() looped for ever
        lambda card: Move(card, 1 << 45, PLAY),  # cards past the 40: describe() raised
    ],
    ids=["declare-with-card", "declare-with-take", "unknown-kind", "negative-take", "take-past-40"],
)
def test_only_moves_legal_moves_would_list_are_legal(make: Callable[[int], Move]) -> None:
    """why_illegal accepted (or choked on) hand-built Move values legal_moves never lists."""
    hand = _keep_position().apply(Move.keep("AD"))  # seat 1 to move
    rules = hand.rules.replace(chiamarsi_fuori=True)
    hand = HandState.from_parts(
        rules, hand.dealer, hands=hand.hands, table=hand.table, initial_table=hand.initial_table,
        piles=hand.piles, scope=hand.scope, last_capturer=hand.last_capturer,
        rest_of_deck=hand.deck[hand.deck_pos :], history=hand.history,
    )  # fmt: skip
    card = (hand.hands[hand.to_move] & -hand.hands[hand.to_move]).bit_length() - 1
    move = make(card)
    assert move not in hand.legal_moves()
    with pytest.raises(IllegalMove):
        hand.play(move)


def test_an_integer_too_long_for_python_is_still_json() -> None:
    """A 5000-digit integer is valid JSON: ignored in ``meta``, refused where it is read.

    parse_json let Python's int-conversion limit (4300 digits) turn it into "the
    file is not valid JSON" at hand null, move null, whatever key held it.
    """
    match = Match(Rules.preset("scopa"), seed=1, first_dealer=0)
    match.deal()
    for _ in range(2):
        match.play(match.legal_moves()[0])
    text = json.dumps(match.to_record({"n": 1}))
    huge = "7" * 5000
    assert check_record_text(text.replace('"n": 1', f'"n": {huge}'))["ok"] is True
    result = check_record_text(text.replace('"player": 1', f'"player": {huge}', 1))
    assert (result["ok"], result["hand"], result["move"]) == (False, 0, 0)
    result = check_record_text(text.replace('"dealer": 0', f'"dealer": -{huge}'))
    assert (result["ok"], result["hand"], result["move"]) == (False, 0, None)
    result = check_record_text(text.replace('"target": 11', f'"target": {huge}'))
    assert (result["ok"], result["hand"], result["move"]) == (False, None, None)
