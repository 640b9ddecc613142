"""Reviewing a game from the table: Game ▸ Review and the board's button, whose
decisions, the run beside play, the figure, and keeping the review with the game.

**Which game.**  The one watched again if one is (a game opened from a file, or the
game on the table watched again), else the game on the table: finished, or in
progress (its decisions so far).  **Whose decisions.**  The person at this screen;
with several people here, a choice (the one holding the screen offered first); a game
with no person in it offers every seat.

**Kept.**  A review done is kept with the match it is of (``keep_review``), and with
the game on the table too when that is the same game (its autosave then carries it);
a game that came from a file opened here is written back to that file at once and
whole — a failure to write is said, and the review stays with the game while it is
open.  Opening a reviewed file shows its stored review without reviewing again.

**Help.**  Reviewing a finished game is not help; reviewing the game in progress is,
as a hint is: it is marked with the hint's word (``assisted.emit("hint")``), so the
statistics keep the game apart as they do for a hint, in the words they already have.

The showing of a review (the slider's marks, Watch again) and the statistics' trend
are other parts' work, reached through :meth:`ReviewFlow._show` and
:meth:`ReviewFlow._count` only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from cardtable.engine import record
from cardtable.engine.match import HUMAN, Match
from cardtable.ui import texts
from cardtable.ui.review.summary import ReviewRunWords, figure_of, hindsight_text, progress_text
from cardtable.ui.settings import display_name

if TYPE_CHECKING:  # the review's engine, strip and runner are loaded when first asked
    # for (none of them is on the way to the table): see _engine(), panel and runner
    from types import ModuleType

    from cardtable.ai.review import Review
    from cardtable.engine.timeline import Timeline
    from cardtable.ui.review.run_panel import ReviewPanel
    from cardtable.ui.review.runner import ReviewRunner
    from cardtable.ui.window.main_window import MainWindow

REVIEW_SEED = 0
"""The seed of every review made at the table (as the command line's default): the
same game reviewed again gives the same review."""

KEPT_FILES = 8
"""How many games opened from files are remembered, to write their reviews back."""

IDLE, ASKING, RUNNING, DONE, FAILED = "idle", "asking", "running", "done", "failed"


def seats_to_offer(match: Match) -> list[int]:
    """Whose decisions may be reviewed: the people's, or every seat if none played."""
    humans = [i for i, s in enumerate(match.seats) if s.kind == HUMAN]
    return humans or list(range(match.n))


def has_decision(match: Match, seats: list[int]) -> bool:
    """Whether one of ``seats`` has acted in ``match`` (whether that move had a choice
    is the review's to find)."""
    return any(seat in seats for log in match.deals for seat, _ in log.actions)


def same_game(match: Match, timeline: Timeline) -> bool:
    """Whether ``timeline`` lays out ``match``'s whole history."""
    return match.game.name == timeline.game.name and match.seed == timeline.seed \
        and match.step_count == timeline.length and match.steps() == timeline.steps


def _engine() -> ModuleType:
    """The review's engine (:mod:`cardtable.ai.review`), imported on first use."""
    from cardtable.ai import review as review_engine

    return review_engine


def whole_game(timeline: Timeline) -> Match:
    """The game a timeline lays out, to its end (the timeline's own match stands at
    its cursor)."""
    match = Match(timeline.game, timeline.game.new(timeline.options, timeline.first_dealer),
                  timeline.seats, timeline.seed)
    for step in timeline.steps:
        match.take(step)
    return match


class ReviewFlow(QObject):
    """The window's review: its strip, its runner and what it is of.  The strip and
    the runner are made the first time a review is asked for."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self._panel: ReviewPanel | None = None
        self._runner: ReviewRunner | None = None
        self.phase = IDLE
        self.match: Match | None = None
        """The game the review is of (the strip's)."""
        self.seat = 0
        self.fair: Review | None = None
        self.hind: Review | None = None
        """The review with every card known, if made: shown apart."""
        self.note = ""
        self._progress = (0, 0)
        self._message = ""
        self._files: list[tuple[Match, Path]] = []
        """Games opened from files (the latest last), to write their reviews back."""
        self._watched: tuple[Any, Match] | None = None
        """A game watched that is neither a file's nor the table's: (session, game)."""

    @property
    def panel(self) -> ReviewPanel:
        """The strip above the table (made, hidden, when first asked for)."""
        if self._panel is None:
            from cardtable.ui.review.run_panel import ReviewPanel

            window = self.window
            panel = ReviewPanel(window.centralWidget())
            panel.hide()
            window.central_layout.insertWidget(window.central_layout.indexOf(window.table),
                                               panel)
            panel.seatChosen.connect(self.begin)
            panel.cancelRequested.connect(self.cancel)
            panel.watchRequested.connect(self.watch)
            panel.hindsightRequested.connect(self.hindsight)
            panel.closeRequested.connect(self.close)
            self._panel = panel
        return self._panel

    @property
    def runner(self) -> ReviewRunner:
        """What runs a review beside play (made when first asked for)."""
        if self._runner is None:
            from cardtable.ui.review.runner import ReviewRunner

            runner = ReviewRunner(self.controller.search_workers, self)
            runner.progress.connect(self._on_progress)
            runner.finished.connect(self._on_finished)
            runner.failed.connect(self._on_failed)
            self._runner = runner
        return self._runner

    @property
    def running(self) -> bool:
        """Whether a review runs now (asked without making the runner)."""
        return self._runner is not None and self._runner.running

    # --- which game, whose decisions ------------------------------------------------------

    def target(self) -> Match | None:
        """The game Review would be of now: the one watched again, else the table's.
        A game watched is found as the file it was opened from, or the table's own
        game; any other is made again from its steps (once a session)."""
        session = self.window.replay
        if session is None:
            return self.controller.match
        timeline = session.timeline
        candidates = [m for m, _ in reversed(self._files)]
        if self.controller.match is not None:
            candidates.append(self.controller.match)
        for match in candidates:
            if same_game(match, timeline):
                return match
        if self._watched is None or self._watched[0] is not session:
            self._watched = (session, whole_game(timeline))
        return self._watched[1]

    def can_review(self) -> bool:
        match = self.target()
        return match is not None and has_decision(match, seats_to_offer(match))

    def _is_table_game(self, match: Match) -> bool:
        """``match`` is the game on the table (or was: an undo or a restart puts a
        copy in its place)."""
        table = self.controller.match
        return table is not None and (match is table or (
            match.game.name == table.game.name and match.seed == table.seed
            and match.seats == table.seats))

    def _default_seat(self, match: Match, seats: list[int]) -> int:
        you = self.controller.you(match.seats)
        if you is not None and you in seats:
            return you
        if self._is_table_game(match) and self.controller.viewer in seats:
            return self.controller.viewer  # the one holding the screen
        return seats[0]

    def _name(self, seat: int) -> str | None:
        """The seat's name for the words, None when it is "you"."""
        match = self.match
        if match is None or self.controller.you(match.seats) == seat:
            return None
        return display_name(match.seats[seat].name)

    # --- starting ---------------------------------------------------------------------------

    def start(self) -> None:
        """Game ▸ Review (and the board's button): review the game in view, asking whose
        decisions when several people could be meant."""
        if self.phase == RUNNING:
            self._render()  # one review at a time: the one under way is shown
            return
        match = self.target()
        if match is None:
            return
        seats = [s for s in seats_to_offer(match) if has_decision(match, [s])]
        if not seats:
            return
        self._reset(match)
        default = self._default_seat(match, seats)
        if len(seats) == 1:
            self.begin(default)
            return
        self.phase = ASKING
        self._render()

    def begin(self, seat: int) -> None:
        """Review ``seat``'s decisions in the game chosen: the kept review if there is
        one, else a review run now."""
        match = self.match
        if match is None or self.running:
            return
        self.seat = seat
        self._mark_help(match)
        kept = _engine().stored_review(match, seat)
        if kept is not None:
            self.fair = kept
            self.hind = _engine().stored_review(match, seat, hindsight=True)
            self.phase = DONE
            self._render()
            return
        self._run(hindsight=False)

    def hindsight(self) -> None:
        """"Also with every card known": the same decisions judged with the true deal,
        run the same way and shown apart."""
        match = self.match
        if match is None or self.fair is None or self.running:
            return
        kept = _engine().stored_review(match, self.seat, hindsight=True)
        if kept is not None:
            self.hind = kept
            self._render()
            return
        self._run(hindsight=True)

    def _run(self, hindsight: bool) -> None:
        assert self.match is not None
        self._progress = (0, 0)
        if self.runner.start(self.match, self.seat, REVIEW_SEED, hindsight=hindsight):
            self.phase = RUNNING
            self._render()
            self.window.update_game_actions()

    def _mark_help(self, match: Match) -> None:
        """Reviewing the game in progress helps as a hint does (a finished one: not)."""
        if self._is_table_game(match) and not self.controller.is_over:
            self.controller.assisted.emit("hint")

    def _reset(self, match: Match | None) -> None:
        self.match = match
        self.fair = self.hind = None
        self.note = self._message = ""
        self.phase = IDLE

    # --- the run's news ----------------------------------------------------------------------

    def _on_progress(self, done: int, total: int) -> None:
        self._progress = (done, total)
        if self.phase == RUNNING:
            self._render()

    def _on_finished(self, review: Review) -> None:
        match = self.match
        if match is None:
            return
        if review.hindsight:
            self.hind = review
        else:
            self.fair = review
        self.phase = DONE
        self._keep(match, review)
        if not review.hindsight:
            self._count(match, review)
        self._render()
        self.window.update_game_actions()
        shown = figure_of(review, self._name(review.seat))
        self.window.announcer.say(shown.text)

    def _on_failed(self, message: str) -> None:
        self._message = message
        self.phase = FAILED if self.fair is None else DONE
        if self.phase == DONE:
            self.note = texts.fill(ReviewRunWords.tr(
                "The review with every card known stopped: %1"), message)
        self._render()
        self.window.update_game_actions()

    def cancel(self) -> None:
        """Stop the review under way: nothing of it is kept."""
        if not self.running:
            return
        self.runner.cancel()
        self.phase = DONE if self.fair is not None else IDLE
        self._render()
        self.window.update_game_actions()

    def close(self) -> None:
        """The strip's Close: a review under way stops."""
        if self._runner is not None:
            self._runner.cancel()
        self._reset(None)
        self._render()
        self.window.update_game_actions()

    def forget(self) -> None:
        """A new game starts: a review under way is cancelled and the strip goes."""
        self.close()

    def shutdown(self) -> None:
        """The window closes: the review stops and its thread ends before the search's
        worker processes do."""
        if self._runner is not None:
            self._runner.shutdown()

    # --- keeping ------------------------------------------------------------------------------

    def opened(self, match: Match, path: Path) -> None:
        """A finished game was opened from ``path`` (and is watched again): its reviews
        go back to that file; a review kept in it is shown at once."""
        self._files = [(m, p) for m, p in self._files if m is not match][-(KEPT_FILES - 1):]
        self._files.append((match, path))
        if self.running:
            return
        seats = seats_to_offer(match)
        first = self._default_seat(match, seats) if seats else 0
        for seat in [first, *(s for s in seats if s != first)]:
            kept = _engine().stored_review(match, seat)
            if kept is not None:
                self._reset(match)
                self.seat, self.fair = seat, kept
                self.hind = _engine().stored_review(match, seat, hindsight=True)
                self.phase = DONE
                self._render()
                self._show(match, kept, self.hind)
                return

    def file_of(self, match: Match) -> Path | None:
        return next((p for m, p in self._files if m is match), None)

    def _keep(self, match: Match, review: Review) -> None:
        """Keep ``review`` with its game (and the table's, when the same game), and
        write a game opened from a file back to it."""
        _engine().keep_review(match, review)
        table = self.controller.match
        if table is not None and table is not match and self._is_table_game(match) \
                and _engine().review_from_json(review.to_json(), table) is not None:
            _engine().keep_review(table, review)
        if table is not None and self._is_table_game(match) and not self.controller.is_over:
            self.controller.save_now()  # the autosave carries it from now
        path = self.file_of(match)
        if path is None:
            return
        try:
            record.save(match, path)
        except OSError as exc:
            self.note = texts.fill(ReviewRunWords.tr(
                "The review could not be written to “%1”: %2. It stays with the game while "
                "it is open."), str(path), exc.strerror or str(exc))
            self.window.announcer.say(self.note, urgent=True)
        else:
            self.note = texts.fill(ReviewRunWords.tr("The review was kept in “%1”."), path.name)

    # --- the other parts --------------------------------------------------------------------

    def watch(self) -> None:
        """"Watch with the marks"."""
        if self.match is not None and self.fair is not None:
            self._show(self.match, self.fair, self.hind)

    def _show(self, match: Match, review: Review, hindsight: Review | None) -> None:
        """The review shown on the game (Watch again's marks): the showing part's
        ``show_review`` if ``match`` is watched now, else ``watch`` it with them (the
        game on the table as Watch again watches it)."""
        flow = self.window.watching
        if self.window.replay is not None and self.target() is match:
            flow.show_review(review, hindsight)
            return
        own = match is self.controller.match
        if own:
            copy = self.controller.copy_to_watch()
            if copy is None or not self.controller.can_watch():
                return
            if not self.controller.is_over:
                self.controller.assisted.emit("takeover")  # every hand is shown
            match = copy
        flow.watch(match, at_end=False, own=own, review=review, hindsight=hindsight)

    def _count(self, match: Match, review: Review) -> None:
        """The fair review's figure to the statistics (their trend per game), shown at
        once in an open Statistics window."""
        self.window.statistics.record_review(match, review)

    # --- the strip ----------------------------------------------------------------------------

    def name_controls(self) -> None:
        """The strip in the language now spoken."""
        if self._panel is not None:
            self._panel.name_controls()
            self._render()

    def apply_theme(self) -> None:
        """The strip in the theme now chosen."""
        if self._panel is not None:
            self._panel.apply_theme()

    def _render(self) -> None:
        if self._panel is None and (self.phase == IDLE or self.match is None):
            return  # no strip, and none to show
        self._draw()
        # the strip takes room from the table: the board on it is placed again
        QTimer.singleShot(0, self, self.window.flow.place_panels)

    def _draw(self) -> None:
        match = self.match
        if self.phase == IDLE or match is None:
            if self._panel is not None:
                self._panel.hide()
            return
        panel = self.panel
        if self.phase == ASKING:
            seats = [s for s in seats_to_offer(match) if has_decision(match, [s])]
            panel.ask_seat(ReviewRunWords.tr("Review whose decisions?"),
                           [(s, display_name(match.seats[s].name)) for s in seats],
                           self._default_seat(match, seats))
            return
        name = self._name(self.seat)
        fair = None if self.fair is None else figure_of(self.fair, name)
        if self.phase == RUNNING:
            done, total = self._progress
            panel.show_progress(progress_text(name, done, total, self.runner.hindsight),
                                done, total, fair if self.runner.hindsight else None)
            return
        if self.phase == FAILED or fair is None:
            panel.show_message(texts.fill(ReviewRunWords.tr("The review stopped: %1"),
                                          self._message))
            return
        hind = None if self.hind is None else hindsight_text(self.hind)
        panel.show_figure(fair, hind, offer_hindsight=self.hind is None, note=self.note)
        panel.watch_button.setVisible(self._can_show(match))

    def _can_show(self, match: Match) -> bool:
        """Whether the marks can be shown on ``match``: watched now, or a game Watch
        again may show (not an unfinished one several people share here)."""
        if self.window.replay is not None and self.target() is match:
            return True
        return match is not self.controller.match or self.controller.can_watch()
