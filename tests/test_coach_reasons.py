"""The coach's reasons and odds: each code given exactly when its definition holds.

Every reason is checked against its definition worked out here on the real
hand (the cards the seat cannot see included, which the reasons must not need):
over many random positions of several table sizes and variants, each code is
seen given and seen withheld, and each time it is given or withheld the
definition agrees.  A few positions are also written out by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from scopa_core import HandState, Move, Rules
from scopa_core.cards import CARD_VALUE, COINS, FULL_DECK, RE_BELLO, SETTEBELLO, VALUE_MASKS, names
from scopa_core.coach import REASONS, reasons_for, settebello_chance, sweep_chance
from scopa_core.hand import shuffled_deck
from scopa_core.moves import DECLARE
from scopa_core.players.evaluate import slow_sweepers
from scopa_core.scoring import score_hand
from tests.test_coach_values import played_to, view_of

RULES = (
    Rules.preset("scopa", re_bello=True),
    Rules.preset("scopa", chiamarsi_fuori=True, target=3),
    Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True),
    Rules.preset("scopa-3"),
    Rules.preset("scopa-4", capture="standard+fifteen"),
    Rules.preset("scopa-6"),
)


def hidden_count(hand: HandState, seat: int, cards: int) -> int:
    """How many of ``cards`` are in other hands or still in the deck (the truth)."""
    others = 0
    for s, held in enumerate(hand.hands):
        if s != seat:
            others |= held
    for i in hand.deck[hand.deck_pos :]:
        others |= 1 << i
    return (others & cards).bit_count()


def next_chance(hand: HandState, before: HandState, cards: int, scopa: bool) -> float:
    """The chance, from the cards the mover had not seen, that the next seat
    holds one of ``cards`` when it plays (``hand``: just after the move)."""
    total = 40 - hand.rules.table_cards
    if hand.plays >= total or (scopa and hand.plays + 1 >= total):
        return 0.0
    mover = before.to_move
    unseen = FULL_DECK & ~view_of(before).seen
    n, k = unseen.bit_count(), (cards & unseen).bit_count()
    h = hand.hands[hand.to_move].bit_count()  # the real count, after any deal
    if not k or not h:
        return 0.0
    assert hand.to_move == (mover + 1) % hand.rules.players
    return 1.0 - comb(n - k, h) / comb(n, h) if h <= n - k else 1.0


def coins_or_cards(piles: list[int], mask: int) -> list[int]:
    return [(p & mask).bit_count() for p in piles]


def race_codes(before: list[int], after: list[int], side: int, mask: int, name: str) -> set[str]:
    """The race reasons by their definitions: sure to win, or nobody else can win."""
    total = mask.bit_count()

    def sure(counts: list[int]) -> bool:
        left = total - sum(counts)
        return all(counts[side] > c + left for s, c in enumerate(counts) if s != side)

    def others_can(counts: list[int]) -> bool:
        left = total - sum(counts)
        return any(
            counts[o] + left > max(c for s, c in enumerate(counts) if s != o)
            for o in range(len(counts))
            if o != side
        )

    b, a = coins_or_cards(before, mask), coins_or_cards(after, mask)
    if sure(a) and not sure(b):
        return {f"wins_{name}"}
    if not sure(a) and others_can(b) and not others_can(a):
        return {f"keeps_{name}"}
    return set()


def expected_codes(hand: HandState, move: Move) -> dict[str, dict[str, object]]:
    """Every reason's code (and the parameters checked) for ``move``, from its definition."""
    rules, seat = hand.rules, hand.to_move
    side = rules.side_of(seat)
    out: dict[str, dict[str, object]] = {}
    if move.kind == DECLARE:
        points = score_hand(rules, hand.piles, hand.scope, seat).points[side]
        return {"declare_wins" if points >= rules.target else "declare_loses": {}}
    after = hand.copy()
    after.push(move)
    new = after.piles[side] & ~hand.piles[side]
    if after.scope[side] > hand.scope[side]:
        out["scopa"] = {}
    if new & SETTEBELLO:
        out["settebello"] = {}
    if rules.re_bello and new & RE_BELLO:
        out["re_bello"] = {}
    if new & VALUE_MASKS[7] & ~SETTEBELLO:
        out["sevens"] = {"cards": names(new & VALUE_MASKS[7] & ~SETTEBELLO)}
    for name, mask in (("coins", COINS), ("cards", FULL_DECK)):
        for code in race_codes(hand.piles, after.piles, side, mask, name):
            out[code] = {}
    sweep = next_chance(after, hand, slow_sweepers(rules, after.table), scopa=True)
    if int(sweep * 100 + 0.5) >= 1:
        out["leaves_sweep"] = {"percent": int(sweep * 100 + 0.5)}
    if after.table & SETTEBELLO:
        takers = 0
        for v in range(1, 11):
            if any(t & SETTEBELLO for t in after._capture.options(v - 1, after.table)):
                takers |= VALUE_MASKS[v]
        chance = next_chance(after, hand, takers, scopa=False)
        if int(chance * 100 + 0.5) >= 1:
            out["leaves_settebello"] = {"percent": int(chance * 100 + 0.5)}
    for card in (i for i in range(40) if hand.hands[seat] >> i & 1 and i != move.card):
        if not hand.options(card) and hidden_count(hand, seat, VALUE_MASKS[CARD_VALUE[card]]) == 1:
            out.setdefault("keeps_pair", {})
    return out


