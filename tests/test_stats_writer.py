"""Statistics keep every result: open finds a file it cannot write, the writer thread
retries a database locked by another process and keeps what is not in yet in a
pending file that the next open applies (once), and a result is lost only when the
database and the pending file both fail — then the listeners are told.

The faults are real where the machine allows (another user, another process, a tiny
tmpfs) and injected at the write otherwise; every wait is bounded."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardtable import stats, stats_writer
from cardtable.stats import SeatEntry, Statistics, begin_entry, finish_entry
from cardtable.stats_writer import Loss, read_pending

START = 1_700_000_000.0
WAIT = 60.0
"""The bound on any wait for the writer thread (never reached when all is well)."""

SEATS = [SeatEntry("Аня", "human", None), SeatEntry("Бот", "computer", "normal"),
         SeatEntry("Бот 2", "computer", "normal")]

REPO = Path(__file__).resolve().parents[1]


def game(key: str) -> list[stats.Entry]:
    """A game's two writes: begun, then finished (Аня won)."""
    return [begin_entry(key, "king", {"players": 3}, SEATS, START),
            finish_entry(key, [5, -2, -3], START + 60)]


def counts(path: Path) -> tuple[int, int, int]:
    """(games, finished games, results) in the file, read by a connection of our own."""
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("SELECT count(*) FROM games").fetchone()[0],
                conn.execute("SELECT count(*) FROM games WHERE finished IS NOT NULL"
                             ).fetchone()[0],
                conn.execute("SELECT count(*) FROM results WHERE finished").fetchone()[0])
    finally:
        conn.close()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    done = threading.Event()
    for _ in range(int(WAIT / 0.02)):
        if condition():
            return
        done.wait(0.02)
    raise AssertionError(f"not within {WAIT} s: {what}")


def pending_of(path: Path) -> Path:
    return stats.pending_path_of(path)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "statistics.sqlite"


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds of attempts short enough for a test (the back-off still runs)."""
    monkeypatch.setattr(stats_writer, "ATTEMPT_SECONDS", 0.05)
    monkeypatch.setattr(stats_writer, "PATIENCE_SECONDS", 0.4)
    monkeypatch.setattr(stats_writer, "RETRY_SECONDS", 3600.0)


def opened(path: Path) -> Statistics:
    store, problem = Statistics.open(path)
    assert problem is None, problem
    return store


def losses(store: Statistics) -> list[Loss]:
    told: list[Loss] = []
    store.recorder().listen(told.append)
    return told


# --- a lock held by another process ---------------------------------------------------------


@contextlib.contextmanager
def locked_by_another_process(path: Path) -> Iterator[subprocess.Popen[str]]:
    """A child process holding ``BEGIN EXCLUSIVE`` until we write a line to it (or the
    test ends)."""
    child = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE')\n"
         "print('locked', flush=True)\n"
         "sys.stdin.readline()\n"
         "c.execute('COMMIT')\n", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        yield child
    finally:
        release(child)


def release(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        assert child.stdin is not None
        with contextlib.suppress(OSError):
            child.stdin.write("go\n")
            child.stdin.flush()
        child.wait(WAIT)


def test_a_lock_longer_than_the_retries_keeps_the_result_pending_for_the_next_open(
        path: Path, quick: None) -> None:
    store = opened(path)
    with locked_by_another_process(path):
        for entry in game("a"):
            store.record(entry)
        wait_until(lambda: len(read_pending(pending_of(path))) == 2,
                   "both writes kept in the pending file")
        assert store.settle(0) == 2  # not in: the window is told so, never made to wait
        store.close()  # the program ends while the lock is still held
        assert len(read_pending(pending_of(path))) == 2
    assert counts(path) == (0, 0, 0)
    kept = pending_of(path).read_bytes()

    again = opened(path)  # the next start applies the pending writes first
    assert again.settle(WAIT) == 0
    again.close()
    assert counts(path) == (1, 1, 1)
    assert not pending_of(path).exists()

    pending_of(path).write_bytes(kept)  # applied again (a crash before the file went)
    third = opened(path)
    assert third.settle(WAIT) == 0
    third.close()
    assert counts(path) == (1, 1, 1)  # nothing counted twice


def test_without_a_pending_file_the_same_lock_loses_the_result(
        path: Path, quick: None) -> None:
    """The bad case: the check above fails when nothing keeps the writes."""
    store = opened(path)
    store.pending_path = None
    told = losses(store)
    with locked_by_another_process(path):
        for entry in game("a"):
            store.record(entry)
        wait_until(lambda: bool(told), "the loss told")
        store.close()
    assert told[0].reason == "busy"
    again = opened(path)
    again.settle(WAIT)
    again.close()
    assert counts(path) == (0, 0, 0)


def test_a_lock_released_during_the_retries_lets_the_result_in(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_writer, "ATTEMPT_SECONDS", 0.05)
    monkeypatch.setattr(stats_writer, "PATIENCE_SECONDS", WAIT)
    store = opened(path)
    told = losses(store)
    with locked_by_another_process(path) as child:
        for entry in game("a"):
            store.record(entry)
        # the first attempt met the lock: the writes wait in the pending file
        wait_until(lambda: pending_of(path).exists(), "the writes kept while retrying")
        release(child)
        assert store.settle(WAIT) == 0
    assert counts(path) == (1, 1, 1)
    assert not pending_of(path).exists()  # gone once everything is in
    assert told == []
    assert store.summaries()[0].won == 1  # the window's own connection reads it
    store.close()


# --- a file that cannot be written ----------------------------------------------------------


def run_as_another_user(code: str, folder: Path, folder_mode: int = 0o777) -> str:
    """Run ``code`` in ``folder`` in a child process that may read but not write the
    database there: as another user when we are root (chmod does not stop root), else
    as ourselves with the file made read-only.  The folder gets ``folder_mode``
    (writable by all, as in the issue, unless told otherwise)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        for parent in folder.parents:  # the way down to it
            if parent == Path(parent.anchor):
                break
            os.chmod(parent, os.stat(parent).st_mode | 0o005)
    os.chmod(folder, folder_mode)
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env,
                              timeout=WAIT, cwd=folder)
    finally:
        os.chmod(folder, 0o755)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


