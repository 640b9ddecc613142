"""The keeper hands its writes to the store's writer thread and returns at once (the
table never waits on a locked database), and says in a sentence when a result could be
neither recorded nor kept."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal

from cardtable import stats, stats_writer
from cardtable.stats import Statistics
from cardtable.ui import stats_keeper
from cardtable.ui.stats_keeper import StatsKeeper

WAIT_MS = 60_000


class Controller(QObject):
    """What the keeper follows of a game controller."""

    humanActed = Signal(int)
    assisted = Signal(str)
    gameFinished = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.match: Any = None

    def play(self, number: int) -> None:
        seats = [SimpleNamespace(name="Аня", kind="human", level=None),
                 SimpleNamespace(name="Бот", kind="computer", level="normal")]
        self.match = SimpleNamespace(number=number, seats=seats,
                                     game=SimpleNamespace(name="king"),
                                     state=SimpleNamespace(options={"players": 2},
                                                           totals=[3, -3]))
        self.humanActed.emit(0)
        self.gameFinished.emit(None)


@pytest.fixture
def keeper(qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[StatsKeeper, Controller, Statistics]:
    monkeypatch.setattr(stats_keeper, "game_key",
                        lambda match, salt="": f"game {match.number}")
    monkeypatch.setattr(stats_writer, "ATTEMPT_SECONDS", 0.05)
    monkeypatch.setattr(stats_writer, "PATIENCE_SECONDS", 0.3)
    store, problem = Statistics.open(tmp_path / "statistics.sqlite")
    assert problem is None
    controller = Controller()
    return StatsKeeper(lambda: store, controller), controller, store  # type: ignore[arg-type]


def test_the_slots_return_before_a_locked_database_is_written(
        keeper: tuple[StatsKeeper, Controller, Statistics], qtbot: Any) -> None:
    _, controller, store = keeper
    assert store.path is not None
    child = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True)\n"
         "sys.stdin.readline(); c.execute('COMMIT')\n", str(store.path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        controller.play(1)
        # back in the window's hands while both writes still wait for the lock
        assert store.settle(0) >= 2
    finally:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
        child.wait(60)
    controller.play(2)  # the next result takes the first one in with it, in order
    assert store.settle(60) == 0
    assert store.game_count() == 2
    store.close()


def test_a_result_neither_recorded_nor_kept_is_told(
        keeper: tuple[StatsKeeper, Controller, Statistics], qtbot: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    made, controller, store = keeper

    def full(conn: sqlite3.Connection, entry: stats.Entry) -> None:
        exc = sqlite3.OperationalError("database or disk is full")
        exc.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
        raise exc

    def no_room(where: Path, writes: list[stats.Entry]) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(where))

    monkeypatch.setattr(stats_writer, "apply_entry", full)
    monkeypatch.setattr(stats_writer, "write_pending", no_room)
    told: list[str] = []
    made.problem.connect(told.append)
    controller.play(1)
    qtbot.waitUntil(lambda: bool(told), timeout=WAIT_MS)
    assert store.path is not None
    assert "the disk is full" in told[0] and str(store.path.parent) in told[0]
    controller.play(2)  # still failing: told once, not at every result
    store.settle(5)
    qtbot.wait(50)
    assert len(told) == 1
    store.close()


def test_a_kept_result_is_not_told(keeper: tuple[StatsKeeper, Controller, Statistics],
                                   qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bad case of the test above: the same database failure, with the pending file
    working, says nothing."""
    made, controller, store = keeper

    def busy(conn: sqlite3.Connection, entry: stats.Entry) -> None:
        exc = sqlite3.OperationalError("database is locked")
        exc.sqlite_errorcode = sqlite3.SQLITE_BUSY  # type: ignore[attr-defined]
        raise exc

    monkeypatch.setattr(stats_writer, "apply_entry", busy)
    told: list[str] = []
    made.problem.connect(told.append)
    controller.play(1)
    assert store.path is not None
    pending = stats.pending_path_of(store.path)
    qtbot.waitUntil(lambda: len(stats_writer.read_pending(pending)) == 2, timeout=WAIT_MS)
    store.close()
    qtbot.wait(50)
    assert told == []
