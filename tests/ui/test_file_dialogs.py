"""The file dialogs open where the person keeps files — the folder used last, else the
documents folder, else home — and Qt's own dialog has columns wide enough to read."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QStyle, QTreeView

from cardtable.ui import file_dialog, game_files

pytestmark = pytest.mark.usefixtures("no_translators")


@pytest.fixture
def qs(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The person's documents folder, as the system names it."""
    folder = tmp_path / "My documents"
    folder.mkdir()
    real = QStandardPaths.writableLocation

    def writable(location: QStandardPaths.StandardLocation) -> str:
        documents = QStandardPaths.StandardLocation.DocumentsLocation
        return str(folder) if location == documents else real(location)

    monkeypatch.setattr(QStandardPaths, "writableLocation", writable)
    return folder


def listed(dialog: QFileDialog) -> QTreeView:
    """The dialog's list, once its folder has been read."""
    view = dialog.findChild(QTreeView, "treeView")
    assert view is not None  # Qt's own dialog, as offscreen tests always get
    deadline = time.monotonic() + 60  # a bound on waiting, not a measure of speed
    while not view.model().rowCount(view.rootIndex()) and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.01)
    QCoreApplication.processEvents()
    return view


def test_nothing_remembered_opens_the_documents(qs: QSettings, documents: Path,
                                                qtbot: Any) -> None:
    assert game_files.start_folder(qs) == str(documents)
    assert game_files.RecentFiles(qs).folder() == str(documents)
    dialog = file_dialog.make_file_dialog(None, "Open", game_files.filter_text(),
                                         saving=False, folder=game_files.start_folder(qs))
    qtbot.addWidget(dialog)
    assert Path(dialog.directory().absolutePath()) == documents
    assert dialog.fileMode() == QFileDialog.FileMode.ExistingFile


def test_the_folder_used_last_comes_first_while_it_exists(qs: QSettings, documents: Path,
                                                          tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    game_files.RecentFiles(qs).add(games / "a.cardtable.json")
    assert game_files.start_folder(qs) == str(games)
    game_files.remember_folder(qs, documents / "stats.csv", game_files.EXPORT_FOLDER_KEY)
    assert game_files.start_folder(qs, game_files.EXPORT_FOLDER_KEY) == str(documents)
    assert game_files.start_folder(qs) == str(games)  # each dialog keeps its own
    games.rmdir()
    assert game_files.start_folder(qs) == str(documents)


def test_no_documents_folder_means_home(qs: QSettings, documents: Path) -> None:
    """A fresh Linux account may have no ~/Documents: not the current folder, home."""
    documents.rmdir()
    assert game_files.start_folder(qs) == str(Path.home())


def test_saving_suggests_the_name_and_adds_the_suffix(documents: Path, qtbot: Any) -> None:
    dialog = file_dialog.make_file_dialog(None, "Save", game_files.filter_text(),
                                         saving=True, folder=str(documents),
                                         name="King 2026.cardtable.json",
                                         suffix=game_files.SUFFIX)
    qtbot.addWidget(dialog)
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    assert dialog.defaultSuffix() == "cardtable.json"
    assert dialog.selectedFiles() == [str(documents / "King 2026.cardtable.json")]
    dialog.show()
    dialog.selectFile("typed")
    dialog.accept()
    assert dialog.selectedFiles() == [str(documents / "typed.cardtable.json")]


def elided(view: QTreeView, column: int) -> list[str]:
    """The entries of ``column`` wider than the column (Qt shows them as "JSO…ent")."""
    model, root = view.model(), view.rootIndex()
    metrics = view.fontMetrics()
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    room = view.columnWidth(column) - 2 * margin  # Qt's item delegate leaves this each side
    texts = [str(model.index(r, column, root).data() or "") for r in range(model.rowCount(root))]
    return [t for t in texts if metrics.horizontalAdvance(t) > room]


def test_the_type_and_date_columns_are_readable(documents: Path, qtbot: Any) -> None:
    (documents / "Kings of the long winter evening.cardtable.json").write_text("{}")
    (documents / "Old games").mkdir()
    dialog = file_dialog.make_file_dialog(None, "Open", game_files.filter_text(),
                                         saving=False, folder=str(documents))
    qtbot.addWidget(dialog)
    dialog.show()
    view = listed(dialog)
    assert view.model().rowCount(view.rootIndex()) == 2
    for column in (1, 2, 3):
        assert not elided(view, column), column
    assert view.columnWidth(0) >= 3 * view.columnWidth(2) // 2  # the name has the room
    # a deliberate bad case: Qt's dialog as it comes cuts the type ("JSO…ent")
    plain = QFileDialog(None, "Open", str(documents), game_files.filter_text())
    qtbot.addWidget(plain)
    plain.show()
    assert elided(listed(plain), 2)


def test_sizes_and_dates_follow_the_interface_language(documents: Path, qtbot: Any,
                                                       qapp: Any) -> None:
    from PySide6.QtCore import QLocale

    (documents / "a.cardtable.json").write_text("{}" * 1000)
    dialog = file_dialog.make_file_dialog(None, "Open", game_files.filter_text(),
                                         saving=False, folder=str(documents))
    qtbot.addWidget(dialog)
    dialog.show()
    view = listed(dialog)
    model = dialog.findChild(QFileSystemModel)
    assert model is not None
    source = model.index(str(documents / "a.cardtable.json"))
    row = view.model().index(0, 1, view.rootIndex())
    assert row.data() == QLocale().formattedDataSize(2000)
    assert view.model().index(0, 3, view.rootIndex()).data() == QLocale().toString(
        model.lastModified(source), QLocale.FormatType.ShortFormat)
