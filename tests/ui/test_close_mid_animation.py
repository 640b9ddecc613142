"""Closing the window while a trick slides to its winner: the slide's end must not
reach for cards that went with the table (it raised in the event loop once, seen at a
network table whose computers now keep the host's pace)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from cardtable.engine.actions import Play
from cardtable.engine.match import Seat
from cardtable.ui.settings import GameSettings
from cardtable.ui.window.main_window import MainWindow


def test_a_window_closed_mid_collect_leaves_no_error(qtbot: Any, tmp_path: Path,
                                                     qapp: QApplication) -> None:
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "a.json", start=False)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    win.set_pace("instant")
    seats = [Seat("You", "human", None)] + [Seat(f"C{i}", "computer", "easy")
                                            for i in range(1, 4)]
    win.start_game(GameSettings("king", {"players": 4}, seats), seed=1)
    scene = win.scene
    collecting: list[Any] = []
    scene.trickCollecting.connect(collecting.append)
    qtbot.waitUntil(lambda: scene.turn_view is not None and not scene.busy)
    while True:  # to the last card of a trick: it is then collected at the normal pace
        view = scene.turn_view
        assert view is not None
        plays = [a for a in view.legal if type(a) is Play]
        if len(view.trick) == 3:
            win.set_pace("normal")
            win.controller.submit(plays[0])
            break
        win.controller.submit(plays[0])
        qtbot.waitUntil(lambda: scene.turn_view is not None and not scene.busy)
    qtbot.waitUntil(lambda: bool(collecting))
    anim = collecting[0]
    win.close()
    win.deleteLater()
    qtbot.wait(50)  # the window and its table are gone; the slide is still on its way
    qtbot.waitUntil(lambda: anim.state() == anim.State.Stopped, timeout=10_000)
    qtbot.wait(50)  # pytest-qt fails the test on an exception raised in the event loop
