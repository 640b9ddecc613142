"""The score sheet where the window shows it: in its own window (Ctrl+T), kept up to
date while open, and on the board between deals with the deal just played marked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from cardtable.ui.score_rows import DEAL as DEAL_ROW
from cardtable.ui.score_rows import SheetData
from cardtable.ui.window.kept_dialogs import bring_forward, let_go

if TYPE_CHECKING:
    from cardtable.ui.dialogs.score_sheet import ScoreSheetDialog
    from cardtable.ui.score_sheet import ScoreSheet
    from cardtable.ui.window.main_window import MainWindow


class ScoreSheets(QObject):
    """The sheet of the game on the table — or of the game watched again, while one is."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: ScoreSheetDialog | None = None

    def data(self) -> SheetData:
        window = self.window
        data = window.watching.sheet_data() or window.controller.score_sheet(window.presenter)
        assert data is not None, "the sheet is shown only with a game on the table"
        return data

    def board_widget(self) -> ScoreSheet:
        """The sheet for the board between deals: the deal just played is marked."""
        from cardtable.ui.score_sheet import ScoreSheet

        sheet = ScoreSheet()
        data = self.data()
        scored = [i for i, row in enumerate(data.rows)
                  if row.kind == DEAL_ROW and row.scores is not None]
        sheet.set_data(data, scored[-1] if scored else None)
        return sheet

    def refresh(self) -> None:
        """The sheet's window, if open, shows the sheet as it is now."""
        if self.dialog is not None and self.dialog.isVisible():
            data = self.data()
            self.dialog.set_data(data, data.current)

    def show(self) -> None:
        """Game ▸ Score sheet: one window, brought to the front."""
        if not self.window.controller.has_game and self.window.replay is None:
            return
        data = self.data()
        if self.dialog is None:
            from cardtable.ui.dialogs.score_sheet import ScoreSheetDialog

            self.dialog = ScoreSheetDialog(data, data.current, self.window)
        else:
            self.dialog.set_data(data, data.current)
        bring_forward(self.dialog)

    def forget_dialog(self) -> None:
        """Close the sheet's window: made again, in the new words, when next opened."""
        let_go(self.dialog)
        self.dialog = None
