"""The lobby: who has joined a network table, the invitation to hand round, and — for
the host — the button that starts the game."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cardtable.net.invitation import read_link
from cardtable.ui import texts
from cardtable.ui.network.remote_controller import RemoteController


class LobbyDialog(QDialog):
    """Shown from hosting or joining until the game starts (then the table opens)."""

    def __init__(self, remote: RemoteController, home_address: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.remote = remote
        self.home_address = home_address
        self.setWindowTitle(self.tr("Network table"))
        self.setObjectName("lobby")
        self.invitation_box = QGroupBox(self.tr("Invitation"))
        self.code = QLabel("…")
        self.code.setObjectName("lobby_code")
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.code.font())
        big.setPointSizeF(big.pointSizeF() * 2)
        big.setBold(True)
        self.code.setFont(big)
        self.link = QLineEdit()
        self.link.setObjectName("lobby_link")
        self.link.setReadOnly(True)
        self.copy = QPushButton(self.tr("&Copy"))
        self.copy.clicked.connect(self._copy)
        self.where = QLabel()
        self.where.setWordWrap(True)
        link_row = QHBoxLayout()
        link_row.addWidget(self.link, 1)
        link_row.addWidget(self.copy)
        box = QVBoxLayout(self.invitation_box)
        box.addWidget(self.code)
        box.addLayout(link_row)
        box.addWidget(self.where)
        self.seats = QListWidget()
        self.seats.setObjectName("lobby_seats")
        self.status = QLabel(self.tr("Connecting…"))
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.start = self.buttons.addButton(self.tr("&Start the game"),
                                            QDialogButtonBox.ButtonRole.AcceptRole)
        self.start.setObjectName("lobby_start")
        self.start.setVisible(remote.is_host)
        self.start.setEnabled(False)
        leave = self.buttons.addButton(self.tr("&Leave"), QDialogButtonBox.ButtonRole.RejectRole)
        leave.setObjectName("lobby_leave")
        self.start.clicked.connect(self._start)
        leave.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.invitation_box)
        layout.addWidget(QLabel(self.tr("At the table:")))
        layout.addWidget(self.seats, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.invitation_box.setVisible(remote.is_host)
        remote.lobbyChanged.connect(self.show_lobby)
        remote.seatNews.connect(lambda *_: self.show_lobby(remote.lobby))
        remote.connectionChanged.connect(self._connection)
        remote.link.received.connect(self._message)
        remote.link.refused.connect(self._refused)
        remote.gameStarted.connect(lambda *_: self.accept())
        self.resize(480, 460)

    def _message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "created":
            self.show_invitation(str(message["code"]), str(message["invitation"]))

    def show_invitation(self, code: str, link: str) -> None:
        self.code.setText(code)
        self.link.setText(link)
        self.link.setCursorPosition(0)  # its beginning: the address, then the code
        try:
            invitation = read_link(link)
        except ValueError:
            return
        if self.home_address:
            self.where.setText(texts.fill(self.tr(
                "People at home join at %1, port %2, with this code. From elsewhere, the "
                "host's router must pass that port on to this computer."),
                self.home_address, invitation.port))
        else:
            self.where.setText(texts.fill(self.tr("This computer listens on port %1."),
                                          invitation.port))

    def _copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.link.text())
            self.status.setText(self.tr("The invitation is copied: send it to the people "
                                        "you invite."))

    def show_lobby(self, lobby: dict[str, Any]) -> None:
        self.seats.clear()
        for i, seat in enumerate(lobby.get("seats", [])):
            name = str(seat.get("name", ""))
            if seat.get("kind") == "computer":
                state = texts.fill(self.tr("computer, %1"),
                                   texts.level_name(str(seat.get("level", "easy"))).lower())
            elif seat.get("present"):
                state = self.tr("here") if i in self.remote.links else self.tr("joined")
            elif seat.get("taken"):
                state = self.tr("away")
            else:
                state = self.tr("waiting for someone to join")
                name = texts.fill(self.tr("Seat %1"), i + 1)
            self.seats.addItem(f"{i + 1}. {name} — {state}")
        if self.remote.is_host:
            self.start.setEnabled(True)
            waiting = sum(1 for s in lobby.get("seats", [])
                          if s.get("kind") == "open" and not s.get("taken"))
            self.status.setText(texts.fill(self.tr(
                "Seats still free: %1. A computer takes them if you start now."),
                waiting) if waiting else self.tr("Everyone is here."))
        else:
            self.status.setText(self.tr("Waiting for the host to start the game…"))

    def _connection(self, up: bool, why: str) -> None:
        if not up:
            self.status.setText(texts.fill(self.tr(
                "The connection to the table was lost (%1); trying again…"), why))

    def _refused(self, code: str, message: str) -> None:
        words = {
            "no_table": self.tr("There is no table with that code at that address."),
            "table_full": self.tr("Every seat at that table is taken."),
            "wrong_server": self.tr("The server is not the one in the invitation: someone "
                                    "may be in the way. Ask the host for a new invitation."),
            "bad_token": self.tr("That seat's key is not right."),
            "slow_down": self.tr("Too many wrong codes were tried: wait a minute."),
        }
        self.status.setText(words.get(code, message))
        self.start.setEnabled(False)

    def _start(self) -> None:
        self.remote.start_game()
        self.start.setEnabled(False)
        self.status.setText(self.tr("Starting…"))
