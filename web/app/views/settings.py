# The new-match form (#dlg-settings): game, points to win, computer level,
# capture rule, variants and seats. It only reads and writes its own form; the
# settings it returns are checked by the engine (scopa_core/table/settings.py).

from dom import by_id, fill, h
from i18n import CAPTURE_VARIANTS, LEVELS, PLAYERS_OF_PRESET, PRESETS, TOGGLE_VARIANTS
from pyscript import document

from views.coach_settings import coach_group, on_coach_change, read_coach
from views.deadline_settings import deadline_group, on_deadline_change, read_deadline
from views.dialogs import actions_row, button, close_button, open_dialog
from views.feel_settings import feel_group
from views.friend_settings import friend_controls

TARGET_MIN = 1
TARGET_MAX = 99
TRENTINO_TARGET = "21"
USUAL_TARGET = "11"
NAME_LIMIT = 24


def option(value, label, selected):
    return h("option", {"value": value, "selected": selected}, label)


class SettingsForm:
    def __init__(self, i18n):
        self.i18n = i18n
        self.can_pair = True  # this browser can connect to another device (WebRTC)

    # -- drawing ------------------------------------------------------------------
    def open(self, settings, focus=None, prefs=None, can_pair=True):
        """The form for these settings; `prefs`: the device's, for its sound and pace;
        `can_pair`: false in a browser that cannot play a friend's device (its controls
        are then disabled, and say why)."""
        t = self.i18n.t
        self.can_pair = can_pair
        fill(
            by_id("settings-form"),
            h(
                "div",
                {"class": "dialog-head"},
                h("h2", {"id": "dlg-settings-title"}, t("set.title")),
                close_button(t("btn.close")),
            ),
            h("div", {"class": "form-grid"}, self.fields(settings), feel_group(self.i18n, prefs)),
            # watch mode (watch.py): these settings, computers only
            h("p", {"class": "watch-entry"}, button("watch", t("btn.watch"))),
            actions_row(
                button("close", t("btn.cancel")), button("start", t("btn.start"), "btn primary")
            ),
        )
        self.show_seats(settings.get("seats"))
        open_dialog("dlg-settings")
        field = by_id("set-" + focus) if focus else None
        if field is not None:
            field.focus()

    def fields(self, settings):
        t = self.i18n.t
        preset = settings.get("preset", "scopa")
        level = settings.get("level", "normal")
        target = settings.get("target") or (21 if preset == "trentino" else 11)
        return [
            h(
                "label",
                {"class": "field"},
                h("span", None, t("set.game")),
                h(
                    "select",
                    {"id": "set-preset", "name": "preset"},
                    [option(p, t("preset." + p), p == preset) for p in PRESETS],
                ),
            ),
            self.target_field(target),
            h(
                "label",
                {"class": "field"},
                h("span", None, t("set.level")),
                h(
                    "select",
                    {"id": "set-level", "name": "level"},
                    [option(lv, t("level." + lv), lv == level) for lv in LEVELS],
                ),
            ),
            self.capture_group(settings.get("variants") or []),
            self.variant_group(settings.get("variants") or []),
            h(
                "fieldset",
                {"class": "group seats", "id": "set-seats"},
                h("legend", None, t("set.seats")),
                h("div", {"id": "seat-rows"}),
                h("p", {"class": "hint"}, t("set.hotseat_hint")),
                *friend_controls(self.i18n, settings, self.can_pair),
            ),
            deadline_group(self.i18n, settings),
            coach_group(self.i18n, settings),
        ]

    def target_field(self, target):
        t = self.i18n.t
        step = "step"
        return h(
            "div",
            {"class": "field"},
            h("span", {"id": "set-target-label"}, t("set.target")),
            h(
                "div",
                {"class": "stepper", "role": "group", "aria-labelledby": "set-target-label"},
                button("target-down", "\u2212", step, {"aria-label": t("set.target_down")}),
                h("output", {"id": "set-target", "aria-live": "polite"}, str(target)),
                button("target-up", "+", step, {"aria-label": t("set.target_up")}),
            ),
        )

    def capture_group(self, variants):
        """One capture rule of three (radio buttons): standard unless a variant says."""
        capture = "standard"
        for v in variants:
            if v in CAPTURE_VARIANTS:
                capture = v
        choices = [
            self.choice(
                {"type": "radio", "name": "capture", "value": c, "checked": c == capture},
                "capture." + c,
            )
            for c in CAPTURE_VARIANTS
        ]
        return self.group("set.capture", choices)

    def variant_group(self, variants):
        choices = [
            self.choice(
                {
                    "type": "checkbox",
                    "name": "variant",
                    "value": v,
                    "id": "var-" + v,
                    "checked": v in variants,
                },
                "variant." + v,
            )
            for v in TOGGLE_VARIANTS
        ]
        no_chiamarsi = self.i18n.t("set.no_chiamarsi")
        hint = h("p", {"class": "hint", "id": "chiamarsi-hint", "hidden": True}, no_chiamarsi)
        return self.group("set.variants", choices, hint)

    def group(self, legend, choices, after=None):
        legend = h("legend", None, self.i18n.t(legend))
        return h("fieldset", {"class": "group"}, legend, choices, after)

    def choice(self, input_attrs, label):
        return h(
            "label",
            {"class": "choice"},
            h("input", input_attrs),
            h("span", None, self.i18n.t(label)),
        )

    def show_seats(self, seats=None):
        """Rebuild the seat rows for the chosen game's number of players."""
        preset = by_id("set-preset").value
        players = PLAYERS_OF_PRESET.get(preset, 2)
        if seats is None or len(seats) != players:
            old = self.read_seats()
            if old and len(old) == players:
                seats = old
            else:
                seats = [{"kind": "person"}] + [{"kind": "computer"}] * (players - 1)
        rows = [
            self.seat_row(k, seats[k] if k < len(seats) else {"kind": "computer"}, players)
            for k in range(players)
        ]
        fill(by_id("seat-rows"), rows)
        hint = by_id("chiamarsi-hint")
        box = by_id("var-chiamarsi-fuori")
        if hint is not None and box is not None:
            three = players == 3
            hint.hidden = not three
            box.disabled = three
            if three:
                box.checked = False
        target = by_id("set-target")
        if preset == "trentino" and target.textContent == USUAL_TARGET:
            target.textContent = TRENTINO_TARGET
        elif preset != "trentino" and target.textContent == TRENTINO_TARGET:
            target.textContent = USUAL_TARGET

    def seat_row(self, k, seat, players):
        t = self.i18n.t
        kind = seat.get("kind")
        person = kind == "person"
        team = None
        if players >= 4:
            team = h("span", {"class": "team-chip team-" + str(k % 2)}, "A" if k % 2 == 0 else "B")
        label = t("set.seat", n=k + 1)
        return h(
            "div",
            {"class": "seat-row", "data-seat": k},
            h("span", {"class": "seat-label"}, label, team),
            h(
                "select",
                {"class": "seat-kind", "aria-label": label},
                option("person", t("set.person"), person),
                option("computer", t("set.computer"), kind == "computer"),
                self.remote_option(kind),
            ),
            # contenteditable, not <input>: Chromium asks its autofill server about
            # every page with text inputs, and nothing may leave the device
            h(
                "span",
                {
                    "class": "seat-name",
                    "contenteditable": "plaintext-only",
                    "role": "textbox",
                    "spellcheck": "false",
                    "data-placeholder": t("set.name"),
                    "aria-label": t("set.name"),
                    "hidden": not person,
                },
                seat.get("name") or "",
            ),
        )

    def remote_option(self, kind):
        """A friend's seat: not offered where this browser cannot connect (the form's
        friend controls say why)."""
        attrs = {"value": "remote", "selected": kind == "remote", "disabled": not self.can_pair}
        return h("option", attrs, self.i18n.t("set.remote"))

    # -- reading ------------------------------------------------------------------
    def read_seats(self):
        rows = document.querySelectorAll("#seat-rows .seat-row")
        seats = []
        for k in range(rows.length):
            row = rows.item(k)
            kind = row.querySelector(".seat-kind").value
            name_el = row.querySelector(".seat-name")
            name_el.hidden = kind != "person"
            seat = {"kind": kind}
            name = str(name_el.textContent).strip()[:NAME_LIMIT]
            if kind == "person" and name:
                seat["name"] = name
            seats.append(seat)
        return seats

    def read(self):
        """The settings the form shows, for the engine's new_match (None: not valid)."""
        variants = []
        boxes = document.querySelectorAll('#settings-form input[name="variant"]')
        for k in range(boxes.length):
            box = boxes.item(k)
            if box.checked and not box.disabled:
                variants.append(box.value)
        radios = document.querySelectorAll('#settings-form input[name="capture"]')
        for k in range(radios.length):
            radio = radios.item(k)
            if radio.checked and radio.value != "standard" and radio.value in CAPTURE_VARIANTS:
                variants.append(radio.value)
        seats = self.read_seats()
        level = by_id("set-level").value or "normal"
        for seat in seats:
            if seat["kind"] == "computer":
                seat["level"] = level
        settings = {
            "preset": by_id("set-preset").value,
            "variants": variants,
            "target": self.target(),
            "level": level,
            "seats": seats,
        }
        return read_deadline(read_coach(settings))  # None: the deadline field says why

    def target(self):
        try:
            value = int(by_id("set-target").textContent)
        except Exception:
            value = 11
        return max(TARGET_MIN, min(TARGET_MAX, value))

    def step_target(self, delta):
        by_id("set-target").textContent = str(
            max(TARGET_MIN, min(TARGET_MAX, self.target() + delta))
        )

    # -- its own controls ---------------------------------------------------------
    def friend(self):
        """ "Play a friend on another device": the seat across (2 players: the other
        one) becomes a friend's; the host then starts the table as usual."""
        selects = document.querySelectorAll("#seat-rows .seat-kind")
        if any(selects.item(k).value == "remote" for k in range(selects.length)):
            return
        seat = 1 if selects.length == 2 or selects.length == 3 else selects.length // 2
        if seat < selects.length:
            selects.item(seat).value = "remote"
            self.read_seats()

    def on_change(self, target):
        """A change inside the form: the game (seat rows) or a seat's kind (its name field)."""
        on_coach_change(target)
        on_deadline_change(target)
        if target.id == "set-preset":
            self.show_seats()
        elif target.classList.contains("seat-kind"):
            self.read_seats()
