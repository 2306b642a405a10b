"""The table view: everything the page draws, for the seat whose hand is shown.

The page never decides a rule: after every change it gets the whole view
(docs/web-api.md has its keys), with, on a person's turn, that person's legal
moves with their capture options and the engine's reasons why the other table
cards cannot be taken. The view only ever holds the cards of the seat whose
hand is shown (``viewer``); in hot-seat play the hands are hidden
(``pass_to``) until the next person says they hold the device.
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_NAMES, CARD_VALUE, Card, bits
from ..hand import HandState
from ..match import HandRecord
from ..moves import DECLARE, KEEP, Move
from ..rules import Rules
from ..scoring import HandScore, strict_winner
from .problems import SessionError, SessionProblem
from .state import TableState
from .story import HandStory

VIEW_VERSION = 1


def table_view(state: TableState) -> dict[str, Any]:
    """Everything the page draws, for the shown seat only."""
    match = state.match
    hand = match.hand
    if hand is None:
        raise SessionError(SessionProblem("session.not_dealt"))
    rec = match.records[-1]
    story = HandStory(state.rules, rec.dealer, rec.deck, rec.moves)
    to_move = state.to_move
    pass_to = state.pass_to()
    viewer = None if pass_to is not None else state.shown
    if to_move is not None and state.is_person(to_move) and pass_to is None:
        viewer = to_move
    view = _view(state, story, viewer, pass_to)
    if viewer is not None:
        view["hand"] = [CARD_NAMES[i] for i in sorted(bits(hand.hands[viewer]), key=_by_value)]
    if viewer is not None and viewer == to_move:
        view["moves"], view["can_declare"] = legal_for_page(state.rules, hand, story.table_order)
    if hand.is_over and rec.score is not None:
        view["count"] = _count(state, rec.score, rec.dealer, story)
    if state.over:
        view["result"] = _result(state, rec)
    if state.time_used:
        view["time_used"] = state.time_used  # the clock carries it over (Session.clock_used)
    return view


def _view(
    state: TableState, story: HandStory, viewer: int | None, pass_to: int | None
) -> dict[str, Any]:
    """The view's keys, in their order, before the viewer's hand and moves are added."""
    match, rules = state.match, state.rules
    rec = match.records[-1]
    to_move = state.to_move
    return {
        "version": VIEW_VERSION,
        "key": state.position_key,
        "rules": rules.to_json(),
        "settings": state.settings,
        "players": rules.players,
        "sides": [list(s) for s in rules.sides],
        "seats": state.seats,
        "phase": state.phase,
        "to_move": to_move,
        "to_move_kind": None if to_move is None else state.kind_of(to_move),
        "viewer": viewer,
        "pass_to": pass_to,
        "bottom": _bottom(state, viewer, pass_to),
        "dealer": rec.dealer,
        "hand_no": len(match.records),
        "moves_in_hand": len(rec.moves),
        **_table(state, story),
        "last": story.last_of_each(rules.players),
        "moves": None,
        "can_declare": False,
        "count": None,
        "result": None,
    }


def _bottom(state: TableState, viewer: int | None, pass_to: int | None) -> int:
    """The seat drawn at the bottom of the table: the one whose hand is (or is next) shown."""
    for seat in (viewer, pass_to, state.shown):
        if seat is not None:
            return seat
    return state.persons[0] if state.persons else 0


def _table(state: TableState, story: HandStory) -> dict[str, Any]:
    """The cards in sight and the scores: hand counts, table, deck, piles, totals."""
    match, rules = state.match, state.rules
    hand = match.hand
    assert hand is not None
    piles = hand.final_piles() if hand.is_over else hand.piles
    return {
        "hand": [],
        "hand_counts": [h.bit_count() for h in hand.hands],
        "table": [CARD_NAMES[i] for i in story.table_order] if not hand.is_over else [],
        "deck_left": hand.cards_left_in_deck,
        "piles": [
            {
                "cards": piles[s].bit_count(),
                "scope": hand.scope[s],
                "scope_cards": story.scope_cards[s],
            }
            for s in range(rules.num_sides)
        ],
        "totals": list(match.totals),
        "before": match.scores_before_hand(),
        "target": rules.target,
        "hands_points": [list(r.score.points) for r in match.records if r.score],
    }


def _result(state: TableState, rec: HandRecord) -> dict[str, Any]:
    """How the match ended: the winner, a resignation or timeout, a declaration, cappotto."""
    match, rules = state.match, state.rules
    return {
        "winner": state.winner(),
        "resigned": state.resigned,
        "end": state.end,
        "declared": rec.score.declared if rec.score else None,
        "cappotto": bool(
            rules.cappotto
            and rec.score is not None
            and rec.score.all_coins is not None
            and rec.score.declared is None
            and match.over
        ),
        "totals": list(match.totals),
        "target": rules.target,
    }


def _count(state: TableState, score: HandScore, dealer: int, story: HandStory) -> dict[str, Any]:
    """The count of a hand that is over, for the page's count screen."""
    rules, match = state.rules, state.match
    return {
        "hand_no": len(match.records),
        "dealer": dealer,
        "declared": score.declared,
        "cards": list(score.cards),
        "cards_winner": strict_winner(score.cards),
        "coins": list(score.coins),
        "coins_winner": strict_winner(score.coins),
        "settebello": score.settebello,
        "re_bello_on": rules.re_bello,
        "re_bello": score.re_bello,
        "primiera": list(score.primiera),
        "primiera_cards": [[CARD_NAMES[i] for i in cards] for cards in score.primiera_cards],
        "primiera_winner": strict_winner(score.primiera),
        "scope": list(score.scope),
        "napola_on": rules.napola,
        "napola": list(score.napola),
        "cappotto": score.all_coins if rules.cappotto else None,
        "points": list(score.points),
        "totals": list(match.totals),
        "before": match.scores_before_hand(),
        "leftover": story.leftover,
    }


