"""The table driven as a person drives it: clicks and drags on the cards, buttons on
the panels, against computer players, through a whole game of Кинг."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from cardtable.engine.actions import Play
from cardtable.engine.match import Seat
from cardtable.ui.settings import GameSettings
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import card_point, click_card


def king_settings(**options: Any) -> GameSettings:
    n = options.get("players", 4)
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, n)]
    return GameSettings("king", {"players": n, **options}, seats)


def wait_for_turn_or_end(win: MainWindow, qtbot: Any, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if win.board.isVisible():
            return "board"
        if win.scene.turn_view is not None and not win.scene.busy:
            return "turn"
        qtbot.wait(5)
    raise AssertionError("the table never asked the human or showed the board")


def press_panel_button(win: MainWindow, rng: random.Random) -> None:
    buttons = [b for b in win.choice.buttons if b.isEnabled()]
    assert buttons, "a choice panel with no enabled button"
    QTest.mouseClick(rng.choice(buttons), Qt.MouseButton.LeftButton)


def test_whole_short_king_game_through_the_table(window: MainWindow, qtbot: Any) -> None:
    """A short 4-player Кинг: every card of the human seat is played by a click on the
    table, every order and price by a panel button, the board's "Next deal" by a
    click; the game ends on the final score sheet with zero-sum totals."""
    rng = random.Random(7)
    window.start_game(king_settings(length="short"), seed=11)
    deals_seen = 0
    for _ in range(400):
        what = wait_for_turn_or_end(window, qtbot)
        if what == "board":
            state = window.controller.state
            if state.is_over:
                break
            deals_seen += 1
            assert window.board.buttons[0].text()
            QTest.mouseClick(window.board.buttons[0], Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: not window.board.isVisible())
            continue
        view = window.scene.turn_view
        plays = [a.card for a in view.legal if type(a) is Play]
        if plays:
            hand = window.scene.hands[window.scene.viewer]
            legal_items = [i for i in hand if i.card in plays]
            assert legal_items and all(i.legal for i in legal_items)
            assert all(i.dimmed for i in hand if i.card not in plays)
            before = len(window.controller.match.deals[-1].actions)
            # the rightmost legal card is fully visible; others are clicked on their strip
            item = rng.choice(legal_items)
            click_card(window, item)
            qtbot.waitUntil(lambda b=before: len(window.controller.match.deals[-1].actions)
                            > b, timeout=3000)
        else:
            assert window.choice.isVisible()
            press_panel_button(window, rng)
    state = window.controller.state
    assert state.is_over
    assert deals_seen == state.deals_total - 1
    assert sum(state.totals) == 0
    assert window.board.isVisible()
    sheet_texts = window.board.title.text()
    assert sheet_texts
    # the human really played: every one of seat 0's plays came through the table
    human_plays = sum(1 for d in window.controller.match.deals for s, a in d.actions
                      if s == 0 and type(a) is Play)
    assert human_plays > 30


def test_illegal_drag_snaps_back_with_the_reason(window: MainWindow, qtbot: Any) -> None:
    """Dragging a card that may not be played onto the middle: the engine refuses, the
    card glides back home, and the reason is shown on the table."""
    for seed in range(40):
        window.start_game(king_settings(), seed=seed)
        wait_for_turn_or_end(window, qtbot)
        view = window.scene.turn_view
        legal = {a.card for a in view.legal if type(a) is Play}
        hand = window.scene.hands[window.scene.viewer]
        illegal = [i for i in hand if i.card not in legal]
        if illegal:
            break
    else:
        pytest.fail("no position with an illegal card in 40 deals")
    item = illegal[-1]
    home = QPointF(item.home)
    vp = window.table.viewport()
    start = card_point(window, item)
    target = window.table.mapFromScene(window.scene.drop_rect().center())
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 11):
        point = start + (target - start) * k / 10
        QTest.mouseMove(vp, point)
    assert window.scene.drop_zone.isVisible()
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    qtbot.waitUntil(lambda: window.scene.message.isVisible(), timeout=2000)
    assert "suit" in window.scene.message.text.lower()
    qtbot.waitUntil(lambda: (item.pos() - home).manhattanLength() < 1, timeout=3000)
    assert item in window.scene.hands[window.scene.viewer]
    assert window.scene.turn_view is not None  # still the human's turn


def test_keyboard_plays_the_chosen_card(window: MainWindow, qtbot: Any) -> None:
    window.start_game(king_settings(), seed=3)
    wait_for_turn_or_end(window, qtbot)
    legal = [a.card for a in window.scene.turn_view.legal if type(a) is Play]
    window.table.setFocus()
    before = len(window.controller.match.deals[-1].actions)
    QTest.keyClick(window.table.viewport(), Qt.Key.Key_Right)
    chosen = window.scene.hands[window.scene.viewer][window.scene.selected]
    assert chosen.card in legal and chosen.selected
    QTest.keyClick(window.table.viewport(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.controller.match.deals[-1].actions) > before)
    seat, action = window.controller.match.deals[-1].actions[before]
    assert seat == 0 and action == Play(chosen.card)


@pytest.mark.parametrize("size", [(1024, 700), (820, 580), (1600, 1000), (3840, 2160)])
def test_resizing_keeps_every_card_on_screen(window: MainWindow, qtbot: Any,
                                             size: tuple[int, int]) -> None:
    window.start_game(king_settings(players=3), seed=5)
    wait_for_turn_or_end(window, qtbot)
    window.resize(*size)
    QApplication.processEvents()
    qtbot.wait(20)
    rect = window.scene.sceneRect()
    vp = window.table.viewport().rect()
    assert abs(rect.width() - vp.width()) <= 1 and abs(rect.height() - vp.height()) <= 1
    cards = [i for i in window.scene.items() if isinstance(i, CardItem) and i.isVisible()]
    assert len(cards) == 30  # 3 hands of 10
    for item in cards:
        box = item.sceneBoundingRect()
        assert rect.contains(box.adjusted(3, 3, -3, -3)), (size, box, rect)
    # seat plates stay on screen and apart from each other
    plates = [p.sceneBoundingRect() for p in window.scene.plates]
    for i, a in enumerate(plates):
        assert rect.contains(a)
        for b in plates[i + 1:]:
            assert not a.intersects(b)


def test_order_panel_in_a_hvalenka(window: MainWindow, qtbot: Any) -> None:
    """The first хвалёнка of a short 3-player game: the human orders from a panel of
    the eight contracts, and the rule line then names the contract."""
    settings = king_settings(players=3, length="short")
    window.start_game(settings, seed=21)
    rng = random.Random(2)
    for _ in range(500):
        what = wait_for_turn_or_end(window, qtbot)
        state = window.controller.state
        if what == "board":
            QTest.mouseClick(window.board.buttons[0], Qt.MouseButton.LeftButton)
            continue
        if state.phase == "order":
            break
        view = window.scene.turn_view
        plays = [a.card for a in view.legal if type(a) is Play]
        if plays:
            window.controller.submit(Play(rng.choice(plays)))
        else:
            press_panel_button(window, rng)
    else:
        pytest.fail("the human never had to order")
    assert window.choice.isVisible()
    labels = [b.text() for b in window.choice.buttons]
    assert len(labels) == 8
    notrump = next(b for b in window.choice.buttons if "no trumps" in b.text())
    QTest.mouseClick(notrump, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "no trumps" in window.rule_label.text().lower(), timeout=3000)
    assert isinstance(window.choice.buttons[0], QPushButton)
