"""The page's pure modules (web/app, MicroPython in the browser) in CPython:
the address's settings, the phases, how seats and moves are named."""

from __future__ import annotations

import i18n
from address import url_settings
from names import seat_name, side_name
from narration import describe, result_text
from phases import in_progress, my_turn, phase_of

EN = i18n.I18n("en", "french")
IT = i18n.I18n("it", "neapolitan")


def params(**values: str) -> object:
    return lambda name: values.get(name)


def test_the_address_gives_known_settings_only() -> None:
    got = url_settings(
        params(
            preset="scopone",
            target="150",
            level="expert",
            variants="napola,bogus,quindici",
            seats="pcxp",
            seed="18",
            first_dealer="x",
            fresh="1",
        )
    )
    assert got == {
        "fresh": True,
        "settings": {
            "preset": "scopone",
            "target": 99,
            "level": "expert",
            "variants": ["napola", "quindici"],
            "seats": [{"kind": "person"}, {"kind": "computer"}, {"kind": "person"}],
        },
        "seed": 18,
    }
    assert url_settings(params(preset="poker", target="", level="god")) == {"fresh": False}


def view(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {
        "phase": "play",
        "to_move": 0,
        "viewer": 0,
        "to_move_kind": "person",
        "moves": {"7D": {}},
        "hand_no": 1,
        "moves_in_hand": 0,
        "players": 2,
        "sides": [[0], [1]],
        "seats": [{"kind": "person", "name": ""}, {"kind": "computer"}],
    }
    base.update(changes)
    return base


def test_phases_follow_the_view() -> None:
    assert phase_of(None, False) == "loading"
    assert phase_of(view(), False) == "play"
    assert phase_of(view(), True) == "thinking"
    assert phase_of(view(to_move=1, to_move_kind="computer"), False) == "thinking"
    assert phase_of(view(phase="hand-over"), True) == "hand-over"
    assert my_turn(view()) and not my_turn(view(viewer=None)) and not my_turn(view(moves=None))
    assert not in_progress(view()) and in_progress(view(moves_in_hand=1))
    assert in_progress(view(hand_no=2)) and not in_progress(view(phase="match-over", hand_no=3))


def test_seats_and_sides_are_named_for_the_one_person() -> None:
    two = view()
    assert seat_name(two, 0, EN) == "You" and seat_name(two, 1, IT) == "Computer"
    four = view(
        players=4,
        sides=[[0, 2], [1, 3]],
        seats=[{"kind": "person", "name": "Anna"}] + [{"kind": "computer"}] * 3,
    )
    assert [seat_name(four, s, EN) for s in range(4)] == [
        "Anna",
        "Computer 1",
        "Partner",
        "Computer 2",
    ]
    assert side_name(four, 0, EN) == "Us" and side_name(four, 1, EN) == "Them"


def test_moves_and_results_in_words() -> None:
    event = {
        "seat": 1,
        "kind": "play",
        "card": "7D",
        "take": ["3S", "4C"],
        "scopa": True,
        "dealt": False,
        "hand_over": False,
    }
    assert describe(event, view(), EN) == (
        "Computer played 7 of diamonds and took 3 of spades and 4 of clubs. Scopa!"
    )
    assert describe(event, view(), IT) == (
        "Computer ha giocato 7 di denari e ha preso 3 di spade e 4 di bastoni. Scopa!"
    )
    over = view(phase="match-over", result={"winner": 0})
    assert result_text(over, EN) == "You win the match!"
