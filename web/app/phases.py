# The phase of the game the page is in, from the table view (MicroPython and
# CPython). <body data-phase> carries it for the styles and the tests:
# loading, play, thinking (a move or a computer under way), hand-over,
# match-over, error.


def phase_of(view, waiting):
    """`waiting`: a move is queued or a worker call or animation is under way."""
    if view is None:
        return "loading"
    phase = view.get("phase")
    if phase in ("hand-over", "match-over"):
        return phase
    if waiting or view.get("to_move_kind") == "computer":
        return "thinking"
    return "play"


def my_turn(view):
    """A person may tap a card now: the view's viewer is the seat to move."""
    return (
        view is not None
        and view.get("phase") == "play"
        and view.get("to_move") is not None
        and view.get("viewer") == view.get("to_move")
        and view.get("moves") is not None
    )


def in_progress(view):
    """Something would be lost by starting afresh: a card played or a hand counted."""
    if view is None or view.get("phase") == "match-over":
        return False
    return (
        view.get("hand_no", 1) > 1
        or view.get("moves_in_hand", 0) > 0
        or view.get("phase") != "play"
    )
