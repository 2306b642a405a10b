"""Random records for the differential tests: legal games, saved games, and broken files.

Legal records are played with the reference :class:`~tests.reference.spec_replay.Hand`
(random legal moves), so they do not depend on the engine.  :func:`mutate`
breaks a record in one of the many ways a file can be wrong (or changes it
in a way that must stay legal) and says which way it chose.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

from .spec_replay import CARDS, DEFAULT_RULES, FORMAT, Hand, layout_thrown_in, read_rules

Record = dict[str, Any]

#: The presets of the game, spelled as spec rules objects (only the keys they change).
PRESETS: dict[str, dict[str, Any]] = {
    "scopa": {},
    "scopa-3": {"players": 3},
    "scopa-4": {"players": 4},
    "scopa-6": {"players": 6},
    "scopone": {"players": 4, "hand_size": 9},
    "scientifico": {"players": 4, "hand_size": 10, "table_cards": 0},
    "trentino": {
        "players": 4, "hand_size": 10, "table_cards": 0,
        "napola": True, "cappotto": True, "target": 21,
    },
}  # fmt: skip


def random_rules(rng: random.Random, preset: str | None = None) -> dict[str, Any]:
    """A full rules object: a preset with random variants on top."""
    name = preset or rng.choice(list(PRESETS))
    rules = dict(DEFAULT_RULES)
    rules.update(PRESETS[name])
    flip = rng.random
    for key in ("re_bello", "napola", "cappotto"):
        rules[key] = flip() < (0.8 if rules[key] else 0.3)
    if flip() < 0.35:
        rules["ace_takes_all"] = True
    # the sub-options are set whether or not ace_takes_all is on (they must not matter then)
    rules["ace_takes_all_is_scopa"] = flip() < 0.6
    rules["ace_takes_ace_first"] = flip() < 0.6
    rules["ace_may_keep"] = flip() < 0.4
    rules["aces_redeal"] = flip() < 0.2
    rules["kings_redeal"] = flip() < 0.8
    rules["capture"] = rng.choice(["standard", "standard", "fifteen", "standard+fifteen"])
    rules["primiera_all_suits"] = flip() < 0.7
    if rules["players"] in (2, 4, 6) and flip() < 0.35:
        rules["chiamarsi_fuori"] = True
    roll = flip()
    if roll < 0.5:
        rules["target"] = rng.randint(1, 6)
    elif roll < 0.8:
        rules["target"] = rng.randint(7, 16)
    else:
        rules["target"] = rng.choice([11, 21, 31, 99])
    read_rules(rules)  # must be valid
    return rules


def shuffled_deck(rules: dict[str, Any], rng: random.Random) -> list[str]:
    deck = list(CARDS)
    while True:
        rng.shuffle(deck)
        if not layout_thrown_in(rules, deck):
            return deck


def _coins(cards: list[str]) -> int:
    return sum(1 for c in cards if c[1] == "D")


def coin_hungry(hand: Hand, plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The plays a coin-hungry side 0 (and coin-shy others) would pick: cappotto and napola."""

    def gain(move: dict[str, Any]) -> int:
        taken = _coins([move["card"], *move.get("take", [])]) if move.get("take") else 0
        if move.get("keep"):
            taken = _coins([move["card"]])
        dropped = 0 if move.get("take") or move.get("keep") else _coins([move["card"]])
        if hand.side(hand.to_move) == 0:
            return 10 * taken - dropped
        return -10 * taken - dropped

    best = max(gain(m) for m in plays)
    return [m for m in plays if gain(m) == best]


def random_move(
    hand: Hand, rng: random.Random, declare_chance: float, greedy: bool = False
) -> dict[str, Any]:
    """A random legal move: a card of the hand uniformly, then one of its options."""
    moves = hand.legal_moves()
    declares = [m for m in moves if "declare" in m]
    if declares and rng.random() < declare_chance:
        return declares[0]
    plays = [m for m in moves if "declare" not in m]
    if greedy:
        return rng.choice(coin_hungry(hand, plays))
    card = rng.choice(sorted({m["card"] for m in plays}))
    return rng.choice([m for m in plays if m["card"] == card])


