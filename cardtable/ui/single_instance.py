"""One program per person at a time.

Two copies on one account would keep their games in the same autosave, and one of
them would lose its moves.  So the first copy takes a lock in the program's data
folder (:class:`QLockFile`: a copy that crashed leaves a lock its successor sees is
stale and takes over) and listens on a local socket named after that folder
(:class:`QLocalServer`: a Unix socket on Linux and macOS, a named pipe on Windows).
A later start finds the lock held, hands its command line — the game file to open,
or nothing — to the running copy over that socket and ends; the running copy comes
to the front and opens the file there.

The message is one line of JSON, ``{"v": 1, "open": "/absolute/path" | null}``, at
most :data:`MAX_MESSAGE` bytes; the answer is ``{"v": 1, "ok": true}``.  The running
copy reads it without blocking the window and drops whatever is not such a message.

``CARDTABLE_REPORT_HANDOVER=1`` makes the running copy print ``serving`` once it
answers and ``handed over PATH`` (``handed over -`` for none) for each message it
takes: the tests' way to see what a real program did.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QSysInfo, QTimer

from cardtable.engine.record import process_running

if TYPE_CHECKING:  # QtNetwork is loaded when the server listens, after the table is up
    from PySide6.QtNetwork import QLocalServer, QLocalSocket

PROTOCOL_VERSION = 1
MAX_MESSAGE = 64 * 1024
"""The longest message taken, newline included: a path of 4,096 characters escaped
as JSON fits with room to spare."""

LOCK_FILE = "cardtable.lock"
REPORT_ENV = "CARDTABLE_REPORT_HANDOVER"

CONNECT_MS = 3_000
"""How long a second start keeps trying to reach a copy that holds the lock (the
first copy listens once its table is first painted; this covers that while)."""
ANSWER_MS = 10_000
"""How long a second start waits for the answer: the first copy reads messages only
once its window is up, which takes a few seconds on a loaded machine."""
CONVERSATION_MS = 5_000
"""How long the running copy gives one client to say its message."""
UNREADABLE_GRACE_S = 2.0
"""A lock file that names no owner is left alone this long (its owner may be writing
it); after that it is a crashed copy's."""
MAX_CONVERSATIONS = 8
"""Clients heard at once; more are turned away."""

Receiver = Callable[[Path | None], object]
"""Takes a handed-over start: the game file to open, or ``None`` (just come forward)."""


class Outcome(enum.Enum):
    FIRST = "first"
    """This is the only copy: it holds the lock and listens."""
    HANDED_OVER = "handed over"
    """A running copy took the command line: this start ends."""
    NOT_ANSWERING = "not answering"
    """A live copy holds the lock but did not answer: this start ends, saying so."""
    UNGUARDED = "unguarded"
    """The lock could not be taken for another reason (a read-only folder, …): this
    copy runs anyway, unguarded, rather than refuse to start."""


@dataclass
class Start:
    """What :func:`claim` found."""

    outcome: Outcome
    guard: Guard | None = None
    """The lock and the server, for :attr:`Outcome.FIRST`: keep it while running."""
    reason: str = ""
    """Why the copy runs unguarded (for the warning on standard error)."""


def server_name(folder: Path) -> str:
    """The local socket's name: one per user and data folder (tests with their own
    home folders never meet the person's own program).  A name, not a path: Qt puts
    it in the temporary folder on Unix and among the named pipes on Windows."""
    import hashlib  # here: loading it (OpenSSL's, some ms) is not on the way to the table

    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "")
    digest = hashlib.sha256(f"{user}\0{folder.resolve()}".encode()).hexdigest()
    return f"cardtable-{digest[:24]}"


def encode(path: Path | None) -> bytes:
    """A start's message: ``path`` made absolute, or none."""
    body = {"v": PROTOCOL_VERSION, "open": str(path.absolute()) if path else None}
    return json.dumps(body, ensure_ascii=True).encode("ascii") + b"\n"


def decode(line: bytes) -> tuple[bool, Path | None]:
    """(whether ``line`` is a message of this version, the file it names); anything
    else — bad JSON, another shape, an empty or relative path — is not one."""
    try:
        body = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False, None
    if not isinstance(body, dict) or body.get("v") != PROTOCOL_VERSION:
        return False, None
    wanted = body.get("open")
    if wanted is None:
        return True, None
    if not isinstance(wanted, str) or not wanted or "\0" in wanted:
        return False, None
    path = Path(wanted)
    return (True, path) if path.is_absolute() else (False, None)


