"""The browser game's Python that CPython can run: the worker's session
(scopa_core.table) and JSON API (web/worker/engine_worker.py, over
scopa_core.worker_api), and the page's pure modules (selection, storage, i18n).

The page's modules are written for MicroPython but import nothing from the
browser, so the same files are tested here.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import i18n
import pytest
import selection
import storage

from scopa_core.cards import CARD_NAMES, bits
from scopa_core.record import check_record
from scopa_core.table.problems import SessionError
from scopa_core.table.session import Session
from tests.worker_module import fresh_worker

ROOT = Path(__file__).resolve().parent.parent

#: the engine worker's edge, loaded by its path (tests/worker_module.py)
engine_worker = fresh_worker()
CARD = re.compile(r'"([A2-7JQK][DHSC])"')


def call(name: str, arg: object = None) -> dict[str, Any]:
    """An exported worker function called as the page calls it: JSON text in and out."""
    function = getattr(engine_worker, name)
    text = function() if arg is None else function(json.dumps(arg))
    reply = json.loads(text)
    assert isinstance(reply, dict)
    return reply


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move, picked through the page's own selection logic."""
    moves = view["moves"]
    card = rng.choice(sorted(moves))
    picked = selection.pick_card(moves, card)
    if isinstance(picked, dict):
        return picked
    assert isinstance(picked, selection.Selection)
    option = rng.choice(picked.options)
    if option.get("keep"):
        kind, move = picked.keep()
    elif not option["take"]:
        kind, move = picked.put_down()
    else:
        kind, move = selection.UPDATE, None
        for code in option["take"]:
            kind, move = picked.tap(code)
            if kind == selection.PLAY:
                break
        if kind != selection.PLAY:
            kind, move = picked.confirm()
    assert kind == selection.PLAY, (card, option, picked.chosen)
    return move


def play_out(session: Session, rng: random.Random, limit: int = 5000) -> None:
    """Play the whole match: people choose at random, computers think."""
    for _ in range(limit):
        phase = session.phase
        if phase == "match-over":
            return
        if phase == "hand-over":
            session.next_hand()
            continue
        view = session.table_view()
        if view["pass_to"] is not None:
            session.reveal(view["pass_to"])
            continue
        if view["to_move_kind"] == "person":
            session.play(choose(view, rng))
        else:
            session.step()
    raise AssertionError("the match did not end")


# --- settings -----------------------------------------------------------------


def test_default_settings_seat_a_person_against_the_computer() -> None:
    session = Session.new({"seed": 1})
    view = session.table_view()
    assert view["seats"] == [
        {"kind": "person", "name": ""},
        {"kind": "computer", "name": "", "level": "normal"},
    ]
    assert view["players"] == 2 and view["sides"] == [[0], [1]]
    assert view["target"] == 11 and view["phase"] == "play"
    assert view["bottom"] == 0


@pytest.mark.parametrize(
    "settings",
    [
        {"preset": "nope"},
        {"variants": ["no-such-variant"]},
        {"level": "grandmaster"},
        {"target": 0},
        {"target": "11"},
        {"preset": "scopa-3", "variants": ["chiamarsi-fuori"]},
        {"seats": [{"kind": "person"}]},
        {"seats": [{"kind": "robot"}, {"kind": "person"}]},
        {"seed": -1},
        {"sweep_warning": "yes"},
        "not an object",
    ],
)
def test_bad_settings_are_refused_with_a_sentence(settings: object) -> None:
    with pytest.raises(SessionError) as info:
        Session.new(settings)
    assert len(str(info.value)) > 5


def test_presets_and_variants_reach_the_rules() -> None:
    session = Session.new(
        {"preset": "scopone", "variants": ["re-bello", "scopa-a-15"], "target": 21, "seed": 2}
    )
    rules = session.table_view()["rules"]
    assert rules["players"] == 4 and rules["hand_size"] == 9
    assert rules["re_bello"] is True and rules["capture"] == "standard+fifteen"
    assert rules["target"] == 21


# --- what the page sees -----------------------------------------------------------


