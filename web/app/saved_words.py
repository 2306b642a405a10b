# Why saved data could not be read, in the page's language (MicroPython in the
# page, CPython in the tests). storage.py gives each entry it sets aside a
# `problem` code ("storage.<code>", worded here from "saved.detail.<code>") or
# the engine's problem when the engine refused a record (worded by i18n.py);
# its `detail` is the same in English. Entries saved before codes existed have
# only an English `detail`: the ones storage.py wrote are recognized by their
# words (LEGACY); an engine's sentence was stored in the page's language of the
# time and is shown as it is.

STORAGE = "storage."
REASONS = ("corrupt", "version", "engine")

# storage.py's English details before codes, to the code they stand for
LEGACY = (
    ("not JSON", "not_json"),
    ("not a JSON object", "not_object"),
    ("not statistics", "not_stats"),
    ("a damaged list", "damaged_list"),
)


def code(name, **params):
    return {"code": STORAGE + name, "params": params}


def legacy_problem(entry):
    """The code of an entry stored with an English `detail` only, or None."""
    detail = entry.get("detail")
    if not isinstance(detail, str):
        return None
    for words, name in LEGACY:
        if detail == words or (name == "not_json" and detail.startswith(words + " (")):
            return code(name)
    if detail.startswith("no ") and detail.endswith(" format"):
        return code("no_format", format=detail[3:-7])
    if detail.startswith("statistics version "):
        return code("stats_version", version=detail[len("statistics version ") :])
    if entry.get("reason") == "version" and detail.startswith("scopa-record/"):
        return code("record_version", format=detail)
    return None


def detail_words(i18n, entry):
    """What was wrong, in the page's language, or None when it cannot be said."""
    problem = entry.get("problem")
    if "problem" not in entry:
        problem = legacy_problem(entry)
        if problem is None and entry.get("reason") == "engine":
            detail = entry.get("detail")  # the engine's sentence, in the language of the time
            return detail if isinstance(detail, str) and detail else None
    if not isinstance(problem, dict) or not isinstance(problem.get("code"), str):
        return english(i18n, entry)
    name = problem["code"]
    params = problem.get("params")
    params = params if isinstance(params, dict) else {}
    if name.startswith(STORAGE):
        key = "saved.detail." + name[len(STORAGE) :]
        if i18n.has(key):
            return i18n.t(key, **{k: str(v) for k, v in params.items()})
        return english(i18n, entry)
    said = i18n.problem(problem)
    return said if said is not None else english(i18n, entry)


def english(i18n, entry):
    """The stored English detail, on the English page only."""
    detail = entry.get("detail")
    if i18n.lang == "en" and isinstance(detail, str) and detail:
        return detail
    return None


def why(i18n, entry):
    """The sentence that says why the entry could not be read."""
    reason = entry.get("reason")
    reason = reason if reason in REASONS else "corrupt"
    said = detail_words(i18n, entry)
    if said is None:
        return i18n.t("saved.why_plain." + reason)
    return i18n.t("saved.why." + reason, detail=said)
