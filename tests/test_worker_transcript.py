"""The worker's replies are the ones it gave before its Python moved into the package.

tests/worker_transcript.py plays a fixed script of calls (matches against the
computer with the coach, saves and bad input; remote matches between a host
and its guests through each device's worker functions; the guided hand; watch
mode) through today's engine worker, and every reply text, every link message
in it included, must be byte for byte the one recorded from the worker of
main 55d924f (tests/reference/worker_transcript.jsonl.gz): saved games and
devices running the previous version depend on them (docs/web-api.md,
docs/remote-play.md).
"""

from __future__ import annotations

import json
from typing import Any

from tests.worker_module import fresh_worker
from tests.worker_transcript import Entry, read, solo_scenes, transcript


def first_difference(old: str, new: str) -> str:
    at = next((k for k, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
    at = min(len(old), len(new)) if at is None else at
    start, end = max(0, at - 120), at + 120
    return f"at character {at}:\n  was {old[start:end]!r}\n  now {new[start:end]!r}"


def where(entry: Entry) -> str:
    return f"{entry['scene']}: {entry['device']}.{entry['call']}{tuple(entry['args'])}"


def test_the_recording_covers_every_part_of_the_contract() -> None:
    """The script reaches what it is meant to: every function the page may call but
    engine_info, every kind of link message, refusals with codes, finished matches."""
    recorded = read()
    calls = {entry["call"] for entry in recorded}
    replies = [json.loads(entry["reply"]) for entry in recorded]
    kinds = {
        json.loads(item["text"])["kind"] for reply in replies for item in reply.get("send", [])
    }
    assert calls == set(fresh_worker().__export__) - {"engine_info"}
    assert kinds == {
        "hello", "welcome", "presence", "commit", "share", "state", "move", "reveal",
        "next", "end", "resign", "rematch", "answer", "no_rematch", "refuse", "clock",
    }  # fmt: skip
    assert len({r["problem"]["code"] for r in replies if not r["ok"] and "problem" in r}) > 35
    over = [r for r in replies if (r.get("view") or {}).get("phase") == "match-over"]
    assert {r.get("role") for r in over} == {None, "host", "guest"}


def test_every_reply_is_byte_for_byte_the_one_before_the_move() -> None:
    recorded = read()
    replayed = transcript()
    for number, (old, new) in enumerate(zip(recorded, replayed, strict=False)):
        assert new["args"] == old["args"], f"call {number} ({where(old)}) was given other arguments"
        assert new["reply"] == old["reply"], (
            f"call {number}, {where(old)}: the reply changed "
            + first_difference(old["reply"], new["reply"])
        )
    assert len(replayed) == len(recorded)


def test_a_changed_reply_is_caught(monkeypatch: Any) -> None:
    """The comparison can fail: a view with one key more is found at its first call."""
    from scopa_core.table import session

    table_view = session.Session.table_view

    def one_more(self: session.Session) -> dict[str, Any]:
        return {**table_view(self), "extra": 1}

    monkeypatch.setattr(session.Session, "table_view", one_more)
    replayed = transcript(scenes=(solo_scenes,))
    recorded = read()[: len(replayed)]
    changed = [k for k, (a, b) in enumerate(zip(recorded, replayed, strict=False)) if a != b]
    assert changed and '"extra":1' in replayed[changed[0]]["reply"]