def play_record(
    rules: dict[str, Any],
    rng: random.Random,
    *,
    max_hands: int = 12,
    declare_chance: float = 0.01,
    first_dealer: int | None = None,
    greedy: bool = False,
) -> Record:
    """A legal record played by random legal moves, to the end of the match or max_hands.

    ``greedy``: side 0 grabs coins and the others avoid them, so that
    cappotto and long napola runs come up often.
    """
    dealer = rng.randrange(rules["players"]) if first_dealer is None else first_dealer
    hands: list[dict[str, Any]] = []
    totals = [0] * (rules["players"] if rules["players"] <= 3 else 2)
    from .spec_replay import match_winner, score

    for _ in range(max_hands):
        deck = shuffled_deck(rules, rng)
        hand = Hand(rules, deck, dealer)
        moves = []
        while not hand.over:
            move = random_move(hand, rng, declare_chance, greedy)
            out = dict(move)
            if rng.random() < 0.3:
                out["player"] = hand.to_move
            if "keep" in out and rng.random() < 0.5:
                out["take"] = []
            hand.play(move)
            moves.append(out)
        hands.append({"dealer": dealer, "deck": deck, "moves": moves})
        count = score(rules, hand)
        for side, points in enumerate(count["points"]):
            totals[side] += points
        if match_winner(rules, totals, hand, count) is not None:
            break
        dealer = (dealer + 1) % rules["players"]
    return {"format": FORMAT, "rules": dict(rules), "hands": hands}


def truncate(record: Record, rng: random.Random) -> Record:
    """A saved game: the record cut at a random hand and move."""
    out = copy.deepcopy(record)
    if not out["hands"]:
        return out
    h = rng.randrange(len(out["hands"]) + 1)
    if h == len(out["hands"]):
        out["hands"] = out["hands"][: rng.randrange(len(out["hands"]) + 1)]
        return out
    out["hands"] = out["hands"][: h + 1]
    moves = out["hands"][h]["moves"]
    out["hands"][h]["moves"] = moves[: rng.randrange(len(moves) + 1)]
    return out


# --------------------------------------------------------------------------
# Mutations: each takes a deep copy of a record and returns the changed record
# (a dict) or the text of a file (str / bytes); None if it does not apply.
# --------------------------------------------------------------------------

Mutation = Callable[[Record, random.Random], "Record | str | bytes | None"]
MUTATIONS: dict[str, Mutation] = {}


def mutation(func: Mutation) -> Mutation:
    MUTATIONS[func.__name__] = func
    return func


def _pick_move(
    rec: Record, rng: random.Random, want: Callable[[dict[str, Any]], bool] = bool
) -> dict[str, Any] | None:
    spots = [
        (h, m)
        for h, hand in enumerate(rec["hands"])
        for m, move in enumerate(hand["moves"])
        if want(move)
    ]
    if not spots:
        return None
    h, m = rng.choice(spots)
    move: dict[str, Any] = rec["hands"][h]["moves"][m]
    return move


def _plays(move: dict[str, Any]) -> bool:
    return "card" in move and not move.get("keep")


def _captures(move: dict[str, Any]) -> bool:
    return _plays(move) and bool(move.get("take"))


def _other_card(rng: random.Random, avoid: list[str]) -> str:
    return rng.choice([c for c in CARDS if c not in avoid])


@mutation
def take_wrong_card(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _captures)
    if move is None:
        return None
    take = move["take"]
    take[rng.randrange(len(take))] = _other_card(rng, [*take, move["card"]])
    return rec


@mutation
def take_missing_card(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _captures)
    if move is None:
        return None
    move["take"].pop(rng.randrange(len(move["take"])))
    return rec


