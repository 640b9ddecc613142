"""Keeping games, through the window: Save as and Open (a refused file changes
nothing), recent files, a file named on the command line, asking before a game in
progress is closed, undo and redo from the keyboard, and watching a game again with
every hand face up — stepping, jumping, the score sheet following, taking over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.ui.controller import Waiting
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import (
    Answers,
    Person,
    game_settings,
    open_window,
    perform,
    play_moves,
    wait_for_table,
)

BUTTONS = QMessageBox.StandardButton


def choose_files(win: MainWindow, *paths: Path) -> list[tuple[bool, str]]:
    """The file dialogs answer with ``paths`` in turn; returns what each was asked."""
    asked: list[tuple[bool, str]] = []
    queue = list(paths)

    def choose(saving: bool, suggested: str) -> str:
        asked.append((saving, suggested))
        return str(queue.pop(0)) if queue else ""

    win._choose_file = choose  # type: ignore[method-assign]
    return asked


def start_king(win: MainWindow, qtbot: Any, moves: int, seed: int = 3) -> None:
    """A Кинг game against three computers, ``moves`` of the person's made by clicks."""
    win.start_game(game_settings("king", [0], players=4), seed=seed)
    play_moves(win, qtbot, Person("king", 1), moves)


def test_save_as_then_open_plays_on_where_it_stopped(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 5)
    saved_steps = win.controller.match.steps()
    asked = choose_files(win, tmp_path / "my game")
    win.menus.save_action.trigger()
    assert asked[0][0] is True and asked[0][1].endswith(".cardtable.json")
    saved = tmp_path / "my game.cardtable.json"  # a name typed without a suffix gets it
    assert record.load_file(saved).steps() == saved_steps
    assert "Saved as" in win.status_label.text()

    answers = Answers(win, BUTTONS.Discard)
    win.start_game(game_settings("clubs", [0], players=3), seed=9)
    assert win.game == "clubs"
    assert win.open_path(saved)
    assert answers.names == []  # no person had played in the Трефы game yet
    qtbot.waitUntil(lambda: win.controller.waiting == Waiting.HUMAN and not win.scene.busy)
    assert win.game == "king"
    assert win.controller.match.steps() == saved_steps
    perform(win, Person("king", 2).decide(win.scene.turn_view))
    assert win.controller.match.step_count > len(saved_steps)
    assert win.recent.paths()[0] == saved.absolute()


def test_a_refused_file_is_said_and_changes_nothing(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 3)
    before = win.controller.match.steps()
    good = tmp_path / "good.cardtable.json"
    record.save(win.controller.match, good)
    data = json.loads(good.read_text(encoding="utf-8"))
    data["deals"][0]["actions"][2]["card"] = data["deals"][0]["actions"][0]["card"]
    illegal = tmp_path / "illegal.cardtable.json"
    illegal.write_text(json.dumps(data), encoding="utf-8")
    garbage = tmp_path / "garbage.cardtable.json"
    garbage.write_bytes(bytes(range(256)))
    newer = tmp_path / "newer.cardtable.json"
    newer.write_text(json.dumps({**data, "version": record.VERSION + 1}), encoding="utf-8")
    contents = {p: p.read_bytes() for p in (illegal, garbage, newer)}
    answers = Answers(win)
    for path in contents:
        assert not win.open_path(path)
    assert not win.open_path(tmp_path / "missing.cardtable.json")
    assert answers.names == ["cannotOpen"] * 4
    illegal_text, garbage_text, newer_text, missing_text = (b.text() for b in answers.boxes)
    assert "“illegal.cardtable.json” cannot be opened: a move in it breaks the rules" \
        in illegal_text
    assert "deal 1, move 3" in illegal_text
    assert answers.boxes[0].detailedText()  # the rule itself, behind "Show details"
    assert "damaged or is not a CardTable game" in garbage_text
    assert "newer version of CardTable" in newer_text
    assert "could not be read" in missing_text
    assert all("the game on the table goes on" in b.text() for b in answers.boxes)
    for path, content in contents.items():
        assert path.read_bytes() == content  # never changed
    assert win.controller.match.steps() == before  # the game on the table is untouched
    assert win.controller.waiting == Waiting.HUMAN


def test_closing_a_game_in_progress_asks_first(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 2)
    match = win.controller.match
    answers = Answers(win, BUTTONS.Cancel, BUTTONS.Save, BUTTONS.Discard)
    win.play_again()  # Cancel: the game stays
    assert win.controller.match is match and answers.names == ["leaveGame"]
    asked = choose_files(win)  # Save, then the save dialog is cancelled: the game stays
    win.play_again()
    assert win.controller.match is match and asked and asked[0][0] is True
    win.play_again()  # Discard
    assert win.controller.match is not match
    assert answers.names == ["leaveGame"] * 3
    # a game nobody has played in goes without a question
    win.play_again()
    assert len(answers.boxes) == 3


def test_recent_files_and_a_file_gone_missing(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 1)
    first, second = tmp_path / "a.cardtable.json", tmp_path / "b.cardtable.json"
    assert win.save_to(first) and win.save_to(second)
    win.menus.recent_menu.aboutToShow.emit()
    labels = [a.text() for a in win.menus.recent_menu.actions() if a.text()]
    assert labels[:2] == ["&1 b.cardtable.json", "&2 a.cardtable.json"]
    second.unlink()
    Answers(win)
    assert not win.open_path(second)
    assert win.recent.paths() == [first.absolute()]


