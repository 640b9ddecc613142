"""The window's questions about game files: open, save, leave a game, quit.

A game is put away, opened or saved on the person's word; each question here says what
would be lost and offers to save first.  The window's ``_ask`` and ``_choose_file``
show the question and the file dialog (tests answer in their place).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from cardtable import saves
from cardtable.engine import record
from cardtable.ui import game_files, texts
from cardtable.ui.controller import OnDisk
from cardtable.ui.games import game_title
from cardtable.ui.save_banner import SaveWords, problem_text, quit_question

if TYPE_CHECKING:  # QMessageBox is loaded when a question is first asked, not at start
    from PySide6.QtWidgets import QMessageBox

    from cardtable.stats import OpenProblem
    from cardtable.ui.window.main_window import MainWindow

translate = QCoreApplication.translate
"""Words in the window's translation context: ``translate("MainWindow", text)``."""

QUIT_SAVE_WAIT_S = 3.0
"""How long quitting waits for a save being written, so that it is counted: long
enough for a slow disk, short enough that a hung one does not hold the window."""


class FileQuestions(QObject):
    """Opening, saving and leaving games, with the questions they take."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.saved_elsewhere: tuple[Path, OnDisk] | None = None
        """The last Save as: the file and what it holds (for the banner and the
        question on quitting)."""
        self._save_notice: QMessageBox | None = None
        self._stats_notice: QMessageBox | None = None

    def tell_save_kept(self, found: saves.Resumed) -> None:
        """Say once, without stopping the program, why the saved game was not resumed
        and where its file is now."""
        from PySide6.QtWidgets import QMessageBox

        where = str(found.moved_to) if found.moved_to is not None \
            else str(self.controller.autosave_path)
        if found.problem == "newer":
            text = texts.fill(translate("MainWindow",
                "The game saved when CardTable last closed was written by a newer version "
                "of CardTable, which this version cannot read. The file was kept "
                "unchanged:\n%1"), where)
        else:
            reasons = {
                "unreadable": translate("MainWindow", "the file could not be read"),
                "rules": translate(
                        "MainWindow", "a move in it breaks the rules, so the file is damaged"),
                saves.NOT_A_FILE: translate(
                        "MainWindow", "it is not a file but a pipe, a socket or a device"),
            }
            reason = reasons.get(found.problem or "",
                                 translate(
                                         "MainWindow",
                                         "the file is damaged or is not a CardTable game"))
            text = texts.fill(translate("MainWindow",
                "The game saved when CardTable last closed could not be resumed: %1.\n\n"
                "The file was kept, not deleted:\n%2"), reason, where)
        box = QMessageBox(QMessageBox.Icon.Warning, translate(
                "MainWindow", "Saved game not resumed"), text,
                          QMessageBox.StandardButton.Ok, self.window)
        box.setDetailedText(found.detail)
        box.setObjectName("saveKept")
        box.open()
        self._save_notice = box

    def tell_stats_problem(self, problem: OpenProblem) -> None:
        """Say once, without stopping the program, what was wrong with the statistics
        file and where it is now."""
        from PySide6.QtWidgets import QMessageBox

        if problem.kind == "damaged" and problem.moved_to is not None:
            text = texts.fill(translate("MainWindow",
                "The statistics file was damaged, so new statistics were started. The old "
                "file was kept, not deleted:\n%1"), str(problem.moved_to))
        elif problem.kind == "newer":
            text = translate(
                    "MainWindow", "The statistics were written by a newer version of CardTable. "
                           "They were left untouched; this version keeps its statistics "
                           "for this run only.")
        else:
            text = translate(
                    "MainWindow", "The statistics file cannot be used, so statistics are kept "
                           "for this run only.")
        box = QMessageBox(QMessageBox.Icon.Warning, translate("MainWindow", "Statistics"), text,
                          QMessageBox.StandardButton.Ok, self.window)
        box.setDetailedText(problem.detail)
        box.setObjectName("statsProblem")
        box.open()
        self._stats_notice = box

    def confirm_leaving_game(self) -> bool:
        """Before the game in progress is put away for another, ask whether to save it
        (once a person has played in it); False if the person would rather stay."""
        from PySide6.QtWidgets import QMessageBox

        if not self.human_has_played():
            return True
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, translate("MainWindow", "Game in progress"),
                          translate(
                                  "MainWindow",
                                  "The game in progress will be closed. Do you want to save "
                                  "it first?"),
                          buttons.Save | buttons.Discard | buttons.Cancel, self.window)
        box.setObjectName("leaveGame")
        box.button(buttons.Discard).setText(texts.dont_save_text())
        return self.save_or_not(box)

    def save_or_not(self, box: QMessageBox) -> bool:
        """Ask ``box`` (Save, Discard, Cancel; saving the default, Esc cancels):
        whether to go on — saved as the person chose, or not saved."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        box.setDefaultButton(buttons.Save)
        box.setEscapeButton(buttons.Cancel)
        answer = self.window._ask(box)
        if answer == buttons.Save:
            return self.save_as()
        return answer == buttons.Discard

    def documents(self) -> str:
        """Where the file dialogs open: the folder used last, else the documents."""
        return self.window.recent.folder()

    def save_as(self) -> bool:
        """Save the game on the table as a game file (Ctrl+S)."""
        game = self.controller.game_name()
        if game is None or self.window.replay is not None:
            return False
        suggested = str(Path(self.documents())
                        / game_files.default_name(game_title(game)))
        chosen = self.window._choose_file(True, suggested)
        return bool(chosen) and self.save_to(game_files.with_suffix(chosen))

    def save_to(self, path: Path) -> bool:
        """Write the game's record to ``path`` at once and whole (never half a file)."""
        from PySide6.QtWidgets import QMessageBox

        try:
            held = self.controller.save_record(path)
        except OSError as exc:
            QMessageBox.warning(self.window, translate("MainWindow", "Not saved"), texts.fill(
                translate("MainWindow", "The game could not be saved to “%1”: %2."), str(path),
                exc.strerror or str(exc)))
            return False
        if held is None:
            return False
        self.window.recent.add(path)
        self.window.status_label.setText(texts.fill(translate(
                "MainWindow", "Saved as “%1”."), path.name))
        self.saved_elsewhere = (path, held)
        self.show_save_problem()
        return True

    def open_dialog(self) -> None:
        """Open a game file (Ctrl+O)."""
        chosen = self.window._choose_file(False, self.documents())
        if chosen:
            self.open_path(Path(chosen))

    def open_path(self, path: Path) -> bool:
        """Open a game file: a game in progress goes on where it stopped, a finished one
        is watched again.  A file that cannot be opened is said so, and nothing else
        changes."""
        from PySide6.QtWidgets import QMessageBox

        try:
            match = record.load_file(path)
        except record.RecordError as exc:
            if not path.exists():
                self.window.recent.remove(path)
            box = QMessageBox(QMessageBox.Icon.Warning, translate(
                    "MainWindow", "Cannot open the game"),
                              game_files.cannot_open_text(path, exc),
                              QMessageBox.StandardButton.Ok, self.window)
            box.setObjectName("cannotOpen")
            box.setDetailedText(game_files.cannot_open_detail(exc))
            self.window._ask(box)
            return False
        if match.state.is_over:
            self.window.recent.add(path)
            self.window.watching.watch(match, at_end=True)
            self.window.reviews.opened(match, path)
            return True
        if not self.confirm_leaving_game():
            return False
        self.window.recent.add(path)
        self.window.watching.leave(resume=False)
        self.controller.start_match(match)
        return True

    def elsewhere(self) -> tuple[str, int | None]:
        """Where Save as last put the game on the table, and how many of its moves
        are not in that file (None: the file holds another game)."""
        if self.saved_elsewhere is None:
            return "", None
        path, held = self.saved_elsewhere
        return str(path), self.controller.moves_beyond(held)

    def show_save_problem(self) -> None:
        """The banner in words for the problem and the count as they are now."""
        problem = self.controller.save_problem
        if problem is None:
            return
        where, behind = self.elsewhere()
        self.window.save_banner.show_problem(problem_text(
            problem, self.controller.unsaved_moves(), where if behind is not None else "",
            behind or 0))

    def may_quit(self) -> bool:
        """Quitting would lose moves that are not on the disk: ask first.  A save
        still being written is waited for (a while) so that it counts."""
        from PySide6.QtWidgets import QMessageBox

        c = self.controller
        c.flush_autosave(QUIT_SAVE_WAIT_S)
        problem, unsaved = c.save_problem, c.unsaved_moves()
        if problem is None or unsaved == 0 or self.elsewhere()[1] == 0:
            return True
        self.show_save_problem()
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Warning, translate("MainWindow", "Moves not saved"),
                          quit_question(problem, unsaved),
                          buttons.Save | buttons.Discard | buttons.Cancel, self.window)
        box.setObjectName("quitUnsaved")
        box.button(buttons.Save).setText(SaveWords.tr("Save as…"))
        box.button(buttons.Discard).setText(SaveWords.tr("Quit without saving"))
        return self.save_or_not(box)

    def confirm_restart(self, moves: int) -> bool:
        """Ask before a restart takes back the people's moves in this deal."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, translate("MainWindow", "Restart deal"),
                          translate(
                                  "MainWindow",
                                  "Restart this deal? %n move(s) the players made in it "
                                  "will be taken back.", "", moves),
                          buttons.Yes | buttons.Cancel, self.window)
        box.setObjectName("restartDeal")
        box.button(buttons.Yes).setText(translate("MainWindow", "Restart"))
        box.setDefaultButton(buttons.Cancel)
        box.setEscapeButton(buttons.Cancel)
        return self.window._ask(box) == buttons.Yes

    def human_has_played(self) -> bool:
        """Whether a person has made a move in the unfinished game on the table."""
        return self.controller.human_has_played()
