"""The game kept between runs: resuming it, and never losing a file that cannot be
resumed.

A save that cannot be read — truncated, empty, garbage, a game the rules refuse, too
large — is moved aside into ``damaged/`` beside it, never deleted, and a save written
by a newer version of the program into ``newer/``, unchanged; so the first save of the
next game cannot overwrite either.  Temporary files left by interrupted saves are
removed.  Something at the save's place that is not a file — a pipe, a socket, a
device — is moved aside the same way without being opened (opening a pipe would hang);
a folder there is left alone.  The autosave itself is written off the table's thread
(:class:`BackgroundSaver`), which tells the outcome of every write; :func:`classify`
says in a word why one failed.  Qt-free: the window says what was found and what went
wrong.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import record
from cardtable.engine.match import Match

DAMAGED = "damaged"
NEWER = "newer"
NOT_A_FILE = "not_a_file"
"""The problem of a save's place taken by a pipe, a socket or a device."""


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
    other = _not_a_file(path)
    if other is not None:
        detail = f"not a regular file: {other}"
        try:
            moved = set_aside(path, DAMAGED, now)
        except OSError as move:
            return Resumed(problem=NOT_A_FILE,
                           detail=f"{detail}; it could not be moved: {move.strerror or move}")
        return Resumed(problem=NOT_A_FILE, detail=detail, moved_to=moved)
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


def _not_a_file(path: Path) -> str | None:
    """What sits at ``path`` if it is neither a regular file nor a folder (nor
    nothing): found from the entry's metadata alone, never by opening it.  A link is
    followed to what it names."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # nothing there (or a dangling link): nothing to resume
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return record.file_type_of(mode)[1]


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


FULL = "full"
"""No room left: the disk (or the person's quota) is full."""
DENIED = "denied"
"""The program may not write there (permissions, a read-only disk)."""
FOLDER_IN_THE_WAY = "folder"
"""A folder stands where the save's file should be."""
OTHER = "other"

_REASONS = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EACCES: DENIED,
            errno.EPERM: DENIED, errno.EROFS: DENIED, errno.EISDIR: FOLDER_IN_THE_WAY}


@dataclass(frozen=True)
class SaveProblem:
    """Why the autosave at ``path`` could not be written: ``reason`` is one of
    :data:`FULL`, :data:`DENIED`, :data:`FOLDER_IN_THE_WAY` or :data:`OTHER`, and
    ``detail`` the system's words (for :data:`OTHER`, what the person is told)."""

    reason: str
    path: Path
    detail: str

    @property
    def folder(self) -> Path:
        """The folder the saves go to (the one the person must look at)."""
        return self.path.parent


def classify(error: OSError, path: Path) -> SaveProblem:
    """Why writing the autosave at ``path`` failed with ``error``, in a word."""
    reason = _REASONS.get(error.errno or 0, OTHER)
    if reason == OTHER and path.is_dir():
        reason = FOLDER_IN_THE_WAY  # the rename refused it in words of its own
    return SaveProblem(reason, path, error.strerror or str(error))


@dataclass(frozen=True)
class Written:
    """The outcome of one job of the writer thread: ``tag`` is what the caller handed
    over with the text (None for a removal); ``problem`` is None when it is done
    (classified in the writer thread, which may wait on the disk)."""

    tag: Any
    problem: SaveProblem | None
    removal: bool = False


class BackgroundSaver:
    """Keeps the autosave at ``path`` off the caller's thread: the table hands over the
    record's text and plays on while a writer thread puts it on the disk whole
    (:func:`record.write_atomically`).  Only the newest text matters, so one handed
    over while another is being written replaces any still waiting.

    Every job's outcome (:class:`Written`) is queued for :meth:`take_outcomes`, and
    ``notify`` (if given) is called from the writer thread after each — so the caller
    learns of a failed write at once, and of the next good one, without the saver
    knowing who listens.

    The order of games is kept: the jobs reach the disk in the order they were handed
    over, by one thread.  A removal (the game is over) replaces the saves still
    waiting, but a save never replaces a waiting removal: it is written after it.  So
    when the writer is still busy with a finished game's last save as the next game
    begins, the finished game's file goes before the next game's first save lands,
    and no save of the old game can land after one of the new.  Qt-free: the thread
    touches nothing but the file."""

    def __init__(self, path: Path, notify: Callable[[], None] | None = None) -> None:
        self.path = path
        self._notify = notify
        self._lock = threading.Condition()
        self._remove_pending = False
        """A removal handed over and not yet done: it comes before ``_text_pending``."""
        self._text_pending: bytes | None = None
        self._tag_pending: Any = None
        self._busy = False
        self._outcomes: deque[Written] = deque()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def save(self, text: str, tag: Any = None) -> None:
        """Write ``text`` as the autosave (soon, and whole); its outcome will carry
        ``tag`` (what the caller needs to know what is on the disk)."""
        data = text.encode("utf-8")
        with self._lock:
            if self._closed:
                return
            self._text_pending, self._tag_pending = data, tag
            self._lock.notify_all()

    def remove(self) -> None:
        """The game is over: the autosave goes (any save of it still waiting with it)."""
        with self._lock:
            if self._closed:
                return
            self._remove_pending = True
            self._text_pending = self._tag_pending = None
            self._lock.notify_all()

    def take_outcomes(self) -> list[Written]:
        """The outcomes of the jobs done since the last call, in their order."""
        with self._lock:
            done = list(self._outcomes)
            self._outcomes.clear()
            return done

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
                remove, data, tag = self._remove_pending, self._text_pending, \
                    self._tag_pending
                if remove:  # first the removal, alone: a save waits for the next turn
                    self._remove_pending, data, tag = False, None, None
                else:
                    self._text_pending = self._tag_pending = None
                self._busy = True
            problem: SaveProblem | None = None
            try:
                if remove:
                    discard(self.path)
                elif data is not None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    record.write_atomically(self.path, data)
            except OSError as exc:
                problem = classify(exc, self.path)
            except Exception as exc:  # never a silent loss, nor a dead writer thread
                problem = SaveProblem(OTHER, self.path, str(exc) or type(exc).__name__)
            finally:
                with self._lock:
                    self._outcomes.append(Written(tag, problem, remove))
                    self._busy = False
                    self._lock.notify_all()
            if self._notify is not None:
                self._notify()


def discard(path: Path) -> None:
    """Remove the autosave of a game that has ended (nothing to resume)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
