"""The engine's sentences carry codes, and the Italian page has every one.

The English sentence of a refusal is a contract (the replay checker and the
bot print it); its code and parameters are for the page, which says the same
thing in Italian.  Here: every code has an Italian sentence with the same
parameters; every refusal the engine and the session raise carries a code;
and records broken in every way the reference generator knows, and moves
built at random, all come out in Italian through the worker's real replies.
"""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
import string
from pathlib import Path
from typing import Any

import i18n
import pytest

from scopa_core import Card, CardError, HandState, Match, Move, Rules, RulesError
from scopa_core.cards import DECK_SIZE
from scopa_core.coach import REVIEW_ENGLISH
from scopa_core.link.problems import LINK_ENGLISH
from scopa_core.moves import PLAY
from scopa_core.problems import ENGLISH, Problem, problem_json, problem_of
from scopa_core.record import RecordError, check_record_text, load_record, parse_json
from scopa_core.table.coaching import COACH_ENGLISH
from scopa_core.table.guided import TUTORIAL_ENGLISH
from scopa_core.table.problems import SESSION_ENGLISH, SessionError
from scopa_core.table.session import Session
from scopa_core.table.watch import WATCH_ENGLISH
from tests.reference import generate as gen
from tests.test_web_session import engine_worker

ROOT = Path(__file__).resolve().parent.parent

ITALIAN = i18n.I18n("it", "neapolitan")
ENGLISH_PAGE = i18n.I18n("en", "french")
#: The exceptions whose sentence a person may read.
REFUSALS = {
    "CardError",
    "MoveError",
    "IllegalMove",
    "RulesError",
    "RecordError",
    "SessionError",
    "LinkError",
    "ReviewError",
}
#: What such an exception may be given: a Problem made here, or one passed on.
PROBLEMS = {"Problem", "SessionProblem", "LinkProblem", "CoachProblem", "ReviewProblem"}
PROBLEMS |= {"TutorialProblem", "WatchProblem"}
CODED = PROBLEMS | {"problem_of"}
#: Every catalogue of codes, and the worker's files that make them.
CATALOGUES = (ENGLISH, SESSION_ENGLISH, LINK_ENGLISH, COACH_ENGLISH, REVIEW_ENGLISH)
CATALOGUES += (TUTORIAL_ENGLISH, WATCH_ENGLISH)
CODES = {code: english for catalogue in CATALOGUES for code, english in catalogue.items()}
#: the worker's edge; the rest of the worker's Python is scopa_core (table/, link/)
WORKER_FILES = [ROOT / "web/worker/engine_worker.py"]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def italian(problem: Problem | str) -> str:
    assert isinstance(problem, Problem), f"no code on {problem!r}"
    said = ITALIAN.problem(problem.to_json())
    assert said is not None, f"no Italian for {problem.to_json()}"
    return said


# --- the catalogues ----------------------------------------------------------------------


def test_every_code_has_an_italian_sentence_with_the_same_parameters() -> None:
    assert len(CODES) == sum(len(catalogue) for catalogue in CATALOGUES)  # none in two
    italian = i18n.catalogue("it")["problems"]
    assert set(italian) == set(CODES)
    for code, english in CODES.items():
        said, meant = placeholders(italian[code]), placeholders(english)
        # "detail" is Python's own English (the JSON parser's): Italian leaves it out
        assert said <= meant and meant - said <= {"detail"}, code


def _raise_sites(path: Path) -> list[tuple[int, str, ast.expr | None]]:
    """(line, exception name, its first argument) of each refusal raised in a file."""
    sites = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in REFUSALS:
                first = node.exc.args[0] if node.exc.args else None
                sites.append((node.lineno, func.id, first))
    return sites


def _coded(arg: ast.expr) -> bool:
    """A Problem made here or passed on, a name holding one made just above
    (``problem = hand.why_illegal(move)``), or a choice between such."""
    if isinstance(arg, ast.Call):
        return isinstance(arg.func, ast.Name) and arg.func.id in CODED
    if isinstance(arg, ast.IfExp):
        return _coded(arg.body) and _coded(arg.orelse)
    return isinstance(arg, ast.Name)


def test_every_refusal_carries_a_code() -> None:
    """No sentence is written straight into an exception (the bot protocol's
    view.py excepted: its requests come from programs, in English)."""
    engine = ROOT / "scopa_core"
    files = [p for p in engine.rglob("*.py") if p != engine / "view.py"]
    checked = 0
    for path in files:
        for line, name, first in _raise_sites(path):
            checked += 1
            where = f"{path.relative_to(ROOT)}:{line} raises {name}"
            assert first is not None, where + " without a sentence"
            assert _coded(first), where + " with a bare sentence"
    assert checked > 100


