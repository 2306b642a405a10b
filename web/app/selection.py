# Matching the player's taps against the legal moves the engine sent.
# (MicroPython-compatible, and imported by the CPython unit tests.)
#
# The page never decides what is legal: `moves` is the table view's
# {card: {"moves": [{"take": [...], "keep": bool}, ...], "blocked": {...}}}.
# A Selection only narrows that list down as the player taps table cards.

PLAY = "play"  # (PLAY, move): make this move now
UPDATE = "update"  # (UPDATE, None): redraw the highlights
REJECT = "reject"  # (REJECT, why): the engine's reason this table card cannot be taken
NONE = "none"  # (NONE, None): nothing to do


def move_of(card, option):
    """The spec move object for a card and one of its legal options."""
    if option.get("keep"):
        return {"card": card, "keep": True, "take": []}
    return {"card": card, "take": list(option.get("take", []))}


def pick_card(moves, card):
    """Tap on a hand card: (PLAY, move) when it has one move, else a Selection."""
    entry = moves.get(card) if moves else None
    if not entry:
        return None
    options = entry.get("moves", [])
    if len(options) == 1:
        return move_of(card, options[0])
    return Selection(card, entry)


class Selection:
    """A card chosen from the hand, whose capture the player is still choosing."""

    def __init__(self, card, entry):
        self.card = card
        self.options = entry.get("moves", [])
        self.blocked = entry.get("blocked", {}) or {}
        self.captures = [o for o in self.options if o.get("take")]
        self.chosen = []
        self.cursor = -1

    # -- what to light up ------------------------------------------------
    def candidates(self):
        """Capture options still possible with the table cards chosen so far."""
        return [o for o in self.captures if _contains(o["take"], self.chosen)]

    def reachable(self):
        """Table cards that belong to at least one remaining candidate."""
        out = []
        for option in self.candidates():
            for code in option["take"]:
                if code not in out:
                    out.append(code)
        return out

    def can_keep(self):
        return any(o.get("keep") for o in self.options)

    def can_put_down(self):
        return any(not o.get("keep") and not o.get("take") for o in self.options)

    def exact(self):
        """The option equal to the chosen set, if any."""
        for option in self.captures:
            if _same(option["take"], self.chosen):
                return option
        return None

    # -- taps ---------------------------------------------------------------
    def tap(self, code):
        if code in self.chosen:
            self.chosen = [c for c in self.chosen if c != code]
            self.cursor = -1
            return (UPDATE, None)
        wider = list(self.chosen)
        wider.append(code)
        if any(_contains(o["take"], wider) for o in self.captures):
            self.chosen = wider
        elif any(code in o["take"] for o in self.captures):
            self.chosen = [code]
        else:
            return (REJECT, self.blocked.get(code))
        self.cursor = -1
        return self.settle()

    def settle(self):
        """Play as soon as the choice is unique."""
        cands = self.candidates()
        if self.chosen and len(cands) == 1:
            return (PLAY, move_of(self.card, cands[0]))
        return (UPDATE, None)

    def cycle(self, step):
        """Arrow keys: show each capture option in turn (Enter confirms)."""
        if not self.captures:
            return (NONE, None)
        self.cursor = (self.cursor + step) % len(self.captures)
        self.chosen = list(self.captures[self.cursor]["take"])
        return (UPDATE, None)

    def confirm(self):
        """Enter: the chosen capture, or the only move without a capture."""
        option = self.exact()
        if option is not None:
            return (PLAY, move_of(self.card, option))
        if not self.chosen and not self.captures and len(self.options) == 1:
            return (PLAY, move_of(self.card, self.options[0]))
        return (NONE, None)

    def keep(self):
        for option in self.options:
            if option.get("keep"):
                return (PLAY, move_of(self.card, option))
        return (NONE, None)

    def put_down(self):
        for option in self.options:
            if not option.get("keep") and not option.get("take"):
                return (PLAY, move_of(self.card, option))
        return (NONE, None)


def _contains(take, chosen):
    return all(code in take for code in chosen)


def _same(take, chosen):
    return len(take) == len(chosen) and _contains(take, chosen)
