"""Screen readers: walking the accessible tree of the window and of each dialog,
every control a person can reach has a name; the table says in words what it holds
(the hand, the trick, the seats) and announces what happens — a card played, a trick
taken, whose turn it is, a deal's score."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QIcon, QPixmap
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QVBoxLayout, QWidget

from cardtable.engine.actions import Play
from cardtable.ui import texts
from cardtable.ui.dialogs.new_game import SettingsDialog
from cardtable.ui.dialogs.preferences import PreferencesDialog
from cardtable.ui.prefs import TablePrefs
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import Person, game_settings, open_window, perform, wait_for_table


def tree(node: QAccessibleInterface | None) -> Iterator[QAccessibleInterface]:
    """Every interface under ``node``, depth first."""
    if node is None or not node.isValid():
        return
    yield node
    for i in range(node.childCount()):
        yield from tree(node.child(i))


def unnamed_controls(widget: QWidget) -> list[str]:
    """The controls under ``widget`` a person can reach (focusable, visible, enabled)
    that a screen reader would find without a name."""
    missing = []
    for node in tree(QAccessible.queryAccessibleInterface(widget)):
        obj = node.object()
        if not isinstance(obj, QWidget) or not obj.isVisible() or not obj.isEnabled():
            continue
        if obj.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        if not node.text(QAccessible.Text.Name).strip():
            missing.append(f"{type(obj).__name__} {obj.objectName()!r}")
    return missing


def test_the_check_finds_a_control_without_a_name(qtbot: Any) -> None:
    """The deliberate bad case: an icon button with no text and no accessible name."""
    holder = QDialog()
    qtbot.addWidget(holder)
    pixmap = QPixmap(16, 16)
    pixmap.fill(Qt.GlobalColor.red)
    bare = QPushButton(QIcon(pixmap), "", holder)
    bare.setObjectName("bare")
    QVBoxLayout(holder).addWidget(bare)
    holder.show()
    assert unnamed_controls(holder) == ["QPushButton 'bare'"]
    bare.setAccessibleName("Red")
    assert unnamed_controls(holder) == []


def test_the_table_says_what_it_holds_and_what_happens(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0], players=4), seed=3)
    wait_for_table(win, qtbot)
    nodes = list(tree(QAccessible.queryAccessibleInterface(win)))
    table = next(n for n in nodes if n.object() is win.table)
    assert table.text(QAccessible.Text.Name) == "Card table"
    description = table.text(QAccessible.Text.Description)
    hand = win.controller.view_of_mover().hand
    assert description.startswith("Your cards: " + ", ".join(texts.card_words(c) for c in hand))
    assert "Бот 1 has 8 cards" in description
    assert unnamed_controls(win) == []
    said = win.announcer.said
    assert said[-1] == "Your turn: play a card"
    # the arrows name the card they pick
    win.table.setFocus()
    qtbot.keyClick(win.table, Qt.Key.Key_Right)
    picked = win.scene.hands[win.scene.viewer][win.scene.selected].card
    assert said[-1] == texts.card_words(picked)
    action = Person("king", 1).decide(win.scene.turn_view)
    assert type(action) is Play
    perform(win, action)
    wait_for_table(win, qtbot)
    assert f"You: {texts.card_words(action.card)}" in said
    assert any(line.startswith("Бот ") and ": " in line for line in said)  # their cards
    qtbot.waitUntil(lambda: any(line.endswith("takes the trick")
                                or line == "You take the trick" for line in said),
                    timeout=10000)


def test_panels_and_boards_are_named(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("clubs", [0], players=3), seed=2)
    person = Person("clubs", 2)
    while not win.choice.isVisible():
        if wait_for_table(win, qtbot) == "turn" and not win.choice.isVisible():
            perform(win, person.decide(win.scene.turn_view))
    panel = QAccessible.queryAccessibleInterface(win.choice)
    assert panel.text(QAccessible.Text.Name) == win.choice.title.text()
    assert unnamed_controls(win) == []
    assert win.announcer.said[-1].startswith("Your turn: ")
    while wait_for_table(win, qtbot) != "board":
        perform(win, person.decide(win.scene.turn_view))
    board = QAccessible.queryAccessibleInterface(win.board)
    assert board.text(QAccessible.Text.Name) == win.board.title.text()
    assert win.announcer.said[-1].startswith(win.board.title.text())
    assert unnamed_controls(win) == []


def test_every_dialog_names_its_controls(qtbot: Any, window: MainWindow) -> None:
    settings = SettingsDialog(window.settings, ["king", "clubs", "metamorphosis"], window)
    preferences = PreferencesDialog(TablePrefs(), parent=window)
    for dialog in (settings, preferences):
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        assert unnamed_controls(dialog) == [], type(dialog).__name__
