"""Game ▸ Statistics: each table's figures, its review trend, its last games, export
and reset.

A table is a game at a player count («Кинг, 4 игрока»).  Games in which an undo, a
hint or a look at every hand (watching again, taking over) helped are counted in a
section of their own, so that the other figures show the player's own play alone
(said without "above": that section may be the only one shown).  The words come
from the interface language; the numbers are the store's (:mod:`cardtable.stats`),
which the window never changes except through Reset, after asking.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QDateTime, QEvent, QLocale, QObject, QSettings, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cardtable.engine.match import COMPUTER
from cardtable.stats import Result, Statistics, StatisticsError, Summary
from cardtable.ui import file_dialog, game_files, texts
from cardtable.ui.dialogs.review_trend import ReviewTrend
from cardtable.ui.games import game_title
from cardtable.ui.i18n import current_language
from cardtable.ui.settings import display_name

EXPORT_NAME = "cardtable-statistics.csv"
RECENT = 20
"""How many of a table's games are listed under the figures."""

TREND = 20
"""How many of a table's reviewed games the review trend draws."""

SETTLE_SECONDS = 0.3
"""How long reading waits for results still being recorded (the writer thread's
queue): a result just finished is usually in by then; if not, the window says so
rather than wait."""

SUMMARY_ROWS, ASSISTED_ROWS = 6, 4
"""Rows the figures tables show before they scroll (there are 11 tables in all), so
that the last games keep room below them."""

OPENING_WIDTH, OPENING_HEIGHT = 860, 720
"""The window's first size, if the screen has room: the last games' opponents are long."""

EMPTY_WIDTH = 480
"""The width of a window that has only its "no games yet" line to say."""

ROW_HEIGHT = 1.45
"""A row's height in lines of its font: compact, yet easy to pick."""

TABLE_KEY = Qt.ItemDataRole.UserRole
"""Where a figures row keeps its (game, players)."""

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def interface_locale() -> QLocale:
    """The conventions of the interface language: the system's own if it speaks that
    language (an English interface in Britain keeps British dates), else the
    language's usual ones."""
    language = (QLocale.Language.Russian if current_language() == "ru"
                else QLocale.Language.English)
    system = QLocale.system()
    return system if system.language() == language else QLocale(language)


def _read_only_table(name: str, parent: QWidget) -> QTableWidget:
    """A table of whole rows to look at: Tab leaves it (arrows move within), and
    every column is as wide as its widest cell, so no number is ever cut off."""
    table = QTableWidget(parent)
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setTabKeyNavigation(False)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(round(table.fontMetrics().height() * ROW_HEIGHT))
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setHighlightSections(False)
    table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    return table


def _bold(widget: QWidget) -> None:
    font = QFont(widget.font())
    font.setBold(True)
    widget.setFont(font)