# --- the person's moves, and why a table card is out of reach -------------------------


def legal_for_page(
    rules: Rules, hand: HandState, table_order: list[int]
) -> tuple[dict[str, Any], bool]:
    """Per card of the hand: its legal moves and why other table cards are out."""
    moves: dict[str, Any] = {}
    declare = False
    for move in hand.legal_moves():
        if move.kind == DECLARE:
            declare = True
            continue
        name = CARD_NAMES[move.card]
        entry = moves.setdefault(name, {"moves": [], "blocked": {}})
        entry["moves"].append(
            {
                "take": [CARD_NAMES[i] for i in table_order if move.take >> i & 1],
                "keep": move.kind == KEEP,
            }
        )
    for name, entry in moves.items():
        card = Card.parse(name).index
        reach = 0
        for m in entry["moves"]:
            for t in m["take"]:
                reach |= 1 << Card.parse(t).index
        if len(entry["moves"]) < 2 or not any(m["take"] for m in entry["moves"]):
            continue  # the page plays a card with one move at once: no choosing
        for i in table_order:
            if not reach >> i & 1:
                entry["blocked"][CARD_NAMES[i]] = _why_not(rules, hand, card, i)
    return moves, declare


def _why_not(rules: Rules, hand: HandState, card: int, target: int) -> dict[str, Any]:
    """Why ``card`` cannot take the table card ``target`` (engine sentence + code)."""
    table = hand.table
    value = CARD_VALUE[card]
    options = hand.options(card)
    # a set holding the target that adds up to the card's value: the clearest example
    others = [i for i in bits(table) if i != target and CARD_VALUE[i] < value]
    example = 1 << target
    if CARD_VALUE[target] < value:
        found = _subset_sum(others, value - CARD_VALUE[target])
        if found is not None:
            example |= found
    text = hand.why_illegal(Move(card, example))
    singles = [CARD_NAMES[i] for i in bits(table) if CARD_VALUE[i] == value]
    if value == 1 and rules.ace_takes_all:
        code = "ace"
    elif rules.standard_capture and singles and _mask_value(example) == value:
        code = "single_first"
    else:
        code = "no_sum"
    return {
        "text": text or "",
        "code": code,
        "card": CARD_NAMES[card],
        "take": [CARD_NAMES[i] for i in bits(example)],
        "singles": singles,
        "options": [[CARD_NAMES[i] for i in bits(o)] for o in options],
    }


def _by_value(index: int) -> tuple[int, int]:
    return (index % 10, index // 10)


def _mask_value(mask: int) -> int:
    return sum(CARD_VALUE[i] for i in bits(mask))


def _subset_sum(cards: list[int], total: int) -> int | None:
    """A set of the given cards adding up to ``total`` (as a mask), or None."""
    if total == 0:
        return 0
    if not cards or total < 0:
        return None
    first, rest = cards[0], cards[1:]
    with_first = _subset_sum(rest, total - CARD_VALUE[first])
    if with_first is not None:
        return with_first | 1 << first
    return _subset_sum(rest, total)
