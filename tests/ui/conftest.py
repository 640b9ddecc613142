"""Fixtures the GUI tests share: the main window on the screen, and the interface in
its source language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from cardtable.ui.i18n import current_language, install_translators
from cardtable.ui.window.main_window import MainWindow
from ui.gui_driver import remove_translators, show_window


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    """The main window at 1200×800, pace instant, shown, no game started."""
    return show_window(qtbot, tmp_path)


@pytest.fixture
def no_translators(qapp: QApplication, tmp_path: Path) -> Iterator[None]:
    """The test starts and ends with no catalogue installed (the English source), and
    the language the translators were last installed for is the one it found."""
    before = current_language()
    remove_translators(qapp)
    yield
    remove_translators(qapp)
    install_translators(qapp, before, directory=tmp_path)
    remove_translators(qapp)