OPEN_AND_RECORD = """
import sys
from pathlib import Path
from cardtable import stats
from cardtable.stats import SeatEntry, Statistics, begin_entry, finish_entry
bad = sys.argv[-1:] == ["bad"]
if bad:  # the check open made before: an empty transaction
    def empty(conn):
        conn.execute("BEGIN IMMEDIATE"); conn.execute("COMMIT")
    stats._check_writable = empty
store, problem = Statistics.open(Path("statistics.sqlite"))
seats = [SeatEntry("Аня", "human", None), SeatEntry("Бот", "computer", "normal")]
store.record(begin_entry("a", "king", {"players": 2}, seats, 1.7e9))
store.record(finish_entry("a", [1, 0], 1.7e9 + 60))
left = store.settle(0 if bad else 60)
store.close()
print(problem.kind if problem else "none", left, store.recorder().last_error)
"""


def read_only_database(path: Path) -> None:
    opened(path).close()
    for side in ("-wal", "-shm"):
        assert not Path(str(path) + side).exists()
    os.chmod(path, 0o444)


@pytest.mark.parametrize("bad", [False, True], ids=["trial write", "bad: empty transaction"])
def test_a_read_only_file_is_found_at_open_and_its_results_kept(path: Path, bad: bool) -> None:
    read_only_database(path)
    code = ("import sys; sys.argv.append('bad')\n" if bad else "") + OPEN_AND_RECORD
    kind = run_as_another_user(code, path.parent).split()[0]
    if bad:  # the old check is fooled: the file passes as writable
        assert kind == "none"
        return
    assert kind == "unwritable"
    assert len(read_pending(pending_of(path))) == 2  # kept beside it, for the next start
    os.chmod(path, 0o644)  # the person gets the file back (root reads it as theirs)
    again = opened(path)
    assert again.settle(WAIT) == 0
    again.close()
    assert counts(path) == (1, 1, 1)


def test_a_read_only_folder_is_found_at_open(path: Path) -> None:
    read_only_database(path)
    out = run_as_another_user(OPEN_AND_RECORD, path.parent, folder_mode=0o555)
    kind, left, error = out.split(maxsplit=2)
    assert kind == "unwritable" and left == "0"  # counted in memory, this run
    assert error.startswith("pending file: ")  # nowhere to keep them (the window told)


# --- a disk that fills after start ----------------------------------------------------------


def full_error() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("database or disk is full")
    exc.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    return exc


