# The opening book on the page (MicroPython, main thread). On a first visit
# Pyodide takes half a minute to arrive over a phone's line, and a newcomer taps
# a card in the first seconds. The build played out, with the engine and the
# computer player the worker uses, every move the person can make in the first
# two deals of each opening table, and the computer's answers
# (tools/opening_book.py); paint.js fetched the painted table's book. Until the
# worker holds the match, `play` and `step` are answered from it with exactly the
# replies the worker would have sent (tests/test_opening_book.py); then the
# worker restores the match from the record those replies built, with the same
# seed, and it goes on as if the engine had played from the start.
#
# Nothing here decides a rule: a move is answered only if the book holds it;
# anything else waits for the engine, as before the book. Pure (tested in
# CPython: tests/test_opening_book.py): the book's entries come from `lookup`,
# paint.js's bookEntry in the page.

import json


def move_key(move):
    """A person's move as the book names it (tools/opening_book.py move_key), or None
    for anything else than a move the page sends."""
    card = move.get("card")
    if not isinstance(card, str):
        return None
    if move.get("keep") is True:
        return card + ":keep"
    take = move.get("take")
    if not isinstance(take, list) or not all(isinstance(t, str) for t in take):
        return None
    return card + ":" + "+".join(sorted(take))


def move_of(key):
    """The move a book's key names (move_key's inverse), as the page sends it."""
    card, _, taken = str(key).partition(":")
    if taken == "keep":
        return {"card": card, "take": [], "keep": True}
    return {"card": card, "take": taken.split("+") if taken else []}


class Book:
    def __init__(self, view, record, lookup):
        self.view = view  # the position the next answer starts from (the last one given)
        self.record = record
        self.lookup = lookup  # "3C:3D|6H:" -> the entry's JSON text, or None
        self.path = []  # the person's moves answered so far, by key
        self.step_reply = None  # the computer's answer due after the person's last move

    def entry(self, move):
        """The book's entry for the person's `move` now ({"play", "step"?, "risk"?}), or None."""
        key = move_key(move) if isinstance(move, dict) else None
        if self.step_reply is not None or key is None:
            return None
        path = list(self.path)
        path.append(key)
        try:
            text = self.lookup("|".join(path))
        except Exception:
            return None
        return None if text is None else json.loads(str(text))

    def can_play(self, move):
        return self.entry(move) is not None

    def can_step(self):
        return self.step_reply is not None

    def risk(self, move):
        """The sweep warning's percent for a put-down in the book (None: not in it)."""
        entry = self.entry(move)
        return None if entry is None else entry.get("risk", 0)

    def answer(self, name, arg):
        """The worker's reply to `play` or `step` from the book, or None."""
        if name == "play":
            try:
                move = json.loads(arg)
            except Exception:
                return None
            entry = self.entry(move)
            if entry is None:
                return None
            self.path.append(move_key(move))
            self.step_reply = entry.get("step")
            return self.replay(entry["play"])
        if name == "step" and self.step_reply is not None:
            reply = self.replay(self.step_reply)
            self.step_reply = None
            return reply
        return None

    def replay(self, book_reply):
        """[view changes, event, record move] on the position so far: the worker's reply."""
        changes, event, move = book_reply
        view = dict(self.view)
        view.update(changes)
        record = dict(self.record)
        hands = [dict(hand) for hand in record["hands"]]
        moves = list(hands[-1]["moves"])
        moves.append(move)
        hands[-1]["moves"] = moves
        record["hands"] = hands
        self.view, self.record = view, record
        return {"ok": True, "view": view, "record": record, "event": event}
