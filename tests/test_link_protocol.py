"""The link's edge: every message that does not fit is refused with a sentence and
its code, changes nothing on the device that got it, and play goes on.

Messages go through the real worker functions (tests/link_devices.py); "changes
nothing" is checked on the device's whole save (the record, the tokens, the
fair-deal values) before and after.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scopa_core.link import protocol
from scopa_core.link.problems import LINK_ENGLISH, LinkError
from tests.link_devices import (
    Table,
    replayable,  # noqa: F401  (autouse: the same matches every run)
)

P, R, C = {"kind": "person", "name": "Ann"}, {"kind": "remote"}, {"kind": "computer"}


def two_player(first_dealer: int = 1, **settings: Any) -> Table:
    """Ann hosts, Bea plays seat 1 from her device; the dealer 1 makes Ann lead."""
    return Table({"seats": [P, R], "first_dealer": first_dealer, **settings}, ["bea"])


def refused(
    table: Table, device: str, channel: str, text: str, flagged: bool = False
) -> dict[str, Any]:
    """Deliver ``text`` as if it came off ``channel``; it must be refused, changing
    nothing (but, when ``flagged``, the guest's list of checks: one more, failed)."""
    before = dict(table.devices[device].last["save"])
    reply = table.call(device, "link_receive", channel, text)
    assert reply["ok"] and "refused" in reply, reply
    after = dict(reply["save"])
    if flagged:
        checks = after.pop("checks")
        assert checks[:-1] == before.pop("checks") and checks[-1]["ok"] is False
        assert checks[-1]["problem"] == reply["refused"]["problem"]
    assert after == before
    answers = [json.loads(item["text"]) for item in reply["send"]]
    assert [a["kind"] for a in answers] == ["refuse"]
    assert answers[0]["error"] == reply["refused"]["error"]
    assert answers[0]["problem"] == reply["refused"]["problem"]
    return reply["refused"]["problem"]  # type: ignore[no-any-return]


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "kind": kind, **fields})


def bea_move(table: Table, **change: Any) -> str:
    """A legal move for Bea at the current position, with ``change`` applied."""
    view = table.devices["bea"].last["view"]
    card = sorted(view["moves"])[0]
    option = view["moves"][card]["moves"][0]
    fields = {
        "match": table.host.last["link"]["match"],
        "seq": table.host.session.seq,
        "move": {"card": card, "take": option["take"]},
        **change,
    }
    return message("move", **fields)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * (protocol.HOST_LIMIT + 1), "link.too_long"),
        ("{", "link.not_json"),
        ('{"v": 1, "kind": "move", "seq": NaN}', "link.not_json"),
        ("[" * 2000 + "]" * 2000, "link.not_json"),
        ("[1, 2]", "link.not_object"),
        ('{"kind": "move"}', "link.bad_version"),
        ('{"v": 2, "kind": "move"}', "link.bad_version"),
        ('{"v": 1' + "0" * 3000 + ', "kind": "move"}', "link.bad_version"),
        ('{"v": 1, "kind": "cheat"}', "link.unknown_kind"),
        ('{"v": 1, "kind": ["move"]}', "link.unknown_kind"),
        ('{"v": 1, "kind": "state"}', "link.unexpected"),
        ('{"v": 1, "kind": "reveal"}', "link.unexpected"),
        ('{"v": 1, "kind": "resign"}', "link.missing_field"),
        ('{"v": 1, "kind": "resign", "match": 7}', "link.bad_field"),
        ('{"v": 1, "kind": "resign", "match": "a b"}', "link.bad_field"),
        ('{"v": 1, "kind": "next", "match": "ab", "hand": -1}', "link.bad_field"),
        ('{"v": 1, "kind": "next", "match": "ab", "hand": true}', "link.bad_field"),
        ('{"v": 1, "kind": "share", "match": "ab", "hand": 0, "share": "AB"}', "link.bad_field"),
        ('{"v": 1, "kind": "hello", "seat": 9}', "link.bad_field"),
        ('{"v": 1, "kind": "hello", "token": "zz"}', "link.bad_field"),
    ],
)
def test_what_is_not_a_message_is_refused_and_play_goes_on(text: str, code: str) -> None:
    table = two_player()
    assert refused(table, "host", "p0", text)["code"] == code
    table.play(random.Random(code))
    assert table.devices["bea"].last["view"]["phase"] == "match-over"


def test_every_refusal_of_the_protocol_has_an_english_sentence() -> None:
    for text in ("{", "[]", '{"v": 3}', '{"v": 1, "kind": 5}'):
        with pytest.raises(LinkError) as caught:
            protocol.parse(text, protocol.HOST)
        code = caught.value.args[0].code
        assert code in LINK_ENGLISH and str(caught.value)


