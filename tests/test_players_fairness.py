"""Fair play: a computer player knows only what its seat may know.

Two real hands that agree on everything one seat can see (its cards, the
first layout, the moves so far) but differ in the other hands and the order
of the deck must get the same move from every level.  And nothing reachable
from a SeatView leads to a HandState or to the 40-card deck.
"""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest

from scopa_core import Rules, SeatView
from scopa_core.hand import HandState, shuffled_deck
from scopa_core.moves import DECLARE
from scopa_core.players import LEVELS, make_player

FAST: dict[str, dict[str, Any]] = {"hard": {"budget": 800}, "expert": {"budget": 800}}
PRESETS = (
    Rules.preset("scopa"),
    Rules.preset("scopa-3"),
    Rules.preset("scopa-4", re_bello=True),
    Rules.preset("scopone"),
    Rules.preset("scientifico", capture="standard+fifteen"),
    Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True, chiamarsi_fuori=True),
)


def _played_hand(rules: Rules, deck: list[int], dealer: int, plays: int) -> HandState:
    hand = HandState(rules, deck, dealer)
    rng = random.Random(plays)
    for _ in range(plays):
        moves = [m for m in hand.legal_moves() if m.kind != DECLARE]
        hand.push(rng.choice(moves))
    return hand


def _twin(rules: Rules, deck: list[int], dealer: int, hand: HandState, seat: int) -> HandState:
    """The same hand with the cards ``seat`` cannot see reshuffled among their places."""
    seen = SeatView.of_hand(hand, seat, [0] * rules.num_sides).seen
    hidden = [k for k, card in enumerate(deck) if not seen >> card & 1]
    cards = [deck[k] for k in hidden]
    rng = random.Random(len(hidden))
    while True:
        rng.shuffle(cards)
        if len(cards) < 2 or any(deck[k] != c for k, c in zip(hidden, cards, strict=True)):
            break
    other = deck[:]
    for k, c in zip(hidden, cards, strict=True):
        other[k] = c
    twin = HandState(rules, other, dealer)
    for move in hand.history:
        twin.play(move)
    return twin


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: f"{r.players}p-{r.hand_size}")
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_move(level: str, rules: Rules) -> None:
    checked = 0
    for case in range(6):
        rng = random.Random(100 + case)
        deck = shuffled_deck(rules, rng)
        dealer = rng.randrange(rules.players)
        plays = rng.randrange(0, 24)
        hand = _played_hand(rules, deck, dealer, plays)
        seat = hand.to_move
        twin = _twin(rules, deck, dealer, hand, seat)
        others = [s for s in range(rules.players) if s != seat]
        differs = any(hand.hands[s] != twin.hands[s] for s in others) or hand.deck != twin.deck
        assert differs, "the twin must differ in what the seat cannot see"
        assert hand.hands[seat] == twin.hands[seat] and hand.table == twin.table
        scores = [case % 3] * rules.num_sides
        one = SeatView.of_hand(hand, seat, scores)
        two = SeatView.of_hand(twin, seat, scores)
        assert one.to_request() == two.to_request()
        first = make_player(level, 17, **FAST.get(level, {})).choose(one)
        second = make_player(level, 17, **FAST.get(level, {})).choose(two)
        assert first == second
        assert first in hand.legal_moves()
        checked += 1
    assert checked == 6


_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references, not going into code."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                todo.append(getattr(obj, name))
    return list(seen.values())


def _leaks(objects: list[object]) -> list[object]:
    return [
        o
        for o in objects
        if isinstance(o, HandState)
        or (isinstance(o, (list, tuple)) and len(o) == 40 and all(isinstance(x, int) for x in o))
    ]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: f"{r.players}p-{r.hand_size}")
def test_a_view_reaches_no_hand_and_no_deck(rules: Rules) -> None:
    rng = random.Random(3)
    hand = _played_hand(rules, shuffled_deck(rules, rng), 0, 7)
    view = SeatView.of_hand(hand, hand.to_move, [0] * rules.num_sides)
    objects = _reachable(view)
    assert len(objects) > 10
    assert not _leaks(objects)
    # and after every level has thought about it, the players hold none either
    for level in LEVELS:
        player = make_player(level, 1, **FAST.get(level, {}))
        player.choose(view)
        assert not _leaks(_reachable(player))
        assert not _leaks(_reachable(view))


def test_players_are_given_only_views() -> None:
    """In an arena game every call to choose gets a SeatView."""
    from scopa_core.players import arena

    calls: list[object] = []
    for level in ("easy", "normal"):
        player = make_player(level, 0)
        original = player.choose

        def spy(view: SeatView, original: Any = original) -> Any:
            calls.append(view)
            return original(view)

        player.choose = spy  # type: ignore[method-assign]
        game = arena.Arena(Rules.preset("scopa"), player, make_player("easy", 1), seed=2)
        game.play_deal()
    assert calls and all(type(v) is SeatView for v in calls)
