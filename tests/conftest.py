"""Shared test set-up.

Qt must pick its platform before the first QApplication exists, so the offscreen
platform is chosen here, at import, for tests run on machines without a display.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

# The GUI driver's checks are plain asserts: let pytest explain them when they fail.
pytest.register_assert_rewrite("ui.gui_driver")
