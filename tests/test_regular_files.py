"""Only regular files are read as game files: a named pipe (FIFO), a device, a socket, a
folder or a file over the size limit is refused before any read, with words saying
what it is — in ``replay``, and wherever a record is loaded (Open, the command line and
the autosave go through :func:`record.read_file`).  A pipe would otherwise hang the
program, a device never end the read, a huge file fill the memory."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from record_files import ROOT, FifoReaders

from cardtable import saves
from cardtable.engine import record

LIMIT = record.MAX_BYTES


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.cardtable.json"
    os.mkfifo(path)
    return path


@pytest.fixture
def unix_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)  # a socket's path is short: bound by a relative name
    with socket.socket(socket.AF_UNIX) as s:
        s.bind("socket.cardtable.json")
        yield tmp_path / "socket.cardtable.json"


def sparse_file(path: Path, size: int) -> Path:
    with open(path, "wb") as f:
        f.truncate(size)  # no block written: the size costs nothing on the disk
    return path


def refusal(path: Path) -> record.RecordError:
    with pytest.raises(record.RecordError) as caught:
        record.read_file(path)
    return caught.value


def test_a_named_pipe_is_refused_without_being_opened(fifo: Path) -> None:
    with FifoReaders(fifo) as readers:
        exc = refusal(fifo)
        assert stat.S_ISFIFO(fifo.lstat().st_mode)  # left where it is, untouched
        found = saves.resume(fifo)  # a pipe where the autosave is: nothing to resume
    assert (exc.kind, exc.file_type) == ("not_a_file", "fifo")
    assert str(exc) == "not a game file: it is a named pipe (FIFO)"
    assert found.match is None
    assert readers.count == 0


SWAPPED = """
import os, sys
from cardtable.engine import record
fifo, regular = sys.argv[1:]
real_stat = os.stat
record.os.stat = lambda path, *a, **k: real_stat(regular if path == fifo else path)
try:
    record.read_file(fifo)
except record.RecordError as exc:
    print(exc.kind, exc.file_type)
"""


def test_a_pipe_swapped_in_after_the_check_is_refused_without_waiting(
        fifo: Path, tmp_path: Path) -> None:
    """The path is a regular file when it is checked and a pipe when it is opened: the
    open does not wait for a writer (one never comes), and the pipe is refused unread.
    In a process of its own, so that a wait is a bounded failure, not a hung suite."""
    regular = tmp_path / "regular.json"
    regular.write_text("{}")
    done = subprocess.run([sys.executable, "-c", SWAPPED, str(fifo), str(regular)],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=120)
    assert done.stdout == "not_a_file fifo\n", done.stderr


@pytest.mark.parametrize(("name", "file_type", "words"), [
    ("folder", "folder", "a folder"),
    ("device", "device", "a device"),
    ("socket", "socket", "a socket"),
])
def test_what_is_not_a_file_is_named(name: str, file_type: str, words: str,
                                     tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if name == "folder":
        path = tmp_path / "folder.cardtable.json"
        path.mkdir()
    elif name == "device":
        path = Path(os.devnull)
    else:
        path = request.getfixturevalue("unix_socket")
    exc = refusal(path)
    assert (exc.kind, exc.file_type) == ("not_a_file", file_type)
    assert str(exc) == f"not a game file: it is {words}"
    assert exc.to_json()["ok"] is False


def test_an_oversized_file_is_refused_unread(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    big = sparse_file(tmp_path / "big.cardtable.json", 64 * 1024 ** 3)

    def no_open(*args: object, **kwargs: object) -> int:
        raise AssertionError("an oversized file was opened")

    monkeypatch.setattr(record.os, "open", no_open)
    exc = refusal(big)
    assert exc.kind == "too_large"
    assert str(exc) == f"file too large ({64 * 1024 ** 3} bytes; the limit is {LIMIT})"


def test_a_file_that_grows_after_the_check_is_read_no_further_than_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked while small, over the limit when opened: the opened file is checked."""
    path = sparse_file(tmp_path / "growing.cardtable.json", LIMIT + 1)
    small = tmp_path / "small.json"
    small.write_text("{}")
    real_stat = os.stat
    monkeypatch.setattr(record.os, "stat",
                        lambda p, *a, **k: real_stat(small if p == path else p))
    assert refusal(path).kind == "too_large"


def test_a_file_at_the_limit_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.cardtable.json"
    path.write_bytes(b"{}" + b" " * (LIMIT - 2))
    assert record.read_file(path) == {}


def replay(path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m cardtable replay PATH``; the bound only keeps a hang from stopping
    the suite (a refusal takes as long as starting Python)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_replay_refuses_a_named_pipe_and_ends(fifo: Path) -> None:
    done = replay(fifo)  # the old read waited for a writer for ever: TimeoutExpired
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout) == {
        "ok": False, "deal": None, "action": None,
        "error": "not a game file: it is a named pipe (FIFO)"}
    assert "Traceback" not in done.stderr


def test_replay_refuses_what_is_not_a_game_file(tmp_path: Path, unix_socket: Path) -> None:
    folder = tmp_path / "folder.cardtable.json"
    folder.mkdir()
    big = sparse_file(tmp_path / "big.cardtable.json", 64 * 1024 ** 3)
    expected = {folder: "not a game file: it is a folder",
                Path(os.devnull): "not a game file: it is a device",
                unix_socket: "not a game file: it is a socket",
                big: f"file too large ({64 * 1024 ** 3} bytes; the limit is {LIMIT})"}
    for path, error in expected.items():
        done = replay(path)
        assert done.returncode == 1, (path, done.stderr)
        assert json.loads(done.stdout)["error"] == error
        assert "Traceback" not in done.stderr
