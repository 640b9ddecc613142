"""The decision Watch again stands on, as the review judged it: the choice made and the
better one with their estimates, a sentence why, "Take over from here" to try the
better line — and, apart and labelled, what hindsight (every card known) says."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from cardtable.engine.game import View
from cardtable.ui.games import review_words as words
from cardtable.ui.games.review_words import ReviewWords
from cardtable.ui.texts import fill

if TYPE_CHECKING:
    from cardtable.ai.review import Decision


class DecisionPanel(QFrame):
    """What the review says of one decision (hidden when Watch again stands on none)."""

    takeOver = Signal(int)
    """Take over at the decision's position (before its action)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("decisionpanel")
        self.position = -1
        """The decision's position shown (−1: none)."""
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 4, 8, 4)
        column.setSpacing(2)
        head = QHBoxLayout()
        self.title = QLabel(self)
        self.title.setObjectName("title")
        head.addWidget(self.title, 1)
        self.take_over = QPushButton(self)
        self.take_over.clicked.connect(lambda: self.takeOver.emit(self.position))
        head.addWidget(self.take_over)
        column.addLayout(head)
        self.chosen = QLabel(self)
        self.better = QLabel(self)
        self.why = QLabel(self)
        for label in (self.chosen, self.better, self.why):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            column.addWidget(label)
        self.hindsight = QFrame(self)
        self.hindsight.setObjectName("hindsight")
        inner = QVBoxLayout(self.hindsight)
        inner.setContentsMargins(6, 2, 6, 2)
        self.hindsight_title = QLabel(self.hindsight)
        self.hindsight_title.setObjectName("title")
        self.hindsight_text = QLabel(self.hindsight)
        self.hindsight_text.setWordWrap(True)
        inner.addWidget(self.hindsight_title)
        inner.addWidget(self.hindsight_text)
        column.addWidget(self.hindsight)
        self.name_controls()

    def name_controls(self) -> None:
        self.take_over.setText(QCoreApplication.translate("ReplayBar", "Take over from here"))
        self.take_over.setToolTip(ReviewWords.tr(
            "Play on from this decision yourself and try the better choice"))
        self.hindsight_title.setText(ReviewWords.tr(
            "Hindsight — every card known (not part of the marks)"))

    def show_nothing(self) -> None:
        """No reviewed decision here: say how to reach one (the panel keeps its place,
        so the table does not jump at every step)."""
        self.position = -1
        self.title.setText(ReviewWords.tr("No decision of the reviewed seat here"))
        self.chosen.setText(ReviewWords.tr("Click a line of the list, or press N and P, to "
                                           "go to a marked decision."))
        for label in (self.better, self.why):
            label.setText("")
        self.hindsight.hide()
        self.take_over.setEnabled(False)
        self.setAccessibleName(self.title.text())
        self.setAccessibleDescription(self.chosen.text())

    def show_decision(self, presenter: Any, view: View, decision: Decision,
                      name: str | None, hindsight: Decision | None,
                      can_take_over: bool) -> None:
        """Say what the review found at ``decision`` (``view``: the reviewed seat's view
        then; ``name``: its name, None for the person here; ``hindsight``: the same
        decision judged with every card known, if that was asked)."""
        self.position = decision.position
        where = words.where_words(presenter, decision)
        if decision.mark is not None:
            title = fill(ReviewWords.tr("%1 — %2: %3 points lost"), where,
                               words.mark_name(decision.mark), words.points(decision.cost))
        else:
            title = where
        self.title.setText(title)
        self.chosen.setText(words.chosen_line(presenter, view, decision))
        differs = decision.best != decision.chosen
        self.better.setText(words.better_line(presenter, view, decision) if differs else "")
        self.better.setVisible(differs)
        self.why.setText(words.why_sentence(presenter, view, decision, name))
        self.hindsight.setVisible(hindsight is not None)
        if hindsight is not None:
            self.hindsight_text.setText(words.hindsight_sentence(presenter, view, hindsight))
        self.take_over.setEnabled(can_take_over)
        self.setAccessibleName(title)
        self.setAccessibleDescription(" ".join(
            label.text() for label in (self.chosen, self.better, self.why,
                                       self.hindsight_title, self.hindsight_text)
            if label.isVisibleTo(self) and label.text()))
