"""A seat's plate: a quiet name card with an initial, the dealer chip, this deal's
tricks or points and the running total; it glows while the seat is to act."""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from cardtable.ui import theme
from cardtable.ui.table.layout import Z_SEAT_PLATE

_NUMBER_AT_END = re.compile(r"[−+-]?\d+$")
"""A number that ends a text (a total, a count), with its sign."""


def fit_words(text: str, metrics: QFontMetricsF, width: float) -> str:
    """``text`` if it fits in ``width``, else as many of its words as fit and "…": a
    number is shown whole or not at all."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    while words:
        words.pop()
        candidate = " ".join(words).rstrip(" ,·:;—") + "…"
        if words and metrics.horizontalAdvance(candidate) <= width:
            return candidate
    return "…" if metrics.horizontalAdvance("…") <= width else ""


def elide(text: str, metrics: QFontMetricsF, width: float) -> str:
    """A name cut to ``width`` with "…" — but never in the middle of a number
    ("Computer 1…" of "Computer 12" becomes "Computer…")."""
    shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    if shown == text or not shown.endswith("…"):
        return shown
    kept = shown[:-1]
    if kept and kept[-1].isdigit() and len(text) > len(kept) and text[len(kept)].isdigit():
        kept = _NUMBER_AT_END.sub("", kept).rstrip()
    return kept + "…"


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
        self.away = ""
        """At a network table, while the person's connection is gone ("away"): said
        under the name instead of the deal's line, whatever the game shows, until they
        are back."""
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
        self._retip()
        self.update()

    def set_away(self, text: str) -> None:
        if text != self.away:
            self.away = text
            self._retip()
            self.update()

    def set_state(self, line: str, total: str, dealer: bool, active: bool,
                  note: str = "") -> None:
        if (line, total, dealer, active, note) != (self.line, self.total, self.dealer,
                                                   self.active, self.note):
            self.line, self.total, self.dealer, self.active = line, total, dealer, active
            self.note = note
            self._retip()
            self.update()

    # --- words that fit ------------------------------------------------------------------

    def _fonts(self) -> tuple[QFont, QFont]:
        h = self.height
        name_font = QFont()
        name_font.setPixelSize(max(8, int(h * 0.3)))
        name_font.setBold(True)
        small = QFont()
        small.setPixelSize(max(7, int(h * 0.24)))
        return name_font, small

    def _text_width(self) -> tuple[float, float]:
        """The room for the name (beside the dealer chip) and for the line under it."""
        w, h = self.width, self.height
        left = -w / 2 + h * 0.17 + h * 0.66 + h * 0.14
        text_w = w / 2 - left - h * 0.12
        return text_w - (h * 0.42 if self.dealer else 0), text_w

    def full_lines(self) -> tuple[str, str]:
        """The name, and this deal and the total, as they would read with room enough."""
        second = self.away or self.note or self.line
        return self.name, "  ·  ".join(p for p in (second, self.total) if p)

    def fitted_lines(self) -> tuple[str, str]:
        """The name and the line under it as drawn in the plate's width: shortened a
        word at a time (never a number cut), the total's number kept whole."""
        name_font, small = self._fonts()
        name_w, text_w = self._text_width()
        name = elide(self.name, QFontMetricsF(name_font), name_w)
        metrics = QFontMetricsF(small)
        second = self.away or self.note or self.line
        number = _NUMBER_AT_END.search(self.total)
        short_total = number.group(0) if number else self.total
        for sep, total in (("  ·  ", self.total), (" · ", self.total), (" · ", short_total)):
            text = sep.join(p for p in (second, total) if p)
            if metrics.horizontalAdvance(text) <= text_w:
                return name, text
        tail = f" · {short_total}" if short_total else ""
        room = text_w - metrics.horizontalAdvance(tail)
        return name, (fit_words(second, metrics, room) + tail).strip(" ·")

    def _retip(self) -> None:
        """The whole text as the tooltip whenever the plate has had to shorten it."""
        tip = []
        if self.fitted_lines() != self.full_lines():
            tip = [p for p in self.full_lines() if p]
        if self.dealer:
            tip.append(self.dealer_tip)
        self.setToolTip("\n".join(tip))

    def boundingRect(self) -> QRectF:
        pad = 6.0
        return QRectF(-self.width / 2 - pad, -self.height / 2 - pad,
                      self.width + 2 * pad, self.height + 2 * pad)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w, h = self.width, self.height
        rect = QRectF(-w / 2, -h / 2, w, h)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = theme.current()
        glow = QColor(colours.plate_active)
        if self.active:
            for i, alpha in enumerate((40, 70, 110)):
                grow = 6 - i * 2
                painter.setPen(QPen(QColor(glow.red(), glow.green(), glow.blue(), alpha),
                                    2.0))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), h * 0.3,
                                        h * 0.3)
        painter.setPen(QPen(glow, 2.0) if self.active else Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colours.plate))
        painter.drawRoundedRect(rect, h * 0.25, h * 0.25)
        # the initial
        d = h * 0.66
        avatar = QRectF(-w / 2 + h * 0.17, -d / 2, d, d)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colours.avatar(self.seat)))
        painter.drawEllipse(avatar)
        font = QFont()
        font.setPixelSize(max(8, int(d * 0.5)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(colours.plate_text))
        painter.drawText(avatar, Qt.AlignmentFlag.AlignCenter, (self.name[:1] or "?").upper())
        # name, and this deal under it
        left = avatar.right() + h * 0.14
        name_w, text_w = self._text_width()
        name_font, small = self._fonts()
        name, second = self.fitted_lines()
        painter.setFont(name_font)
        painter.drawText(QRectF(left, -h * 0.42, name_w, h * 0.42),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        painter.setFont(small)
        painter.setPen(QColor(colours.plate_dim_text))
        painter.drawText(QRectF(left, 0, text_w, h * 0.42),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, second)
        if self.dealer:
            chip = h * 0.34
            chip_rect = QRectF(w / 2 - chip - h * 0.12, -h * 0.38, chip, chip)
            painter.setBrush(QColor(colours.chip))
            painter.setPen(QPen(QColor(colours.chip_edge), 1.0))
            painter.drawEllipse(chip_rect)
            chip_font = QFont()
            chip_font.setPixelSize(max(6, int(chip * 0.6)))
            chip_font.setBold(True)
            painter.setFont(chip_font)
            painter.setPen(QColor(colours.chip_text))
            painter.drawText(chip_rect, Qt.AlignmentFlag.AlignCenter, self.dealer_mark)
