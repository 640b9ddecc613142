"""The keeper keeps a fair review's figures under the game's own key — the statistics'
game when they know it — and never a review with hindsight or one of a computer's
seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal

from cardtable.ai.review import Decision, Review, Scale
from cardtable.engine.match import COMPUTER, HUMAN, Match, Seat
from cardtable.stats import Statistics
from cardtable.ui.stats_keeper import StatsKeeper, game_key

WAIT = 60.0
SCALE = Scale(1.0, 2.0, 4.0)


class Controller(QObject):
    """What the keeper follows of a game controller, with a real match."""

    humanActed = Signal(int)
    assisted = Signal(str)
    gameFinished = Signal(object)

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match: Match | None = match


def new_match(seed: int = 1) -> Match:
    seats = [Seat("Аня", HUMAN, None), *(Seat(f"Computer {i}", COMPUTER, "normal")
                                         for i in (1, 2, 3))]
    match = Match.start("king", {"players": 4}, seats, seed=seed)
    match.deal()
    return match


def made_review(match: Match, costs: list[float], *, seat: int = 0,
                hindsight: bool = False) -> Review:
    """A review of ``seat`` whose decisions cost ``costs`` (marked by the scale)."""
    action = match.state.legal_actions()[0]
    decisions = tuple(
        Decision(0, i, i + 1, action, action, cost, 0.1, 64, SCALE.mark(cost, 0.1), ())
        for i, cost in enumerate(costs))
    return Review("king", seat, 0, SCALE, decisions, 0, hindsight)


@pytest.fixture
def kept(qapp: Any, tmp_path: Path) -> Iterator[tuple[StatsKeeper, Controller, Statistics]]:
    store, problem = Statistics.open(tmp_path / "statistics.sqlite")
    assert problem is None
    controller = Controller(new_match())
    yield StatsKeeper(lambda: store, controller), controller, store  # type: ignore[arg-type]
    store.close()


def test_a_fair_review_is_kept_with_its_figures(
        kept: tuple[StatsKeeper, Controller, Statistics]) -> None:
    keeper, controller, store = kept
    assert controller.match is not None
    controller.humanActed.emit(0)  # the game is in the statistics
    review = made_review(controller.match, [0.0, 1.5, 2.5, 5.0])
    assert keeper.record_review(controller.match, review)
    assert store.settle(WAIT) == 0
    (row,) = store.reviews("king", 4)
    assert row.accuracy == pytest.approx(review.accuracy)
    assert row.average_loss == pytest.approx(2.25)
    assert (row.name, row.seat, row.decisions) == ("Аня", 0, 4)
    assert (row.inaccuracies, row.mistakes, row.blunders) == (1, 1, 1)
    assert not row.assisted
    controller.assisted.emit("hint")  # help noted later marks the reviewed game too
    assert store.settle(WAIT) == 0
    assert store.reviews("king", 4)[0].assisted


def test_a_second_review_of_the_game_replaces_the_first(
        kept: tuple[StatsKeeper, Controller, Statistics]) -> None:
    keeper, controller, store = kept
    assert controller.match is not None
    keeper.record_review(controller.match, made_review(controller.match, [4.0]))
    keeper.record_review(controller.match, made_review(controller.match, [0.0, 0.0]))
    assert store.settle(WAIT) == 0
    assert [(r.accuracy, r.decisions) for r in store.reviews("king", 4)] == [(100.0, 2)]


def test_hindsight_a_computer_seat_and_no_decision_are_not_kept(
        kept: tuple[StatsKeeper, Controller, Statistics]) -> None:
    keeper, controller, store = kept
    match = controller.match
    assert match is not None
    assert not keeper.record_review(match, made_review(match, [3.0], hindsight=True))
    assert not keeper.record_review(match, made_review(match, [3.0], seat=1))
    assert not keeper.record_review(match, made_review(match, []))
    assert store.settle(WAIT) == 0
    assert store.reviews("king", 4) == []
    assert keeper.record_review(match, made_review(match, [3.0]))  # the check can pass


def test_a_record_from_elsewhere_is_kept_under_its_own_key(
        kept: tuple[StatsKeeper, Controller, Statistics]) -> None:
    keeper, controller, store = kept
    other = new_match(seed=2)
    keeper.salt = "taken over"  # the table's game was taken over: not this record's key
    assert keeper.record_review(other, made_review(other, [1.0]))
    assert store.settle(WAIT) == 0
    key = game_key(other)
    assert store._query("SELECT key FROM reviews") == [(key,)]
    assert controller.match is not None  # the table's own game takes the salt
    keeper.record_review(controller.match, made_review(controller.match, [1.0]))
    assert store.settle(WAIT) == 0
    assert (game_key(controller.match, "taken over"),) in store._query("SELECT key FROM reviews")


def test_the_window_keeps_a_review_and_refreshes_its_open_statistics(
        qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from cardtable.ui.settings import GameSettings
    from cardtable.ui.window.main_window import MainWindow

    qs = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(qsettings=qs, statistics=tmp_path / "statistics.sqlite", start=False)
    qtbot.addWidget(win)
    win.set_pace("instant")
    seats = [Seat("Аня", HUMAN, None)] + [Seat(f"Бот {i}", COMPUTER, "easy") for i in (1, 2, 3)]
    win.start_game(GameSettings("king", {"players": 4}, seats), seed=3)
    qtbot.waitUntil(lambda: win.scene.turn_view is not None, timeout=10_000)
    view = win.scene.turn_view
    assert view is not None and win.controller.submit(view.legal[0])
    win.statistics.show()
    dialog = win.statistics.dialog
    assert dialog is not None and dialog.trend.empty.isVisibleTo(dialog)
    match = win.controller.match
    assert match is not None
    assert win.statistics.record_review(match, made_review(match, [0.0, 2.0]))
    assert not dialog.trend.empty.isVisibleTo(dialog)  # shown at once
    assert [r.decisions for r in dialog.trend.chart.reviews] == [2]
    assert not win.statistics.record_review(match, made_review(match, [1.0], hindsight=True))
    dialog.close()
