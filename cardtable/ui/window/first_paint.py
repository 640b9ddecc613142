"""Work the first sight of the table need not wait for: run once the table has first
been painted (opening the statistics, listening for a second copy of the program)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class FirstPaint(QObject):
    """Calls its jobs once, in the turn of the event loop after ``painted`` is first
    painted — and not at all once ``window`` has closed by then."""

    def __init__(self, painted: QWidget, window: QWidget) -> None:
        super().__init__(painted)
        self._window = window
        self.done = False
        self._jobs: list[Callable[[], object]] = []
        painted.installEventFilter(self)

    def when_painted(self, job: Callable[[], object]) -> None:
        """Run ``job`` once the table has first been painted (at once if it has)."""
        if self.done:
            job()
        else:
            self._jobs.append(job)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        self.done = True
        jobs, self._jobs = self._jobs, []
        if self._window.isVisible():
            for job in jobs:
                job()