def public_cards(session: Session) -> set[str]:
    """Cards the shown seat may see: its hand, the table, everything played."""
    rec = session.match.records[-1]
    hand = session.match.hand
    assert hand is not None
    seen = {CARD_NAMES[i] for i in bits(hand.initial_table)}
    for move in rec.moves:
        if move.card >= 0:
            seen.add(CARD_NAMES[move.card])
    viewer = session.table_view()["viewer"]
    if viewer is not None:
        seen |= {CARD_NAMES[i] for i in bits(hand.hands[viewer])}
    for earlier in session.match.records[:-1]:
        seen |= {CARD_NAMES[i] for i in earlier.deck}  # finished hands are all public
    return seen


@pytest.mark.parametrize("preset", ["scopa", "scopa-3", "scopa-4", "scopa-6", "scopone"])
def test_the_view_never_shows_a_hidden_card(preset: str) -> None:
    rng = random.Random(preset)
    session = Session.new({"preset": preset, "seed": 7, "target": 3})
    for _ in range(60):
        if session.phase != "play":
            break
        view = session.table_view()
        shown = set(CARD.findall(json.dumps(view)))
        leaked = shown - public_cards(session)
        assert not leaked, leaked
        if view["to_move_kind"] == "person":
            session.play(choose(view, rng))
        else:
            session.step()


def test_only_the_person_to_move_gets_legal_moves() -> None:
    session = Session.new({"seed": 3})
    view = session.table_view()
    if view["to_move_kind"] == "computer":
        assert view["moves"] is None
        session.step()
        view = session.table_view()
    assert view["to_move"] == 0 and view["moves"]
    for card, entry in view["moves"].items():
        assert card in view["hand"]
        for move in entry["moves"]:
            assert set(move["take"]) <= set(view["table"])


def test_a_rejected_table_card_carries_the_engines_reason() -> None:
    # 7H in hand; 7C, 3S and 4D on the table: the single 7 must be taken before 3+4.
    found = None
    for seed in range(400):
        session = Session.new({"seed": seed})
        view = session.table_view()
        for entry in (view["moves"] or {}).values():
            for why in entry["blocked"].values():
                if why["code"] == "single_first":
                    found = why
                    break
        if found:
            break
    assert found is not None
    assert "single card before a sum" in found["text"]
    assert found["singles"] and found["options"]
    message = i18n.I18n("it", "neapolitan").reason(found)
    assert "prima va preso" in message and " di " in message


def test_counts_equal_the_replay_checker() -> None:
    rng = random.Random(11)
    session = Session.new({"seed": 11, "target": 11, "level": "easy"})
    counts = []
    while session.phase != "match-over":
        play_out_one_hand(session, rng)
        counts.append(session.table_view()["count"])
        if session.phase == "hand-over":
            session.next_hand()
    checked = check_record(json.loads(json.dumps(session.to_record())))
    assert checked["ok"] and checked["complete"]
    assert len(checked["hands"]) == len(counts)
    for mine, theirs in zip(counts, checked["hands"], strict=True):
        for key in ("cards", "coins", "settebello", "primiera", "scope", "points"):
            assert mine[key] == theirs[key], key
    assert session.table_view()["result"]["winner"] == checked["winner"]
    assert session.table_view()["totals"] == checked["totals"]


def play_out_one_hand(session: Session, rng: random.Random) -> None:
    while session.phase == "play":
        view = session.table_view()
        if view["to_move_kind"] == "person":
            session.play(choose(view, rng))
        else:
            session.step()


def test_count_lines_add_up_to_the_points() -> None:
    session = Session.new({"seed": 5, "variants": ["re-bello", "napola"], "level": "easy"})
    play_out_one_hand(session, random.Random(5))
    count = session.table_view()["count"]
    for side in range(2):
        points = count["scope"][side] + count["napola"][side]
        for key in ("cards_winner", "coins_winner", "settebello", "re_bello", "primiera_winner"):
            points += count[key] == side
        assert points == count["points"][side]
    assert all(len(cards) in (0, 4) for cards in count["primiera_cards"])


# --- moves, errors, the computer -------------------------------------------------------


