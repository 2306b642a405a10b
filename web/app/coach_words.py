# The coach's findings in words (MicroPython and CPython): a move as the player
# says it, what it is worth against the best, and the reasons the worker gives
# (the codes of scopa_core/coach/reasons.py; their words are the strings
# "coach.reason.<code>" in both languages). Pure functions of the worker's
# replies and the strings: tests/test_web_coach_words.py runs them in CPython.

MINUS = "\u2212"
#: the levels whose matches have the sweep warning unless the player chose
WARNED_LEVELS = ("easy", "normal")
#: a value this large is a declaration's (it decides the match, not the hand)
MATCH_WORTH = 50


def tenths(x):
    """A number of points rounded to tenths, as a whole number of tenths."""
    n = int(abs(x) * 10 + 0.5)
    return -n if x < 0 else n


def points(x, lang):
    """Points with one decimal, unsigned: "0.3" ("0,3" in Italian)."""
    n = abs(tenths(x))
    return str(n // 10) + ("," if lang == "it" else ".") + str(n % 10)


def signed(x, lang):
    """Points with their sign: "+1.2", "\u22120.3", "0.0"."""
    n = tenths(x)
    if n == 0:
        return points(0, lang)
    return ("+" if n > 0 else MINUS) + points(x, lang)


def move_text(move, i18n):
    """A move of the player's: "7 of coins takes 3 of swords and 4 of cups"."""
    t = i18n.t
    if move.get("declare"):
        return t("coach.move.declare")
    card = i18n.card(move.get("card", ""))
    if move.get("keep"):
        return t("coach.move.keep", card=card)
    if move.get("take"):
        return t("coach.move.take", card=card, cards=i18n.cards(move["take"]))
    return t("coach.move.put", card=card)


def worth_text(option, first, i18n):
    """What an option is worth against the best: "best", "as good", "\u22120.3"."""
    t = i18n.t
    if first:
        return t("coach.best")
    value = option.get("value", 0)
    if option.get("move", {}).get("declare") and value < -MATCH_WORTH:
        return t("coach.loses_match")
    loss = option.get("loss", 0)
    if loss >= MATCH_WORTH:
        return t("coach.misses_match")
    if tenths(loss) == 0:
        return t("coach.as_good")
    return MINUS + points(loss, i18n.lang)


def value_text(value, i18n):
    """A move's value for the hand ("+1.2"), or what a declaration does to the match."""
    if value >= MATCH_WORTH:
        return i18n.t("coach.wins_match")
    if value <= -MATCH_WORTH:
        return i18n.t("coach.loses_match")
    return signed(value, i18n.lang)


def reason_text(reason, i18n):
    """A reason in the page's language; the worker's English for a code unknown here."""
    code = reason.get("code") or ""
    key = "coach.reason." + code
    params = reason.get("params") or {}
    values = {}
    for name in params:
        values[name] = reason_param(name, params[name], i18n)
    said = i18n.t(key, **values)
    if said == key or "{" in said:
        return reason.get("text") or ""
    return said


def reason_param(name, value, i18n):
    if name == "card":
        return i18n.card(value)
    if name == "cards" and isinstance(value, list):
        return i18n.cards(value)
    if name == "values" and isinstance(value, list):
        return i18n.t("reason.or").join(str(v) for v in value)
    return str(value)


def reasons_text(option, i18n):
    """Every reason of an option, in one line."""
    said = [reason_text(r, i18n) for r in option.get("reasons") or []]
    return "; ".join(s for s in said if s)


def same_move(a, b):
    """Two spec moves are the same move (takes in any order)."""
    if not a or not b:
        return False
    if bool(a.get("declare")) or bool(b.get("declare")):
        return bool(a.get("declare")) == bool(b.get("declare"))
    return (
        a.get("card") == b.get("card")
        and bool(a.get("keep")) == bool(b.get("keep"))
        and sorted(a.get("take") or []) == sorted(b.get("take") or [])
    )


def is_put_down(move):
    """A card put on the table: it takes nothing (not a kept ace, not a declaration)."""
    return bool(move.get("card")) and not move.get("take") and not move.get("keep")


def warns(settings):
    """Whether a match with these settings warns before a sweep is left: the
    player's choice (sweep_warning), else the level's default."""
    settings = settings or {}
    chosen = settings.get("sweep_warning")
    if chosen is True or chosen is False:
        return chosen
    return settings.get("level", "normal") in WARNED_LEVELS
