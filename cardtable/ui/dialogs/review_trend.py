"""The review trend of one table in the Statistics window: how accurate a person's
decisions were over their last reviewed games (:mod:`cardtable.ai.review` gives each
game's accuracy, 0–100, and its points lost a decision).

A small line chart, oldest game on the left; a game in which help was used (an undo,
a hint, watching or taking over) is a hollow point, as such games are counted apart
everywhere in Statistics.  Beside it, the latest game's figures and the mean of the
games shown, in words — which are also the chart's description for a screen reader,
with every point read out.  Colours come from the palette, so both a light and a dark
desktop read it; the line keeps 3:1 against the ground (WCAG 1.4.11).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import QDateTime, QEvent, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from cardtable.stats import ReviewResult
from cardtable.ui import texts

CHART_HEIGHT = 112
"""The chart's height in pixels: room for three grid lines and 20 points, small
enough that the last games keep their rows at 1024×700."""

LINE_COLOURS = {"light": "#1f5fbf", "dark": "#8ab4f8"}
"""The accuracy line on a light and on a dark ground."""

POINT_RADIUS = 4.0
HIT_RADIUS = 10.0
"""How near the pointer must be to a point for its tooltip."""


def line_colour(ground: QColor) -> QColor:
    """The line's colour on ``ground`` (the palette's Base)."""
    return QColor(LINE_COLOURS["dark" if ground.lightness() < 128 else "light"])


class AccuracyChart(QWidget):
    """The accuracy of each game shown, a point per game joined by a line, on a
    0–100 % scale; hollow points are assisted games.  A point's tooltip gives its
    figures; the description (set by :class:`ReviewTrend`) reads them all."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewChart")
        self.reviews: list[ReviewResult] = []
        self.tips: list[str] = []
        """Each point's tooltip, in the order of :attr:`reviews`."""
        self.setMinimumHeight(CHART_HEIGHT)
        self.setMaximumHeight(CHART_HEIGHT)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a screen reader reaches it
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    def sizeHint(self) -> QSize:
        return QSize(360, CHART_HEIGHT)

    def set_reviews(self, reviews: Sequence[ReviewResult], tips: Sequence[str]) -> None:
        self.reviews, self.tips = list(reviews), list(tips)
        self.update()

    # --- geometry ---------------------------------------------------------------------------

    def _plot(self) -> QRectF:
        """Where the points go: the left margin holds the scale's labels."""
        metrics = self.fontMetrics()
        left = metrics.horizontalAdvance(self._scale_label(100)) + 10
        half = metrics.height() / 2 + 2
        return QRectF(left, half, max(1.0, self.width() - left - 2 * POINT_RADIUS - 4),
                      max(1.0, self.height() - 2 * half))

    def points(self) -> list[QPointF]:
        """Each game's point, oldest first; one game alone stands in the middle."""
        plot = self._plot()
        count = len(self.reviews)
        step = plot.width() / (count - 1) if count > 1 else 0.0
        return [QPointF(plot.left() + POINT_RADIUS + (i * step if count > 1
                                                      else plot.width() / 2),
                        plot.bottom() - plot.height() * r.accuracy / 100.0)
                for i, r in enumerate(self.reviews)]

    def _scale_label(self, percent: int) -> str:
        return texts.fill(self.tr("%1%"), QLocale().toString(percent))

    # --- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        ground = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        grid = QColor(text)
        grid.setAlphaF(0.25)
        painter.fillRect(self.rect(), ground)
        plot = self._plot()
        metrics = self.fontMetrics()
        for percent in (0, 50, 100):
            y = plot.bottom() - plot.height() * percent / 100.0
            painter.setPen(QPen(grid, 1, Qt.PenStyle.DashLine if percent == 50
                                else Qt.PenStyle.SolidLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(self.width() - 2.0, y))
            painter.setPen(text)
            label = self._scale_label(percent)
            painter.drawText(QPointF(plot.left() - 6 - metrics.horizontalAdvance(label),
                                     y + metrics.ascent() / 2 - 1), label)
        points = self.points()
        colour = line_colour(ground)
        painter.setPen(QPen(colour, 2))
        for before, after in pairwise(points):
            painter.drawLine(before, after)
        for point, review in zip(points, self.reviews, strict=True):
            painter.setPen(QPen(colour, 2))
            painter.setBrush(ground if review.assisted else colour)
            painter.drawEllipse(point, POINT_RADIUS, POINT_RADIUS)
        if self.hasFocus():
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 1,
                                Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()

    def event(self, event: QEvent) -> bool:
        """A point's figures in its tooltip; elsewhere the chart's own (the legend)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tip = self.tip_at(QPointF(event.pos()))
            if tip is not None:
                QToolTip.showText(event.globalPos(), tip, self)
                return True
        return super().event(event)

    def tip_at(self, where: QPointF) -> str | None:
        """The tooltip of the point nearest ``where``, if one is near enough."""
        best: tuple[float, int] | None = None
        for i, point in enumerate(self.points()):
            distance = (point - where).manhattanLength()
            if distance <= HIT_RADIUS and (best is None or distance < best[0]):
                best = (distance, i)
        return None if best is None or best[1] >= len(self.tips) else self.tips[best[1]]


class ReviewTrend(QWidget):
    """One table's review trend: a heading, the chart and its figures in words, or a
    sentence saying how to get one when no game at the table has been reviewed."""

    def __init__(self, conventions: QLocale, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewTrend")
        self.conventions = conventions
        self.heading = QLabel(self)
        self.heading.setObjectName("reviewHeading")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.chart = AccuracyChart(self)
        self.chart.setAccessibleName(self.tr("Accuracy of the last reviewed games"))
        self.figures = QLabel(self)
        self.figures.setObjectName("reviewFigures")
        self.figures.setTextFormat(Qt.TextFormat.PlainText)
        self.figures.setWordWrap(True)
        self.figures.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.figures.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.empty = QLabel(self.tr(
            "No game at this table has been reviewed yet. Review a finished game "
            "(Game ▸ Review decisions) to see how accurate your decisions were and what they "
            "cost."), self)
        self.empty.setObjectName("reviewEmpty")
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setWordWrap(True)
        self.legend = self.tr("● your own play   ○ assisted (an undo, a hint, or watching "
                              "again or taking over)")
        self.chart.setToolTip(self.legend)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.chart, 3)
        row.addWidget(self.figures, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addLayout(row)
        layout.addWidget(self.empty)

    # --- words ------------------------------------------------------------------------------

    @staticmethod
    def _plural(text: str, n: int) -> str:
        """Qt has filled ``%n``; an English source left untranslated gets its plural."""
        return text.replace("(s)", "" if abs(n) == 1 else "s")

    def _number(self, value: float, decimals: int) -> str:
        return self.conventions.toString(float(value), "f", decimals)

    def percent(self, value: float) -> str:
        return texts.fill(self.tr("%1%"), self._number(value, 0))

    def loss_text(self, value: float) -> str:
        """"0.6 points lost a decision"."""
        return texts.fill(self.tr("%1 points lost a decision"), self._number(value, 1))

    def _date(self, timestamp: float) -> str:
        when = QDateTime.fromSecsSinceEpoch(int(timestamp))
        return self.conventions.toString(when.date(), QLocale.FormatType.ShortFormat)

    def point_text(self, review: ReviewResult, name: bool) -> str:
        """One game in words: its date, accuracy, loss and marks (and whose, and help)."""
        text = texts.fill(self.tr("%1: %2 accurate, %3"), self._date(review.date),
                          self.percent(review.accuracy), self.loss_text(review.average_loss))
        marks = texts.fill(self.tr("inaccuracies: %1, mistakes: %2, blunders: %3"),
                           review.inaccuracies, review.mistakes, review.blunders)
        text = texts.fill(self.tr("%1; %2"), text, marks)
        if name:
            text = texts.fill(self.tr("%1 — %2"), review.name, text)
        if review.assisted:
            text = texts.fill(self.tr("%1 (assisted)"), text)
        return text

    def summary_text(self, reviews: Sequence[ReviewResult]) -> str:
        """The latest game's figures and the mean, in words."""
        latest = reviews[-1]
        lines = [texts.fill(self.tr("Latest game (%1): %2 accurate, %3."),
                            self._date(latest.date), self.percent(latest.accuracy),
                            self.loss_text(latest.average_loss))]
        own = [r for r in reviews if not r.assisted]
        counted = own or list(reviews)
        accuracy = sum(r.accuracy for r in counted) / len(counted)
        loss = sum(r.average_loss for r in counted) / len(counted)
        n = len(counted)
        if not own:
            mean = self.tr("Mean of the %n assisted game(s) shown: %1 accurate, %2.", None, n)
        elif len(own) < len(reviews):
            mean = self.tr("Mean of the %n game(s) shown without help: %1 accurate, %2.",
                           None, n)
        else:
            mean = self.tr("Mean of the %n game(s) shown: %1 accurate, %2.", None, n)
        lines.append(texts.fill(self._plural(mean, n), self.percent(accuracy),
                                self.loss_text(loss)))
        if any(r.assisted for r in reviews):
            lines.append(self.legend)
        return "\n".join(lines)

    # --- filling ------------------------------------------------------------------------------

    def show_reviews(self, table_name: str, reviews: Sequence[ReviewResult]) -> None:
        """The trend of ``reviews`` (oldest first) at the table called ``table_name``."""
        self.heading.setText(texts.fill(self.tr("Decisions reviewed: %1"), table_name))
        names = len({r.name for r in reviews}) > 1
        tips = [self.point_text(r, names) for r in reviews]
        self.chart.set_reviews(reviews, tips)
        has = bool(reviews)
        self.chart.setVisible(has)
        self.figures.setVisible(has)
        self.empty.setVisible(not has)
        if not has:
            self.chart.setAccessibleDescription("")
            return
        self.figures.setText(self.summary_text(reviews))
        count = len(reviews)
        listing = self._plural(self.tr("%n reviewed game(s), oldest first:", None, count),
                               count)
        self.chart.setAccessibleDescription(" ".join(
            [listing, "; ".join(tips) + ".", self.figures.text().replace("\n", " ")]))
