# The new-match form's move deadline (a group of views/settings.py):
# #set-deadline chooses off (the default), a usual number of seconds, or
# "other", which shows #set-deadline-s for any whole number of seconds in the
# worker's range (address.py's DEADLINE_LOW..DEADLINE_HIGH, scopa_core/table/settings.py's;
# tests/test_web_clock.py checks they agree). Kept with the match as settings["deadline"].
#
# The custom seconds are a contenteditable field, not an <input>, like the
# seats' names (views/settings.py): nothing may make Chromium ask its autofill
# server about the page.

from address import DEADLINE_HIGH, DEADLINE_LOW, parse_seconds
from dom import by_id, h

CHOICES = ("off", "15", "30", "60", "120", "other")


def deadline_group(i18n, settings):
    t = i18n.t
    deadline = settings.get("deadline")
    on = isinstance(deadline, int) and not isinstance(deadline, bool)
    chosen = "off" if not on else (str(deadline) if str(deadline) in CHOICES else "other")
    labels = {
        "off": t("set.deadline_off"),
        "15": t("set.deadline_n", n=15),
        "30": t("set.deadline_n", n=30),
        "60": t("set.deadline_1m"),
        "120": t("set.deadline_2m"),
        "other": t("set.deadline_other"),
    }
    options = [h("option", {"value": c, "selected": c == chosen}, labels[c]) for c in CHOICES]
    custom = h(
        "label",
        {"class": "field deadline-other", "id": "set-deadline-other", "hidden": chosen != "other"},
        h("span", None, t("set.deadline_seconds", low=DEADLINE_LOW, high=DEADLINE_HIGH)),
        h(
            "span",
            {
                "id": "set-deadline-s",
                "class": "deadline-s",
                "contenteditable": "plaintext-only",
                "role": "textbox",
                "inputmode": "numeric",
                "spellcheck": "false",
                "aria-describedby": "set-deadline-bad",
            },
            str(deadline) if chosen == "other" else "",
        ),
    )
    bad = t("set.deadline_bad", low=DEADLINE_LOW, high=DEADLINE_HIGH)
    return h(
        "fieldset",
        {"class": "group deadline"},
        h("legend", None, t("set.deadline")),
        h(
            "select",
            {"id": "set-deadline", "name": "deadline", "aria-label": t("set.deadline")},
            options,
        ),
        custom,
        h(
            "p",
            {"class": "hint error", "id": "set-deadline-bad", "role": "alert", "hidden": True},
            bad,
        ),
        h("p", {"class": "hint"}, t("set.deadline_hint")),
    )


def on_deadline_change(target):
    """The choice changed: the custom field shown for "other" (and focused)."""
    if target.id != "set-deadline":
        return
    other = target.value == "other"
    by_id("set-deadline-other").hidden = not other
    by_id("set-deadline-bad").hidden = True
    if other:
        by_id("set-deadline-s").focus()


def read_deadline(settings):
    """Add the deadline chosen to the settings read from the form; None (and the
    reason shown by the field) when the custom seconds are not a number in range."""
    choice = by_id("set-deadline")
    if choice is None or choice.value == "off":
        return settings
    if choice.value != "other":
        settings["deadline"] = int(choice.value)
        return settings
    field = by_id("set-deadline-s")
    seconds = parse_seconds(field.textContent)
    by_id("set-deadline-bad").hidden = seconds is not None
    if seconds is None:
        field.focus()
        return None
    settings["deadline"] = seconds
    return settings
