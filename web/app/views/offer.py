# The guided hand's offer on a first visit (#tutorial-offer): a quiet bar above
# the scoreboard with "No, thanks" and "Show me". Known before anything runs (a
# first visit, nothing saved), so it is part of the first paint: the build
# draws it with this same function (tools/first_paint.py) and the page's
# Python draws it again, identical, when it takes the table over; it never
# appears later and pushes the table down.

from dom import by_id, fill, h, placed

OFFER = "tutorial-offer"


def draw_offer(i18n):
    t = i18n.t
    board = by_id("scoreboard")
    # data-i18n: the words follow a change of language (preferences.translate_static)
    attrs = {"class": "update-bar tutorial-offer", "role": "region"}
    attrs["data-i18n-aria"] = "tutorial.title"
    bar = placed(OFFER, "div", attrs, board.parentNode, board)
    bar.setAttribute("aria-label", t("tutorial.title"))
    fill(
        bar,
        h("span", {"class": "update-text", "data-i18n": "tutorial.offer"}, t("tutorial.offer")),
        h(
            "button",
            {
                "type": "button",
                "class": "btn",
                "data-action": "tutorial-offer-no",
                "data-i18n": "btn.tutorial_no",
            },
            t("btn.tutorial_no"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "btn primary",
                "data-action": "tutorial-offer-yes",
                "data-i18n": "btn.tutorial_yes",
            },
            t("btn.tutorial_yes"),
        ),
    )
    bar.hidden = False
    return bar


def remove_offer():
    bar = by_id(OFFER)
    if bar is not None:
        bar.remove()