def test_moves_out_of_turn_illegal_malformed_or_for_another_match_are_refused() -> None:
    table = two_player(first_dealer=1)  # Ann (seat 0, on the host) leads
    assert table.host.last["view"]["to_move"] == 0
    assert refused(table, "host", "p0", bea_move_for_ann(table))["code"] == "session.wrong_seat"
    table.call("host", "play", json.dumps(random_ann_move(table)))
    table.call("host", "host_pending")
    table.deliver()
    hand = table.devices["bea"].last["view"]["hand"]
    absent = next(c for c in ("AD", "2D", "3D", "4D", "5D") if c not in hand)
    text = bea_move(table, move={"card": absent, "take": []})
    assert refused(table, "host", "p0", text)["code"] == "hand.not_in_hand"
    assert refused(table, "host", "p0", bea_move(table, move={"card": "ZZ"}))["code"] == (
        "card.bad_letters"
    )
    assert refused(table, "host", "p0", bea_move(table, move={"take": []}))["code"] == (
        "move.no_card"
    )
    assert refused(table, "host", "p0", bea_move(table, match="feed"))["code"] == (
        "link.other_match"
    )
    table.add("eve")
    table.connect("host", "stranger", "eve", "host")
    assert refused(table, "host", "stranger", bea_move(table))["code"] == "link.no_hello"


def bea_move_for_ann(table: Table) -> str:
    view = table.host.last["view"]
    card = sorted(view["moves"])[0]
    option = view["moves"][card]["moves"][0]
    move = {"card": card, "take": option["take"]}
    return message("move", match=view_match(table), seq=table.host.session.seq, move=move)


def view_match(table: Table) -> str:
    return str(table.host.last["link"]["match"])


def random_ann_move(table: Table) -> dict[str, Any]:
    view = table.call("host", "link_view")["view"]
    card = sorted(view["moves"])[0]
    return {"card": card, "take": view["moves"][card]["moves"][0]["take"]}


def test_a_move_for_another_position_is_refused_and_a_repeat_recognised() -> None:
    table = two_player(first_dealer=0)  # Bea leads
    first = bea_move(table)
    table.call("bea", "guest_move", json.dumps(json.loads(first)["move"]))
    table.deliver()
    seq = table.host.session.seq
    assert seq >= 1
    # the same move again (a resend after a reconnect): recognised, the position sent again
    before = table.host.last["save"]
    reply = table.call("host", "link_receive", "p0", first)
    assert "refused" not in reply and reply["save"] == before
    assert [json.loads(m["text"])["kind"] for m in reply["send"]] == ["state"]
    # another move for that old position: refused politely
    view = table.devices["bea"].last["view"]
    old = json.loads(first)
    other = {**old, "move": {"card": view["hand"][0], "take": []}}
    problem = refused(table, "host", "p0", json.dumps(other))
    assert problem["code"] == "link.old_move" and problem["params"]["now"] == seq
    ahead = json.loads(bea_move_after(table))
    ahead["seq"] = seq + 5
    assert refused(table, "host", "p0", json.dumps(ahead))["code"] == "link.future_move"


def bea_move_after(table: Table) -> str:
    view = table.devices["bea"].last["view"]
    return message(
        "move",
        match=view_match(table),
        seq=table.host.session.seq,
        move={"card": view["hand"][0], "take": []},
    )


def test_a_seat_is_taken_back_only_with_its_token() -> None:
    table = two_player()
    guest = table.devices["bea"].last["save"]
    table.add("eve")
    table.connect("host", "e0", "eve", "host")
    hello = {"match": guest["match"], "seat": 1, "token": "0" * 32}
    problem = refused(table, "host", "e0", message("hello", **hello))
    assert problem["code"] == "link.bad_token" and problem["params"]["seat"] == "1"
    assert refused(table, "host", "e0", message("hello", name="eve"))["code"] == "link.table_full"
    hello = {"match": "abcdef", "seat": 1, "token": guest["token"]}
    assert refused(table, "host", "e0", message("hello", **hello))["code"] == "link.other_match"
    # with the token, from a new channel: the seat moves there
    reply = table.call(
        "host", "link_receive", "e0", message("hello", **{**hello, "match": guest["match"]})
    )
    assert "refused" not in reply
    seats = reply["link"]["seats"]
    assert seats == [{"seat": 1, "name": "bea", "joined": True, "connected": True, "ready": False}]