def _strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _codes_made(path: Path) -> tuple[set[str], set[str]]:
    """(the codes given to ``Problem(...)`` / ``SessionProblem(...)``, or to a
    variable ``code`` first; every string outside a dict literal) in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    given: set[str] = set()
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) and node.args else None
        if isinstance(func, ast.Name) and func.id in PROBLEMS:
            given |= _strings(node.args[0])  # type: ignore[attr-defined]
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["code"]:
            given |= {text for text in _strings(node.value) if "." in text}  # not the page's "ace"
    in_dicts = {id(n) for d in ast.walk(tree) if isinstance(d, ast.Dict) for n in ast.walk(d)}
    outside = {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in in_dicts
    }
    return given, outside


def test_every_code_made_exists_and_every_code_is_made_somewhere() -> None:
    """A mistyped code would only fail on the error path it is on: catch it here."""
    files = [*(ROOT / "scopa_core").rglob("*.py"), *WORKER_FILES]
    given: set[str] = set()
    mentioned: set[str] = set()
    for path in files:
        more_given, more_mentioned = _codes_made(path)
        given |= more_given
        mentioned |= more_mentioned
    assert given - set(CODES) == set()
    assert set(CODES) - mentioned == set()


# --- the Problem value -----------------------------------------------------------------


def test_the_english_sentence_is_the_one_the_tools_always_printed() -> None:
    with pytest.raises(CardError) as caught:
        Card.parse("ZZ")
    assert str(caught.value) == (
        "'ZZ' is not a card: ranks are A 2 3 4 5 6 7 J Q K and suits are D H S C"
    )
    problem = problem_of(caught.value)
    assert isinstance(problem, Problem) and problem.code == "card.bad_letters"
    assert problem_json(ValueError("plain")) is None
    hand = HandState(Rules(), list(range(DECK_SIZE)), 0)
    # seat 1 to move holds AD 3D 5D; the table is 7D JD QD KD
    why = hand.why_illegal(Move(2, 1 << 6, PLAY))  # 3D taking 7D
    assert why is not None and why.code == "capture.nothing"
    assert why == "3D takes nothing from this table: it goes down on the table"
    assert italian(why) == "3 di denari non può prendere nulla da questa tavola: si posa in tavola"


def test_a_problem_survives_copy_and_pickle_with_its_code() -> None:
    inner = Problem("capture.missing_many", cards=["3S", "4D"])
    outer = Problem("record.illegal", seat=1, reason=inner)
    for again in (copy.deepcopy(outer), pickle.loads(pickle.dumps(outer))):
        assert again == outer == "seat 1: 3S+4D are not on the table"
        assert isinstance(again, Problem) and again.to_json() == outer.to_json()
    assert outer.to_json() == {
        "code": "record.illegal",
        "params": {
            "seat": 1,
            "reason": {"code": "capture.missing_many", "params": {"cards": ["3S", "4D"]}},
        },
    }


def test_a_long_list_of_captures_ends_with_or_another_in_both_languages() -> None:
    options = [[f"{rank}D"] for rank in "A23456"] + [["7D"]]
    problem = Problem("capture.must_take", card="KS", options=options)
    assert problem.endswith("AD or 2D or 3D or 4D or 5D or 6D or another")
    assert "7D" not in problem
    said = italian(problem)
    assert said.endswith("6 di denari oppure un'altra")
    assert "7 di denari" not in said


# --- what the page shows ---------------------------------------------------------------


def test_a_bad_record_is_refused_in_italian_with_the_cards_named() -> None:
    record = Match(Rules(), seed=3)
    record.deal()
    record = record.to_record()
    deck = record["hands"][0]["deck"]
    deck[5] = deck[4]
    reply = json.loads(engine_worker.check_import(json.dumps(record)))
    assert reply["ok"] is False and reply["error"] == f"{deck[4]} is in the deck twice"
    assert reply["error"] == check_record_text(json.dumps(record))["error"]
    card = ITALIAN.card(deck[4])
    assert ITALIAN.error(reply) == f"{card} compare due volte nel mazzo"
    assert ENGLISH_PAGE.error(reply) == reply["error"]


def test_an_illegal_move_in_a_record_is_told_in_italian_reason_and_all() -> None:
    match = Match(Rules(), seed=11)
    hand = match.deal()
    seat = hand.to_move
    table_card = hand.table & -hand.table
    card = next(c for c in range(DECK_SIZE) if hand.hands[seat] >> c & 1)
    record = match.to_record()
    taken = str(Card(table_card.bit_length() - 1))
    record["hands"][0]["moves"] = [{"card": str(Card(card)), "take": [taken]}]
    text = json.dumps(record)
    reply = json.loads(engine_worker.check_import(text))
    assert reply["ok"] is False and reply["problem"]["code"] == "record.illegal"
    said = ITALIAN.error(reply)
    assert said.startswith(f"posto {seat}: {ITALIAN.card(str(Card(card)))}")
    assert "take" not in said and said != reply["error"]


def test_every_broken_record_of_every_preset_is_refused_in_italian() -> None:
    """The reference generator's mutations (dozens of ways a file is wrong)."""
    rng = random.Random(2026)
    codes: set[str] = set()
    for preset in gen.PRESETS:
        for k in range(3):
            rules = gen.random_rules(rng, preset)
            record = gen.play_record(rules, rng, max_hands=rng.choice([1, 3]), greedy=k == 0)
            for kind in gen.ALL_KINDS:
                _, broken = gen.mutate(record, rng, kind)
                if broken is None:
                    continue
                text = broken if isinstance(broken, (str, bytes)) else json.dumps(broken)
                expected = check_record_text(text)
                if expected["ok"]:
                    continue
                try:
                    load_record(parse_json(text))
                except RecordError as exc:
                    said = italian(problem_of(exc))
                    codes.add(problem_of(exc).code)  # type: ignore[union-attr]
                    assert said and "{" not in said.replace('{"', ""), (kind, said)
                else:
                    raise AssertionError(f"{kind}: the checker refused what load_record took")
    assert len(codes) >= 15, sorted(codes)


