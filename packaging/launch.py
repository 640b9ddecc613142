"""Entry script for the PyInstaller bundle.

PyInstaller runs its entry script as ``__main__``; importing ``main`` from the package
(instead of pointing PyInstaller at ``cardtable/ui/app.py``) keeps the package's
absolute imports working inside the bundle.

Every process of the program starts here: the program itself, each search worker and
multiprocessing's resource tracker (a bundle has no other interpreter to start them
with).  So nothing above ``freeze_support()`` may import Qt, nor the package:
whatever is imported before it is loaded into every one of those processes too — Qt
costs each of them tens of MiB.
(The bundle's run-time hooks, ``packaging/hooks``, import nothing of Qt either; the
one for multiprocessing loads it in a helper or a worker alone.)
"""

import os
import sys


def register_qt_conf() -> None:
    """In a bundle: tell Qt where its files lie (the ``qt.conf`` PyInstaller's own
    run-time hook would register in every process, here in the program alone)."""
    if not getattr(sys, "frozen", False):
        return
    try:
        from _pyi_rth_utils import qt  # type: ignore[import-not-found]  # in bundles only
    except ImportError:
        return
    base = sys._MEIPASS  # type: ignore[attr-defined]  # set by PyInstaller's bootloader
    prefix = os.path.join(base, "PySide6") if sys.platform == "win32" else \
        os.path.join(base, "PySide6", "Qt")
    qt.create_embedded_qt_conf("PySide6", prefix)


if __name__ == "__main__":
    # A worker or the resource tracker runs its task here and exits; they print nothing
    # of their own.  multiprocessing is loaded by now in those alone (the run-time hook),
    # and its freeze_support() does nothing in any other process.
    if "multiprocessing" in sys.modules:
        sys.modules["multiprocessing"].freeze_support()
    from cardtable.console import make_safe

    # Before anything prints: a windowed program's console may be absent or unable to
    # show Russian.
    make_safe()
    register_qt_conf()
    from cardtable.ui.startup import begin

    begin()  # before the window's modules are imported, as the command line does
    from cardtable.ui.app import main

    sys.exit(main())
