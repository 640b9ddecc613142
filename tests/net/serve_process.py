"""A real ``python -m cardtable serve`` process for the end-to-end tests.

The port is picked free (a socket bound to port 0, let go) and, should another test
take it first, another is picked: the server says ``cannot listen`` and exits.  The
server's log goes to a file, read for its ``listening on`` line — no fixed waits.
Every server started here is killed when the test ends (:func:`servers`).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WORKTREE = Path(__file__).resolve().parents[2]
START_GUARD = 60.0
"""Seconds a server may take to listen before the test gives up (a guard only)."""


def environment() -> dict[str, str]:
    """The environment for a command of this checkout (whatever the installed one)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(WORKTREE),
                                                       env.get("PYTHONPATH", "")]))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def cardtable(*args: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardtable ARGS`` to its end."""
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True,
                          text=True, env=environment(), timeout=timeout, check=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``serve`` process: its port, data folder and log."""

    def __init__(self, data: Path, log: Path) -> None:
        self.data = data
        self.log = log
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, port: int | None = None) -> None:
        """Start serving (on ``port``, else a free one) and wait until it listens."""
        for _ in range(5):
            self.port = port or free_port()
            with open(self.log, "ab") as log:
                start = log.tell()
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "cardtable", "serve", "--host", "127.0.0.1",
                     "--port", str(self.port), "--data", str(self.data),
                     "--computer-pace", "0"],  # the tests' games as fast as they go
                    stdout=subprocess.DEVNULL, stderr=log, env=environment())
            if self._listening(start):
                return
            if port is not None:
                break
        raise AssertionError(f"the server did not start:\n{self.log.read_text()[-3000:]}")

    def _listening(self, start: int) -> bool:
        assert self.process is not None
        deadline = time.monotonic() + START_GUARD
        while time.monotonic() < deadline:
            with open(self.log, "rb") as log:
                log.seek(start)
                text = log.read().decode(errors="replace")
            if f"listening on ws://127.0.0.1:{self.port}" in text:
                return True
            if self.process.poll() is not None:
                return False
            time.sleep(0.05)
        raise AssertionError(f"the server is not listening:\n{text[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no goodbye, no last write."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=30)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def servers() -> Iterator[list[Server]]:
    """Servers made in the block (``made.append``) are all killed at its end."""
    made: list[Server] = []
    try:
        yield made
    finally:
        for server in made:
            server.kill()


def new_server(made: list[Server], data: Path, log: Path) -> Server:
    server = Server(data, log)
    made.append(server)
    server.start()
    return server
