"""The new-game settings: the model, its storage (hostile input included) and the dialog."""

from __future__ import annotations

import getpass
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QSettings, Qt, QTranslator
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from cardtable.engine import get_game
from cardtable.engine.game import OptionError
from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui import settings as settings_module
from cardtable.ui.dialogs.new_game import SettingsDialog
from cardtable.ui.games import presenter_class
from cardtable.ui.settings import (
    DEFAULT_PACE,
    GAME_ORDER,
    LOGIN_VARIABLES,
    MAX_NAME_LENGTH,
    PACES,
    GameSettings,
    SettingsError,
    computer_levels,
    default_settings,
    load_pace,
    load_settings,
    save_pace,
    save_settings,
)

ALL_GAMES = ("king", "clubs", "metamorphosis")


@pytest.fixture(autouse=True)
def english(qapp: QApplication) -> Iterator[None]:
    """The source (English) strings, whatever translators another test left behind."""
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
    yield


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


def open_settings(path: Path) -> QSettings:
    """A fresh QSettings on the file, so nothing comes from the previous one's cache."""
    return QSettings(str(path), QSettings.Format.IniFormat)


def make_dialog(qtbot, settings: GameSettings | None = None,
                enabled: tuple[str, ...] = ("king",), pace: str = DEFAULT_PACE
                ) -> SettingsDialog:
    dialog = SettingsDialog(settings or default_settings("king", "Anna"), enabled, pace=pace)
    qtbot.addWidget(dialog)
    return dialog


def child(dialog: QWidget, kind: type, name: str) -> Any:
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {kind.__name__} named {name!r}"
    return found


def ok_button(dialog: SettingsDialog) -> Any:
    box = dialog.findChild(QDialogButtonBox)
    return box.button(QDialogButtonBox.StandardButton.Ok)


def option(dialog: SettingsDialog, key: str) -> Any:
    return child(dialog, QWidget, f"option_{key}")


def choose(combo: QComboBox, value: Any) -> None:
    index = combo.findData(value)
    assert index >= 0, value
    combo.setCurrentIndex(index)


def visible_rows(dialog: SettingsDialog) -> int:
    return sum(1 for edit in dialog.findChildren(QLineEdit)
               if edit.objectName().startswith("seat_name_") and not edit.isHidden())


def reason_words(game: str, key: str, value: Any) -> str:
    """Why the game's presenter says a choice is unavailable (the English source)."""
    return presenter_class(game).REASON_TEXT[(key, value)]


def choice_words(game: str, key: str, value: Any) -> str:
    """A choice's name as the game's presenter gives it (the English source)."""
    return presenter_class(game).CHOICE_TEXT[(key, value)].label


def item_enabled(combo: QComboBox, value: Any) -> bool:
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    return model.item(combo.findData(value)).isEnabled()


# --- the model ------------------------------------------------------------------------


@pytest.mark.parametrize("game", ALL_GAMES)
def test_default_settings_seat_one_human_and_computers(game: str) -> None:
    settings = default_settings(game, "Anna")
    players = get_game(game).check_options({})["players"]
    assert settings.options == get_game(game).check_options({})
    assert len(settings.seats) == players
    assert settings.seats[0] == Seat("Anna", HUMAN, None)
    assert all(s.kind == COMPUTER for s in settings.seats[1:])
    assert len({s.name for s in settings.seats}) == players
    assert [s.name for s in settings.seats[1:]] == [f"Computer {i}" for i in range(1, players)]


@pytest.mark.parametrize("game", ["king", "clubs", "metamorphosis"])
def test_default_settings_are_valid_at_the_normal_level(game: str) -> None:
    settings = default_settings(game)
    settings.validate()
    assert settings.seats[0].name  # the login name or "You"
    assert {s.level for s in settings.seats[1:]} == {"normal"}


