"""A review from the menu to the marks and the statistics, every part real: Game ▸
Review on a finished game, "Watch with the marks" opens Watch again with the review's
decisions on the slider, and its figure is in the statistics' trend of that table.
The review runs at its real number of samples (a few seconds for this short game), so
that what it marks is beyond its noise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from cardtable.engine import record
from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui.review import run_flow
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import click, remove_translators

RECORD = Path(__file__).resolve().parents[1] / "data" / "records" / "king" / \
    "r02_4p_hearts_early_finish.json"
"""A short game of Кинг whose seat 1 made 11 decisions, two of them inaccuracies."""
HERE = 1


def test_a_review_reaches_the_slider_and_the_statistics(qtbot: Any, tmp_path: Path,
                                                        qapp: QApplication) -> None:
    remove_translators(qapp)
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json", start=False,
                     statistics=tmp_path / "statistics.sqlite")
    win.set_pace("instant")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.reviews.runner.workers = None  # in this process: the workers are other tests'
    match = record.load_file(RECORD)
    for seat in range(match.n):
        match.seats[seat] = Seat(f"Computer {seat}", COMPUTER, "easy")
    match.seats[HERE] = Seat("Аня", HUMAN, None)
    win.controller.start_match(match)
    win.update_game_actions()

    win.menus.review_action.trigger()
    qtbot.waitUntil(lambda: win.reviews.phase == run_flow.DONE
                    and not win.reviews.runner.alive(), timeout=60_000)
    fair = win.reviews.fair
    assert fair is not None and fair.decisions

    click(win.reviews.panel.watch_button)
    session = win.replay
    assert session is not None and session.review is fair
    marked = session.marked()
    assert marked == fair.marked() and marked, "this game has marked decisions"
    session.go_to(marked[0].position)  # the costliest: the moment of that choice
    assert session.position == marked[0].position

    store = win.statistics.open()
    assert store is not None
    [kept] = store.reviews(match.game.name, match.n)
    assert kept.accuracy == pytest.approx(fair.accuracy, abs=0.01)
    win.close()