def _cell(text: str, right: bool = True, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if right:
        item.setTextAlignment(RIGHT)
    if tooltip:
        item.setToolTip(tooltip)
    return item


class StatisticsDialog(QDialog):
    """The statistics window.  ``game`` and ``players`` choose the table whose last
    games are listed first (the one just played, say)."""

    def __init__(self, stats: Statistics, parent: QWidget | None = None,
                 game: str | None = None, players: int | None = None,
                 qsettings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.stats = stats
        self.qs = qsettings if qsettings is not None else QSettings()
        """Where the folder of the last export is kept (the window's settings)."""
        self.conventions = interface_locale()
        self._chosen: tuple[str, int] | None = (game, players) \
            if game is not None and players is not None else None
        self.setWindowTitle(self.tr("Statistics"))
        self.setSizeGripEnabled(True)
        self._build()
        self.refresh()
        self._fit_size()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.message = self._label("message", wrap=True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.memory_note = self._label("memoryNote", self.tr(
            "These statistics are kept for this run only: the statistics file could not be "
            "used."), wrap=True)
        self.memory_note.setVisible(not self.stats.persistent)
        self.recording_note = self._label("recordingNote", self.tr(
            "Some results are still being recorded and are not counted here yet."),
            wrap=True)
        self.recording_note.hide()
        self.summary = self._summary_table("summary", self.tr("Statistics by game"),
                                           SUMMARY_ROWS)
        self.assisted_label = self._label("assistedLabel", self.tr(
            "Assisted games — an undo, a hint, or watching again or taking over before the "
            "end was used. They are counted apart, so that the other figures show the "
            "player's own play alone."), wrap=True)
        self.assisted = self._summary_table("assisted", self.tr("Assisted games"),
                                            ASSISTED_ROWS)
        self.trend = ReviewTrend(self.conventions, self)
        self.recent_label = self._label("recentLabel")
        _bold(self.recent_label)
        self.recent = _read_only_table("recent", self)
        self.recent.setAccessibleName(self.tr("Last games"))
        self.recent.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.recent.setMinimumHeight(5 * self.recent.verticalHeader().defaultSectionSize())
        self._recent_viewport = self.recent.viewport()
        self._recent_viewport.installEventFilter(self)
        self.status = self._label("status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self._layout = layout = QVBoxLayout(self)
        layout.addLayout(self._player_row())
        for widget in (self.message, self.memory_note, self.recording_note, self.summary,
                       self.assisted_label,
                       self.assisted, self.trend, self.recent_label):
            layout.addWidget(widget)
        layout.addWidget(self.recent, 1)
        layout.addWidget(self.status)
        layout.addWidget(self._buttons())
        chain = (self.player, self.summary, self.assisted, self.trend.chart, self.recent,
                 self.export_button, self.reset_button, self.close_button)
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)  # else Tab skipped a button of the box

    def _label(self, name: str, text: str = "", wrap: bool = False) -> QLabel:
        label = QLabel(text, self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(wrap)
        return label

    def _player_row(self) -> QHBoxLayout:
        """The chooser of whose games to count (shown when there are several names)."""
        self.player_label = QLabel(self.tr("&Player:"), self)
        self.player = QComboBox(self)
        self.player.setObjectName("player")
        self.player.setAccessibleName(self.tr("Player"))
        self.player.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.player_label.setBuddy(self.player)
        self.player.currentIndexChanged.connect(self._on_player)
        row = QHBoxLayout()
        row.addWidget(self.player_label)
        row.addWidget(self.player)
        row.addStretch(1)
        return row

    def _summary_table(self, name: str, accessible: str, rows: int) -> QTableWidget:
        """A table of figures, one row per table played; the long headings are set on
        two lines, so the columns stay as narrow as their numbers."""
        table = _read_only_table(name, self)
        table.setAccessibleName(accessible)
        table.setProperty("visibleRows", rows)
        headers = [
            (self.tr("Game"), ""),
            (self.tr("Played"), self.tr("Games begun, finished or not")),
            (self.tr("Finished"), self.tr("Games played to the end")),
            (self.tr("Won"), self.tr("First places, shared ones included")),
            (self.tr("Win %"), self.tr("Games won out of games played")),
            (self.tr("Average\ntotal"), self.tr("The average final total of finished games")),
            (self.tr("Best\ntotal"), self.tr("The highest final total")),
            (self.tr("Average\nplace"), self.tr("The average place in finished games")),
            (self.tr("Longest\nwinning run"), self.tr("The most finished games won in a row")),
        ]
        table.setColumnCount(len(headers))
        for col, (text, tip) in enumerate(headers):
            table.setHorizontalHeaderItem(col, _cell(text, right=col > 0, tooltip=tip))
        table.itemSelectionChanged.connect(lambda: self._on_row(table))
        return table

    def _buttons(self) -> QDialogButtonBox:
        box = QDialogButtonBox(self)
        self.export_button = QPushButton(self.tr("&Export as CSV…"), self)
        self.export_button.setAccessibleName(self.tr("Export as CSV"))
        self.reset_button = QPushButton(self.tr("&Reset…"), self)
        self.reset_button.setAccessibleName(self.tr("Reset the statistics"))
        self.close_button = QPushButton(self.tr("Close"), self)
        self.close_button.setAccessibleName(self.tr("Close"))
        self.close_button.setDefault(True)
        box.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        box.addButton(self.reset_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        box.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.export_button.clicked.connect(self.export)
        self.reset_button.clicked.connect(self.confirm_reset)
        box.rejected.connect(self.reject)
        return box

    # --- words and numbers ------------------------------------------------------------------

    @staticmethod
    def _plural(text: str, n: int) -> str:
        """Qt has filled ``%n``; an English source left untranslated gets its plural."""
        return text.replace("(s)", "" if abs(n) == 1 else "s")

    def table_name(self, game: str, players: int) -> str:
        """«Кинг, 4 игрока» / "King, 4 players"."""
        text = self._plural(self.tr("%1, %n player(s)", None, players), players)
        return texts.fill(text, game_title(game))

    def _decimal(self, value: float | None, decimals: int) -> str:
        if value is None:
            return "—"
        text = self.conventions.toString(float(value), "f", decimals)
        return text.replace("-", texts.MINUS, 1) if value < 0 else text

    def _percent(self, summary: Summary) -> str:
        share = summary.win_percent
        return "—" if share is None else texts.fill(self.tr("%1%"), self._decimal(share, 0))

    def _date(self, timestamp: float) -> str:
        when = QDateTime.fromSecsSinceEpoch(int(timestamp))
        return self.conventions.toString(when, QLocale.FormatType.ShortFormat)

    def opponent_text(self, name: str, kind: str, level: str | None) -> str:
        """"Computer 1 (normal)"; a person by name alone.  A default name is said in the
        interface language, whatever language the game was played in («Компьютер 1
        (средний)», never "Computer 1 (средний)")."""
        name = display_name(name)
        if kind != COMPUTER or not level:
            return name
        return texts.fill(self.tr("%1 (%2)"), name,
                          self.conventions.toLower(texts.level_name(level)))

    def result_text(self, result: Result) -> str:
        if not result.finished:
            return self.tr("unfinished")
        return self.tr("won") if result.won else self.tr("lost")

    def assist_text(self, result: Result) -> str:
        words = {"undo": self.tr("undo"), "hint": self.tr("hint"),
                 "takeover": self.tr("watched or taken over")}
        return ", ".join(words.get(how, how) for how in result.assists)

    # --- filling ------------------------------------------------------------------------------

    def refresh(self, names: bool = True) -> None:
        """Read everything again (after a reset, or a game finished meanwhile); the
        list of names too unless ``names`` is False.  Results still being recorded
        are waited for :data:`SETTLE_SECONDS` at most, then said to be missing."""
        self.recording_note.setVisible(self.stats.settle(SETTLE_SECONDS) > 0)
        try:
            if names:
                self._fill_players(self.stats.players())
            summaries = self.stats.summaries(self.current_player())
        except StatisticsError as exc:
            self._show_message(texts.fill(self.tr("The statistics could not be read: %1"),
                                          str(exc)))
            return
        if not summaries:
            self._show_message(self.tr(
                "No games played yet. Each game you play is counted here, from your first "
                "move to its end."), empty=True)
            return
        self.message.hide()
        self._layout.setStretchFactor(self.message, 0)
        self._fill_summary(self.summary, [s for s in summaries if not s.assisted])
        helped = [s for s in summaries if s.assisted]
        self._fill_summary(self.assisted, helped)
        self._fit_figures()
        for widget in (self.assisted_label, self.assisted):
            widget.setVisible(bool(helped))
        self.summary.setVisible(any(not s.assisted for s in summaries))
        self.export_button.setEnabled(True)
        self.reset_button.setEnabled(True)
        self._select(self._chosen or (summaries[0].game, summaries[0].players))

    def _show_message(self, text: str, empty: bool = False) -> None:
        """A line instead of the tables, at the top: there are no games (``empty``: then
        nothing to export or reset either), or they could not be read."""
        self.message.setText(text)
        self.message.show()
        for widget in (self.summary, self.assisted_label, self.assisted, self.trend,
                       self.recent_label, self.recent):
            widget.hide()
        self._layout.setStretchFactor(self.message, 1)
        self.export_button.setEnabled(not empty)
        self.reset_button.setEnabled(not empty)

    def _fill_players(self, names: list[str]) -> None:
        """«Everyone» and each name, when there is more than one name to choose."""
        keep = self.current_player()
        self.player.blockSignals(True)
        self.player.clear()
        if len(names) > 1:
            self.player.addItem(self.tr("Everyone"), None)
            for name in names:
                self.player.addItem(name, name)
            index = self.player.findData(keep) if keep is not None else 0
            self.player.setCurrentIndex(max(index, 0))
        self.player.blockSignals(False)
        for widget in (self.player_label, self.player):
            widget.setVisible(len(names) > 1)

    def current_player(self) -> str | None:
        """The name chosen, or None for everyone (or when there is no choice)."""
        data = self.player.currentData() if self.player.count() else None
        return data if isinstance(data, str) else None

    def _fill_summary(self, table: QTableWidget, summaries: list[Summary]) -> None:
        table.blockSignals(True)
        table.clearSelection()
        table.setRowCount(len(summaries))
        for row, s in enumerate(summaries):
            name = _cell(self.table_name(s.game, s.players), right=False)
            name.setData(TABLE_KEY, (s.game, s.players))
            table.setItem(row, 0, name)
            values = [str(s.played), str(s.finished), str(s.won), self._percent(s),
                      self._decimal(s.average_total, 1),
                      "—" if s.best_total is None else texts.signed(s.best_total),
                      self._decimal(s.average_place, 2), str(s.longest_run)]
            for col, value in enumerate(values, start=1):
                table.setItem(row, col, _cell(value))
        table.blockSignals(False)

    def _fit_figures(self) -> None:
        """Both figures tables get the same column widths — each column as wide as its
        widest cell in either, so figures line up and none is cut off — and a height
        for their rows, from two up to the number they show before they scroll."""
        tables = (self.summary, self.assisted)
        for table in tables:
            table.resizeColumnsToContents()
        for col in range(self.summary.columnCount()):
            width = max(t.columnWidth(col) for t in tables)
            for table in tables:
                table.horizontalHeader().setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
                table.setColumnWidth(col, width)
        for table in tables:
            frame = 2 * table.frameWidth()
            table.setMaximumWidth(table.horizontalHeader().length() + frame
                                  + table.verticalScrollBar().sizeHint().width())
            head = table.horizontalHeader().sizeHint().height() + frame
            row = table.verticalHeader().defaultSectionSize()
            shown = min(table.rowCount(), int(table.property("visibleRows")))
            table.setMinimumHeight(head + min(shown, 2) * row)
            table.setMaximumHeight(head + shown * row)

    def _select(self, key: tuple[str, int]) -> None:
        """Select the row of table ``key`` (the first row if it has none here)."""
        for table in (self.summary, self.assisted):
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                if item is not None and tuple(item.data(TABLE_KEY)) == key:
                    table.selectRow(row)
                    self._show_recent(key)
                    return
        first = self.summary if self.summary.rowCount() else self.assisted
        first.selectRow(0)
        item = first.item(0, 0)
        if item is not None:
            self._show_recent(tuple(item.data(TABLE_KEY)))

    def _on_row(self, table: QTableWidget) -> None:
        rows = table.selectionModel().selectedRows()
        if not rows:
            return
        other = self.assisted if table is self.summary else self.summary
        other.blockSignals(True)
        other.clearSelection()
        other.blockSignals(False)
        item = table.item(rows[0].row(), 0)
        if item is not None:
            key = tuple(item.data(TABLE_KEY))
            self._chosen = (str(key[0]), int(key[1]))
            self._show_recent(self._chosen)

    def _on_player(self) -> None:
        self.refresh(names=False)

    def _show_recent(self, key: tuple[str, int]) -> None:
        game, players = key
        try:
            results = self.stats.recent(game, players, RECENT, self.current_player())
        except StatisticsError as exc:
            results = []
            self.status.setText(texts.fill(self.tr("The statistics could not be read: %1"),
                                           str(exc)))
        self.recent_label.setText(texts.fill(self.tr("Last games: %1"),
                                             self.table_name(game, players)))
        self._fill_recent(results)
        for widget in (self.recent_label, self.recent):
            widget.show()
        self._show_trend(key)

    def _show_trend(self, key: tuple[str, int]) -> None:
        """The table's review trend, of the player chosen (or of everyone)."""
        game, players = key
        try:
            reviews = self.stats.reviews(game, players, TREND, self.current_player())
        except StatisticsError as exc:
            reviews = []
            self.status.setText(texts.fill(self.tr("The statistics could not be read: %1"),
                                           str(exc)))
        self.trend.show_reviews(self.table_name(game, players), reviews)
        self.trend.show()

    def _fill_recent(self, results: list[Result]) -> None:
        many = self.player.count() > 0 and self.current_player() is None
        headers = [self.tr("Date"), *([self.tr("Player")] if many else []), self.tr("Total"),
                   self.tr("Place"), self.tr("Result"), self.tr("Assisted"),
                   self.tr("Opponents")]
        table = self.recent
        table.clear()
        table.setColumnCount(len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(results))
        for row, r in enumerate(results):
            cells = [_cell(self._date(r.date), right=False)]
            if many:
                cells.append(_cell(r.name, right=False))
            cells += [
                _cell("—" if r.total is None else texts.signed(r.total)),
                _cell("—" if r.place is None else texts.fill(self.tr("%1 of %2"), r.place,
                                                             r.players)),
                _cell(self.result_text(r), right=False),
                _cell(self.assist_text(r), right=False),
            ]
            opponents = ", ".join(self.opponent_text(*o) for o in r.opponents)
            cells.append(_cell(opponents, right=False, tooltip=opponents))
            for col, item in enumerate(cells):
                table.setItem(row, col, item)
        self._fit_recent_columns()

    def _fit_recent_columns(self) -> None:
        """Each column as wide as its contents; the opponents fill what room is left,
        and scroll rather than be cut when there is none."""
        header = self.recent.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        last = self.recent.columnCount() - 1
        spare = self.recent.viewport().width() - sum(
            header.sectionSize(col) for col in range(last))
        if header.sectionSize(last) < spare:
            header.setSectionResizeMode(last, QHeaderView.ResizeMode.Stretch)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The last games' viewport changed size: share out its width again."""
        if event.type() == QEvent.Type.Resize and watched is self._recent_viewport:
            self._fit_recent_columns()
        return super().eventFilter(watched, event)

    def _fit_size(self) -> None:
        """Wide enough for the figures' columns and a scroll bar, within the screen; a
        window with only a line to say is no larger than the line."""
        if self.message.isVisibleTo(self):
            self.resize(max(self.sizeHint().width(), EMPTY_WIDTH), self.sizeHint().height())
            return
        margins = self._layout.contentsMargins()
        want = max(self.summary.maximumWidth() + margins.left() + margins.right(),
                   OPENING_WIDTH, self.sizeHint().width())
        height = OPENING_HEIGHT
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry().size()
            want, height = min(want, int(room.width() * 0.95)), min(height,
                                                                   int(room.height() * 0.9))
        self.resize(want, height)

    # --- export and reset -------------------------------------------------------------------

    def export(self) -> None:
        """Ask where, and write the CSV there; a failure is told with its reason."""
        qs = self.qs
        dialog = file_dialog.make_file_dialog(
            self, self.tr("Export statistics"), self.tr("CSV files (*.csv);;All files (*)"),
            saving=True, folder=game_files.start_folder(qs, game_files.EXPORT_FOLDER_KEY),
            name=EXPORT_NAME, suffix="csv")
        name = file_dialog.chosen_file(dialog)
        if not name:
            return
        game_files.remember_folder(qs, name, game_files.EXPORT_FOLDER_KEY)
        if not Path(name).suffix:  # a name typed without one
            name += ".csv"
        try:
            rows = self.stats.export_csv(Path(name))
        except (OSError, StatisticsError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            QMessageBox.warning(self, self.tr("Not exported"), texts.fill(
                self.tr("The statistics could not be written to %1:\n%2"), name, reason))
            return
        self.status.setText(texts.fill(
            self._plural(self.tr("%n row(s) written to %1", None, rows), rows), name))

    def confirm_reset(self) -> None:
        """Delete everything — only after a question whose default answer is Cancel."""
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Reset the statistics"),
                          self.tr("Delete the statistics of every game? This cannot be "
                                  "undone."), QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("resetQuestion")
        delete = box.addButton(self.tr("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        confirmed = box.clickedButton() is delete
        box.deleteLater()
        if not confirmed:
            return
        try:
            self.stats.reset()
        except StatisticsError as exc:
            QMessageBox.warning(self, self.tr("Not reset"), texts.fill(
                self.tr("The statistics could not be reset: %1"), str(exc)))
            return
        self._chosen = None
        self.status.setText(self.tr("The statistics have been reset."))
        self.refresh()
