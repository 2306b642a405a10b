# The guided first hand answered from the build's recording of the engine worker
# (tools/guided_hand.py, book/tutorial.json): the hand is the same every time,
# so every reply the worker gives it was recorded once. The page gets it at once
# and offline, with no wait for Pyodide (half a minute on a phone's first visit).
# Only the calls the guided hand makes are answered, and only as the script
# goes: the lesson's own move, Bruno's, the lesson's "instead?". Anything else
# (never sent by tutorial.py) is left to the worker. Pure: tested in CPython
# against the worker itself (tests/test_guided_hand.py).


def same_move(a, b):
    """Two moves as the page writes them: the card, and the table cards in any order."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    take_a, take_b = a.get("take") or [], b.get("take") or []
    if not isinstance(take_a, list) or not isinstance(take_b, list):
        return False
    return (
        a.get("card") == b.get("card")
        and sorted(take_a) == sorted(take_b)
        and bool(a.get("keep")) == bool(b.get("keep"))
    )


class GuidedReplies:
    def __init__(self, recording):
        self.recording = recording  # {"start", "moves": [...], "why": {step: reply}}
        self.lesson = None  # the step to come, as the last reply said (None: not started)

    def answer(self, name, move=None):
        """The worker's reply to `name` (a tutorial_* call; `move` parsed), or None."""
        if name == "tutorial_start":
            return self.given(self.recording["start"])
        lesson = self.lesson
        if lesson is None or lesson.get("seat") is None:
            return None
        step = lesson.get("step")
        if name == "tutorial_why":
            trial = lesson.get("trial")
            found = self.recording["why"].get(str(step))
            return dict(found) if found is not None and same_move(move, trial) else None
        if name == "tutorial_play" and (
            lesson.get("seat") != 0 or not same_move(move, lesson.get("move"))
        ):
            return None
        if name == "tutorial_step" and lesson.get("seat") == 0:
            return None
        if name not in ("tutorial_play", "tutorial_step"):
            return None
        moves = self.recording["moves"]
        return self.given(moves[step]) if isinstance(step, int) and 0 <= step < len(moves) else None

    def given(self, reply):
        self.lesson = reply.get("lesson")
        return dict(reply)
