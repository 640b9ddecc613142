"""Entry script for the PyInstaller bundle.

PyInstaller runs its entry script as ``__main__``; importing ``main`` from the package
(instead of pointing PyInstaller at ``cardtable/ui/app.py``) keeps the package's
absolute imports working inside the bundle.
"""

import sys

from cardtable.ui.app import main

if __name__ == "__main__":
    sys.exit(main())
