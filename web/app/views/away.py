# A friend who does not come back (issue 32), the host's side, drawn: in the
# pairing dialog while a friend's device is away, "let the computer play for
# them" with a level (#away-level, data-action="away-computer") and what it does;
# while the computer plays an away seat, a bar that says so, with "Pair again"
# (data-action="away-back") for the friend who comes back. Draws only;
# app/standing_in.py is the flow.

from dom import by_id, fill, h, placed
from pyscript import document

from views.dialogs import button

LEVELS = ("easy", "normal", "hard", "expert")


def away_block(t, seat, level):
    """The pairing dialog's part for the away seat `seat`: a level, and the button."""
    options = [
        h("option", {"value": name, "selected": name == level}, t("level." + name))
        for name in LEVELS
    ]
    return h(
        "div",
        {"class": "pairing-away", "data-seat": str(seat)},
        h("p", {"class": "hint", "id": "away-hint"}, t("away.hint", n=seat + 1)),
        h(
            "label",
            {"class": "choice"},
            h("span", None, t("away.level")),
            h("select", {"id": "away-level"}, *options),
        ),
        button("away-computer", t("away.computer"), "btn", {"aria-describedby": "away-hint"}),
    )


def chosen():
    """The away seat and the level chosen in the pairing dialog (None: not shown)."""
    block = document.querySelector("#dlg-pair .pairing-away")
    select = by_id("away-level")
    if block is None or select is None:
        return None
    return int(str(block.dataset.seat)), str(select.value)


def show_bar(t, seats, host=True):
    """While the computer plays `seats` (numbers from 1) for friends away: say so
    (the host's bar offers "Pair again"; a guest's only says it)."""
    bar = by_id("away-bar")
    if not seats:
        if bar is not None:
            bar.hidden = True
        return
    anchor = by_id("update-bar")
    attrs = {"class": "update-bar away-bar", "role": "status"}
    bar = placed("away-bar", "div", attrs, anchor.parentNode, anchor)
    said = t("away.bar" if host else "away.bar_guest", seats=", ".join(seats))
    fill(
        bar,
        h("p", {"class": "update-text"}, said),
        button("away-back", t("away.back")) if host else None,
    )
    bar.hidden = False
