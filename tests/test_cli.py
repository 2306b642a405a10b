"""The command line: ``python -m scopa_core replay FILE|-`` and ``bench``.

The replay checker prints exactly one JSON object on standard output and exits
0 for a valid record, 1 for anything else -- including files that cannot be
read and bytes that are not JSON at all -- without a traceback.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scopa_core import Match, Move, Rules
from scopa_core.players.arena import player_options

ROOT = Path(__file__).resolve().parent.parent


def run(
    *args: str, data: bytes | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scopa_core", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
    )


def replay(*args: str, data: bytes | None = None) -> tuple[int, dict[str, Any]]:
    proc = run("replay", *args, data=data if data is not None else b"")
    assert proc.stderr == b"", proc.stderr.decode(errors="replace")
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1, proc.stdout
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    assert proc.returncode == (0 if result["ok"] else 1)
    if not result["ok"]:
        assert set(result) == {"ok", "hand", "move", "error"}
        assert isinstance(result["error"], str) and result["error"]
    return proc.returncode, result


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    """A whole match of plain scopa to 6 points (two hands or more)."""
    match = Match(Rules.preset("scopa", target=6), seed=5, first_dealer=0)
    while not match.over:
        hand = match.deal()
        while not hand.is_over:
            match.play(match.legal_moves()[0])
    assert len(match.records) >= 2
    return match.to_record({"app": "tests", "seats": ["a", "b"]})


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A game saved after five moves of its first hand."""
    match = Match(Rules.preset("scopone"), seed=6, first_dealer=3)
    match.deal()
    for _ in range(5):
        match.play(match.legal_moves()[-1])
    return match.to_record()


def test_a_finished_match_from_a_file(tmp_path: Path, finished: dict[str, Any]) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(finished, indent=2))
    status, result = replay(str(path))
    assert status == 0
    assert result["ok"] is True and result["complete"] is True and result["winner"] is not None
    assert result["sides"] == [[0], [1]]
    assert max(result["totals"]) >= 6
    assert sum(h["points"][0] for h in result["hands"]) == result["totals"][0]
    keys = {"dealer", "complete", "cards", "coins", "settebello", "re_bello", "primiera",
            "scope", "napola", "points", "declared"}  # fmt: skip
    assert all(set(h) == keys for h in result["hands"])


def test_a_saved_game_from_stdin(saved: dict[str, Any]) -> None:
    status, result = replay("-", data=json.dumps(saved).encode())
    assert status == 0
    assert result == {
        "ok": True,
        "sides": [[0, 2], [1, 3]],
        "hands": [{"dealer": 3, "complete": False}],
        "totals": [0, 0],
        "winner": None,
        "complete": False,
    }


def test_an_illegal_move_exits_1_with_its_place(finished: dict[str, Any]) -> None:
    record = json.loads(json.dumps(finished))
    moves = record["hands"][1]["moves"]
    m = next(k for k, mv in enumerate(moves) if mv["take"])
    moves[m]["take"] = [*moves[m]["take"][1:], "7D" if moves[m]["card"] != "7D" else "7C"]
    status, result = replay("-", data=json.dumps(record).encode())
    assert status == 1
    assert (result["hand"], result["move"]) == (1, m)


def test_a_record_broken_outside_any_move(finished: dict[str, Any]) -> None:
    record = json.loads(json.dumps(finished))
    record["hands"][1]["deck"] = record["hands"][1]["deck"][:39]
    assert replay("-", data=json.dumps(record).encode())[1]["hand"] == 1
    record["rules"]["players"] = 2.0
    _, result = replay("-", data=json.dumps(record).encode())
    assert (result["hand"], result["move"]) == (None, None)


def test_a_missing_file(tmp_path: Path) -> None:
    status, result = replay(str(tmp_path / "no such file.json"))
    assert status == 1
    assert (result["ok"], result["hand"], result["move"]) == (False, None, None)


def test_a_directory(tmp_path: Path) -> None:
    status, result = replay(str(tmp_path))
    assert status == 1 and result["ok"] is False


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\x01\x02\xff\xfe garbage \x80",
        b"\xff\xfe{\x00}\x00",  # UTF-16
        b"{not json}",
        b"[1, 2, 3]",
        b"null",
        b'"scopa-record/1"',
        b'{"format": "scopa-record/1", "rules": {}, "hands": [',  # cut short
        b"[" * 100_000 + b"]" * 100_000,  # nested too deeply for any parser
        b'{"format": "scopa-record/1", "rules": {"target": ' + b"9" * 5000 + b'}, "hands": []}',
        b'{"format": "scopa-record/1", "rules": {"target": NaN}, "hands": []}',
        b'{"format": "scopa-record/1", "rules": {"target": 1e400}, "hands": []}',
        b'{"format": "scopa-record/1", "rules": {}, "hands": [{"dealer": 0, "deck": ["\\ud800"]}]}',
    ],
    ids=[
        "empty",
        "garbage",
        "utf-16",
        "not-json",
        "array",
        "null",
        "string",
        "cut-short",
        "deep",
        "huge-int",
        "nan",
        "inf",
        "lone-surrogate",
    ],
)
def test_garbage_is_answered_not_crashed_on(data: bytes, tmp_path: Path) -> None:
    status, result = replay("-", data=data)
    assert status == 1 and result["ok"] is False
    path = tmp_path / "garbage.json"
    path.write_bytes(data)
    assert replay(str(path)) == (status, result)


