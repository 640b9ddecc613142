"""The rules screen: each game's rules, as this table plays them, in the interface language.

A last tab, the glossary (:mod:`cardtable.ui.games.rules_glossary`), gives each of the games'
own terms as the English version writes it and in the Russian original.

The texts are HTML files shipped inside the package (``resources/rules/<game>.<lang>.html``)
rather than translated strings: they are long, formatted prose with tables, written
separately for each language instead of sentence by sentence.  A text missing in the
interface language falls back to English; a text that cannot be read is replaced by a
message in the window, because a broken help file must never take the game down with it.
"""

from __future__ import annotations

import html
from importlib import resources
from importlib.resources.abc import Traversable

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui.games import GAME_ORDER
from cardtable.ui.games import game_title as title_of
from cardtable.ui.games.rules_glossary import glossary_html, glossary_title
from cardtable.ui.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, current_language

GAMES: tuple[str, ...] = GAME_ORDER
"""The games with a rules text, in the order of the tabs."""

OPENING_SIZE = QSize(820, 720)
"""A column of prose that reads comfortably; shrunk to fit smaller screens."""

DOCUMENT_MARGIN = 12
"""Pixels between the text and the frame, so the prose does not touch the border."""

TEXT_SCALE = 1.1
"""Long prose is read, not glanced at: a little larger than the interface's labels."""


def rules_directory() -> Traversable:
    """Where the rules texts ship: beside this module, so a checkout, a wheel and a
    bundled program all find them the same way."""
    return resources.files("cardtable.ui") / "resources" / "rules"


def rules_file_name(game: str, language: str) -> str:
    """``king.ru.html``: one file per game and language."""
    return f"{game}.{language}.html"


def read_rules(game: str, language: str, directory: Traversable | None = None) -> str:
    """The HTML rules of ``game`` in ``language``, else in English.

    Raises ``OSError`` (or ``UnicodeDecodeError``) when no text can be read, so that
    the caller decides how to tell the player.
    """
    directory = rules_directory() if directory is None else directory
    languages = [language] if language in SUPPORTED_LANGUAGES else []
    if DEFAULT_LANGUAGE not in languages:
        languages.append(DEFAULT_LANGUAGE)
    for lang in languages:
        path = directory / rules_file_name(game, lang)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(rules_file_name(game, languages[0]))


class RulesDialog(QDialog):
    """A window with one tab per game; not modal, so the table stays in play behind it.

    ``language`` defaults to the interface language; ``directory`` replaces the
    shipped texts (for tests)."""

    def __init__(self, game: str, parent: QWidget | None = None, *,
                 language: str | None = None,
                 directory: Traversable | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle(self.tr("Rules of the games"))
        self.setSizeGripEnabled(True)
        self._directory = directory
        self._language = language or current_language()
        self.tabs = QTabWidget(self)
        self.browsers: dict[str, QTextBrowser] = {}
        for key in GAMES:
            browser = QTextBrowser(self.tabs)
            browser.setObjectName(f"rules-{key}")
            browser.setOpenExternalLinks(True)
            font = browser.font()
            font.setPointSizeF(font.pointSizeF() * TEXT_SCALE)
            browser.setFont(font)
            browser.document().setDocumentMargin(DOCUMENT_MARGIN)
            self.browsers[key] = browser
            self.tabs.addTab(browser, self.game_title(key))
        self.glossary = QTextBrowser(self.tabs)
        self.glossary.setObjectName("rules-glossary")
        font = self.glossary.font()
        font.setPointSizeF(font.pointSizeF() * TEXT_SCALE)
        self.glossary.setFont(font)
        self.glossary.document().setDocumentMargin(DOCUMENT_MARGIN)
        self.tabs.addTab(self.glossary, glossary_title())
        buttons = QDialogButtonBox(self)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setText(self.tr("Close"))
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self._load_texts()
        self.show_game(game, raise_window=False)
        self.resize(self._opening_size())

    def game_title(self, game: str) -> str:
        """The tab's title: the game's name in the interface language."""
        return title_of(game)

    def language(self) -> str:
        """The language the texts were asked for (a missing text may be in English)."""
        return self._language

    def set_language(self, language: str) -> None:
        """Load every text again in ``language``, keeping the game on show."""
        self._language = language
        self._load_texts()

    def current_game(self) -> str:
        """The game whose rules are on show; the glossary belongs to every game, so
        with it on show, the first."""
        index = self.tabs.currentIndex()
        return GAMES[index] if 0 <= index < len(GAMES) else GAMES[0]

    def show_game(self, game: str, raise_window: bool = True) -> None:
        """Turn to ``game``'s rules and bring the window forward (F1 on a table in play)."""
        if game not in self.browsers:
            raise ValueError(f"no rules for the game {game!r}")
        self.tabs.setCurrentWidget(self.browsers[game])
        if raise_window:
            self.show()
            self.raise_()
            self.activateWindow()

    def _load_texts(self) -> None:
        for game, browser in self.browsers.items():
            try:
                text = read_rules(game, self._language, self._directory)
            except (OSError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
                text = self._unreadable(game, exc)
            browser.setHtml(text)
        self.glossary.setHtml(glossary_html())
        self.tabs.setTabText(self.tabs.indexOf(self.glossary), glossary_title())

    def _unreadable(self, game: str, exc: Exception) -> str:
        message = self.tr("The rules of %1 could not be read.").replace(
            "%1", self.game_title(game))
        detail = html.escape(str(exc) or type(exc).__name__)
        return f"<h2>{html.escape(message)}</h2><p><small>{detail}</small></p>"

    def _opening_size(self) -> QSize:
        screen = self.screen()
        if screen is None:
            return OPENING_SIZE
        room = screen.availableGeometry().size()
        return OPENING_SIZE.boundedTo(QSize(int(room.width() * 0.9), int(room.height() * 0.9)))

