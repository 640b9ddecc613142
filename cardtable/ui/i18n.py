"""Choosing the interface language and installing Qt translators.

Source strings are English; Russian comes from ``cardtable/i18n/cardtable_ru.qm``,
compiled from ``translations/cardtable_ru.ts`` at build time. A missing ``.qm`` file
only means English text, never an error, so a fresh checkout runs before any
translation has been compiled.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

SUPPORTED_LANGUAGES: tuple[str, ...] = ("en", "ru")
"""Languages the interface is translated into; English is the source language."""

DEFAULT_LANGUAGE = "en"

LANGUAGE_ENV = "CARDTABLE_LANG"
"""Environment variable that overrides the system locale (``ru`` or ``en``)."""

LANGUAGE_KEY = "interface/language"
"""The language chosen in Settings (``en``, ``ru``; empty or absent: the system's)."""

LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
"""Each language by its own name, as a list of languages shows them."""


def stored_language(qs: QSettings) -> str:
    """The language chosen in Settings, or ``""`` for the system's (anything stored
    that is not a language the interface has counts as no choice)."""
    try:
        value = qs.value(LANGUAGE_KEY, "")
    except Exception:
        return ""
    return value if isinstance(value, str) and value in SUPPORTED_LANGUAGES else ""


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Mark ``source`` for ``lupdate`` under ``context`` and give it back untranslated;
    it is translated where it is shown.  Qt's own marker is typed as returning
    ``object`` in PySide6's stubs; this one keeps tables of words typed as ``str``."""
    return source


def translations_dir() -> Path:
    """Where the compiled ``.qm`` files live: ``cardtable/i18n`` beside this package.

    Resolved from ``__file__`` so it works from a checkout, an installed wheel and a
    PyInstaller bundle alike (all three keep the package layout).
    """
    return Path(__file__).resolve().parent.parent / "i18n"


def choose_language(env: Mapping[str, str] | None = None, locale: QLocale | None = None) -> str:
    """Return ``"ru"`` or ``"en"``: the env override if valid, else the locale's language.

    Any non-Russian locale gets English, because English is the only other language
    the interface has.
    """
    env = os.environ if env is None else env
    override = env.get(LANGUAGE_ENV, "").strip().lower()
    if override in SUPPORTED_LANGUAGES:
        return override
    locale = QLocale.system() if locale is None else locale
    if locale.language() == QLocale.Language.Russian:
        return "ru"
    return DEFAULT_LANGUAGE


QT_GAPS: tuple[tuple[str, str], ...] = (
    ("QFileDialog", QT_TRANSLATE_NOOP("QFileDialog", "&Look in:")),
    ("QFileDialog", QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:")),
    ("QAbstractFileIconProvider", QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder")),
    ("QAbstractFileIconProvider",
     QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "File Folder")),
    ("QAbstractFileIconProvider", QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive")),
)
"""Qt's own words that Qt's Russian catalogue lacks (context, source): Qt 6 renamed
them (a mnemonic added, a class moved) and ``qtbase_ru.qm`` still has only the old
ones, so its file dialog said "Look in:" and "Folder" in a Russian program.  The
program's catalogue translates them under Qt's contexts; it is installed after
Qt's, so Qt asks it first."""

_current = DEFAULT_LANGUAGE
_installed: list[QTranslator] = []
"""The translators :func:`install_translators` installed last (a switch removes them)."""


def current_language() -> str:
    """The language the translators were last installed for (the card indices follow it)."""
    return _current


def interface_locale(language: str) -> QLocale:
    """The conventions of ``language``: the system's own if it speaks that language (an
    English interface in Britain keeps British dates), else the language's usual ones."""
    wanted = QLocale.Language.Russian if language == "ru" else QLocale.Language.English
    system = QLocale.system()
    return system if system.language() == wanted else QLocale(wanted)


def qt_translations_dirs() -> list[Path]:
    """Where Qt's own catalogues may lie: Qt's translations path, then the folders of
    the PySide6 package (``Qt/translations`` on Linux and macOS, ``translations`` on
    Windows), which a bundle keeps even when no ``qt.conf`` tells Qt where it is."""
    import PySide6

    package = Path(PySide6.__file__).resolve().parent
    found = [Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
             package / "Qt" / "translations", package / "translations"]
    return list(dict.fromkeys(found))


def qt_catalogue(language: str) -> Path | None:
    """Qt's own catalogue ``qtbase_<language>.qm`` (standard buttons, file dialog), or
    ``None`` when Qt has none here."""
    for folder in qt_translations_dirs():
        path = folder / f"qtbase_{language}.qm"
        if path.is_file():
            return path
    return None


def remove_translators(app: QCoreApplication) -> None:
    """Take out the translators :func:`install_translators` put in: Qt's catalogue of
    the old language with the program's, so no word of it survives a switch."""
    while _installed:
        translator = _installed.pop()
        try:
            app.removeTranslator(translator)
        except RuntimeError:  # already deleted by its parent
            continue


def install_translators(
    app: QCoreApplication,
    language: str | None = None,
    directory: Path | None = None,
) -> list[QTranslator]:
    """Speak ``language`` from now on; return the translators installed.

    Removes the ones installed before, then installs Qt's ``qtbase`` catalogue (its
    standard buttons and file dialog) and the program's own, in that order: Qt asks
    the last installed first, so the program's catalogue fills the words Qt's lacks
    (:data:`QT_GAPS`).  Qt's locale follows the language too (the file dialog's types,
    such as "JSON document").  Installing and removing translators makes Qt send
    ``LanguageChange`` to every widget, so dialogs already open (Qt's own among them)
    say their words again.  Catalogues that are absent or unreadable are skipped
    silently.  The translators are parented to ``app`` so that Python's garbage
    collector cannot drop them while Qt still uses them.
    """
    language = choose_language() if language is None else language
    if language not in SUPPORTED_LANGUAGES:
        language = DEFAULT_LANGUAGE
    global _current
    _current = language
    remove_translators(app)
    QLocale.setDefault(interface_locale(language))
    directory = translations_dir() if directory is None else directory
    candidates = [qt_catalogue(language), directory / f"cardtable_{language}.qm"]
    for path in candidates:
        if path is None or not path.is_file():
            continue
        translator = QTranslator(app)
        if translator.load(str(path)) and app.installTranslator(translator):
            _installed.append(translator)
        else:
            translator.deleteLater()
    return list(_installed)
