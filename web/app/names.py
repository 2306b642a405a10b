# Names of seats and sides as the table shows them (MicroPython and CPython).
#
# A seat with a name is called by it; otherwise by what it is to the one
# person at the device ("You", "Partner", "Computer 2"), or by number in
# hot-seat and all-computer tables. Pure functions of the table view
# (docs/web-api.md) and the strings (i18n.py): tests/test_web_session.py
# imports them in CPython.


def kind_of(info):
    """person, computer, or remote: a friend on another device. On a friend's device
    the other seats are all remote, and a computer among them `plays` computer."""
    kind = info.get("kind")
    if kind == "remote" and info.get("plays") == "computer":
        return "computer"
    return kind


def seat_name(view, seat, i18n):
    seats = view.get("seats") or []
    if seat is None or seat >= len(seats):
        return ""
    info = seats[seat]
    if info.get("name"):
        return info["name"]
    if kind_of(info) == "remote":
        friends = [s for s in range(len(seats)) if kind_of(seats[s]) == "remote"]
        return i18n.t("seat.friend") if len(friends) == 1 else i18n.t("seat.friend_n", n=seat + 1)
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    sides = view.get("sides") or []
    side_of = {}
    for k in range(len(sides)):
        for s in sides[k]:
            side_of[s] = k
    if info["kind"] == "person":
        if len(persons) == 1:
            return i18n.t("seat.you")
        return i18n.t("seat.player_n", n=seat + 1)
    if len(persons) == 1:
        me = persons[0]
        mates = [
            s
            for s in range(len(seats))
            if s != me and side_of.get(s) == side_of.get(me) and kind_of(seats[s]) == "computer"
        ]
        if seat in mates:
            if len(mates) == 1:
                return i18n.t("seat.partner")
            return i18n.t("seat.partner") + " " + str(mates.index(seat) + 1)
        rivals = [
            s for s in range(len(seats)) if kind_of(seats[s]) == "computer" and s not in mates
        ]
        if len(rivals) == 1:
            return i18n.t("seat.computer")
        return i18n.t("seat.computer_n", n=rivals.index(seat) + 1)
    computers = [s for s in range(len(seats)) if kind_of(seats[s]) == "computer"]
    if len(computers) == 1:
        return i18n.t("seat.computer")
    return i18n.t("seat.computer_n", n=computers.index(seat) + 1)


def side_name(view, side, i18n):
    sides = view.get("sides") or []
    if side is None or side >= len(sides):
        return ""
    members = sides[side]
    if len(members) == 1:
        return seat_name(view, members[0], i18n)
    seats = view.get("seats") or []
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    if len(persons) == 1:
        return i18n.t("side.us") if persons[0] in members else i18n.t("side.them")
    return " & ".join(seat_name(view, s, i18n) for s in members)


def my_side(view):
    """The side of the only person, or None (hot-seat and all-computer tables)."""
    seats = view.get("seats") or []
    persons = [s for s in range(len(seats)) if seats[s]["kind"] == "person"]
    if len(persons) != 1:
        return None
    return side_of_seat(view, persons[0])


def side_of_seat(view, seat):
    sides = view.get("sides") or []
    for k in range(len(sides)):
        if seat in sides[k]:
            return k
    return None