def test_every_illegal_move_built_at_random_is_explained_in_italian() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for preset in gen.PRESETS:
        rules = Rules.from_json(gen.random_rules(rng, preset))
        match = Match(rules, seed=rng.randrange(1000))
        hand = match.deal()
        while not hand.is_over:
            for _ in range(6):
                held = hand.hands[hand.to_move]
                card = rng.choice([c for c in range(DECK_SIZE) if held >> c & 1])
                take = hand.table & rng.getrandbits(DECK_SIZE)
                if rng.random() < 0.1:  # sometimes a card that is not on the table
                    take |= 1 << rng.randrange(DECK_SIZE) & ~(1 << card)
                why = hand.why_illegal(Move(card, take, PLAY))
                if why is not None:
                    seen.add(why.code)
                    italian(why)
            hand.play(rng.choice(hand.legal_moves()))
    assert {"capture.missing_one", "capture.bad_sum", "capture.must_take"} <= seen, sorted(seen)


def test_session_refusals_come_in_italian() -> None:
    with pytest.raises(SessionError) as caught:
        Session.new({"preset": "scopa", "level": "grandmaster"})
    assert italian(problem_of(caught.value)).startswith("il livello deve essere uno tra")
    with pytest.raises(RulesError) as bad_rules:
        Rules.from_json({"players": 5})
    assert italian(problem_of(bad_rules.value)) == "i giocatori devono essere 2, 3, 4 o 6, non 5"
    reply = json.loads(engine_worker.new_match(json.dumps({"level": "grandmaster"})))
    assert reply["ok"] is False and reply["problem"]["code"] == "session.bad_level"
    assert ITALIAN.error(reply) == "il livello deve essere uno tra easy, normal, hard, expert"


def test_an_unknown_code_is_never_english_on_the_italian_page() -> None:
    """No code the page knows: a plain Italian sentence (the English goes to the console)."""
    plain = ITALIAN.t("error.unexplained")
    assert plain.startswith("è successo qualcosa di imprevisto")
    unknown = {"code": "x.y", "params": {}}
    reply: dict[str, Any] = {"ok": False, "error": "something new", "problem": unknown}
    assert ITALIAN.error(reply) == plain
    reply["problem"] = {"code": "record.illegal", "params": {"seat": 0, "reason": {"code": "x"}}}
    assert ITALIAN.error(reply) == plain
    assert ITALIAN.error({"ok": False, "error": "KeyError: 'hands'"}) == plain
    assert ITALIAN.error({"ok": False}) == plain
    # the English page keeps the engine's own sentence, and never shows "?"
    assert ENGLISH_PAGE.error(reply) == "something new"
    assert ENGLISH_PAGE.error({"ok": False}) == ENGLISH_PAGE.t("error.unexplained")
    # a sentence without a code is an exception's text (a failed worker call): never shown
    for text in ("KeyError: 'hands'", "the engine could not start: RuntimeError: wasm"):
        said = ENGLISH_PAGE.error({"ok": False, "error": text})
        assert said == ENGLISH_PAGE.t("error.unexplained")
