"""The page's words for the coach (web/app/coach_words.py, record_seats.py) in
CPython: every reason code of scopa_core.coach in English and Italian with its
parameters, the worker's real hints worded at every table size and variant,
the points as the page writes them, and the seats of a reviewed record."""

from __future__ import annotations

import ast
import json
import random
import string
from pathlib import Path
from typing import Any

import i18n
import pytest
from coach_words import (
    is_put_down,
    move_text,
    reason_text,
    reasons_text,
    same_move,
    signed,
    value_text,
    warns,
    worth_text,
)
from coaching import ACTIONS
from record_seats import first_seat, players_of, seat_names

from scopa_core.coach import REASONS
from scopa_core.table import coaching as coach
from scopa_core.table.session import Session

ROOT = Path(__file__).resolve().parent.parent

EN = i18n.I18n("en", "french")
IT = i18n.I18n("it", "neapolitan")
#: parameters of each reason as scopa_core/coach/reasons.py gives them
PARAMS: dict[str, dict[str, Any]] = {
    "sevens": {"cards": ["7H", "7S"]},
    "wins_coins": {"count": 6},
    "wins_cards": {"count": 21},
    "leaves_sweep": {"percent": 23, "values": [7, 10]},
    "leaves_settebello": {"percent": 8},
    "keeps_pair": {"card": "QH"},
}
BUDGET = 600


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(REASONS))
def test_every_reason_code_has_words_in_both_languages(code: str) -> None:
    params = PARAMS.get(code, {})
    assert placeholders(REASONS[code]) <= set(params)  # the parameters above are the engine's
    for page in (EN, IT):
        template = i18n.catalogue(page.lang)["text"]["coach.reason." + code]
        assert placeholders(template) <= set(params), (page.lang, code)
        said = reason_text({"code": code, "params": params, "text": "ENGLISH"}, page)
        assert said and said != "ENGLISH" and "{" not in said, (page.lang, code, said)
    italian = reason_text({"code": code, "params": params}, IT)
    if code == "sevens":
        assert "7 di coppe e 7 di spade" in italian
    if code == "leaves_sweep":
        assert "23%" in italian and "7 oppure 10" in italian
    if code == "keeps_pair":
        assert italian.count("Cavallo di coppe") == 2
    if code in ("wins_coins", "wins_cards"):
        assert str(params["count"]) in italian


def test_an_unknown_reason_falls_back_to_the_workers_english() -> None:
    reason = {"code": "new_idea", "params": {}, "text": "it is clever"}
    assert reason_text(reason, IT) == "it is clever"


def test_points_as_the_page_writes_them() -> None:
    assert signed(1.25, "en") == "+1.3" and signed(-0.26, "it") == "\u22120,3"
    assert signed(0.04, "en") == "0.0" and signed(-0.04, "en") == "0.0"
    option = {"move": {"card": "7D", "take": []}, "value": -0.4, "loss": 0.34}
    assert worth_text(option, False, EN) == "\u22120.3"
    assert worth_text(option, True, EN) == "best"
    assert worth_text({**option, "loss": 0.03}, False, IT) == "equivalente"
    declare = {"move": {"declare": True}, "value": -100.0, "loss": 100.25}
    assert worth_text(declare, False, EN) == "loses the match"
    assert worth_text({"move": {"card": "7D"}, "value": 0.5, "loss": 99.5}, False, EN) == (
        "misses the match win"
    )
    assert value_text(100.0, IT) == "vince la partita" and value_text(2.0, EN) == "+2.0"


def test_moves_in_words() -> None:
    assert move_text({"card": "7D", "take": ["3S", "4C"]}, EN) == (
        "7 of diamonds takes 3 of spades and 4 of clubs"
    )
    assert move_text({"card": "7D", "take": []}, IT) == "7 di denari in tavola"
    assert move_text({"card": "AD", "keep": True, "take": []}, EN) == (
        "keep Ace of diamonds in your pile"
    )
    assert move_text({"declare": True}, IT) == "chiamarsi fuori"
    assert same_move({"card": "7D", "take": ["3S", "4C"]}, {"card": "7D", "take": ["4C", "3S"]})
    assert not same_move({"card": "AD", "take": [], "keep": True}, {"card": "AD", "take": []})
    assert is_put_down({"card": "7D", "take": []})
    assert not is_put_down({"card": "AD", "keep": True}) and not is_put_down({"declare": True})


