"""Chat beside a network table: short lines to everyone, off until asked for, and any
person muted from this screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from cardtable.net.protocol import MAX_CHAT
from cardtable.ui import texts
from cardtable.ui.network.remote_controller import RemoteController


class ChatPanel(QDockWidget):
    """The table's chat, docked beside it."""

    def __init__(self, remote: RemoteController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat")
        self.remote = remote
        self.muted: set[int] = set()
        self.setWindowTitle(self.tr("Chat"))
        self.lines = QListWidget()
        self.lines.setObjectName("chat_lines")
        self.lines.setWordWrap(True)
        self.lines.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.lines.customContextMenuRequested.connect(self._menu)
        self.entry = QLineEdit()
        self.entry.setObjectName("chat_entry")
        self.entry.setMaxLength(MAX_CHAT)
        self.entry.setPlaceholderText(self.tr("Say something to the table"))
        self.entry.returnPressed.connect(self._send)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.lines, 1)
        layout.addWidget(self.entry)
        self.setWidget(body)
        remote.chatReceived.connect(self.add)

    def add(self, seat: int, name: str, text: str) -> None:
        if seat in self.muted:
            return
        item = QListWidgetItem(f"{name}: {text}")
        item.setData(Qt.ItemDataRole.UserRole, seat)
        item.setData(Qt.ItemDataRole.UserRole + 1, name)
        self.lines.addItem(item)
        self.lines.scrollToBottom()

    def _send(self) -> None:
        self.remote.say(self.entry.text())
        self.entry.clear()

    def _menu(self, at: QPoint) -> None:
        item = self.lines.itemAt(at)
        if item is None:
            return
        seat = item.data(Qt.ItemDataRole.UserRole)
        name = item.data(Qt.ItemDataRole.UserRole + 1)
        if seat == self.remote.seat:
            return
        menu = QMenu(self)
        mute = menu.addAction(texts.fill(self.tr("Mute %1"), name))
        if menu.exec(self.lines.mapToGlobal(at)) is mute:
            self.muted.add(int(seat))
            for row in reversed(range(self.lines.count())):
                line = self.lines.item(row)
                if line is not None and line.data(Qt.ItemDataRole.UserRole) == seat:
                    self.lines.takeItem(row)
