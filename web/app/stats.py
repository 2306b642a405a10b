# Statistics kept on this device: matches and hands won and lost, scope made
# and points, per computer level and rules. Pure Python (MicroPython in the
# page, CPython in the tests); storage.py keeps the object in localStorage.
#
# Only what is played on this device by its one person counts: a match with
# two or more people (hot-seat) or none is not counted. Each match has an id
# (meta.id of its record); `seen` remembers for the latest matches how many of
# their hands are counted and whether their end is, so that nothing counts
# twice: not after a reload, nor when a saved or imported match is restored
# (restoring only marks what it holds as seen, see `tally(live=False)`).
#
#   {"version": 1,
#    "groups": [{"level", "preset", "variants", "target",
#                "matches_won", "matches_lost", "hands_won", "hands_drawn",
#                "hands_lost", "points", "scope"}, ...],
#    "seen": [[match_id, hands counted, match counted], ...]}   (oldest first)

VERSION = 1
SEEN_LIMIT = 40
COUNTERS = (
    "matches_won",
    "matches_lost",
    "hands_won",
    "hands_drawn",
    "hands_lost",
    "points",
    "scope",
)


def empty():
    return {"version": VERSION, "groups": [], "seen": []}


def valid(data):
    """Statistics of this version (anything else is kept aside by storage.py)."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return False
    groups = data.get("groups")
    seen = data.get("seen")
    if not isinstance(groups, list) or not isinstance(seen, list):
        return False
    for group in groups:
        if not isinstance(group, dict):
            return False
        for key in COUNTERS:
            value = group.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return False
    return all(isinstance(entry, list) and len(entry) == 3 for entry in seen)


def person_side(view):
    """The side of the one person at the table, or None (hot-seat, or no person)."""
    seats = view.get("seats") or []
    persons = [k for k in range(len(seats)) if seats[k].get("kind") == "person"]
    if len(persons) != 1:
        return None
    sides = view.get("sides") or []
    for k in range(len(sides)):
        if persons[0] in sides[k]:
            return k
    return None


def computer_level(view):
    """The level of the computer players ("mixed" if they differ)."""
    levels = []
    for seat in view.get("seats") or []:
        if seat.get("kind") == "computer":
            level = seat.get("level") or "normal"
            if level not in levels:
                levels.append(level)
    if len(levels) == 1:
        return levels[0]
    return "mixed" if levels else "none"


def group_of(stats, view):
    """The counters for the level and rules of this view's match (created if new)."""
    settings = view.get("settings") or {}
    level = computer_level(view)
    preset = settings.get("preset") or "scopa"
    variants = sorted(v for v in (settings.get("variants") or []) if isinstance(v, str))
    target = view.get("target") or settings.get("target") or 11
    for group in stats["groups"]:
        if (
            group.get("level") == level
            and group.get("preset") == preset
            and group.get("variants") == variants
            and group.get("target") == target
        ):
            return group
    group = {"level": level, "preset": preset, "variants": variants, "target": target}
    for key in COUNTERS:
        group[key] = 0
    stats["groups"].append(group)
    return group


def _seen(stats, match_id):
    for entry in stats["seen"]:
        if entry[0] == match_id:
            return entry
    entry = [match_id, 0, False]
    stats["seen"].append(entry)
    if len(stats["seen"]) > SEEN_LIMIT:
        stats["seen"] = stats["seen"][-SEEN_LIMIT:]
    return entry


def tally(stats, view, match_id, live=True):
    """Count what the view shows that was not counted yet; True if stats changed.

    live: the view comes from a move or action made on this page. Otherwise (a
    restored or imported match) what it holds is only marked as seen."""
    if not match_id or view is None:
        return False
    hands = view.get("hands_points") or []
    over = view.get("phase") == "match-over"
    entry = _seen(stats, match_id)
    mine = person_side(view)
    if not live or mine is None:
        changed = entry[1] != len(hands) or entry[2] != over
        entry[1] = max(entry[1], len(hands))
        entry[2] = entry[2] or over
        return changed
    changed = False
    count = view.get("count") or {}
    while entry[1] < len(hands):
        points = hands[entry[1]]
        group = group_of(stats, view)
        best = max(points)
        if points[mine] == best and points.count(best) == 1:
            group["hands_won"] += 1
        elif points[mine] == best:
            group["hands_drawn"] += 1
        else:
            group["hands_lost"] += 1
        group["points"] += points[mine]
        if count.get("hand_no") == entry[1] + 1:
            scope = count.get("scope") or []
            if mine < len(scope):
                group["scope"] += scope[mine]
        entry[1] += 1
        changed = True
    if over and not entry[2]:
        group = group_of(stats, view)
        winner = (view.get("result") or {}).get("winner")
        if winner == mine:
            group["matches_won"] += 1
        else:
            group["matches_lost"] += 1
        entry[2] = True
        changed = True
    return changed


def hands_of(group):
    return group.get("hands_won", 0) + group.get("hands_drawn", 0) + group.get("hands_lost", 0)


def average_points(group):
    """Average points per hand, one decimal (None before the first hand)."""
    hands = hands_of(group)
    if not hands:
        return None
    return round(group.get("points", 0) * 10 / hands) / 10


def totals(stats):
    """All groups added up."""
    out = {}
    for key in COUNTERS:
        out[key] = sum(g.get(key, 0) for g in stats.get("groups") or [])
    return out