@mutation
def take_extra_card(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["take"].append(_other_card(rng, [*move["take"], move["card"]]))
    return rec


@mutation
def take_other_option(rec: Record, rng: random.Random) -> Record | None:
    """Replay a hand up to a move and swap its take for another legal option (may stay legal)."""
    spots = [(h, m) for h, hand in enumerate(rec["hands"]) for m, mv in enumerate(hand["moves"])]
    if not spots:
        return None
    h, m = rng.choice(spots)
    rules = read_rules(rec["rules"])
    hand_obj = rec["hands"][h]
    hand = Hand(rules, hand_obj["deck"], hand_obj["dealer"])
    for move in hand_obj["moves"][:m]:
        hand.play({k: v for k, v in move.items() if k != "player"})
    legal = hand.legal_moves()
    if not legal:
        return None
    hand_obj["moves"][m] = rng.choice(legal)
    return rec


@mutation
def take_emptied(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _captures)
    if move is None:
        return None
    move["take"] = []
    return rec


@mutation
def take_reordered(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _captures)
    if move is None:
        return None
    rng.shuffle(move["take"])
    move["take"].reverse()
    return rec


@mutation
def take_duplicated(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _captures)
    if move is None:
        return None
    move["take"].append(move["take"][0])
    return rec


@mutation
def take_itself(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["take"].append(move["card"])
    return rec


@mutation
def take_not_a_list(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["take"] = rng.choice(["3S", None, {"card": "3S"}, 3, "-".join(move["take"])])
    return rec


@mutation
def take_left_out(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: "take" in mv)
    if move is None:
        return None
    del move["take"]
    return rec


@mutation
def take_holds_junk(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["take"].append(rng.choice(["7d", "10D", "7", 7, None, ["7D"], "", "7D ", "ZZ"]))
    return rec


@mutation
def card_not_in_hand(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: "card" in mv)
    if move is None:
        return None
    move["card"] = _other_card(rng, [move["card"], *move.get("take", [])])
    return rec


@mutation
def card_junk(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: "card" in mv)
    if move is None:
        return None
    card = move["card"]
    move["card"] = rng.choice([card.lower(), card + "D", card[0], 7, None, [card], "1D", "XS", ""])
    return rec


@mutation
def card_left_out(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: "card" in mv)
    if move is None:
        return None
    del move["card"]
    return rec


@mutation
def player_wrong(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng)
    if move is None:
        return None
    players = rec["rules"]["players"]
    right = _seat_of(rec, move)
    move["player"] = rng.choice([s for s in range(-1, players + 1) if s != right])
    return rec


@mutation
def player_right(rec: Record, rng: random.Random) -> Record | None:
    for hand in rec["hands"]:
        for m, move in enumerate(hand["moves"]):
            move["player"] = (hand["dealer"] + 1 + m) % rec["rules"]["players"]
    return rec


@mutation
def player_not_an_int(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng)
    if move is None:
        return None
    seat = _seat_of(rec, move)
    move["player"] = rng.choice([float(seat), bool(seat), str(seat), None, [seat]])
    return rec


def _seat_of(rec: Record, move: dict[str, Any]) -> int:
    for hand in rec["hands"]:
        for m, mv in enumerate(hand["moves"]):
            if mv is move:
                return int((hand["dealer"] + 1 + m) % rec["rules"]["players"])
    raise AssertionError("move not in record")


@mutation
def keep_added(rec: Record, rng: random.Random) -> Record | None:
    """Keep a played card (legal only for an ace under ace_takes_all + ace_may_keep)."""
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["keep"] = True
    if rng.random() < 0.5 or move["take"]:
        move.pop("take")
    return rec


@mutation
def keep_not_a_bool(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: "card" in mv)
    if move is None:
        return None
    keep = bool(move.get("keep"))
    move["keep"] = rng.choice([int(keep), "true" if keep else "false", None])
    return rec


@mutation
def keep_false_added(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, _plays)
    if move is None:
        return None
    move["keep"] = False
    return rec


@mutation
def keep_taking(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng, lambda mv: bool(mv.get("keep")))
    if move is None:
        return None
    move["take"] = [_other_card(rng, [move["card"]])]
    return rec


@mutation
def declare_inserted(rec: Record, rng: random.Random) -> Record | None:
    """A declaration somewhere (legal under chiamarsi_fuori if the rest is cut)."""
    if not rec["hands"]:
        return None
    h = rng.randrange(len(rec["hands"]))
    moves = rec["hands"][h]["moves"]
    m = rng.randrange(len(moves) + 1)
    moves.insert(m, {"declare": True})
    if rng.random() < 0.7:
        del moves[m + 1 :]
        del rec["hands"][h + 1 :]
    return rec


@mutation
def declare_malformed(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    h = rng.randrange(len(rec["hands"]))
    moves = rec["hands"][h]["moves"]
    m = rng.randrange(len(moves) + 1)
    bad = rng.choice(
        [
            {"declare": 1},
            {"declare": "true"},
            {"declare": None},
            {"declare": True, "card": "7D", "take": []},
            {"declare": True, "take": []},
            {"declare": False},
            {"declare": True, "keep": False},
            {"declare": True, "keep": True},
        ]
    )
    moves.insert(m, bad)
    return rec


@mutation
def declare_false_added(rec: Record, rng: random.Random) -> Record | None:
    """ "declare": false on a play is the same as no declare key."""
    move = _pick_move(rec, rng, lambda mv: "card" in mv)
    if move is None:
        return None
    move["declare"] = False
    return rec


@mutation
def move_not_an_object(rec: Record, rng: random.Random) -> Record | None:
    hands = [h for h in rec["hands"] if h["moves"]]
    if not hands:
        return None
    moves = rng.choice(hands)["moves"]
    m = rng.randrange(len(moves))
    mv = moves[m]
    moves[m] = rng.choice([[mv.get("card"), mv.get("take")], mv.get("card"), None, 3, True])
    return rec


@mutation
def move_extra_key(rec: Record, rng: random.Random) -> Record | None:
    move = _pick_move(rec, rng)
    if move is None:
        return None
    move[rng.choice(["comment", "time", "think_ms", "Player"])] = rng.choice([1, "x", None, {}])
    return rec


@mutation
def move_deleted(rec: Record, rng: random.Random) -> Record | None:
    hands = [h for h in rec["hands"] if h["moves"]]
    if not hands:
        return None
    moves = rng.choice(hands)["moves"]
    del moves[rng.randrange(len(moves))]
    return rec


@mutation
def moves_swapped(rec: Record, rng: random.Random) -> Record | None:
    hands = [h for h in rec["hands"] if len(h["moves"]) >= 2]
    if not hands:
        return None
    moves = rng.choice(hands)["moves"]
    i = rng.randrange(len(moves) - 1)
    j = i + 1 if rng.random() < 0.5 else rng.randrange(len(moves))
    moves[i], moves[j] = moves[j], moves[i]
    return rec


@mutation
def move_after_the_end(rec: Record, rng: random.Random) -> Record | None:
    """An extra move after a finished hand (by card, declare or a copy)."""
    if not rec["hands"]:
        return None
    h = rng.randrange(len(rec["hands"]))
    moves = rec["hands"][h]["moves"]
    extra = rng.choice([dict(moves[-1]) if moves else {"declare": True}, {"declare": True}])
    moves.append(extra)
    return rec


@mutation
def hand_moves_cut(rec: Record, rng: random.Random) -> Record | None:
    """An unfinished hand followed by another."""
    if len(rec["hands"]) < 2:
        return None
    h = rng.randrange(len(rec["hands"]) - 1)
    moves = rec["hands"][h]["moves"]
    del moves[rng.randrange(len(moves) + 1) if rng.random() < 0.5 else len(moves) - 1 :]
    return rec


@mutation
def hand_after_the_end(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    last = rec["hands"][-1]
    dealer = (last["dealer"] + 1) % rec["rules"]["players"]
    rules = read_rules(rec["rules"])
    extra = rng.choice(
        [
            {"dealer": dealer, "deck": shuffled_deck(rules, rng), "moves": []},
            copy.deepcopy(last),
            {"dealer": dealer},
            None,
        ]
    )
    rec["hands"].append(extra)
    return rec


@mutation
def hand_deleted(rec: Record, rng: random.Random) -> Record | None:
    if len(rec["hands"]) < 2:
        return None
    del rec["hands"][rng.randrange(len(rec["hands"]))]
    return rec


@mutation
def hand_duplicated(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    h = rng.randrange(len(rec["hands"]))
    rec["hands"].insert(h, copy.deepcopy(rec["hands"][h]))
    return rec


@mutation
def hand_not_an_object(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    h = rng.randrange(len(rec["hands"]))
    rec["hands"][h] = rng.choice([None, [], "hand", 0, [rec["hands"][h]]])
    return rec


@mutation
def hand_extra_key(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    hand = rng.choice(rec["hands"])
    hand[rng.choice(["note", "table", "scores", "Dealer"])] = rng.choice([1, "x", None, [1]])
    return rec


@mutation
def dealer_wrong(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    hand = rng.choice(rec["hands"])
    players = rec["rules"]["players"]
    hand["dealer"] = rng.choice([d for d in range(-1, players + 1) if d != hand["dealer"]])
    return rec


@mutation
def dealer_not_an_int(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    hand = rng.choice(rec["hands"])
    d = hand["dealer"]
    hand["dealer"] = rng.choice([float(d), bool(d), str(d), None, [d]])
    if rng.random() < 0.2:
        del hand["dealer"]
    return rec


@mutation
def deck_short(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    deck = rng.choice(rec["hands"])["deck"]
    del deck[rng.randrange(len(deck)) if rng.random() < 0.5 else -1]
    return rec


@mutation
def deck_long(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    deck = rng.choice(rec["hands"])["deck"]
    deck.append(rng.choice(deck))
    return rec


@mutation
def deck_card_duplicated(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    deck = rng.choice(rec["hands"])["deck"]
    i, j = rng.sample(range(40), 2)
    deck[i] = deck[j]
    return rec


@mutation
def deck_junk(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    hand = rng.choice(rec["hands"])
    if rng.random() < 0.3:
        hand["deck"] = rng.choice([None, "7D AC", {}, 40])
        if rng.random() < 0.3:
            del hand["deck"]
        return rec
    deck = hand["deck"]
    i = rng.randrange(40)
    deck[i] = rng.choice([deck[i].lower(), "10" + deck[i][1], 7, None, "", "KX"])
    return rec


@mutation
def deck_cards_swapped(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    deck = rng.choice(rec["hands"])["deck"]
    i, j = rng.sample(range(40), 2)
    deck[i], deck[j] = deck[j], deck[i]
    return rec


@mutation
def deck_thrown_in(rec: Record, rng: random.Random) -> Record | None:
    """Move three or four kings (or an ace) into the first layout."""
    rules = read_rules(rec["rules"])
    if not rec["hands"] or rules["table_cards"] == 0:
        return None
    deck = rng.choice(rec["hands"])["deck"]
    start = rules["players"] * rules["hand_size"]
    layout = list(range(start, start + 4))
    if rules["aces_redeal"] and rng.random() < 0.5:
        wanted = [rng.choice(["AD", "AH", "AS", "AC"])]
    else:
        wanted = rng.sample(["KD", "KH", "KS", "KC"], rng.choice([3, 4]))
    for pos, card in zip(rng.sample(layout, len(wanted)), wanted, strict=True):
        other = deck.index(card)
        deck[pos], deck[other] = deck[other], deck[pos]
    return rec


@mutation
def moves_not_a_list(rec: Record, rng: random.Random) -> Record | None:
    if not rec["hands"]:
        return None
    hand = rng.choice(rec["hands"])
    if rng.random() < 0.3:
        del hand["moves"]
    else:
        hand["moves"] = rng.choice([None, {}, "7D", hand["moves"][:1] and hand["moves"][0]])
    return rec


@mutation
def format_wrong(rec: Record, rng: random.Random) -> Record | None:
    choice = rng.randrange(4)
    if choice == 0:
        del rec["format"]
    else:
        rec["format"] = rng.choice(["scopa-record/2", "scopa-record/1 ", "", None, 1, ["x"]])
    return rec


@mutation
def rules_unknown_key(rec: Record, rng: random.Random) -> Record | None:
    rec["rules"][rng.choice(["Players", "variant", "ace_takes_all_scopa", "seed", ""])] = True
    return rec


@mutation
def rules_bool_for_int(rec: Record, rng: random.Random) -> Record | None:
    key = rng.choice(["players", "hand_size", "table_cards", "target"])
    rec["rules"][key] = rng.choice([True, False])
    return rec


@mutation
def rules_int_for_bool(rec: Record, rng: random.Random) -> Record | None:
    key = rng.choice([k for k, v in DEFAULT_RULES.items() if type(v) is bool])
    rec["rules"][key] = int(rec["rules"][key])
    return rec


@mutation
def rules_float_for_int(rec: Record, rng: random.Random) -> Record | None:
    key = rng.choice(["players", "hand_size", "table_cards", "target"])
    rec["rules"][key] = float(rec["rules"][key])
    return rec


@mutation
def rules_bad_value(rec: Record, rng: random.Random) -> Record | None:
    key, bad = rng.choice(
        [
            ("players", 5), ("players", 1), ("players", 0), ("players", 8), ("players", "2"),
            ("hand_size", 4), ("hand_size", 0), ("table_cards", 2), ("table_cards", 40),
            ("target", 0), ("target", 100), ("target", -3), ("target", None),
            ("capture", "quindici"), ("capture", "Standard"), ("capture", True),
            ("capture", ["standard"]), ("re_bello", "true"), ("napola", None),
        ]
    )  # fmt: skip
    rec["rules"][key] = bad
    return rec


@mutation
def rules_bad_combination(rec: Record, rng: random.Random) -> Record | None:
    r = rec["rules"]
    choice = rng.randrange(5)
    if choice == 0:
        r["hand_size"], r["table_cards"] = 9, 4
        r["players"] = rng.choice([2, 3, 6])
    elif choice == 1:
        r["hand_size"], r["table_cards"] = 10, 0
        r["players"] = rng.choice([2, 3, 6])
    elif choice == 2:
        r["hand_size"] = 10
        r["table_cards"] = 4
    elif choice == 3:
        r["hand_size"] = rng.choice([3, 9])
        r["table_cards"] = 0
    else:
        r["players"] = 3
        r["hand_size"], r["table_cards"] = 3, 4
        r["chiamarsi_fuori"] = True
    return rec


@mutation
def rules_changed(rec: Record, rng: random.Random) -> Record | None:
    """A valid but different rule: the moves may no longer be legal, or scores change."""
    r = rec["rules"]
    key = rng.choice(
        ["capture", "ace_takes_all", "ace_takes_ace_first", "ace_may_keep",
         "ace_takes_all_is_scopa", "re_bello", "napola", "primiera_all_suits", "target",
         "cappotto", "chiamarsi_fuori", "kings_redeal", "aces_redeal"]
    )  # fmt: skip
    if key == "capture":
        r[key] = rng.choice(["standard", "fifteen", "standard+fifteen"])
    elif key == "target":
        r[key] = rng.randint(1, 99)
    else:
        r[key] = not r[key]
    return rec


@mutation
def rules_defaults_left_out(rec: Record, rng: random.Random) -> Record | None:
    """Drop keys that hold their default value (a reader fills them in)."""
    r = rec["rules"]
    for key in list(r):
        same = r[key] == DEFAULT_RULES[key] and type(r[key]) is type(DEFAULT_RULES[key])
        if same and rng.random() < 0.7:
            del r[key]
    return rec


@mutation
def rules_not_an_object(rec: Record, rng: random.Random) -> Record | None:
    if rng.random() < 0.3:
        del rec["rules"]
    else:
        rec["rules"] = rng.choice([None, [], "scopa", 2, list(rec["rules"].items())])
    return rec


@mutation
def hands_not_a_list(rec: Record, rng: random.Random) -> Record | None:
    if rng.random() < 0.3:
        del rec["hands"]
    else:
        rec["hands"] = rng.choice([None, {}, "x", 1, {"0": rec["hands"][:1]}])
    return rec


@mutation
def record_extra_keys(rec: Record, rng: random.Random) -> Record | None:
    rec["meta"] = rng.choice(
        [{"app": "scopa 1.0", "seats": ["Anna", "computer (hard)"]}, {}, "not an object", 3]
    )
    if rng.random() < 0.5:
        rec["comment"] = "saved on the train"
    return rec


@mutation
def not_an_object(rec: Record, rng: random.Random) -> str | None:
    return rng.choice(["[]", "3", '"record"', "null", "true", json.dumps([rec])])


@mutation
def bad_json(rec: Record, rng: random.Random) -> str | bytes | None:
    text = json.dumps(rec)
    choice = rng.randrange(8)
    if choice == 0:
        return text[: rng.randrange(len(text))]
    if choice == 1:
        return text[:-1] + ",}"
    if choice == 2:
        return text.replace('"target": ', '"target": NaN, "x": ', 1)
    if choice == 3:
        return text.encode() + b"\xff\xfe"
    if choice == 4:
        return text.replace('"', "'")
    if choice == 5:
        return text + " {}"
    if choice == 6:
        return b"\x00\x01\x02garbage\x80"
    return ""


@mutation
def odd_numbers(rec: Record, rng: random.Random) -> str | None:
    """Numbers JSON allows but no field does: huge, negative, exponent, fraction, -0."""
    number = rng.choice(
        ["9" * 5000, "-" + "1" * 4500, "1" * 999, "18446744073709551616", "1e400", "-0",
         "2.0", "1E0", "0.5", "-1"]
    )  # fmt: skip
    rec["meta"] = {"n": 0}
    text = json.dumps(rec)
    key = rng.choice(["n", "target", "players", "dealer", "player"])
    # the first value of that key (meta comes last, so "n" is the meta one)
    return re.sub(rf'("{key}": )-?\d+', lambda m: m.group(1) + number, text, count=1)


ALL_KINDS = sorted(MUTATIONS)


def mutate(
    record: Record, rng: random.Random, kind: str | None = None
) -> tuple[str, Record | str | bytes | None]:
    """(kind, mutated record or file text); tries other kinds when one does not apply."""
    kinds = [kind] if kind else ALL_KINDS
    for _ in range(20):
        k = rng.choice(kinds)
        out = MUTATIONS[k](copy.deepcopy(record), rng)
        if out is not None:
            return k, out
        if kind:
            return k, None
    return "none", copy.deepcopy(record)
