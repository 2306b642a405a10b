"""Watch mode in the worker (scopa_core/table/watch.py), called as the page calls it.

Every seat is a computer; each step is exactly one move, ranked from the
moving seat's own view (the coach's analysis of ``Match.view(seat)``, the same
as the hint's); the move made is the computer's own; a step after a hand
deals the next; the player's match in the worker is never touched.
"""

from __future__ import annotations

import pytest

from scopa_core.coach import analyse, option_json
from tests.test_web_session import call, engine_worker

BUDGET = 1200


@pytest.mark.parametrize(("preset", "players"), [("scopa", 2), ("scopa-4", 4), ("scopa-6", 6)])
def test_each_step_is_one_ranked_computer_move(preset: str, players: int) -> None:
    assert call("new_match", {"seed": 3, "level": "easy"})["ok"]
    mine = call("export_record")["text"]
    seats = [{"kind": "person", "name": "Me"}] + [{"kind": "computer"}] * (players - 1)
    settings = {"preset": preset, "level": "easy", "seed": 11, "seats": seats}
    reply = call("watch_start", settings)
    assert reply["ok"] and "record" not in reply
    view = reply["view"]
    assert [s["kind"] for s in view["seats"]] == ["computer"] * players
    assert view["viewer"] is None and view["hand"] == []
    assert [len(h) for h in reply["hands"]] == [3] * players
    assert reply["moves"] == 0
    for k in range(players + 2):
        watch = engine_worker._api.watch
        seat = watch.session.to_move
        seen = watch.session.match.view(seat)
        expected = analyse(seen, seed=watch.session.seed * 8 + seat, budget=BUDGET)
        legal = len(watch.session.match.legal_moves())
        reply = call("watch_step", {"budget": BUDGET})
        assert reply["ok"], reply
        assert reply["moves"] == k + 1
        event, ranking = reply["event"], reply["ranking"]
        assert event["seat"] == seat == ranking["seat"]
        assert len(ranking["options"]) == legal
        assert ranking["options"] == [option_json(o) for o in expected.options]
        played = ranking["options"][ranking["played"]]["move"]
        assert played["card"] == event["card"] and sorted(played["take"]) == sorted(event["take"])
    assert call("export_record")["text"] == mine


def test_the_hand_over_then_a_step_deals_and_the_match_ends() -> None:
    reply = call("watch_start", {"level": "easy", "seed": 5, "target": 1})
    while reply["view"]["phase"] == "play":
        reply = call("watch_step", {"rank": False})
        assert reply["ok"] and reply["ranking"] is None
    if reply["view"]["phase"] == "hand-over":
        assert reply["view"]["count"]
        dealt = call("watch_step", {"rank": False})
        assert dealt["ok"] and dealt["view"]["hand_no"] == 2 and dealt["event"] is None
        while dealt["view"]["phase"] == "play":
            dealt = call("watch_step", {"rank": False})
        reply = dealt
    if reply["view"]["phase"] == "match-over":
        over = call("watch_step")
        assert not over["ok"] and over["problem"]["code"] == "watch.over"


def test_bad_settings_are_refused_and_nothing_changes() -> None:
    call("watch_start", {"level": "easy", "seed": 1})
    before = call("watch_step", {"rank": False})["moves"]
    for bad in ([1, 2], {"preset": "nope"}, {"level": "genius"}):
        reply = call("watch_start", bad)
        assert not reply["ok"] and reply["error"]
    assert call("watch_step", {"rank": False})["moves"] == before + 1


def test_a_seat_changes_level_from_its_next_move() -> None:
    reply = call("watch_start", {"level": "easy", "seed": 2, "preset": "scopa-3"})
    assert [s["level"] for s in reply["view"]["seats"]] == ["easy"] * 3
    reply = call("watch_level", {"seat": 1, "level": "expert"})
    assert reply["ok"] and [s["level"] for s in reply["view"]["seats"]] == [
        "easy",
        "expert",
        "easy",
    ]
    from scopa_core.players.expert import ExpertPlayer

    call("watch_step", {"rank": False})
    call("watch_step", {"rank": False})
    assert isinstance(engine_worker._api.watch.session.player(1), ExpertPlayer)
    for bad in ({"seat": 3, "level": "easy"}, {"seat": 0, "level": "genius"}, {"seat": True}):
        refused = call("watch_level", bad)
        assert not refused["ok"] and refused["problem"]["code"] in (
            "watch.bad_seat",
            "session.bad_level",
        )
    assert [
        s["level"] for s in call("watch_level", {"seat": 0, "level": "hard"})["view"]["seats"]
    ] == [
        "hard",
        "expert",
        "easy",
    ]


def test_every_control_of_the_guided_hand_and_watch_mode_is_routed() -> None:
    """coaching.py routes each data-action to the part that handles it: a name the
    part handles but coaching.py does not list would do nothing when clicked."""
    import ast
    import re
    from pathlib import Path

    app = Path(__file__).resolve().parent.parent / "web" / "app"
    tree = ast.parse((app / "coaching.py").read_text(encoding="utf-8"))
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "ACTIONS"
    )
    for part, module in (("tutorial", "tutorial.py"), ("watch", "watch.py")):
        source = (app / module).read_text(encoding="utf-8")
        handled = set(re.findall(r'"([a-z-]+)": lambda el', source))
        assert handled and handled == set(listed[part]), part
