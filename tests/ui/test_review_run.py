"""Running a review from the table: Game ▸ Review and whose decisions, the run beside
play (progress, cancel, the window closed or a new game started meanwhile), the figure,
and the review kept — with the game on the table, its autosave, and the file a game was
opened from (written back; reopened without reviewing again; a failed write said and
nothing lost).

The showing of a review (Watch again's marks) and the statistics' trend are other
parts': ``ReviewFlow._show`` and ``ReviewFlow._count`` are recorded here in their
place.  Reviews are made small (a few samples a decision) so that a game takes a
fraction of a second.
"""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cardtable.ai import review as review_engine
from cardtable.ai.review import Review, ReviewCancelled, Scale
from cardtable.engine import record
from cardtable.engine.match import COMPUTER, HUMAN, Match, Seat
from cardtable.ui.review import run_flow
from cardtable.ui.review.run_flow import ReviewFlow
from cardtable.ui.review.runner import ReviewRunner
from cardtable.ui.review.summary import figure_of, progress_text
from cardtable.ui.settings import GameSettings
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import click, remove_translators, show_window

RECORD = Path(__file__).resolve().parents[1] / "data" / "records" / "clubs" / \
    "c05_5p_target25_exact.json"
"""A finished five-player game of two deals: 19 decisions of seat 0, and 3 forced moves."""

NAMES = ("Аня", "Борис", "Вика", "Гена", "Даша")


def game(*kinds: str) -> Match:
    """The short finished game, its seats made ``kinds`` (human or computer; the
    seats not given are computers)."""
    match = record.load_file(RECORD)
    assert match.state.is_over
    kinds = kinds + (COMPUTER,) * (match.n - len(kinds))
    names = NAMES
    for seat, kind in enumerate(kinds):
        match.seats[seat] = Seat(names[seat], kind, None if kind == HUMAN else "easy")
    return match


@pytest.fixture(autouse=True)
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("SELECT_SAMPLES", 4), ("ESTIMATE_SAMPLES", 4),
                        ("MAX_ESTIMATE_SAMPLES", 4), ("CHUNK", 4)):
        monkeypatch.setattr(review_engine, name, value)


