"""The deck in the middle during a deal: the cards still waiting there are not drawn
under its top card, and every card is drawn once it flies, whatever ends the deal's
animation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF

from cardtable.engine.match import Seat
from cardtable.ui.settings import GameSettings
from cardtable.ui.table.card_item import CardItem
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import show_window


def king() -> GameSettings:
    seats = [Seat("Аня", "human", None)] + [Seat(f"Бот {i}", "computer", "easy")
                                            for i in range(1, 4)]
    return GameSettings("king", {"players": 4}, seats)


def cards(win: MainWindow) -> list[CardItem]:
    return [i for i in win.scene.items() if isinstance(i, CardItem)]


def at_the_deck(win: MainWindow) -> list[CardItem]:
    centre = QPointF(*win.scene.geom.centre)
    return [i for i in cards(win) if (i.pos() - centre).manhattanLength() < 1]


def dealing(qtbot: Any, tmp_path: Path) -> MainWindow:
    win = show_window(qtbot, tmp_path, pace="normal")
    win.controller.hold_thinking()  # the computers wait: only the deal moves
    win.start_game(king(), seed=5)
    assert len(cards(win)) == 32 and win.scene.busy
    return win


def test_only_the_top_card_of_each_size_is_drawn_in_the_deck(qtbot: Any,
                                                             tmp_path: Path) -> None:
    win = dealing(qtbot, tmp_path)
    waiting = list(win.scene.deck.cards)
    assert len(waiting) >= 20  # most of the deal still lies in the middle
    assert set(waiting) <= set(at_the_deck(win))
    drawn = [i for i in waiting if i.isVisible()]
    assert 1 <= len(drawn) <= len({i.width for i in waiting})
    for item in drawn:  # each drawn card is the top one of its size
        assert all(other.zValue() <= item.zValue() for other in waiting
                   if other.width == item.width)
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=10_000)
    assert all(i.isVisible() for i in cards(win))
    assert not at_the_deck(win)
    assert len(win.scene.deck) == 0


def test_a_deal_jumped_to_its_end_leaves_no_card_hidden(qtbot: Any, tmp_path: Path) -> None:
    win = dealing(qtbot, tmp_path)
    assert any(not i.isVisible() for i in cards(win))
    win.scene._finish_current()
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=10_000)
    assert all(i.isVisible() for i in cards(win))


def test_a_new_game_during_the_deal_leaves_no_card_hidden(qtbot: Any,
                                                          tmp_path: Path) -> None:
    win = dealing(qtbot, tmp_path)
    win.start_game(king(), seed=6)  # the first deal's cards leave the table mid-flight
    qtbot.waitUntil(lambda: not win.scene.busy, timeout=10_000)
    assert len(cards(win)) == 32
    assert all(i.isVisible() for i in cards(win))
