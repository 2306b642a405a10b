"""The engine's replay checker against an independent reading of the spec.

``tests/reference/spec_replay.py`` implements shared/spec/records.md from
the spec alone, plainly.  Here thousands of random records of every preset
and variant -- legal games, saved games cut anywhere, and records broken in
every way a file can be wrong -- go through both, and every number and every
error location (hand, move) must agree.  Error sentences may differ.

``SCOPA_DIFF_N`` sets the number of random games per preset (default 30;
each game yields ~65 records), ``SCOPA_DIFF_SEED`` the base seed.  A
failure prints the seed, the kind of record and the record itself.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from scopa_core import Card, HandState, Match, Move, Rules, check_record
from scopa_core.moves import DECLARE, KEEP
from scopa_core.record import check_record_text
from tests.reference import generate as gen
from tests.reference import spec_replay as ref

N = int(os.environ.get("SCOPA_DIFF_N", "30"))
SEED = int(os.environ.get("SCOPA_DIFF_SEED", "0"))
PRESETS = list(gen.PRESETS)
ROOT = Path(__file__).resolve().parent.parent


def _rng(name: str, preset: str) -> random.Random:
    return random.Random(zlib.crc32(f"{name}/{preset}/{SEED}".encode()))


def _normal(result: dict[str, Any]) -> dict[str, Any]:
    """The answer with every number and location, without the error sentence."""
    out: dict[str, Any] = json.loads(json.dumps(result))
    if out.get("ok") is False:
        error = out.pop("error")
        assert isinstance(error, str) and error.strip(), f"no error sentence in {result}"
    return out


def _show(record: object) -> str:
    if isinstance(record, bytes):
        return repr(record[:3000])
    text = record if isinstance(record, str) else json.dumps(record)
    return text[:6000] + (" ..." if len(text) > 6000 else "")


def both(record: object) -> tuple[dict[str, Any], dict[str, Any]]:
    """(engine answer, reference answer) for a record object or a file's text."""
    if isinstance(record, (str, bytes)):
        return check_record_text(record), ref.check_text(record)
    return check_record(record), ref.check(record)


def assert_agree(record: object, what: str) -> dict[str, Any]:
    engine, reference = both(record)
    if _normal(engine) != _normal(reference):
        raise AssertionError(
            f"engine and reference disagree on a {what} record (SCOPA_DIFF_SEED={SEED})\n"
            f"engine:    {json.dumps(engine)}\nreference: {json.dumps(reference)}\n"
            f"record:    {_show(record)}"
        )
    return engine