def test_an_illegal_or_untimely_move_is_refused_and_changes_nothing() -> None:
    session = Session.new({"seed": 4})
    if session.table_view()["to_move_kind"] == "computer":
        session.step()
    before = session.to_record()
    view = session.table_view()
    with pytest.raises(SessionError):
        session.step()  # a person is to move
    not_mine = next(c for c in CARD_NAMES if c not in view["hand"])
    with pytest.raises(SessionError):
        session.play({"card": not_mine, "take": []})
    with pytest.raises(SessionError):
        session.play({"card": view["hand"][0], "take": [], "seat": 1})
    assert session.to_record() == before


def test_each_move_event_says_what_happened() -> None:
    session = Session.new({"seed": 9, "level": "easy"})
    rng = random.Random(9)
    for _ in range(12):
        view = session.table_view()
        if view["to_move_kind"] == "person":
            event = session.play(choose(view, rng))
        else:
            event = session.step()
        assert event["seat"] == view["to_move"]
        assert event["card"] in public_cards(session)
        assert set(event["take"]) <= set(view["table"])
        assert session.table_view()["last"][event["seat"]] == {
            k: v for k, v in event.items() if k not in ("hand_over", "leftover")
        }


# --- saving and restoring -------------------------------------------------------------


def test_restore_gives_back_the_same_table_and_the_same_later_deals() -> None:
    rng = random.Random(2)
    session = Session.new({"seed": 21, "target": 5, "level": "easy"})
    for _ in range(7):
        view = session.table_view()
        if view["to_move_kind"] == "person":
            session.play(choose(view, rng))
        else:
            session.step()
    record = json.loads(json.dumps(session.to_record()))
    assert record["meta"]["settings"]["seed"] == 21
    restored = Session.restore(record)
    assert restored.table_view() == session.table_view()
    # finish both hands identically; the next deal must be the same
    for s in (session, restored):
        play_out_one_hand(s, random.Random(99))
        if s.phase == "hand-over":
            s.next_hand()
    assert session.match.records[-1].deck == restored.match.records[-1].deck


def test_the_sweep_warning_setting_is_kept_with_the_match() -> None:
    """The page's preference travels in the settings: in the view and the saved record."""
    assert "sweep_warning" not in Session.new({"seed": 3}).settings  # the level decides
    session = Session.new({"seed": 3, "level": "hard", "sweep_warning": True})
    assert session.table_view()["settings"]["sweep_warning"] is True
    record = json.loads(json.dumps(session.to_record()))
    assert record["meta"]["settings"]["sweep_warning"] is True
    assert Session.restore(record).table_view()["settings"]["sweep_warning"] is True
    # a damaged value is dropped, and the rest of the settings (the seats) kept
    record["meta"]["settings"]["sweep_warning"] = "yes"
    record["meta"]["settings"]["seats"][0]["name"] = "Anna"
    restored = Session.restore(record).table_view()["settings"]
    assert "sweep_warning" not in restored and restored["seats"][0]["name"] == "Anna"


def test_restore_refuses_a_broken_record() -> None:
    record = Session.new({"seed": 1}).to_record()
    record["hands"][0]["deck"] = record["hands"][0]["deck"][:39]
    with pytest.raises(SessionError):
        Session.restore(record)
    with pytest.raises(SessionError):
        Session.restore("nope")


def test_a_record_without_settings_is_still_playable() -> None:
    record = Session.new({"preset": "scopa-4", "seed": 8}).to_record()
    del record["meta"]
    session = Session.restore(record)
    view = session.table_view()
    assert view["players"] == 4 and view["seats"][0]["kind"] == "person"


def test_resigning_ends_the_match_and_survives_a_restore() -> None:
    session = Session.new({"seed": 6})
    session.resign()
    view = session.table_view()
    assert view["phase"] == "match-over"
    assert view["result"]["resigned"] == 0 and view["result"]["winner"] == 1
    restored = Session.restore(json.loads(json.dumps(session.to_record())))
    assert restored.table_view()["result"] == view["result"]
    with pytest.raises(SessionError):
        restored.resign()


# --- hot-seat -------------------------------------------------------------------------


