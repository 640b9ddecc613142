"""The whole game by keys alone: every key goes to whatever holds the focus, as a
person's keyboard would, and the focus is never lost — on a panel it stays on one of
its buttons, Enter and Space press it, the arrows move between its buttons; in the
hand ← → pick a card and Enter plays it; "Next deal" and the hand-over by Enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from cardtable.engine.actions import Action, Play
from cardtable.ui.window.main_window import MainWindow
from cardtable.ui.window.table_flow import HANDOVER_KEYS_MS
from ui.gui_driver import (
    BOARD,
    HANDOVER,
    Person,
    button_for,
    game_over,
    game_settings,
    open_window,
    wait_for_table,
)


def keyboard_window(qtbot: Any, tmp_path: Path) -> MainWindow:
    """The window, active (so that it has a focus widget, as on a desktop)."""
    win = open_window(qtbot, tmp_path)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    return win


def focused(win: MainWindow) -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing holds the focus"
    assert widget.window() is win, f"the focus left the window: {widget!r}"
    return widget


def key(win: MainWindow, which: Qt.Key) -> None:
    """A key press, to whatever holds the focus now."""
    QTest.keyClick(focused(win), which)


def press_enter_on_panel(win: MainWindow, buttons: list[QPushButton], target: QPushButton,
                         columns: int) -> None:
    """Walk the focus to ``target`` with the arrows, checking it never leaves the
    panel's buttons, then press Enter."""
    for _ in range(4 * len(buttons)):
        now = focused(win)
        assert now in buttons, f"the focus is on {now!r}, not on the panel"
        if now is target:
            key(win, Qt.Key.Key_Return)
            return
        here, there = buttons.index(now), buttons.index(target)
        if there // columns != here // columns:
            key(win, Qt.Key.Key_Down if there > here else Qt.Key.Key_Up)
        else:
            key(win, Qt.Key.Key_Right if there > here else Qt.Key.Key_Left)
    raise AssertionError(f"the arrows never reached {target.text()!r}")


def play_card_by_keys(win: MainWindow, action: Action) -> None:
    scene = win.scene
    assert focused(win) is win.table, "the table does not hold the focus for a card"
    hand = scene.hands[scene.viewer]
    target = next(i for i, item in enumerate(hand) if item.card == action.card)  # type: ignore[attr-defined]
    for _ in range(2 * len(hand) + 2):
        if scene.selected == target:
            key(win, Qt.Key.Key_Return)
            return
        key(win, Qt.Key.Key_Right)
    raise AssertionError("← → never reached the card")


def play_by_keys(win: MainWindow, qtbot: Any, person: Person, max_steps: int = 3000,
                 until: Any = None) -> int:
    """Play on by keys until the game is over (or ``until()``); returns the decisions."""
    decisions = 0
    for _ in range(max_steps):
        what = wait_for_table(win, qtbot)
        if game_over(win) or (until is not None and until()):
            return decisions
        if what == BOARD:
            key(win, Qt.Key.Key_Return)  # by habit, at once: the board takes no key yet
            assert win.board.isVisible()
            qtbot.waitUntil(lambda: win.board.takes_keys, timeout=5000)
            assert focused(win) is win.board.buttons[0]
            key(win, Qt.Key.Key_Down)  # an arrow must not take the focus away
            assert focused(win) is win.board.buttons[0]
            key(win, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: not win.board.isVisible(), timeout=3000)
            continue
        if what == HANDOVER:
            qtbot.wait(HANDOVER_KEYS_MS + 100)
            key(win, Qt.Key.Key_Return)
            continue
        view = win.scene.turn_view
        action = person.decide(view)
        before = win.controller.match.step_count
        if type(action) is Play:
            play_card_by_keys(win, action)
        else:
            panel = win.choice
            press_enter_on_panel(win, panel.buttons, button_for(win, action),
                                 panel.keys.columns)
        qtbot.waitUntil(lambda b=before: win.controller.match.step_count > b, timeout=3000)
        match = win.controller.match
        assert any(a == action for _, a in match.deals[-1].actions[-3:]) \
            or any(a == action for _, a in match.deals[-2].actions[-3:]), action
        decisions += 1
    raise AssertionError("the game did not end")


def test_a_whole_short_king_game_by_keys_alone(qtbot: Any, tmp_path: Path) -> None:
    win = keyboard_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0], players=3, length="short"), seed=5)
    decisions = play_by_keys(win, qtbot, Person("king", 3))
    state = win.controller.state
    assert state.is_over and decisions >= state.deal_index * 5
    # the final board answers the keys too, after its first moments: Enter plays again
    key(win, Qt.Key.Key_Return)  # a stray Enter for the last card starts nothing
    assert win.board.isVisible() and win.controller.state.is_over
    qtbot.waitUntil(lambda: win.board.takes_keys, timeout=5000)
    assert focused(win) is win.board.buttons[0]
    key(win, Qt.Key.Key_Right)
    assert focused(win) is win.board.buttons[1]
    key(win, Qt.Key.Key_Left)
    key(win, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not win.controller.state.is_over, timeout=3000)


def test_a_clubs_deal_by_keys_alone(qtbot: Any, tmp_path: Path) -> None:
    win = keyboard_window(qtbot, tmp_path)
    win.start_game(game_settings("clubs", [0], players=4), seed=6)
    play_by_keys(win, qtbot, Person("clubs", 4), until=lambda: win.board.isVisible())
    assert win.controller.state.deal_index == 1


def test_pass_and_play_hands_over_by_keys_after_a_moment(qtbot: Any, tmp_path: Path) -> None:
    win = keyboard_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0, 1], players=3), seed=7)
    assert wait_for_table(win, qtbot) == HANDOVER
    # at once, Enter (a key still down from the move before) shows nobody's cards
    QTest.keyClick(win.table, Qt.Key.Key_Return)
    QTest.keyClick(win.handover, Qt.Key.Key_Return)
    assert win.handover.isVisible() and win.scene.turn_view is None
    qtbot.wait(HANDOVER_KEYS_MS + 100)
    assert focused(win) is win.handover.buttons[0]
    key(win, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.scene.turn_view is not None, timeout=3000)
    played = play_by_keys(win, qtbot, Person("king", 5),
                          until=lambda: win.controller.state.deal_index >= 1
                          and win.board.isVisible())
    assert played > 3
