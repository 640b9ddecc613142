"""Join a table: the invitation (a pasted ``cardtable://`` link, or the address and the
table's code as someone read them out) and the name to show at the table."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from cardtable.net.client import UNCHECKED
from cardtable.net.invitation import (
    Invitation,
    is_loopback_or_private,
    normal_code,
    read_address,
    read_link,
)
from cardtable.net.protocol import MAX_NAME
from cardtable.ui import texts


@dataclass(frozen=True)
class JoinPlan:
    invitation: Invitation
    name: str


class JoinDialog(QDialog):
    """Where the table is and who you are; OK only when both can be read."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Join a table"))
        self.address = QLineEdit()
        self.address.setObjectName("join_address")
        self.address.setPlaceholderText(texts.fill(self.tr("%1 or %2"), "cardtable://…",
                                                   "192.168.1.20:8765"))
        self.code = QLineEdit()
        self.code.setObjectName("join_code")
        self.code.setPlaceholderText("K7QX-M2PD")
        self.name = QLineEdit(name)
        self.name.setObjectName("join_name")
        self.name.setMaxLength(MAX_NAME)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("&Invitation or address:"), self.address)
        form.addRow(self.tr("Table &code:"), self.code)
        form.addRow(self.tr("Your &name:"), self.name)
        note = QLabel(self.tr("Paste the invitation the host sent you, or type the address "
                              "and the code they read out. A pasted invitation also proves "
                              "that it is the host's computer at the other end."))
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Join"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        for edit in (self.address, self.code, self.name):
            edit.textChanged.connect(self._check)
        self._check()
        self.resize(max(self.sizeHint().width(), 460), self.sizeHint().height())

    def plan(self) -> JoinPlan | None:
        """What the fields say, or None (and :attr:`problem` says why)."""
        text = self.address.text().strip()
        name = " ".join(self.name.text().split())
        if not text:
            self.problem.setText(self.tr("Paste the invitation, or type the host's address."))
            return None
        if text.lower().startswith("cardtable:"):
            try:
                invitation = read_link(text)
            except ValueError:
                self.problem.setText(self.tr("This invitation cannot be read: ask the host "
                                             "to send it again."))
                return None
        else:
            try:
                host, port, tls = read_address(text)
            except ValueError:
                self.problem.setText(self.tr("An address is a name or a number such as "
                                             "192.168.1.20, with :port if the host said one."))
                return None
            code = normal_code(self.code.text())
            if code is None:
                self.problem.setText(texts.fill(self.tr(
                    "A table code has eight letters and digits, such as %1."), "K7QX-M2PD"))
                return None
            if is_loopback_or_private(host) and "://" not in text:
                # a table hosted at home speaks TLS; its certificate cannot be checked
                # without the invitation's fingerprint (the link can be)
                invitation = Invitation(host, port, code, True, UNCHECKED)
            else:
                invitation = Invitation(host, port, code, tls)
        if not name:
            self.problem.setText(self.tr("Type the name to show at the table."))
            return None
        self.problem.setText("")
        return JoinPlan(invitation, name)

    def _check(self) -> None:
        link = self.address.text().strip().lower().startswith("cardtable:")
        self.code.setEnabled(not link)
        ok = self.plan() is not None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        if not self.address.text().strip():
            self.problem.setText("")

    def accept(self) -> None:
        if self.plan() is not None:
            super().accept()