def test_hot_seat_hides_the_hands_until_the_next_person_reveals() -> None:
    session = Session.new(
        {"seed": 12, "seats": [{"kind": "person", "name": "Anna"}, {"kind": "person"}]}
    )
    view = session.table_view()
    mover = view["to_move"]
    assert view["pass_to"] == mover and view["viewer"] is None
    assert view["hand"] == [] and view["moves"] is None
    with pytest.raises(SessionError):
        session.play({"card": "AD", "take": []})
    with pytest.raises(SessionError):
        session.reveal(1 - mover)
    session.reveal(mover)
    view = session.table_view()
    assert view["viewer"] == mover and view["pass_to"] is None and len(view["hand"]) == 3
    session.play(choose(view, random.Random(1)))
    after = session.table_view()
    assert after["pass_to"] == 1 - mover and after["hand"] == []


def test_hot_seat_with_computers_plays_to_the_end() -> None:
    session = Session.new(
        {
            "preset": "scopa-4",
            "seed": 13,
            "target": 2,
            "level": "easy",
            "seats": [
                {"kind": "person"},
                {"kind": "computer"},
                {"kind": "person"},
                {"kind": "computer"},
            ],
        }
    )
    play_out(session, random.Random(13))
    assert session.table_view()["result"]["winner"] in (0, 1)


@pytest.mark.parametrize("preset", ["scopa-3", "scopa-6", "scientifico", "trentino"])
def test_every_table_size_plays_a_whole_match(preset: str) -> None:
    session = Session.new({"preset": preset, "seed": 14, "target": 1, "level": "easy"})
    play_out(session, random.Random(14))
    assert check_record(session.to_record())["complete"]


def test_chiamarsi_fuori_is_offered_and_ends_the_match() -> None:
    session = Session.new({"seed": 15, "variants": ["chiamarsi-fuori"], "target": 1})
    if session.table_view()["to_move_kind"] == "computer":
        session.step()
    if session.phase != "play":
        pytest.skip("the computer declared at once")
    assert session.table_view()["can_declare"] is True
    event = session.play({"declare": True})
    assert event["kind"] == "declare"
    view = session.table_view()
    assert view["phase"] == "match-over" and view["count"]["declared"] == 0


# --- the worker's JSON API ------------------------------------------------------------


def test_the_worker_api_speaks_json_text() -> None:
    info = json.loads(engine_worker.engine_info())
    assert info["scopa_core"] is True
    reply = json.loads(engine_worker.new_match(json.dumps({"seed": 31, "level": "easy"})))
    assert reply["ok"] and reply["view"]["phase"] == "play" and reply["event"] is None
    assert reply["record"]["format"] == "scopa-record/1"
    if reply["view"]["to_move_kind"] == "computer":
        reply = json.loads(engine_worker.step())
        assert reply["event"]["seat"] == 1
    view = reply["view"]
    move = choose(view, random.Random(1))
    reply = json.loads(engine_worker.play(json.dumps(move)))
    assert reply["ok"] and reply["event"]["card"] == move["card"]
    bad = json.loads(engine_worker.play(json.dumps({"card": "XX", "take": []})))
    assert bad["ok"] is False and bad["error"]
    why = json.loads(engine_worker.why(json.dumps({"card": "7D", "take": ["KS", "QS"]})))
    assert why["ok"] and isinstance(why["why"], str)
    restored = json.loads(engine_worker.restore(json.dumps(reply["record"])))
    assert restored["view"] == reply["view"]
    assert json.loads(engine_worker.resign())["view"]["phase"] == "match-over"
    assert json.loads(engine_worker.restore("{not json"))["ok"] is False


# --- the page's pure modules -------------------------------------------------------------

MOVES = {
    "7H": {
        "moves": [{"take": ["7C"], "keep": False}, {"take": ["7S"], "keep": False}],
        "blocked": {"3D": {"code": "single_first", "text": "..."}},
    },
    "5D": {"moves": [{"take": [], "keep": False}], "blocked": {}},
    "9C": {
        "moves": [
            {"take": ["3D", "6H"], "keep": False},
            {"take": ["3D", "2S", "4C"], "keep": False},
            {"take": ["6H", "2S", "AD"], "keep": False},
        ],
        "blocked": {},
    },
    "AC": {"moves": [{"take": [], "keep": False}, {"take": [], "keep": True}], "blocked": {}},
}


