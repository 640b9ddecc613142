"""The review trend in the Statistics window: the table's reviewed games drawn oldest
first with assisted ones hollow, the latest and mean figures, the same in words for a
screen reader, a sentence when none was reviewed, and colours that read on light and
dark grounds."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cardtable.stats import Statistics
from cardtable.ui import theme
from cardtable.ui.dialogs import review_trend
from cardtable.ui.dialogs.review_trend import AccuracyChart, line_colour
from ui.test_stats_dialog import START, dialog, empty, play, seats  # noqa: F401 (a fixture)

DAY = 86_400.0
MARKS = {"inaccuracy": 3, "mistake": 1, "blunder": 0}


def reviewed(store: Statistics, key: str, day: float, accuracy: float, loss: float,
             *, name: str = "Аня", how: str | None = None, game: str = "king") -> None:
    """A finished game on ``day`` and its review."""
    n = 4 if game == "king" else 5
    play(store, key, game, seats(n, name), [10] + [0] * (n - 1), day, how=how)
    store.review(key, 0, name, game, n, START, START + 50 * DAY, accuracy, loss, 20, MARKS)
    assert store.last_error is None


@pytest.fixture
def store(empty: Statistics) -> Statistics:  # noqa: F811
    """Аня's Кинг: three reviewed games, the second helped by a hint; and one Трефы
    game never reviewed."""
    reviewed(empty, "k1", 1, 60.0, 2.0)
    reviewed(empty, "k2", 2, 40.0, 3.5, how="hint")
    reviewed(empty, "k3", 3, 80.0, 1.0)
    play(empty, "c1", "clubs", seats(5, "Аня"), [5, 0, 0, 0, -5], 4)
    return empty


def test_the_trend_of_the_table_shown(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="king", players=4)
    trend = d.trend
    assert trend.chart.isVisible() and trend.figures.isVisible()
    assert not trend.empty.isVisible()
    assert trend.heading.text() == "Decisions reviewed: King, 4 players"
    assert [(r.accuracy, r.assisted) for r in trend.chart.reviews] == [
        (60.0, False), (40.0, True), (80.0, False)]
    points = trend.chart.points()
    assert points[0].x() < points[1].x() < points[2].x()  # oldest on the left
    assert points[2].y() < points[0].y() < points[1].y()  # higher accuracy higher up
    figures = trend.figures.text()
    assert "Latest game" in figures and "80% accurate, 1.0 points lost a decision" in figures
    # the mean leaves the assisted game out, and says so
    assert "Mean of the 2 games shown without help: 70% accurate, 1.5 points" in figures
    assert "○ assisted" in figures


def test_the_words_for_a_screen_reader_read_every_point(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="king", players=4)
    chart = d.trend.chart
    assert chart.accessibleName() == "Accuracy of the last reviewed games"
    words = chart.accessibleDescription()
    assert words.startswith("3 reviewed games, oldest first:")
    assert words.index("60%") < words.index("40%") < words.index("80%")
    assert words.count("(assisted)") == 1
    assert "inaccuracies: 3, mistakes: 1, blunders: 0" in words
    assert "Mean of the 2 games shown without help" in words


def test_a_point_tells_its_figures(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="king", players=4)
    chart = d.trend.chart
    second = chart.points()[1]
    tip = chart.tip_at(second + QPointF(2, -1))
    assert tip is not None and "40% accurate" in tip and tip.endswith("(assisted)")
    assert chart.tip_at(QPointF(second.x(), chart.height() + 50.0)) is None


def test_an_assisted_game_is_drawn_hollow(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="king", players=4)
    chart = d.trend.chart
    image = chart.grab().toImage()
    ground = chart.palette().color(QPalette.ColorRole.Base)
    line = line_colour(ground)
    ratio = chart.devicePixelRatioF()

    def at(point: QPointF) -> QColor:
        return image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))

    own, helped, _ = chart.points()
    assert at(own) == line
    assert at(helped) == ground
    assert at(helped) != at(own)  # the check can tell one from the other


def test_no_review_at_the_table_says_how_to_get_one(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="clubs", players=5)
    trend = d.trend
    assert trend.empty.isVisible() and "Game ▸ Review" in trend.empty.text()
    assert not trend.chart.isVisible() and not trend.figures.isVisible()
    assert trend.heading.text() == "Decisions reviewed: Clubs, 5 players"


def test_no_game_at_all_shows_no_trend(qtbot: Any, empty: Statistics) -> None:  # noqa: F811
    d = dialog(qtbot, empty)
    assert d.message.isVisible() and not d.trend.isVisible()


def test_the_trend_follows_the_player_chosen(qtbot: Any, store: Statistics) -> None:
    reviewed(store, "b1", 5, 95.0, 0.2, name="Борис")
    d = dialog(qtbot, store, game="king", players=4)
    everyone = [r.accuracy for r in d.trend.chart.reviews]
    assert everyone == [60.0, 40.0, 80.0, 95.0]
    assert "Борис —" in d.trend.chart.tips[-1]  # whose game, when several are drawn
    d.player.setCurrentIndex(d.player.findData("Борис"))
    assert [r.accuracy for r in d.trend.chart.reviews] == [95.0]
    assert "Борис" not in d.trend.chart.tips[0]


def test_at_most_twenty_reviewed_games(qtbot: Any, empty: Statistics) -> None:  # noqa: F811
    for i in range(23):
        reviewed(empty, f"g{i}", i, float(i), 1.0)
    d = dialog(qtbot, empty)
    assert [r.accuracy for r in d.trend.chart.reviews] == [float(i) for i in range(3, 23)]


def test_the_chart_is_reached_with_tab(qtbot: Any, store: Statistics) -> None:
    d = dialog(qtbot, store, game="king", players=4)
    d.activateWindow()
    qtbot.waitUntil(d.isActiveWindow)
    d.assisted.setFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is d.trend.chart
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is d.recent


@pytest.mark.parametrize("ground", ["#ffffff", "#f0f0f0", "#1e1e1e", "#2b2b2b", "#000000"])
def test_the_line_reads_on_light_and_dark_grounds(ground: str) -> None:
    """3:1 for a graphic against what it is drawn on (WCAG 1.4.11)."""
    assert theme.contrast_ratio(line_colour(QColor(ground)), ground) >= 3.0


def test_the_contrast_check_catches_a_faint_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(review_trend.LINE_COLOURS, "dark", "#303a4a")
    assert theme.contrast_ratio(line_colour(QColor("#1e1e1e")), "#1e1e1e") < 3.0


def test_an_empty_chart_paints(qtbot: Any) -> None:
    chart = AccuracyChart()
    qtbot.addWidget(chart)
    chart.resize(300, 112)
    assert not chart.grab().isNull() and chart.points() == []
