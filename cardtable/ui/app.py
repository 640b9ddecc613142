"""The GUI entry point: the application object and ``main()``.

The window itself is :class:`cardtable.ui.window.main_window.MainWindow`; this module only
sets up the application (its names and icon from :mod:`cardtable.ui.identity`,
translators), makes sure it is the one copy on the account
(:mod:`cardtable.ui.single_instance`) and shows it.  What the GUI thread keeps for the
program's whole run — the bridge from worker threads and the cycle collector — is a
child of the application object (:mod:`cardtable.ui.gui_thread`); the search workers
belong to the window's controller, which stops them.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from cardtable.console import make_safe
from cardtable.ui.i18n import install_translators, stored_language
from cardtable.ui.identity import app_icon, configure_application
from cardtable.ui.startup import skip_feature_scan

if TYPE_CHECKING:  # the window is imported only once the application exists
    from cardtable.ui.single_instance import Guard
    from cardtable.ui.window.main_window import MainWindow


def main(argv: list[str] | None = None) -> int:
    """Run the GUI and return its exit code.

    ``argv`` holds the arguments after the program name (``sys.argv[1:]`` when
    ``None``), the same convention as the command-line entry point; Qt options such
    as ``-platform`` pass through to Qt.  ``--self-check`` runs
    :mod:`cardtable.ui.self_check` instead of the table.
    """
    make_safe()  # a windowed program's console may be missing or unable to show Russian
    skip_feature_scan()  # before the rest of the program is imported
    args = sys.argv[1:] if argv is None else list(argv)
    if "--self-check" in args:
        gc.enable()  # a run of checks, with no window's collector to take collection over
        from cardtable.ui.self_check import main as self_check

        return self_check(args)
    program = sys.argv[0] if sys.argv and sys.argv[0] else "cardtable"
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else Application([program, *args])
    configure_application(app, icon=False)  # the icon once the table is up: see below
    # the language chosen in Settings, else the environment's or the system's
    install_translators(app, stored_language(QSettings()) or None)
    # Let Ctrl+C in the terminal end the program; Qt's loop would otherwise swallow it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from cardtable.ui.window.main_window import MainWindow, autosave_location, statistics_location

    files = game_files_in(app.arguments()[1:])
    autosave = autosave_location()
    # one copy per game kept: the lock lies beside the autosave it guards
    stop, guard = one_copy(autosave.parent, files[0] if files else None)
    if stop is not None:
        return stop
    window = MainWindow(autosave=autosave, open_file=files[0] if files else None,
                        statistics=statistics_location())
    take_opened_files(app, window.open_path)
    window.when_first_painted(lambda: app.setWindowIcon(app_icon()))
    # the computers start thinking once the first table is on the screen
    window.controller.hold_thinking()
    window.when_first_painted(window.controller.release_thinking)
    if guard is not None:
        guard.set_receiver(lambda path: come_forward(window, path))
        window.when_first_painted(guard.listen)  # QtNetwork is not on the way to the table
    window.show()
    if os.environ.get("CARDTABLE_BENCH_READY"):
        _quit_when_ready(app, window)
    try:
        return app.exec()
    finally:
        if guard is not None:
            guard.release()
        window.controller.search_workers.shutdown()  # they end with the program


def one_copy(folder: Path, path: Path | None) -> tuple[int | None, Guard | None]:
    """The exit code if this start is to end at once (``None`` if it runs), and the
    lock and server it holds in ``folder`` as the one copy on the account (kept as
    long as the program runs).  It ends when its file was handed to the copy
    already running (0), or when that copy did not answer (1, said so in a message
    box: a second copy would overwrite the game it keeps).  Whatever goes wrong
    with the lock machinery itself, the program runs."""
    try:
        from cardtable.ui import single_instance as one
    except ImportError as exc:  # a build without QtNetwork
        print(f"cardtable: runs without the one-copy lock ({exc})", file=sys.stderr)
        return None, None
    start = one.claim(folder, path, listen=False)  # it listens once the table is up
    if start.outcome == one.Outcome.UNGUARDED:
        print(f"cardtable: runs without the one-copy lock ({start.reason})", file=sys.stderr)
    elif start.outcome == one.Outcome.NOT_ANSWERING:
        from PySide6.QtWidgets import QMessageBox

        print("cardtable: another copy holds the lock but does not answer", file=sys.stderr)
        QMessageBox.warning(None, QCoreApplication.translate(
            "SingleInstance", "CardTable is already running"), not_answering_text())
        return 1, None
    return (0 if start.outcome == one.Outcome.HANDED_OVER else None), start.guard


def not_answering_text() -> str:
    return QCoreApplication.translate(
        "SingleInstance",
        "CardTable is already running for this account but does not answer. Switch to its "
        "window, or wait a moment and start it again: a second copy would overwrite the "
        "game it keeps.")


def come_forward(window: MainWindow, path: Path | None) -> None:
    """What a later start asks of the running copy: its window in front, and the file
    it was started with opened there (asking first about the game in progress, as
    Open does)."""
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()
    if path is not None:
        window.open_path(path)


def game_files_in(args: list[str]) -> list[Path]:
    """The game files named on the command line (a double-clicked file arrives so on
    Windows and Linux); options are Qt's or ours, not files."""
    return [Path(a) for a in args if a and not a.startswith("-")]


