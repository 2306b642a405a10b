# The new-match form's "Sound and pace" group (a group of views/settings.py):
# the sound switch (#set-sound) and the pace of the computers' moves
# (#set-pace). They are the device's preferences, not the match's: feel.py
# keeps and applies each as soon as it changes.

from dom import h

PACES = ("slow", "normal", "fast")


def feel_group(i18n, prefs):
    t = i18n.t
    prefs = prefs or {}
    pace = prefs.get("pace") if prefs.get("pace") in PACES else "normal"
    box = h(
        "input",
        {
            "type": "checkbox",
            "id": "set-sound",
            "checked": prefs.get("sound") is not False,
            "aria-describedby": "set-feel-hint",
        },
    )
    choose = h(
        "select",
        {"id": "set-pace", "aria-describedby": "set-feel-hint"},
        [h("option", {"value": p, "selected": p == pace}, t("pace." + p)) for p in PACES],
    )
    return h(
        "fieldset",
        {"class": "group"},
        h("legend", None, t("set.feel")),
        h("label", {"class": "choice"}, box, h("span", None, t("set.sound"))),
        h("label", {"class": "field"}, h("span", None, t("set.pace")), choose),
        h("p", {"class": "hint", "id": "set-feel-hint"}, t("set.feel_hint")),
    )
