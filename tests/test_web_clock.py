"""The move clock's pure parts in CPython (web/app/clock.py, narration.end_text,
the address's and the form's deadline): when the clock runs, how it counts
down, pauses and runs out, and the end of a match in words."""

from __future__ import annotations

import asyncio
from typing import Any

import i18n
from address import DEADLINE_HIGH, DEADLINE_LOW, parse_seconds, url_settings
from clock import Clock, clock_for, clock_text, warn_at
from narration import end_text

from scopa_core.table import settings

EN = i18n.I18n("en", "french")
IT = i18n.I18n("it", "neapolitan")


def view(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "settings": {"deadline": 30},
        "phase": "play",
        "to_move": 0,
        "to_move_kind": "person",
        "pass_to": None,
        "key": "1.0.",
        "seats": [{"kind": "person", "name": ""}, {"kind": "computer", "name": ""}],
        "sides": [[0], [1]],
    }
    base.update(changes)
    return base


def test_the_clock_runs_for_a_person_to_move_only() -> None:
    assert clock_for(view(), "play") == (0, 30)
    assert clock_for(view(), "thinking") is None  # a move on its way
    assert clock_for(view(settings={"deadline": None}), "play") is None
    assert clock_for(view(settings={}), "play") is None
    assert clock_for(view(to_move=1, to_move_kind="computer"), "play") is None
    assert clock_for(view(pass_to=1, to_move=1), "play") is None  # hot-seat: not yet shown
    assert clock_for(view(phase="hand-over", to_move=None), "hand-over") is None
    assert clock_for(view(to_move_kind="remote", to_move=1), "play") == (1, 30)
    assert clock_for(None, "play") is None


def test_the_pages_deadline_range_is_the_workers() -> None:
    assert (DEADLINE_LOW, DEADLINE_HIGH) == (settings.DEADLINE_LOW, settings.DEADLINE_HIGH)
    assert parse_seconds(" 45 ") == 45
    assert parse_seconds("5") == 5 and parse_seconds("86400") == 86400
    for bad in ("", "4", "86401", "abc", "1.5", "-10", "²", "1e3", None):
        assert parse_seconds(bad) is None, bad


def test_the_address_may_set_a_deadline() -> None:
    def get(**values: str) -> Any:
        return lambda name: values.get(name)

    assert url_settings(get(deadline="30"))["settings"] == {"deadline": 30}
    assert url_settings(get(deadline="1"))["settings"] == {"deadline": 5}
    assert url_settings(get(deadline="999999"))["settings"] == {"deadline": 86400}
    assert url_settings(get(deadline="off"))["settings"] == {"deadline": None}
    assert "settings" not in url_settings(get(deadline="soon"))


def test_time_words() -> None:
    assert clock_text(27) == "0:27"
    assert clock_text(120) == "2:00"
    assert clock_text(86400) == "24:00:00"
    assert clock_text(-3) == "0:00"
    assert warn_at(30) == 10 and warn_at(15) == 7 and warn_at(5) == 2


class FakeTime:
    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def test_a_countdown_pauses_resumes_and_runs_out_once() -> None:
    async def scenario() -> None:
        now = FakeTime()
        expired: list[tuple[int, str]] = []
        changes: list[str] = []
        clock = Clock(
            now, lambda seat, key: expired.append((seat, key)), lambda c: changes.append(c.state)
        )
        clock.start(1, 5, "3.2.")
        assert clock.state == "running" and clock.left_s() == 5
        now.ms += 1500
        clock.tick()
        assert clock.left_s() == 4  # 3.5 s left reads as 4
        clock.pause()
        now.ms += 60_000  # hidden for a minute: no time lost
        assert clock.left_s() == 4
        clock.tick()
        assert expired == []
        clock.resume()
        now.ms += 3400
        clock.tick()
        assert clock.left_s() == 1 and expired == []
        now.ms += 100
        clock.tick()
        clock.tick()
        assert expired == [(1, "3.2.")] and clock.state == "expired"
        assert changes[-1] == "expired"
        clock.start(0, 10, "3.3.", running=False)  # the next position: afresh, waiting
        assert clock.state == "paused" and clock.left_s() == 10
        clock.stop()
        assert clock.state == "off" and clock.seat is None and clock.left_s() == 0

    asyncio.run(scenario())


def test_a_countdown_starts_from_the_time_left_and_takes_the_referees_count() -> None:
    """A reload or a reconnect: the countdown starts from what the time used leaves; a
    guest takes the host's count of the time used when a pause ended, its own time
    since it ran again still counted."""

    async def scenario() -> None:
        now = FakeTime()
        clock = Clock(now, lambda seat, key: None)
        clock.start(1, 60, "1.3.", running=False, used_ms=21_400)
        assert clock.state == "paused" and clock.left_s() == 39 and clock.used_ms() == 21_400
        now.ms += 30_000  # paused (the link lost): no time used
        assert clock.used_ms() == 21_400
        clock.resume()
        now.ms += 700
        assert clock.used_ms() == 22_100
        clock.set_used(25_000)  # the host's count when the pause ended: 25 s used then
        assert clock.used_ms() == 25_700 and clock.left_s() == 35
        clock.pause()
        clock.set_used(26_000)  # told while paused: that is the time used now
        assert clock.state == "paused" and clock.used_ms() == 26_000
        clock.start(1, 5, "1.4.", used_ms=9_000)  # never below 0 left
        clock.tick()
        assert clock.state == "expired" and clock.left_s() == 0
        clock.stop()
        assert clock.used_ms() == 0

    asyncio.run(scenario())


def test_the_end_of_a_match_in_words() -> None:
    def ended(reason: str, seat: int, **more: Any) -> dict[str, Any]:
        result = {
            "winner": 1 - seat,
            "resigned": seat,
            "end": {"reason": reason, "seat": seat, "side": seat},
        }
        return view(phase="match-over", result=result, **more)

    assert end_text(ended("timeout", 0), EN) == "You ran out of time."
    assert end_text(ended("timeout", 0), IT) == "Il tuo tempo è scaduto."
    assert end_text(ended("resigned", 0), EN) == "You resigned."
    assert end_text(ended("resigned", 0), IT) == "Hai abbandonato."
    hotseat = [{"kind": "person", "name": "Anna"}, {"kind": "person", "name": "Bruno"}]
    assert end_text(ended("timeout", 1, seats=hotseat), EN) == "Bruno ran out of time."
    assert end_text(ended("timeout", 1, seats=hotseat), IT) == "Tempo scaduto per Bruno."
    assert end_text(ended("resigned", 0, seats=hotseat), IT) == "Anna ha abbandonato."
    # an older save: resigned, without how
    old = view(phase="match-over", result={"winner": 0, "resigned": 1, "end": None})
    assert end_text(old, EN) == "Computer resigned."
    assert end_text(view(phase="match-over", result={"winner": 0}), EN) == ""
