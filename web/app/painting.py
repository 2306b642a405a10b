# The page's side of web/paint.js (MicroPython, main thread), which paints the
# table before this Python is up: the opening table it chose, the cards tapped
# on it meanwhile, and the image of the table kept for the next visit (asked
# for after each drawing; paint.js takes it once the drawing settles, and
# paints it at the next start if the save it belongs to is still the latest).

from phases import phase_of
from pyscript import window


def painted():
    """paint.js drew a table ("first" or "saved"): the static words are in its language."""
    try:
        return bool(window.scopaPaint.painted)
    except Exception:
        return False


def already_drawn(view, dealt):
    """paint.js drew this very table, exactly as the page would: the opening table it
    chose (`dealt`: the start uses the same one) or the image of the saved `view`."""
    try:
        paint = window.scopaPaint
        if dealt:
            return paint.painted == "first"
        return paint.painted == "saved" and paint.key == view.get("key")
    except Exception:
        return False


def painted_table(count):
    """The opening table paint.js drew (the start draws the same deal), else one at random."""
    try:
        if window.scopaPaint.painted == "first":
            return int(window.scopaPaint.table) % count
    except Exception:
        pass
    return int(window.Math.random() * count) % count


def moves_shown():
    """How many moves paint.js showed answered from the opening book (its answer()):
    the table on screen is the one after them, not the dealt one."""
    try:
        return int(window.scopaPaint.played)
    except Exception:
        return 0


def early_taps():
    """[(zone, name)]: what was tapped on the painted table, in order (then never again):
    ("hand" or "table", a card), ("action", a button's data-action) or ("played", the
    book's key of a move paint.js showed answered, always before any other)."""
    try:
        taps = window.scopaPaint.taps()
        return [(str(taps[k][0]), str(taps[k][1])) for k in range(taps.length)]
    except Exception as exc:
        window.console.warn("no taps from the early table:", str(exc))
        return []


def keep_image(view, role):
    """After a drawing of `view`: its image for the next visit's first paint, drawn
    in the phase the start draws it in. Not on a friend's device (its table is the
    host's, restored by the link)."""
    if view is None or role == "guest":
        return
    try:
        window.scopaPaint.keep(view.get("key"), phase_of(view, False))
    except Exception as exc:
        window.console.warn("no image of the table kept:", str(exc))
