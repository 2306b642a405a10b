"""The rules object: every key of the spec, validated, plus the named presets.

A :class:`Rules` is immutable and declared before a match starts.  It reads and
writes the spec's JSON rules object exactly (``Rules.from_json`` /
``Rules.to_json``) and refuses unknown keys, wrong types and combinations that
the spec rules out, each with a sentence that says what is wrong.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from .problems import Problem

CAPTURE_MODES: Final = ("standard", "fifteen", "standard+fifteen")


class RulesError(ValueError):
    """A rules object that the spec does not allow."""


@dataclass(frozen=True, slots=True)
class Rules:
    players: int = 2
    hand_size: int = 3
    table_cards: int = 4
    target: int = 11
    primiera_all_suits: bool = True
    re_bello: bool = False
    napola: bool = False
    cappotto: bool = False
    kings_redeal: bool = True
    capture: str = "standard"
    ace_takes_all: bool = False
    ace_takes_all_is_scopa: bool = True
    ace_takes_ace_first: bool = True
    ace_may_keep: bool = False
    aces_redeal: bool = False
    chiamarsi_fuori: bool = False

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise RulesError(problem)

    # -- derived facts -------------------------------------------------
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side: every seat alone with 2-3 players, else two teams."""
        if self.players <= 3:
            return tuple((seat,) for seat in range(self.players))
        return (tuple(range(0, self.players, 2)), tuple(range(1, self.players, 2)))

    @property
    def num_sides(self) -> int:
        return self.players if self.players <= 3 else 2

    def side_of(self, seat: int) -> int:
        return seat if self.players <= 3 else seat % 2

    @property
    def standard_capture(self) -> bool:
        return self.capture != "fifteen"

    @property
    def fifteen_capture(self) -> bool:
        return self.capture != "standard"

    # -- JSON ----------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Every key, always (a writer writes every key)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Read a rules object, filling missing keys with the defaults."""
        if not isinstance(data, dict):
            raise RulesError(Problem("rules.not_object"))
        known = {f.name: f for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(Problem("rules.unknown_key", key=repr(key)))
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = known[name].default
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise RulesError(Problem("rules.not_bool", key=repr(name), value=_js(value)))
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(Problem("rules.not_int", key=repr(name), value=_js(value)))
            elif not isinstance(value, str):
                raise RulesError(Problem("rules.not_str", key=repr(name), value=_js(value)))
            values[name] = value
        return cls(**values)

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)

    @classmethod
    def preset(cls, name: str, **variants: Any) -> Rules:
        """A named game (see :data:`PRESETS`) with optional variant keys on top."""
        try:
            base = PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesError(Problem("rules.no_preset", name=repr(name), known=known)) from None
        return base.replace(**variants) if variants else base


def _js(value: object) -> str:
    """A JSON value as a sentence shows it (the same in every language)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, dict)):
        return "[...]" if isinstance(value, list) else "{...}"
    return repr(value)


def _problem(rules: Rules) -> Problem | None:
    """The first thing wrong with a rules object, as a sentence, or None."""
    if rules.players not in (2, 3, 4, 6):
        return Problem("rules.players", value=rules.players)
    if rules.hand_size not in (3, 9, 10):
        return Problem("rules.hand_size", value=rules.hand_size)
    if rules.table_cards not in (0, 4):
        return Problem("rules.table_cards", value=rules.table_cards)
    if not 1 <= rules.target <= 99:
        return Problem("rules.target", value=rules.target)
    if rules.capture not in CAPTURE_MODES:
        return Problem("rules.capture", value=rules.capture)
    if rules.hand_size in (9, 10) and rules.players != 4:
        return Problem("rules.scopone_players", hand_size=rules.hand_size, players=rules.players)
    needed_table = 0 if rules.hand_size == 10 else 4
    if rules.table_cards != needed_table:
        return Problem(
            "rules.scopone_table",
            hand_size=rules.hand_size,
            needed=needed_table,
            table_cards=rules.table_cards,
        )
    if rules.chiamarsi_fuori and rules.num_sides != 2:
        return Problem("rules.declare_sides", players=rules.players)
    return None


PRESETS: Final[dict[str, Rules]] = {
    "scopa": Rules(),
    "scopa-3": Rules(players=3),
    "scopa-4": Rules(players=4),
    "scopa-6": Rules(players=6),
    "scopone": Rules(players=4, hand_size=9),
    "scientifico": Rules(players=4, hand_size=10, table_cards=0),
    "trentino": Rules(
        players=4, hand_size=10, table_cards=0, napola=True, cappotto=True, target=21
    ),
}

#: Variant switches that go on top of any preset, with their on-values.
VARIANTS: Final[dict[str, dict[str, Any]]] = {
    "re-bello": {"re_bello": True},
    "napola": {"napola": True},
    "asso-piglia-tutto": {"ace_takes_all": True},
    "scopa-a-15": {"capture": "standard+fifteen"},
    "quindici": {"capture": "fifteen"},
    "chiamarsi-fuori": {"chiamarsi_fuori": True},
    "cappotto": {"cappotto": True},
}
