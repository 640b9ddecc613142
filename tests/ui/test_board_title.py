"""The result board's title is read whole however long it is: a shared win of eight
long names wraps instead of being cut at the board's edges."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from cardtable.ui.panels import BoardPanel

NAMES = ("Konstantinopolis", "Вильгельмина Ивановна", "Bartholomew King",
         "Александра-Мария", "Maximiliano Rodríguez", "Евлампия Петрова",
         "Серафима Звонарёва", "Christopher Robin")
HOSTS: list[QWidget] = []
TITLE = "The game is over — shared win: " + ", ".join(NAMES)


def board_with(qtbot: Any, title: str, wrap: bool = True) -> BoardPanel:
    host = QWidget()
    host.resize(1024, 700)
    qtbot.addWidget(host)
    board = BoardPanel(host)
    HOSTS.append(host)  # the board lives as long as its parent
    board.set_content(title, "", None, [("Close", board.hide)])
    board.title.setWordWrap(wrap)
    board.resize(717, 560)
    host.show()
    qtbot.waitExposed(host)
    return board


def whole(board: BoardPanel) -> bool:
    """Whether every line of the title fits the label's width and its height holds
    all of them."""
    label = board.title
    metrics = label.fontMetrics()
    if not label.wordWrap():
        return metrics.horizontalAdvance(label.text()) <= label.width()
    return label.height() >= label.heightForWidth(label.width()) > 0


def test_a_long_title_wraps_and_is_read_whole(qtbot: Any) -> None:
    board = board_with(qtbot, TITLE)
    assert whole(board)
    assert board.title.height() > board.title.fontMetrics().height() * 1.5  # two lines


def test_a_title_that_does_not_wrap_is_cut(qtbot: Any) -> None:
    """The deliberate bad case: the title as it was is caught."""
    assert not whole(board_with(qtbot, TITLE, wrap=False))
