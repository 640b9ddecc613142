"""The program's identity on the desktop: its name, version and icon, and the
application-wide names Qt keeps settings under.  Kept apart from the entry point so
that the window and the self-check can use them without importing it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from cardtable import __version__

APP_NAME = "CardTable"
"""Product name: the window title and the settings' application name; never translated."""

ICON_PATH = Path(__file__).resolve().parent / "resources" / "icon.svg"
"""Installed copy of ``assets/icon.svg``; shipped as package data so wheels and bundles find it."""


def app_version() -> str:
    """The program's version (``pyproject.toml`` is its one source)."""
    return __version__


def app_icon() -> QIcon:
    """The application icon; an empty icon (not an error) if the SVG is missing."""
    return QIcon(str(ICON_PATH)) if ICON_PATH.is_file() else QIcon()


def configure_application(app: QCoreApplication) -> None:
    """Names used by QSettings/QStandardPaths and the desktop shell; set before any window."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(app_version())
    if isinstance(app, QApplication):
        app.setDesktopFileName("cardtable")
        app.setWindowIcon(app_icon())
