"""The rules of shared/spec/records.md, one worked example per test, through the public API.

Positions are built with ``HandState.from_parts`` (or decks arranged so the
deal lays the wanted table); cards are written as the spec writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from scopa_core import (
    Card,
    HandState,
    IllegalMove,
    Match,
    Move,
    Rules,
    check_record,
)
from scopa_core.scoring import score_hand

SCOPA = Rules.preset("scopa")


# -- helpers -------------------------------------------------------------------


def mask(cards: Iterable[str]) -> int:
    out = 0
    for name in cards:
        out |= 1 << Card.parse(name).index
    return out


def names(m: int) -> set[str]:
    return {str(Card(i)) for i in range(40) if m >> i & 1}


#: A stand-in for the moves made before a built position (only their number counts).
EARLIER = Move(-1, 0, 0)


def position(
    rules: Rules,
    hand: Sequence[str],
    table: Sequence[str],
    *,
    to_move: int = 0,
    others: Sequence[Sequence[str]] = (),
    played: int = 0,
    piles: Sequence[Sequence[str]] | None = None,
    scope: Sequence[int] | None = None,
    last_capturer: int = -1,
) -> HandState:
    """A hand in play: ``to_move`` holds ``hand``; the other seats hold ``others`` in turn."""
    hands = [0] * rules.players
    hands[to_move] = mask(hand)
    for k, cards in enumerate(others, start=1):
        hands[(to_move + k) % rules.players] = mask(cards)
    return HandState.from_parts(
        rules,
        (to_move - 1 - played) % rules.players,
        hands=hands,
        table=mask(table),
        initial_table=mask(table),
        piles=[mask(p) for p in piles] if piles else [0] * rules.num_sides,
        scope=list(scope) if scope else [0] * rules.num_sides,
        last_capturer=last_capturer,
        rest_of_deck=[],
        history=[EARLIER] * played,
    )


def options(rules: Rules, card: str, table: Sequence[str]) -> list[set[str]]:
    """What ``card`` may take from ``table`` ([] : it goes down on the table)."""
    hand = position(rules, [card], table)
    return sorted((names(t) for t in hand.options(Card.parse(card).index)), key=sorted)


def takes(*groups: Iterable[str]) -> list[set[str]]:
    return sorted((set(g) for g in groups), key=sorted)


def last_play(rules: Rules) -> int:
    """How many cards are played before the last one of a hand."""
    return 40 - rules.table_cards - 1


def deck_with(front: Sequence[str]) -> list[int]:
    """A deck starting with ``front``, the other cards after it in index order."""
    first = [Card.parse(c).index for c in front]
    return first + [i for i in range(40) if i not in first]


def play_all(match: Match, moves: str) -> None:
    """Play moves written ``card`` or ``card:take+take``."""
    for text in moves.split():
        card, _, take = text.partition(":")
        match.play(Move.play(card, *take.split("+")) if take else Move.play(card))


# -- capturing: standard -----------------------------------------------------------


def test_five_on_3_5_5_J_takes_either_five() -> None:
    assert options(SCOPA, "5C", ["3D", "5H", "5S", "JD"]) == takes(["5H"], ["5S"])


def test_king_on_3_5_5_J_takes_both_fives() -> None:
    assert options(SCOPA, "KC", ["3D", "5H", "5S", "JD"]) == takes(["5H", "5S"])


def test_jack_on_3_5_5_J_takes_only_the_jack() -> None:
    # 3+5 also make 8, but a single card of the value comes first
    assert options(SCOPA, "JC", ["3D", "5H", "5S", "JD"]) == takes(["JD"])


def test_five_on_5_A_4_takes_the_five_not_the_sum() -> None:
    assert options(SCOPA, "5C", ["5H", "AS", "4D"]) == takes(["5H"])


def test_six_on_6_4_2_takes_the_six_not_the_sum() -> None:
    assert options(SCOPA, "6C", ["6H", "4S", "2D"]) == takes(["6H"])


def test_king_on_7_3_6_4_takes_7_3_or_6_4() -> None:
    assert options(SCOPA, "KC", ["7H", "3S", "6D", "4H"]) == takes(["7H", "3S"], ["6D", "4H"])


@pytest.mark.parametrize(
    ("table", "taken"),
    [
        (["QH", "2S"], ["QH"]),  # a 9
        (["5H", "4S", "KD"], ["5H", "4S"]),  # 5+4
        (["6H", "2S", "AC", "KD"], ["6H", "2S", "AC"]),  # 6+2+A
    ],
    ids=["a-nine", "5+4", "6+2+A"],
)
def test_queen_takes_a_nine_or_5_4_or_6_2_A(table: list[str], taken: list[str]) -> None:
    assert options(SCOPA, "QC", table) == takes(taken)


def test_a_card_with_no_option_goes_on_the_table() -> None:
    hand = position(SCOPA, ["7C", "2C"], ["KH", "QS"])
    assert options(SCOPA, "7C", ["KH", "QS"]) == []
    after = hand.apply(Move.play("7C"))
    assert names(after.table) == {"KH", "QS", "7C"}
    with pytest.raises(IllegalMove):
        hand.play(Move.play("7C", "KH"))


def test_a_card_that_can_capture_must_capture() -> None:
    hand = position(SCOPA, ["5C", "KC"], ["5H", "2S"])
    assert hand.why_illegal(Move.play("5C")) is not None
    with pytest.raises(IllegalMove):
        hand.play(Move.play("5C"))
    # ... but any card of the hand may be played: the K goes down instead
    assert hand.why_illegal(Move.play("KC")) is None


def test_sums_need_two_or_more_cards() -> None:
    # a 5 on a table without a 5 takes a sum of two or more cards, never a lone other card
    assert options(SCOPA, "5C", ["2H", "3S", "7D"]) == takes(["2H", "3S"])
    assert options(SCOPA, "5C", ["KH", "7D"]) == []


# -- capturing: quindici and scopa a 15 -------------------------------------------


def test_quindici_four_on_A_3_4_7_takes_4_7_or_A_3_7() -> None:
    rules = Rules.preset("scopa", capture="fifteen")
    assert options(rules, "4C", ["AH", "3S", "4D", "7H"]) == takes(["4D", "7H"], ["AH", "3S", "7H"])


def test_quindici_a_single_card_can_make_fifteen() -> None:
    rules = Rules.preset("scopa", capture="fifteen")
    assert options(rules, "7C", ["JH", "7S"]) == takes(["JH"])  # not the 7: only 15 counts


def test_scopa_a_15_offers_both_kinds() -> None:
    rules = Rules.preset("scopa", capture="standard+fifteen")
    assert options(rules, "4C", ["AH", "3S", "4D", "7H"]) == takes(
        ["4D"], ["4D", "7H"], ["AH", "3S", "7H"]
    )
    assert options(rules, "7C", ["JH", "7S"]) == takes(["7S"], ["JH"])


# -- scopa, the last card, the leftovers -----------------------------------------


def test_clearing_the_table_is_a_scopa() -> None:
    hand = position(SCOPA, ["KC", "2C"], ["7H", "3S"], others=[["4D"]])
    hand.play(Move.play("KC", "7H", "3S"))
    assert hand.scope == [1, 0] and hand.table == 0 and hand.last_capturer == 0


def test_the_last_card_makes_no_scopa() -> None:
    hand = position(SCOPA, ["KC"], ["7H", "3S"], played=last_play(SCOPA))
    hand.play(Move.play("KC", "7H", "3S"))
    assert hand.is_over
    assert hand.scope == [0, 0]
    assert names(hand.final_piles()[0]) == {"KC", "7H", "3S"}


def test_the_card_before_the_last_does_make_a_scopa() -> None:
    hand = position(SCOPA, ["KC"], ["7H", "3S"], others=[["2D"]], played=last_play(SCOPA) - 1)
    hand.play(Move.play("KC", "7H", "3S"))
    assert hand.scope == [1, 0]


def test_leftovers_go_to_the_last_capturer() -> None:
    hand = position(
        SCOPA, ["2C"], ["KH", "QS"], to_move=0, played=last_play(SCOPA), last_capturer=1,
        piles=[["5D"], ["7D"]],
    )  # fmt: skip
    hand.play(Move.play("2C"))
    assert hand.is_over
    piles = hand.final_piles()
    assert names(piles[0]) == {"5D"}
    assert names(piles[1]) == {"7D", "KH", "QS", "2C"}
    assert hand.scope == [0, 0]  # the leftovers are no scopa


def test_leftovers_belong_to_nobody_if_nobody_captured() -> None:
    hand = position(SCOPA, ["2C"], ["KH", "QS"], played=last_play(SCOPA))
    hand.play(Move.play("2C"))
    assert hand.final_piles() == [0, 0]


# -- scoring --------------------------------------------------------------------------


def test_twenty_cards_each_and_five_coins_each_score_nobody() -> None:
    low = [r + s for r in "A2345" for s in "HSC"]
    side0 = mask(["AD", "2D", "3D", "4D", "7D", *low])
    side1 = 0xFFFFFFFFFF & ~side0
    score = score_hand(SCOPA, [side0, side1], [0, 0])
    assert score.cards == (20, 20) and score.coins == (5, 5)
    assert score.settebello == 0
    assert score.primiera == (21 + 16 * 3, 18 + 21 * 3)
    assert score.points == (1, 1)  # the settebello and the primiera; no cards, no coins


def test_most_cards_and_most_coins_score_one_each() -> None:
    side0 = mask(["AD", "2D", "3D", "4D", "5D", "6D", "KH", "QH", "JH"]) | mask(
        r + "C" for r in "A234567JQK"
    )  # 19 cards, 6 coins
    side1 = mask(["7D", "JD", "QD", "KD", "AS", "2S"])
    score = score_hand(SCOPA, [side0, side1], [0, 2])
    assert score.cards == (19, 6) and score.coins == (6, 4)
    assert score.primiera == (None, None)  # side 0 has no spades, side 1 no hearts
    assert score.points == (2, 1 + 2)  # cards + coins; settebello + two scope


def test_no_primiera_with_a_suit_missing() -> None:
    no_clubs = mask(["7D", "7H", "7S"])
    all_suits = mask(["2D", "2H", "2S", "2C"])
    score = score_hand(SCOPA, [no_clubs, all_suits], [0, 0])
    assert score.primiera == (None, 48)
    assert score.points == (1, 2)  # settebello to side 0; cards and primiera to side 1


def test_without_primiera_all_suits_the_best_cards_count() -> None:
    rules = Rules.preset("scopa", primiera_all_suits=False)
    no_clubs = mask(["7D", "7H", "7S", "KS"])
    all_suits = mask(["2D", "2H", "2S", "2C"])
    score = score_hand(rules, [no_clubs, all_suits, 0][:2], [0, 0])
    assert score.primiera == (63, 48)
    assert score.points == (2, 0)
    # and a side with no cards at all has none
    assert score_hand(rules, [no_clubs, 0], [0, 0]).primiera == (63, None)


def test_primiera_values() -> None:
    rules = Rules.preset("scopa", primiera_all_suits=False)
    for rank, value in zip("A234567JQK", (16, 12, 13, 14, 15, 18, 21, 10, 10, 10), strict=True):
        assert score_hand(rules, [mask([rank + "H"]), 0], [0, 0]).primiera[0] == value
    best = mask(["7D", "6D", "AD", "7H", "KS", "QS", "JS", "5C", "4C"])
    assert score_hand(rules, [best, 0], [0, 0]).primiera[0] == 21 + 21 + 10 + 15


def test_a_primiera_tie_scores_nobody() -> None:
    a = mask(["7D", "7H", "6S", "AC"])
    b = mask(["6D", "AH", "7S", "7C"])
    score = score_hand(SCOPA, [a, b], [0, 0])
    assert score.primiera == (76, 76)
    assert score.points == (1, 0)  # the settebello only


def test_re_bello_scores_only_when_on() -> None:
    piles = [mask(["KD"]), mask(["7D"])]
    assert score_hand(SCOPA, piles, [0, 0]).re_bello is None
    on = score_hand(Rules.preset("scopa", re_bello=True), piles, [0, 0])
    assert on.re_bello == 0
    assert on.points == (1, 1)


@pytest.mark.parametrize("run", range(3, 11))
def test_napola_scores_the_length_of_the_run(run: int) -> None:
    rules = Rules.preset("scopa", napola=True)
    coins = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
    pile = mask(coins[:run])
    if run < 10:
        pile |= mask(coins[run + 1 :])  # the rest of the coins, with a gap
    score = score_hand(rules, [pile, 0], [0, 0])
    assert score.napola == (run, 0)


@pytest.mark.parametrize("held", [["2D", "3D", "4D"], ["AD", "3D", "4D", "5D"], ["AD", "2D"]])
def test_napola_needs_an_unbroken_run_from_the_ace_to_the_three(held: list[str]) -> None:
    rules = Rules.preset("scopa", napola=True)
    assert score_hand(rules, [mask(held), 0], [0, 0]).napola == (0, 0)


def test_napola_is_zero_when_off() -> None:
    assert score_hand(SCOPA, [mask(["AD", "2D", "3D"]), 0], [0, 0]).napola == (0, 0)


# -- the match --------------------------------------------------------------------

LEVEL_DECK = (
    "3S KS 3C KH JD 6D 6S JC 2C AC 7H 5H 4S AS 5C 7D 2H QH 4D 5D QS 3D 5S AH 6C KC 2D 4H AD "
    "JH QD 7S 2S 7C 3H KD QC 4C 6H JS"
)
LEVEL_MOVES = (
    "JD:JC 6D:6S 3S:AC+2C KH 3C KS:KH 7H 7D:7H 4S 5H 5C:5H AS 4D:4S 3D:3C 2H 5D QS QH:QS 2D:2H "
    "AH:AS 5S:5D 4H 6C KC:4H+6C AD JH QD:AD+JH 7S 2S 7C:7S 3H KD 6H JS:6H+2S QC 4C"
)


def test_both_sides_over_the_target_and_level_means_another_hand() -> None:
    match = Match(Rules.preset("scopa", target=4), first_dealer=1)
    match.deal([Card.parse(c).index for c in LEVEL_DECK.split()])
    play_all(match, LEVEL_MOVES)
    assert match.totals == [4, 4]
    assert match.winner is None and not match.over
    assert match.needs_deal
    assert match.deal().dealer == 0


def test_the_side_at_the_target_and_strictly_ahead_wins() -> None:
    match = Match(Rules.preset("scopa", target=3), first_dealer=1)
    match.deal([Card.parse(c).index for c in CAPPOTTO_DECK.split()])
    play_all(match, CAPPOTTO_MOVES)
    assert match.totals == [5, 0] and match.winner == 0 and match.over
    with pytest.raises(IllegalMove):
        match.deal()


CAPPOTTO_DECK = (
    "6D 4S JD 6H AC 5S AD 2D 5C QD QS 2H 4D 2C KH QC 6C KD 2S KC 3H 4H 7C 3C 6S JH JC 7H 4C "
    "5H QH JS KS 7S AS 3S 5D AH 7D 3D"
)
CAPPOTTO_MOVES = (
    "JD:AD+2D+5C 6H 6D:6H 4S AC 5S:4S+AC QS:QD 2H KH 2C:2H 4D QC 3H KC:KH 2S KD 6C:4D+2S 4H 6S "
    "7H:3H+4H 7C JH JC:JH 3C KS:KD 5H QH:QC 7S:7C 4C JS:5H+3C AS AH:AS 5D 3S 7D:3S+4C 3D"
)


@pytest.mark.parametrize("cappotto", [True, False])
def test_cappotto_all_ten_coins_win_the_match(cappotto: bool) -> None:
    match = Match(Rules.preset("scopa", target=21, cappotto=cappotto), first_dealer=1)
    match.deal([Card.parse(c).index for c in CAPPOTTO_DECK.split()])
    play_all(match, CAPPOTTO_MOVES)
    score = match.hand_scores[0]
    assert score.coins == (10, 0)
    assert match.totals == [5, 0]  # far from 21
    assert match.winner == (0 if cappotto else None)


def test_chiamarsi_fuori_right_wins_the_match() -> None:
    rules = Rules.preset("scopa", target=2, chiamarsi_fuori=True)
    match = Match(rules, first_dealer=1)
    match.deal([Card.parse(c).index for c in CAPPOTTO_DECK.split()])
    # seat 0 takes AD+2D+5C with the JD, then seat 1 puts the 6H down
    play_all(match, "JD:AD+2D+5C 6H")
    # seat 0 declares with 4 cards and 2 coins to none: 2 points, "at least" the target of 2
    score = match.play(Move.declare())
    assert score is not None and score.declared == 0
    assert score.points == (2, 0)
    assert match.winner == 0


def test_chiamarsi_fuori_wrong_loses_the_match() -> None:
    rules = Rules.preset("scopa", target=3, chiamarsi_fuori=True)
    match = Match(rules, first_dealer=1)
    match.deal([Card.parse(c).index for c in CAPPOTTO_DECK.split()])
    play_all(match, "JD:AD+2D+5C")
    score = match.play(Move.declare())  # seat 1 declares with nothing
    assert score is not None and score.declared == 1
    assert score.points == (2, 0)
    assert match.winner == 0  # "otherwise the other side wins", though it is short of 3 too


def test_a_declaration_scores_the_piles_as_they_are() -> None:
    rules = Rules.preset("scopa", target=11, chiamarsi_fuori=True)
    hand = position(
        rules, ["2C"], ["KH", "QS", "7D"], played=last_play(rules) - 2, last_capturer=1,
        piles=[["5D"], ["6D", "6H"]], scope=[0, 1], others=[["3C"]],
    )  # fmt: skip
    hand.play(Move.declare())
    assert hand.is_over and hand.legal_moves() == []
    piles = hand.final_piles()
    assert names(piles[0]) == {"5D"} and names(piles[1]) == {"6D", "6H"}  # table to nobody
    score = score_hand(rules, piles, hand.scope, 0)
    assert score.settebello is None and score.coins == (1, 1)
    assert score.points == (0, 2)  # side 1: most cards and its scopa


ALL_COINS_DECK = (
    "7D AH QH JD KH 3D 4S 2D 7S 5H 3S 5D KS AD 4D 7C 3H JS 6S 6D AC 4C 5S 5C 6C 2H AS KC 7H 4H "
    "QS JH 2C 6H JC QC QD 3C KD 2S"
)
ALL_COINS_MOVES = (
    "7D:7S AH QH:5H+4S JD KH:2D+JD 3D 4D:3D+AH 7C 3S AD KS:3S+7C 5D 6S:AD+5D JS 3H 4C AC 6D "
    "6C:6D 2H AS:AC 5C:2H+3H 5S KC 7H 4H:4C QS 6H 2C JH:JS QD:QS 2S:2C KD:KC 3C"
)


@pytest.mark.parametrize("declare", [True, False])
def test_a_declaration_decides_even_a_cappotto(declare: bool) -> None:
    rules = Rules.preset("scopa", target=21, cappotto=True, chiamarsi_fuori=True)
    match = Match(rules, first_dealer=1)
    match.deal([Card.parse(c).index for c in ALL_COINS_DECK.split()])
    play_all(match, ALL_COINS_MOVES)
    hand = match.hand
    assert hand is not None and hand.to_move == 0
    assert names(hand.piles[0]) >= {r + "D" for r in "A234567JQK"}  # all ten coins already
    if declare:
        score = match.play(Move.declare())  # seat 0 declares, far short of 21
        assert score is not None and score.coins == (10, 0) and score.declared == 0
        assert match.totals[0] < 21
        assert match.winner == 1  # the declaration decides, not the cappotto
    else:
        while not hand.is_over:
            match.play(next(m for m in match.legal_moves() if not m.is_declare))
        assert match.hand_scores[0].coins == (10, 0)
        assert match.winner == 0  # the cappotto


def test_declaring_needs_the_rule() -> None:
    hand = position(SCOPA, ["2C"], ["KH"])
    with pytest.raises(IllegalMove):
        hand.play(Move.declare())


# -- asso piglia tutto -------------------------------------------------------------


ACE_RULES = Rules.preset("scopa", ace_takes_all=True)


def test_ace_takes_all_takes_the_whole_table() -> None:
    assert options(ACE_RULES, "AC", ["5H", "7S", "KD"]) == takes(["5H", "7S", "KD"])


def test_ace_takes_an_ace_first() -> None:
    assert options(ACE_RULES, "AC", ["AH", "7S", "AD"]) == takes(["AH"], ["AD"])
    no_first = ACE_RULES.replace(ace_takes_ace_first=False)
    assert options(no_first, "AC", ["AH", "7S", "AD"]) == takes(["AH", "7S", "AD"])


def test_ace_on_an_empty_table_goes_down() -> None:
    assert options(ACE_RULES, "AC", []) == []


def test_without_ace_takes_all_an_ace_is_an_ordinary_one() -> None:
    assert options(SCOPA, "AC", ["5H", "AS"]) == takes(["AS"])
    assert options(SCOPA, "AC", ["5H", "7S"]) == []


@pytest.mark.parametrize("is_scopa", [True, False])
def test_ace_sweep_is_a_scopa_only_if_ace_takes_all_is_scopa(is_scopa: bool) -> None:
    rules = ACE_RULES.replace(ace_takes_all_is_scopa=is_scopa)
    hand = position(rules, ["AC", "2C"], ["5H", "7S"], others=[["4D"]])
    hand.play(Move.play("AC", "5H", "7S"))
    assert hand.table == 0 and hand.last_capturer == 0
    assert hand.scope == [1 if is_scopa else 0, 0]


def test_an_ace_taking_a_lone_ace_is_an_ordinary_scopa() -> None:
    rules = ACE_RULES.replace(ace_takes_all_is_scopa=False)
    hand = position(rules, ["AC", "2C"], ["AH"], others=[["4D"]])
    hand.play(Move.play("AC", "AH"))
    assert hand.scope == [1, 0]
    # without ace_takes_ace_first the same take is a whole-table sweep: no scopa
    sweep = position(
        rules.replace(ace_takes_ace_first=False), ["AC", "2C"], ["AH"], others=[["4D"]]
    )
    sweep.play(Move.play("AC", "AH"))
    assert sweep.scope == [0, 0]


def test_ace_may_keep_puts_an_ace_straight_into_the_pile() -> None:
    rules = ACE_RULES.replace(ace_may_keep=True)
    hand = position(rules, ["AC", "2C"], ["5H", "7S"], others=[["4D"]], last_capturer=1)
    assert Move.keep("AC") in hand.legal_moves()
    assert Move.play("AC", "5H", "7S") in hand.legal_moves()
    hand.play(Move.keep("AC"))
    assert names(hand.piles[0]) == {"AC"} and names(hand.table) == {"5H", "7S"}
    assert hand.scope == [0, 0] and hand.last_capturer == 1  # no capture


def test_ace_may_keep_on_an_empty_table_too() -> None:
    rules = ACE_RULES.replace(ace_may_keep=True)
    hand = position(rules, ["AC"], [], others=[["4D"]])
    assert set(hand.legal_moves()) == {Move.keep("AC"), Move.play("AC")}
    hand.play(Move.keep("AC"))
    assert hand.scope == [0, 0] and hand.table == 0


def test_keeping_needs_ace_takes_all_and_ace_may_keep_and_an_ace() -> None:
    keep_only = Rules.preset("scopa", ace_may_keep=True)  # in effect only with ace_takes_all
    with pytest.raises(IllegalMove):
        position(keep_only, ["AC"], ["5H"]).play(Move.keep("AC"))
    with pytest.raises(IllegalMove):
        position(ACE_RULES, ["AC"], ["5H"]).play(Move.keep("AC"))
    with pytest.raises(IllegalMove):
        position(ACE_RULES.replace(ace_may_keep=True), ["2C"], ["5H"]).play(Move.keep("2C"))


def test_a_kept_last_card_leaves_the_table_to_the_last_capturer() -> None:
    rules = ACE_RULES.replace(ace_may_keep=True)
    hand = position(rules, ["AC"], ["5H"], played=last_play(rules), last_capturer=1)
    hand.play(Move.keep("AC"))
    assert hand.is_over
    assert [names(p) for p in hand.final_piles()] == [{"AC"}, {"5H"}]


# -- seats, sides and the deal --------------------------------------------------------


def test_four_players_play_in_two_teams() -> None:
    rules = Rules.preset("scopa-4")
    assert rules.sides == ((0, 2), (1, 3))
    hand = position(rules, ["KC"], ["7H", "3S", "5D"], to_move=2, others=[["2D"], ["4D"], ["6D"]])
    hand.play(Move.play("KC", "7H", "3S"))
    assert names(hand.piles[0]) == {"KC", "7H", "3S"}  # seat 2 captures for side 0
    hand.play(Move.play("2D"))  # seat 3
    hand.play(Move.play("4D"))  # seat 0
    hand.play(Move.play("6D", "2D", "4D"))  # seat 1, side 1
    assert names(hand.piles[1]) == {"6D", "2D", "4D"} and hand.last_capturer == 1


def test_six_players_play_in_two_teams_of_three() -> None:
    rules = Rules.preset("scopa-6")
    assert rules.sides == ((0, 2, 4), (1, 3, 5))
    assert [rules.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert Rules.preset("scopa-3").sides == ((0,), (1,), (2,))


def test_scopone_sides_share_the_scope() -> None:
    rules = Rules.preset("scopone")
    hand = position(rules, ["KC"], ["KH"], to_move=3, others=[["QD"], ["QC"], ["AD"]])
    hand.play(Move.play("KC", "KH"))  # seat 3: a scopa for side 1
    hand.play(Move.play("QD"))  # seat 0
    hand.play(Move.play("QC", "QD"))  # seat 1: another scopa for side 1
    assert hand.scope == [0, 2]


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (6, 5)])
def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left(players: int, dealer: int) -> None:
    rules = Rules(players=players)
    deck = list(range(40))
    hand = HandState(rules, deck, dealer)
    first = (dealer + 1) % players
    assert hand.to_move == first
    for k in range(players):
        seat = (first + k) % players
        assert hand.hands[seat] == sum(1 << (k + players * r) for r in range(3))
    round_size = 3 * players
    assert hand.table == sum(1 << i for i in range(round_size, round_size + 4))


def test_the_next_round_is_dealt_when_every_hand_is_empty() -> None:
    deck = list(range(40))
    hand = HandState(SCOPA, deck, 1)  # seat 0 first; table 6 7 8 9
    for _ in range(6):
        hand.play(hand.legal_moves()[0])
    assert hand.hands[0] == sum(1 << i for i in (10, 12, 14))
    assert hand.hands[1] == sum(1 << i for i in (11, 13, 15))
    assert hand.cards_left_in_deck == 40 - 16


def test_scientifico_deals_ten_each_and_no_table() -> None:
    hand = HandState(Rules.preset("scientifico"), list(range(40)), 3)
    assert [h.bit_count() for h in hand.hands] == [10, 10, 10, 10]
    assert hand.table == 0 and hand.cards_left_in_deck == 0
    assert hand.hands[0] == sum(1 << i for i in range(0, 40, 4))


def test_the_next_dealer_is_the_seat_after_the_dealer() -> None:
    match = Match(Rules.preset("scopa-3", target=99), seed=3, first_dealer=2)
    for expected in (2, 0, 1, 2):
        hand = match.deal()
        assert hand.dealer == expected and hand.to_move == (expected + 1) % 3
        while not hand.is_over:
            match.play(match.legal_moves()[0])
    record = match.to_record()
    assert [h["dealer"] for h in record["hands"]] == [2, 0, 1, 2]
    record["hands"][2]["dealer"] = 2
    result = check_record(record)
    assert (result["ok"], result["hand"], result["move"]) == (False, 2, None)


def _layout_deck(rules: Rules, layout: Sequence[str]) -> list[int]:
    """A deck whose first layout is ``layout`` (the hands get the first other cards)."""
    dealt = [i for i in range(40) if i not in {Card.parse(c).index for c in layout}]
    start = rules.players * rules.hand_size
    return dealt[:start] + [Card.parse(c).index for c in layout] + dealt[start:]


@pytest.mark.parametrize(
    ("layout", "thrown_in"),
    [
        (["KD", "KH", "KS", "5C"], True),
        (["KD", "KH", "KS", "KC"], True),
        (["KD", "KH", "5S", "5C"], False),
    ],
)
def test_kings_redeal_throws_in_three_or_four_kings(layout: list[str], thrown_in: bool) -> None:
    deck = _layout_deck(SCOPA, layout)
    match = Match(SCOPA, first_dealer=0)
    if thrown_in:
        with pytest.raises(IllegalMove, match="thrown in"):
            match.deal(deck)
    else:
        assert names(match.deal(deck).table) == set(layout)
    # the rule off: the same layout stands
    off = Rules.preset("scopa", kings_redeal=False)
    assert names(Match(off, first_dealer=0).deal(_layout_deck(off, layout)).table) == set(layout)


def test_a_record_whose_layout_would_be_thrown_in_is_invalid() -> None:
    match = Match(SCOPA, first_dealer=0)
    match.deal()
    record = match.to_record()
    record["hands"][0]["deck"] = [
        str(Card(i)) for i in _layout_deck(SCOPA, ["KD", "KH", "KS", "5C"])
    ]
    result = check_record(record)
    assert (result["ok"], result["hand"], result["move"]) == (False, 0, None)


def test_aces_redeal_throws_in_a_layout_with_an_ace() -> None:
    rules = Rules.preset("scopa", aces_redeal=True)
    with pytest.raises(IllegalMove):
        Match(rules, first_dealer=0).deal(_layout_deck(rules, ["AS", "5H", "6H", "7H"]))
    Match(SCOPA, first_dealer=0).deal(_layout_deck(SCOPA, ["AS", "5H", "6H", "7H"]))


def test_shuffled_decks_never_need_a_redeal() -> None:
    rules = Rules.preset("scopa", aces_redeal=True)
    for seed in range(300):
        hand = Match(rules, seed=seed).deal()
        assert (hand.table & mask(["KD", "KH", "KS", "KC"])).bit_count() < 3
        assert not hand.table & mask(["AD", "AH", "AS", "AC"])


# -- the record: where a broken one goes wrong -------------------------------------


def _two_hands(rules: Rules) -> dict[str, Any]:
    match = Match(rules, seed=8, first_dealer=0)
    for _ in range(2):
        hand = match.deal()
        while not hand.is_over:
            match.play(match.legal_moves()[0])
    assert not match.over
    return match.to_record()


def _where(record: object) -> tuple[object, object, object]:
    result = check_record(record)
    return result["ok"], result.get("hand"), result.get("move")


def test_an_unfinished_hand_followed_by_another_is_reported_at_the_unfinished_one() -> None:
    record = _two_hands(Rules.preset("scopa", target=99))
    record["hands"][0]["moves"].pop()
    assert _where(record) == (False, 0, None)


def test_a_move_after_the_end_of_a_hand_is_reported_at_that_move() -> None:
    record = _two_hands(Rules.preset("scopa", target=99))
    moves = record["hands"][0]["moves"]
    moves.append({"card": "7D", "take": []})
    assert _where(record) == (False, 0, 36)


def test_a_hand_after_the_end_of_the_match_is_reported_at_that_hand() -> None:
    match = Match(Rules.preset("scopa", target=1), seed=8, first_dealer=0)
    hand = match.deal()
    while not hand.is_over:
        match.play(match.legal_moves()[0])
    assert match.over
    record = match.to_record()
    record["hands"].append({**record["hands"][0], "dealer": 1, "moves": []})
    assert _where(record) == (False, 1, None)


def test_a_wrong_player_key_is_reported_at_its_move() -> None:
    record = _two_hands(Rules.preset("scopa", target=99))
    moves = record["hands"][1]["moves"]
    assert moves[5]["player"] == 1  # dealer 1: seat 0 plays the even moves, seat 1 the odd
    moves[5]["player"] = 0
    assert _where(record) == (False, 1, 5)
    moves[5]["player"] = True  # true is not a seat
    assert _where(record) == (False, 1, 5)
    moves[5]["player"] = 1.0
    assert _where(record) == (False, 1, 5)


@pytest.mark.parametrize(
    "rules",
    [
        {"players": True},
        {"target": 11.0},
        {"re_bello": 1},
        {"players": 5},
        {"target": 100},
        {"capture": "quindici"},
        {"hand_size": 9},  # with 2 players
        {"players": 4, "hand_size": 10},  # and table_cards 4
        {"players": 3, "chiamarsi_fuori": True},  # three sides
        {"variant": "napola"},  # unknown key
    ],
)
def test_a_bad_rules_object_is_reported_outside_any_hand(rules: dict[str, object]) -> None:
    record = {"format": "scopa-record/1", "rules": rules, "hands": []}
    assert _where(record) == (False, None, None)


def test_missing_rules_keys_take_their_defaults() -> None:
    record = {"format": "scopa-record/1", "rules": {"players": 4}, "hands": []}
    assert check_record(record)["sides"] == [[0, 2], [1, 3]]
