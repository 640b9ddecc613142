"""One program per person: a second start hands its file to the running copy and
ends; a crashed copy never blocks the next start; garbage on the socket is shrugged
off.  The process tests run real copies of ``python -m cardtable``
(:mod:`single_instance_probe`), each with a home folder of its own."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLockFile
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QApplication, QMessageBox
from single_instance_probe import (
    ROOT,
    Program,
    account,
    data_folder,
    game_file,
    garbage,
    lock_owner,
    one_copy_failures,
    opened_failures,
    second_start,
)

from cardtable.ui import app as app_module
from cardtable.ui import self_check
from cardtable.ui import single_instance as one

needs_signals = pytest.mark.skipif(not hasattr(signal, "SIGKILL"),
                                   reason="this system cannot kill or stop a process")


@pytest.fixture
def first(tmp_path: Path) -> Any:
    """The first copy on the account at ``tmp_path / "home"``, answering starts."""
    program = Program(tmp_path / "home")
    try:
        assert program.says("serving"), program.lines
        yield program
    finally:
        program.stop()


# --- the message -------------------------------------------------------------------------


def test_a_start_says_its_file_as_an_absolute_path(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert one.decode(one.encode(Path("партия.json")).rstrip(b"\n")) == (
        True, tmp_path / "партия.json")
    assert one.decode(one.encode(None).rstrip(b"\n")) == (True, None)
    assert one.encode(Path("партия.json")).isascii()


@pytest.mark.parametrize("line", [
    b"", b"\xff\xfe", b"[1]", b"null", b'{"v": 2, "open": null}', b'{"open": "/a"}',
    b'{"v": 1, "open": "relative.json"}', b'{"v": 1, "open": ""}', b'{"v": 1, "open": 5}',
    b'{"v": 1, "open": "/a\\u0000b"}', b"[" * 100_000,
])
def test_anything_else_is_not_a_message(line: bytes) -> None:
    assert one.decode(line) == (False, None)


def test_the_server_name_is_one_per_data_folder(tmp_path: Path) -> None:
    a, b = one.server_name(tmp_path / "a"), one.server_name(tmp_path / "b")
    assert a != b and a == one.server_name(tmp_path / "a" / ".." / "a")
    assert len(a) < 40 and "/" not in a


# --- the lock, in this process -------------------------------------------------------------


def test_a_held_lock_that_does_not_answer_ends_the_start(qapp: QApplication,
                                                         tmp_path: Path) -> None:
    start = one.claim(tmp_path, None)
    assert start.outcome == one.Outcome.FIRST and start.guard is not None
    try:  # this thread holds the lock and cannot answer itself
        again = one.claim(tmp_path, None, connect_ms=200, answer_ms=200)
        assert again.outcome == one.Outcome.NOT_ANSWERING and again.guard is None
    finally:
        start.guard.release()
    # the bad case: without a holder the same start is the first
    after = one.claim(tmp_path, None, connect_ms=200, answer_ms=200)
    assert after.outcome == one.Outcome.FIRST and after.guard is not None
    after.guard.release()


def test_a_lock_file_naming_nobody_is_taken_once_it_is_old(qapp: QApplication,
                                                           tmp_path: Path) -> None:
    """A copy that died writing its lock leaves a file that names nobody: once it is
    not being written this instant, it is nobody's."""
    lock = tmp_path / one.LOCK_FILE
    lock.write_bytes(b"")
    young = one.claim(tmp_path, None, connect_ms=100, answer_ms=300)
    assert young.outcome == one.Outcome.NOT_ANSWERING  # the bad case: left alone
    hour_ago = time.time() - 3600
    os.utime(lock, (hour_ago, hour_ago))
    old = one.claim(tmp_path, None, connect_ms=100, answer_ms=300)
    assert old.outcome == one.Outcome.FIRST and old.guard is not None
    old.guard.release()


@pytest.mark.parametrize("in_the_way", ["a file where the folder goes",
                                        "a folder where the lock goes"])
