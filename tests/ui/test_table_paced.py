"""The table at a real pace — cards flying, tricks sliding to their winners — and the
paths that rebuild it: restarting a deal, resuming a saved game, the score sheet and the
last-trick peek on demand."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.actions import Play
from cardtable.engine.match import Seat
from cardtable.ui.settings import GameSettings
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import show_window


def make_window(qtbot: Any, tmp_path: Path, pace: str) -> MainWindow:
    return show_window(qtbot, tmp_path, pace=pace, size=(1100, 760))


def king(n: int = 4, **options: Any) -> GameSettings:
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, n)]
    return GameSettings("king", {"players": n, **options}, seats)


def wait_turn(win: MainWindow, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: (win.scene.turn_view is not None and not win.scene.busy)
                    or win.board.isVisible(), timeout=30000)


def test_a_deal_at_fast_pace(qtbot: Any, tmp_path: Path) -> None:
    """A whole deal with every animation running (deal, plays, tricks collected): the
    table ends matching the engine, with no card left over."""
    win = make_window(qtbot, tmp_path, "fast")
    win.start_game(king(), seed=2)
    rng = random.Random(4)
    while True:
        wait_turn(win, qtbot)
        if win.board.isVisible():
            break
        legal = [a for a in win.scene.turn_view.legal if type(a) is Play]
        win.controller.submit(rng.choice(legal))
    state = win.controller.state
    assert state.deal_index == 1 and len(state.deal_scores[0]) == 4
    qtbot.waitUntil(lambda: not any(isinstance(i, CardItem) and i.isVisible()
                                    for i in win.scene.items()), timeout=5000)


def test_restart_deal_shows_the_cards_again(qtbot: Any, tmp_path: Path) -> None:
    win = make_window(qtbot, tmp_path, "instant")
    win.start_game(king(), seed=3)
    wait_turn(win, qtbot)
    legal = [a for a in win.scene.turn_view.legal if type(a) is Play]
    win.controller.submit(legal[0])
    wait_turn(win, qtbot)
    win.menus.restart_action.trigger()
    wait_turn(win, qtbot)
    hand = win.scene.hands[win.scene.viewer]
    assert len(hand) == 8 and all(i.face_up for i in hand)
    assert "Deal 1 of 15" in win.rule_label.text()
    for seat in range(1, 4):
        assert len(win.scene.hands[seat]) == win.controller.state.view(0).hand_counts[seat]


def test_a_saved_game_comes_back_on_the_table(qtbot: Any, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path, "instant")
    first.start_game(king(3), seed=5)
    wait_turn(first, qtbot)
    first.controller.submit(next(a for a in first.scene.turn_view.legal if type(a) is Play))
    wait_turn(first, qtbot)
    expected = first.controller.state.view(0)
    first.close()
    again = make_window(qtbot, tmp_path, "instant")
    again.start_first_game()
    wait_turn(again, qtbot)
    view = again.controller.state.view(0)
    assert view.hand == expected.hand and view.trick == expected.trick
    assert sorted(i.card for i in again.scene.hands[0]) == sorted(view.hand)
    assert [(s, i.card) for s, i in again.scene.trick] == list(view.trick)


def test_restart_is_refused_between_deals_and_keeps_the_board(qtbot: Any,
                                                              tmp_path: Path) -> None:
    win = make_window(qtbot, tmp_path, "instant")
    win.start_game(king(), seed=6)
    rng = random.Random(1)
    while True:
        wait_turn(win, qtbot)
        if win.board.isVisible():
            break
        legal = [a for a in win.scene.turn_view.legal if type(a) is Play]
        win.controller.submit(rng.choice(legal))
    win.menus.restart_action.trigger()
    assert win.board.isVisible()
    assert win.controller.waiting == "next_deal"


@pytest.mark.parametrize("when", ["first trick", "later"])
def test_score_sheet_and_last_trick_on_demand(qtbot: Any, tmp_path: Path, when: str) -> None:
    win = make_window(qtbot, tmp_path, "instant")
    win.start_game(king(), seed=7)
    wait_turn(win, qtbot)
    if when == "later":
        for _ in range(5):
            legal = [a for a in win.scene.turn_view.legal if type(a) is Play]
            win.controller.submit(legal[0])
            wait_turn(win, qtbot)
    win.menus.sheet_action.trigger()
    dialog = win.sheets.dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    dialog.close()
    shown = win.scene.show_last_trick(win.controller.view(), "Last trick")
    tricks = win.controller.view().tricks
    assert shown == bool(tricks)
    peek_cards = [i for i in win.scene._peek if isinstance(i, CardItem)]
    if tricks:
        assert sorted(i.card for i in peek_cards) == sorted(tricks[-1][1])
    else:
        assert not peek_cards