def test_shares_and_next_hand_requests_that_do_not_fit_are_refused() -> None:
    table = two_player()
    match = view_match(table)
    share = table.host.worker._api.device.role.ledger.entries[0].shares[1]
    # a repeat of the share is recognised; another value for the same hand is not
    again = message("share", match=match, hand=0, share=share)
    reply = table.call("host", "link_receive", "p0", again)
    assert "refused" not in reply and reply["send"] == []
    other = message("share", match=match, hand=0, share="f" * 64)
    assert refused(table, "host", "p0", other)["code"] == "link.no_deal"
    later = message("share", match=match, hand=3, share="f" * 64)
    assert refused(table, "host", "p0", later)["code"] == "link.no_deal"
    assert refused(table, "host", "p0", message("next", match=match, hand=0))["code"] == (
        "link.not_hand_over"
    )
    asked = message("rematch", match=match, swap=False)
    assert refused(table, "host", "p0", asked)["code"] == "link.not_over"
    said = message("answer", match=match, accept=True, swap=False)
    assert refused(table, "host", "p0", said)["code"] == "link.no_offer"


def test_a_changed_share_during_the_deal_is_refused() -> None:
    table = two_player()
    rng = random.Random(3)
    play_to_the_end_of_the_hand(table, rng)
    host = table.host.worker._api.device.role
    entries = host.ledger.entries
    assert len(entries) == 2 and entries[1].shares[1] is not None  # Bea answered already
    other = message("share", match=view_match(table), hand=1, share="e" * 64)
    assert refused(table, "host", "p0", other)["code"] == "link.share_changed"
    table.play(rng)


def play_to_the_end_of_the_hand(table: Table, rng: random.Random) -> None:
    table.deliver()
    while table.host.session.phase == "play":
        table.act(rng)
        table.deliver()


def test_the_guest_refuses_what_the_host_should_not_send() -> None:
    table = two_player()
    match = view_match(table)
    for text, code in [
        ("y" * (protocol.GUEST_LIMIT + 1), "link.too_long"),
        (message("move", match=match, seq=0, move={}), "link.unexpected"),
        (message("presence", match="other", away=[], names=["", ""]), "link.other_match"),
        (message("presence", match=match, away=[], names=["a"]), "link.bad_field"),
        (message("end", match=match, reason="bored", seat=1, side=1), "link.bad_field"),
        (message("end", match=match, reason="timeout", seat=1, side=0), "link.bad_field"),
        (message("commit", match=match, hand=5, dealer=0, commitment="a" * 64), "link.unexpected"),
        (message("answer", match=match, accept=True, swap=True), "link.no_offer"),
        (message("rematch", match=match, swap=False), "link.not_over"),
    ]:
        assert refused(table, "bea", "host", text)["code"] == code, text
    table.play(random.Random(4))


def test_a_hosts_view_of_another_seat_is_refused_and_flagged() -> None:
    table = two_player()
    state = next(json.loads(m.text) for m in reversed(table.log) if '"kind":"state"' in m.text)
    session = table.host.session
    state["view"] = session.match.view(0).to_request()  # Ann's cards
    problem = refused(table, "bea", "host", json.dumps(state), flagged=True)
    assert problem["code"] == "link.view_contradicts"
    checks = table.call("bea", "link_view")["link"]["checks"]
    assert checks[-1]["ok"] is False and checks[-1]["problem"]["code"] == "link.view_contradicts"


def test_a_commitment_changed_for_the_same_hand_is_flagged() -> None:
    table = two_player()
    commit = next(json.loads(m.text) for m in table.log if '"kind":"commit"' in m.text)
    commit["commitment"] = "d" * 64
    problem = refused(table, "bea", "host", json.dumps(commit), flagged=True)
    assert problem["code"] == "link.commit_changed"


def test_random_damage_to_real_messages_never_breaks_a_device() -> None:
    """Every message of a match, damaged at random and delivered again to its device:
    refused with a known code, or taken when it happens to still be valid; never an
    internal error; and the match goes on to the end on both devices."""
    rng = random.Random(16)
    table = two_player()
    for _ in range(400):
        if not table.act(rng):
            break
        if rng.random() < 0.5 and table.log:
            original = rng.choice(table.log[-6:])
            device, channel = original.target.split(":")
            reply = table.call(device, "link_receive", channel, damaged(original.text, rng))
            if "refused" in reply:
                assert reply["refused"]["problem"]["code"] != "link.internal", reply["refused"]
    table.play(rng)
    assert table.devices["bea"].last["view"]["phase"] == "match-over"


def damaged(text: str, rng: random.Random) -> str:
    data = json.loads(text)
    how = rng.randrange(6)
    if how == 0:
        return text[: rng.randrange(len(text))]
    key = rng.choice(sorted(data))
    if how == 1:
        del data[key]
    elif how == 2:
        data[key] = rng.choice([None, -1, 10**6, "x", [], {}, True, 1.5, "7D"])
    elif how == 3 and isinstance(data.get("view"), dict):
        data["view"][rng.choice(sorted(data["view"]))] = rng.choice([[], "AD", 9, None])
    elif how == 4 and isinstance(data.get("deal"), dict):
        data["deal"]["moves"] = data["deal"]["moves"][:-1] or ["KD"]
    else:
        data["kind"] = rng.choice(sorted(protocol.FIELDS))
    return json.dumps(data)