def test_a_lock_that_cannot_be_taken_never_stops_the_program(
        qapp: QApplication, tmp_path: Path, in_the_way: str) -> None:
    folder = tmp_path / "data"
    if in_the_way.startswith("a file"):
        folder.write_text("")
    else:
        (folder / one.LOCK_FILE).mkdir(parents=True)
    start = one.claim(folder, None, connect_ms=200, answer_ms=200)
    assert start.outcome == one.Outcome.UNGUARDED and str(folder) in start.reason
    # the bad case: the same folder, sound, is locked
    good = one.claim(tmp_path / "sound", None)
    assert good.outcome == one.Outcome.FIRST and good.guard is not None
    good.guard.release()


def test_the_program_says_so_when_the_running_copy_does_not_answer(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *_: shown.append((title, text)))
    holder = QLockFile(str(tmp_path / one.LOCK_FILE))
    assert holder.tryLock(0)
    try:
        assert app_module.one_copy(tmp_path, None) == (1, None)
    finally:
        holder.unlock()
    assert shown == [("CardTable is already running", app_module.not_answering_text())]
    stop, guard = app_module.one_copy(tmp_path, None)  # the bad case: nobody holds it
    assert stop is None and guard is not None and shown[1:] == []
    guard.release()


# --- the running copy's server, in this process ----------------------------------------------


def talk(name: str, data: bytes) -> QLocalSocket:
    client = QLocalSocket()
    client.connectToServer(name)
    assert client.waitForConnected(5000), client.errorString()
    if data:
        client.write(data)
        client.waitForBytesWritten(5000)
    return client


def answer(qtbot: Any, client: QLocalSocket) -> bytes:
    """All the running copy (in this thread) says before it hangs up."""
    said = bytearray()

    def hung_up() -> bool:
        said.extend(bytes(client.readAll().data()))
        return client.state() == QLocalSocket.LocalSocketState.UnconnectedState

    qtbot.waitUntil(hung_up)
    return bytes(said)


def test_a_start_before_the_window_waits_for_it(qtbot: Any, tmp_path: Path) -> None:
    start = one.claim(tmp_path, None)
    guard = start.guard
    assert guard is not None
    try:
        client = talk(guard.name, one.encode(tmp_path / "a.json"))
        assert answer(qtbot, client) == one.ANSWER
        received: list[Path | None] = []
        guard.set_receiver(received.append)
        assert received == []  # in a later turn of the event loop
        qtbot.waitUntil(lambda: received == [tmp_path / "a.json"])
    finally:
        guard.release()


def test_garbage_is_cut_off_and_opens_nothing(qtbot: Any, tmp_path: Path) -> None:
    start = one.claim(tmp_path, None)
    guard = start.guard
    assert guard is not None
    received: list[Path | None] = []
    guard.set_receiver(received.append)
    try:
        assert answer(qtbot, talk(guard.name, b"x" * (one.MAX_MESSAGE + 10))) == b""
        assert answer(qtbot, talk(guard.name, b'{"v": 1, "open": "relative"}\n')) == b""
        assert received == []
        good = talk(guard.name, one.encode(None))  # the bad case: a real one is taken
        assert answer(qtbot, good) == one.ANSWER
        qtbot.waitUntil(lambda: received == [None])
    finally:
        guard.release()


def test_the_self_check_proves_the_lock_and_the_server(qapp: QApplication, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       ) -> None:
    ctx = self_check.Context(qapp, tmp_path)
    assert self_check.check_one_copy(ctx).startswith("locked, handed over on cardtable-")
    monkeypatch.setattr(one, "encode", lambda _path: b"nonsense\n")  # the bad case
    with pytest.raises(self_check.CheckFailed, match="did not take the message"):
        self_check.check_one_copy(self_check.Context(qapp, tmp_path / "again"))


# --- real copies of the program ----------------------------------------------------------------


def test_a_second_start_ends_and_the_first_stays_the_only_one(first: Program,
                                                              tmp_path: Path) -> None:
    home = tmp_path / "home"
    code, second = second_start(home)
    assert one_copy_failures(first, home, code, second) == []
    assert first.says("handed over -")  # it came to the front


def test_a_start_on_another_account_is_a_copy_of_its_own(first: Program,
                                                         tmp_path: Path) -> None:
    """The bad case of the test above: the check catches two copies at once."""
    code, second = second_start(tmp_path / "someone else")
    failures = one_copy_failures(first, tmp_path / "home", code, second)
    assert failures == ["the second start ran on as a copy of its own"]


