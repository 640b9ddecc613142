"""The New game dialog keeps names meaningful: a seat switched between person and
computer takes that kind's default name (never a computer called "You", nor a person
called "Computer 1"), and a name the person typed stays whatever the seat becomes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QRadioButton, QSpinBox

from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui import settings as settings_module
from cardtable.ui.dialogs import new_game as dialog_module
from cardtable.ui.dialogs.new_game import SettingsDialog
from cardtable.ui.settings import (
    default_settings,
    display_name,
    is_default_name,
    name_for_kind,
)


@pytest.fixture(autouse=True)
def english(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The source (English) strings, and no login name: the first person is "You"."""
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
    monkeypatch.setattr(settings_module, "system_user_name", lambda: None)
    yield


def clubs_dialog(qtbot: Any, players: int, first: str = "You") -> SettingsDialog:
    """Трефы (2 to 8 players) with the default seats: ``first``, then computers."""
    settings = default_settings("clubs", first)
    dialog = SettingsDialog(settings, ("clubs",))
    qtbot.addWidget(dialog)
    spin = dialog.findChild(QSpinBox, "players")
    assert spin is not None
    spin.setValue(players)
    return dialog


def name_edit(dialog: SettingsDialog, seat: int) -> QLineEdit:
    found = dialog.findChild(QLineEdit, f"seat_name_{seat}")
    assert found is not None
    return found


def make(dialog: SettingsDialog, seat: int, kind: str) -> str:
    """Switch seat ``seat`` to ``kind`` as the person does; its name afterwards."""
    combo = dialog.findChild(QComboBox, f"seat_kind_{seat}")
    assert combo is not None
    combo.setCurrentIndex(combo.findData(kind))
    return name_edit(dialog, seat).text()


def names(dialog: SettingsDialog) -> list[str]:
    return [s.name for s in dialog.current_settings().seats]


def switch_problems(dialog: SettingsDialog) -> list[str]:
    """Everything wrong with the names while each seat in turn goes to the other kind
    and back: a name that does not fit its kind, a number out of step, a name that does
    not come back, two seats with one name."""
    found: list[str] = []
    start = names(dialog)
    count = len(start)
    for seat in range(count):
        was = dialog.current_settings().seats[seat]
        other = HUMAN if was.kind == COMPUTER else COMPUTER
        name = make(dialog, seat, other)
        if other == COMPUTER:
            # numbered as the dialog numbers new computers: from the seat's number,
            # past the names taken (seat 1 is the first after "You")
            taken = set(names(dialog)[:seat] + names(dialog)[seat + 1:])
            number = max(seat, 1)
            while f"Computer {number}" in taken:
                number += 1
            if name != f"Computer {number}":
                found.append(f"seat {seat + 1} made a computer is called {name!r}, "
                             f"not 'Computer {number}'")
        else:
            # the first person in seat order is "You" while nobody else is
            seats = dialog.current_settings().seats
            first = all(s.kind != HUMAN for s in seats[:seat])
            you_free = "You" not in names(dialog)[:seat] + names(dialog)[seat + 1:]
            wanted = "You" if first and you_free else f"Player {seat + 1}"
            if name != wanted:
                found.append(f"seat {seat + 1} made a person is called {name!r}, "
                             f"not {wanted!r}")
        if len(set(names(dialog))) != count:
            found.append(f"two seats share a name: {names(dialog)}")
        back = make(dialog, seat, was.kind)
        if back != was.name:
            found.append(f"seat {seat + 1} back to {was.kind} is {back!r}, not {was.name!r}")
    if names(dialog) != start:
        found.append(f"the names did not come back: {names(dialog)} for {start}")
    return found


@pytest.mark.parametrize("players", range(2, 9))
def test_switching_kinds_renames_untouched_names_both_ways(qtbot: Any, players: int) -> None:
    dialog = clubs_dialog(qtbot, players)
    assert names(dialog) == ["You"] + [f"Computer {i}" for i in range(1, players)]
    assert switch_problems(dialog) == []


