"""A save's temporary file is its writer's own: named with the writer's process id, it is
removed as a leftover only once that writer is gone (or the file is an hour old), so a
second copy of the program starting mid-save cannot delete the first copy's temporary
and lose its save — as it did, every time, before the name carried the process id."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from record_files import ROOT

from cardtable import saves
from cardtable.engine import record

ENV = dict(os.environ, PYTHONPATH=str(ROOT))

WRITER = """
import os, sys
from pathlib import Path
from cardtable.engine import record
fd, name = record.make_temporary(Path(sys.argv[1]))
os.write(fd, b"half a save")
print(name, flush=True)
sys.stdin.read()  # writing until told to stop
"""


@pytest.fixture
def writer(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """Another process with a temporary of ``tmp_path/autosave.json`` open."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path / "autosave.json")],
                            env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    yield proc, Path(proc.stdout.readline().strip())
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_a_temporary_carries_its_writers_process_id(tmp_path: Path) -> None:
    fd, name = record.make_temporary(tmp_path / "autosave.json")
    os.close(fd)
    assert re.fullmatch(rf"\.autosave\.json\.{os.getpid()}\.[a-z0-9_]+\.tmp",
                        Path(name).name)
    fd, other = record.make_temporary(tmp_path / "autosave.json")
    os.close(fd)
    assert other != name


def test_a_running_writers_temporary_is_not_a_leftover(
        tmp_path: Path, writer: tuple[subprocess.Popen[str], Path],
        monkeypatch: pytest.MonkeyPatch) -> None:
    proc, temporary = writer
    path = tmp_path / "autosave.json"
    assert temporary.parent == tmp_path and temporary.exists()
    assert record.leftover_temporaries(path) == []
    saves.resume(path)  # a second copy starting
    assert temporary.read_bytes() == b"half a save"
    # the check that keeps it: were the writer taken for gone, it would be removed
    with monkeypatch.context() as m:
        m.setattr(record, "process_running", lambda pid: False)
        assert record.leftover_temporaries(path) == [temporary]
    assert proc.stdin is not None
    proc.stdin.close()  # the writer ends (and its temporary stays behind, as in a crash)
    assert proc.wait(timeout=60) == 0
    assert record.leftover_temporaries(path) == [temporary]
    saves.resume(path)
    assert not temporary.exists()


def test_this_programs_own_temporary_is_not_a_leftover(tmp_path: Path) -> None:
    """The autosave writes on a thread: the program's own save in progress is kept."""
    fd, name = record.make_temporary(tmp_path / "autosave.json")
    os.close(fd)
    assert record.leftover_temporaries(tmp_path / "autosave.json") == []
    assert Path(name).exists()


def test_a_temporary_an_hour_old_is_a_leftover_whoever_has_its_process_id(
        tmp_path: Path) -> None:
    """A process id is given again: this process's own, on an hour-old file, stands for
    a program that happens to have the id of a writer long gone."""
    fd, name = record.make_temporary(tmp_path / "autosave.json")
    os.close(fd)
    aged(Path(name), record.ORPHAN_TEMPORARY_SECONDS + 60)
    assert record.leftover_temporaries(tmp_path / "autosave.json") == [Path(name)]


def test_where_the_system_is_not_asked_only_the_age_counts(
        tmp_path: Path, writer: tuple[subprocess.Popen[str], Path],
        monkeypatch: pytest.MonkeyPatch) -> None:
    proc, temporary = writer
    proc.kill()
    proc.wait()
    monkeypatch.setattr(record, "_ASK_THE_SYSTEM", False)  # as on Windows
    assert record.process_running(proc.pid)
    assert record.leftover_temporaries(tmp_path / "autosave.json") == []
    aged(temporary, record.ORPHAN_TEMPORARY_SECONDS + 60)
    assert record.leftover_temporaries(tmp_path / "autosave.json") == [temporary]


def test_temporaries_named_the_old_way_are_leftovers_after_a_minute(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    fresh, old = tmp_path / ".autosave.json.a1b2c3d4.tmp", tmp_path / ".autosave.json.x_9.tmp"
    for p in (fresh, old):
        p.write_text("half a save")
    aged(old, record.OLD_TEMPORARY_SECONDS + 60)
    assert record.leftover_temporaries(path) == [old]


def test_only_our_temporaries_are_ever_leftovers(tmp_path: Path) -> None:
    """Other files' temporaries, the person's own files, folders and links are not."""
    path = tmp_path / "autosave.json"
    names = [".autosave.json.backup.1.tmp", ".autosave.json..tmp", ".autosave.json.1.a.b.tmp",
             ".other.json.1.abc.tmp", "autosave.json.1.abc.tmp", ".autosave.json.1.ABC.tmp",
             ".autosave.json.-1.abc.tmp"]
    for name in names:
        (tmp_path / name).write_text("not ours")
        aged(tmp_path / name, 2 * record.ORPHAN_TEMPORARY_SECONDS)
    folder = tmp_path / ".autosave.json.1.abc.tmp"
    folder.mkdir()
    link = tmp_path / ".autosave.json.2.abc.tmp"
    link.symlink_to(tmp_path / names[0])
    assert record.leftover_temporaries(path) == []
    saves.resume(path)
    assert all((tmp_path / name).exists() for name in names)
    assert folder.is_dir() and link.is_symlink()


def test_process_ids_that_name_no_single_process_are_not_running() -> None:
    """0 and -1 would ask about a process group; an id too large for the system is no
    process."""
    assert record.process_running(os.getpid())
    assert not record.process_running(0)
    assert not record.process_running(10 ** 30)


SLOW_WRITER = """
import os, sys, time
from pathlib import Path
from cardtable.engine import record
path, writing, go = map(Path, sys.argv[1:])
real_fsync = os.fsync
def held(fd):  # the save waits, its temporary written, until the test says go
    writing.touch()
    while not go.exists():
        time.sleep(0.01)
    real_fsync(fd)
record.os.fsync = held
try:
    record.write_atomically(path, b"the newest game")
    print("saved")
except OSError as exc:
    print("failed:", exc.strerror)
"""
SECOND_COPY = "import sys; from pathlib import Path; from cardtable import saves; " \
              "saves.resume(Path(sys.argv[1]))"


def test_a_second_copy_starting_mid_save_does_not_lose_the_save(tmp_path: Path) -> None:
    """The issue's case, with two real processes: the first copy is inside a save when
    the second starts and clears leftovers.  Before, the first copy's temporary was
    deleted and its save failed with "No such file or directory"."""
    path, writing, go = (tmp_path / n for n in ("autosave.json", "writing", "go"))
    first = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(path), str(writing),
                              str(go)], env=ENV, stdout=subprocess.PIPE, text=True)
    try:
        while not writing.exists() and first.poll() is None:
            time.sleep(0.01)
        subprocess.run([sys.executable, "-c", SECOND_COPY, str(path)], env=ENV, check=True,
                       timeout=120)
        go.touch()
        out, _ = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert out == "saved\n"
    assert path.read_bytes() == b"the newest game"
