"""Qt's own dialogs speak the program's language: the file dialog's labels, buttons and
types and the message box's standard buttons are Russian in a Russian program — at
start and after a switch in Settings — and English again after switching back, the
dialogs already open included.

Qt's Russian catalogue lacks some of its own file dialog's words (Qt 6 renamed them);
the program's catalogue carries them (``i18n.QT_GAPS``).
"""

from __future__ import annotations

import re
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QTreeView,
)

from cardtable.ui import game_files, i18n
from cardtable.ui.file_dialog import make_file_dialog
from ui.gui_driver import remove_translators, show_window
from ui.test_app import lrelease

REPO = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[А-Яа-яЁё]")
LATIN = re.compile("[A-Za-z]")
LABELS = ("lookInLabel", "fileNameLabel", "fileTypeLabel")
"""Qt's names of the file dialog's three labels."""

pytestmark = pytest.mark.usefixtures("no_translators")


def file_dialog(parent: Any, folder: Path, saving: bool = False) -> QFileDialog:
    (folder / "Old games").mkdir(exist_ok=True)
    dialog = make_file_dialog(parent, "Open", game_files.filter_text(),
                              saving=saving, folder=str(folder))
    assert dialog.findChild(QTreeView, "treeView") is not None  # Qt's own, not native
    return dialog


def dialog_words(dialog: QFileDialog) -> list[str]:
    """What Qt itself writes on the dialog: its labels, its buttons, the type of a
    folder in the list (the program's own title and filter are not Qt's)."""
    labels = [dialog.findChild(QLabel, name) for name in LABELS]
    buttons = dialog.findChild(QDialogButtonBox, "buttonBox")
    view = dialog.findChild(QTreeView, "treeView")
    assert None not in labels and buttons is not None and view is not None
    words = [label.text() for label in labels if label is not None]
    words += [button.text() for button in buttons.buttons()]
    model = view.model()
    deadline = time.monotonic() + 60  # a bound on waiting, not a measure of speed
    while not model.rowCount(view.rootIndex()) and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.01)
    root = view.rootIndex()
    folder_type = [model.index(r, 2, root).data() for r in range(model.rowCount(root))
                   if model.index(r, 0, root).data() == "Old games"]
    assert folder_type, "the dialog never listed its folder"
    return words + folder_type


def box_words() -> list[str]:
    buttons = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Question, "", "",
                      buttons.Save | buttons.Discard | buttons.Cancel | buttons.Yes
                      | buttons.No | buttons.Close)
    return [button.text() for button in box.buttons()]


def russian(words: list[str]) -> bool:
    return all(CYRILLIC.search(w) and not LATIN.search(w) for w in words)


def english(words: list[str]) -> bool:
    return all(LATIN.search(w) and not CYRILLIC.search(w) for w in words)


@pytest.mark.parametrize("when", ["at start", "after a switch"])
def test_qt_dialogs_speak_russian_and_english_again(qtbot: Any, tmp_path: Path,
                                                    when: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    win = show_window(qtbot, tmp_path)
    if when == "at start":
        i18n.install_translators(app, "ru")  # as the program starts in Russian
    else:
        win.set_language("en")
        english_dialog = file_dialog(win, tmp_path)  # open while the language changes
        english_dialog.show()
        assert english(dialog_words(english_dialog))
        win.set_language("ru")
        QCoreApplication.processEvents()
        assert russian(dialog_words(english_dialog)), dialog_words(english_dialog)
        english_dialog.close()
    for saving in (False, True):
        dialog = file_dialog(win, tmp_path, saving)
        dialog.show()
        assert russian(dialog_words(dialog)), dialog_words(dialog)
        dialog.close()
    assert russian(box_words()), box_words()
    open_dialog = file_dialog(win, tmp_path)
    open_dialog.show()
    win.set_language("en")  # and back: nothing of Qt's Russian catalogue is left
    QCoreApplication.processEvents()
    assert english(dialog_words(open_dialog)), dialog_words(open_dialog)
    assert english(dialog_words(file_dialog(win, tmp_path))), "a new dialog"
    assert english(box_words()), box_words()


def test_the_check_fails_without_the_words_qt_lacks(qtbot: Any, tmp_path: Path) -> None:
    """A deliberate bad case: the program's catalogue without ``QT_GAPS`` (as before)
    leaves "&Look in:", "Files of &type:" and "Folder" English in a Russian dialog."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    tree = ET.parse(REPO / "translations" / "cardtable_ru.ts")
    qt_contexts = {context for context, _ in i18n.QT_GAPS}
    for context in list(tree.getroot()):
        if context.findtext("name") in qt_contexts:
            tree.getroot().remove(context)
    tree.write(tmp_path / "cardtable_ru.ts", encoding="utf-8")
    subprocess.run([lrelease(), "-silent", str(tmp_path / "cardtable_ru.ts"), "-qm",
                    str(tmp_path / "cardtable_ru.qm")], check=True)
    i18n.install_translators(app, "ru", directory=tmp_path)
    win = show_window(qtbot, tmp_path)
    words = dialog_words(file_dialog(win, tmp_path))
    assert not russian(words)
    assert {"&Look in:", "Files of &type:", "Folder"} <= set(words)


def test_the_check_fails_when_qts_old_catalogue_stays(qtbot: Any, tmp_path: Path) -> None:
    """A deliberate bad case: a switch to English that leaves Qt's Russian catalogue
    installed (the program's alone removed) keeps Qt's words Russian."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    win = show_window(qtbot, tmp_path)
    i18n.install_translators(app, "ru")
    qt_russian = QTranslator(app)
    path = i18n.qt_catalogue("ru")
    assert path is not None and qt_russian.load(str(path))
    win.set_language("en")
    app.installTranslator(qt_russian)  # what a switch that forgot Qt's catalogue leaves
    try:
        assert not english(box_words())
        assert not english(dialog_words(file_dialog(win, tmp_path)))
    finally:
        remove_translators(app)


def test_qt_gaps_are_in_the_russian_catalogue() -> None:
    """Every word Qt's catalogue lacks has a finished Russian translation in the
    program's."""
    tree = ET.parse(REPO / "translations" / "cardtable_ru.ts")
    found = {(ctx.findtext("name"), m.findtext("source")): m.find("translation")
             for ctx in tree.getroot() for m in ctx.iter("message")}
    for key in i18n.QT_GAPS:
        translation = found.get(key)
        assert translation is not None, key
        assert translation.get("type") is None and CYRILLIC.search(translation.text or "")
