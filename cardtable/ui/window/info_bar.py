"""The bar above the table: the rule line on the left, the status line on the right.

Its height follows the window's width only (two lines always fit), never what it
says, so the table below never jumps when the words change.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QTextDocumentFragment
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from cardtable.ui import theme


class InfoBar(QFrame):
    """The rule line (rich text, shrunk a little where it must) and the status line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("infobar")
        self.setStyleSheet(theme.current().info_css)
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 6, 14, 6)
        self.rule = QLabel(self)
        self.rule.setObjectName("rule")
        self.rule.setTextFormat(Qt.TextFormat.RichText)
        self.rule.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setObjectName("status")
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.status.setWordWrap(True)
        row.addWidget(self.rule, 3)
        row.addWidget(self.status, 2)
        self._px = 14
        self.fit(1200)

    def set_rule(self, html: str) -> None:
        """The line above the table: in the bar's two lines, its type a little smaller
        if it must; where even that is not enough, the whole of it in the tooltip."""
        label = self.rule
        label.setText(html)
        font = label.font()
        font.setPixelSize(self._px)
        label.setFont(font)
        room = self.height() - 10  # the bar's margins, a pixel or two to spare
        px = self._px
        while label.heightForWidth(max(1, label.width())) > room and px > max(11, self._px - 4):
            px -= 1
            font.setPixelSize(px)
            label.setFont(font)
        fits = label.heightForWidth(max(1, label.width())) <= room
        label.setToolTip("" if fits else QTextDocumentFragment.fromHtml(html).toPlainText())

    def fit(self, width: int) -> None:
        """Text that grows with the window (``width``), in a bar whose height never
        changes with what it says."""
        px = max(13, min(28, round(width / 85)))
        self._px = px
        font = self.rule.font()
        font.setPixelSize(px)
        self.rule.setFont(font)
        self.status.setFont(font)
        lines = QFontMetrics(font).lineSpacing() * 2
        self.setFixedHeight(lines + 14)

    def refit_rule(self) -> None:
        """The rule line again, once the labels have their new widths."""
        if self.rule.text():
            self.set_rule(self.rule.text())