def _games(preset: str, rng: random.Random, count: int) -> list[gen.Record]:
    """Random legal records of a preset: long and short, greedy or not, some declared."""
    games = []
    for k in range(count):
        rules = gen.random_rules(rng, preset)
        if k == 0:
            rules["target"] = 1  # the first game always plays to the end of its match
        games.append(
            gen.play_record(
                rules,
                rng,
                max_hands=12 if k == 0 else rng.choice([1, 2, 4, 12]),
                declare_chance=rng.choice([0.0, 0.01, 0.04]),
                greedy=k % 3 == 0,
            )
        )
    return games


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_and_saved_records_agree(preset: str) -> None:
    """Whole games and games cut anywhere are valid, with the same numbers in both."""
    rng = _rng("legal", preset)
    complete = 0
    for record in _games(preset, rng, N):
        result = assert_agree(record, f"legal {preset}")
        assert result["ok"] is True, result
        complete += result["complete"]
        for _ in range(3):
            saved = gen.truncate(record, rng)
            result = assert_agree(saved, f"saved {preset}")
            assert result["ok"] is True, result
        text = json.dumps(record, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
        assert_agree(text.encode(), f"legal {preset} as text")
    assert complete, "no game ran to the end of its match"


@pytest.mark.parametrize("preset", PRESETS)
def test_broken_records_agree(preset: str) -> None:
    """Every kind of mutation of every game: the same verdict and the same location."""
    rng = _rng("broken", preset)
    verdicts: dict[str, set[bool]] = {}
    for record in _games(preset, rng, N):
        for kind in gen.ALL_KINDS:
            kind, broken = gen.mutate(record, rng, kind)
            if broken is None:
                continue
            result = assert_agree(broken, f"{kind} {preset}")
            verdicts.setdefault(kind, set()).add(result["ok"])
            if result["ok"] is False and not isinstance(broken, (str, bytes)):
                assert_agree(json.dumps(broken), f"{kind} {preset} as text")
    # the mutations that always break a file did break it in both
    always_bad = {"bad_json", "format_wrong", "not_an_object", "rules_unknown_key",
                  "rules_bool_for_int", "rules_int_for_bool", "rules_float_for_int",
                  "deck_short", "deck_long", "deck_card_duplicated", "move_after_the_end",
                  "player_wrong", "take_duplicated", "take_itself"}  # fmt: skip
    for kind in always_bad & set(verdicts):
        assert verdicts[kind] == {False}, kind
    for kind in {"take_reordered", "player_right", "move_extra_key", "hand_extra_key",
                 "record_extra_keys", "rules_defaults_left_out", "keep_false_added",
                 "declare_false_added"} & set(verdicts):  # fmt: skip
        assert verdicts[kind] == {True}, kind


@pytest.mark.parametrize("preset", PRESETS)
def test_records_written_by_the_engine_agree(preset: str) -> None:
    """Match.to_record of engine-played games: valid for both, with the match's own totals."""
    rng = _rng("engine", preset)
    for _ in range(max(4, N // 3)):
        rules_obj = gen.random_rules(rng, preset)
        match = Match(Rules.from_json(rules_obj), seed=rng.randrange(10**6))
        for _ in range(rng.choice([1, 3, 12])):
            if match.over:
                break
            match.deal()
            while not match.hand.is_over:  # type: ignore[union-attr]
                moves = match.legal_moves()
                plays = [m for m in moves if m.kind != DECLARE]
                if len(plays) < len(moves) and rng.random() < 0.02:
                    match.play(moves[-1])
                else:
                    match.play(rng.choice(plays))
        if not match.over and match.needs_deal and rng.random() < 0.5:
            match.deal()  # a saved game: a hand dealt and not yet played
        result = assert_agree(match.to_record({"app": "tests"}), f"engine-written {preset}")
        assert result["ok"] is True
        assert result["totals"] == match.totals
        assert result["winner"] == match.winner
        assert [h.get("points") for h in result["hands"] if h["complete"]] == [
            list(s.points) for s in match.hand_scores
        ]


def _engine_key(move: Move) -> tuple[Any, ...]:
    if move.kind == DECLARE:
        return ("declare",)
    taken = frozenset(str(Card(i)) for i in range(40) if move.take >> i & 1)
    return (str(Card(move.card)), taken, move.kind == KEEP)


def _reference_key(move: dict[str, Any]) -> tuple[Any, ...]:
    if "declare" in move:
        return ("declare",)
    return (move["card"], frozenset(move.get("take", [])), bool(move.get("keep")))


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_moves_agree_at_every_position(preset: str) -> None:
    """HandState.legal_moves() is the reference's move list at every position of random hands."""
    rng = _rng("moves", preset)
    for k in range(max(4, N // 4)):
        rules = gen.random_rules(rng, preset)
        deck = gen.shuffled_deck(rules, rng)
        dealer = rng.randrange(rules["players"])
        mine = ref.Hand(rules, deck, dealer)
        engine = HandState(Rules.from_json(rules), [Card.parse(c).index for c in deck], dealer)
        while not mine.over:
            engine_moves = {_engine_key(m): m for m in engine.legal_moves()}
            assert len(engine_moves) == len(engine.legal_moves()), "a move listed twice"
            expected = {_reference_key(m) for m in mine.legal_moves()}
            assert set(engine_moves) == expected, (rules, deck, dealer, mine.moves)
            move = gen.random_move(mine, rng, declare_chance=0.01, greedy=k % 2 == 1)
            mine.play(move)
            engine.play(engine_moves[_reference_key(move)])
        assert engine.is_over and engine.legal_moves() == []
        assert engine.final_piles() == [
            sum(1 << Card.parse(c).index for c in pile) for pile in mine.piles
        ]
        assert engine.scope == mine.scope


def _cli(data: bytes) -> tuple[int, dict[str, Any]]:
    proc = subprocess.run(
        [sys.executable, "-m", "scopa_core", "replay", "-"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1, (proc.stdout, proc.stderr)
    return proc.returncode, json.loads(lines[0])


def test_cli_replay_agrees_on_a_sample() -> None:
    """``python -m scopa_core replay -``: the reference's answer on stdout, exit status 0 or 1."""
    rng = _rng("cli", "all")
    cases: list[bytes] = []
    for preset in PRESETS:
        record = _games(preset, rng, 1)[0]
        cases.append(json.dumps(record).encode())
        _, broken = gen.mutate(record, rng)
        if isinstance(broken, str):
            broken = broken.encode()
        cases.append(broken if isinstance(broken, bytes) else json.dumps(broken).encode())
    # one process for the lot would be faster, but the exit status is per file
    for data in cases:
        status, out = _cli(data)
        expected = ref.check_text(data)
        assert _normal(out) == _normal(expected), (out, expected, _show(data))
        assert status == (0 if expected["ok"] else 1)
