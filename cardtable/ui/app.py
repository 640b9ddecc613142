"""The GUI entry point: the application object and ``main()``.

The window itself is :class:`cardtable.ui.main_window.MainWindow`; this module only
sets up the application (its names and icon from :mod:`cardtable.ui.identity`,
translators) and shows it.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from cardtable.console import make_safe
from cardtable.ui.i18n import install_translators, stored_language
from cardtable.ui.identity import configure_application

if TYPE_CHECKING:  # the window is imported only once the application exists
    from cardtable.ui.main_window import MainWindow


def main(argv: list[str] | None = None) -> int:
    """Run the GUI and return its exit code.

    ``argv`` holds the arguments after the program name (``sys.argv[1:]`` when
    ``None``), the same convention as the command-line entry point; Qt options such
    as ``-platform`` pass through to Qt.  ``--self-check`` runs
    :mod:`cardtable.ui.self_check` instead of the table.
    """
    make_safe()  # a windowed program's console may be missing or unable to show Russian
    args = sys.argv[1:] if argv is None else list(argv)
    if "--self-check" in args:
        from cardtable.ui.self_check import main as self_check

        return self_check(args)
    program = sys.argv[0] if sys.argv and sys.argv[0] else "cardtable"
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([program, *args])
    configure_application(app)
    # the language chosen in Settings, else the environment's or the system's
    install_translators(app, stored_language(QSettings()) or None)
    # Let Ctrl+C in the terminal end the program; Qt's loop would otherwise swallow it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from cardtable.ui.main_window import MainWindow, autosave_location, statistics_location

    files = game_files_in(app.arguments()[1:])
    window = MainWindow(autosave=autosave_location(), open_file=files[0] if files else None,
                        statistics=statistics_location())
    opener = _FileOpener(window)  # macOS hands a double-clicked file over as an event
    app.installEventFilter(opener)
    window.show()
    if os.environ.get("CARDTABLE_BENCH_READY"):
        _quit_when_ready(app, window)
    try:
        return app.exec()
    finally:
        from cardtable.ai import parallel

        parallel.shutdown()  # the search workers end with the program


def game_files_in(args: list[str]) -> list[Path]:
    """The game files named on the command line (a double-clicked file arrives so on
    Windows and Linux); options are Qt's or ours, not files."""
    return [Path(a) for a in args if a and not a.startswith("-")]


class _FileOpener(QObject):
    """Opens the file of a ``QFileOpenEvent`` (macOS: a game file double-clicked, or
    dropped on the program's icon) in the window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            path = event.file()
            if path:
                QTimer.singleShot(0, lambda: self.window.open_path(Path(path)))
            return True
        return False


def _quit_when_ready(app: QApplication, window: MainWindow) -> None:
    """For ``bench gui``: say "ready" once the first deal lies on the table, then quit."""
    def ready(_view: object) -> None:
        # one more turn of the event loop, so the dealt table has been painted
        QTimer.singleShot(0, lambda: (print("ready", flush=True),
                                      window.close(), app.quit()))

    window.scene.synced.connect(ready)


if __name__ == "__main__":
    sys.exit(main())
