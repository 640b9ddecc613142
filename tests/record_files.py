"""The hand-checked records of tests/data/records/<game>: where they are, what
``replay`` prints for one (run as a user runs it), and what it must print; and a
watch on a named pipe, for the tests that a game file is never read from one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def records_dir(game: str) -> Path:
    return ROOT / "tests" / "data" / "records" / game


def record_files(game: str) -> list[Path]:
    """The records of ``game`` (not their expectations), in name order."""
    return sorted(p for p in records_dir(game).glob("*.json")
                  if not p.name.endswith(".expected.json"))


def replay(path: Path) -> tuple[int, str]:
    """``python -m cardtable replay PATH`` in a subprocess: exit code and stdout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


def expected_of(path: Path) -> dict[str, Any]:
    """The answer worked out by hand for a record (NAME.expected.json beside it)."""
    return json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))


class FifoReaders:
    """Watches a named pipe for a reader, so that a test of a program that must never
    open one cannot hang: a reader (even one waiting in ``open``) is counted and let go
    at once with an empty pipe.  Use as a context manager; ``count`` is the readers
    seen."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> FifoReaders:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(0.01):
            try:  # a writer can open without waiting only while a reader has it open
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            self.count += 1
            os.close(fd)  # the reader sees the end of the pipe and goes on
