"""The window's start marks the modules PySide6 need not read (they select no
``__feature__``): the mark is the one PySide6 itself consults, so a marked module is
not read and an unmarked one still is."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.ui import startup

feature: Any = importlib.import_module("shibokensupport.feature")  # PySide6 has put it there


def test_every_module_of_the_package_is_named() -> None:
    root = Path(cardtable.__file__).parent
    on_disk = {".".join(("cardtable", *p.relative_to(root).with_suffix("").parts))
               for p in root.rglob("*.py") if "__pycache__" not in p.parts
               and p.name != "__init__.py"}
    named = set(startup.package_modules())
    assert on_disk <= named
    assert {"cardtable", "cardtable.ui", "cardtable.ui.games"} <= named
    # a bundle's way, asked of the same folders: the same modules
    listed = set(startup.listed_modules(str(root)))
    assert on_disk <= listed
    assert listed <= named


def test_marked_modules_are_not_read_and_others_still_are(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = dict(feature.pyside_feature_dict)
    monkeypatch.setattr(feature, "pyside_feature_dict", record)
    read: list[str] = []
    monkeypatch.setattr(feature, "_mod_uses_pyside",
                        lambda module: read.append(module.__name__) or False)
    for name in ("cardtable.ui.file_dialog", "json.decoder", "wave"):
        record.pop(name, None)
    startup.skip_feature_scan()
    for name in ("cardtable.ui.file_dialog", "wave"):
        feature.feature_imported(types.ModuleType(name))
    assert read == []
    # the deliberate bad case: a module nobody marked is read, as PySide6 does
    feature.feature_imported(types.ModuleType("not_a_module_of_ours"))
    assert read == ["not_a_module_of_ours"]
    assert record["cardtable.ui.file_dialog"] == startup.NO_FEATURE
    assert sys.modules.get("not_a_module_of_ours") is None


def test_the_start_holds_collection_for_the_windows_collector() -> None:
    """The command line's and the bundle's start hold Python's collection (the window's
    collector runs it from then on) and the program then starts as before."""
    code = ("import gc\nfrom cardtable.ui import startup\nassert gc.isenabled()\n"
            "startup.begin()\nprint(gc.isenabled())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60, env=dict(os.environ,
                                                            QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
