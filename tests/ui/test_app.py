"""The GUI shell: main window, menus, icon, language choice and translations."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt, QTimer, QTranslator
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLabel

from cardtable.ui import app as app_module
from cardtable.ui.app import ICON_PATH, MainWindow, main
from cardtable.ui.i18n import LANGUAGE_ENV, choose_language, install_translators

REPO = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[А-Яа-яЁё]")


@pytest.fixture(autouse=True)
def no_translators(qapp: QApplication) -> Iterator[None]:
    """Every test starts and ends with the untranslated (English) interface."""

    def remove_all() -> None:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
            translator.setParent(None)

    remove_all()
    yield
    remove_all()


@pytest.fixture
def window(qtbot) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    return win


def lrelease() -> str:
    """The venv's pyside6-lrelease (beside this Python), else one on PATH."""
    found = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))
    found = found or shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease not found; it comes with PySide6"
    return found


@pytest.fixture
def russian_qm_dir(tmp_path: Path) -> Path:
    """A directory holding cardtable_ru.qm compiled from the repository's .ts file."""
    source = REPO / "translations" / "cardtable_ru.ts"
    target = tmp_path / "cardtable_ru.qm"
    subprocess.run([lrelease(), "-silent", str(source), "-qm", str(target)], check=True)
    assert target.stat().st_size > 0
    return tmp_path


def label(window: MainWindow, name: str) -> QLabel:
    found = window.findChild(QLabel, name)
    assert found is not None, f"no QLabel named {name!r}"
    return found


def test_window_title_and_icon(window: MainWindow) -> None:
    assert window.windowTitle() == "CardTable"
    assert not window.windowIcon().isNull()
    assert not window.windowIcon().pixmap(64, 64).isNull()


def test_placeholder_message_is_shown(window: MainWindow, qtbot) -> None:
    window.show()
    qtbot.waitExposed(window)
    headline = label(window, "headline")
    details = label(window, "details")
    commands = label(window, "commands")
    for widget in (headline, details, commands):
        assert widget.isVisible()
        assert widget.text().strip()
    assert headline.text() == "The card table is coming in the next version."
    assert "command line" in details.text()
    assert "python -m cardtable replay FILE" in commands.text()
    assert "python -m cardtable simulate" in commands.text()
    assert not label(window, "emblem").pixmap().isNull()


def test_quit_action_uses_the_standard_shortcut(window: MainWindow) -> None:
    shortcuts = window.quit_action.shortcuts()
    assert QKeySequence("Ctrl+Q") in shortcuts
    standard = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    assert all(key in shortcuts for key in standard)
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    assert window.quit_action in menus["&File"].actions()
    assert window.about_action in menus["&Help"].actions()


def test_ctrl_q_closes_the_window(window: MainWindow, qtbot) -> None:
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())


def test_about_box_describes_the_program(window: MainWindow) -> None:
    box = window.make_about_box()
    assert box.windowTitle() == "About CardTable"
    assert box.text().startswith("CardTable")
    assert "King, Clubs and Metamorphosis" in box.informativeText()
    assert not box.iconPixmap().isNull()


def test_russian_translation(qapp: QApplication, russian_qm_dir: Path, qtbot) -> None:
    installed = install_translators(qapp, "ru", directory=russian_qm_dir)
    assert installed, "the compiled Russian catalogue was not installed"
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    headline = label(window, "headline").text()
    assert CYRILLIC.search(headline), headline
    assert headline == "Игровой стол появится в следующей версии."
    assert CYRILLIC.search(label(window, "details").text())
    menu_titles = [action.text() for action in window.menuBar().actions()]
    assert menu_titles == ["&Файл", "&Справка"]
    assert CYRILLIC.search(window.quit_action.text())
    assert CYRILLIC.search(window.make_about_box().informativeText())
    assert window.windowTitle() == "CardTable"  # the product name stays as it is


def test_missing_catalogue_falls_back_to_english(qapp: QApplication, tmp_path: Path, qtbot) -> None:
    install_translators(qapp, "ru", directory=tmp_path / "no-such-dir")
    window = MainWindow()
    qtbot.addWidget(window)
    assert label(window, "headline").text() == "The card table is coming in the next version."


def test_unknown_language_installs_english(qapp: QApplication, russian_qm_dir: Path) -> None:
    install_translators(qapp, "de", directory=russian_qm_dir)
    assert qapp.translate("MainWindow", "&File") == "&File"


@pytest.mark.parametrize(
    ("env", "locale", "expected"),
    [
        ({}, QLocale(QLocale.Language.Russian, QLocale.Country.Russia), "ru"),
        ({}, QLocale(QLocale.Language.Russian, QLocale.Country.Ukraine), "ru"),
        ({}, QLocale(QLocale.Language.English, QLocale.Country.UnitedStates), "en"),
        ({}, QLocale(QLocale.Language.German, QLocale.Country.Germany), "en"),
        ({LANGUAGE_ENV: "ru"}, QLocale(QLocale.Language.English), "ru"),
        ({LANGUAGE_ENV: " EN "}, QLocale(QLocale.Language.Russian), "en"),
        ({LANGUAGE_ENV: "fr"}, QLocale(QLocale.Language.Russian), "ru"),
        ({LANGUAGE_ENV: ""}, QLocale(QLocale.Language.English), "en"),
    ],
)
def test_choose_language(env: dict[str, str], locale: QLocale, expected: str) -> None:
    assert choose_language(env, locale) == expected


def test_installed_icon_matches_the_source_art() -> None:
    assert ICON_PATH.read_bytes() == (REPO / "assets" / "icon.svg").read_bytes()


def test_main_shows_the_window_and_returns_zero(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_ENV, "en")
    # main() lets Ctrl+C end the program; keep pytest's own SIGINT handling here.
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    seen: list[str] = []

    def finish() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow) and widget.isVisible():
                seen.append(widget.windowTitle())
                widget.close()
                widget.deleteLater()
        qapp.quit()

    QTimer.singleShot(0, finish)
    assert main([]) == 0
    assert seen == ["CardTable"]
    assert qapp.applicationName() == app_module.APP_NAME
