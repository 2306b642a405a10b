# The seats of a match record as the review names them (MicroPython and
# CPython): by the settings this app saves in meta (so "You", "Computer 2"...
# as at the table), else by the names in meta.seats, else "Player n". Pure
# functions of a parsed spec record and the strings.

from names import seat_name

KINDS = ("person", "computer")


def players_of(record, positions=()):
    rules = record.get("rules") if isinstance(record, dict) else None
    players = rules.get("players") if isinstance(rules, dict) else None
    if isinstance(players, int) and not isinstance(players, bool) and players > 0:
        return players
    return max([p.get("seat", 0) for p in positions] + [1]) + 1


def sides_of(players):
    if players <= 3:
        return [[s] for s in range(players)]
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def saved_seats(record, players):
    """The seats of the app's settings in meta, if they fit the table."""
    meta = record.get("meta") if isinstance(record, dict) else None
    settings = meta.get("settings") if isinstance(meta, dict) else None
    seats = settings.get("seats") if isinstance(settings, dict) else None
    if not isinstance(seats, list) or len(seats) != players:
        return None
    for seat in seats:
        if not isinstance(seat, dict) or seat.get("kind") not in KINDS:
            return None
        if not isinstance(seat.get("name") or "", str):
            return None
    return seats


def seat_names(record, players, i18n):
    seats = saved_seats(record, players)
    if seats is not None:
        table = {"seats": seats, "sides": sides_of(players)}
        return [seat_name(table, k, i18n) for k in range(players)]
    meta = record.get("meta") if isinstance(record, dict) else None
    labels = meta.get("seats") if isinstance(meta, dict) else None
    out = []
    for k in range(players):
        label = labels[k] if isinstance(labels, list) and k < len(labels) else None
        if isinstance(label, str) and label.strip():
            out.append(label.strip()[:24])
        else:
            out.append(i18n.t("seat.player_n", n=k + 1))
    return out


def first_seat(record, players):
    """The seat a review starts with: the one person of the match, else seat 0."""
    seats = saved_seats(record, players) or []
    persons = [k for k in range(len(seats)) if seats[k].get("kind") == "person"]
    return persons[0] if len(persons) == 1 else 0
