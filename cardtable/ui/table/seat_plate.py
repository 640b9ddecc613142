"""A seat's plate: a quiet name card with an initial, the dealer chip, this deal's
tricks or points and the running total; it glows while the seat is to act."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from cardtable.ui.table.layout import Z_SEAT_PLATE

_PLATE = QColor(12, 28, 20, 185)
_TEXT = QColor(245, 240, 225)
_DIM_TEXT = QColor(210, 220, 205)
_GLOW = QColor(255, 214, 92)
_CHIP = QColor(240, 236, 220)
_AVATARS = (QColor("#b5523b"), QColor("#3b6fb5"), QColor("#8a5bb0"), QColor("#c28a2c"),
            QColor("#3f9a8a"), QColor("#a8456e"), QColor("#5c7d2e"), QColor("#6b6b6b"))


class SeatPlate(QGraphicsObject):
    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.name = name
        self.line = ""
        """This deal: tricks or points."""
        self.total = ""
        self.dealer = False
        self.active = False
        self.note = ""
        """A short status under the name (e.g. "passed", "skipped")."""
        self.dealer_mark = "D"
        self.dealer_tip = "Dealer"
        """Said when the pointer rests on the plate of the dealer (translated by the window)."""
        self.width = 160.0
        self.height = 56.0
        self.setZValue(Z_SEAT_PLATE)

    def set_size(self, width: float, height: float) -> None:
        self.prepareGeometryChange()
        self.width = width
        self.height = height
        self.update()

    def set_state(self, line: str, total: str, dealer: bool, active: bool,
                  note: str = "") -> None:
        if dealer != self.dealer:
            self.setToolTip(self.dealer_tip if dealer else "")
        if (line, total, dealer, active, note) != (self.line, self.total, self.dealer,
                                                   self.active, self.note):
            self.line, self.total, self.dealer, self.active = line, total, dealer, active
            self.note = note
            self.update()

    def boundingRect(self) -> QRectF:
        pad = 6.0
        return QRectF(-self.width / 2 - pad, -self.height / 2 - pad,
                      self.width + 2 * pad, self.height + 2 * pad)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w, h = self.width, self.height
        rect = QRectF(-w / 2, -h / 2, w, h)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.active:
            for i, alpha in enumerate((40, 70, 110)):
                grow = 6 - i * 2
                painter.setPen(QPen(QColor(_GLOW.red(), _GLOW.green(), _GLOW.blue(), alpha),
                                    2.0))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), h * 0.3,
                                        h * 0.3)
        painter.setPen(QPen(_GLOW, 2.0) if self.active else Qt.PenStyle.NoPen)
        painter.setBrush(_PLATE)
        painter.drawRoundedRect(rect, h * 0.25, h * 0.25)
        # the initial
        d = h * 0.66
        avatar = QRectF(-w / 2 + h * 0.17, -d / 2, d, d)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_AVATARS[self.seat % len(_AVATARS)])
        painter.drawEllipse(avatar)
        font = QFont()
        font.setPixelSize(max(8, int(d * 0.5)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(_TEXT)
        painter.drawText(avatar, Qt.AlignmentFlag.AlignCenter, (self.name[:1] or "?").upper())
        # name, and this deal under it
        left = avatar.right() + h * 0.14
        text_w = w / 2 - left - h * 0.12
        name_font = QFont()
        name_font.setPixelSize(max(8, int(h * 0.3)))
        name_font.setBold(True)
        painter.setFont(name_font)
        metrics = QFontMetricsF(name_font)
        name_w = text_w - (h * 0.42 if self.dealer else 0)
        name = metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, name_w)
        painter.drawText(QRectF(left, -h * 0.42, name_w, h * 0.42),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        small = QFont()
        small.setPixelSize(max(7, int(h * 0.24)))
        painter.setFont(small)
        painter.setPen(_DIM_TEXT)
        second = self.note or self.line
        parts = [p for p in (second, self.total) if p]
        painter.drawText(QRectF(left, 0, text_w, h * 0.42),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetricsF(small).elidedText("  ·  ".join(parts),
                                                         Qt.TextElideMode.ElideRight, text_w))
        if self.dealer:
            chip = h * 0.34
            chip_rect = QRectF(w / 2 - chip - h * 0.12, -h * 0.38, chip, chip)
            painter.setBrush(_CHIP)
            painter.setPen(QPen(QColor(60, 60, 60), 1.0))
            painter.drawEllipse(chip_rect)
            chip_font = QFont()
            chip_font.setPixelSize(max(6, int(chip * 0.6)))
            chip_font.setBold(True)
            painter.setFont(chip_font)
            painter.setPen(QColor(40, 40, 40))
            painter.drawText(chip_rect, Qt.AlignmentFlag.AlignCenter, self.dealer_mark)