def test_no_login_name_means_you(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_user() -> str:
        raise OSError("no login name")

    for variable in LOGIN_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(getpass, "getuser", no_user)
    assert default_settings("king").seats[0].name == "You"
    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    assert default_settings("king").seats[0].name == "You"
    monkeypatch.setenv("USER", "root")
    assert default_settings("king").seats[0].name == "You"


def test_the_login_name_comes_from_the_environment_else_the_account(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LOGIN_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(getpass, "getuser", lambda: "mila")
    assert default_settings("king").seats[0].name == "mila"  # the account database's
    monkeypatch.setenv("USERNAME", "anna")
    monkeypatch.setenv("LOGNAME", "вера")
    assert default_settings("king").seats[0].name == "вера"  # as getpass reads them


def codes(settings: GameSettings) -> list[str]:
    return [getattr(p, "code", p.key) for p in settings.problems()]


def king(*names: str, **options: Any) -> GameSettings:
    seats = [Seat(names[0], HUMAN, None)] + [Seat(n, COMPUTER, "easy") for n in names[1:]]
    return GameSettings("king", {"players": len(names), **options}, seats)


@pytest.mark.parametrize(("names", "code"), [
    (("Anna", "", "Boris", "Vera"), "name_empty"),
    (("Anna", "   ", "Boris", "Vera"), "name_empty"),
    (("Anna", "x" * (MAX_NAME_LENGTH + 1), "Boris", "Vera"), "name_too_long"),
    (("Anna", "tab\there", "Boris", "Vera"), "name_unprintable"),
    (("Anna", "Boris", "boris ", "Vera"), "name_duplicate"),
])
def test_validate_refuses_bad_names(names: tuple[str, ...], code: str) -> None:
    settings = king(*names)
    assert codes(settings) == [code]
    with pytest.raises(OptionError) as caught:
        settings.validate()
    assert isinstance(caught.value, SettingsError)
    assert caught.value.code == code
    assert caught.value.params["seat"] == 1 + (code == "name_duplicate")


def test_validate_accepts_names_up_to_the_limit() -> None:
    king("Анна", "Ё" * MAX_NAME_LENGTH, "Boris", "Vera").validate()


def test_validate_seat_count_levels_game_and_options() -> None:
    settings = king("Anna", "Boris", "Vera")
    settings.options["players"] = 4
    assert codes(settings) == ["seat_count"]
    assert codes(GameSettings("king", {"players": 3}, [])) == ["no_seats"]
    random_level = king("Anna", "Boris", "Vera")
    random_level.seats[1] = Seat("Boris", COMPUTER, "random")
    assert codes(random_level) == ["level_unknown"]
    assert codes(GameSettings("chess", {}, [Seat("Anna", HUMAN, None)])) == ["unknown_game"]
    refused = king("Anna", "Boris", "Vera", length="short", stage2="hvalenki_reverse_eralash")
    with pytest.raises(OptionError) as caught:
        refused.validate()
    assert caught.value.key == "stage2"


def test_a_game_without_computer_levels_refuses_computer_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_module, "available_levels", lambda game: ["random"])
    assert computer_levels("king") == []
    assert codes(king("Anna", "Boris", "Vera")) == ["no_levels"]
    humans = GameSettings("king", {"players": 3},
                          [Seat(n, HUMAN, None) for n in ("Anna", "Boris", "Vera")])
    humans.validate()


# --- storage --------------------------------------------------------------------------


def test_settings_round_trip_through_qsettings(ini: Path) -> None:
    settings = GameSettings(
        "king",
        get_game("king").check_options({"players": 3, "length": "short", "stage2": "positive",
                                        "boys": "jacks_kings", "must_trump": True,
                                        "early_finish": False}),
        [Seat("Анна", COMPUTER, "easy"), Seat("Борис «Б»", HUMAN, None),
         Seat("Computer 7", COMPUTER, "easy")],
        {"clubs": {"players": 6, "bidding": "everyone", "target": 250, "deals": 60},
         "metamorphosis": {"players": 3, "turned_trump": True, "partii": 5,
                           "leaders": "source"}},
    )
    save_settings(open_settings(ini), settings)
    loaded = load_settings(open_settings(ini))
    assert loaded == settings
    assert loaded.options_for("clubs") == {"players": 6, "bidding": "everyone", "target": 250,
                                           "deals": 60}
    assert loaded.options_for("metamorphosis") == {"players": 3, "turned_trump": True,
                                                   "partii": 5, "leaders": "source"}
    loaded.validate()


def test_empty_storage_gives_the_defaults(ini: Path) -> None:
    assert load_settings(open_settings(ini)) == default_settings("king")
    assert load_pace(open_settings(ini)) == DEFAULT_PACE


@pytest.mark.parametrize("pace", PACES)
def test_pace_round_trip(ini: Path, pace: str) -> None:
    save_pace(open_settings(ini), pace)
    assert load_pace(open_settings(ini)) == pace


def test_unknown_pace_is_not_saved(ini: Path) -> None:
    with pytest.raises(ValueError):
        save_pace(open_settings(ini), "warp")


JUNK: list[Any] = [
    42, -1, 3.5, True, False, "", "king ", "not json", "{", "[", "null", "42", "true",
    "[1, 2, 3]", '{"players": "four"}', '"king"', "[" * 5000 + "]" * 5000,
    "1" * 5000, "x" * 200_000, [1, "two", None], {"a": 1, "b": [2]}, QByteArray(b"\x00\xff"),
    b"\x00\x01", "\x00\x07", ["king"], {"players": 4},
]
"""Stored values of every wrong type and shape."""

SETTINGS_KEYS = [
    "new_game/game",
    "new_game/seats",
    "new_game/options/king",
    "new_game/options/clubs",
    "new_game/options/metamorphosis",
    "table/pace",
]


@pytest.mark.parametrize("junk", JUNK, ids=lambda v: type(v).__name__)
def test_junk_values_fall_back_to_defaults(ini: Path, junk: Any) -> None:
    qs = open_settings(ini)
    for key in SETTINGS_KEYS:
        qs.setValue(key, junk)
    qs.sync()
    for stored in (open_settings(ini), qs):  # as read from the file, and as cached
        loaded = load_settings(stored)
        loaded.validate()
        assert loaded.game == "king"
        assert loaded.options == get_game("king").check_options({})
        assert load_pace(stored) == DEFAULT_PACE
        for game in GAME_ORDER:
            assert loaded.options_for(game) == get_game(game).check_options({})


def test_a_damaged_file_is_read_without_errors(ini: Path) -> None:
    ini.write_bytes(
        b"[new_game]\ngame=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\tgarbage)\n"
        b"seats=@ByteArray(\\xff\\xfe)\noptions\\king=\"{\\\"players\\\": 3,\n"
        b"\xff\xfe\x00[[[\n=\n[table]\npace=@Invalid()\n"
    )
    loaded = load_settings(open_settings(ini))
    loaded.validate()
    assert load_pace(open_settings(ini)) == DEFAULT_PACE


def store(ini: Path, **values: Any) -> QSettings:
    qs = open_settings(ini)
    for key, value in values.items():
        qs.setValue(key.replace("__", "/"), value)
    qs.sync()
    return open_settings(ini)


def test_each_field_falls_back_on_its_own(ini: Path) -> None:
    good_seats = [{"name": "Анна", "kind": "human"}, {"name": "Boris", "kind": "computer",
                                                      "level": "easy"},
                  {"name": "Vera", "kind": "computer", "level": "easy"}]
    stored = store(ini, new_game__game="king",
                   new_game__options__king=json.dumps({"players": 3, "length": "short",
                                                       "boys": 99, "must_trump": "yes",
                                                       "surprise": 1}),
                   new_game__seats=json.dumps(good_seats))
    loaded = load_settings(stored)
    assert loaded.options == get_game("king").check_options({"players": 3, "length": "short"})
    assert [s.name for s in loaded.seats] == ["Анна", "Boris", "Vera"]
    loaded.validate()


@pytest.mark.parametrize("options", [
    {"players": 99}, {"players": 4.0}, {"players": True}, {"players": -3},
    {"length": "short", "stage2": "hvalenki_reverse_eralash"},
])
def test_out_of_range_and_invalid_combination_options(ini: Path, options: dict) -> None:
    loaded = load_settings(store(ini, new_game__options__king=json.dumps(options)))
    loaded.validate()
    assert loaded.options["stage2"] != "hvalenki_reverse_eralash" or (
        loaded.options["length"] == "full")


def test_too_many_and_bad_seats_are_fitted_to_the_players(ini: Path) -> None:
    seats: list[Any] = [{"name": f"P{i}", "kind": "computer", "level": "easy"}
                        for i in range(500)]
    loaded = load_settings(store(ini, new_game__seats=json.dumps(seats)))
    assert [s.name for s in loaded.seats] == ["P0", "P1", "P2", "P3"]
    odd: list[Any] = [
        {"name": "Anna", "kind": "human", "level": "hard"},
        {"name": "anna", "kind": "computer", "level": "random"},
        {"name": 7, "kind": "alien"},
        "a seat",
    ]
    loaded = load_settings(store(ini, new_game__seats=json.dumps(odd)))
    loaded.validate()
    assert loaded.seats[0] == Seat("Anna", HUMAN, None)
    assert loaded.seats[1].kind == COMPUTER and loaded.seats[1].level == "normal"


def test_unknown_stored_game_gives_king(ini: Path) -> None:
    loaded = load_settings(store(ini, new_game__game="chess"))
    assert loaded.game == "king"
    loaded.validate()


# --- the dialog -----------------------------------------------------------------------


def test_title_and_games_listed_with_descriptions(qtbot) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.windowTitle() == "New game"
    for game, title in zip(ALL_GAMES, ("King", "Clubs", "Metamorphosis"), strict=True):
        assert child(dialog, QRadioButton, f"game_{game}").text() == title
    assert child(dialog, QRadioButton, "game_king").isChecked()


def test_disabled_games_cannot_be_selected(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    for game in ("clubs", "metamorphosis"):
        button = child(dialog, QRadioButton, f"game_{game}")
        assert not button.isEnabled()
        assert button.toolTip() == "Coming in a later version"
        assert child(dialog, QLabel, f"later_{game}").text() == "Coming in a later version"
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert not button.isChecked()
    king_button = child(dialog, QRadioButton, "game_king")
    king_button.setFocus()
    qtbot.keyClick(king_button, Qt.Key.Key_Down)
    assert king_button.isChecked()
    assert dialog.result_settings().game == "king"


def test_a_stored_game_that_is_not_enabled_opens_the_first_enabled_one(qtbot) -> None:
    dialog = make_dialog(qtbot, default_settings("clubs", "Anna"))
    assert dialog.result_settings().game == "king"
    assert child(dialog, QRadioButton, "game_king").isChecked()


def test_every_option_has_a_widget_label_and_explanation(qtbot) -> None:
    dialog = make_dialog(qtbot, enabled=ALL_GAMES)
    for game in ALL_GAMES:
        child(dialog, QRadioButton, f"game_{game}").setChecked(True)
        for spec in get_game(game).specs:
            if spec.key == "players":
                continue
            widget = option(dialog, spec.key)
            expected = (QComboBox if spec.choices else QCheckBox if spec.kind is bool
                        else QSpinBox)
            assert isinstance(widget, expected)
            assert spec.key in presenter_class(game).OPTION_TEXT
            assert child(dialog, QLabel, f"explain_{spec.key}").text()
            for value in spec.choices:
                assert (spec.key, value) in presenter_class(game).CHOICE_TEXT
            if isinstance(widget, QSpinBox):
                assert (widget.minimum(), widget.maximum()) == (spec.minimum, spec.maximum)
    target = option(dialog, "target")
    assert (target.minimum(), target.maximum()) == (25, 500)


def test_short_king_disables_reverse_eralash(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.show()
    stage2 = option(dialog, "stage2")
    assert item_enabled(stage2, "hvalenki_reverse_eralash")
    choose(option(dialog, "length"), "short")
    assert not item_enabled(stage2, "hvalenki_reverse_eralash")
    assert item_enabled(stage2, "positive")
    reverse = stage2.findData("hvalenki_reverse_eralash")
    why = reason_words("king", "stage2", "hvalenki_reverse_eralash")
    assert why in stage2.itemData(reverse, Qt.ItemDataRole.ToolTipRole)
    note = child(dialog, QLabel, "note_stage2")
    assert not note.isHidden()
    assert why in note.text()
    # The keyboard steps over the disabled choice.
    assert stage2.currentData() == "hvalenki"
    stage2.setFocus()
    qtbot.keyClick(stage2, Qt.Key.Key_Down)
    assert stage2.currentData() == "positive"
    qtbot.keyClick(stage2, Qt.Key.Key_Up)
    assert stage2.currentData() == "hvalenki"
    # Even set from code, it does not stay chosen.
    stage2.setCurrentIndex(reverse)
    assert stage2.currentData() != "hvalenki_reverse_eralash"
    dialog.result_settings().validate()
    # Back to the full game: available again, no note.
    choose(option(dialog, "length"), "full")
    assert item_enabled(stage2, "hvalenki_reverse_eralash")
    assert note.isHidden()


def test_choosing_short_moves_off_reverse_eralash_and_says_so(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.show()
    choose(option(dialog, "stage2"), "hvalenki_reverse_eralash")
    note = child(dialog, QLabel, "note_stage2")
    assert note.isHidden()
    choose(option(dialog, "length"), "short")
    assert option(dialog, "stage2").currentData() == "hvalenki"
    assert not note.isHidden()
    assert note.text().startswith(f"Switched to “{choice_words('king', 'stage2', 'hvalenki')}”")
    assert choice_words("king", "stage2", "hvalenki_reverse_eralash") in note.text()
    assert ok_button(dialog).isEnabled()
    settings = dialog.result_settings()
    settings.validate()
    assert settings.options["length"] == "short"
    assert settings.options["stage2"] == "hvalenki"


def test_an_invalid_combination_given_to_the_dialog_is_corrected(qtbot) -> None:
    settings = default_settings("king", "Anna")
    settings.options.update(length="short", stage2="hvalenki_reverse_eralash")
    dialog = make_dialog(qtbot, settings)
    assert dialog.result_settings().options["stage2"] == "hvalenki"
    assert ok_button(dialog).isEnabled()


def test_the_number_of_players_changes_the_seat_rows(qtbot) -> None:
    dialog = make_dialog(qtbot, enabled=ALL_GAMES)
    players = child(dialog, QSpinBox, "players")
    assert (players.minimum(), players.maximum(), players.value()) == (3, 4, 4)
    assert visible_rows(dialog) == 4
    players.setValue(3)
    assert visible_rows(dialog) == 3
    assert len(dialog.result_settings().seats) == 3
    assert dialog.result_settings().options["players"] == 3
    child(dialog, QRadioButton, "game_clubs").setChecked(True)
    assert (players.minimum(), players.maximum()) == (2, 8)
    players.setValue(6)
    assert visible_rows(dialog) == 6
    names = [s.name for s in dialog.result_settings().seats]
    assert len(set(names)) == 6
    players.setValue(8)
    assert visible_rows(dialog) == 8
    child(dialog, QRadioButton, "game_metamorphosis").setChecked(True)
    assert (players.minimum(), players.maximum(), players.value()) == (2, 3, 2)
    assert visible_rows(dialog) == 2


def test_names_survive_fewer_and_more_players(qtbot) -> None:
    dialog = make_dialog(qtbot)
    child(dialog, QLineEdit, "seat_name_3").setText("Vera")
    players = child(dialog, QSpinBox, "players")
    players.setValue(3)
    players.setValue(4)
    assert dialog.result_settings().seats[3].name == "Vera"


def test_a_human_seat_has_no_level(qtbot) -> None:
    dialog = make_dialog(qtbot)
    level0 = child(dialog, QComboBox, "seat_level_0")
    assert not level0.isEnabled()
    assert level0.currentIndex() == -1
    kind1 = child(dialog, QComboBox, "seat_kind_1")
    level1 = child(dialog, QComboBox, "seat_level_1")
    assert level1.isEnabled()
    assert [level1.itemText(i) for i in range(level1.count())] == [
        {"easy": "Easy", "normal": "Normal", "hard": "Hard"}[lv] for lv in computer_levels("king")]
    assert level1.findData("random") == -1
    choose(kind1, HUMAN)
    assert not level1.isEnabled()
    assert level1.currentIndex() == -1
    seat = dialog.result_settings().seats[1]
    assert seat.kind == HUMAN and seat.level is None
    choose(kind1, COMPUTER)
    assert level1.isEnabled()
    assert dialog.result_settings().seats[1].level == "normal"


def test_duplicate_names_disable_ok_with_the_reason(qtbot) -> None:
    dialog = make_dialog(qtbot)
    assert ok_button(dialog).isEnabled()
    assert dialog.problem_text() == ""
    name2 = child(dialog, QLineEdit, "seat_name_2")
    name2.setText(" anna ")
    assert not ok_button(dialog).isEnabled()
    assert dialog.problem_text() == "Players 1 and 3 have the same name."
    assert "same name" in name2.toolTip()
    assert dialog.findChild(QLabel, "problem").isVisible() or not dialog.isVisible()
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    name2.setText("Vera")
    assert ok_button(dialog).isEnabled()
    assert dialog.problem_text() == ""
    assert name2.toolTip() == ""


def test_empty_name_disables_ok(qtbot) -> None:
    dialog = make_dialog(qtbot)
    child(dialog, QLineEdit, "seat_name_0").setText("   ")
    assert not ok_button(dialog).isEnabled()
    assert dialog.problem_text() == "Player 1 has no name."
    assert child(dialog, QLineEdit, "seat_name_0").maxLength() == MAX_NAME_LENGTH


def test_no_computer_level_disables_ok(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_module, "available_levels", lambda game: [])
    dialog = make_dialog(qtbot)
    assert not ok_button(dialog).isEnabled()
    assert dialog.problem_text() == "There are no computer players for King yet."
    for i in (1, 2, 3):
        choose(child(dialog, QComboBox, f"seat_kind_{i}"), HUMAN)
    assert ok_button(dialog).isEnabled()


def test_accepting_gives_valid_settings(qtbot) -> None:
    dialog = make_dialog(qtbot, pace="slow")
    dialog.show()
    qtbot.waitExposed(dialog)
    child(dialog, QLineEdit, "seat_name_1").setText("Борис")
    choose(option(dialog, "boys"), "jacks_kings")
    option(dialog, "must_trump").setChecked(True)
    choose(child(dialog, QComboBox, "pace"), "fast")
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    settings = dialog.result_settings()
    settings.validate()
    assert settings.seats[1] == Seat("Борис", COMPUTER, "normal")
    assert settings.options["boys"] == "jacks_kings"
    assert settings.options["must_trump"] is True
    assert dialog.result_pace() == "fast"


def test_restore_defaults(qtbot) -> None:
    dialog = make_dialog(qtbot, pace="slow")
    choose(option(dialog, "length"), "short")
    child(dialog, QSpinBox, "players").setValue(3)
    child(dialog, QLineEdit, "seat_name_1").setText("Борис")
    box = dialog.findChild(QDialogButtonBox)
    box.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    settings = dialog.result_settings()
    expected = default_settings("king")
    assert settings.options == expected.options
    assert settings.seats == expected.seats
    assert dialog.result_pace() == DEFAULT_PACE
    assert visible_rows(dialog) == 4


def test_each_game_keeps_its_own_options(qtbot, ini: Path) -> None:
    dialog = make_dialog(qtbot, enabled=ALL_GAMES)
    choose(option(dialog, "length"), "short")
    child(dialog, QRadioButton, "game_clubs").setChecked(True)
    option(dialog, "target").setValue(250)
    choose(option(dialog, "bidding"), "everyone")
    child(dialog, QRadioButton, "game_king").setChecked(True)
    assert option(dialog, "length").currentData() == "short"
    child(dialog, QRadioButton, "game_clubs").setChecked(True)
    assert option(dialog, "target").value() == 250
    child(dialog, QRadioButton, "game_king").setChecked(True)
    save_settings(open_settings(ini), dialog.result_settings())
    loaded = load_settings(open_settings(ini))
    assert loaded.game == "king"
    assert loaded.options["length"] == "short"
    assert loaded.options_for("clubs")["target"] == 250
    again = make_dialog(qtbot, loaded, enabled=ALL_GAMES)
    child(again, QRadioButton, "game_clubs").setChecked(True)
    assert option(again, "target").value() == 250
    assert option(again, "bidding").currentData() == "everyone"


def test_a_new_dialog_shows_the_saved_settings(qtbot, ini: Path) -> None:
    dialog = make_dialog(qtbot)
    child(dialog, QSpinBox, "players").setValue(3)
    child(dialog, QLineEdit, "seat_name_0").setText("Анна")
    child(dialog, QLineEdit, "seat_name_2").setText("Вера")
    choose(option(dialog, "stage2"), "positive")
    option(dialog, "early_finish").setChecked(False)
    choose(child(dialog, QComboBox, "pace"), "instant")
    dialog.accept()
    qs = open_settings(ini)
    save_settings(qs, dialog.result_settings())
    save_pace(qs, dialog.result_pace())

    stored = open_settings(ini)
    again = make_dialog(qtbot, load_settings(stored), pace=load_pace(stored))
    assert child(again, QSpinBox, "players").value() == 3
    assert visible_rows(again) == 3
    assert child(again, QLineEdit, "seat_name_0").text() == "Анна"
    assert child(again, QLineEdit, "seat_name_2").text() == "Вера"
    assert option(again, "stage2").currentData() == "positive"
    assert not option(again, "early_finish").isChecked()
    assert child(again, QComboBox, "pace").currentData() == "instant"
    assert again.result_settings() == dialog.result_settings()


def test_the_dialog_fits_a_small_screen(qtbot) -> None:
    dialog = make_dialog(qtbot, enabled=ALL_GAMES)
    for game, players in (("king", 4), ("clubs", 8), ("metamorphosis", 3)):
        child(dialog, QRadioButton, f"game_{game}").setChecked(True)
        child(dialog, QSpinBox, "players").setValue(players)
        dialog.fit_to_contents()
        assert dialog.width() <= 1024 and dialog.height() <= 700, (game, dialog.size())
        layout = dialog.layout()
        assert dialog.width() >= layout.totalMinimumSize().width()


def test_tab_order_follows_the_layout(qtbot) -> None:
    dialog = make_dialog(qtbot, enabled=ALL_GAMES)
    child(dialog, QRadioButton, "game_clubs").setChecked(True)  # rebuilds the options
    order: list[QWidget] = []
    widget = child(dialog, QRadioButton, "game_clubs")
    for _ in range(200):
        widget = widget.nextInFocusChain()
        if widget.objectName():
            order.append(widget)
        if widget is ok_button(dialog):
            break
    names = [w.objectName() for w in order]
    assert names.index("players") < names.index("seat_name_0") < names.index("option_bidding")
    assert names.index("option_bidding") < names.index("option_target") < names.index("pace")


# --- Трефы: the deal limit and its suggestions ---------------------------------------------


def clubs_dialog(qtbot, players: int = 4, **options: Any) -> SettingsDialog:
    settings = default_settings("clubs", "Anna")
    settings = GameSettings("clubs", {**settings.options, **options, "players": players},
                            settings.seats[:1] + [Seat(f"Bot {i}", "computer", "normal")
                                                  for i in range(1, players)])
    dialog = make_dialog(qtbot, settings, enabled=ALL_GAMES)
    dialog.show()
    return dialog


def test_no_limit_is_said_in_words_and_steps_straight_to_five(qtbot) -> None:
    dialog = clubs_dialog(qtbot, players=3)
    deals = option(dialog, "deals")
    assert deals.value() == 0 and deals.text() == "No limit"
    deals.stepBy(1)
    assert deals.value() == 5  # 1 to 4 are no limit the rules allow
    deals.stepBy(3)
    assert deals.value() == 8
    deals.stepBy(-3)
    deals.stepBy(-1)
    assert deals.value() == 0
    deals.setValue(3)
    deals.editingFinished.emit()  # typed by hand
    assert deals.value() == 5
    assert dialog.result_settings().options["deals"] == 5


def test_two_players_get_a_limit_filled_in_with_the_reason(qtbot) -> None:
    dialog = clubs_dialog(qtbot, players=3)
    note = child(dialog, QLabel, "note_deals")
    assert option(dialog, "deals").value() == 0 and not note.isVisibleTo(dialog)
    dialog._players.setValue(2)
    assert option(dialog, "deals").value() == 30
    assert "Suggested for 2 players: 30" in note.text()
    assert "may never end" in note.text() and "Use 30" not in note.text()
    assert dialog.result_settings().options["deals"] == 30
    dialog._players.setValue(3)  # the dialog's own suggestion goes with its reason
    assert option(dialog, "deals").value() == 0 and not note.isVisibleTo(dialog)


def test_a_limit_the_player_chose_stays(qtbot) -> None:
    dialog = clubs_dialog(qtbot, players=3)
    option(dialog, "deals").setValue(12)
    dialog._players.setValue(2)
    assert option(dialog, "deals").value() == 12
    assert "Use 30" in child(dialog, QLabel, "note_deals").text()


def test_long_tables_are_offered_a_limit_with_a_link(qtbot) -> None:
    dialog = clubs_dialog(qtbot, players=6)
    dialog._players.setValue(5)
    note = child(dialog, QLabel, "note_deals")
    assert option(dialog, "deals").value() == 0  # offered, not filled in
    assert "Suggested for 5 players: 40" in note.text() and "40 deals" in note.text()
    note.linkActivated.emit("use")
    assert option(dialog, "deals").value() == 40
    assert "Use 40" not in note.text()
    assert dialog.result_settings().options["deals"] == 40


def test_the_dialog_takes_exactly_the_names_a_record_may_hold() -> None:
    """The same rule as the record loader (``cardtable.engine.names``)."""
    from name_cases import ACCEPTED, REFUSED

    def name_codes(name: str) -> list[str]:
        settings = default_settings("king", "Anna")
        seats = [Seat(name, HUMAN, None), *settings.seats[1:]]
        check = GameSettings("king", settings.options, seats)
        return [getattr(p, "code", "") for p in check.problems()
                if p.key == "seats.0.name"]

    for name in REFUSED.values():
        assert name_codes(name), repr(name)
    for name in ACCEPTED:
        assert name_codes(name) == [], repr(name)
