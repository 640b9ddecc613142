"""A game file handed over by the system as a ``QFileOpenEvent`` (macOS: double-clicked
in the Finder, or dropped on the program's icon) is opened at the table; what is not a
game file — a named pipe, a folder, a device — is refused at Open and on the command
line, with words saying what it is, and the window never waits on it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from record_files import FifoReaders

from cardtable import cli
from cardtable.ui import app as app_module
from cardtable.ui.app import FileOpenings, game_files_in, take_opened_files
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import open_window, remove_translators


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


def told(win: MainWindow) -> list[QMessageBox]:
    """The window's questions are kept here instead of waiting for a person."""
    boxes: list[QMessageBox] = []

    def ask(box: QMessageBox) -> int:
        boxes.append(box)
        return QMessageBox.StandardButton.Ok

    win._ask = ask  # type: ignore[method-assign]
    return boxes


def test_open_refuses_what_is_not_a_game_file_without_waiting(qtbot: Any,
                                                               tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    boxes = told(win)
    fifo = tmp_path / "pipe.cardtable.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.cardtable.json"
    folder.mkdir()
    with FifoReaders(fifo) as readers:  # the old Open waited on the pipe for ever
        assert not win.open_path(fifo)
    assert readers.count == 0
    assert not win.open_path(folder)
    assert not win.open_path(Path(os.devnull))
    big = tmp_path / "big.cardtable.json"
    with open(big, "wb") as f:
        f.truncate(64 * 1024 ** 3)  # sparse: nothing written
    assert not win.open_path(big)
    assert [box.objectName() for box in boxes] == ["cannotOpen"] * 4
    texts = [box.text() for box in boxes]
    assert "“pipe.cardtable.json” cannot be opened: it is a named pipe (FIFO), not a file." \
        in texts[0]
    assert "“folder.cardtable.json” cannot be opened: it is a folder, not a file." in texts[1]
    assert f"“{Path(os.devnull).name}” cannot be opened: it is a device, not a file." \
        in texts[2]
    assert "“big.cardtable.json” cannot be opened: it is far too large to be a CardTable " \
        "game, so it was not read." in texts[3]
    assert all("the game on the table goes on" in text for text in texts)
    assert boxes[0].detailedText() == "not a game file: it is a named pipe (FIFO)"


def test_a_pipe_named_on_the_command_line_is_refused_at_start(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardtable pipe.cardtable.json`` starts the table (not a command) with the pipe
    as the file to open, and the window says it cannot be opened."""
    fifo = tmp_path / "pipe.cardtable.json"
    os.mkfifo(fifo)
    started: list[list[str]] = []
    monkeypatch.setattr(app_module, "main", lambda argv: started.append(argv) or 0)
    assert cli.main([str(fifo)]) == 0
    assert started == [[str(fifo)]] and game_files_in(started[0]) == [fifo]
    remove_translators(QApplication.instance())
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json", open_file=fifo)
    qtbot.addWidget(win)
    boxes = told(win)
    win.set_pace("instant")
    with FifoReaders(fifo) as readers:
        win.show()
        qtbot.waitUntil(lambda: len(boxes) == 1, timeout=10000)
    assert readers.count == 0
    assert "it is a named pipe (FIFO), not a file" in boxes[0].text()
    qtbot.waitUntil(lambda: win.controller.match is not None, timeout=10000)
