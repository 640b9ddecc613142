"""The bundle's run-time hook for PySide6, in place of PyInstaller's own.

A run-time hook runs in every process of the program — the program, each search worker
and multiprocessing's resource tracker — before ``freeze_support()`` can send a helper to
its task.  PyInstaller's own PySide6 hook imports ``PySide6.QtCore`` (to register a
``qt.conf``), which would load Qt into every helper.  This one only says where Qt's files
lie; ``packaging/launch.py`` registers the ``qt.conf`` in the program alone.
"""

import os
import sys


def _qt_paths() -> None:
    base = sys._MEIPASS  # type: ignore[attr-defined]  # set by PyInstaller's bootloader
    qt = os.path.join(base, "PySide6") if sys.platform == "win32" else \
        os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")
    os.environ["QML2_IMPORT_PATH"] = os.path.join(qt, "qml")
    if sys.platform == "win32":  # QtNetwork's OpenSSL, should it ever be collected
        os.environ["PATH"] = os.pathsep.join(p for p in (base, os.environ.get("PATH")) if p)


_qt_paths()
