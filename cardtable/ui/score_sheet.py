"""The score sheet: every deal's points per player, stage subtotals and the totals.

Each game's presenter turns its state into plain rows (:class:`SheetData`: labels and
numbers) and knows the game's shape — Кинг lists its whole schedule, so the sheet
shows from the first deal how long the game is; Трефы, which has no fixed length,
lists the deals played; Метаморфоза lists its партии.  The rows are kept in
:mod:`cardtable.ui.score_rows`; :class:`ScoreSheet` only draws such rows, so the
numbers can be tested without looking at pixels, and
:class:`~cardtable.ui.dialogs.score_sheet.ScoreSheetDialog` puts it in a window of its own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui.score_rows import DEAL, SUBTOTAL, TOTAL, SheetData, SheetRow, sum_rows
from cardtable.ui.texts import fill, signed

__all__ = ["DEAL", "SUBTOTAL", "TOTAL", "ScoreSheet", "SheetData", "SheetRow", "places_text",
           "sum_rows"]
"""The rows (:mod:`cardtable.ui.score_rows`) are named here too, beside the widget."""


def places_text(data: SheetData) -> str:
    """«Места: 1 — Аня · 2 — Боря, Вика · 4 — Гена» (empty while the game goes on)."""
    if data.places is None:
        return ""
    parts = []
    for place in sorted(set(data.places)):
        who = ", ".join(name for name, p in zip(data.columns, data.places, strict=True)
                        if p == place)
        parts.append(f"{place} — {who}")
    return fill(QCoreApplication.translate("ScoreSheet", "Places: %1"), " · ".join(parts))


# --- the widget ------------------------------------------------------------------------------


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` towards ``b``: tints that suit light and dark themes."""
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