class Disk:
    """A statistics folder whose disk fills after the store opens: a 2 MB tmpfs filled
    by a file where we may mount one (root), else the database's writes — and the
    pending file's too, unless ``spare_pending`` — fail with the disk-full errors."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 spare_pending: bool = False) -> None:
        self.folder = tmp_path / "disk"
        self.folder.mkdir()
        self.mounted = not spare_pending and os.geteuid() == 0 and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2M", "tmpfs", str(self.folder)],
            capture_output=True).returncode == 0
        self.path = self.folder / "statistics.sqlite"
        self.filler = self.folder / "filler"
        self.full = threading.Event()
        if not self.mounted:  # injected (a real full disk fails both; here only one may)
            real_apply, real_write = stats_writer.apply_entry, stats_writer.write_pending

            def apply(conn: sqlite3.Connection, entry: stats.Entry) -> None:
                if self.full.is_set():
                    raise full_error()
                real_apply(conn, entry)

            def write(where: Path, writes: list[stats.Entry]) -> None:
                if self.full.is_set() and not spare_pending and writes:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(where))
                real_write(where, writes)

            monkeypatch.setattr(stats_writer, "apply_entry", apply)
            monkeypatch.setattr(stats_writer, "write_pending", write)

    def fill(self) -> None:
        self.full.set()
        if self.mounted:
            with contextlib.suppress(OSError), open(self.filler, "wb") as f:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()

    def free(self) -> None:
        self.full.clear()
        with contextlib.suppress(FileNotFoundError):
            self.filler.unlink()

    def unmount(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.folder)], check=True)


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    made = Disk(tmp_path, monkeypatch)
    yield made
    made.unmount()


def test_a_full_disk_that_spares_the_pending_file_keeps_the_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick: None) -> None:
    disk = Disk(tmp_path, monkeypatch, spare_pending=True)
    path = disk.path
    store = opened(path)
    told = losses(store)
    disk.fill()
    for entry in game("a"):
        store.record(entry)
    wait_until(lambda: len(read_pending(pending_of(path))) == 2, "kept pending")
    store.close()
    assert told == []  # kept, so nothing lost: nobody is bothered
    disk.free()
    again = opened(path)
    assert again.settle(WAIT) == 0
    again.close()
    assert counts(path) == (1, 1, 1)


def test_a_full_disk_that_takes_both_tells_and_keeps_trying(disk: Disk, quick: None) -> None:
    path = disk.path
    store = opened(path)
    told = losses(store)
    disk.fill()
    for entry in game("a"):
        store.record(entry)
    wait_until(lambda: bool(told), "the loss told")
    assert told[0].reason == "full" and told[0].folder == path.parent
    disk.free()  # room again while the program runs: the next write takes the rest in
    for entry in game("b"):
        store.record(entry)
    assert store.settle(WAIT) == 0
    store.close()
    assert counts(path) == (2, 2, 2)
    assert len(told) == 1  # once, not per write


# --- the pending file itself ----------------------------------------------------------------


def test_a_malformed_write_is_dropped_not_kept_for_ever(path: Path) -> None:
    store = opened(path)
    store.record(game("a")[0])
    store.record(finish_entry("a", [1, 2], START))  # two totals for three players
    store.record(game("a")[1])
    assert store.settle(WAIT) == 0
    assert store.recorder().last_error is not None
    assert "2 totals for 3 players" in store.recorder().last_error
    store.close()
    assert counts(path) == (1, 1, 1) and not pending_of(path).exists()


def test_a_damaged_pending_file_is_set_aside(path: Path) -> None:
    opened(path).close()
    pending_of(path).write_text("{not json", encoding="utf-8")
    store = opened(path)
    assert store.settle(WAIT) == 0
    store.close()
    kept = list((path.parent / "damaged").iterdir())
    assert [p.read_text(encoding="utf-8") for p in kept] == ["{not json"]


def test_the_pending_file_is_bounded_and_its_limit_told(
        path: Path, monkeypatch: pytest.MonkeyPatch, quick: None) -> None:
    monkeypatch.setattr(stats_writer, "MAX_PENDING", 3)
    store = opened(path)
    told = losses(store)
    with locked_by_another_process(path):
        for key in "ab":
            for entry in game(key):
                store.record(entry)
        wait_until(lambda: bool(told), "the limit told")
        assert told[0].reason == "busy" and "more than 3" in told[0].detail
        assert len(read_pending(pending_of(path))) <= 3
        store.close()


def test_statistics_in_memory_keep_the_results_in_the_pending_file(tmp_path: Path) -> None:
    """The file is written by a newer CardTable?  No: one that cannot be used — here a
    folder where the database should be; the results are counted this run and kept."""
    path = tmp_path / "statistics.sqlite"
    path.mkdir()
    store, problem = Statistics.open(path)
    assert problem is not None and problem.kind == "unwritable"
    for entry in game("a"):
        store.record(entry)
    assert store.settle(WAIT) == 0
    assert store.summaries()[0].won == 1
    store.close()
    assert len(read_pending(pending_of(path))) == 2
    shutil.rmtree(path)
    again = opened(path)
    assert again.settle(WAIT) == 0
    again.close()
    assert counts(path) == (1, 1, 1)
