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
    over while another is being written replaces any still waiting.

    The order of games is kept: the jobs reach the disk in the order they were handed
    over, by one thread.  A removal (the game is over) replaces the saves still
    waiting, but a save never replaces a waiting removal: it is written after it.  So
    when the writer is still busy with a finished game's last save as the next game
    begins, the finished game's file goes before the next game's first save lands,
    and no save of the old game can land after one of the new.  Qt-free: the thread
    touches nothing but the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Condition()
        self._remove_pending = False
        """A removal handed over and not yet done: it comes before ``_text_pending``."""
        self._text_pending: bytes | None = None
        self._busy = False
        self._error: OSError | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def save(self, text: str) -> None:
        """Write ``text`` as the autosave (soon, and whole)."""
        data = text.encode("utf-8")
        with self._lock:
            if self._closed:
                return
            self._text_pending = data
            self._lock.notify_all()

    def remove(self) -> None:
        """The game is over: the autosave goes (any save of it still waiting with it)."""
        with self._lock:
            if self._closed:
                return
            self._remove_pending = True
            self._text_pending = None
            self._lock.notify_all()

    def take_error(self) -> OSError | None:
        """The last write that failed since the last call, if any."""
        with self._lock:
            error, self._error = self._error, None
            return error

    def _idle(self) -> bool:
        return not self._remove_pending and self._text_pending is None and not self._busy

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything handed over is on the disk; False on a time-out."""
        with self._lock:
            return self._lock.wait_for(self._idle, timeout)

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
                self._lock.wait_for(lambda: not self._idle() or self._closed)
                if self._idle():
                    return  # closed, nothing left to write
                remove, data = self._remove_pending, self._text_pending
                if remove:  # first the removal, alone: a save waits for the next turn
                    self._remove_pending, data = False, None
                else:
                    self._text_pending = None
                self._busy = True
            try:
                if remove:
                    discard(self.path)
                elif data is not None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    record.write_atomically(self.path, data)
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
