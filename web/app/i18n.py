# Italian and English for the page (MicroPython-compatible, and imported by the
# CPython tests). The sentences are data: strings/<lang>.json holds
# {"text": {key: sentence}, "problems": {engine problem code: sentence}}; only
# the page's language is read, on first use (json.loads of a file
# pyscript-strict.mjs wrote with the start pack: a few ms, where the same
# sentences as a Python dict cost MicroPython 20-30 ms to compile at every
# start); another language's file is written when the player switches to it
# (preferences.py). t(key, **values) formats one.
# tests/test_web_session.py checks that every key exists in both languages.

import json

LANGS = ("en", "it")

try:  # the folder beside this module: "strings" in the page, a full path in CPython
    STRINGS_DIR = __file__.rsplit("/", 1)[0] + "/strings" if "/" in __file__ else "strings"
except NameError:
    STRINGS_DIR = "strings"

_loaded = {}


def catalogue(lang):
    """{"text": {...}, "problems": {...}} of a language, read once."""
    data = _loaded.get(lang)
    if data is None:
        try:
            with open(STRINGS_DIR + "/" + lang + ".json", "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
        except Exception:  # a missing file must not stop the game: keys show instead
            return {"text": {}, "problems": {}}  # (not kept: it may be written later)
        _loaded[lang] = data
    return data


def available(lang):
    """The language's sentences can be read now (its file is in the page's files)."""
    return bool(catalogue(lang)["text"])


#: A list of captures names this many, then "or another" (as the engine does).
OPTIONS_SHOWN = 6

#: The deck of a first visit. The build names it too (tools/build.py
#: DEFAULT_DECK: its sprite goes into index.html, whose data-deck says it);
#: tests/test_page_code.py checks that the three agree.
DEFAULT_DECK = "french"
#: Every deck the game draws (tools/cards), by suits: the Italian-suited
#: patterns, the Spanish-suited, the French-suited; within each the more
#: people play with a pattern, the earlier it comes.
DECK_SUITS = {
    "italian": ("trevigiane", "bresciane", "bergamasche", "trentine", "triestine"),
    "spanish": ("neapolitan", "piacentine", "siciliane", "sarde", "romagnole"),
    "french": (DEFAULT_DECK, "piemontesi", "lombarde", "toscane", "genovesi"),
}
#: Every deck, in the order the game gained them: the most played first
#: (tools/cards/__init__.py says why); the chooser shows them by suits.
DECKS = (DEFAULT_DECK, "neapolitan", "piacentine", "trevigiane", "siciliane", "piemontesi")
DECKS += ("lombarde", "toscane", "sarde", "genovesi", "bresciane", "bergamasche", "romagnole")
DECKS += ("trentine", "triestine")
#: Patterns whose Fante is a young woman, called the Donna (the 8, below the Cavallo).
DONNA_FANTE = ("siciliane",)
LEVELS = ("easy", "normal", "hard", "expert")
PRESETS = ("scopa", "scopa-3", "scopa-4", "scopa-6", "scopone", "scientifico", "trentino")
PLAYERS_OF_PRESET = {
    "scopa": 2,
    "scopa-3": 3,
    "scopa-4": 4,
    "scopa-6": 6,
    "scopone": 4,
    "scientifico": 4,
    "trentino": 4,
}
TOGGLE_VARIANTS = ("re-bello", "napola", "asso-piglia-tutto", "chiamarsi-fuori", "cappotto")
CAPTURE_VARIANTS = ("standard", "scopa-a-15", "quindici")


def is_card_code(value):
    """True for a card code such as "7D" (the engine's problems name cards so)."""
    return (
        isinstance(value, str)
        and len(value) == 2
        and value[0] in "A234567JQK"
        and value[1] in "DHSC"
    )


def browser_lang(navigator_language):
    text = str(navigator_language or "").lower()
    return "it" if text.startswith("it") else "en"


class I18n:
    def __init__(self, lang="en", deck=DEFAULT_DECK, traditional=False):
        self.lang = lang if lang in LANGS else "en"
        self.deck = deck if deck in DECKS else DEFAULT_DECK
        # the figures called by the deck's own Italian names on a page in English
        self.traditional = bool(traditional)

    def t(self, key, **values):
        text = catalogue(self.lang)["text"].get(key)
        if text is None:
            text = catalogue("en")["text"].get(key, key)
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def suits(self):
        """The deck's suit names and courts: "fr" (hearts, Queen) or "it" (cups, Cavallo)."""
        return "fr" if self.deck in DECK_SUITS["french"] else "it"

    def card(self, code):
        """Accessible name: '7 of coins' / '7 di denari' (suit names follow the deck)."""
        if not code or code == "back":
            return self.t("card.back")
        rank, suit = code[0], code[1]
        pack = self.suits()
        return self.t(
            "card.of", rank=self.rank_name(rank), suit=self.t("suit." + pack + "." + suit)
        )

    def rank_name(self, rank):
        """A rank as the deck names it: the Queen or the Cavallo, the Sicilian Donna;
        the figures in Italian (Fante, Cavallo, Re) for a player who calls them so."""
        if rank not in "AJQK":
            return rank
        key = "rank." + rank
        if rank == "Q":
            key += "." + self.suits()
        elif rank == "J" and self.deck in DONNA_FANTE:
            key = "rank.J.donna"
        if self.traditional and rank != "A":
            key = "figure." + key[len("rank.") :]  # the Italian names, in every language's file
        return self.t(key)

    def cards(self, codes):
        names = [self.card(c) for c in codes]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " " + self.t("and") + " " + names[-1]

    def has(self, key):
        return key in catalogue(self.lang)["text"] or key in catalogue("en")["text"]

    def error(self, reply):
        """An error reply's sentence in the page's language: the engine's English on
        the English page, else the words of its code; without a sentence or a code
        known in this language, a plain "something unexpected" (engine.py logs the
        English in the browser's console). A sentence without a code is no sentence
        of the engine's but an exception's text (a worker that failed, "KeyError:
        ..."): never shown, in either language."""
        if isinstance(reply.get("said"), str):
            return reply["said"]  # the page's own refusal, already in its language
        sentence = reply.get("error")
        coded = isinstance(reply.get("problem"), dict)
        if self.lang == "en" and coded and isinstance(sentence, str) and sentence:
            return sentence
        said = self.problem(reply.get("problem")) if self.lang != "en" else None
        return said if said is not None else self.t("error.unexplained")

    def problem(self, problem):
        """An engine problem ({"code", "params"}) in the page's language, or None."""
        if not isinstance(problem, dict):
            return None
        template = catalogue(self.lang)["problems"].get(problem.get("code"))
        params = problem.get("params")
        if template is None or not isinstance(params, dict):
            return None
        values = {}
        for name, value in params.items():
            shown = self.problem_param(name, value)
            if shown is None:
                return None
            values[name] = shown
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return None

    def problem_param(self, name, value):
        if isinstance(value, dict):
            return self.problem(value)
        if name == "options" and isinstance(value, list):
            shown = [self.card_set(option) for option in value[:OPTIONS_SHOWN]]
            more = self.t("problem.another") if len(value) > OPTIONS_SHOWN else ""
            return self.t("reason.or").join(shown) + more
        if name == "card":
            return self.card(value) if is_card_code(value) else str(value)
        if isinstance(value, list):
            return self.card_set(value)
        return str(value)

    def card_set(self, codes):
        if isinstance(codes, list) and all(is_card_code(c) for c in codes):
            return self.cards(codes)
        return str(codes)

    def reason(self, why):
        """A rejected capture, in the page's language, from the engine's reason."""
        if not why:
            return ""
        code = why.get("code")
        sep = self.t("reason.or")
        options = sep.join(self.cards(o) for o in why.get("options", [])[:4])
        values = {
            "card": self.card(why.get("card", "")),
            "take": self.cards(why.get("take", [])),
            "singles": sep.join(self.card(c) for c in why.get("singles", [])),
            "options": options,
        }
        if code in ("single_first", "no_sum", "ace"):
            return self.t("reason." + code, **values)
        return why.get("text", "")
