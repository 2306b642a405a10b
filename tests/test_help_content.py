"""The written rules and the in-game help: well-formed, self-contained, complete.

The help fragments are inserted into the page's help dialog, so they must be
plain markup (no scripts, no inline styles, nothing fetched from elsewhere)
and the English and Italian versions must have the same sections.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HELP = {lang: ROOT / "web" / "help" / f"help.{lang}.html" for lang in ("en", "it")}
RULES_MD = ROOT / "docs" / "rules.md"

#: Every key of the spec's rules object (shared/spec/records.md).
RULES_KEYS = (
    "players",
    "hand_size",
    "table_cards",
    "target",
    "primiera_all_suits",
    "re_bello",
    "napola",
    "cappotto",
    "kings_redeal",
    "capture",
    "ace_takes_all",
    "ace_takes_all_is_scopa",
    "ace_takes_ace_first",
    "ace_may_keep",
    "aces_redeal",
    "chiamarsi_fuori",
)

#: Keys the help must name (the app's keyboard), in both languages.
KEYBOARD = ("N", "L", "D", "H", "S", "M", "1", "0")

#: Italian terms both languages use as they are.
TERMS = (
    "scopa",
    "settebello",
    "primiera",
    "denari",
    "napola",
    "re bello",
    "asso piglia tutto",
    "cappotto",
    "chiamarsi fuori",
    "scopone",
)


def _text(lang: str) -> str:
    return HELP[lang].read_text(encoding="utf-8")


def _root(lang: str) -> ET.Element:
    return ET.fromstring(f"<div>{_text(lang)}</div>")


def _section_ids(root: ET.Element) -> list[str | None]:
    return [section.get("id") for section in root.iter("section")]


@pytest.mark.parametrize("lang", sorted(HELP))
def test_help_is_a_well_formed_fragment(lang: str) -> None:
    root = _root(lang)  # raises ParseError on an unclosed tag or a bare &
    tags = {element.tag for element in root.iter()}
    assert not tags & {"html", "head", "body", "script", "style", "link", "iframe", "img"}
    assert [child.tag for child in root] == ["section"] * len(root), "only top-level sections"


@pytest.mark.parametrize("lang", sorted(HELP))
def test_help_is_self_contained(lang: str) -> None:
    text = _text(lang).lower()
    for forbidden in ("<script", "style=", "http"):
        assert forbidden not in text, f"help.{lang}.html contains {forbidden!r}"
    assert not re.search(r"\son\w+\s*=", text), "no inline event handlers"


@pytest.mark.parametrize("lang", sorted(HELP))
def test_every_section_has_an_id_and_a_heading(lang: str) -> None:
    root = _root(lang)
    ids = _section_ids(root)
    assert ids and all(ids), "every section carries an id"
    assert len(set(ids)) == len(ids), "section ids are unique"
    assert all(str(i).startswith("help-") for i in ids)
    for section in root.iter("section"):
        heading = section.find("h2")
        assert heading is not None and (heading.text or "").strip(), section.get("id")


def test_both_languages_have_the_same_sections() -> None:
    assert _section_ids(_root("en")) == _section_ids(_root("it"))


def test_both_languages_have_the_same_tables() -> None:
    def shape(root: ET.Element) -> list[tuple[str | None, int, int]]:
        return [
            (section.get("id"), len(table.findall(".//tr")), len(table.findall(".//td")))
            for section in root.iter("section")
            for table in section.iter("table")
        ]

    assert shape(_root("en")) == shape(_root("it"))


@pytest.mark.parametrize("lang", sorted(HELP))
def test_help_documents_the_keyboard_and_the_essentials(lang: str) -> None:
    root = _root(lang)
    cells = {"".join(td.itertext()).strip() for td in root.iter("td")}
    for key in KEYBOARD:
        assert any(key in cell.replace(",", " ").split() for cell in cells), key
    text = " ".join(root.itertext()).lower()
    for term in TERMS:
        assert term in text, f"help.{lang}.html never mentions {term!r}"


def test_rules_md_mentions_every_rules_key() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    missing = [key for key in RULES_KEYS if f"`{key}`" not in text]
    assert not missing, f"docs/rules.md does not mention {missing}"


def test_rules_md_has_the_promised_sections() -> None:
    headings = re.findall(r"^#+\s+(.*)$", RULES_MD.read_text(encoding="utf-8"), re.MULTILINE)
    for wanted in ("Worked examples", "Where rule books differ, and what we chose", "Glossary"):
        assert wanted in headings, wanted
