"""What the window's start does before the rest of the program is imported.

PySide6 watches every import that follows its own: the first time a module is
imported after it, it reads that module's whole source to see whether the module
asks for one of its ``__feature__`` switches (``snake_case``, ``true_property``).
That is about a tenth of a millisecond a module (typing, dataclasses, json, every
module of this program: some 120 on the way to the first table, about 5 % of the
cold start).  CardTable asks for no feature anywhere, so the modules loaded so far,
the standard library's and the package's own are marked as asking for none, and
PySide6 skips reading them.  Should PySide6 change how it keeps that record, nothing
is marked and the start is as before.

:func:`begin` does that and holds Python's cycle collection until the window's own
collector takes it over; the command line and the bundle's entry call it first.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator

import PySide6.QtCore  # noqa: F401  (installs PySide6's import watch)

NO_FEATURE = -1
"""The watch's own mark for "a module that selects no feature"."""


def package_modules() -> Iterator[str]:
    """The names of every module of the ``cardtable`` package: from its folders, or in
    a bundle (whose folders hold no sources) from the bundle's own archive."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if getattr(sys, "frozen", False):
        return listed_modules(root)
    return walked_modules(root)


def walked_modules(root: str) -> Iterator[str]:
    """The package's modules as its folders hold them (a checkout, an install)."""
    base = os.path.dirname(root)
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_"))]
        package = os.path.relpath(folder, base).replace(os.sep, ".")
        yield package
        for name in files:
            if name.endswith(".py") and name != "__init__.py":
                yield f"{package}.{name[:-3]}"


def listed_modules(root: str, package: str = "cardtable") -> Iterator[str]:
    """The package's modules as Python's importers list them: in a bundle, the
    freezer's archive (PyInstaller's run-time hook for ``pkgutil``, which a bundle
    loads anyway, teaches ``pkgutil`` to list it)."""
    import pkgutil

    yield package
    for found in pkgutil.iter_modules([root], f"{package}."):
        if found.ispkg:
            yield from listed_modules(os.path.join(root, found.name.rsplit(".", 1)[1]),
                                      found.name)
        else:
            yield found.name


def skip_feature_scan() -> int:
    """Mark the modules loaded so far and the package's own as selecting no PySide6
    feature; returns how many were marked (0 if PySide6 keeps no such record)."""
    feature = sys.modules.get("shibokensupport.feature")  # loaded by PySide6's import
    record = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(record, dict):
        return 0
    marked = 0
    for name in [*sys.modules, *sys.stdlib_module_names, *package_modules()]:
        if name not in record:
            record[name] = NO_FEATURE
            marked += 1
    return marked


def begin() -> None:
    """The window's start, before the window's modules are imported (the command line
    and the bundle's entry both call it): Python's cycle collection waits for the
    window's own collector (:mod:`cardtable.ui.gui_thread`, which runs it in the GUI
    thread from the window's first turn on), so the start (some fifty thousand objects:
    Qt's types, the program's modules) is not paused for it; and PySide6's feature
    scan is skipped (see the module)."""
    gc.disable()
    skip_feature_scan()