def test_a_file_named_on_the_command_line_is_opened(qtbot: Any, tmp_path: Path) -> None:
    match = Match.start("metamorphosis", {"players": 2},
                        [Seat("Аня", "human", None), Seat("Бот", "computer", "easy")], seed=5)
    match.deal(match.next_layout())
    path = tmp_path / "started.cardtable.json"
    record.save(match, path)
    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, autosave=tmp_path / "autosave.json", open_file=path)
    qtbot.addWidget(win)
    win.set_pace("instant")
    win.show()
    qtbot.waitUntil(lambda: win.game == "metamorphosis" and not win.scene.busy,
                    timeout=10000)
    assert win.controller.match.deals[0].layout == match.deals[0].layout


def test_undo_and_redo_from_the_keyboard(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 4)
    before = win.controller.match.steps()
    assert win.menus.undo_action.isEnabled() and not win.menus.redo_action.isEnabled()
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: win.controller.waiting == Waiting.HUMAN and not win.scene.busy)
    after = win.controller.match.steps()
    assert len(after) < len(before) and before[:len(after)] == after
    assert win.scene.turn_view is not None  # the person decides again, on the table
    assert win.menus.redo_action.isEnabled()
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: win.controller.waiting == Waiting.HUMAN and not win.scene.busy)
    assert win.controller.match.steps() == before


def test_watching_again_shows_every_hand_and_follows_the_keys(qtbot: Any,
                                                              tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 10)
    steps = win.controller.match.steps()
    assert win.menus.replay_action.isEnabled()
    win.menus.replay_action.trigger()
    session = win.replay
    assert session is not None and win.replay_bar.isVisible()
    assert not win.menus.undo_action.isEnabled()
    start = session.position
    # every hand face up: the others' too
    for seat, hand in enumerate(win.scene.hands):
        assert hand and all(item.face_up and item.card is not None for item in hand), seat
    assert sorted(c for h in win.scene.hands for c in (i.card for i in h)) == sorted(
        c for seat in range(4) for c in session.timeline.state.view(seat).hand)
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_Right)
    assert session.position == start + 1
    qtbot.waitUntil(lambda: not win.scene.busy)
    assert len(win.scene.trick) == 1
    qtbot.keyClick(win, Qt.Key.Key_Left)
    assert session.position == start and len(win.scene.trick) == 0
    qtbot.keyClick(win, Qt.Key.Key_PageDown)
    assert session.timeline.deal_of(session.position) == 1
    assert win.replay_bar.deal.currentText() == "Deal 2"
    win.menus.sheet_action.trigger()
    sheet = win.sheets.dialog
    assert sheet is not None and sheet.isVisible()
    scored = [r for r in sheet.sheet.data.rows if r.scores is not None]
    qtbot.keyClick(win, Qt.Key.Key_PageUp)
    assert session.timeline.deal_of(session.position) == 0
    assert len([r for r in sheet.sheet.data.rows if r.scores is not None]) < len(scored)
    sheet.close()
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert win.replay is None and not win.replay_bar.isVisible()
    qtbot.waitUntil(lambda: win.controller.waiting == Waiting.HUMAN and not win.scene.busy)
    assert win.controller.match.steps() == steps  # the game in progress is as it was
    assert win.scene.open_faces is None
    assert all(not item.face_up for seat, hand in enumerate(win.scene.hands)
               if seat != win.scene.viewer for item in hand)


def test_playing_a_replay_at_a_pace_and_taking_over(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    start_king(win, qtbot, 8)
    steps = win.controller.match.steps()
    win.replay_current()
    session = win.replay
    session.bar.speed.setCurrentIndex(session.bar.speed.findData("fast"))
    start = session.position
    session.play()
    qtbot.waitUntil(lambda: session.position >= start + 3, timeout=10000)
    session.pause()
    position = session.position
    qtbot.wait(600)
    assert session.position == position  # paused
    assert session.can_take_over()
    session.bar.take_over.click()
    assert win.replay is None
    qtbot.waitUntil(lambda: win.controller.waiting is not None, timeout=5000)
    match = win.controller.match
    # the game goes on from that position, the rest kept as after an undo
    assert match.steps() == steps[:match.step_count]
    assert match.step_count >= position


def test_a_finished_game_opens_to_be_watched(qtbot: Any, tmp_path: Path) -> None:
    from cardtable.ai import make_player
    from cardtable.tools.simulate import play_out

    seats = [Seat(f"C{i}", "computer", "easy") for i in range(3)]
    match = Match.start("king", {"players": 3, "length": "short"}, seats, seed=2)
    play_out(match, [make_player("king", "easy")] * 3)
    assert match.state.is_over
    path = tmp_path / "done.cardtable.json"
    record.save(match, path)
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0], players=4), seed=1)
    wait_for_table(win, qtbot)
    in_progress = win.controller.match
    answers = Answers(win)
    assert win.open_path(path)
    assert answers.names == []  # the game in progress waits: nothing is closed
    session = win.replay
    assert session is not None and session.position == session.timeline.length
    assert not session.can_take_over() and not session.bar.take_over.isEnabled()
    assert "Game over" not in win.status_label.text()
    session.show(session.timeline.deal_starts[3] + 2)
    assert session.can_take_over()
    session.close()
    assert win.controller.match is in_progress


def test_no_watching_an_unfinished_game_at_a_shared_screen(qtbot: Any,
                                                           tmp_path: Path) -> None:
    win = open_window(qtbot, tmp_path)
    win.start_game(game_settings("king", [0, 1], players=3), seed=4)
    wait_for_table(win, qtbot)
    assert not win.menus.replay_action.isEnabled()
    win.replay_current()
    assert win.replay is None
