"""The application owns the bridge and the collector: one of each for every table,
automatic cycle collection off while the collector runs and back after it."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.ui import gui_thread
from cardtable.ui.controller import GameController
from cardtable.ui.gui_thread import Collector


@pytest.fixture
def collection_on() -> Iterator[None]:
    """Automatic collection on for the test, put back as it was after it."""
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_every_controller_shares_the_applications_bridge_and_collector(qapp: Any) -> None:
    first, second = GameController(), GameController()
    owned = gui_thread.for_application()
    assert owned.parent() is qapp  # the application owns them
    assert gui_thread.for_application(qapp) is owned
    assert first._bridge is second._bridge is owned.bridge
    assert owned.collector.running and not gc.isenabled()
    first.stop()
    second.stop()


def test_the_collector_turns_automatic_collection_off_and_back(qapp: Any,
                                                               collection_on: None) -> None:
    collector = Collector()
    collector.start()
    assert not gc.isenabled() and collector.running
    collector.stop()
    assert gc.isenabled() and not collector.running
    gc.disable()
    collector.start()
    collector.stop()
    assert not gc.isenabled()  # it was off before: it stays off


def test_the_collector_collects_the_young_every_tick_and_all_every_tenth(
        qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, ...]] = []
    monkeypatch.setattr(gc, "collect", lambda *generation: calls.append(generation) or 0)
    collector = Collector()
    for _ in range(20):
        collector.collect()
    assert calls == ([(0,)] * 9 + [()]) * 2


def test_collection_comes_back_when_the_application_ends() -> None:
    script = ("import gc, sys\n"
              "from PySide6.QtCore import QCoreApplication\n"
              "from cardtable.ui import gui_thread\n"
              "app = QCoreApplication([])\n"
              "gui_thread.for_application()\n"
              "print(gc.isenabled())\n"
              "del app\n"
              "import shiboken6\n"
              "shiboken6.delete(QCoreApplication.instance())\n"
              "print(gc.isenabled())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert out == ["False", "True"]
