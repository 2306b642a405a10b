"""The page's names for seats at a table with friends on other devices (issue 16):
web/app/names.py, in CPython. On the host a friend's seat is ``{"kind":
"remote"}``; on a guest every other seat is remote and says what it ``plays``
(docs/web-api.md), a computer among them named as a computer."""

from __future__ import annotations

import i18n
import names

EN = i18n.I18n("en", "french")
IT = i18n.I18n("it", "french")


def test_the_host_calls_its_friend_friend() -> None:
    view = {"seats": [{"kind": "person"}, {"kind": "remote"}], "sides": [[0], [1]]}
    assert names.seat_name(view, 0, EN) == "You"
    assert names.seat_name(view, 1, EN) == "Friend"
    assert names.seat_name(view, 1, IT) == "Amico"
    assert names.side_name(view, 1, EN) == "Friend"


def test_a_named_friend_is_called_by_name() -> None:
    view = {"seats": [{"kind": "person"}, {"kind": "remote", "name": "Bea"}], "sides": [[0], [1]]}
    assert names.seat_name(view, 1, EN) == "Bea"


def test_a_guest_at_four_sees_friends_a_partner_computer_and_rivals() -> None:
    seats = [
        {"kind": "remote", "plays": "person"},  # the host's person
        {"kind": "person"},  # this guest
        {"kind": "remote", "plays": "remote"},  # another guest
        {"kind": "remote", "plays": "computer"},  # the host's computer, this guest's partner
    ]
    view = {"seats": seats, "sides": [[0, 2], [1, 3]]}
    assert names.seat_name(view, 1, EN) == "You"
    assert names.seat_name(view, 3, EN) == "Partner"
    assert names.seat_name(view, 0, EN) == "Friend 1"
    assert names.seat_name(view, 2, EN) == "Friend 3"
    assert names.kind_of(seats[3]) == "computer"
    assert names.my_side(view) == 1