@pytest.mark.parametrize("players", range(2, 9))
def test_a_table_of_people_and_computers_is_numbered_right(qtbot: Any, players: int) -> None:
    dialog = clubs_dialog(qtbot, players)
    assert make(dialog, 0, COMPUTER) == f"Computer {players}"  # 1 … players-1 are taken
    people = [make(dialog, seat, HUMAN) for seat in range(1, players)]
    # the first person at a table of computers is "You", the others by their seat
    assert people == ["You"] + [f"Player {seat + 1}" for seat in range(2, players)]
    assert make(dialog, 0, HUMAN) == "Player 1"  # seat 2 is "You" now
    assert len(set(names(dialog))) == players
    assert dialog.current_settings().problems() == []


@pytest.mark.parametrize("players", range(3, 9))
def test_a_freed_lower_number_is_not_taken(qtbot: Any, players: int) -> None:
    dialog = clubs_dialog(qtbot, players)
    make(dialog, 1, HUMAN)  # "Computer 1" is free, but no later computer takes it
    assert switch_problems(dialog) == []


def test_a_typed_name_stays_whatever_the_seat_becomes(qtbot: Any) -> None:
    dialog = clubs_dialog(qtbot, 4)
    name_edit(dialog, 2).setText("Vera")
    assert make(dialog, 2, HUMAN) == "Vera"
    assert make(dialog, 2, COMPUTER) == "Vera"
    name_edit(dialog, 0).setText("Anna")
    assert make(dialog, 0, COMPUTER) == "Anna"
    # an emptied name is not a typed one: it gets the kind's name
    name_edit(dialog, 1).setText("  ")
    assert make(dialog, 1, HUMAN) == "You"  # the first person: Anna and Vera are computers
    name_edit(dialog, 3).setText("")
    assert make(dialog, 3, HUMAN) == "Player 4"
    assert dialog.current_settings().problems() == []


def test_only_the_first_person_is_you(qtbot: Any) -> None:
    dialog = clubs_dialog(qtbot, 4, first="Anna")  # a person with her own name
    assert make(dialog, 2, HUMAN) == "Player 3"
    assert make(dialog, 0, COMPUTER) == "Anna"  # typed: kept
    assert make(dialog, 3, HUMAN) == "Player 4"  # seat 3 is a person already
    assert make(dialog, 1, HUMAN) == "You"  # before every other person


def test_default_names_of_either_language_are_untouched_ones(qtbot: Any) -> None:
    # names stored by a Russian session, shown now in English
    settings = default_settings("clubs", "Вы")
    settings.seats[1] = Seat("Компьютер 1", COMPUTER, "normal")
    dialog = SettingsDialog(settings, ("clubs",))
    qtbot.addWidget(dialog)
    assert make(dialog, 1, HUMAN) == "Player 2"
    assert make(dialog, 0, COMPUTER) == "Computer 1"  # free since seat 2 is a person
    for name in ("", "You", "Вы", "Computer 12", "Компьютер 3", "Player 2", "Игрок 7"):
        assert is_default_name(name), name
    for name in ("Vera", "Computer", "Player 0", "Computer 2 Jr", "Игрок"):
        assert not is_default_name(name), name
    assert display_name("Игрок 7") == "Player 7"


def test_the_login_name_is_the_first_persons_default(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_module, "system_user_name", lambda: "anna")
    dialog = clubs_dialog(qtbot, 3, first="anna")
    assert make(dialog, 0, COMPUTER) == "Computer 3"
    assert make(dialog, 0, HUMAN) == "anna"


def test_switching_game_or_count_keeps_the_rules(qtbot: Any) -> None:
    settings = default_settings("king")
    dialog = SettingsDialog(settings, ("king", "clubs"))
    qtbot.addWidget(dialog)
    clubs = dialog.findChild(QRadioButton, "game_clubs")
    assert clubs is not None
    clubs.setChecked(True)
    spin = dialog.findChild(QSpinBox, "players")
    assert spin is not None
    spin.setValue(6)
    assert switch_problems(dialog) == []