class FileOpenings:
    """The files macOS hands over as a ``QFileOpenEvent`` (a game file double-clicked,
    or dropped on the program's icon): each is opened by ``opener`` in a later turn of
    the event loop; one that comes before there is an opener waits for it."""

    def __init__(self) -> None:
        self._opener: Callable[[Path], object] | None = None
        self._waiting: list[Path] = []

    def set_opener(self, opener: Callable[[Path], object]) -> None:
        self._opener = opener
        waiting, self._waiting = self._waiting, []
        for path in waiting:
            self._open_later(path)

    def take(self, event: QEvent) -> bool:
        """Whether ``event`` was a file handed over (and is now taken care of)."""
        if event.type() != QEvent.Type.FileOpen or not isinstance(event, QFileOpenEvent):
            return False
        if event.file():
            path = Path(event.file())
            if self._opener is None:
                self._waiting.append(path)
            else:
                self._open_later(path)
        return True

    def _open_later(self, path: Path) -> None:
        opener = self._opener
        assert opener is not None
        QTimer.singleShot(0, lambda: opener(path))


class Application(QApplication):
    """The program's application object.  A ``QFileOpenEvent`` is sent to the
    application itself, so it is taken here, in :meth:`event`: an event filter on the
    application would see every event of every object go through Python."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.file_openings = FileOpenings()

    def event(self, event: QEvent) -> bool:
        if self.file_openings.take(event):
            return True
        return super().event(event)


class _FileOpenFilter(QObject):
    """For an application object made before :func:`main` (not an :class:`Application`):
    takes the ``QFileOpenEvent`` as an event filter on it."""

    def __init__(self, app: QApplication, openings: FileOpenings) -> None:
        super().__init__(app)
        self.openings = openings

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        return self.openings.take(event)


def take_opened_files(app: QApplication, opener: Callable[[Path], object],
                      ) -> QObject | None:
    """Open each file the system hands over to ``app`` as an event with ``opener``.

    Only macOS hands files over so (Windows and Linux name them on the command line):
    an application made elsewhere gets the costly filter there alone.  Returns the
    filter installed, if one was."""
    if isinstance(app, Application):
        app.file_openings.set_opener(opener)
        return None
    if sys.platform != "darwin":
        return None
    openings = FileOpenings()
    openings.set_opener(opener)
    opener_filter = _FileOpenFilter(app, openings)
    app.installEventFilter(opener_filter)
    return opener_filter


def _quit_when_ready(app: QApplication, window: MainWindow) -> None:
    """For ``bench gui``: say "ready" once the first deal lies on the table and the
    table has been painted with it (one turn of the event loop after that paint, as
    the minimal window it is weighed against says it), then quit."""
    from cardtable.ui.window.first_paint import FirstPaint

    def said() -> None:
        print("ready", flush=True)
        window.close()
        app.quit()

    def dealt(_view: object) -> None:
        window.scene.synced.disconnect(dealt)
        viewport = window.table.viewport()
        FirstPaint(viewport, window).when_painted(said)  # its next paint
        viewport.update()

    window.scene.synced.connect(dealt)

if __name__ == "__main__":
    sys.exit(main())
