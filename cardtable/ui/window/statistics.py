"""The window's statistics: the store (opened once the table has been painted, so it
is no part of the wait for the table), the keeper that records each game, and the
Statistics window."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from cardtable.ui.window.kept_dialogs import bring_forward, let_go

if TYPE_CHECKING:
    from cardtable.ai.review import Review
    from cardtable.engine.match import Match
    from cardtable.stats import Statistics
    from cardtable.ui.dialogs.statistics import StatisticsDialog
    from cardtable.ui.stats_keeper import StatsKeeper
    from cardtable.ui.window.main_window import MainWindow


class WindowStatistics(QObject):
    """Statistics kept at ``path`` for ``window``'s games; none with no path."""

    def __init__(self, window: MainWindow, path: Path | None) -> None:
        super().__init__(window)
        self.window = window
        self.path = path
        self.store: Statistics | None = None
        """The store, once opened by :meth:`open`."""
        self.keeper: StatsKeeper | None = None
        self.dialog: StatisticsDialog | None = None
        if path is not None:
            from cardtable.ui.stats_keeper import StatsKeeper

            self.keeper = StatsKeeper(self.open, window.controller, window)
            # a result neither recorded nor kept for later: said where saving problems are
            self.keeper.problem.connect(lambda text: window.show_note(text, "statistics"))

    def open(self) -> Statistics | None:
        """The store (None when the window keeps none), opened at the first call; what
        was wrong with its file, if anything, is said then."""
        if self.store is None and self.path is not None:
            from cardtable.stats import Statistics

            self.store, problem = Statistics.open(self.path)
            if problem is not None:
                self.window.files.tell_stats_problem(problem)
        return self.store

    def show(self) -> None:
        """Game ▸ Statistics: the table just played chosen first."""
        store = self.open()
        if store is None:
            return
        controller = self.window.controller
        game = controller.game_name()
        players = len(controller.seats()) if game is not None else None
        if self.dialog is None:
            from cardtable.ui.dialogs.statistics import StatisticsDialog

            self.dialog = StatisticsDialog(store, self.window, game, players, self.window.qs)
        else:
            self.dialog.refresh()
        bring_forward(self.dialog)

    def record_review(self, match: Match, review: Review) -> bool:
        """A review has finished: keep its figures (see
        :meth:`~cardtable.ui.stats_keeper.StatsKeeper.record_review`) and show them in
        the Statistics window if it is open; whether they were kept."""
        if self.keeper is None or not self.keeper.record_review(match, review):
            return False
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.refresh(names=False)
        return True

    def forget_dialog(self) -> None:
        """Close the Statistics window: made again, in the new words, when next opened."""
        let_go(self.dialog)
        self.dialog = None

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
