"""What a dropped card means (web/app/drops.py), in CPython, against the moves
the worker's own Session sends: a drop reads exactly as the taps it stands
for, and every move it makes is legal (the engine plays it)."""

from __future__ import annotations

from typing import Any

import pytest
from drops import CHOOSE, asked_move, drop_on_card, drop_on_felt
from selection import PLAY, REJECT, Selection, pick_card

from scopa_core.table.session import Session


def person_to_move(seed: int, **settings: Any) -> tuple[Session, dict[str, Any]]:
    """A match at the person's first turn (the computers moved before)."""
    session = Session.new({"level": "easy", "seed": seed, **settings})
    view = session.table_view()
    while view["phase"] == "play" and view["to_move_kind"] == "computer":
        session.step()
        view = session.table_view()
    return session, view


def test_a_drop_on_the_card_a_single_move_takes_makes_it() -> None:
    session, view = person_to_move(5)  # hand 2S 5D QH, table QS 4D KD 6H
    assert drop_on_card(view["moves"], "QH", "QS") == (PLAY, {"card": "QH", "take": ["QS"]})
    reply = session.play({"card": "QH", "take": ["QS"]})
    assert reply["take"] == ["QS"]  # the EVENT the page animates


def test_a_card_that_takes_nothing_goes_down_on_the_felt_only() -> None:
    _, view = person_to_move(5)
    moves = view["moves"]
    assert drop_on_felt(moves, "5D") == (PLAY, {"card": "5D", "take": []})
    # onto a table card: refused, the engine asked why (the view has no reason for it)
    assert drop_on_card(moves, "5D", "QS") == (REJECT, None)
    assert asked_move("5D", "QS") == {"card": "5D", "take": ["QS"]}


def test_a_card_that_must_take_is_refused_on_the_felt() -> None:
    session, view = person_to_move(5)
    assert drop_on_felt(view["moves"], "QH") == (REJECT, None)
    why = session.match.hand.why_illegal(session_move(asked_move("QH")))
    assert why is not None and why.code == "capture.must_take"


def session_move(spec: dict[str, Any]) -> Any:
    from scopa_core import Move

    return Move.from_json(spec)


def test_a_drop_reads_as_a_tap_on_the_card_then_the_table_card() -> None:
    _, view = person_to_move(30)  # KC takes 2D+JS or JS+2S; 5S out of reach
    moves = view["moves"]
    # out of reach: the same reason a tap gets
    tapped = pick_card(moves, "KC")
    assert isinstance(tapped, Selection)
    assert drop_on_card(moves, "KC", "5S") == tapped.tap("5S")
    assert drop_on_card(moves, "KC", "5S")[1]["code"]
    # in one capture only: that capture
    assert drop_on_card(moves, "KC", "2D") == (PLAY, {"card": "KC", "take": ["2D", "JS"]})
    # in both: the choice goes on, narrowed to it
    kind, selection = drop_on_card(moves, "KC", "JS")
    assert kind == CHOOSE and selection.card == "KC" and selection.chosen == ["JS"]
    assert sorted(selection.reachable()) == ["2D", "2S", "JS"]


def test_an_ace_that_may_be_kept_opens_the_choice_on_the_felt() -> None:
    moves = {
        "AD": {"moves": [{"take": ["3C", "5S"], "keep": False}, {"take": [], "keep": True}]},
    }
    kind, selection = drop_on_felt(moves, "AD")
    assert kind == CHOOSE and selection.can_keep() and not selection.chosen


def test_cards_not_playable_now_do_nothing() -> None:
    assert drop_on_card({}, "7D", "3S") is None
    assert drop_on_felt(None, "7D") is None


@pytest.mark.parametrize("seed", range(1, 25))
def test_every_drop_is_legal_or_refused(seed: int) -> None:
    """Every hand card onto every table card and the felt: a move the engine
    accepts, a choice among legal moves, or a refusal the engine agrees with."""
    session, view = person_to_move(seed, preset="scopa-4")
    hand = session.match.hand
    for card, entry in view["moves"].items():
        legal = [{"card": card, "take": o["take"]} for o in entry["moves"] if not o["keep"]]
        for target in [*view["table"], None]:
            got = drop_on_card(view["moves"], card, target) if target else None
            got = got if target else drop_on_felt(view["moves"], card)
            assert got is not None
            kind, value = got
            if kind == PLAY:
                assert value in legal
            elif kind == CHOOSE:
                assert all(o in entry["moves"] for o in value.candidates())
            else:
                assert hand.why_illegal(session_move(asked_move(card, target))) is not None
