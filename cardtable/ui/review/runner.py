"""A review run beside play: :func:`cardtable.ai.review.review_match` in a worker
thread, its news brought to the GUI thread.

The worker thread touches no Qt object: it writes its progress and its outcome into a
plain :class:`_Job` under a lock, and a timer of the runner reads them in the GUI
thread.  So the runner (or the window) may go before the thread ends without anything
of Qt being freed or signalled from the wrong thread, and the table never waits: the
search's worker processes are asked for (``SearchWorkers.pool()``, which may start
them) in the worker thread too.

A cancelled run is let go at once — :attr:`ReviewRunner.cancelled` says so and a new
run may start — while its thread ends by itself at the review's next chunk;
:meth:`ReviewRunner.wait` waits for every thread the runner started.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from cardtable.ai import review as review_engine

if TYPE_CHECKING:
    from cardtable.ai.parallel import SearchWorkers
    from cardtable.ai.review import Review
    from cardtable.engine.match import Match

POLL_MS = 40
"""How often the GUI thread looks at the run's news: a progress bar needs no more."""

FINISHED, FAILED, CANCELLED = "finished", "failed", "cancelled"


class _Job:
    """One run's inputs and news, shared by the worker thread and the GUI thread (only
    plain Python here)."""

    def __init__(self, match: Match, seat: int, seed: int, hindsight: bool,
                 workers: SearchWorkers | None) -> None:
        self.match = match
        self.seat = seat
        self.seed = seed
        self.hindsight = hindsight
        self.workers = workers
        self.cancel = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, 0)
        self._outcome: tuple[str, Any] | None = None

    def news(self) -> tuple[tuple[int, int], tuple[str, Any] | None]:
        """The progress (decisions weighed, in all) and the outcome, if it has come."""
        with self._lock:
            return self._progress, self._outcome

    def _note(self, done: int, total: int) -> None:
        with self._lock:
            self._progress = (done, total)

    def run(self) -> None:
        """The worker thread's work: the pool (fair reviews only: hindsight plays the
        true deal here), then the review."""
        outcome: tuple[str, Any]
        try:
            tasks, _forced = review_engine.decisions_of(self.match, self.seat)
            self._note(0, len(tasks))  # the bar counts from the start
            pool = None
            if self.workers is not None and not self.hindsight:
                pool = self.workers.pool()
            done = review_engine.review_match(
                self.match, self.seat, self.seed, hindsight=self.hindsight, pool=pool,
                progress=self._note, cancel=self.cancel)
            outcome = (FINISHED, done)
        except review_engine.ReviewCancelled:
            outcome = (CANCELLED, None)
        except Exception as exc:  # a bug or a broken pool must not end the program
            outcome = (FAILED, exc)
        with self._lock:
            self._outcome = outcome


class ReviewRunner(QObject):
    """Runs one review at a time off the GUI thread and says how it goes."""

    progress = Signal(int, int)
    """(decisions weighed, decisions in all)."""
    finished = Signal(object)
    """The :class:`~cardtable.ai.review.Review`."""
    failed = Signal(str)
    """Why the review stopped (the error's words)."""
    cancelled = Signal()

    def __init__(self, workers: SearchWorkers | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers = workers
        """The search's worker processes (the table controller's), or None: this
        thread's core only."""
        self._job: _Job | None = None
        self._thread: threading.Thread | None = None
        self._threads: list[threading.Thread] = []
        """Every thread started and perhaps not ended yet (cancelled ones end at
        their next chunk)."""
        self._said = (0, 0)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        """A review is under way (and not cancelled)."""
        return self._job is not None

    @property
    def hindsight(self) -> bool:
        """The review under way judges with every card known."""
        return self._job is not None and self._job.hindsight

    def start(self, match: Match, seat: int, seed: int = 0, hindsight: bool = False) -> bool:
        """Review ``seat``'s decisions in ``match`` (a copy is reviewed: the game may go
        on meanwhile); False if a review is under way already."""
        if self._job is not None:
            return False
        copy = match.prefix(match.step_count)
        job = _Job(copy, seat, seed, hindsight, self.workers)
        thread = threading.Thread(target=job.run, name="review", daemon=True)
        self._job, self._thread, self._said = job, thread, (0, 0)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()
        self._timer.start()
        return True

    def cancel(self) -> None:
        """Stop the review under way: said at once, its thread ends at the next chunk."""
        job = self._job
        if job is None:
            return
        job.cancel.set()
        self._job = self._thread = None
        self._timer.stop()
        self.cancelled.emit()

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait (at most ``timeout`` seconds in all) until every thread this runner
        started has ended; False if one has not."""
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        self._threads = [t for t in self._threads if t.is_alive()]
        return not self._threads

    def shutdown(self, timeout: float = 10.0) -> bool:
        """Cancel whatever runs and wait for the threads (the window is closing: the
        worker processes are stopped after this)."""
        self.cancel()
        return self.wait(timeout)

    def alive(self) -> int:
        """How many of the runner's threads have not ended (tests, shutdown)."""
        return sum(1 for t in self._threads if t.is_alive())

    def _poll(self) -> None:
        job = self._job
        if job is None:
            self._timer.stop()
            return
        said, outcome = job.news()
        if said != self._said:
            self._said = said
            self.progress.emit(*said)
        if outcome is None:
            return
        if self._thread is not None:
            self._thread.join()  # its last line is done: it ends now
        self._job = self._thread = None
        self._timer.stop()
        kind, value = outcome
        if kind == FINISHED:
            review: Review = value
            self.finished.emit(review)
        elif kind == FAILED:
            self.failed.emit(str(value) or type(value).__name__)
        else:
            self.cancelled.emit()
