"""The window takes the fifth game as it is: a deal of Whist played by clicks, the
controller and the table asking only the registries."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ui.gui_driver import open_window, perform, press_next_deal, wait_for_table

from cardtable.ai import make_player
from cardtable.engine.actions import Action
from cardtable.engine.match import Seat
from cardtable.ui.games import GAME_ORDER, PRESENTERS
from cardtable.ui.settings import GameSettings


class RandomPerson:
    """The person at seat 0, choosing as the random level does (Whist has no other)."""

    def __init__(self, seed: int) -> None:
        self.player = make_player("whist", "random")
        self.rng = random.Random(seed)

    def decide(self, view: Any) -> Action:
        return self.player.choose(view, view.legal, self.rng)


def test_a_deal_of_whist_is_played_in_the_window(qtbot: Any, tmp_path: Path,
                                                 whist_on_screen: type) -> None:
    seats = [Seat("Anna", "human", None)] + [Seat(f"Bot {s}", "computer", "random")
                                             for s in range(1, 4)]
    win = open_window(qtbot, tmp_path)
    win.start_game(GameSettings("whist", {"players": 4, "deals": 2}, seats), seed=5)
    person = RandomPerson(5)
    clicks = 0
    while not win.board.isVisible():
        wait_for_table(win, qtbot)
        if win.board.isVisible():
            break
        view = win.scene.turn_view
        assert view.game == "whist" and len(view.hand) == 13 - clicks
        perform(win, person.decide(view))
        clicks += 1
    assert clicks == 13
    sheet = win.controller.score_sheet(win.presenter)
    assert sheet.title == "Whist" and sheet.rows[0].scores is not None
    assert sum(sheet.rows[0].scores) in range(0, 15)
    press_next_deal(win, qtbot)
    wait_for_table(win, qtbot)
    assert win.scene.turn_view is not None and win.scene.turn_view.deal_index == 1


def test_the_new_game_dialog_offers_only_the_installed_games() -> None:
    """Outside the fixture's tests the screen knows the three games alone."""
    assert "whist" not in PRESENTERS and "whist" not in GAME_ORDER
