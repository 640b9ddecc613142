"""A game file handed over by the system as a ``QFileOpenEvent`` (macOS: double-clicked
in the Finder, or dropped on the program's icon) is opened at the table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from cardtable.ui import app as app_module
from cardtable.ui.app import FileOpenings, take_opened_files


def test_a_file_handed_over_is_opened_in_a_later_turn_of_the_loop(qtbot: Any) -> None:
    opened: list[Path] = []
    openings = FileOpenings()
    openings.set_opener(opened.append)
    assert openings.take(QFileOpenEvent("/games/a.cardtable.json"))
    assert opened == []  # not inside the event's delivery
    qtbot.waitUntil(lambda: opened == [Path("/games/a.cardtable.json")])


def test_a_file_handed_over_before_the_window_waits_for_it(qtbot: Any) -> None:
    opened: list[Path] = []
    openings = FileOpenings()
    assert openings.take(QFileOpenEvent("/games/early.json"))
    openings.set_opener(opened.append)
    qtbot.waitUntil(lambda: opened == [Path("/games/early.json")])


def test_other_events_and_an_empty_name_open_nothing(qtbot: Any) -> None:
    opened: list[Path] = []
    openings = FileOpenings()
    openings.set_opener(opened.append)
    assert not openings.take(QEvent(QEvent.Type.Show))
    assert openings.take(QFileOpenEvent(""))
    qtbot.wait(20)
    assert opened == []


@pytest.mark.parametrize(("platform", "opens"), [("darwin", True), ("linux", False)])
def test_an_application_made_elsewhere_is_watched_on_macos_only(
        qapp: QApplication, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
        platform: str, opens: bool) -> None:
    """Elsewhere files come on the command line, and a filter on the application would
    put every event of the program through Python."""
    monkeypatch.setattr(app_module.sys, "platform", platform)
    opened: list[Path] = []
    installed = take_opened_files(qapp, opened.append)
    try:
        assert (installed is not None) == opens
        QCoreApplication.sendEvent(qapp, QFileOpenEvent("/games/b.json"))
        qtbot.wait(20)
        assert opened == ([Path("/games/b.json")] if opens else [])
    finally:
        if installed is not None:
            qapp.removeEventFilter(installed)
            installed.deleteLater()


PROGRAMS_APPLICATION = """
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFileOpenEvent
from cardtable.ui.app import Application, take_opened_files
app = Application(["cardtable"])
QCoreApplication.sendEvent(app, QFileOpenEvent("/games/early.json"))
assert take_opened_files(app, lambda path: print("opened", path.as_posix())) is None
QCoreApplication.sendEvent(app, QFileOpenEvent("/games/later.json"))
QTimer.singleShot(50, app.quit)
app.exec()
"""


def test_the_programs_application_takes_the_event_itself() -> None:
    """The program's own application object needs no filter, on any system."""
    done = subprocess.run([sys.executable, "-c", PROGRAMS_APPLICATION], capture_output=True,
                          text=True, check=False, timeout=60,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["opened /games/early.json",
                                          "opened /games/later.json"]
