"""Entry script for the PyInstaller bundle.

PyInstaller runs its entry script as ``__main__``; importing ``main`` from the package
(instead of pointing PyInstaller at ``cardtable/ui/app.py``) keeps the package's
absolute imports working inside the bundle.
"""

import multiprocessing
import sys

from cardtable.ui.app import main

if __name__ == "__main__":
    # A frozen program that starts worker processes must let them run their task
    # instead of a second copy of the program (a no-op when not frozen).
    multiprocessing.freeze_support()
    sys.exit(main())
