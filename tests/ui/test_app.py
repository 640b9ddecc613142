"""The GUI shell: main window, menus, icon, language choice and translations."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from cardtable.ui.app import main
from cardtable.ui.i18n import LANGUAGE_ENV, choose_language, install_translators
from cardtable.ui.identity import APP_NAME, ICON_PATH
from cardtable.ui.window import main_window
from cardtable.ui.window.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[А-Яа-яЁё]")


# Every test starts and ends with no catalogue installed: the English source.
pytestmark = pytest.mark.usefixtures("no_translators")


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    """Unlike the shared ``window``, neither shown nor paced: the shell's menus,
    actions and title need no table on the screen."""
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json", start=False)
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


def test_window_title_and_icon(qtbot, window: MainWindow) -> None:
    assert window.windowTitle() == "CardTable"
    window.show()  # the icon is set once the table is first painted
    qtbot.waitUntil(lambda: window.first_paint.done)
    assert not window.windowIcon().isNull()
    assert not window.windowIcon().pixmap(64, 64).isNull()


def test_a_newcomer_gets_a_table_at_once(qtbot, tmp_path: Path) -> None:
    """No form to fill in first: the window opens on a game of Кинг against three
    computers, the rule line says what the deal is, and the human's cards are dealt."""
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json")
    qtbot.addWidget(win)
    win.set_pace("instant")
    win.show()
    qtbot.waitUntil(lambda: win.controller.match is not None and not win.scene.busy)
    assert win.game == "king"
    assert len(win.names) == 4
    assert "Deal 1 of 15" in win.rule_label.text()
    assert len(win.scene.hands[win.scene.viewer]) == 8


def test_standard_shortcuts(window: MainWindow) -> None:
    def has(action: object, key: str) -> bool:
        return QKeySequence(key) in action.shortcuts()  # type: ignore[attr-defined]

    assert has(window.menus.quit_action, "Ctrl+Q")
    standard = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    assert all(key in window.menus.quit_action.shortcuts() for key in standard)
    assert has(window.menus.new_action, "Ctrl+N")
    assert has(window.menus.help_action, "F1")
    assert has(window.menus.restart_action, "Ctrl+R")
    assert has(window.menus.sheet_action, "Ctrl+T")
    assert has(window.menus.last_trick_action, "Ctrl+L")
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    game = menus["&Game"].actions()
    for action in (window.menus.new_action, window.menus.again_action, window.menus.restart_action,
                   window.menus.sheet_action, window.menus.last_trick_action,
                   window.menus.settings_action,
                   window.menus.quit_action):
        assert action in game
    assert window.menus.about_action in menus["&Help"].actions()
    assert window.menus.help_action in menus["&Help"].actions()


def test_f1_opens_the_rules_of_the_game_on_the_table(window: MainWindow, qtbot) -> None:
    from cardtable.engine.match import Seat
    from cardtable.ui.settings import GameSettings

    seats = [Seat("Аня", "human", None), Seat("Бот", "computer", "easy")]
    window.start_game(GameSettings("metamorphosis", {"players": 2}, seats), seed=1)
    window.menus.help_action.trigger()
    dialog = window._rules_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.current_game() == "metamorphosis"
    assert "rozygrysh" in dialog.browsers["metamorphosis"].toPlainText().lower()
    window.start_game(GameSettings("king", {"players": 3},
                                   [*seats, Seat("Бот 2", "computer", "easy")]), seed=1)
    window.menus.help_action.trigger()
    assert window._rules_dialog is dialog  # one window, turned to the game now played
    assert dialog.current_game() == "king"


def test_ctrl_q_closes_the_window(window: MainWindow, qtbot) -> None:
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())


def test_russian_translation(qapp: QApplication, russian_qm_dir: Path, qtbot,
                             tmp_path: Path) -> None:
    installed = install_translators(qapp, "ru", directory=russian_qm_dir)
    assert installed, "the compiled Russian catalogue was not installed"
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json")
    qtbot.addWidget(window)
    window.set_pace("instant")
    window.show()
    qtbot.waitUntil(lambda: window.controller.match is not None and not window.scene.busy)
    menu_titles = [action.text() for action in window.menuBar().actions()]
    assert menu_titles == ["&Игра", "&Справка"]
    assert CYRILLIC.search(window.menus.quit_action.text())
    assert CYRILLIC.search(window.rule_label.text()), window.rule_label.text()
    assert "Сдача 1 из 15" in window.rule_label.text()
    assert window.windowTitle() == "CardTable"  # the product name stays as it is
    install_translators(qapp, "en")


def test_missing_catalogue_falls_back_to_english(qapp: QApplication, tmp_path: Path,
                                                 qtbot) -> None:
    install_translators(qapp, "ru", directory=tmp_path / "no-such-dir")
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json", start=False)
    qtbot.addWidget(window)
    assert [a.text() for a in window.menuBar().actions()] == ["&Game", "&Help"]
    install_translators(qapp, "en")


def test_unknown_language_installs_english(qapp: QApplication, russian_qm_dir: Path) -> None:
    install_translators(qapp, "de", directory=russian_qm_dir)
    assert qapp.translate("MainWindow", "&Game") == "&Game"


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
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(LANGUAGE_ENV, "en")
    # keep the test's settings and saved game out of the real user's profile
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(main_window, "autosave_location", lambda: tmp_path / "game.json")
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
    assert qapp.applicationName() == APP_NAME


def test_a_damaged_save_is_kept_the_player_told_and_a_game_starts(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    content = b'{"format": "cardtable-record", "version": 1, "game": "ki'  # cut off
    path.write_bytes(content)
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=path)
    qtbot.addWidget(win)
    win.set_pace("instant")
    win.show()
    qtbot.waitUntil(lambda: win.controller.match is not None and not win.scene.busy)
    box = win.findChild(QMessageBox, "saveKept")
    assert box is not None and box.isVisible()
    [kept] = (tmp_path / "damaged").iterdir()
    assert kept.read_bytes() == content
    assert str(kept) in box.text() and "damaged" in box.text()
    assert "not JSON" in box.detailedText()
    assert win.controller.state is not None and not win.controller.state.is_over
    win.controller.stop()


def test_a_save_from_a_newer_version_is_kept_unchanged(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    content = b'{"format": "cardtable-record", "version": 99, "game": "king", ' \
              b'"players": [], "first_dealer": 0, "deals": []}'
    path.write_bytes(content)
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=path)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.controller.match is not None)
    box = win.findChild(QMessageBox, "saveKept")
    assert box is not None and "newer version" in box.text()
    [kept] = (tmp_path / "newer").iterdir()
    assert kept.read_bytes() == content
    win.controller.stop()
