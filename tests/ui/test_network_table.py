"""A network table through the real dialogs: host (this program's own server, on
loopback), a second program joining by the invitation, the lobby, the game played from
both screens, and the end told to both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox

from cardtable.engine.match import COMPUTER, HUMAN, Seat
from cardtable.ui.controller import Waiting
from cardtable.ui.network.host_dialog import HostDialog
from cardtable.ui.network.join_dialog import JoinDialog
from cardtable.ui.network.lobby import LobbyDialog
from cardtable.ui.network.online_window import OnlineWindow
from cardtable.ui.network.play_online import PlayOnline
from cardtable.ui.settings import GameSettings, save_settings
from cardtable.ui.window.main_window import MainWindow


def _window(tmp: Path, name: str) -> MainWindow:
    qs = QSettings(str(tmp / f"{name}.ini"), QSettings.Format.IniFormat)
    return MainWindow(qs, autosave=tmp / f"{name}.json", start=False,
                      statistics=tmp / f"{name}.sqlite")


def _answer(kind: type[QDialog], fill: Any) -> None:
    """When a modal dialog of ``kind`` opens, fill it and press OK."""
    def find() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, kind) and widget.isVisible():
                fill(widget)
                widget.findChild(QDialogButtonBox).button(
                    QDialogButtonBox.StandardButton.Ok).click()
                return
        QTimer.singleShot(20, find)
    QTimer.singleShot(0, find)


def _online_windows() -> list[OnlineWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, OnlineWindow)]


def test_host_and_join_through_the_dialogs_and_play_to_the_end(qtbot: Any,
                                                                tmp_path: Path) -> None:
    host_window, guest_window = _window(tmp_path, "host"), _window(tmp_path, "guest")
    qtbot.addWidget(host_window)
    qtbot.addWidget(guest_window)
    save_settings(host_window.qs, GameSettings(
        "metamorphosis", {"players": 3},
        [Seat("Аня", HUMAN, None), Seat("Guest", HUMAN, None), Seat("Вера", COMPUTER, "easy")],
        {}))
    hosting = PlayOnline(host_window)
    hosting.bind, hosting.data = "127.0.0.1", tmp_path / "tables"
    _answer(HostDialog, lambda dialog: None)
    hosting.host()
    lobby = hosting.lobby
    assert isinstance(lobby, LobbyDialog)
    qtbot.waitUntil(lambda: lobby.link.text().startswith("cardtable://"), timeout=20000)
    invitation = lobby.link.text()

    joining = PlayOnline(guest_window)
    _answer(JoinDialog, lambda dialog: (dialog.address.setText(invitation),
                                        dialog.name.setText("Борис")))
    joining.join()
    qtbot.waitUntil(lambda: "Борис" in lobby.seats.item(1).text(), timeout=20000)
    assert lobby.start.isVisible() and lobby.start.isEnabled()
    lobby.start.click()
    qtbot.waitUntil(lambda: len(_online_windows()) == 2, timeout=20000)
    windows = _online_windows()  # they delete themselves when closed (below)
    try:
        _play_to_the_end(qtbot, [w.remote for w in windows])
    finally:
        for window in windows:
            window.remote.stop()
            window.close()


def _play_to_the_end(qtbot: Any, remotes: list[Any]) -> None:
    assert sorted(r.seat for r in remotes) == [0, 1]

    def play() -> bool:
        for remote in remotes:
            if remote.waiting == Waiting.HUMAN:
                view = remote.view()
                assert view is not None and view.to_move == remote.seat
                remote.submit(view.legal[0])
            elif remote.waiting == Waiting.NEXT_DEAL:
                remote.next_deal()
        return all(r.is_over and r.can_watch() for r in remotes)

    qtbot.waitUntil(play, timeout=120000)
    totals = {tuple(r.view().totals) for r in remotes}  # type: ignore[union-attr]
    assert len(totals) == 1
    watched = remotes[0].copy_to_watch()
    assert watched is not None and tuple(watched.state.totals) in totals


@pytest.mark.parametrize("text, problem", [
    ("", ""),
    ("cardtable://nowhere", "cannot be read"),
    ("192.168.1.20:99999", "address"),
])
def test_the_join_dialog_says_what_it_cannot_read(qtbot: Any, text: str, problem: str) -> None:
    dialog = JoinDialog("Аня")
    qtbot.addWidget(dialog)
    dialog.address.setText(text)
    dialog.code.setText("K7QX-M2PD")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    assert problem in dialog.problem.text()
    dialog.address.setText("192.168.1.20:8765")
    assert ok.isEnabled()
