"""The Statistics window: a row per table with assisted games apart, a table's last
games, the player chooser, export, reset after asking, the keyboard, and columns that
never cut a number off."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMessageBox,
    QPushButton,
    QTableWidget,
)

from cardtable.stats import SeatEntry, Statistics
from cardtable.ui import game_files, i18n
from cardtable.ui.dialogs import statistics as stats_dialog
from cardtable.ui.dialogs.statistics import StatisticsDialog
from cardtable.ui.i18n import current_language
from ui.gui_driver import remove_translators

START = 1_700_000_000.0
DAY = 86_400.0


def seats(n: int, *humans: str, level: str = "normal") -> list[SeatEntry]:
    return [SeatEntry(h, "human", None) for h in humans] + [
        SeatEntry(f"Computer {i + 1}", "computer", level) for i in range(n - len(humans))]


def play(store: Statistics, key: str, game: str, table: list[SeatEntry],
         totals: list[int] | None, day: float, how: str | None = None) -> None:
    store.begin(key, game, {"players": len(table)}, table, START + day * DAY)
    if how is not None:
        store.mark_assisted(key, how)
    if totals is not None:
        store.finish(key, totals, START + day * DAY + 3600)
    assert store.last_error is None


@pytest.fixture
def empty(tmp_path: Path, no_translators: None) -> Iterator[Statistics]:
    store, problem = Statistics.open(tmp_path / "statistics.sqlite")
    assert problem is None
    yield store
    store.close()


@pytest.fixture
def store(empty: Statistics) -> Statistics:
    """Аня's games: Кинг for four (two won, one lost, one helped by a hint, one left
    unfinished) and Трефы for five."""
    king = seats(4, "Аня")
    play(empty, "k1", "king", king, [30, 10, 0, -40], 1)
    play(empty, "k2", "king", king, [-20, 10, 0, 10], 2)
    play(empty, "k3", "king", king, [25, 10, 0, -15], 3)
    play(empty, "k4", "king", king, [10, 0, 0, 0], 4, how="hint")
    play(empty, "k5", "king", king, None, 5)
    play(empty, "c1", "clubs", seats(5, "Аня", level="hard"), [40, 40, 10, 0, 3], 6)
    return empty


def dialog(qtbot: Any, store: Statistics, **kwargs: Any) -> StatisticsDialog:
    """The dialog shown, its settings in a file of the test's own (never the person's)."""
    folder = tempfile.mkdtemp(prefix="stats-dialog-")
    kwargs.setdefault("qsettings", QSettings(str(Path(folder) / "settings.ini"),
                                             QSettings.Format.IniFormat))
    d = StatisticsDialog(store, **kwargs)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def row_texts(table: QTableWidget, row: int) -> list[str]:
    return [table.item(row, col).text() for col in range(table.columnCount())]


def column(table: QTableWidget, name: str) -> int:
    for col in range(table.columnCount()):
        if table.horizontalHeaderItem(col).text() == name:
            return col
    raise AssertionError(f"no column {name!r}")


def click_row(qtbot: Any, table: QTableWidget, row: int) -> None:
    rect = table.visualItemRect(table.item(row, 0))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


# --- what is shown ---------------------------------------------------------------------------


def test_an_empty_database_says_so(qtbot: Any, empty: Statistics) -> None:
    d = dialog(qtbot, empty)
    assert d.message.isVisible() and d.message.text().startswith("No games played yet")
    assert not any(w.isVisible() for w in (d.summary, d.assisted, d.recent, d.player))
    assert not d.export_button.isEnabled() and not d.reset_button.isEnabled()
    assert d.close_button.isEnabled()


def test_a_row_per_table_with_assisted_games_apart(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store)
    assert not d.message.isVisible()
    assert [row_texts(d.summary, r) for r in range(d.summary.rowCount())] == [
        ["King, 4 players", "4", "3", "2", "50%", "11.7", "30", "2.00", "1"],
        ["Clubs, 5 players", "1", "1", "1", "100%", "40.0", "40", "1.00", "1"],
    ]
    assert d.assisted.isVisible() and "hint" in d.assisted_label.text()
    assert [row_texts(d.assisted, r) for r in range(d.assisted.rowCount())] == [
        ["King, 4 players", "1", "1", "1", "100%", "10.0", "10", "1.00", "1"]]
    assert not d.player.isVisible()  # one name: nothing to choose


def test_negative_figures_have_a_true_minus(qtbot: Any, empty: Statistics) -> None:
    play(empty, "a", "king", seats(3, "Аня"), [-7, 3, 4], 1)
    play(empty, "b", "king", seats(3, "Аня"), [-8, 3, 5], 2)
    d = dialog(qtbot, empty)
    assert row_texts(d.summary, 0)[5:7] == ["\u22127.5", "\u22127"]


def test_the_last_games_of_the_table_selected(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store)
    assert d.recent_label.text() == "Last games: King, 4 players"  # the first row's
    assert d.recent.rowCount() == 5
    headers = [d.recent.horizontalHeaderItem(c).text() for c in range(d.recent.columnCount())]
    assert headers == ["Date", "Total", "Place", "Result", "Assisted", "Opponents"]
    assert row_texts(d.recent, 0)[1:] == ["—", "—", "unfinished", "",
                                          "Computer 1 (normal), Computer 2 (normal), "
                                          "Computer 3 (normal)"]
    assert row_texts(d.recent, 1)[1:5] == ["10", "1 of 4", "won", "hint"]
    assert row_texts(d.recent, 3)[1:5] == ["\u221220", "4 of 4", "lost", ""]
    assert row_texts(d.recent, 0)[0] == d.conventions.toString(
        stats_dialog.QDateTime.fromSecsSinceEpoch(int(START + 5 * DAY)),
        stats_dialog.QLocale.FormatType.ShortFormat)
    click_row(qtbot, d.summary, 1)
    assert d.recent_label.text() == "Last games: Clubs, 5 players"
    assert row_texts(d.recent, 0)[1:4] == ["40", "1 of 5", "won"]  # a shared first place
    assert row_texts(d.recent, 0)[5].startswith("Computer 1 (hard), ")
    click_row(qtbot, d.assisted, 0)
    assert d.recent_label.text() == "Last games: King, 4 players"
    assert d.summary.selectionModel().selectedRows() == []  # one row selected in all


def test_the_table_asked_for_comes_first(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="clubs", players=5)
    assert d.recent_label.text() == "Last games: Clubs, 5 players"
    assert [i.row() for i in d.summary.selectionModel().selectedRows()] == [1]
    unknown = dialog(qtbot, store, game="metamorphosis", players=3)  # never played
    assert unknown.recent_label.text() == "Last games: King, 4 players"


def test_at_most_twenty_last_games(qtbot: Any, empty: Statistics) -> None:
    for day in range(25):
        play(empty, f"g{day}", "metamorphosis", seats(2, "Аня"), [day, 5], day)
    d = dialog(qtbot, empty)
    assert d.recent.rowCount() == 20
    assert d.recent.item(0, 1).text() == "24"


def test_choosing_a_player(qtbot: Any, store: Statistics) -> None:
    play(store, "both", "king", seats(4, "Борис", "Аня"), [50, 0, 0, 0], 7)
    d = dialog(qtbot, store)
    assert d.player.isVisible()
    assert [d.player.itemText(i) for i in range(d.player.count())] == ["Everyone", "Аня",
                                                                       "Борис"]
    assert d.summary.item(0, 1).text() == "6"  # Аня's five unassisted, Борис's one
    player_col = column(d.recent, "Player")
    assert [d.recent.item(r, player_col).text() for r in range(2)] == ["Борис", "Аня"]
    assert d.recent.item(0, column(d.recent, "Opponents")).text().startswith("Аня, ")
    d.player.setCurrentIndex(2)
    assert [row_texts(d.summary, r)[:4] for r in range(d.summary.rowCount())] == [
        ["King, 4 players", "1", "1", "1"]]
    assert not d.assisted.isVisible()
    assert "Player" not in [d.recent.horizontalHeaderItem(c).text()
                            for c in range(d.recent.columnCount())]
    d.player.setCurrentIndex(0)
    assert d.summary.rowCount() == 2 and d.assisted.isVisible()


def test_a_store_kept_in_memory_says_so(qtbot: Any, tmp_path: Path,
                                        no_translators: None) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store, problem = Statistics.open(blocker / "statistics.sqlite")
    assert problem is not None and not store.persistent
    assert dialog(qtbot, store).memory_note.isVisible()


def test_a_database_that_cannot_be_read_is_told(qtbot: Any, store: Statistics) -> None:
    store.close()
    d = dialog(qtbot, store)
    assert d.message.isVisible()
    assert d.message.text().startswith("The statistics could not be read: ")


# --- export and reset -----------------------------------------------------------------------


def test_export_as_csv(qtbot: Any, store: Statistics, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "chosen.csv"
    asked: list[str] = []

    def choose(asking: QFileDialog) -> str:
        asked.extend(asking.selectedFiles())
        return str(target)

    monkeypatch.setattr(stats_dialog.file_dialog, "chosen_file", choose)
    d = dialog(qtbot, store)
    d.export_button.click()
    assert Path(asked[0]).name == "cardtable-statistics.csv"
    assert d.qs.value(game_files.EXPORT_FOLDER_KEY) == str(tmp_path)  # the next opens there
    lines = target.read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 1 + 6 and lines[0].startswith("started,finished,game")
    assert d.status.text() == f"6 rows written to {target}"


def test_an_export_that_fails_says_why(qtbot: Any, store: Statistics, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "no such folder" / "out.csv"
    monkeypatch.setattr(stats_dialog.file_dialog, "chosen_file", lambda _dialog: str(target))
    told: list[str] = []
    monkeypatch.setattr(stats_dialog.QMessageBox, "warning",
                        lambda parent, title, text: told.append(text))
    d = dialog(qtbot, store)
    d.export_button.click()
    assert len(told) == 1 and str(target) in told[0] and "No such file" in told[0]
    assert not target.parent.exists() and d.status.text() == ""


def test_an_export_named_without_a_suffix_gets_one(qtbot: Any, store: Statistics,
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_dialog.file_dialog, "chosen_file",
                        lambda _dialog: str(tmp_path / "mine"))
    dialog(qtbot, store).export_button.click()
    assert (tmp_path / "mine.csv").is_file() and not (tmp_path / "mine").exists()


def test_an_export_cancelled_writes_nothing(qtbot: Any, store: Statistics, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_dialog.file_dialog, "chosen_file", lambda _dialog: "")
    d = dialog(qtbot, store)
    d.export_button.click()
    assert d.status.text() == ""


def answer_reset(d: StatisticsDialog, delete: bool, seen: dict[str, str]) -> None:
    """Once the question is up, note its default button and press Delete or Cancel."""

    def press() -> None:
        box = d.findChild(QMessageBox, "resetQuestion")
        assert box is not None and box.isVisible()
        cancel = box.button(QMessageBox.StandardButton.Cancel)
        seen["default"] = "Cancel" if box.defaultButton() is cancel else "other"
        chosen = next(b for b in box.findChildren(QPushButton) if b.text() == "Delete") \
            if delete else cancel
        chosen.click()

    QTimer.singleShot(0, press)


def test_reset_asks_first_and_cancel_is_the_default(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store)
    seen: dict[str, str] = {}
    answer_reset(d, False, seen)
    d.reset_button.click()
    assert seen["default"] == "Cancel"
    assert store.game_count() == 6 and not d.message.isVisible()
    answer_reset(d, True, seen)
    d.reset_button.click()
    assert store.game_count() == 0
    assert d.message.isVisible() and d.message.text().startswith("No games played yet")
    assert d.status.text() == "The statistics have been reset."
    assert not d.reset_button.isEnabled()


# --- keyboard, names, widths --------------------------------------------------------------


def test_everything_is_reached_with_tab_and_named(qtbot: Any, store: Statistics) -> None:
    play(store, "both", "king", seats(4, "Борис", "Аня"), [50, 0, 0, 0], 7)
    d = dialog(qtbot, store)
    d.activateWindow()
    qtbot.waitUntil(d.isActiveWindow)
    d.player.setFocus()
    reached = []
    for _ in range(12):
        reached.append(QApplication.focusWidget())
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    for widget in (d.player, d.summary, d.assisted, d.recent, d.export_button,
                   d.reset_button, d.close_button):
        assert widget in reached, widget.objectName() or widget.accessibleName()
        assert widget.accessibleName()
    for table in (d.summary, d.assisted, d.recent):
        assert not table.tabKeyNavigation()  # Tab leaves a table; arrows move within


def test_escape_and_enter_close_the_window(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store)
    QTest.keyClick(d, Qt.Key.Key_Escape)
    assert not d.isVisible() and d.result() == StatisticsDialog.DialogCode.Rejected
    d = dialog(qtbot, store)
    assert d.close_button.isDefault()
    d.summary.setFocus()
    QTest.keyClick(d.summary, Qt.Key.Key_Return)
    assert not d.isVisible()


def test_columns_are_as_wide_as_their_contents(qtbot: Any, store: Statistics) -> None:
    play(store, "big", "clubs", seats(5, "Аня"), [-12345, 0, 0, 0, 0], 8, how="undo")
    d = dialog(qtbot, store)
    for table in (d.summary, d.assisted, d.recent):
        header = table.horizontalHeader()
        for col in range(table.columnCount() - (table is d.recent)):
            need = max(table.sizeHintForColumn(col), header.sectionSizeHint(col))
            assert table.columnWidth(col) >= need, (table.objectName(), col)
    assert [d.summary.columnWidth(c) for c in range(d.summary.columnCount())] == [
        d.assisted.columnWidth(c) for c in range(d.assisted.columnCount())]


def test_the_width_check_catches_a_cut_column(qtbot: Any, store: Statistics) -> None:
    """The check above can fail: a column narrowed by hand is caught."""
    d = dialog(qtbot, store)
    d.summary.setColumnWidth(5, 5)
    need = max(d.summary.sizeHintForColumn(5), d.summary.horizontalHeader().sectionSizeHint(5))
    assert d.summary.columnWidth(5) < need


# --- Russian ------------------------------------------------------------------------------


@pytest.fixture
def russian(qapp: QApplication, tmp_path: Path) -> Iterator[None]:
    before = current_language()
    remove_translators(qapp)
    i18n.install_translators(qapp, "ru")
    yield
    remove_translators(qapp)
    i18n.install_translators(qapp, before, directory=tmp_path)
    remove_translators(qapp)


def test_russian_counts_players_in_its_three_forms(qtbot: Any, empty: Statistics,
                                                   russian: None) -> None:
    play(empty, "a", "metamorphosis", seats(2, "Аня"), [5, 3], 1)
    play(empty, "b", "king", seats(4, "Аня"), [5, 3, 0, 0], 2)
    play(empty, "c", "clubs", seats(5, "Аня"), [5, 3, 0, 0, 0], 3)
    d = dialog(qtbot, empty)
    assert [d.summary.item(r, 0).text() for r in range(3)] == [
        "Кинг, 4 игрока", "Трефы, 5 игроков", "Метаморфоза, 2 игрока"]
    assert d.table_name("clubs", 2) == "Трефы, 2 игрока"


def test_results_still_being_recorded_are_said_to_be_missing(
        empty: Statistics, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window waits for the writer only briefly, then says what is not counted."""
    monkeypatch.setattr(stats_dialog, "SETTLE_SECONDS", 0.01)
    outstanding = [3]
    monkeypatch.setattr(empty, "settle", lambda timeout: outstanding[0])
    dialog = StatisticsDialog(empty)
    qtbot.addWidget(dialog)
    assert not dialog.recording_note.isHidden()
    outstanding[0] = 0
    dialog.refresh()
    assert dialog.recording_note.isHidden()


def test_a_default_opponent_name_is_said_in_the_interface_language(
        qtbot: Any, empty: Statistics) -> None:
    """A game played in English keeps "Computer 1" in its record; a Russian window says
    «Компьютер 1 (средний)», never "Computer 1 (средний)" (nor the reverse)."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    words = {("GameSettings", "Computer %1"): "Компьютер %1", ("Texts", "Normal"): "Средний"}

    class Russian(QTranslator):
        def translate(self, context: str, source: str, disambiguation: str | None = None,
                      n: int = -1) -> str:
            return words.get((context, source), source)

        def isEmpty(self) -> bool:
            return False

    window = dialog(qtbot, empty)
    english = window.opponent_text("Computer 1", "computer", "normal")
    assert english == "Computer 1 (normal)"
    russian = Russian()
    QCoreApplication.installTranslator(russian)
    try:
        said = window.opponent_text("Computer 1", "computer", "normal")
        assert said == "Компьютер 1 (средний)"
        assert window.opponent_text("Аня", "human", None) == "Аня"
    finally:
        QCoreApplication.removeTranslator(russian)
