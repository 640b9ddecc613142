"""The window of a network table: the same table, cards and words as a game here, with
the game held by the table server — so no new game, no opening or saving, no undo in
it; the chat beside it; and who is away said on the status line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QMessageBox

from cardtable.ui import texts
from cardtable.ui.network.chat import ChatPanel
from cardtable.ui.network.hosting import EmbeddedServer
from cardtable.ui.network.remote_controller import RemoteController
from cardtable.ui.window.main_window import MainWindow


class OnlineWindow(MainWindow):
    """A network table in a window of its own (the game here waits in its window)."""

    def __init__(self, remote: RemoteController, qsettings: QSettings | None = None,
                 statistics: Path | None = None, server: EmbeddedServer | None = None) -> None:
        super().__init__(qsettings, autosave=None, start=False, statistics=statistics,
                         controller=remote)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.remote = remote
        self.server = server
        """The table server this program runs for the table, when it hosts it."""
        menus = self.menus
        for action in (menus.new_action, menus.again_action, menus.restart_action,
                       menus.open_action, menus.save_action, menus.undo_action,
                       menus.redo_action, menus.hint_action):
            action.setVisible(False)
            action.setEnabled(False)
        for menu in (menus.recent_menu, menus.online_menu):
            menu.menuAction().setVisible(False)
        self.chat = ChatPanel(remote, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.chat)
        self.chat.hide()  # off until asked for
        self.chat_action = QAction(self.tr("&Chat"), self)
        self.chat_action.setCheckable(True)
        self.chat_action.setShortcut("Ctrl+Shift+C")
        self.chat_action.toggled.connect(self.chat.setVisible)
        self.chat.visibilityChanged.connect(self.chat_action.setChecked)
        menus.game_menu.insertAction(menus.sheet_action, self.chat_action)
        self.addAction(self.chat_action)
        remote.seatNews.connect(self._seat_news)
        remote.connectionChanged.connect(self._connection)
        code = remote.link.code
        self.setWindowTitle(texts.fill(self.tr("CardTable — network table %1"), code))

    def update_game_actions(self, *_: object) -> None:
        super().update_game_actions()
        self.menus.save_action.setEnabled(False)

    def _seat_news(self, seat: int, news: dict[str, Any]) -> None:
        names = self.names
        name = names[seat] if 0 <= seat < len(names) else str(news.get("name", ""))
        if news.get("stand_in"):
            text = texts.fill(self.tr("%1 is away: a computer plays for them until they are "
                                      "back."), name)
            mark = self.tr("away: a computer plays")
        elif news.get("away"):
            text = texts.fill(self.tr("%1 is away; the table waits for them."), name)
            mark = self.tr("away")
        else:
            text = texts.fill(self.tr("%1 is back at the table."), name)
            mark = ""
        self.status_label.setText(text)
        self.announcer.say(text)
        for plate in self.scene.plates:
            if plate.seat == seat:
                plate.set_away(mark)

    def _connection(self, up: bool, why: str) -> None:
        if up:
            self.status_label.setText(self.tr("Connected to the table again."))
        else:
            self.status_label.setText(self.tr(
                "The connection to the table was lost; trying again… (the game waits on the "
                "server)"))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.remote.closed and self.remote.has_game and not self.remote.is_over:
            if self.server is not None:
                question = self.tr("Close the table? The game stops for everyone until you "
                                   "host it again; it is kept.")
            else:
                question = self.tr("Leave the table? Your seat stays yours: join again "
                                   "with the same invitation to play on.")
            answer = QMessageBox.question(self, self.tr("Network table"), question)
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        self.remote.stop()
        if self.server is not None:
            self.server.stop()
        super().closeEvent(event)
