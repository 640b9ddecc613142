"""The game kept between runs: resuming it, and never losing a file that cannot be
resumed.

A save that cannot be read — truncated, empty, garbage, a game the rules refuse, too
large — is moved aside into ``damaged/`` beside it, never deleted, and a save written
by a newer version of the program into ``newer/``, unchanged; so the first save of the
next game cannot overwrite either.  Temporary files left by interrupted saves are
removed.  The autosave itself is written off the table's thread
(:class:`BackgroundSaver`).  Qt-free: the window only says what :func:`resume` found.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine import record
from cardtable.engine.match import Match

DAMAGED = "damaged"
NEWER = "newer"


@dataclass(frozen=True)
class Resumed:
    """What was found where the game is kept.  ``match`` is the game to play on (None
    for none); ``problem`` (a :class:`record.RecordError`'s ``kind``), ``detail`` and
    ``moved_to`` tell of a file that could not be resumed and where it now is."""

    match: Match | None = None
    problem: str | None = None
    detail: str = ""
    moved_to: Path | None = None


def resume(path: Path, now: float | None = None) -> Resumed:
    """The unfinished game saved at ``path``, if it can be resumed; else the file is set
    aside (see the module) and the result says why and where."""
    for leftover in record.leftover_temporaries(path):
        with contextlib.suppress(OSError):
            leftover.unlink()
    if not path.is_file():
        return Resumed()
    try:
        match = record.load_file(path)
    except record.RecordError as exc:
        folder = NEWER if exc.kind == "newer" else DAMAGED
        try:
            moved = set_aside(path, folder, now)
        except OSError as move:  # left where it is: better than lost
            return Resumed(problem=exc.kind, detail=f"{exc}; it could not be moved: "
                                                    f"{move.strerror or move}")
        return Resumed(problem=exc.kind, detail=str(exc), moved_to=moved)
    if match.state.is_over:
        return Resumed()
    return Resumed(match)


def set_aside(path: Path, folder: str, now: float | None = None) -> Path:
    """Move ``path`` into ``folder`` beside it as ``<time>-<name>`` (a number added if
    that exists) and return where it went.  The bytes are not touched."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target_dir = path.parent / folder
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{stamp}-{path.name}"
    number = 1
    while target.exists():
        number += 1
        target = target_dir / f"{stamp}-{number}-{path.name}"
    os.replace(path, target)
    record.sync_directory(target_dir)
    record.sync_directory(path.parent)
    return target


class BackgroundSaver:
    """Keeps the autosave at ``path`` off the caller's thread: the table hands over the
    record's text and plays on while a writer thread puts it on the disk whole
    (:func:`record.write_atomically`).  Only the newest text matters, so one handed
    over while another is being written replaces any still waiting.  Qt-free: the
    thread touches nothing but the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Condition()
        self._pending: bytes | _Removal | None = None
        self._busy = False
        self._error: OSError | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def save(self, text: str) -> None:
        """Write ``text`` as the autosave (soon, and whole)."""
        self._hand_over(text.encode("utf-8"))

    def remove(self) -> None:
        """The game is over: the autosave goes (after any write still waiting)."""
        self._hand_over(_REMOVE)

    def _hand_over(self, job: bytes | _Removal) -> None:
        with self._lock:
            if self._closed:
                return
            self._pending = job
            self._lock.notify_all()

    def take_error(self) -> OSError | None:
        """The last write that failed since the last call, if any."""
        with self._lock:
            error, self._error = self._error, None
            return error

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything handed over is on the disk; False on a time-out."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is waiting, then stop the thread."""
        self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return  # closed, nothing left to write
                job, self._pending = self._pending, None
                self._busy = True
            try:
                if isinstance(job, _Removal):
                    discard(self.path)
                else:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    record.write_atomically(self.path, job)
            except OSError as exc:
                with self._lock:
                    self._error = exc
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


def discard(path: Path) -> None:
    """Remove the autosave of a game that has ended (nothing to resume)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


class _Removal:
    """The job "remove the autosave"."""


_REMOVE = _Removal()
