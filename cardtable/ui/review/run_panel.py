"""The review's strip above the table: whose decisions (when several people could be
meant), the progress while the review runs ("Reviewing your decisions… 34 of 97",
with Cancel), then the figure with "Watch with the marks" and "Also with every card
known".

A strip in the window, not a dialog: the table under it goes on (a game is played, a
game is watched again) while a review runs.  It holds no review: the window's
:class:`~cardtable.ui.review.run_flow.ReviewFlow` tells it what to show and hears its
buttons.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cardtable.ui import theme
from cardtable.ui.review.summary import Figure, ReviewRunWords


def panel_css(colours: theme.Theme) -> str:
    """The strip in the info bar's colours, marked by the accent's edge."""
    return f"""
QFrame#reviewPanel {{ background: {theme.css(colours.bar)};
    border-bottom: 1px solid {theme.css(colours.bar_border)};
    border-left: 6px solid {theme.css(colours.button_accent)}; }}
QFrame#reviewPanel QLabel {{ color: {theme.css(colours.bar_text)}; }}
QFrame#reviewPanel QLabel#reviewHeadline {{ color: {theme.css(colours.bar_status)};
    font-weight: bold; }}
QFrame#reviewPanel QPushButton {{ padding: 4px 12px;
    border: 1px solid {theme.css(colours.button_border)}; border-radius: 6px;
    background: {theme.css(colours.button)}; color: {theme.css(colours.button_text)}; }}
QFrame#reviewPanel QPushButton:hover {{ background: {theme.css(colours.button_hover)}; }}
QFrame#reviewPanel QPushButton:focus {{ border: 2px solid {theme.css(colours.button_focus)}; }}
"""


class ReviewPanel(QFrame):
    """The strip; hidden until a review is asked for, and again when closed."""

    seatChosen = Signal(int)
    cancelRequested = Signal()
    watchRequested = Signal()
    """"Watch with the marks": the fair review (and the hindsight one, if made)."""
    hindsightRequested = Signal()
    closeRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPanel")
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 6, 14, 6)
        words = QVBoxLayout()
        words.setSpacing(2)
        self.headline = QLabel(self)
        self.headline.setObjectName("reviewHeadline")
        self.details = QLabel(self)
        self.details.setObjectName("reviewDetails")
        self.hindsight_line = QLabel(self)
        self.hindsight_line.setObjectName("reviewHindsight")
        self.note = QLabel(self)
        self.note.setObjectName("reviewNote")
        for label in (self.headline, self.details, self.hindsight_line, self.note):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            words.addWidget(label)
        self.bar = QProgressBar(self)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(10)
        words.addWidget(self.bar)
        row.addLayout(words, 1)
        self.seats = QComboBox(self)
        self.start_button = QPushButton(self)
        self.cancel_button = QPushButton(self)
        self.watch_button = QPushButton(self)
        self.hindsight_button = QPushButton(self)
        self.close_button = QPushButton(self)
        for widget in (self.seats, self.start_button, self.cancel_button, self.watch_button,
                       self.hindsight_button, self.close_button):
            row.addWidget(widget, 0, Qt.AlignmentFlag.AlignVCenter)
        self.start_button.clicked.connect(
            lambda: self.seatChosen.emit(int(self.seats.currentData())))
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.watch_button.clicked.connect(self.watchRequested)
        self.hindsight_button.clicked.connect(self.hindsightRequested)
        self.close_button.clicked.connect(self.closeRequested)
        self.name_controls()
        self.apply_theme()
        self._only(())
        self.hide()

    def apply_theme(self) -> None:
        theme.restyle(self, panel_css(theme.current()))

    def name_controls(self) -> None:
        """The buttons' words in the interface language (again after a change)."""
        self.setAccessibleName(ReviewRunWords.tr("Review of decisions"))
        self.start_button.setText(ReviewRunWords.tr("Review"))
        self.cancel_button.setText(ReviewRunWords.tr("Cancel"))
        self.cancel_button.setToolTip(ReviewRunWords.tr("Stop the review; nothing of it is kept"))
        self.watch_button.setText(ReviewRunWords.tr("Watch with the marks"))
        self.watch_button.setToolTip(ReviewRunWords.tr(
            "Watch the game again with each costly decision marked on the slider"))
        self.hindsight_button.setText(ReviewRunWords.tr("Also with every card known"))
        self.hindsight_button.setToolTip(ReviewRunWords.tr(
            "Judge the same decisions again with every hand known — shown apart: a fair "
            "decision can lose to the cards"))
        self.close_button.setText(ReviewRunWords.tr("Close"))

    def _only(self, shown: Sequence[QWidget]) -> None:
        """Show ``shown`` of the strip's parts, hide the others."""
        for widget in (self.headline, self.details, self.hindsight_line, self.note, self.bar,
                       self.seats, self.start_button, self.cancel_button, self.watch_button,
                       self.hindsight_button):
            widget.setVisible(widget in shown)

    def _say(self) -> None:
        said = " ".join(label.text() for label in (self.headline, self.details,
                                                   self.hindsight_line, self.note)
                        if label.isVisibleTo(self) and label.text())
        self.setAccessibleDescription(said)
        self.show()

    def ask_seat(self, question: str, seats: Sequence[tuple[int, str]], default: int) -> None:
        """Whose decisions: ``seats`` are (seat, name), ``default`` the seat offered."""
        self.headline.setText(question)
        self.seats.clear()
        for seat, name in seats:
            self.seats.addItem(name, seat)
        self.seats.setCurrentIndex(max(0, self.seats.findData(default)))
        self._only((self.headline, self.seats, self.start_button))
        self._say()
        self.start_button.setFocus()

    def show_progress(self, text: str, done: int, total: int,
                      figure: Figure | None = None) -> None:
        """The review under way (``total`` 0: not counted yet); ``figure``: the fair
        review's, kept in view while the hindsight one runs."""
        self.bar.setRange(0, max(0, total))
        self.bar.setValue(done)
        if figure is not None:
            self.headline.setText(figure.headline)
            self.details.setText(figure.details)
            self.note.setText(text)
            self._only((self.headline, self.details, self.note, self.bar,
                        self.cancel_button))
        else:
            self.headline.setText(text)
            self._only((self.headline, self.bar, self.cancel_button))
        self._say()

    def show_figure(self, figure: Figure, hindsight: str | None, offer_hindsight: bool,
                    note: str = "") -> None:
        """The review done: its figure, the hindsight one's line if made, and
        ``note`` (the file could not be written, say)."""
        self.headline.setText(figure.headline)
        self.details.setText(figure.details)
        shown: list[QWidget] = [self.headline, self.details, self.watch_button]
        if figure.details == "":
            shown.remove(self.details)
        if hindsight is not None:
            self.hindsight_line.setText(hindsight)
            shown.append(self.hindsight_line)
        elif offer_hindsight:
            shown.append(self.hindsight_button)
        if note:
            self.note.setText(note)
            shown.append(self.note)
        self._only(shown)
        self._say()

    def show_message(self, text: str) -> None:
        """Something went wrong: said, with Close."""
        self.headline.setText(text)
        self._only((self.headline,))
        self._say()
