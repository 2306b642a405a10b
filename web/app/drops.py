# What dropping a hand card means, matched against the legal moves the engine
# sent (MicroPython-compatible, and imported by the CPython unit tests). The
# page never decides a rule: a drop is read exactly as the taps it stands for.
#
# - Onto a table card: the card tapped, then that table card (selection.py).
#   One legal move takes it: that move. Several: the choice goes on, narrowed
#   to it, as after those two taps. None: refused, with the engine's reason
#   when the view carries it (`blocked`), else None (ask the engine: `why`).
# - Onto the felt: the card put down, when that is a legal move; an ace that
#   may be kept opens the choice (keep, or its captures); else refused.

from selection import PLAY, REJECT, UPDATE, Selection, move_of

CHOOSE = "choose"  # (CHOOSE, Selection): the choice goes on with this selection


def drop_on_card(moves, card, target):
    """(PLAY, move), (CHOOSE, Selection), (REJECT, why or None) or None (not playable)."""
    entry = moves.get(card) if moves else None
    if not entry:
        return None
    options = entry.get("moves", [])
    taking = [o for o in options if target in (o.get("take") or [])]
    if len(options) == 1 or not taking:
        if len(taking) == 1:
            return (PLAY, move_of(card, taking[0]))
        why = (entry.get("blocked") or {}).get(target)
        return (REJECT, why or None)
    selection = Selection(card, entry)
    kind, value = selection.tap(target)
    if kind == PLAY:
        return (PLAY, value)
    if kind == UPDATE:
        return (CHOOSE, selection)
    return (REJECT, value or None)


def drop_on_felt(moves, card):
    """(PLAY, the put-down move), (CHOOSE, Selection), (REJECT, None) or None."""
    entry = moves.get(card) if moves else None
    if not entry:
        return None
    options = entry.get("moves", [])
    for option in options:
        if not option.get("keep") and not option.get("take"):
            return (PLAY, move_of(card, option))
    if any(o.get("keep") for o in options):
        return (CHOOSE, Selection(card, entry))
    return (REJECT, None)


def asked_move(card, target=None):
    """The move whose refusal the engine is asked to word (`why`)."""
    return {"card": card, "take": [target] if target else []}
