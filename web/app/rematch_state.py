# What the result screen offers after a match with friends on other devices
# (rematching.py draws it): pure, so CPython tests it (tests/test_web_rematch.py).


def humans(view):
    """People at the table, on this device or another (not the computer)."""
    return [
        s
        for s in (view or {}).get("seats") or []
        if s.get("kind") == "person" or (s.get("kind") == "remote" and s.get("plays") != "computer")
    ]


def rematch_state(role, link, view, connected, said_yes):
    """What the result screen offers: None (nothing: no link, not over, a channel
    lost), "ask", "waiting" (this device asked or said yes), "asked" (the other
    device asks), "declined" (someone said no; asking again is allowed). A guest
    whose own ask the host took has `agreed` in its link: it waits too."""
    if role is None or view is None or view.get("phase") != "match-over" or not connected:
        return None
    offer = link.get("offer")
    if offer is None:
        if said_yes or link.get("agreed"):
            return "waiting"  # a guest said yes: the host starts when everyone has
        return "declined" if link.get("declined") else "ask"
    mine = offer.get("from") == role  # "host", "guest", or the asking guest's seat
    return "waiting" if mine else "asked"
