"""Games that move on and small things that flow: the next deal and the only card by
themselves (Settings), a result that takes no key for its first moment, Esc on the
board, Enter with no card picked, a fair restart in pass-and-play, the window's place
remembered, the auction's buttons of one width."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from cardtable.engine.actions import Play
from cardtable.engine.match import ActStep
from cardtable.ui.dialogs.preferences import PreferencesDialog
from cardtable.ui.panels import Choice, ChoicePanel
from cardtable.ui.prefs import TablePrefs, load_prefs, save_prefs
from cardtable.ui.settings import GameSettings
from cardtable.ui.window.main_window import GEOMETRY_KEY, MainWindow
from cardtable.ui.window.place import fitted
from ui.gui_driver import open_window, seats_for


def instant(win: MainWindow, **changes: Any) -> None:
    win.apply_prefs(dataclasses.replace(win.prefs, pace="instant", **changes))


def wait_turn_or_board(win: MainWindow, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: (win.scene.turn_view is not None and not win.scene.busy)
                    or win.board.isVisible(), timeout=30000)


def to_first_board(win: MainWindow, qtbot: Any, seed: int = 1) -> None:
    rng = random.Random(seed)
    while True:
        wait_turn_or_board(win, qtbot)
        if win.board.isVisible():
            return
        win.controller.submit(rng.choice(list(win.scene.turn_view.legal)))


def clubs(humans: list[int], n: int = 4) -> GameSettings:
    return GameSettings("clubs", {"players": n, "deals": 5}, seats_for(n, humans))


# --- settings ------------------------------------------------------------------------------


def test_new_settings_are_kept_and_bad_ones_fall_back(tmp_path: Path, qapp: Any) -> None:
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert load_prefs(qs).next_deal == "alone" and not load_prefs(qs).play_only_card
    chosen = dataclasses.replace(TablePrefs(), next_deal="timed", next_deal_s=7,
                                 play_only_card=True)
    save_prefs(qs, chosen)
    assert load_prefs(qs) == chosen
    qs.setValue("table/next_deal", "sometimes")
    qs.setValue("table/next_deal_seconds", "9999")
    back = load_prefs(qs)
    assert (back.next_deal, back.next_deal_s) == ("alone", 5)


def test_the_dialog_gives_the_new_settings(qtbot: Any) -> None:
    dialog = PreferencesDialog(TablePrefs())
    qtbot.addWidget(dialog)
    assert not dialog.next_deal_s.isEnabled()  # the pause only for "after a pause"
    dialog.next_deal.setCurrentIndex(dialog.next_deal.findData("timed"))
    assert dialog.next_deal_s.isEnabled()
    dialog.next_deal_s.setValue(3)
    dialog.play_only_card.setChecked(True)
    got = dialog.result_prefs()
    assert (got.next_deal, got.next_deal_s, got.play_only_card) == ("timed", 3, True)


def test_the_next_deal_after_a_pause(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    instant(win, next_deal="timed", next_deal_s=2)
    win.start_game(clubs([0]), seed=3)
    to_first_board(win, qtbot)
    assert win.controller.state.deal_index == 1
    assert win.flow._next_deal_timer.isActive() and win.flow._next_deal_timer.interval() == 2000
    qtbot.waitUntil(lambda: not win.board.isVisible(), timeout=15000)
    assert win.controller.state.deal_index == 1 and not win.controller.state.needs_deal


def test_the_only_legal_card_goes_by_itself(qtbot: Any, tmp_path: Path) -> None:
    """With the setting on, the person's turns with one legal card are played without
    them; with it off (the deliberate bad case) none is.  The deal is played to its
    end by the test wherever the table waits; afterwards the game's history tells
    which of the person's cards the test did not play."""
    for on in (True, False):
        win = open_window(qtbot, tmp_path / str(on))
        instant(win, play_only_card=on)
        win.start_game(GameSettings("king", {"players": 4, "length": "short"},
                                    seats_for(4, [0])), seed=8)
        rng = random.Random(1)
        submitted: set[int] = set()
        """The steps the test took (by their index in the game's history)."""
        for _ in range(80):
            wait_turn_or_board(win, qtbot)
            if win.board.isVisible():
                break
            view = win.scene.turn_view
            steps = win.controller.match.step_count
            if on and len(view.legal) == 1 and type(view.legal[0]) is Play:
                # the table plays it (unless it already has): not the test
                qtbot.waitUntil(lambda s=steps, w=win: w.controller.match.step_count > s,
                                timeout=10_000)
                continue
            submitted.add(steps)
            win.controller.submit(rng.choice(list(view.legal)))
        assert win.board.isVisible(), "the deal did not end"
        history = win.controller.match.steps()
        by_itself = [i for i, step in enumerate(history)
                     if type(step) is ActStep and step.seat == 0 and i not in submitted]
        only = [i for i in by_itself
                if len(win.controller.match.prefix(i).state.view(0).legal) == 1]
        assert only == by_itself  # nothing but a single legal card is ever played for one
        assert bool(by_itself) is on
        win.close()


