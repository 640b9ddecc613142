"""Game files: the record's file name, the recent files of the Game menu, the file
dialogs that choose them, and what to say of a file that cannot be opened — in the
player's language, naming the fault.

A game file is the record of ``record-format.md`` saved as ``<name>.cardtable.json``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QIdentityProxyModel,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QSettings,
    QStandardPaths,
    Qt,
)
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFileSystemModel,
    QHeaderView,
    QSplitter,
    QTreeView,
    QWidget,
)

from cardtable.engine import record
from cardtable.ui import texts

SUFFIX = ".cardtable.json"
RECENT_KEY = "files/recent"
FOLDER_KEY = "files/folder"
"""The folder a game file was last opened from or saved to."""
EXPORT_FOLDER_KEY = "files/export_folder"
"""The folder the statistics were last exported to."""
MAX_RECENT = 8


class GameFiles:
    """The translation context of this module: ``GameFiles.tr(text)`` (``lupdate``
    files the words under the class's name)."""

    @staticmethod
    def tr(text: str) -> str:
        return QCoreApplication.translate("GameFiles", text)


def with_suffix(path: str | Path) -> Path:
    """``path``, with ``.cardtable.json`` added to a name that has no suffix at all (a
    file dialog that does not add the default one itself)."""
    path = Path(path)
    return path if path.suffix else path.with_name(path.name + SUFFIX)


def default_name(title: str, now: float | None = None) -> str:
    """A file name for a game saved now: the game and the time, nothing a file system
    refuses."""
    stamp = time.strftime("%Y-%m-%d %H-%M", time.localtime(now))
    safe = "".join(c for c in title if c.isalnum() or c in " -_") or "CardTable"
    return f"{safe} {stamp}{SUFFIX}"


def filter_text() -> str:
    return GameFiles.tr("CardTable games (*.cardtable.json);;All files (*)")


class RecentFiles:
    """The files opened or saved last, newest first, kept in the settings (a damaged
    or hand-edited value reads as an empty list)."""

    def __init__(self, qs: QSettings) -> None:
        self.qs = qs

    def paths(self) -> list[Path]:
        raw = self.qs.value(RECENT_KEY, "[]")
        try:
            items = json.loads(raw) if isinstance(raw, str) and len(raw) < 100_000 else []
        except ValueError:
            items = []
        if not isinstance(items, list):
            return []
        return [Path(p) for p in items if isinstance(p, str) and p][:MAX_RECENT]

    def _store(self, paths: list[Path]) -> None:
        self.qs.setValue(RECENT_KEY, json.dumps([str(p) for p in paths[:MAX_RECENT]]))

    def add(self, path: Path) -> None:
        path = path.absolute()
        self._store([path, *(p for p in self.paths() if p != path)])
        self.qs.setValue(FOLDER_KEY, str(path.parent))

    def remove(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != path.absolute()])

    def clear(self) -> None:
        self._store([])

    def folder(self, fallback: str | None = None) -> str:
        """Where the file dialogs open: the folder used last, if it still exists, else
        ``fallback`` (the person's documents when not given)."""
        return start_folder(self.qs, FOLDER_KEY, fallback)


def documents_folder() -> str:
    """The person's documents folder (``QStandardPaths``), or the home folder when the
    system names none or it does not exist (a fresh Linux account may have no
    ``~/Documents``)."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def start_folder(qs: QSettings, key: str = FOLDER_KEY, fallback: str | None = None) -> str:
    """Where a file dialog opens: the folder stored under ``key`` if it still exists,
    else ``fallback``, else the person's documents."""
    try:
        last = qs.value(key, "")
    except Exception:  # a damaged settings file: as if nothing were stored
        last = ""
    if isinstance(last, str) and last and Path(last).is_dir():
        return last
    return fallback if fallback is not None else documents_folder()


def remember_folder(qs: QSettings, path: str | Path, key: str = FOLDER_KEY) -> None:
    """Keep the folder of ``path`` (a file chosen) as where the next dialog opens."""
    qs.setValue(key, str(Path(path).absolute().parent))


def make_file_dialog(parent: QWidget | None, title: str, filters: str, *, saving: bool,
                     folder: str, name: str = "", suffix: str = "") -> QFileDialog:
    """A file dialog to open a file (one that exists) or to save one, opening in
    ``folder`` with ``name`` suggested.  ``filters`` are Qt's (``"Games (*.x);;All
    files (*)"``), the first chosen; ``suffix`` is added to a name typed without one.
    The platform's own dialog where it has one; Qt's, where it is used, gets room and
    columns wide enough to read the type and date (Qt leaves them a few letters
    wide)."""
    dialog = QFileDialog(parent, title, folder, filters)
    dialog.setObjectName("saveFile" if saving else "openFile")
    if saving:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        if suffix:
            dialog.setDefaultSuffix(suffix.lstrip("."))
        if name:
            dialog.selectFile(str(Path(folder) / name))
    else:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    _give_room(dialog)
    return dialog


def chosen_file(dialog: QFileDialog) -> str:
    """Show ``dialog`` and wait: the file chosen, or ``""`` if none."""
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return ""
    return dialog.selectedFiles()[0]


