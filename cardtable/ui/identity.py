"""The program's identity on the desktop: its name, version and icon, and the
application-wide names Qt keeps settings under.  Kept apart from the entry point so
that the window and the self-check can use them without importing it."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

APP_NAME = "CardTable"
"""Product name: the window title and the settings' application name; never translated."""

ICON_PATH = Path(__file__).resolve().parent / "resources" / "icon.svg"
"""Installed copy of ``assets/icon.svg``; shipped as package data so wheels and bundles find it."""


def app_version() -> str:
    """The program's version (``pyproject.toml`` is its one source)."""
    import cardtable

    return cardtable.__version__


def app_icon() -> QIcon:
    """The application icon; an empty icon (not an error) if the SVG is missing."""
    return QIcon(str(ICON_PATH)) if ICON_PATH.is_file() else QIcon()


def configure_application(app: QCoreApplication, icon: bool = True) -> None:
    """Names used by QSettings/QStandardPaths and the desktop shell; set before any window.
    Without ``icon`` the caller sets the icon itself, later (the program does once its
    table is on the screen: reading the icon loads Qt's SVG icon engine)."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(app_version())
    if isinstance(app, QApplication):
        app.setDesktopFileName("cardtable")
        if icon:
            app.setWindowIcon(app_icon())


def program_folder(kind: QStandardPaths.StandardLocation) -> Path | None:
    """Where the program keeps its data (``AppDataLocation``) or its cache, named once.

    Qt names such a folder after the organization and then the application, which are
    both CardTable: ``…/CardTable/CardTable``.  The program uses ``…/CardTable``, and
    whatever an earlier version kept in the inner folder is moved up into it (an entry
    already there is left where it is: nothing is overwritten, nothing lost)."""
    found = QStandardPaths.writableLocation(kind)
    if not found:
        return None
    folder = Path(found)
    if folder.name != APP_NAME or folder.parent.name != APP_NAME:
        return folder
    outer = folder.parent
    if folder.is_dir():
        for entry in list(folder.iterdir()):
            target = outer / entry.name
            if not target.exists():
                with contextlib.suppress(OSError):
                    os.replace(entry, target)
        with contextlib.suppress(OSError):
            folder.rmdir()  # only if nothing was left in it
    return outer
