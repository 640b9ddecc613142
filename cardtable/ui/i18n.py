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


_current = DEFAULT_LANGUAGE


def current_language() -> str:
    """The language the translators were last installed for (the card indices follow it)."""
    return _current


def install_translators(
    app: QCoreApplication,
    language: str | None = None,
    directory: Path | None = None,
) -> list[QTranslator]:
    """Load and install the translators for ``language``; return those installed.

    Installs the program's own catalogue and Qt's ``qtbase`` catalogue (so standard
    buttons such as "OK" match the language). Catalogues that are absent or unreadable
    are skipped silently. The translators are parented to ``app`` so that Python's
    garbage collector cannot drop them while Qt still uses them; callers that want to
    switch language remove them again with ``app.removeTranslator``.
    """
    language = choose_language() if language is None else language
    if language not in SUPPORTED_LANGUAGES:
        language = DEFAULT_LANGUAGE
    global _current
    _current = language
    directory = translations_dir() if directory is None else directory
    candidates = [
        directory / f"cardtable_{language}.qm",
        Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
        / f"qtbase_{language}.qm",
    ]
    installed: list[QTranslator] = []
    for path in candidates:
        if not path.is_file():
            continue
        translator = QTranslator(app)
        if translator.load(str(path)) and app.installTranslator(translator):
            installed.append(translator)
        else:
            translator.deleteLater()
    return installed