DIALOG_SIZE_EM = (64, 34)
"""Qt's own file dialog's size in lines of text (wide, high): room for a name, its
size, type and date side by side; never more than the screen's nine tenths."""
SIDEBAR_EM = 11
"""The width of the dialog's places (home, computer) in lines of text."""
TYPE_COLUMN_EM = 14
"""The widest the type column grows to fit its longest entry, in lines of text."""


def _give_room(dialog: QFileDialog) -> None:
    """Size Qt's widget dialog to read, and fit its columns whenever a folder is listed
    (nothing when the platform's native dialog is used: it has no such widgets)."""
    view = dialog.findChild(QTreeView, "treeView")
    model = dialog.findChild(QFileSystemModel)
    if view is None or model is None:
        return
    dialog.setProxyModel(InterfaceLocaleColumns(dialog))
    em = dialog.fontMetrics().height()
    width, height = (n * em for n in DIALOG_SIZE_EM)
    screen = (dialog.parentWidget() or dialog).screen()
    if screen is not None:
        room = screen.availableGeometry()
        width, height = min(width, int(room.width() * 0.9)), min(height,
                                                                int(room.height() * 0.9))
    hint = dialog.sizeHint()
    dialog.resize(max(width, hint.width()), max(height, hint.height()))
    splitter = dialog.findChild(QSplitter, "splitter")
    if splitter is not None and splitter.count() == 2:  # places, then the list
        places = SIDEBAR_EM * em
        splitter.setSizes([places, max(dialog.width() - places, places)])
    header = view.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(em * 2)
    fit_columns(view, TYPE_COLUMN_EM * em)
    model.directoryLoaded.connect(lambda _path: fit_columns(view, TYPE_COLUMN_EM * em))


class InterfaceLocaleColumns(QIdentityProxyModel):
    """Qt's file list with its sizes and dates written the interface language's way
    ("2 байта", "05.12.2026 03:13" in Russian): Qt writes them the system's way, which
    mixes languages when the program speaks another one than the system."""

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        source = self.sourceModel()
        if role == Qt.ItemDataRole.DisplayRole and isinstance(source, QFileSystemModel) \
                and index.column() in (1, 3):
            inner = self.mapToSource(index)
            if index.column() == 1 and not source.isDir(inner):
                return QLocale().formattedDataSize(source.size(inner))
            if index.column() == 3:
                return QLocale().toString(source.lastModified(inner),
                                          QLocale.FormatType.ShortFormat)
        return super().data(index, role)


def fit_columns(view: QTreeView, widest: int) -> None:
    """Size, type and date as wide as their entries and headings (the type at most
    ``widest``); the name takes the rest."""
    for column in range(1, view.header().count()):
        view.resizeColumnToContents(column)
        if view.columnWidth(column) > widest:
            view.setColumnWidth(column, widest)


def cannot_open_text(path: Path, exc: record.RecordError) -> str:
    """Why ``path`` was refused, in the player's words: what kind of fault, and where
    in the game it lies (deal and move counted from 1)."""
    reasons = {
        "unreadable": GameFiles.tr("the file could not be read"),
        "rules": GameFiles.tr("a move in it breaks the rules, so the file is damaged"),
        "newer": GameFiles.tr("it was saved by a newer version of CardTable, which this version "
                    "cannot read"),
        "too_large": GameFiles.tr("it is far too large to be a CardTable game, so it was not "
                                  "read"),
    }
    if exc.kind == "not_a_file":
        reason = not_a_file_reason(exc.file_type)
    else:
        reason = reasons.get(exc.kind,
                             GameFiles.tr("the file is damaged or is not a CardTable game"))
    text = texts.fill(GameFiles.tr("“%1” cannot be opened: %2."), path.name, reason)
    if exc.deal is not None and exc.action is not None:
        text += " " + texts.fill(GameFiles.tr("The fault is in deal %1, move %2."), exc.deal + 1,
                                 exc.action + 1)
    elif exc.deal is not None:
        text += " " + texts.fill(GameFiles.tr("The fault is in deal %1."), exc.deal + 1)
    text += "\n\n" + GameFiles.tr("The file was not changed, and the game on the table goes on.")
    return text


def not_a_file_reason(file_type: str | None) -> str:
    """What a path that is not a game file is (:data:`record.FILE_TYPES`), as a reason
    it cannot be opened.  Nothing was read from it: a pipe or a device could have held
    the program up."""
    reasons = {
        "folder": GameFiles.tr("it is a folder, not a file"),
        "fifo": GameFiles.tr("it is a named pipe (FIFO), not a file"),
        "device": GameFiles.tr("it is a device, not a file"),
        "socket": GameFiles.tr("it is a socket, not a file"),
    }
    return reasons.get(file_type or "", GameFiles.tr("it is not an ordinary file"))


def cannot_open_detail(exc: record.RecordError) -> str:
    """The fault itself, for "Show details": the rule a move breaks in the player's
    language, else the loader's own words."""
    if exc.illegal is not None:
        return texts.illegal_reason(exc.illegal)
    return str(exc)