def test_an_empty_match_is_valid() -> None:
    data = b'{"format": "scopa-record/1", "rules": {}, "hands": []}'
    status, result = replay("-", data=data)
    assert status == 0
    assert result == {"ok": True, "sides": [[0], [1]], "hands": [], "totals": [0, 0],
                      "winner": None, "complete": False}  # fmt: skip


def test_a_byte_order_mark_is_ignored(saved: dict[str, Any]) -> None:
    """RFC 8259 lets a parser ignore a leading BOM; this checker does."""
    status, _ = replay("-", data=b"\xef\xbb\xbf" + json.dumps(saved).encode())
    assert status == 0


def test_unknown_keys_are_ignored_outside_rules(saved: dict[str, Any]) -> None:
    record = json.loads(json.dumps(saved))
    record["comment"] = "x"
    record["hands"][0]["note"] = [1, 2]
    record["hands"][0]["moves"][0]["think_ms"] = 1200
    assert replay("-", data=json.dumps(record).encode())[0] == 0
    record["rules"]["comment"] = "x"
    assert replay("-", data=json.dumps(record).encode())[1]["hand"] is None


def test_a_declaration_record_through_the_cli() -> None:
    match = Match(Rules.preset("scopa", chiamarsi_fuori=True, target=5), seed=2, first_dealer=1)
    match.deal()
    match.play(match.legal_moves()[0])
    match.play(Move.declare())
    status, result = replay("-", data=json.dumps(match.to_record()).encode())
    assert status == 0
    assert result["hands"][0]["declared"] == 1
    assert result["winner"] == 0 and result["complete"] is True


def test_bench_prints_its_figures() -> None:
    proc = run("bench", "--seconds", "0.2", timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    figures = re.findall(r"^(.*\S)\s+([\d,]+)\s*$", out, re.MULTILINE)
    assert len(figures) >= 4, out
    assert any("hands/s" in name for name, _ in figures)
    assert all(int(value.replace(",", "")) > 0 for _, value in figures)


def test_arena_from_the_main_command_reports_progress_and_the_result() -> None:
    proc = run("arena", "normal", "easy", "--hands", "51", "--seed", "4", "--progress")
    assert proc.returncode == 0, proc.stderr
    progress, final = proc.stderr.decode(), proc.stdout.decode()
    assert "50 deals, each played in 2 seatings" in progress
    assert "51 deals, each played in 2 seatings (102 hands)" in final
    assert re.search(r"margin of A over B: [+-]\d+\.\d+ ± \d+\.\d+ points per hand", final)
    assert re.search(r"think time A \(normal\): median [\d.]+ ms, p95 [\d.]+ ms, max", final)


def test_arena_refuses_an_unknown_preset_in_a_sentence() -> None:
    proc = run("arena", "normal", "easy", "--rules", "briscola")
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"arena: " in proc.stderr and b"Traceback" not in proc.stderr


def test_arena_passes_constructor_options_and_refuses_bad_ones_in_a_sentence() -> None:
    proc = run(
        "arena", "hard", "normal", "--hands", "2",
        "--option-a", "budget=300", "--option-a", "max_candidates=2",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "2 deals, each played in 2 seatings (4 hands)" in proc.stdout.decode()
    assert player_options("expert", ["play_odds=0", "prune=2.5", "infer=false"], 900) == {
        "play_odds": 0,
        "prune": 2.5,
        "infer": False,
        "budget": 900,
    }
    for level, option, sentence in (
        ("expert", "colour=2", "the expert level has no option among colour"),
        ("normal", "budget=2", "the normal level takes no options"),
        ("expert", "budget=x", "'x' is not a number, true or false"),
        ("expert", "budget", "'budget' is not KEY=VALUE"),
    ):
        proc = run("arena", level, "easy", "--option-a", option)
        assert proc.returncode == 2
        assert proc.stdout == b""
        assert proc.stderr.decode().strip() == f"arena: {sentence}"