def test_the_sweep_warning_follows_the_level_unless_chosen() -> None:
    assert warns({"level": "easy"}) and warns({"level": "normal"}) and warns({})
    assert not warns({"level": "hard"}) and not warns({"level": "expert"})
    assert warns({"level": "expert", "sweep_warning": True})
    assert not warns({"level": "easy", "sweep_warning": False})


def worded(hint: dict[str, Any], seen: dict[str, int]) -> None:
    """Every option of a worker's hint in both languages, nothing left in English."""
    assert hint["ok"], hint
    for k, option in enumerate(hint["options"]):
        for page in (EN, IT):
            for text in (move_text(option["move"], page), worth_text(option, k == 0, page)):
                assert text and "{" not in text, (page.lang, option)
            assert "{" not in reasons_text(option, page)
        for reason in option["reasons"]:
            seen[reason["code"]] = seen.get(reason["code"], 0) + 1
            assert reason_text(reason, IT) != reason["text"], reason
            if "percent" in reason["params"]:
                assert f"{reason['params']['percent']}%" in reason_text(reason, IT)


@pytest.mark.parametrize(
    ("preset", "variants"),
    [
        ("scopa", ["chiamarsi-fuori", "re-bello"]),
        ("scopa-3", ["asso-piglia-tutto"]),
        ("scopa-4", ["scopa-a-15"]),
        ("scopa-6", []),
        ("scopone", ["napola"]),
    ],
)
def test_real_hints_are_worded_at_every_table_size(preset: str, variants: list[str]) -> None:
    rng = random.Random(preset)
    session = Session.new({"preset": preset, "variants": variants, "seed": 7, "level": "easy"})
    seen: dict[str, int] = {}
    for _ in range(40):
        if session.phase != "play":
            break
        view = session.table_view()
        if view["to_move_kind"] == "computer":
            session.step()
            continue
        hint = coach.hint(session, {"budget": BUDGET})
        worded(hint, seen)
        move = rng.choice(hint["options"])["move"]
        session.play(move)
    assert seen, "no reason came up"


def test_a_kept_ace_is_worded() -> None:
    """ace_may_keep comes only with a record (the page's settings cannot ask it)."""
    for seed in range(40):
        session = Session.new({"variants": ["asso-piglia-tutto"], "seed": seed, "level": "easy"})
        record = session.to_record()
        record["rules"]["ace_may_keep"] = True
        session = Session.restore(json.loads(json.dumps(record)))
        while session.phase == "play" and session.table_view()["to_move_kind"] == "computer":
            session.step()
        view = session.table_view()
        if any(m["keep"] for entry in (view["moves"] or {}).values() for m in entry["moves"]):
            hint = coach.hint(session, {"budget": BUDGET})
            worded(hint, {})
            kept = [o for o in hint["options"] if o["move"].get("keep")]
            assert kept and move_text(kept[0]["move"], IT).startswith("tieni ")
            return
    pytest.fail("no ace to keep came up")


def test_the_seats_of_a_reviewed_record() -> None:
    record = Session.new({"seed": 3, "preset": "scopa-4"}).to_record()
    players = players_of(record)
    assert players == 4
    assert seat_names(record, players, EN) == ["You", "Computer 1", "Partner", "Computer 2"]
    assert first_seat(record, players) == 0
    record["meta"]["settings"]["seats"][2] = {"kind": "person", "name": "Bruno"}
    assert seat_names(record, players, IT)[:3] == ["Giocatore 1", "Computer 1", "Bruno"]
    assert first_seat(record, players) == 0  # two persons: the first seat
    foreign = {"rules": {"players": 2}, "meta": {"seats": ["Anna", 7]}}
    assert seat_names(foreign, 2, IT) == ["Anna", "Giocatore 2"]
    assert players_of({"rules": {}}, [{"seat": 2}]) == 3


def handled(*modules: str) -> set[str]:
    """The data-action names the handlers() of these page modules return."""
    names: set[str] = set()
    for module in modules:
        tree = ast.parse((ROOT / "web" / "app" / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "handlers":
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Dict):
                        names |= {k.value for k in inner.keys if isinstance(k, ast.Constant)}
    return names


def test_the_coach_routes_every_action_of_its_parts() -> None:
    """Coaching registers the parts' actions before it makes them: the same names."""
    assert set(ACTIONS["hint"]) == handled("hinting.py")
    assert set(ACTIONS["sweep"]) == handled("sweep_guard.py")
    assert set(ACTIONS["review"]) == handled("review_flow.py", "match_review.py")
