"""The expert's fast greedy playout of an imagined world, to the end of the hand.

In a world every card is placed, so the playout policy may look at the next
seat's real cards: each seat takes the move with the best capture value
(card weights from :mod:`.evaluate`, a scopa worth a point) minus what the
next seat could then sweep from the table it leaves.  The searching side's
own seats may instead be *blind* (``blind=True``): they weigh that sweep by
its chance from the cards they have not seen, because the expert will choose
those moves without seeing the other hands, and a playout that lets it see
them values its future too highly (docs/expert.md).  A playout is
deterministic for a world, so the only randomness of a search is the choice
of worlds.  :func:`greedy_move` is the playout's first move alone (the reply
search of :mod:`.reply` plays the opponent's reply with it).
"""

from __future__ import annotations

from typing import Final

from ..cards import CARD_VALUE, DECK_SIZE
from ..moves import KEEP
from .evaluate import SCOPA, unseen_by
from .solver import Solver, SolverMove

#: what a discard costs on top of its own weight (a card given to the table)
DISCARD_PENALTY: Final = 0.05


def playout(world: Solver, root_side: int, *, blind: bool = False) -> float:
    """Play the loaded position to the end greedily; its value to ``root_side``.

    Value as :meth:`Solver.value_for`: future points of the side minus the
    other side's (three sides: minus their mean).  The position is unchanged.

    With ``blind`` the root side's seats judge the sweep they leave by its
    chance from the cards they have not seen, as the expert itself will when
    it plays those moves; the other seats still look at the next hand (an
    opponent careful never to leave a sweep it can avoid).
    """
    return _greedy(world, root_side, blind, one_move=False)[0]


def greedy_move(world: Solver, root_side: int, *, blind: bool = False) -> SolverMove:
    """The move the playout makes first in the loaded position (a hand not over)."""
    return _greedy(world, root_side, blind, one_move=True)[1]


def _greedy(
    world: Solver, root_side: int, blind: bool, *, one_move: bool
) -> tuple[float, SolverMove]:
    """The playout; with ``one_move``, only the choice of its first move."""
    hands = world.hands[:]
    table = world.table
    piles = world.piles[:]
    last = world.last
    deck_pos = world.deck_pos
    plays = world.plays
    seat = world.to_move
    capture = world.capture
    tables = world.tables
    options_cache = tables.options
    options_of = tables.options_of
    sweep_cache = tables.sweep
    sweepers_of = tables.sweepers_of
    sides = world.sides
    players = world.players
    total = world.total
    per_round = world.per_round
    deck = world.deck
    first = world.first
    keep_ok = world.keep
    ace_sweep = world.ace_sweep_scores
    weights = tables.weights
    value_of = weights.capture_value
    card_w = weights.card
    scope = [0] * world.num_sides
    # the seat to move's judgement of a table it leaves: the next hand if it
    # looks, else the cards it has not seen and the chance per card of one
    nxt = 0
    unseen = 0
    per_card = 0.0
    looks = True

    def threat(rest: int) -> float:
        """What leaving ``rest`` costs the seat to move (a sweep it may give)."""
        sw = sweep_cache.get(rest)
        if sw is None:
            sw = sweepers_of(rest)
        if looks:
            return SCOPA + value_of(rest) if sw & nxt else 0.0
        chance = (sw & unseen).bit_count() * per_card
        if not chance:
            return 0.0
        return (chance if chance < 1.0 else 1.0) * (SCOPA + value_of(rest))

    while plays < total:
        hand = hands[seat]
        nxt = hands[(seat + 1) % players]
        last_play = plays + 1 == total
        at_risk = nxt and not last_play
        looks = not (blind and sides[seat] == root_side)
        if at_risk and not looks:
            unseen = unseen_by(hand, table, piles)
            per_card = nxt.bit_count() / unseen.bit_count()
        best = -1e9
        best_card = -1
        best_take = 0
        best_kind = 0
        h = hand
        while h:
            low = h & -h
            card = low.bit_length() - 1
            h ^= low
            options = options_cache.get(table << 4 | CARD_VALUE[card])
            if options is None:
                options = options_of(card, table)
            if options:
                for take in options:
                    rest = table ^ take
                    score = value_of(take | low)
                    if not rest:
                        if not last_play and (
                            ace_sweep or not capture.is_whole_table_ace(card, take, table)
                        ):
                            score += SCOPA
                    elif at_risk:
                        score -= threat(rest)
                    if score > best:
                        best, best_card, best_take, best_kind = score, card, take, 0
            else:
                score = -card_w[card] - DISCARD_PENALTY
                if at_risk:
                    score -= threat(table | low)
                if score > best:
                    best, best_card, best_take, best_kind = score, card, 0, 0
            if keep_ok and card % 10 == 0:
                score = card_w[card]
                if table and at_risk:
                    score -= threat(table)
                if score > best:
                    best, best_card, best_take, best_kind = score, card, 0, KEEP
        if one_move:
            return 0.0, (best_card, best_take, best_kind)
        # make the move
        bit = 1 << best_card
        hands[seat] = hand ^ bit
        side = sides[seat]
        plays += 1
        if best_kind == KEEP:
            piles[side] |= bit
        elif best_take:
            piles[side] |= best_take | bit
            if (
                best_take == table
                and plays != total
                and (ace_sweep or not capture.is_whole_table_ace(best_card, best_take, table))
            ):
                scope[side] += 1
            table ^= best_take
            last = side
        else:
            table |= bit
        if plays % per_round == 0 and deck_pos < DECK_SIZE:
            for k in range(per_round):
                hands[(first + k) % players] |= 1 << deck[deck_pos + k]
            deck_pos += per_round
        seat = (seat + 1) % players
    if last >= 0:
        piles[last] |= table
    no_move = (-1, 0, 0)
    if world.num_sides == 2:
        d = world.scorer.diff2(piles[0], piles[1]) + scope[0] - scope[1]
        return float(d if root_side == 0 else -d), no_move
    points = world.scorer.points(piles)
    n = world.num_sides
    total_points = 0
    for s in range(n):
        points[s] += scope[s]
        total_points += points[s]
    return (points[root_side] * n - total_points) / (n - 1), no_move