# --- the result screen ---------------------------------------------------------------------


def test_the_deal_board_takes_no_key_at_first_then_enter_and_esc(qtbot: Any,
                                                                tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    instant(win)
    win.start_game(clubs([0]), seed=3)
    to_first_board(win, qtbot)
    assert not any(b.isDefault() or b.hasFocus() for b in win.board.buttons)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Space, Qt.Key.Key_Escape):
        QTest.keyClick(QGuiApplication.focusObject() or win.table, key)
    assert win.board.isVisible() and win.controller.state.needs_deal
    qtbot.waitUntil(lambda: win.board.takes_keys, timeout=5000)
    assert win.board.buttons[0].isDefault() and win.board.buttons[0].hasFocus()
    QTest.keyClick(win.board.buttons[0], Qt.Key.Key_Escape)  # Esc: as "Next deal"
    qtbot.waitUntil(lambda: not win.board.isVisible(), timeout=5000)
    assert win.controller.state.deal_index == 1 and not win.controller.state.needs_deal


def test_the_board_takes_keys_at_once_without_the_guard(qtbot: Any, tmp_path: Path) -> None:
    """The deliberate bad case: a board that takes keys at once acts on Enter."""
    win = open_window(qtbot, tmp_path)
    pressed: list[int] = []
    win.board.set_content("t", "", None, [("go", lambda: pressed.append(1))], 15,
                          keys_after_ms=0)
    QTest.keyClick(win.board.buttons[0], Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: pressed == [1], timeout=3000)


def test_esc_on_the_table_closes_the_board(qtbot: Any, tmp_path: Path) -> None:
    """Esc with the focus on the table (a click on the cloth) works too."""
    win = open_window(qtbot, tmp_path)
    instant(win)
    win.start_game(clubs([0]), seed=3)
    to_first_board(win, qtbot)
    qtbot.waitUntil(lambda: win.board.takes_keys, timeout=5000)
    win.table.setFocus()
    QTest.keyClick(win.table, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not win.board.isVisible(), timeout=5000)


# --- Enter with no card picked ----------------------------------------------------------------


def test_enter_without_a_card(qtbot: Any, tmp_path: Path) -> None:
    """Several cards: Enter says what to do and plays nothing; after a hint, Enter
    plays the hinted card."""
    win = open_window(qtbot, tmp_path)
    instant(win)
    win.start_game(GameSettings("king", {"players": 4, "length": "short"},
                                seats_for(4, [0])), seed=8)
    rng = random.Random(2)
    while True:
        wait_turn_or_board(win, qtbot)
        legal = [a for a in win.scene.turn_view.legal if type(a) is Play]
        if len(legal) > 1:
            break
        win.controller.submit(rng.choice(list(win.scene.turn_view.legal)))
    steps = win.controller.match.step_count
    win.table.setFocus()
    QTest.keyClick(win.table, Qt.Key.Key_Return)
    assert win.controller.match.step_count == steps
    assert win.status_label.text() == win.tr(
        "Pick a card with ← → and press Enter, click it, or press H for a hint.")
    assert win.scene.suggest(legal[-1].card)
    win.scene.selected = None  # the arrows moved away: the hint still counts
    QTest.keyClick(win.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.controller.match.step_count > steps, timeout=5000)
    assert win.controller.match.steps()[steps].action == legal[-1]


# --- restart in pass-and-play -------------------------------------------------------------------


