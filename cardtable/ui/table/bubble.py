"""Short messages on the cloth: a seat's announcement beside its plate, or the reason a
card may not be played just above the hand.  They fade by themselves and never block
play."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from cardtable.ui import theme
from cardtable.ui.table.layout import Z_BUBBLE


class Bubble(QGraphicsObject):
    def __init__(self, warning: bool = False) -> None:
        super().__init__()
        self.text = ""
        self.warning = warning
        self.font_px = 16
        self._size = (10.0, 10.0)
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.setZValue(Z_BUBBLE)
        self.hide()

    def show_text(self, text: str, font_px: int, ms: int) -> None:
        """Show ``text`` for ``ms`` milliseconds (0: until replaced or hidden)."""
        self.prepareGeometryChange()
        self.text = text
        self.font_px = max(9, font_px)
        font = self._font()
        metrics = QFontMetricsF(font)
        lines = text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines)
        self._size = (width + self.font_px * 1.4, metrics.height() * len(lines)
                      + self.font_px * 0.8)
        self.show()
        self.update()
        self._timer.stop()
        if ms > 0:
            self._timer.start(ms)

    def _font(self) -> QFont:
        font = QFont()
        font.setPixelSize(self.font_px)
        font.setBold(self.warning)
        return font

    def boundingRect(self) -> QRectF:
        w, h = self._size
        return QRectF(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w, h = self._size
        rect = QRectF(-w / 2, -h / 2, w, h)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = theme.current()
        if self.warning:
            painter.setBrush(QColor(colours.warning))
            painter.setPen(QPen(QColor(colours.warning_border), 1.5))
        else:
            painter.setBrush(QColor(colours.bubble))
            painter.setPen(QPen(QColor(colours.bubble_border), 1.0))
        painter.drawRoundedRect(rect, h * 0.3 if h < 60 else 14, h * 0.3 if h < 60 else 14)
        painter.setFont(self._font())
        painter.setPen(QColor(colours.warning_text if self.warning else colours.bubble_text))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)
