# The new-match form's controls for friends on other devices (issue 16):
# "Play a friend on another device", "Join a friend", and the STUN/TURN
# servers for play across networks (empty by default: no outside service).
# The flow behind them is app/link_pairing.py; this only draws them.

from dom import h

from views.dialogs import button


def friend_controls(i18n, settings, can_pair=True):
    """The seats' fieldset's last rows: the two buttons, their hint, the servers. In a
    browser that cannot connect to another device the buttons are disabled and the
    hint says why, in plain words, before anyone tries."""
    t = i18n.t
    if not can_pair:
        unavailable = {"disabled": True, "aria-describedby": "set-no-webrtc"}
        return [
            h(
                "div",
                {"class": "friend-row"},
                button("friend", t("set.friend"), "btn", unavailable),
                button("join", t("set.join"), "btn", unavailable),
            ),
            h("p", {"class": "hint friend-unavailable", "id": "set-no-webrtc"}, t("set.no_webrtc")),
        ]
    return [
        h(
            "div",
            {"class": "friend-row"},
            button("friend", t("set.friend")),
            button("join", t("set.join")),
        ),
        h("p", {"class": "hint"}, t("set.friend_hint")),
        ice_field(i18n, settings.get("ice_servers") or ""),
    ]


def ice_field(i18n, text):
    """STUN/TURN servers, one a line (app/link_pairing.py reads #set-ice)."""
    t = i18n.t
    return h(
        "details",
        {"class": "ice", "open": bool(text)},
        h("summary", None, t("set.ice")),
        h("p", {"class": "hint"}, t("set.ice_hint")),
        h(
            "div",
            {
                "class": "pairing-field",
                "id": "set-ice",
                "contenteditable": "plaintext-only",
                "role": "textbox",
                "aria-multiline": "true",
                "aria-label": t("set.ice"),
                "data-placeholder": "stun:stun.example.org:3478",
                "spellcheck": "false",
            },
            text,
        ),
    )
