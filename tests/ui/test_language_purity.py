"""Each language in its own letters: English in Latin letters, Russian in Cyrillic.

Every message of every context is read from the catalogues (``translations/*.ts``, which
must hold exactly the messages ``lupdate`` finds in the sources): an English message —
its English translation if it has one, else its source — may hold no Cyrillic letter,
and a Russian translation no Latin word.  The exceptions are few and named here: the
glossary's context (its job is to give each term in both versions), and in Russian the
program's name, keys, a file format and the file patterns.  The English rules texts are
checked the same way.  Each check is proved on a planted bad string.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from cardtable.ui.games.rules_glossary import CONTEXT as GLOSSARY_CONTEXT
from cardtable.ui.games.rules_glossary import terms

REPO = Path(__file__).resolve().parents[2]
UI = REPO / "cardtable" / "ui"
TRANSLATIONS = REPO / "translations"
RULES = UI / "resources" / "rules"

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"[A-Za-z]+")
FILE_PATTERN = re.compile(r"\*\.[\w.]+")
PLACEHOLDER = re.compile(r"%(?:\d|n)")

RUSSIAN_LATIN_ALLOWED = frozenset({
    "CardTable",  # the program's name
    "Enter", "Esc", "PgUp", "PgDn", "H", "N", "P",  # keys, as printed on them
    "CSV", "FIFO",  # a file format, a kind of file
})
"""Latin words a Russian message may hold; file patterns (``*.csv``) are left out
before the check."""


def exempt(context: str) -> bool:
    """The glossary gives each term in both versions, so both alphabets are its own."""
    return "Glossary" in context


def messages(ts: Path) -> list[tuple[str, str, list[str]]]:
    """(context, source, translations) of every message of a catalogue; translations
    are every numerus form, empty ones included (an unfinished one is '')."""
    out = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None:
                forms = [""]
            else:
                forms = [f.text or "" for f in translation.iter("numerusform")] \
                    or [translation.text or ""]
                if translation.get("type") in ("unfinished", "vanished", "obsolete"):
                    forms = ["" for _ in forms]
            out.append((name, source, forms))
    return out


def english_faults(ts: Path) -> list[str]:
    """English text that holds a Cyrillic letter, outside the glossary."""
    faults = []
    for context, source, forms in messages(ts):
        if exempt(context):
            continue
        shown = [f for f in forms if f] or [source]
        faults += [f"{context}: {text!r}" for text in shown if CYRILLIC.search(text)]
    return faults


def russian_faults(ts: Path) -> list[str]:
    """Russian text with a Latin word that is not allowed, outside the glossary."""
    faults = []
    for context, _source, forms in messages(ts):
        if exempt(context):
            continue
        for text in forms:
            plain = PLACEHOLDER.sub("", FILE_PATTERN.sub("", text))
            words = set(LATIN_WORD.findall(plain)) - RUSSIAN_LATIN_ALLOWED
            if words:
                faults.append(f"{context}: {text!r} has {sorted(words)}")
    return faults


def unfinished(ts: Path) -> list[str]:
    return [f"{context}: {source!r}" for context, source, forms in messages(ts)
            if not all(forms)]


def write_ts(path: Path, language: str, context: str, source: str, translation: str) -> Path:
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
        f'<TS version="2.1" language="{language}" sourcelanguage="en">\n'
        f"<context><name>{context}</name><message><source>{source}</source>"
        f"<translation>{translation}</translation></message></context></TS>\n",
        encoding="utf-8")
    return path


# --- the catalogues are the sources' messages ---------------------------------------------


def test_catalogues_hold_every_message_of_the_sources(tmp_path: Path) -> None:
    """The checks below read the catalogues, so these must hold what ``lupdate`` finds
    in the sources now — no message missing, none left over."""
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in UI.rglob("*.py"))
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    subprocess.run([str(lupdate), "-locations", "none", *sources, "-ts", str(fresh)],
                   check=True, capture_output=True)
    found = {(c, s) for c, s, _ in messages(fresh)}
    for ts in sorted(TRANSLATIONS.glob("cardtable_*.ts")):
        kept = {(c, s) for c, s, _ in messages(ts)}
        assert found - kept == set(), f"{ts.name} lacks messages: run make update-translations"
        assert kept - found == set(), f"{ts.name} keeps messages no source has"


# --- English: Latin letters only ------------------------------------------------------------


def test_english_messages_are_in_latin_letters() -> None:
    faults = english_faults(TRANSLATIONS / "cardtable_en.ts")
    assert faults == [], "Cyrillic in English:\n" + "\n".join(faults)


def test_english_check_catches_a_planted_cyrillic_word(tmp_path: Path) -> None:
    bad = write_ts(tmp_path / "bad.ts", "en", "Texts", "Розыгрыш %1 of %2", "")
    assert english_faults(bad) == ["Texts: 'Розыгрыш %1 of %2'"]
    translated = write_ts(tmp_path / "tr.ts", "en", "Texts", "Deal %1", "Сдача %1")
    assert english_faults(translated) == ["Texts: 'Сдача %1'"]
    glossary = write_ts(tmp_path / "ok.ts", "en", GLOSSARY_CONTEXT, "ералаш", "")
    assert english_faults(glossary) == []


def test_english_rules_texts_are_in_latin_letters() -> None:
    for path in sorted(RULES.glob("*.en.html")):
        text = path.read_text(encoding="utf-8")
        found = sorted({m.group(0) for m in re.finditer(r"\S*[\u0400-\u04FF]\S*", text)})
        assert found == [], f"{path.name}: {found}"


# --- Russian: no Latin words ------------------------------------------------------------------


def test_russian_messages_have_no_latin_words() -> None:
    ts = TRANSLATIONS / "cardtable_ru.ts"
    assert unfinished(ts) == []
    faults = russian_faults(ts)
    assert faults == [], "Latin in Russian:\n" + "\n".join(faults)


def test_russian_check_catches_a_planted_latin_word(tmp_path: Path) -> None:
    bad = write_ts(tmp_path / "bad.ts", "ru", "Texts", "Deal %1", "Deal %1 из 3")
    assert russian_faults(bad) == ["Texts: 'Deal %1 из 3' has ['Deal']"]
    allowed = write_ts(tmp_path / "ok.ts", "ru", "GameFiles", "x",
                       "Игры CardTable (*.cardtable.json), клавиша Esc")
    assert russian_faults(allowed) == []


# --- the glossary -------------------------------------------------------------------------------

_ROMAN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya",
}


def romanize(word: str) -> str:
    """Simplified BGN/PCGN as the glossary says: е is ye after a vowel, й, ъ or ь,
    e at the start of a word (the one exception: eralash)."""
    out = []
    for i, letter in enumerate(word.lower()):
        after_vowel = i > 0 and word[i - 1].lower() in "аеёиоуыэюяйъь"
        out.append("ye" if letter == "е" and after_vowel else _ROMAN.get(letter, letter))
    return "".join(out)


def test_transliterated_terms_follow_one_scheme() -> None:
    transliterated = [t for t in terms() if t.transliterated]
    assert {t.english for t in transliterated} >= {
        "eralash", "khvalyonka, khvalyonki", "rozygrysh, rozygryshi"}
    for term in transliterated:
        assert term.english == romanize(term.russian), term


def test_romanize_would_catch_another_spelling() -> None:
    assert romanize("хвалёнка") != "hvalenka"
    assert romanize("ералаш") == "eralash"
    assert romanize("заявка") == "zayavka"


def test_every_term_english_uses_is_in_the_glossary() -> None:
    """A transliterated word in an English message or rules text is one the glossary
    explains; and every glossary term is in Latin letters, its original in Cyrillic."""
    words = {w for t in terms() if t.transliterated for w in t.english.split(", ")}
    english = [s for c, s, _ in messages(TRANSLATIONS / "cardtable_en.ts") if not exempt(c)]
    english += [p.read_text(encoding="utf-8") for p in RULES.glob("*.en.html")]
    used = {w.lower() for text in english
            for w in re.findall(r"\b(?:eralash|khvalyonk\w*|rozygrysh\w*)\b", text, re.I)}
    assert used <= words, used - words
    assert used == words
    for term in terms():
        assert not CYRILLIC.search(term.english) and CYRILLIC.search(term.russian), term
