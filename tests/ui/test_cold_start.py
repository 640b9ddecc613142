"""The table's cold start: what the first sight of the table does not need is done
after it (or when first asked for) — and is still done."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from cardtable.engine.match import Seat
from cardtable.ui.settings import GameSettings
from cardtable.ui.window.main_window import MainWindow

LATER = ("cardtable.stats", "sqlite3", "importlib.metadata", "cardtable.ui.dialogs.new_game",
         "cardtable.ui.dialogs.preferences", "cardtable.ui.dialogs.statistics",
         "cardtable.ui.dialogs.rules", "cardtable.ui.dialogs.score_sheet", "cardtable.ui.replay",
         "cardtable.ui.file_dialog", "cardtable.ai.review", "cardtable.ui.review.run_panel",
         "cardtable.ui.review.runner", "cardtable.ai.king_normal", "cardtable.ai.clubs_normal",
         "cardtable.ai.metamorphosis_normal", "cardtable.ai.search")
"""Modules only a menu, a dialog, a review, the statistics or a computer's first turn
(once the table is on the screen) need."""

BUILD_AND_DEAL = """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from cardtable.ui.window.main_window import MainWindow
folder = sys.argv[1]
window = MainWindow(qsettings=QSettings(folder + "/s.ini", QSettings.Format.IniFormat),
                    statistics=__import__("pathlib").Path(folder) / "statistics.sqlite",
                    start=False)
window.set_pace("instant")
window.controller.hold_thinking()  # as the program does until its table is painted
window.start_first_game()
assert window.controller.match is not None
print(" ".join(sorted(set(sys.argv[2:]) & set(sys.modules))))
"""


def window_with_statistics(qtbot: Any, tmp_path: Path, statistics: Path) -> MainWindow:
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, statistics=statistics, start=False)
    qtbot.addWidget(win)
    win.set_pace("instant")
    return win


def test_a_window_and_its_first_deal_import_no_dialog_and_no_database(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", BUILD_AND_DEAL, str(tmp_path), *LATER],
                          capture_output=True, text=True, check=False,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []
    assert not (tmp_path / "statistics.sqlite").exists()


def test_the_statistics_open_once_the_table_is_painted(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite"
    win = window_with_statistics(qtbot, tmp_path, path)
    assert win.stats is None and not path.exists()
    assert win.menus.stats_action.isEnabled()
    win.show()
    qtbot.waitUntil(lambda: win.stats is not None)
    assert path.exists() and win.stats is not None and win.stats.persistent


def test_a_game_is_recorded_in_statistics_opened_on_demand(qtbot: Any,
                                                           tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite"
    win = window_with_statistics(qtbot, tmp_path, path)  # never shown: never painted
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, 4)]
    win.start_game(GameSettings("clubs", {"players": 4}, seats), seed=3)
    qtbot.waitUntil(lambda: win.scene.turn_view is not None, timeout=10_000)
    assert win.stats is None
    view = win.scene.turn_view
    assert view is not None
    assert win.controller.submit(view.legal[0])
    assert win.stats is not None  # opened by the first move, which is recorded off
    assert win.stats.settle(30) == 0  # the window's thread: waited for here
    assert win.stats.game_count() == 1
    assert path.exists()


def test_statistics_that_cannot_be_kept_are_said_after_the_first_paint(
        qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite"
    path.mkdir()  # a folder where the database should be
    win = window_with_statistics(qtbot, tmp_path, path)
    assert win.findChild(QMessageBox, "statsProblem") is None
    win.show()
    qtbot.waitUntil(lambda: win.findChild(QMessageBox, "statsProblem") is not None)
    assert win.stats is not None and not win.stats.persistent


def test_a_closed_window_opens_no_statistics(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite"
    win = window_with_statistics(qtbot, tmp_path, path)
    win.show()
    win.close()  # before the turn of the event loop after the first paint
    qtbot.wait(50)
    assert win.stats is None and not path.exists()