ANSWER = json.dumps({"v": PROTOCOL_VERSION, "ok": True}).encode("ascii") + b"\n"


def _reporting() -> bool:
    return bool(os.environ.get(REPORT_ENV))


def _report(*words: str) -> None:
    if _reporting():
        print(*words, flush=True)


class _Conversation(QObject):
    """One client of the running copy: its message read as it comes, never waited
    for; cut off when it says too much, says it wrong or takes too long."""

    def __init__(self, socket: QLocalSocket, guard: Guard) -> None:
        super().__init__(guard)
        self._socket: QLocalSocket | None = socket
        self._guard = guard
        self._buffer = b""
        self._heard = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self.end(cut=True))
        self._timer.start(CONVERSATION_MS)
        socket.setParent(self)
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self.end)
        self._read()  # what came with the connection

    def _read(self) -> None:
        if self._socket is None or self._heard:
            return
        room = MAX_MESSAGE - len(self._buffer)
        self._buffer += bytes(self._socket.read(room).data()) if room > 0 else b""
        end = self._buffer.find(b"\n")
        if end < 0:
            if len(self._buffer) >= MAX_MESSAGE:
                self.end(cut=True)  # too long to be ours
            return
        valid, path = decode(self._buffer[:end])
        if not valid:
            self.end(cut=True)
            return
        self._heard = True
        self._socket.write(ANSWER)
        # the answer goes out before the line closes; ``disconnected`` then ends this
        self._socket.disconnectFromServer()
        self._guard.deliver(path)

    def end(self, cut: bool = False) -> None:
        socket, self._socket = self._socket, None
        if socket is None:
            return
        self._timer.stop()
        with contextlib.suppress(RuntimeError):  # already gone with the process's end
            socket.readyRead.disconnect(self._read)
            socket.disconnected.disconnect(self.end)
            if cut:
                socket.abort()
            elif socket.state() != type(socket).LocalSocketState.UnconnectedState:
                socket.disconnectFromServer()
        self._guard.forget(self)
        self.deleteLater()


class Guard(QObject):
    """The running copy's lock and server.  What arrives before there is a receiver
    (the window is built after the server starts) waits for it."""

    def __init__(self, lock: QLockFile, folder: Path) -> None:
        super().__init__()
        self.lock = lock
        self.folder = folder
        self.server: QLocalServer | None = None
        """Made by :meth:`listen`."""
        self._conversations: list[_Conversation] = []
        self._receiver: Receiver | None = None
        self._waiting: list[Path | None] = []

    def listen(self) -> bool:
        """Listen on the folder's name; a socket file left by a copy that crashed is
        removed first (only the holder of the lock gets here, so it is nobody's).
        Said on standard error when it cannot: the copy runs on, unreachable."""
        if self.server is not None:
            return self.server.isListening()
        from PySide6.QtNetwork import QLocalServer

        self.server = server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.setMaxPendingConnections(MAX_CONVERSATIONS)
        server.newConnection.connect(self._accept)
        name = server_name(self.folder)
        if server.listen(name):
            return True
        QLocalServer.removeServer(name)
        if server.listen(name):
            return True
        print(f"cardtable: cannot listen on {name}: {server.errorString()}", file=sys.stderr)
        return False

    @property
    def name(self) -> str:
        """The name the server listens on."""
        return server_name(self.folder)

    def set_receiver(self, receiver: Receiver) -> None:
        self._receiver = receiver
        waiting, self._waiting = self._waiting, []
        for path in waiting:
            self.deliver(path)
        if _reporting():
            QTimer.singleShot(0, lambda: _report("serving"))

    def deliver(self, path: Path | None) -> None:
        """Hand ``path`` to the receiver in a later turn of the event loop."""
        if self._receiver is None:
            self._waiting.append(path)
            return
        receiver = self._receiver

        def take() -> None:
            receiver(path)
            _report("handed over", str(path) if path else "-")

        QTimer.singleShot(0, self, take)

    def forget(self, conversation: _Conversation) -> None:
        with contextlib.suppress(ValueError):
            self._conversations.remove(conversation)

    def _accept(self) -> None:
        server = self.server
        while server is not None and server.hasPendingConnections():
            client = server.nextPendingConnection()
            if client is None:
                return
            if len(self._conversations) >= MAX_CONVERSATIONS:
                client.abort()
                client.deleteLater()
                continue
            self._conversations.append(_Conversation(client, self))

    def release(self) -> None:
        """Stop listening and give the lock back (at the program's end)."""
        if self.server is not None:
            self.server.close()
        self.lock.unlock()


