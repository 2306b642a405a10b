# Moves and results in words (MicroPython and CPython): what the status line
# shows while a move is animated, what a screen reader hears, and the match's
# result. Pure functions of the table view, its events and the strings.

from names import my_side, seat_name, side_name


def describe(event, view, i18n):
    """A move in words ("Computer took 7 of coins with ... Scopa!")."""
    t = i18n.t
    name = seat_name(view, event.get("seat"), i18n)
    kind = event.get("kind")
    card = i18n.card(event.get("card", ""))
    if kind == "declare":
        text = t("say.declared", name=name)
    elif kind == "keep":
        text = t("say.kept", name=name, card=card)
    elif event.get("take"):
        text = t("say.took", name=name, card=card, cards=i18n.cards(event["take"]))
    else:
        text = t("say.played", name=name, card=card)
    if event.get("scopa"):
        text += " " + t("say.scopa")
    left = event.get("leftover")
    if left and left.get("side") is not None:
        text += " " + t("say.leftover", name=side_name(view, left["side"], i18n))
    if event.get("dealt") and not event.get("hand_over"):
        text += " " + t("say.dealt")
    return text


def result_text(view, i18n):
    """The match's result in one sentence, from the one person's side if there is one."""
    t = i18n.t
    result = view.get("result") or {}
    winner = result.get("winner")
    if winner is None:
        return t("status.match_over")
    mine = my_side(view)
    if mine is not None:
        return t("result.you_win") if winner == mine else t("result.you_lose")
    name = side_name(view, winner, i18n)
    sides = view.get("sides") or []
    if winner < len(sides) and len(sides[winner]) > 1:
        return t("result.side_wins", name=name)
    return t("result.side_wins_one", name=name)


def end_text(view, i18n):
    """Why the match ended before its target ("Anna ran out of time.", "You
    resigned."), or "" when it was played out."""
    t = i18n.t
    result = view.get("result") or {}
    end = result.get("end") or {}
    side = end.get("side", result.get("resigned"))
    if side is None:
        return ""
    seat = end.get("seat")
    name = seat_name(view, seat, i18n) if seat is not None else side_name(view, side, i18n)
    you = name == t("seat.you")
    if end.get("reason") == "timeout":
        return t("result.you_timeout") if you else t("result.timeout", name=name)
    return t("result.you_resigned") if you else t("result.resigned", name=name)
