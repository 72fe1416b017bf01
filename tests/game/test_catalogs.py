"""The catalogs in game/locale: every message translated (none fuzzy), placeholders and links kept, the
template and the compiled .mo files fresh (``make i18n`` remakes them), and the publisher's words of the
glossary used."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.ENGLISH]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
LINK = re.compile(r"\]\(([a-z0-9-]+)\)")


def _catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "noblemen.po", "rb") as f:
        return read_po(f, locale=lang)


def _template():
    with open(LOCALE / "noblemen.pot", "rb") as f:
        return read_po(f)


def _messages(catalog) -> list:
    return [m for m in catalog if m.id]


def _ids(catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in _messages(catalog)}


def _forms(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (value,)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_english_catalog_is_translated(lang):
    catalog = _catalog(lang)
    english = _ids(_template())
    assert _ids(catalog) == english  # the catalog was updated from the template
    untranslated = [m.id for m in _messages(catalog) if not all(_forms(m.string))]
    fuzzy = [m.id for m in _messages(catalog) if m.fuzzy]
    assert (len(untranslated), len(fuzzy)) == (0, 0), (untranslated[:5], fuzzy[:5])
    assert len(english) > 400


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_keeps_the_placeholders_and_the_links_of_its_message(lang):
    wrong = []
    for m in _messages(_catalog(lang)):
        ids = _forms(m.id)
        wanted = {tuple(sorted(set(PLACEHOLDER.findall(text)))) for text in ids}
        links = sorted(LINK.findall(ids[0]))
        for form in _forms(m.string):
            if tuple(sorted(set(PLACEHOLDER.findall(form)))) not in wanted or sorted(LINK.findall(form)) != links:
                wrong.append((ids[0][:60], form[:60]))
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_come_from_the_catalog(lang):
    i18n.set_language(lang)
    try:
        one = i18n.ngettext("{n} field tile", "{n} field tiles", 1).format(n=1)
        three = i18n.ngettext("{n} field tile", "{n} field tiles", 3).format(n=3)
    finally:
        i18n.set_language("en")
    assert one != three and "tile" not in one + three
    assert i18n.ngettext("{n} field tile", "{n} field tiles", 1).format(n=1) == "1 field tile"


def test_the_template_holds_every_message_the_code_marks():
    keywords = {**DEFAULT_KEYWORDS, "later": None}
    found: set[tuple[str | None, str]] = set()
    for folder in ("game", "rules"):
        for _file, _line, message, _comments, context in extract_from_dir(
                str(ROOT / folder), method_map=[("**.py", "python")], keywords=keywords):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    assert found == _ids(_template()), "run make i18n"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogs_are_those_of_the_po_files(lang):
    # Compared by content, not bytes: the header names the Babel version that compiled it.
    with open(LOCALE / lang / "LC_MESSAGES" / "noblemen.mo", "rb") as f:
        committed = read_mo(f)
    source = _catalog(lang)
    assert _translations(committed) == _translations(source), "run make i18n"
    assert committed.plural_forms == source.plural_forms, "run make i18n"


def _translations(catalog) -> dict:
    return {(_text(m.context), _forms(m.id)): _forms(m.string) for m in _messages(catalog)}


def _text(context: str | bytes | None) -> str | None:
    return context.decode() if isinstance(context, bytes) else context  # Babel before 2.19 reads some as bytes


def _glossary() -> list[dict[str, str]]:
    with open(LOCALE / "glossary.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _uses(text: str, term: str) -> bool:
    text = PLACEHOLDER.sub("", text)
    return re.search(rf"\b{re.escape(term)}(e?s)?\b", text, flags=re.IGNORECASE) is not None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogs_use_the_publishers_words_of_the_glossary(lang):
    column = {"de": "german", "it": "italian"}[lang]
    rows = _glossary()
    assert len(rows) >= 40 and all(row["rulebook_de"] and row["rulebook_it"] for row in rows)
    messages = [(m.id, m.string) for m in _messages(_catalog(lang)) if not isinstance(m.id, tuple)]
    wrong = []
    for row in rows:
        forms = row[column].split("|")
        for msgid, text in messages:
            if msgid.lower() == row["english"].lower() and text.lower() != forms[0].lower():
                wrong.append((row["english"], text))
            elif row["check"] == "all" and _uses(msgid, row["english"]) and not any(
                    form.lower() in text.lower() for form in forms):
                wrong.append((row["english"], msgid[:50], text[:50]))
    assert wrong == []


def test_a_count_shown_to_players_has_the_plural_forms_of_the_catalog():
    # {n} and {count} stand for counts of things whose words change with the number ("1 tile", "2 tiles"; Italian
    # "ne resta 1", "ne restano 2"): such a message is asked for with ngettext. A number that is no count of such
    # words is named by what it is ({vp}, {prestige}, {space}, {total}, {limit}...).
    single = [m.id for m in _messages(_template()) if not isinstance(m.id, tuple)
              and re.search(r"\{(n|count)\}", m.id)]
    assert single == []


def test_german_calls_the_tutorial_tutorial_and_undo_is_not_back_in_any_language():
    # "Anleitung" reads as the rulebook to German players; Undo and Back are two buttons with two words.
    german = {m.id: m.string for m in _messages(_catalog("de")) if not isinstance(m.id, tuple)}
    assert [msgid for msgid, text in german.items() if "Anleitung" in text] == []
    assert german["Tutorial"] == "Tutorial"
    for lang in TRANSLATED:
        words = {m.id: m.string for m in _messages(_catalog(lang)) if not isinstance(m.id, tuple)}
        assert words["Undo"] != words["Back"]