class ScoreSheet(QWidget):
    """The sheet as a read-only table: a label column, one column per player and, in
    a zero-sum game, the row sums.  Subtotals and the total are bold, negative numbers
    red, deals still to come grey, the current deal tinted."""

    MAX_VISIBLE_ROWS = 22
    """How many rows the preferred size shows before the table scrolls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: SheetData | None = None
        self.current_row: int | None = None
        self._widths: list[int] = []
        """What each column needs to show all of its words and numbers."""
        self._players = 0
        self._number_width = 0
        """What a player's column needs for its numbers alone (they are never cut)."""
        self.table = QTableWidget(self)
        self.table.setObjectName("scoreTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        font = self.table.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.table.setFont(font)
        header_font = QFont(font)
        header_font.setBold(True)
        self.table.horizontalHeader().setFont(header_font)
        self.table.horizontalHeader().setHighlightSections(False)
        self.table.verticalHeader().setDefaultSectionSize(
            round(self.table.fontMetrics().height() * 1.6))

        self.places_label = QLabel(self)
        self.places_label.setObjectName("places")
        self.places_label.setTextFormat(Qt.TextFormat.PlainText)
        self.places_label.setWordWrap(True)
        places_font = QFont(font)
        places_font.setBold(True)
        self.places_label.setFont(places_font)
        self.places_label.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addWidget(self.places_label)

    def changeEvent(self, event: QEvent) -> None:
        """Repaint the tints when the theme (palette) changes: they derive from it."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.data is not None:
            self.set_data(self.data, self.current_row)

    # --- colours --------------------------------------------------------------------------

    def _colours(self) -> dict[str, QColor]:
        # Our own palette: on a change it reaches this widget before the table.
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        dark = base.lightness() < 128
        return {
            "negative": QColor("#ff8a80" if dark else "#b3261e"),
            "future": _mix(text, base, 0.5),
            "subtotal": _mix(base, text, 0.07),
            "total": _mix(base, text, 0.13),
            "current": _mix(base, QColor("#f2b400"), 0.28 if dark else 0.22),
        }

    # --- filling ------------------------------------------------------------------------------

    def set_data(self, data: SheetData, current_row: int | None = None) -> None:
        """Show ``data``; ``current_row`` (usually ``data.current``) is tinted and
        scrolled into view."""
        self.data = data
        self.current_row = current_row
        colours = self._colours()
        table = self.table
        n = len(data.columns)
        sum_col = n + 1 if data.zero_sum else None
        table.clear()
        table.setColumnCount(n + 1 + (sum_col is not None))
        table.setRowCount(len(data.rows))
        headers = [data.label_header, *data.columns]
        if sum_col is not None:
            headers.append("Σ")
        table.setHorizontalHeaderLabels(headers)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        self._header_item(0).setTextAlignment(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        for col in range(1, table.columnCount()):
            self._header_item(col).setTextAlignment(right)
        if sum_col is not None:
            self._header_item(sum_col).setToolTip(QCoreApplication.translate(
                "ScoreSheet", "The sum of the row: the game is zero-sum, so at the end the "
                              "total row sums to 0"))

        regular = QFont(table.font())
        bold = QFont(regular)
        bold.setBold(True)
        small = QFont(regular)
        small.setPointSizeF(regular.pointSizeF() * 0.9)
        small_bold = QFont(small)
        small_bold.setBold(True)
        for r, row in enumerate(data.rows):
            strong = row.kind != DEAL or r == current_row
            background = {SUBTOTAL: colours["subtotal"], TOTAL: colours["total"]}.get(row.kind)
            if r == current_row:
                background = colours["current"]
            label = QTableWidgetItem(row.label)
            label.setToolTip(row.label)  # whole, where a narrow sheet must shorten it
            if row.scores is None and r != current_row:
                label.setForeground(colours["future"])
            cells = [label]
            cells += [self._number(None if row.scores is None else v, colours)
                      for v in (row.scores or (None,) * n)]
            for cell in cells:
                cell.setFont(bold if strong else regular)
            if sum_col is not None:
                total = None if row.scores is None else sum(row.scores)
                cell = self._number(total, colours)
                cell.setForeground(colours["future"])
                cell.setFont(small_bold if strong else small)
                if row.kind == TOTAL and total == 0:
                    cell.setText("0 ✓")
                cells.append(cell)
            for col, cell in enumerate(cells):
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if background is not None:
                    cell.setBackground(background)
                table.setItem(r, col, cell)
        self._size_columns()
        self._scroll_to_current()
        # a sheet made before it is shown has no height yet: scroll once it is laid out
        QTimer.singleShot(0, self, self._scroll_to_current)
        text = places_text(data)
        self.places_label.setText(text)
        self.places_label.setVisible(bool(text))
        self.updateGeometry()

    def _scroll_to_current(self) -> None:
        """The current deal in the middle of the view (the total just under it, where a
        long Трефы game has scrolled far), or the end of the sheet."""
        data, table = self.data, self.table
        if data is None:
            return
        row = self.current_row
        item = table.item(row, 0) if row is not None and 0 <= row < len(data.rows) else None
        if item is not None:
            table.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)
        else:
            table.scrollToBottom()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._scroll_to_current()

    def _size_columns(self) -> None:
        """Every player column equally wide (the widest name or number decides), the
        sum column to its numbers, the label column takes the rest.  Measured from the
        texts, because the view's own column hints only look at the rows it has laid
        out so far."""
        table = self.table
        header = table.horizontalHeader()
        bold = QFont(table.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        pad = 20

        def needed(col: int) -> int:
            texts = [self._cell(r, col).text() for r in range(table.rowCount())]
            texts.append(self._header_item(col).text())
            return max(metrics.horizontalAdvance(t) for t in texts) + pad

        players = range(1, len(self.data.columns) + 1) if self.data else range(0)
        self._number_width = max([metrics.horizontalAdvance(signed(-888)) + pad,
                                  *(max((metrics.horizontalAdvance(self._cell(r, col).text())
                                         for r in range(table.rowCount())), default=0) + pad
                                    for col in players)])
        player_width = max([self._number_width, *(needed(col) for col in players)])
        self._players = len(players)
        self._widths = [needed(0)]
        for col in range(1, table.columnCount()):
            width = player_width if col in players else needed(col)
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
            self._widths.append(width)
            if col in players:  # a long name may be shortened in the header: whole here
                self._header_item(col).setToolTip(self.data.columns[col - 1]
                                                  if self.data is not None else "")
        self._fit_columns()

    def _fit_columns(self) -> None:
        """The label column takes the room the players leave.  Where the window is too
        narrow for everything (eight players at 1024×700), the players' columns give
        way first, down to their numbers (a long name is shortened in the header, whole
        in its tooltip), then the label column, whose labels keep their tooltips; only
        where even the numbers do not fit does the sheet scroll sideways."""
        if not self._widths:
            return
        header = self.table.horizontalHeader()
        room = self.table.viewport().width()
        label, players = self._widths[0], self._widths[1:1 + self._players]
        rest = sum(self._widths[1 + self._players:])
        player = players[0] if players else 0
        if players and label + sum(players) + rest > room:
            least_label = min(label, max(90, room // 5))
            share = (room - rest - least_label) // len(players)
            player = max(self._number_width, min(player, share))
        bold = QFont(self.table.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        names = self.data.columns if self.data is not None else ()
        for col, name in zip(range(1, 1 + self._players), names, strict=False):
            header.resizeSection(col, player)
            # the header clips a right-aligned name at its start: shorten it at its end
            narrow = self.isVisible() and player < players[0]
            self._header_item(col).setText(metrics.elidedText(
                name, Qt.TextElideMode.ElideRight, player - 14) if narrow else name)
        for col in range(1 + self._players, len(self._widths)):
            header.resizeSection(col, self._widths[col])
        left = room - rest - player * self._players
        if left >= label:
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        else:
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(0, max(left, min(label, 90)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()

    def _header_item(self, col: int) -> QTableWidgetItem:
        """The header item of a column (``set_data`` labels every column)."""
        item = self.table.horizontalHeaderItem(col)
        if item is None:
            raise RuntimeError(f"score sheet column {col} has no header item")
        return item

    def _cell(self, row: int, col: int) -> QTableWidgetItem:
        """The item of a cell (``set_data`` fills every cell)."""
        item = self.table.item(row, col)
        if item is None:
            raise RuntimeError(f"score sheet cell ({row}, {col}) is empty")
        return item

    def _number(self, value: int | None, colours: dict[str, QColor]) -> QTableWidgetItem:
        item = QTableWidgetItem("" if value is None else signed(value))
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if value is not None and value < 0:
            item.setForeground(colours["negative"])
        return item

    def hasHeightForWidth(self) -> bool:
        # The wrapped places line would make layouts ask heightForWidth, which knows
        # nothing of the rows; sizeHint does.
        return False

    def sizeHint(self) -> QSize:
        """Wide enough for every label and number, tall enough for the rows (up to
        ``MAX_VISIBLE_ROWS``, then the table scrolls)."""
        table = self.table
        if self.data is None:
            return super().sizeHint()
        width = (table.frameWidth() * 2 + table.verticalScrollBar().sizeHint().width()
                 + sum(self._widths))
        rows = min(table.rowCount(), self.MAX_VISIBLE_ROWS)
        height = (table.frameWidth() * 2 + table.horizontalHeader().sizeHint().height()
                  + rows * table.verticalHeader().defaultSectionSize())
        if not self.places_label.isHidden():
            layout = self.layout()
            if layout is None:
                raise RuntimeError("the sheet's layout is set in __init__")
            height += layout.spacing() + self.places_label.heightForWidth(width)
        return QSize(width, height)

