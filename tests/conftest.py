"""Shared test set-up.

Qt must pick its platform before the first QApplication exists, so the offscreen
platform is chosen here, at import, for tests run on machines without a display.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
