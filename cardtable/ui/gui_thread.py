"""What the GUI thread keeps for as long as the application runs: the bridge that
carries worker threads' answers back to it, and the collector that runs Python's
cycle collection in it.

Both belong to the application object: :func:`for_application` makes them, as a
child of the application, the first time a table asks, and they end with it.
"""

from __future__ import annotations

import gc
import itertools

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

_NAME = "cardtable-gui-thread"


class Bridge(QObject):
    """Carries a worker thread's answer back to the GUI thread (a queued signal).

    One bridge serves every controller and lives as long as the application: a worker
    must never hold the last reference to a Qt object, or that object would be
    destroyed in the worker's thread."""

    decided = Signal(object, object)
    hinted = Signal(object, object)
    written = Signal()
    """An autosave writer has news (its outcomes wait in the saver)."""


class Collector(QObject):
    """Python's cycle collection, run in the GUI thread only.

    The automatic collector runs in whichever thread happens to allocate — and a
    computer player's search allocates a great deal in its worker thread.  A Qt
    object freed there (a timer above all) is freed in the wrong thread and later
    crashes the event loop.  So while this collector runs, automatic collection is
    off and the GUI thread collects on a timer instead: the young generation every
    second, everything every ten.  :meth:`stop` puts automatic collection back as it
    was; the application stops it when it ends."""

    INTERVAL_MS = 1000
    FULL_EVERY = 10

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ticks = itertools.count(1)
        self._was_enabled: bool | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.collect)

    @property
    def running(self) -> bool:
        return self._was_enabled is not None

    def start(self) -> None:
        if self.running:
            return
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        if self._was_enabled is None:
            return
        self._timer.stop()
        if self._was_enabled:
            gc.enable()
        self._was_enabled = None

    def collect(self) -> None:
        """One tick: the young generation, or every generation each tenth tick."""
        if next(self._ticks) % self.FULL_EVERY == 0:
            gc.collect()
        else:
            gc.collect(0)


class GuiThread(QObject):
    """The application's bridge and collector (a child of the application)."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.setObjectName(_NAME)
        self.bridge = Bridge(self)
        self.collector = Collector(self)
        if gc.isenabled():  # the collector goes with its owner: collection comes back
            self.destroyed.connect(lambda *_: gc.enable())
        self.collector.start()


def for_application(app: QCoreApplication | None = None) -> GuiThread:
    """The application's :class:`GuiThread`, made (and its collector started) the first
    time it is asked for."""
    owner = app if app is not None else QCoreApplication.instance()
    if owner is None:
        raise RuntimeError("the bridge and the collector belong to an application: "
                           "make one first")
    found = owner.findChild(GuiThread, _NAME)
    return found if isinstance(found, GuiThread) else GuiThread(owner)
