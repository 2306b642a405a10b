# Settings in the page's address, for the first match of a visit (links and
# tests): ?preset=&target=&level=&variants=a,b&seats=pcpc&sweep=0|1&deadline=off|N
# &seed=&first_dealer=&fresh=1
# (MicroPython and CPython: `get` is URLSearchParams.get in the page).

from i18n import CAPTURE_VARIANTS, LEVELS, PRESETS, TOGGLE_VARIANTS

TARGET_MIN = 1
TARGET_MAX = 99
DEADLINE_LOW = 5  # scopa_core/table/settings.py's range of a move deadline, in seconds
DEADLINE_HIGH = 86400


def whole(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def parse_seconds(text):
    """A move deadline written by the player: a whole number of seconds in range, else None."""
    text = str(text or "").strip()
    if not text or len(text) > 6 or any(c not in "0123456789" for c in text):
        return None  # (str.isdigit takes "²", which int() refuses)
    value = int(text)
    return value if DEADLINE_LOW <= value <= DEADLINE_HIGH else None


def url_settings(get):
    """{"settings": {...}?, "seed"?, "first_dealer"?, "fresh": bool} from the address."""
    settings = {}
    preset = get("preset")
    if preset in PRESETS:
        settings["preset"] = preset
    target = whole(get("target"))
    if target is not None:
        settings["target"] = max(TARGET_MIN, min(TARGET_MAX, target))
    level = get("level")
    if level in LEVELS:
        settings["level"] = level
    variants = get("variants")
    if variants:
        known = [v for v in variants.split(",") if v in TOGGLE_VARIANTS or v in CAPTURE_VARIANTS]
        settings["variants"] = known
    seats = get("seats")
    if seats:
        kinds = [ch for ch in seats if ch in "pc"]
        settings["seats"] = [{"kind": "person" if ch == "p" else "computer"} for ch in kinds]
    sweep = get("sweep")
    if sweep in ("0", "1"):
        settings["sweep_warning"] = sweep == "1"  # the sweep warning (sweep_guard.py)
    deadline = get("deadline")
    if deadline in ("off", "0"):
        settings["deadline"] = None
    elif whole(deadline) is not None:
        settings["deadline"] = max(DEADLINE_LOW, min(DEADLINE_HIGH, whole(deadline)))
    out = {"fresh": get("fresh") == "1"}
    if settings:
        out["settings"] = settings
    for key in ("seed", "first_dealer"):
        value = whole(get(key))
        if value is not None:
            out[key] = value
    return out
