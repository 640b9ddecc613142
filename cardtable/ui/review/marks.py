"""A review's marks where the person already looks in Watch again: a tick on the
slider at each marked decision, and a list of the costliest ones beside it.

Each mark differs in colour, shape *and* size — a small yellow dot for an inaccuracy,
a larger orange triangle for a mistake, a large red diamond for a blunder — so that
it reads without telling colours apart (the colours come from the Okabe–Ito set, on
the replay bar's dark ground in both themes).  The legend uses the same glyphs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QHelpEvent,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolTip,
    QWidget,
)

from cardtable.ui.games.review_words import mark_name

if TYPE_CHECKING:
    from cardtable.ai.review import Decision


class MarkStyle(NamedTuple):
    """How a mark is drawn: its colour, shape and size (a fraction of the tick's box)."""

    colour: str
    shape: str
    size: float
    glyph: str
    """The same shape as a character, for the legend's words."""


MARK_STYLES: dict[str, MarkStyle] = {
    "inaccuracy": MarkStyle("#f0e442", "dot", 0.55, "●"),
    "mistake": MarkStyle("#e69f00", "triangle", 0.8, "▲"),
    "blunder": MarkStyle("#ff5a4e", "diamond", 1.0, "◆"),
}
"""Each mark's look, mildest first."""

EDGE = QColor(10, 10, 10)
"""A dark edge round every glyph: it parts the glyph from the slider's groove."""


def draw_mark(painter: QPainter, mark: str, centre: QPointF, box: float) -> None:
    """The glyph of ``mark`` centred on ``centre``, in a square ``box`` pixels wide."""
    style = MARK_STYLES[mark]
    r = box * style.size / 2
    painter.setPen(QPen(EDGE, max(1.0, box / 12)))
    painter.setBrush(QColor(style.colour))
    x, y = centre.x(), centre.y()
    if style.shape == "dot":
        painter.drawEllipse(centre, r, r)
    elif style.shape == "triangle":
        painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r, y + r * 0.8),
                                       QPointF(x - r, y + r * 0.8)]))
    else:
        painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r, y),
                                       QPointF(x, y + r), QPointF(x - r, y)]))


def mark_icon(mark: str, px: int = 16) -> QIcon:
    """The mark's glyph as an icon (the list's lines)."""
    pixmap = QPixmap(px, px)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_mark(painter, mark, QPointF(px / 2, px / 2), px - 2)
    painter.end()
    return QIcon(pixmap)


def legend_html(counts: Sequence[tuple[str, int]]) -> str:
    """The legend: each mark's glyph in its colour, its name and how many there are."""
    parts = []
    for mark, count in counts:
        style = MARK_STYLES[mark]
        parts.append(f'<span style="color:{style.colour}">{style.glyph}</span>&nbsp;'
                     f"{mark_name(mark)}&nbsp;{count}")
    return " &nbsp; ".join(parts)


class Tick(NamedTuple):
    """A marked decision on the slider: the position shown, the mark, the tooltip."""

    position: int
    mark: str
    words: str


class MarkedSlider(QSlider):
    """The replay's slider, with a tick under the groove at each marked decision.
    Hovering a tick says what it marks; pressing one goes to it."""

    TICK = 11
    """A tick's box in pixels (a blunder fills it)."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.ticks: list[Tick] = []

    def set_ticks(self, ticks: Sequence[Tick]) -> None:
        # the mildest drawn first, so that a blunder sits on top where they crowd
        order = {mark: i for i, mark in enumerate(MARK_STYLES)}
        self.ticks = sorted(ticks, key=lambda t: order[t.mark])
        self.setMinimumHeight(round(self._groove().height()) + self.TICK + 4 if ticks else 0)
        self.update()

    def _option(self) -> QStyleOptionSlider:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        return option

    def _groove(self) -> QRectF:
        option = self._option()
        return QRectF(self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self))

    def tick_x(self, position: int) -> float:
        """Where the handle's centre stands at ``position``, in the slider's pixels."""
        option = self._option()
        style = self.style()
        groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                      QStyle.SubControl.SC_SliderGroove, self)
        handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                      QStyle.SubControl.SC_SliderHandle, self)
        span = groove.width() - handle.width()
        offset = QStyle.sliderPositionFromValue(self.minimum(), self.maximum(), position,
                                                span, option.upsideDown)
        return groove.x() + offset + handle.width() / 2

    def tick_at(self, x: float) -> Tick | None:
        """The tick under ``x`` (the costliest mark where several meet), if any."""
        near = [t for t in self.ticks if abs(self.tick_x(t.position) - x) <= self.TICK / 2 + 1]
        return near[-1] if near else None

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.ticks:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = self.height() - self.TICK / 2 - 1
        for tick in self.ticks:
            draw_mark(painter, tick.mark, QPointF(self.tick_x(tick.position), y), self.TICK)
        painter.end()

    def _on_ticks(self, y: float) -> bool:
        return y >= self.height() - self.TICK - 2

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tick = self.tick_at(event.pos().x()) if self.ticks else None
            if tick is not None:
                QToolTip.showText(event.globalPos(), tick.words, self)
                return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        tick = self.tick_at(event.position().x()) if self._on_ticks(event.position().y()) \
            else None
        if tick is not None and event.button() == Qt.MouseButton.LeftButton:
            self.setValue(tick.position)
            event.accept()
            return
        super().mousePressEvent(event)


class ReviewList(QListWidget):
    """The costliest decisions, costliest first: clicking a line, or Enter on it, goes
    to that decision (:attr:`chosen` with its position)."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewlist")
        self.setUniformItemSizes(True)
        self.itemClicked.connect(self._picked)

    def fill(self, lines: Sequence[tuple[Decision, str]]) -> None:
        """One line per decision (in the order given), its words and its mark's glyph."""
        self.clear()
        for decision, words in lines:
            item = QListWidgetItem(mark_icon(decision.mark or "inaccuracy"), words)
            item.setData(Qt.ItemDataRole.UserRole, decision.position)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, words)
            item.setToolTip(words)
            self.addItem(item)

    def select_position(self, position: int) -> None:
        """Highlight the line of the decision at ``position`` (none if it has no line)."""
        self.blockSignals(True)
        self.setCurrentRow(-1)
        for row in range(self.count()):
            if self.item(row).data(Qt.ItemDataRole.UserRole) == position:
                self.setCurrentRow(row)
                break
        self.blockSignals(False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem():
            self._picked(self.currentItem())
            return
        super().keyPressEvent(event)

    def _picked(self, item: Any) -> None:
        if item is not None:
            self.chosen.emit(int(item.data(Qt.ItemDataRole.UserRole)))
