"""Six at the table in the browser (issue 32, part 6): a scopa-6 table with the host,
three friends each on a device of their own and two computers, paired through the
real UI over real data channels in real Chromium, played to the end of a hand;
every text each friend's device received is checked against the host's record for
cards its seat could not see then (test_remote.py's `leaks`).
"""

from __future__ import annotations

import json

from conftest import NetworkGuard, call_engine
from game_helpers import NewContext
from playwright.sync_api import Page
from test_remote import (
    device,
    enter,
    got,
    join,
    leaks,
    link_view,
    next_invitation,
    open_friend_table,
    play_one,
    tables_agree,
    wait_link,
)

#: the friends' seats (the seat across, 3, is the one "Play a friend" gives; 1 and 2
#: are chosen in the form) and the computers' (4 and 5)
FRIENDS = (1, 2, 3)
COMPUTERS = (4, 5)


def six_at_the_table(new_context: NewContext, guard: NetworkGuard) -> list[Page]:
    """[host, friend, friend, friend], every one connected."""
    host = device(new_context, guard)
    friends = [device(new_context, guard) for _ in FRIENDS]
    code = open_friend_table(host, preset="scopa-6", remote=(1, 2))
    for k, friend in enumerate(friends):
        if k:
            code = next_invitation(host, code)
        enter(host, join(friend, code))
    for page in (host, *friends):
        wait_link(page, "connected")
    return [host, *friends]


def test_six_players_three_friends_and_two_computers_play_a_hand(
    new_context: NewContext, network_guard: NetworkGuard
) -> None:
    pages = six_at_the_table(new_context, network_guard)
    host, *friends = pages
    seats = [link_view(f)["link"]["seat"] for f in friends]
    assert sorted(seats) == list(FRIENDS)
    kinds = [s["kind"] for s in link_view(host)["view"]["seats"]]
    assert [kinds[s] for s in COMPUTERS] == ["computer", "computer"]
    assert [kinds[s] for s in FRIENDS] == ["remote"] * 3
    phase = "play"
    for _ in range(100):  # 36 moves, a third of them the computers'
        phase = play_one(pages)
        if phase != "play":
            break
    assert phase == "hand-over"
    record = json.loads(call_engine(host, "link_export")["text"])
    hand = record["hands"][0]
    assert len(hand["moves"]) == 36 and link_view(host)["view"]["count"] is not None
    by_seat = {(hand["dealer"] + 1 + k) % 6 for k in range(len(hand["moves"]))}
    assert by_seat == set(range(6))  # every seat moved: people, friends and computers
    for friend, seat in zip(friends, seats, strict=True):
        texts = got(friend)
        assert any(json.loads(t)["kind"] == "state" for t in texts)
        assert leaks(record, seat, texts) == []
        tables_agree(host, friend)