def claim(folder: Path | None, path: Path | None, *, connect_ms: int = CONNECT_MS,
          answer_ms: int = ANSWER_MS, listen: bool = True) -> Start:
    """Become the one copy for ``folder`` (the program's data folder), or hand
    ``path`` (the game file to open, if any) to the copy that already is.  Without
    ``listen`` the first copy's guard listens when the caller says
    (:meth:`Guard.listen`: the program does once its table is painted)."""
    if folder is None:
        return Start(Outcome.UNGUARDED, reason="no data folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return Start(Outcome.UNGUARDED, reason=f"{folder}: {exc.strerror or exc}")
    where = folder / LOCK_FILE
    if where.is_dir() or (where.exists() and not where.is_file()):
        return Start(Outcome.UNGUARDED, reason=f"{where}: not a file")
    lock = QLockFile(str(where))
    lock.setStaleLockTime(0)  # held for hours: stale only when its owner is gone
    deadline = time.monotonic() + (connect_ms + answer_ms) / 1000
    while True:
        if lock.tryLock(0):
            guard = Guard(lock, folder)
            if listen:
                guard.listen()
            return Start(Outcome.FIRST, guard)
        if lock.error() != QLockFile.LockError.LockFailedError:
            return Start(Outcome.UNGUARDED, reason=f"{where}: cannot be locked")
        if hand_over(server_name(folder), path, connect_ms=connect_ms, answer_ms=answer_ms):
            return Start(Outcome.HANDED_OVER)
        if not _remove_if_owner_gone(lock, where) or time.monotonic() > deadline:
            return Start(Outcome.NOT_ANSWERING)


def _remove_if_owner_gone(lock: QLockFile, where: Path) -> bool:
    """Remove the lock if the copy named in it is not running on this machine, or if
    it names nobody and is not being written this instant (a copy died writing it).
    Qt's ``tryLock`` removes the first kind too; this covers a copy that died while
    we were calling.  Whether the lock is worth trying again."""
    pid, host, _app = lock.getLockInfo()
    if pid <= 0:
        try:
            age = time.time() - where.stat().st_mtime
        except OSError:
            return True  # gone just now: take it
        if abs(age) < UNREADABLE_GRACE_S:
            time.sleep(0.1)
            return True
        return lock.removeStaleLockFile()
    if host and host != QSysInfo.machineHostName():
        return False  # a copy on another machine sharing this home folder
    if process_running(pid):
        return False
    return lock.removeStaleLockFile()


def hand_over(name: str, path: Path | None, *, connect_ms: int = CONNECT_MS,
              answer_ms: int = ANSWER_MS) -> bool:
    """Give the running copy listening on ``name`` this start's file; whether it
    answered that it took it.  Blocks (there is no window yet), within bounds."""
    from PySide6.QtNetwork import QLocalSocket

    client = QLocalSocket()
    try:
        give_up = time.monotonic() + connect_ms / 1000
        while True:
            client.connectToServer(name)
            if client.waitForConnected(max(1, connect_ms)):
                break
            client.abort()
            if time.monotonic() >= give_up:
                return False
            time.sleep(0.05)
        client.write(encode(path))
        if not client.waitForBytesWritten(answer_ms):
            return False
        answer = b""
        give_up = time.monotonic() + answer_ms / 1000
        while b"\n" not in answer and len(answer) < MAX_MESSAGE:
            left = int((give_up - time.monotonic()) * 1000)
            if left <= 0:
                return False
            if not client.waitForReadyRead(left) and not client.bytesAvailable():
                return False
            answer += bytes(client.readAll().data())
        try:
            said = json.loads(answer.split(b"\n")[0])
        except ValueError:
            return False
        return isinstance(said, dict) and said.get("ok") is True
    finally:
        client.abort()
