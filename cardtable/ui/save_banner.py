"""The banner over the table that says what is going wrong with keeping the game: an
autosave that cannot be written (it stays until a save succeeds, with "Save as…" to
put the game elsewhere and "Try again"), and any other note the window is given (the
statistics, say), each until it is dismissed.

A failed save must never pass unseen: the status line is rewritten at every turn, a
banner is not.  The banner holds no state of the game; the window gives it the
problem and the count of moves not on the disk, and it puts them in words.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from cardtable import saves
from cardtable.ui import texts, theme


class SaveWords:
    """The translation context of this module, written as :class:`texts.Texts` is
    (``lupdate`` files the words under the class's name and reads counts right; an
    English source left untranslated gets its plural: "1 move", "2 moves")."""

    @staticmethod
    def tr(text: str, disambiguation: str | None = None, n: int | None = None) -> str:
        return texts.translate_counted("SaveWords", text, disambiguation, n)


def reason_words(problem: saves.SaveProblem) -> str:
    """Why the save failed, as the end of a sentence (no full stop)."""
    if problem.reason == saves.FULL:
        return SaveWords.tr("the disk is full")
    if problem.reason == saves.DENIED:
        return SaveWords.tr("CardTable has no permission to write there")
    if problem.reason == saves.FOLDER_IN_THE_WAY:
        return texts.fill(SaveWords.tr("a folder named “%1” is in the way of the save file"),
                          problem.path.name)
    return problem.detail


def problem_text(problem: saves.SaveProblem, unsaved: int, elsewhere: str = "",
                 elsewhere_behind: int = 0) -> str:
    """The banner's sentences: where and why, how many moves are not on the disk, and
    where the game was put with "Save as…" (``elsewhere``, ``elsewhere_behind`` moves
    ago)."""
    where = SaveWords.tr("The game in progress cannot be saved in the folder “%1”: %2.")
    parts = [texts.fill(where, str(problem.folder), reason_words(problem))]
    if unsaved > 0:
        parts.append(SaveWords.tr("If CardTable closed now, %n move(s) of this game would be "
                              "lost.", None, unsaved))
    if elsewhere and elsewhere_behind == 0:
        parts.append(texts.fill(SaveWords.tr("The game as it stands was saved as “%1”."),
                                elsewhere))
    elif elsewhere:
        parts.append(texts.fill(SaveWords.tr("The game was saved as “%1”, %n move(s) ago.", None,
                                    elsewhere_behind), elsewhere))
    parts.append(SaveWords.tr("CardTable keeps trying to save."))
    return " ".join(parts)


def quit_question(problem: saves.SaveProblem, unsaved: int) -> str:
    """What quitting would cost, asked before the window closes."""
    return texts.fill(SaveWords.tr("%n move(s) of the game in progress would be lost if you quit "
                               "now: the game cannot be saved in the folder “%1” (%2).",
                               None, unsaved), str(problem.folder), reason_words(problem))


def banner_css(colours: theme.Theme) -> str:
    """The banner in the info bar's colours, marked by the warning's edge."""
    return f"""
QFrame#saveBanner {{ background: {theme.css(colours.bar)};
    border-bottom: 1px solid {theme.css(colours.bar_border)};
    border-left: 6px solid {theme.css(colours.warning_border)}; }}
QFrame#saveBanner QLabel {{ color: {theme.css(colours.bar_text)}; }}
QFrame#saveBanner QLabel#bannerTitle {{ color: {theme.css(colours.bar_status)};
    font-weight: bold; }}
QFrame#saveBanner QPushButton {{ padding: 4px 12px;
    border: 1px solid {theme.css(colours.button_border)}; border-radius: 6px;
    background: {theme.css(colours.button)}; color: {theme.css(colours.button_text)}; }}
QFrame#saveBanner QPushButton:hover {{ background: {theme.css(colours.button_hover)}; }}
QFrame#saveBanner QPushButton:focus {{ border: 2px solid {theme.css(colours.button_focus)}; }}
"""


class SaveBanner(QFrame):
    """A bar above the table, hidden while there is nothing to say."""

    saveAsRequested = Signal()
    retryRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("saveBanner")
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 6, 14, 6)
        words = QVBoxLayout()
        words.setSpacing(2)
        self.title = QLabel(self)
        self.title.setObjectName("bannerTitle")
        self.message = QLabel(self)
        self.message.setObjectName("bannerMessage")
        self.notes_label = QLabel(self)
        self.notes_label.setObjectName("bannerNotes")
        for label in (self.message, self.notes_label):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (self.title, self.message, self.notes_label):
            words.addWidget(label)
        row.addLayout(words, 1)
        self.save_as = QPushButton(self)
        self.retry = QPushButton(self)
        self.dismiss = QPushButton(self)
        for button in (self.save_as, self.retry, self.dismiss):
            row.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.save_as.clicked.connect(self.saveAsRequested)
        self.retry.clicked.connect(self.retryRequested)
        self.dismiss.clicked.connect(self.clear_notes)
        self.problem_shown = False
        self._notes: dict[str, str] = {}
        self.name_controls()
        self.apply_theme()
        self._update()

    def apply_theme(self) -> None:
        theme.restyle(self, banner_css(theme.current()))

    def name_controls(self) -> None:
        """The buttons' words in the interface language (again after a change)."""
        self.setAccessibleName(SaveWords.tr("Problem keeping the game"))
        self.title.setText(SaveWords.tr("The game is not being saved"))
        self.save_as.setText(SaveWords.tr("Save as…"))
        self.save_as.setToolTip(SaveWords.tr("Save the game in progress to a file somewhere else"))
        self.retry.setText(SaveWords.tr("Try again"))
        self.dismiss.setText(SaveWords.tr("Close"))
        self.dismiss.setToolTip(SaveWords.tr("Hide these notes"))

    def show_problem(self, text: str) -> None:
        """Say that the autosave fails (``text``: :func:`problem_text`) until
        :meth:`clear_problem`."""
        self.problem_shown = True
        self.message.setText(text)
        self._update()

    def clear_problem(self) -> None:
        """A save succeeded: the problem is over."""
        self.problem_shown = False
        self.message.setText("")
        self._update()

    def show_note(self, key: str, text: str) -> None:
        """Show another problem, already in words (the statistics, say), under ``key``
        (a newer note of the same key replaces it) until the person closes the notes."""
        self._notes[key] = text
        self._update()

    def clear_note(self, key: str) -> None:
        self._notes.pop(key, None)
        self._update()

    def clear_notes(self) -> None:
        self._notes.clear()
        self._update()

    @property
    def notes(self) -> dict[str, str]:
        return dict(self._notes)

    def _update(self) -> None:
        for widget in (self.title, self.message, self.save_as, self.retry):
            widget.setVisible(self.problem_shown)
        self.notes_label.setText("\n".join(self._notes.values()))
        self.notes_label.setVisible(bool(self._notes))
        self.dismiss.setVisible(bool(self._notes))
        said = " ".join(t for t in (self.message.text(), self.notes_label.text()) if t)
        self.setAccessibleDescription(said)
        self.setVisible(self.problem_shown or bool(self._notes))
