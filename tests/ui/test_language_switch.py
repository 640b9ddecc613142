"""The interface language chosen in Settings, applied at once: the menus, the line
above the table, the plates, the panel of a decision in progress and the card indices
change, and the game goes on exactly where it was; default names follow the language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from cardtable.engine.match import Seat
from cardtable.ui.dialogs.preferences import PreferencesDialog
from cardtable.ui.i18n import LANGUAGE_KEY, current_language, stored_language
from cardtable.ui.prefs import TablePrefs
from cardtable.ui.settings import GameSettings, display_name
from ui.gui_driver import Person, perform, remove_translators, show_window, wait_for_table

CYRILLIC = re.compile("[А-Яа-яЁё]")


def test_switching_the_language_keeps_the_game(qtbot: Any, tmp_path: Path,
                                               no_translators: None) -> None:
    win = show_window(qtbot, tmp_path)
    seats = [Seat("You", "human", None), Seat("Computer 1", "computer", "easy"),
             Seat("Computer 2", "computer", "easy"), Seat("Computer 3", "computer", "easy")]
    win.start_game(GameSettings("king", {"players": 4}, seats), seed=8)
    wait_for_table(win, qtbot)
    perform(win, Person("king", 1).decide(win.scene.turn_view))
    wait_for_table(win, qtbot)
    steps = win.controller.match.steps()
    assert win.menus.game_menu.title() == "&Game" and "Deal 1 of 15" in win.rule_label.text()
    win.set_language("ru")
    try:
        assert current_language() == "ru"
        assert win.menus.game_menu.title() == "&Игра" and win.menus.help_menu.title() == "&Справка"
        assert CYRILLIC.search(win.menus.undo_action.text())
        assert "Сдача 1 из 15" in win.rule_label.text()
        assert [p.name for p in win.scene.plates] == ["Вы", "Компьютер 1", "Компьютер 2",
                                                     "Компьютер 3"]
        assert CYRILLIC.search(win.scene.plates[0].total)
        assert win.art.russian
        assert win.controller.match.steps() == steps  # nothing of the game changed
        assert win.scene.turn_view is not None  # the person's decision is still open
        assert CYRILLIC.search(win.status_label.text())
        perform(win, Person("king", 2).decide(win.scene.turn_view))  # and plays on
        assert win.controller.match.step_count > len(steps)
    finally:
        win.set_language("en")
    assert win.menus.game_menu.title() == "&Game" and win.scene.plates[0].name == "You"


def test_the_language_is_chosen_in_settings_and_kept(qtbot: Any, tmp_path: Path) -> None:
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert stored_language(qs) == ""  # the system's, until chosen
    dialog = PreferencesDialog(TablePrefs(language="ru"))
    qtbot.addWidget(dialog)
    assert dialog.result_prefs().language == "ru"
    names = [dialog.languages.itemText(i) for i in range(dialog.languages.count())]
    assert names[1:] == ["English", "Русский"]  # each language in its own words
    dialog.languages.setCurrentIndex(0)
    assert dialog.result_prefs().language == ""
    qs.setValue(LANGUAGE_KEY, "de")  # not a language the interface has: no choice
    assert stored_language(qs) == ""
    qs.setValue(LANGUAGE_KEY, "ru")
    assert stored_language(qs) == "ru"


def test_default_names_follow_the_interface_language(qapp: QApplication,
                                                     no_translators: None) -> None:
    assert display_name("Вы") == "You" and display_name("Компьютер 3") == "Computer 3"
    assert display_name("Аня") == "Аня" and display_name("Computer 100") == "Computer 100"
    from cardtable.ui.i18n import install_translators

    install_translators(qapp, "ru")
    try:
        assert display_name("You") == "Вы" and display_name("Computer 2") == "Компьютер 2"
        assert display_name("Youth") == "Youth"
    finally:
        remove_translators(qapp)
        install_translators(qapp, "en")
        remove_translators(qapp)
