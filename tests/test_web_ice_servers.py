"""Which STUN/TURN servers a pairing uses (the page's web/app/ice_servers.py,
MicroPython in the browser, run here in CPython): none unless the player chose
some; "a friend far away" adds the public STUN servers, remembered in the
page's preferences; a test's STUN address replaces them only when it is a
loopback address, and anything else there means no server at all."""

from __future__ import annotations

import json
from typing import Any

import pytest
import storage
from ice_servers import (
    FAR_AWAY,
    PUBLIC_STUN,
    far_away,
    far_servers,
    ice_servers,
    loopback_stun,
    pairing_servers,
)

from tests.test_web_saves import FakeLocalStorage


def urls(servers: list[dict[str, Any]]) -> list[str]:
    return [server["urls"] for server in servers]


def test_no_server_unless_one_was_chosen() -> None:
    assert pairing_servers({}) == []
    assert pairing_servers({"ice_servers": "", FAR_AWAY: False}) == []
    assert pairing_servers(None) == []


def test_far_away_adds_the_public_stun_servers_after_the_forms_own() -> None:
    prefs = {"ice_servers": "stun:stun.example.org:3478\n", FAR_AWAY: True}
    assert urls(pairing_servers(prefs)) == ["stun:stun.example.org:3478", *PUBLIC_STUN]
    assert "stun:stun.l.google.com:19302" in PUBLIC_STUN
    assert all(url.startswith("stun:") for url in PUBLIC_STUN)  # STUN only: nothing relayed


@pytest.mark.parametrize("value", [None, "true", 1, "yes", [True], {"on": True}])
def test_the_choice_is_off_unless_it_is_exactly_true(value: object) -> None:
    assert not far_away({FAR_AWAY: value})
    assert pairing_servers({FAR_AWAY: value}) == []


def test_the_choice_is_remembered_in_the_pages_preferences() -> None:
    backend = FakeLocalStorage()
    first = storage.Storage(backend)
    prefs = first.load_prefs()
    assert not far_away(prefs)  # off by default
    prefs[FAR_AWAY] = True
    assert first.save_prefs(prefs)
    assert json.loads(backend.data[storage.PREFS])[FAR_AWAY] is True
    assert far_away(storage.Storage(backend).load_prefs())  # after a reload


@pytest.mark.parametrize(
    "text",
    ["stun:127.0.0.1:3478", "stun:127.8.9.10:1", "stun:[::1]:65535"],
)
def test_a_loopback_stun_address_may_stand_in_for_the_public_ones(text: str) -> None:
    assert loopback_stun(text) == text
    assert far_servers(text) == [{"urls": text}]
    assert pairing_servers({FAR_AWAY: True}, text) == [{"urls": text}]


@pytest.mark.parametrize(
    "text",
    [
        "stun:stun.l.google.com:19302",  # another host
        "stun:192.168.1.2:3478",
        "stun:localhost:3478",  # a name is resolved: not taken
        "stun:127.0.0.1.evil.example:3478",
        "stun:127.0.0:3478",
        "stun:127.0.0.256:3478",
        "stun:127.0.0.1",  # no port
        "stun:127.0.0.1:0",
        "stun:127.0.0.1:65536",
        "stun:127.0.0.1:+80",
        "stun:127.0.0.1: 80",
        "stun:127.0.0.1:3478?transport=tcp",
        "stun:user@127.0.0.1:3478",
        "turn:127.0.0.1:3478",  # STUN only
        "stuns:127.0.0.1:3478",
        "stun:[::2]:3478",
        " stun:127.0.0.1:3478",
        "",
        "stun:" + "1" * 70,
    ],
)
def test_anything_else_given_by_a_test_means_no_server_at_all(text: str) -> None:
    assert loopback_stun(text) is None
    assert far_servers(text) == []
    assert pairing_servers({FAR_AWAY: True}, text) == []


def test_a_test_address_changes_nothing_while_the_choice_is_off() -> None:
    assert pairing_servers({}, "stun:127.0.0.1:3478") == []


def test_the_forms_servers_one_a_line() -> None:
    text = "stun:a.example:3478\n\nnot a server\nturn:b.example:3478 ann secret\n  "
    assert ice_servers(text) == [
        {"urls": "stun:a.example:3478"},
        {"urls": "turn:b.example:3478", "username": "ann", "credential": "secret"},
    ]
    assert ice_servers(None) == []