def test_restart_in_pass_and_play_follows_undo(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    instant(win)
    win.start_game(clubs([0, 1]), seed=4)
    c = win.controller
    rng = random.Random(3)
    while c.moves_in_deal() < 2:
        qtbot.waitUntil(lambda: win.handover.isVisible() or (
            win.scene.turn_view is not None and not win.scene.busy), timeout=30000)
        if win.handover.isVisible():
            win.flow._taken_over(c.state.to_move)
            continue
        c.submit(rng.choice(list(win.scene.turn_view.legal)))
    steps = c.match.step_count
    assert not win.menus.restart_action.isEnabled()
    win.restart_deal()
    assert c.match.step_count == steps  # off: nothing taken back
    assert "off" in win.status_label.text()
    instant(win, shared_undo=True)
    assert win.menus.restart_action.isEnabled()
    asked: list[str] = []

    def answer(reply: QMessageBox.StandardButton) -> Any:
        def ask(box: QMessageBox) -> int:
            asked.append(box.objectName())
            return int(reply.value) if hasattr(reply, "value") else int(reply)
        return ask

    win._ask = answer(QMessageBox.StandardButton.Cancel)  # type: ignore[method-assign]
    win.restart_deal()
    assert asked == ["restartDeal"] and c.match.step_count == steps
    win._ask = answer(QMessageBox.StandardButton.Yes)  # type: ignore[method-assign]
    win.restart_deal()
    assert asked == ["restartDeal"] * 2 and c.moves_in_deal() == 0


# --- the window's place ---------------------------------------------------------------------------


def test_fitted_brings_a_window_onto_the_screen() -> None:
    area = QRect(0, 0, 1024, 700)
    assert fitted(QRect(100, 50, 800, 600), area) == QRect(100, 50, 800, 600)
    assert fitted(QRect(3000, 2000, 800, 600), area) == QRect(224, 100, 800, 600)
    assert fitted(QRect(-500, -40, 2400, 1400), area) == QRect(0, 0, 1024, 700)


def test_the_window_comes_back_where_it_was(qtbot: Any, tmp_path: Path) -> None:
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    area = QGuiApplication.primaryScreen().availableGeometry()
    first = MainWindow(qsettings=qs, start=False)
    qtbot.addWidget(first)
    fresh = first.geometry()
    first.setGeometry(area.left() + 7, area.top() + 23, first.minimumWidth(),
                      first.minimumHeight())
    first.show()
    qtbot.waitExposed(first)
    placed = first.geometry()
    assert placed != fresh
    first.close()
    assert qs.value(GEOMETRY_KEY) is not None
    second = MainWindow(qsettings=qs, start=False)
    qtbot.addWidget(second)
    # the screen here is the window's least size wide: Qt may nudge the place by the
    # frame, never the size
    assert second.size() == placed.size() != fresh.size()
    assert abs(second.geometry().top() - placed.top()) <= 30
    huge = MainWindow(qsettings=qs, start=False)
    qtbot.addWidget(huge)
    huge.resize(area.width() + 900, area.height() + 900)
    huge.close()
    third = MainWindow(qsettings=qs, start=False)
    qtbot.addWidget(third)
    assert third.frameGeometry().width() <= area.width()
    assert third.frameGeometry().height() <= area.height()


# --- the auction's buttons ------------------------------------------------------------------------


def test_the_auction_buttons_are_of_one_width(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    instant(win)
    win.start_game(clubs([0], n=6), seed=5)
    qtbot.waitUntil(lambda: win.choice.isVisible() and len(win.choice.buttons) > 5,
                    timeout=30000)
    widths = {b.width() for b in win.choice.buttons}
    assert len(widths) == 1, widths
    # the deliberate bad case: without evening out, the labels give uneven widths
    panel = ChoicePanel(win.table.viewport())
    panel._even_widths = lambda: None  # type: ignore[method-assign]
    panel.show_choices("t", "", [Choice(str(k), k) for k in range(12)]
                       + [Choice("Pass, pass", -1)], 4)
    assert len({b.sizeHint().width() for b in panel.buttons}) > 1
    QTest.qWait(1)
    assert len({b.width() for b in panel.buttons}) > 1


def test_new_choices_leave_no_old_buttons_on_the_panel(qtbot: Any) -> None:
    """The buttons of the previous choice vanish with it, not only when the event loop
    deletes them: a frame painted before that would show two rows over each other."""
    from PySide6.QtWidgets import QPushButton, QWidget

    def old_ones_shown(keep_old_shown: bool) -> list[str]:
        host = QWidget()
        qtbot.addWidget(host)
        host.resize(800, 600)
        host.show()
        panel = ChoicePanel(host)
        panel.show_choices("t", "", [Choice(n, n) for n in ("two", "three", "four")], 3)
        QTest.qWait(1)
        if keep_old_shown:  # the deliberate bad case: old buttons left to deleteLater
            for button in panel.buttons:
                button.hide = lambda: None  # type: ignore[method-assign]
        panel.show_choices("t", "", [Choice(n, n) for n in ("two", "four")], 2)
        return [b.text() for b in panel.findChildren(QPushButton)
                if b.isVisible() and b not in panel.buttons]

    assert old_ones_shown(keep_old_shown=False) == []
    assert old_ones_shown(keep_old_shown=True) == ["two", "three", "four"]