def test_name_for_kind_without_a_dialog() -> None:
    seats = [Seat("You", COMPUTER, "normal"), Seat("Computer 1", COMPUTER, "normal")]
    assert name_for_kind(0, seats) == "Computer 2"
    seats = [Seat("You", HUMAN, None), Seat("Computer 1", HUMAN, None)]
    assert name_for_kind(1, seats) == "Player 2"
    seats[0] = Seat("You", COMPUTER, "normal")
    assert name_for_kind(1, seats) == "Player 2"  # "You" is still taken by seat 1
    seats[0] = Seat("Computer 5", COMPUTER, "normal")
    assert name_for_kind(1, seats) == "You"
    seats = [Seat("You", HUMAN, None), Seat("", HUMAN, None), Seat("Player 2", HUMAN, None)]
    assert name_for_kind(1, seats) == "Player 3"  # past a name taken


# --- the checks can fail ---------------------------------------------------------------


def test_the_check_catches_names_kept_as_they_were(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad case: the dialog as it was, a seat keeps its name."""
    monkeypatch.setattr(dialog_module, "name_for_kind", lambda seat, seats: seats[seat].name)
    dialog = clubs_dialog(qtbot, 4)
    problems = switch_problems(dialog)
    assert "seat 1 made a computer is called 'You', not 'Computer 4'" in problems
    assert "seat 2 made a person is called 'Computer 1', not 'Player 2'" in problems


def test_the_check_catches_a_typed_name_lost(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad case: every name taken for a default one."""
    monkeypatch.setattr(dialog_module, "is_default_name", lambda name: True)
    dialog = clubs_dialog(qtbot, 3)
    name_edit(dialog, 1).setText("Vera")
    assert make(dialog, 1, HUMAN) != "Vera"


def test_the_check_catches_wrong_numbers(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad case: every computer numbered from 1, the lowest free."""
    real = settings_module.unique_computer_name
    monkeypatch.setattr(settings_module, "unique_computer_name",
                        lambda taken, number: real(taken, 1))
    dialog = clubs_dialog(qtbot, 5)
    make(dialog, 1, HUMAN)  # "Computer 1" is free now
    assert "seat 3 back to computer is 'Computer 1', not 'Computer 2'" in \
        switch_problems(dialog)


def hide_and_show_again(dialog: SettingsDialog) -> list[str]:
    """A seat's default name given while another row holding it is hidden, then that
    row shown again: the names afterwards."""
    spin = dialog.findChild(QSpinBox, "players")
    assert spin is not None
    make(dialog, 0, COMPUTER)
    assert make(dialog, 2, HUMAN) == "You"
    spin.setValue(2)
    assert make(dialog, 1, HUMAN) == "You"  # the row holding "You" is hidden
    spin.setValue(4)
    return names(dialog)


def test_a_row_shown_again_does_not_bring_back_a_taken_name(qtbot: Any) -> None:
    dialog = clubs_dialog(qtbot, 4)
    assert hide_and_show_again(dialog) == ["Computer 4", "You", "Player 3", "Computer 3"]
    assert dialog.current_settings().problems() == []
    # a typed name is the person's to change: the clash is shown, not mended
    dialog = clubs_dialog(qtbot, 4)
    name_edit(dialog, 3).setText("Vera")
    spin = dialog.findChild(QSpinBox, "players")
    assert spin is not None
    spin.setValue(3)
    name_edit(dialog, 2).setText("Vera")
    spin.setValue(4)
    assert names(dialog)[2:] == ["Vera", "Vera"]
    assert dialog.current_settings().problems()  # said, and OK is off


def test_the_check_catches_a_name_brought_back(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad case: rows shown again keep their names."""
    monkeypatch.setattr(SettingsDialog, "_rename_clashes", lambda self: None)
    dialog = clubs_dialog(qtbot, 4)
    assert hide_and_show_again(dialog).count("You") == 2
