"""The score sheet in its own window (Ctrl+T): the sheet widget
(:class:`~cardtable.ui.score_sheet.ScoreSheet`) under the game's name, with a Close
button."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from cardtable.ui.score_sheet import ScoreSheet, SheetData
from cardtable.ui.texts import fill


class ScoreSheetDialog(QDialog):
    """The sheet in its own window, with the game's name and a Close button; Esc
    closes it too.  Not modal: the table stays visible behind it."""

    def __init__(self, data: SheetData, current_row: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = QLabel(self)
        self.heading.setObjectName("heading")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.sheet = ScoreSheet(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.sheet, 1)
        layout.addWidget(buttons)
        self.setMinimumWidth(360)
        self.set_data(data, current_row)
        self.resize(self._opening_size())

    def set_data(self, data: SheetData, current_row: int | None = None) -> None:
        """Show new data (after each deal) without changing the window's size."""
        self.setWindowTitle(fill(QCoreApplication.translate("ScoreSheet", "Score sheet — %1"),
                                 data.title))
        self.heading.setText(data.title)
        self.sheet.set_data(data, current_row)

    def _opening_size(self) -> QSize:
        """The whole sheet if the screen has room (``adjustSize`` would stop at two
        thirds of the screen and cut the sheet short), else most of the screen."""
        wanted = self.sizeHint()
        screen = self.screen()
        if screen is None:
            return wanted
        room = screen.availableGeometry().size() * 0.9
        return wanted.boundedTo(room)