class Calls:
    """``ReviewFlow._show`` and ``_count`` recorded in place of the other parts."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[Match, Review, Review | None]] = []
        self.counted: list[tuple[Match, Review]] = []
        monkeypatch.setattr(ReviewFlow, "_show",
                            lambda flow, m, r, h: self.shown.append((m, r, h)))
        monkeypatch.setattr(ReviewFlow, "_count",
                            lambda flow, m, r: self.counted.append((m, r)))


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    return Calls(monkeypatch)


@pytest.fixture
def win(qtbot: Any, tmp_path: Path, qapp: QApplication) -> MainWindow:
    """The window in English, no game yet, reviews in this process only (the worker
    processes are another test's)."""
    remove_translators(qapp)
    window = show_window(qtbot, tmp_path)
    window.reviews.runner.workers = None
    return window


def on_table(win: MainWindow, match: Match) -> None:
    win.controller.start_match(match)
    win.update_game_actions()


def done(win: MainWindow, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: win.reviews.phase == run_flow.DONE and not win.reviews.runner.alive())


def blocking_review(started: threading.Event,
                    returns: Callable[[], Review] | None = None) -> Any:
    """A review that says one decision of five is weighed, then waits for its cancel
    (or, with ``returns``, ignores it and returns that once ``started`` is cleared)."""

    def review(match: Match, seat: int, seed: int = 0, **kw: Any) -> Review:
        kw["progress"](1, 5)
        started.set()
        if returns is None:
            if not kw["cancel"].wait(30):
                raise AssertionError("never cancelled")
            raise ReviewCancelled
        while started.is_set():
            threading.Event().wait(0.01)
        return returns()
    return review


def review_held(win: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Match:
    """The short game on the table, its review started and held at one decision of
    five until it is cancelled; the game."""
    started = threading.Event()
    monkeypatch.setattr(review_engine, "review_match", blocking_review(started))
    match = game(HUMAN, COMPUTER)
    on_table(win, match)
    win.menus.review_action.trigger()
    qtbot.waitUntil(started.is_set)
    return match


# --- where it starts --------------------------------------------------------------------------


def test_review_is_offered_once_a_game_has_a_decision_to_review(
        win: MainWindow, qtbot: Any, tmp_path: Path, calls: Calls) -> None:
    action = win.menus.review_action
    assert not action.isEnabled()  # no game
    on_table(win, game(HUMAN, COMPUTER))
    assert action.isEnabled()
    qtbot.waitUntil(win.board.isVisible)  # the game's end
    assert [b.text() for b in win.board.buttons].count("Review") == 1
    # a game where the person has not moved yet has nothing to review
    on_table(win, Match.start("metamorphosis", {"players": 2},
                              [Seat("Аня", HUMAN, None), Seat("Борис", COMPUTER, "easy")],
                              seed=1))
    assert not action.isEnabled()
    # a game of computers alone, opened from a file: every seat's decisions
    path = tmp_path / "bots.json"
    record.save(game(COMPUTER, COMPUTER), path)
    assert win.open_path(path)
    assert action.isEnabled()
    action.trigger()
    assert win.reviews.phase == run_flow.ASKING
    panel = win.reviews.panel
    assert panel.seats.isVisible()
    assert [panel.seats.itemText(i) for i in range(panel.seats.count())] == list(NAMES)


def test_the_end_of_a_deal_offers_the_review_too(win: MainWindow, qtbot: Any,
                                                   calls: Calls) -> None:
    match = game(HUMAN, COMPUTER)
    win.controller.start_match(match)
    win.flow._show_deal_board(win.controller.table_view())
    labels = [b.text() for b in win.board.buttons]
    assert labels == ["Next deal", "Review"]


def test_after_the_boards_review_enter_goes_on(win: MainWindow, qtbot: Any,
                                               calls: Calls) -> None:
    """The keys go back to "Next deal" once "Review" has started the review, so Enter
    goes on with the game (they stayed on "Review", and Enter only reviewed again: a
    player by keyboard was stuck at the deal's end)."""
    seats = [Seat("Аня", HUMAN, None)] + [Seat(f"C{i}", COMPUTER, "easy") for i in (1, 2, 3)]
    win.start_game(GameSettings("king", {"players": 4}, seats), seed=1)
    scene = win.scene
    while not win.board.isVisible():  # Аня plays her first legal card to the deal's end
        qtbot.waitUntil(lambda: win.board.isVisible()
                        or (scene.turn_view is not None and not scene.busy), timeout=30_000)
        view = scene.turn_view
        if not win.board.isVisible() and view is not None:
            win.controller.submit(view.legal[0])
    next_deal, review = win.board.buttons
    assert review.text() == "Review"
    qtbot.waitUntil(next_deal.hasFocus)  # the board takes keys a moment after it shows
    qtbot.keyClick(next_deal, Qt.Key.Key_Right)
    assert review.hasFocus()
    qtbot.keyClick(review, Qt.Key.Key_Return)  # pressed as a click is, a moment later
    qtbot.waitUntil(lambda: win.reviews.phase in (run_flow.RUNNING, run_flow.DONE))
    qtbot.waitUntil(next_deal.hasFocus)
    deals = len(win.controller.match.deals)
    qtbot.keyClick(next_deal, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(win.controller.match.deals) == deals + 1)


def test_after_the_game_over_boards_review_the_keys_stay(win: MainWindow, qtbot: Any,
                                                         calls: Calls) -> None:
    """At the game's end the first button starts a new game, which would stop the
    review: the keys stay on "Review"."""
    on_table(win, game(HUMAN, COMPUTER))
    qtbot.waitUntil(win.board.isVisible)
    buttons = win.board.buttons
    review = next(b for b in buttons if b.text() == "Review")
    qtbot.waitUntil(buttons[0].hasFocus)
    while not review.hasFocus():
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    qtbot.keyClick(review, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.reviews.phase in (run_flow.RUNNING, run_flow.DONE))
    assert review.hasFocus()
    done(win, qtbot)
    assert win.reviews.fair is not None


# --- a review run to its figure ---------------------------------------------------------------


def test_a_finished_game_is_reviewed_to_its_figure_and_kept(
        win: MainWindow, qtbot: Any, calls: Calls) -> None:
    match = game(HUMAN, COMPUTER)
    on_table(win, match)
    helped: list[str] = []
    win.controller.assisted.connect(helped.append)
    said: list[tuple[int, int]] = []
    win.reviews.runner.progress.connect(lambda d, t: said.append((d, t)))
    win.menus.review_action.trigger()
    assert win.reviews.phase == run_flow.RUNNING  # one person here: no question
    assert win.reviews.panel.cancel_button.isVisible()
    done(win, qtbot)
    fair = win.reviews.fair
    assert fair is not None and fair.seat == 0 and not fair.hindsight
    assert said[-1] == (19, 19) and {t for _, t in said} == {19}  # polled: some run together
    assert [d for d, _ in said] == sorted({d for d, _ in said})
    panel = win.reviews.panel
    assert panel.headline.text().startswith("Your decisions: accuracy ")
    assert panel.headline.text().endswith("%")
    assert "points lost a decision on average" in panel.details.text()
    assert "19 decisions weighed · 3 forced moves not counted" in panel.details.text()
    for word in ("inaccuracies: ", "mistakes: ", "blunders: "):
        assert word in panel.details.text()
    assert panel.watch_button.isVisible() and panel.hindsight_button.isVisible()
    assert match.reviews == [fair.to_json()]
    assert calls.counted == [(match, fair)]
    assert helped == []  # a finished game: reviewing it is not help


def test_watch_with_the_marks_and_the_hindsight_review_apart(
        win: MainWindow, qtbot: Any, calls: Calls) -> None:
    match = game(HUMAN, COMPUTER)
    on_table(win, match)
    win.menus.review_action.trigger()
    done(win, qtbot)
    panel, fair = win.reviews.panel, win.reviews.fair
    click(panel.watch_button)
    assert calls.shown == [(match, fair, None)]
    click(panel.hindsight_button)
    assert win.reviews.runner.hindsight
    assert panel.headline.text().startswith("Your decisions: accuracy")  # kept in view
    assert "with every card known" in panel.note.text()
    done(win, qtbot)
    hind = win.reviews.hind
    assert hind is not None and hind.hindsight and hind.seat == 0
    assert win.reviews.fair is fair
    assert panel.hindsight_line.isVisible()
    assert panel.hindsight_line.text().startswith("With every card known")
    assert not panel.hindsight_button.isVisible()
    click(panel.watch_button)
    assert calls.shown[-1] == (match, fair, hind)
    assert calls.counted == [(match, fair)]  # the hindsight one is not the game's figure
    assert {(r["seat"], r["hindsight"]) for r in match.reviews} == {(0, False), (0, True)}


def test_the_runner_asks_for_the_worker_processes_in_its_own_thread(qtbot: Any) -> None:
    asked: list[str] = []

    class Workers:
        def pool(self) -> None:
            asked.append(threading.current_thread().name)

    runner = ReviewRunner(Workers())  # type: ignore[arg-type]
    got: list[Review] = []
    runner.finished.connect(got.append)
    assert runner.start(game(HUMAN, COMPUTER), 0)
    assert not runner.start(game(HUMAN, COMPUTER), 0)  # one at a time
    qtbot.waitUntil(lambda: len(got) == 1)
    assert asked == ["review"]
    assert runner.start(game(HUMAN, COMPUTER), 0, hindsight=True)
    qtbot.waitUntil(lambda: len(got) == 2)
    assert asked == ["review"]  # hindsight plays the true deal here, not on the pool
    assert runner.wait() and runner.alive() == 0


def test_a_failed_review_says_why(win: MainWindow, qtbot: Any, calls: Calls,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kw: Any) -> Review:
        raise RuntimeError("the pool broke")
    monkeypatch.setattr(review_engine, "review_match", broken)
    match = game(HUMAN, COMPUTER)
    on_table(win, match)
    win.menus.review_action.trigger()
    qtbot.waitUntil(lambda: win.reviews.phase == run_flow.FAILED)
    assert win.reviews.panel.headline.text() == "The review stopped: the pool broke"
    assert match.reviews == [] and calls.counted == []


# --- stopping -----------------------------------------------------------------------------------


def test_cancel_leaves_no_thread_and_no_review(win: MainWindow, qtbot: Any, calls: Calls,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    match = review_held(win, qtbot, monkeypatch)
    panel = win.reviews.panel
    qtbot.waitUntil(lambda: panel.headline.text() == "Reviewing your decisions… 1 of 5")
    assert panel.bar.maximum() == 5 and panel.bar.value() == 1
    click(panel.cancel_button)
    assert not panel.isVisible() and not win.reviews.runner.running
    assert win.reviews.runner.wait(10) and win.reviews.runner.alive() == 0
    assert match.reviews == [] and calls.counted == [] and win.reviews.fair is None


def test_a_review_finished_after_its_cancel_is_not_kept(
        win: MainWindow, qtbot: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a review that never looks at its cancel is dropped once cancelled."""
    started = threading.Event()
    made = review_engine.review_match(game(HUMAN, COMPUTER), 0)
    monkeypatch.setattr(review_engine, "review_match",
                        blocking_review(started, returns=lambda: made))
    match = game(HUMAN, COMPUTER)
    on_table(win, match)
    win.menus.review_action.trigger()
    qtbot.waitUntil(started.is_set)
    win.reviews.cancel()
    started.clear()  # now it returns its review
    assert win.reviews.runner.wait(10)
    qtbot.wait(3 * 40)  # the runner's polls that would have taken it
    assert match.reviews == [] and calls.counted == [] and win.reviews.fair is None


def test_closing_the_window_mid_review_ends_its_thread(
        win: MainWindow, qtbot: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    review_held(win, qtbot, monkeypatch)
    runner = win.reviews.runner
    assert runner.alive() == 1
    assert win.close()
    assert runner.alive() == 0  # ended before the window let go of the worker processes
    assert win.controller.closed


def test_a_new_game_cancels_the_review(win: MainWindow, qtbot: Any, calls: Calls,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    match = review_held(win, qtbot, monkeypatch)
    win.start_game(GameSettings("metamorphosis", {"players": 2},
                                [Seat("Аня", HUMAN, None), Seat("Борис", COMPUTER, "easy")]))
    assert not win.reviews.runner.running and not win.reviews.panel.isVisible()
    assert win.reviews.runner.wait(10)
    assert match.reviews == []


# --- several people here, and the game in progress -------------------------------------------


def test_pass_and_play_asks_whose_decisions_and_a_review_mid_game_is_help(
        win: MainWindow, qtbot: Any, tmp_path: Path, calls: Calls) -> None:
    finished = game(HUMAN, HUMAN)
    unfinished = finished.prefix(40)
    assert not unfinished.state.is_over
    helped: list[str] = []
    win.controller.assisted.connect(helped.append)
    on_table(win, unfinished)
    win.menus.review_action.trigger()
    panel = win.reviews.panel
    assert win.reviews.phase == run_flow.ASKING and panel.seats.count() == 2  # the people
    assert panel.seats.currentData() == win.controller.viewer  # who holds the screen
    panel.seats.setCurrentIndex(panel.seats.findData(1))
    click(panel.start_button)
    assert helped == ["hint"]  # the game in progress: help, as a hint is
    done(win, qtbot)
    fair = win.reviews.fair
    assert fair is not None and fair.seat == 1
    assert panel.headline.text().startswith("Борис’s decisions: accuracy")
    assert not panel.watch_button.isVisible()  # every hand would show mid-game
    assert unfinished.reviews == [fair.to_json()]
    assert win.controller.flush_autosave()
    saved = review_engine.stored_review(record.load_file(tmp_path / "autosave.json"), 1)
    assert saved is not None and saved.to_json() == fair.to_json()


# --- a game opened from a file ---------------------------------------------------------------


def test_the_review_goes_back_to_the_file_and_is_shown_at_once_when_reopened(
        win: MainWindow, qtbot: Any, tmp_path: Path, calls: Calls,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.cardtable.json"
    record.save(game(HUMAN, COMPUTER), path)
    assert win.open_path(path)
    assert calls.shown == []  # nothing kept in it yet
    watched = win.reviews.target()
    assert watched is not None and watched is not win.controller.match
    win.menus.review_action.trigger()
    done(win, qtbot)
    fair = win.reviews.fair
    assert fair is not None
    assert win.reviews.panel.note.text() == "The review was kept in “game.cardtable.json”."
    kept = review_engine.stored_review(record.load_file(path), 0)
    assert kept is not None and kept.to_json() == fair.to_json()  # as written: rounded

    def recomputed(*args: Any, **kw: Any) -> Review:
        raise AssertionError("reviewed again")
    monkeypatch.setattr(review_engine, "review_match", recomputed)
    win.reviews.close()
    assert win.open_path(path)
    again = win.reviews.target()
    assert again is not None and again is not watched
    assert calls.shown == [(again, kept, None)]
    assert win.reviews.phase == run_flow.DONE and win.reviews.panel.isVisible()
    assert win.reviews.panel.headline.text() == figure_of(kept).headline
    win.menus.review_action.trigger()  # asked again: the kept review, at once
    assert win.reviews.phase == run_flow.DONE and not win.reviews.runner.running
    assert win.reviews.fair == kept and calls.counted == [(watched, fair)]


def test_a_file_that_cannot_be_written_keeps_the_review_and_says_so(
        win: MainWindow, qtbot: Any, tmp_path: Path, calls: Calls,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.cardtable.json"
    record.save(game(HUMAN, COMPUTER), path)
    before = path.read_bytes()
    assert win.open_path(path)

    def full(match: Match, where: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(record, "save", full)
    win.menus.review_action.trigger()
    done(win, qtbot)
    fair = win.reviews.fair
    assert fair is not None
    note = win.reviews.panel.note
    assert note.isVisible()
    assert note.text() == (f"The review could not be written to “{path}”: No space left on "
                           "device. It stays with the game while it is open.")
    assert path.read_bytes() == before  # the file as it was
    watched = win.reviews.target()
    assert watched is not None and watched.reviews == [fair.to_json()]
    assert win.replay is not None  # still watched
    click(win.reviews.panel.watch_button)
    assert calls.shown == [(watched, fair, None)]


# --- words ----------------------------------------------------------------------------------------


def test_the_figure_in_words(qapp: QApplication) -> None:
    remove_translators(qapp)
    review = review_engine.review_match(game(HUMAN, COMPUTER), 0)
    figure = figure_of(review)
    assert figure.headline == f"Your decisions: accuracy {review.accuracy:.0f}%"
    assert figure.details.startswith(f"{review.average_loss:.1f} points lost a decision")
    nothing = Review("metamorphosis", 0, 0, Scale(1, 2, 4), (), 3)
    assert figure_of(nothing).headline.startswith("No decision to weigh")
    assert figure_of(nothing).details == "3 forced moves not counted"
    assert progress_text("Аня", 3, 9, True) == \
        "Reviewing Аня’s decisions with every card known… 3 of 9"