def random_positions(rules: Rules, count: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hand = HandState(rules, shuffled_deck(rules, rng), rng.randrange(rules.players))
        stop = rng.randrange(0, 40 - rules.table_cards)
        while hand.plays < stop:
            hand.push(rng.choice([m for m in hand.legal_moves() if m.kind != DECLARE]))
        found.append(hand)
    return found


def test_every_reason_is_given_exactly_when_its_definition_holds() -> None:
    given: Counter[str] = Counter()
    withheld: Counter[str] = Counter()
    for k, rules in enumerate(RULES):
        for hand in random_positions(rules, 150, seed=k):
            view = view_of(hand)
            moves = view.legal_moves()
            for move, reasons in zip(moves, reasons_for(view, moves), strict=True):
                expected = expected_codes(hand, move)
                got = {r.code: r for r in reasons}
                assert set(got) == set(expected), (move, view.to_request())
                for code, params in expected.items():
                    for key, value in params.items():
                        assert got[code].params[key] == value, (code, move, view.to_request())
                for code in REASONS:
                    (given if code in got else withheld)[code] += 1
    assert set(given) == set(REASONS), set(REASONS) - set(given)
    assert set(withheld) == set(REASONS)


def test_at_most_one_keeps_pair_reason_per_held_card_and_it_names_the_card() -> None:
    rules = Rules.preset("scopa")
    for hand in random_positions(rules, 200, seed=11):
        view = view_of(hand)
        for reasons in reasons_for(view, view.legal_moves()):
            cards = [r.params["card"] for r in reasons if r.code == "keeps_pair"]
            assert len(cards) == len(set(cards))
            assert all(view.hand >> Move.play(c).card & 1 for c in cards)


def dealt(rules: Rules, hand0: str, hand1: str, table: str) -> HandState:
    """A 2-player hand: seat 0 holds ``hand0`` and plays first (seat 1 deals)."""
    first = [Move.play(c).card for c in hand0.split()]
    second = [Move.play(c).card for c in hand1.split()]
    layout = [Move.play(c).card for c in table.split()]
    used = set(first + second + layout)
    rest = [i for i in range(40) if i not in used]
    deck = [c for pair in zip(first, second, strict=True) for c in pair] + layout + rest
    return HandState(rules, deck, dealer=1)


def test_the_teaching_deal_written_out() -> None:
    """Table 7C 3S 4H 2D; seat 0 holds 7D, 6C and KS."""
    rules = Rules.preset("scopa")
    hand = dealt(rules, "7D 6C KS", "5D 5S QD", "7C 3S 4H 2D")
    view = view_of(hand)
    by_move = dict(zip(view.legal_moves(), reasons_for(view, view.legal_moves()), strict=True))
    codes = {str(m): {r.code for r in rs} for m, rs in by_move.items()}
    assert codes["7D x 7C"] == {"settebello", "sevens"} | (codes["7D x 7C"] & {"leaves_sweep"})
    assert "scopa" not in codes["7D x 7C"]
    sevens = next(r for r in by_move[Move.play("7D", "7C")] if r.code == "sevens")
    assert sevens.params == {"cards": ["7C"]} and str(sevens) == "it takes 7C for the primiera"
    # the king goes down: the table then adds up to 26, no card sweeps it
    assert sweep_chance(view, Move.play("KS")) == 0.0
    # 6C takes 4H+2D and leaves 7C+3S: a king sweeps it, and three are unseen (KS is held)
    chance = sweep_chance(view, Move.play("6C", "4H", "2D"))
    assert chance == pytest.approx(1 - comb(33 - 3, 3) / comb(33, 3))
    assert settebello_chance(view, Move.play("KS")) == 0.0


def test_a_scopa_and_the_settebello_left_on_the_table() -> None:
    rules = Rules.preset("scopa")
    hand = dealt(rules, "5D KS 2C", "5H QD AH", "3S 2H 7D 4C")
    view = view_of(hand)
    keep_seven = Move.play("5D", "3S", "2H")
    reasons = {r.code: r for r in reasons_for(view, [keep_seven])[0]}
    assert "leaves_settebello" in reasons and "settebello" not in reasons
    # 7D+4C are left: only a seven takes the settebello, and three sevens are unseen
    assert settebello_chance(view, keep_seven) == pytest.approx(1 - comb(30, 3) / comb(33, 3))
    whole = Move.play("KS", "3S", "7D")  # 3+7 = 10, the king
    assert "settebello" in {r.code for r in reasons_for(view, [whole])[0]}
    assert not any(r.code == "scopa" for r in reasons_for(view, [whole])[0])


def test_a_kept_ace_and_the_declarations() -> None:
    rules = Rules.preset("scopa", ace_takes_all=True, ace_may_keep=True)
    hand = dealt(rules, "AD 5S KC", "5H QD 2H", "3S 2C 7H 4C")
    view = view_of(hand)
    moves = view.legal_moves()
    assert Move.keep("AD") in moves
    kept = reasons_for(view, [Move.keep("AD")])[0]
    assert "scopa" not in {r.code for r in kept}
    sweep = reasons_for(view, [Move.play("AD", "3S", "2C", "7H", "4C")])[0]
    assert "scopa" in {r.code for r in sweep} and "sevens" in {r.code for r in sweep}
    assert all(isinstance(str(r), str) and not str(r).count("{") for r in kept + sweep)
    # keeping the ace leaves the same table: any ace sweeps it under asso piglia tutto
    assert sweep_chance(view, Move.keep("AD")) > 0.0


def test_the_chance_is_zero_when_the_next_play_is_the_last() -> None:
    rng = random.Random(3)
    for _ in range(10):
        view = view_of(played_to(Rules.preset("scopa"), 34, rng))
        for move in view.legal_moves():
            assert sweep_chance(view, move) == 0.0