def test_a_second_start_with_a_game_has_the_first_open_it(first: Program,
                                                          tmp_path: Path) -> None:
    home = tmp_path / "home"
    game = game_file(tmp_path / "партия.cardtable.json", seed=4242)
    code, second = second_start(home, str(game))
    assert one_copy_failures(first, home, code, second) == []
    assert opened_failures(first, home, game, 4242) == []
    # the bad case: a start elsewhere opens it itself; the first never sees it
    other = game_file(tmp_path / "другая.cardtable.json", seed=77)
    code, second = second_start(tmp_path / "someone else", str(other))
    assert code is None
    failures = opened_failures(first, home, other, 77, seconds=2)
    assert [f.split(":")[0] for f in failures] == [f"the first copy did not take {other}"]


def claim_in_a_process(home: Path) -> str:
    """What a start on ``home``'s account would do, said by a process of its own."""
    script = ("import sys; from pathlib import Path; "
              "from PySide6.QtCore import QCoreApplication; "
              "from cardtable.ui import single_instance as one; "
              "app = QCoreApplication([]); "
              "print(one.claim(Path(sys.argv[1]), None, connect_ms=300, "
              "answer_ms=300).outcome.value)")
    done = subprocess.run([sys.executable, "-c", script, str(data_folder(home))],
                          env=account(home), capture_output=True, text=True,
                          timeout=120, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@needs_signals
def test_a_killed_copy_never_blocks_the_next_start(first: Program, tmp_path: Path) -> None:
    home = tmp_path / "home"
    first.process.send_signal(signal.SIGSTOP)  # the bad case: a live copy that hangs
    try:
        assert claim_in_a_process(home) == "not answering"
    finally:
        first.process.send_signal(signal.SIGCONT)
    killed = first.process.pid
    first.kill()
    assert lock_owner(home) == killed  # its lock (and socket) are left behind
    successor = Program(home)
    try:
        assert successor.says("serving"), successor.lines
        assert lock_owner(home) == successor.process.pid
        code, third = second_start(home)  # and it answers on the socket left behind
        assert one_copy_failures(successor, home, code, third) == []
    finally:
        successor.stop()


FUZZ_COUNT = 150
FUZZ_SECONDS = 60.0


def fuzz(qtbot: Any, name: str, rng: random.Random, slip_in_a_real_one: bool) -> int:
    """Send garbage to the running copy: at most :data:`FUZZ_COUNT` clients or
    :data:`FUZZ_SECONDS`; some hang up at once, some stay, none waits for an answer.
    The bad case slips one real message in.  Returns the clients sent."""
    deadline = time.monotonic() + FUZZ_SECONDS
    open_clients: list[QLocalSocket] = []
    sent = 0
    while sent < FUZZ_COUNT and time.monotonic() < deadline:
        data = one.encode(None) if slip_in_a_real_one and sent == FUZZ_COUNT // 2 \
            else garbage(rng, one.MAX_MESSAGE)
        client = QLocalSocket()
        client.connectToServer(name)
        if client.waitForConnected(2000):
            client.write(data)
            client.waitForBytesWritten(2000)
        sent += 1
        if rng.random() < 0.3:
            open_clients.append(client)  # held open, half-said
        else:
            client.abort()
        if len(open_clients) > 12:
            open_clients.pop(0).abort()
        qtbot.wait(1)
    for client in open_clients:
        client.abort()
    return sent


@pytest.mark.parametrize("slip_in_a_real_one", [False, True])
def test_garbage_never_hurts_the_running_copy(qtbot: Any, first: Program, tmp_path: Path,
                                              slip_in_a_real_one: bool) -> None:
    home = tmp_path / "home"
    sent = fuzz(qtbot, one.server_name(data_folder(home)), random.Random(11),
                slip_in_a_real_one)
    assert sent > 0
    game = game_file(tmp_path / "after.cardtable.json", seed=9)
    code, second = second_start(home, str(game))
    assert one_copy_failures(first, home, code, second) == []
    assert opened_failures(first, home, game, 9) == []
    taken = [line for line in first.lines if line.startswith("handed over")]
    if slip_in_a_real_one:  # the bad case: the check sees what garbage would have done
        assert taken == ["handed over -", f"handed over {game}"]
    else:
        assert taken == [f"handed over {game}"]
