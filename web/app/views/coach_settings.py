# The new-match form's coach choices (a group of views/settings.py): the sweep
# warning (#set-sweep). Unless the player has chosen, it follows the level:
# on at easy and normal, off at hard and expert (coach_words.warns); once
# chosen, the choice is kept with the match's settings (sweep_warning).

from coach_words import warns
from dom import by_id, h


def coach_group(i18n, settings):
    t = i18n.t
    chosen = isinstance(settings.get("sweep_warning"), bool)
    box = h(
        "input",
        {
            "type": "checkbox",
            "id": "set-sweep",
            "name": "sweep",
            "checked": warns(settings),
            "data-chosen": "1" if chosen else "",
            "aria-describedby": "set-sweep-hint",
        },
    )
    return h(
        "fieldset",
        {"class": "group"},
        h("legend", None, t("set.coach")),
        h("label", {"class": "choice"}, box, h("span", None, t("set.sweep"))),
        h("p", {"class": "hint", "id": "set-sweep-hint"}, t("set.sweep_hint")),
    )


def on_coach_change(target):
    """A change in the form: the player's own choice, or a level that sets the default."""
    box = by_id("set-sweep")
    if box is None:
        return
    if target.id == "set-sweep":
        box.dataset.chosen = "1"
    elif target.id == "set-level" and box.dataset.chosen != "1":
        box.checked = warns({"level": target.value})


def read_coach(settings):
    """Add the player's choice, if they made one, to the settings read from the form."""
    box = by_id("set-sweep")
    if box is not None and box.dataset.chosen == "1":
        settings["sweep_warning"] = bool(box.checked)
    return settings