def test_a_card_with_one_move_plays_at_once() -> None:
    assert selection.pick_card(MOVES, "5D") == {"card": "5D", "take": []}
    assert selection.pick_card(MOVES, "KD") is None


def test_tapping_table_cards_narrows_the_options_until_unique() -> None:
    sel = selection.pick_card(MOVES, "9C")
    assert isinstance(sel, selection.Selection)
    assert sel.reachable() == ["3D", "6H", "2S", "4C", "AD"]
    assert sel.tap("3D") == (selection.UPDATE, None)
    assert sel.reachable() == ["3D", "6H", "2S", "4C"]
    assert sel.tap("4C") == (selection.PLAY, {"card": "9C", "take": ["3D", "2S", "4C"]})


def test_a_tap_outside_the_options_starts_again_or_is_rejected() -> None:
    sel = selection.pick_card(MOVES, "9C")
    sel.tap("4C")  # only 3D+2S+4C has it: plays at once
    sel = selection.pick_card(MOVES, "9C")
    sel.tap("6H")
    assert sel.tap("4C")[0] == selection.PLAY  # 6H+4C is no option: start again from 4C
    sel = selection.pick_card(MOVES, "7H")
    kind, why = sel.tap("3D")
    assert kind == selection.REJECT and why["code"] == "single_first"
    assert sel.tap("7S") == (selection.PLAY, {"card": "7H", "take": ["7S"]})


def test_keys_cycle_the_options_and_enter_confirms() -> None:
    sel = selection.pick_card(MOVES, "9C")
    sel.cycle(1)
    assert sel.chosen == ["3D", "6H"]
    sel.cycle(-1)
    assert sel.chosen == ["6H", "2S", "AD"]
    assert sel.confirm() == (selection.PLAY, {"card": "9C", "take": ["6H", "2S", "AD"]})


def test_keeping_an_ace_or_putting_it_down() -> None:
    sel = selection.pick_card(MOVES, "AC")
    assert sel.can_keep() and sel.can_put_down()
    assert sel.keep() == (selection.PLAY, {"card": "AC", "keep": True, "take": []})
    assert sel.put_down() == (selection.PLAY, {"card": "AC", "take": []})


class FakeLocalStorage:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def test_storage_keeps_the_game_and_survives_garbage() -> None:
    backend = FakeLocalStorage()
    store = storage.Storage(backend)
    assert store.load_game() == (None, None)
    reply = json.loads(engine_worker.new_match(json.dumps({"seed": 3})))
    assert store.save_game(reply["view"], reply["record"])
    assert store.load_game() == (reply["view"], reply["record"])
    backend.data[storage.VIEW] = "{broken"
    assert store.load_game() == (None, reply["record"])
    backend.data[storage.RECORD] = '{"format": "other"}'
    assert store.load_game() == (None, None)
    store.save_prefs({"lang": "it"})
    assert store.load_prefs() == {"lang": "it"}
    store.clear_game()
    assert storage.RECORD not in backend.data


def test_both_languages_have_every_string_and_name_cards() -> None:
    assert set(i18n.catalogue("en")["text"]) == set(i18n.catalogue("it")["text"])
    for lang in i18n.LANGS:
        for key, text in i18n.catalogue(lang)["text"].items():
            assert text.strip(), (lang, key)
    assert i18n.I18n("en", "neapolitan").card("7D") == "7 of coins"
    assert i18n.I18n("it", "piacentine").card("7D") == "7 di denari"
    assert i18n.I18n("en", "french").card("QH") == "Queen of hearts"
    assert i18n.I18n("it", "neapolitan").card("QS") == "Cavallo di spade"
    assert i18n.I18n("en", "french").cards(["AD", "2S", "KC"]) == (
        "Ace of diamonds, 2 of spades and King of clubs"
    )
    assert i18n.browser_lang("it-IT") == "it" and i18n.browser_lang("en-GB") == "en"
