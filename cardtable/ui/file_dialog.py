"""The file dialogs that choose game files and exports: Qt's own dialog given room to
read, its columns fitted, sizes and dates in the interface language.

Apart from :mod:`cardtable.ui.game_files` because Qt's file-dialog classes are
needed only when a dialog opens, not on the way to the first table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QIdentityProxyModel, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFileSystemModel,
    QHeaderView,
    QSplitter,
    QTreeView,
    QWidget,
)


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
