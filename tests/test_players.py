"""The computer players: legal play everywhere, declaring, the bot protocol, seeds."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scopa_core import Match, Move, Rules, SeatView
from scopa_core.hand import HandState, shuffled_deck
from scopa_core.moves import DECLARE
from scopa_core.players import LEVELS, make_player
from scopa_core.players.arena import parse_rules, run
from scopa_core.players.base import Player, declare_outcome
from scopa_core.players.protocol import serve
from scopa_core.scoring import score_hand

ROOT = Path(__file__).resolve().parent.parent

#: small budgets keep the searching levels quick in tests
FAST: dict[str, dict[str, Any]] = {"hard": {"budget": 600}, "expert": {"budget": 600}}

PRESETS = ("scopa", "scopa-3", "scopa-4", "scopa-6", "scopone", "scientifico", "trentino")
VARIANT_RULES = (
    Rules.preset("scopa", re_bello=True, napola=True),
    Rules.preset("scopa", ace_takes_all=True),
    Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True),
    Rules.preset("scopa", ace_takes_all=True, ace_takes_all_is_scopa=False, aces_redeal=True),
    Rules.preset("scopa-4", ace_takes_all=True, ace_may_keep=True, ace_takes_ace_first=False),
    Rules.preset("scopa", capture="standard+fifteen"),
    Rules.preset("scopa-3", capture="fifteen"),
    Rules.preset("scopone", capture="standard+fifteen", re_bello=True),
    Rules.preset("scopa", chiamarsi_fuori=True, target=5),
    Rules.preset("scopone", chiamarsi_fuori=True, cappotto=True, target=7),
    Rules.preset("scopa", cappotto=True, primiera_all_suits=False),
)


def _rules_id(rules: Rules) -> str:
    default = Rules()
    changed = [k for k, v in rules.to_json().items() if getattr(default, k) != v]
    return "-".join(f"{k}={rules.to_json()[k]}" for k in changed) or "default"


def player(level: str, seed: int = 0) -> Player:
    return make_player(level, seed, **FAST.get(level, {}))


def play_match(rules: Rules, levels: list[str], seed: int, max_hands: int) -> Match:
    """A match with ``levels[seat]`` in each seat; every move goes through Match.play."""
    match = Match(rules, seed=seed)
    players = [player(level, seed + seat) for seat, level in enumerate(levels)]
    hands = 0
    while not match.over:
        if match.needs_deal:
            if hands == max_hands:
                break
            match.deal()
            hands += 1
        hand = match.hand
        assert hand is not None
        seat = hand.to_move
        view = match.view(seat)
        move = players[seat].choose(view)
        assert move in match.legal_moves(), f"{levels[seat]} chose illegal {move}"
        if move.kind == DECLARE:
            assert declare_outcome(view) is True, f"{levels[seat]} declared to lose"
        elif declare_outcome(view):
            pytest.fail(f"{levels[seat]} did not declare a won match")
        match.play(move)
    return match


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_preset(level: str, preset: str) -> None:
    rules = Rules.preset(preset)
    others = ["normal" if level != "normal" else "easy"]
    levels = [level if seat % 2 == 0 else others[0] for seat in range(rules.players)]
    max_hands = 50 if level in ("easy", "normal") else 1
    match = play_match(rules, levels, seed=len(preset), max_hands=max_hands)
    if level in ("easy", "normal"):
        assert match.over


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=lambda r: _rules_id(r))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_variants(level: str, rules: Rules) -> None:
    levels = [level] * rules.players
    levels[1] = "easy" if level != "easy" else "normal"
    play_match(rules, levels, seed=11, max_hands=8 if level in ("easy", "normal") else 1)


def test_kept_aces_are_played() -> None:
    rules = Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True)
    kinds: set[int] = set()
    for seed in range(6):
        match = play_match(rules, ["easy", "normal"], seed=seed, max_hands=3)
        for record in match.records:
            kinds.update(m.kind for m in record.moves)
    assert 1 in kinds  # KEEP


# -- chiamarsi fuori ---------------------------------------------------------------


def _declare_view(scores: list[int], target: int, players: int = 2) -> SeatView:
    """A mid-hand view, seat 0 to move, whose side already has points in its pile."""
    rules = Rules.preset("scopa" if players == 2 else "scopa-4", chiamarsi_fuori=True)
    rules = rules.replace(target=target)
    for seed in range(1000):
        rng = random.Random(seed)
        # seat 0 plays first; after whole turns of the table it is seat 0's turn again
        hand = HandState(rules, shuffled_deck(rules, rng), players - 1)
        for _ in range(2 * players):
            moves = [m for m in hand.legal_moves() if m.kind != DECLARE]
            hand.push(max(moves, key=lambda m: (m.take.bit_count(), m.take)))
        assert hand.to_move == 0
        if score_hand(rules, hand.piles, hand.scope).points[0] >= 1:
            return SeatView.of_hand(hand, 0, scores)
    raise AssertionError("no deal gave side 0 points")


def _with_scores(view: SeatView, scores: list[int]) -> SeatView:
    return SeatView(
        view.rules, view.seat, view.dealer, scores, view.initial_table, view.history, view.hand
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 4])
def test_declares_exactly_when_it_wins(level: str, players: int) -> None:
    p = player(level, 3)
    for target in (1, 5, 11):
        base = _declare_view([0, 0], target, players)
        have = score_hand(base.rules, list(base.piles), list(base.scope)).points[0]
        for mine in range(max(0, target - have - 2), target + 1):
            for theirs in (0, target - 1, target + 3):
                view = _with_scores(base, [mine, theirs])
                wins = mine + have >= target
                assert declare_outcome(view) is wins
                move = p.choose(view)
                assert (move.kind == DECLARE) == wins, (target, mine, theirs, move)


# -- seeds ---------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_view_same_move(level: str) -> None:
    match = Match(Rules.preset("scopa"), seed=5)
    match.deal()
    views = []
    for _ in range(12):
        hand = match.hand
        assert hand is not None
        views.append(match.view(hand.to_move))
        match.play(make_player("normal", 0).choose(views[-1]))
    a, b = player(level, 42), player(level, 42)
    first = [a.choose(v) for v in views]
    # b sees the views in another order: no dependence on call history
    second = [b.choose(v) for v in reversed(views)][::-1]
    assert first == second
    again = [a.choose(SeatView.from_request(v.to_request())) for v in views]
    assert again == first


def test_make_player_levels() -> None:
    for level in LEVELS:
        assert isinstance(make_player(level), Player)
    with pytest.raises(ValueError):
        make_player("grandmaster")


# -- normal is better than easy --------------------------------------------------


def test_normal_beats_easy() -> None:
    arena = run("normal", "easy", 60, seed=9)
    summary = arena.summary()
    assert summary["margin"] > 0.3, summary


def test_arena_three_players_and_teams() -> None:
    for rules_text in ("scopa-3", "scopa-4+chiamarsi-fuori"):
        out = io.StringIO()
        arena = run("normal", "easy", 3, seed=1, rules_text=rules_text, out=out)
        assert arena.summary()["hands"] == 3 * len(arena.seatings)
        assert "margin of A over B" in out.getvalue()
    assert parse_rules("scopone+napola+re-bello").napola


def test_arena_is_deterministic() -> None:
    one = run("easy", "normal", 5, seed=3).summary()
    two = run("easy", "normal", 5, seed=3).summary()
    for key in ("margin", "hand_wins", "match_wins"):
        assert one[key] == two[key]


# -- the bot protocol ------------------------------------------------------------


def _request(seed: int = 1, rules: Rules | None = None) -> dict[str, Any]:
    match = Match(rules or Rules.preset("scopa"), seed=seed)
    match.deal()
    for _ in range(5):
        match.play(match.legal_moves()[0])
    hand = match.hand
    assert hand is not None
    return match.view(hand.to_move).to_request()


def _serve(lines: list[str], level: str = "normal") -> list[dict[str, Any]]:
    out = io.StringIO()
    assert serve(io.StringIO("".join(line + "\n" for line in lines)), out, level, 0) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _legal(request: dict[str, Any], reply: dict[str, Any]) -> bool:
    view = SeatView.from_request(request)
    return Move.from_json(reply) in view.legal_moves()


@pytest.mark.parametrize("level", LEVELS)
def test_protocol_answers_a_legal_move(level: str) -> None:
    request = _request()
    replies = _serve([json.dumps(request)], level)
    assert len(replies) == 1 and _legal(request, replies[0])


def test_protocol_errors_and_goes_on() -> None:
    request = _request()
    wrong_turn = dict(request, seat=(request["seat"] + 1) % 2)
    deep = "[" * 100_000 + "]" * 100_000
    bad = [
        "{not json",
        "",
        "   ",
        "[]",
        json.dumps({k: v for k, v in request.items() if k != "hand"}),
        json.dumps(dict(request, hand=["ZZ"])),
        json.dumps(dict(request, seat=True)),
        json.dumps(dict(request, rules={"players": 5})),
        json.dumps(wrong_turn),
        json.dumps(dict(request, hand=request["hand"][:-1])),
        deep,
        '{"rules": ' * 50_000,
        "null",
        "1e999",
        json.dumps(dict(request, scores=[1])),
        json.dumps(dict(request, history=[{"card": "7D", "take": ["7D"]}])),
    ]
    replies = _serve([*bad, json.dumps(request)])
    errors = [r for r in replies if "error" in r]
    assert len(errors) == len(bad) - 2  # the blank lines are ignored
    assert all(isinstance(r["error"], str) and r["error"] for r in errors)
    assert "error" not in replies[-1] and _legal(request, replies[-1])


def test_protocol_keep_and_declare_replies() -> None:
    rules = Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True)
    found_keep = False
    for seed in range(40):
        request = _request(seed, rules)
        view = SeatView.from_request(request)
        if any(m.kind == 1 for m in view.legal_moves()):
            (reply,) = _serve([json.dumps(request)])
            assert _legal(request, reply)
            found_keep = True
            if reply.get("keep"):
                assert reply["keep"] is True
    assert found_keep
    view = _declare_view([10, 0], 11)
    (reply,) = _serve([json.dumps(view.to_request())], "easy")
    assert reply == {"declare": True}


def test_protocol_non_utf8_bytes() -> None:
    request = json.dumps(_request()).encode()

    class Bytes(io.StringIO):
        buffer = io.BytesIO(b"\xff\xfe\n" + request + b"\n")

    out = io.StringIO()
    assert serve(Bytes(), out, "easy", 0) == 0
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert "error" in first and "card" in second


def test_bot_subprocess_end_to_end() -> None:
    request = _request(seed=4)
    lines = ["garbage", json.dumps(request), json.dumps(request)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "scopa_core", "bot", "--level", "normal", "--seed", "7"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(replies) == 3
    assert "error" in replies[0]
    assert _legal(request, replies[1]) and replies[1] == replies[2]


# -- the shared building blocks ----------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("scopa"),
        Rules.preset("scopa", capture="fifteen"),
        Rules.preset("scopa", capture="standard+fifteen"),
        Rules.preset("scopa", ace_takes_all=True),
        Rules.preset("scopa", ace_takes_all=True, ace_takes_all_is_scopa=False),
        Rules.preset("scopa", ace_takes_all=True, ace_takes_ace_first=False),
        Rules.preset("scopa", ace_takes_all=True, capture="standard+fifteen"),
    ],
    ids=lambda r: _rules_id(r),
)
def test_fast_sweepers_match_the_capture_rules(rules: Rules) -> None:
    from scopa_core.players.evaluate import fast_sweepers, slow_sweepers

    rng = random.Random(5)
    for _ in range(3000):
        table = 0
        for card in rng.sample(range(40), rng.randrange(0, 7)):
            table |= 1 << card
        assert fast_sweepers(rules, table) == slow_sweepers(rules, table), table


@pytest.mark.parametrize("preset", ["scopa", "scopa-3", "scopone"])
def test_fast_hand_points_match_score_hand(preset: str) -> None:
    from scopa_core.players.evaluate import hand_points

    rng = random.Random(2)
    for variant in ({}, {"re_bello": True, "napola": True}, {"primiera_all_suits": False}):
        rules = Rules.preset(preset, **variant)
        for _ in range(1000):
            piles = [0] * rules.num_sides
            for card in range(40):
                k = rng.randrange(rules.num_sides + 1)
                if k < rules.num_sides:
                    piles[k] |= 1 << card
            scope = [rng.randrange(3) for _ in piles]
            assert hand_points(rules, piles, scope) == list(score_hand(rules, piles, scope).points)
