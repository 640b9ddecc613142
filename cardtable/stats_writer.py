"""Records game results off the window's thread, so the window never waits on the
database, and keeps each one until it is in.

One writer thread takes the writes in the order given.  A database kept busy by
another program is tried again after a growing pause, up to :data:`PATIENCE_SECONDS`
in all; a write not yet in is kept meanwhile in a small pending file beside the
database (:data:`~cardtable.stats.PENDING_SUFFIX`, one JSON document written whole),
and that file goes once everything is in.  A write that still could not go in is tried
again with the next one, every :data:`RETRY_SECONDS`, and when the program closes; the
next open applies the pending file before anything else.  Applying a write twice
changes nothing (:func:`cardtable.stats.apply_entry`), so a crash between the database
and the pending file counts nothing twice.

A write waits in memory only while its first attempt runs.  It is lost only if the
database and the pending file both fail: the listeners are then told, once until
something is recorded or kept again.  When the statistics are kept in memory (their
file could not be written) each write goes into memory and into the pending file, for
the next start; the window has told the person about the file already.

Qt-free: listeners are called on the writer thread.
"""

from __future__ import annotations

import contextlib
import errno
import json
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.engine.record import sync_directory, write_atomically
from cardtable.saves import DAMAGED, set_aside
from cardtable.stats import Entry, StatisticsError, apply_entry, is_busy

if TYPE_CHECKING:
    from cardtable.stats import Statistics

ATTEMPT_SECONDS = 0.5
"""SQLite's own wait for a lock (``busy_timeout``) in each attempt."""

PATIENCE_SECONDS = 30.0
"""How long a round of attempts goes on against a busy database before the writes wait
in the pending file for the next round."""

FIRST_PAUSE, LONGEST_PAUSE = 0.05, 2.0
"""The pause between attempts doubles from the first to the longest."""

RETRY_SECONDS = 60.0
"""How often writes left pending are tried again while the program runs."""

CLOSE_SECONDS = 3.0
"""How long closing waits for the writer's last attempt and the pending file."""

MAX_PENDING = 2000
"""Writes the pending file holds at most (about 300 bytes each); beyond them a write
is lost, and the person told."""

PENDING_VERSION = 1


@dataclass(frozen=True)
class Loss:
    """Why writes may be lost: ``reason`` is ``busy``, ``full``, ``permission``,
    ``limit`` or ``other`` (the database's reason, or the pending file's when the
    database had none); ``detail`` is both errors in English; ``folder`` holds the
    statistics."""

    reason: str
    detail: str
    folder: Path | None


class _PendingFull(Exception):
    """The pending file would hold more than :data:`MAX_PENDING` writes."""


def _reason(exc: BaseException) -> str:
    if isinstance(exc, _PendingFull):
        return "limit"
    if is_busy(exc):
        return "busy"
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        primary = code & 0xFF
        if primary == sqlite3.SQLITE_FULL:
            return "full"
        if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN,
                       sqlite3.SQLITE_AUTH):
            return "permission"
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "permission"
    return "other"


def _text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _is_malformed(exc: BaseException) -> bool:
    """A write that can never go in (bad totals, a hand-edited entry): dropped, not
    kept.  Any other failure is the database's, and passes."""
    return isinstance(exc, (StatisticsError, KeyError, TypeError, ValueError,
                            sqlite3.IntegrityError))


def read_pending(path: Path) -> list[Entry]:
    """The writes kept at ``path`` (none if there is no file).  A file that is not
    ours is set aside into ``damaged/`` beside it, never deleted."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return []
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            if path.is_file():
                set_aside(path, DAMAGED, None)
        return []
    writes = data.get("writes") if isinstance(data, dict) else None
    if not isinstance(writes, list):
        with contextlib.suppress(OSError):
            set_aside(path, DAMAGED, None)
        return []
    return [w for w in writes if isinstance(w, dict)]


def write_pending(path: Path, writes: list[Entry]) -> None:
    """Keep ``writes`` at ``path``, whole or not at all; none: the file goes."""
    if not writes:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
            sync_directory(path.parent)
        return
    if len(writes) > MAX_PENDING:
        raise _PendingFull(f"more than {MAX_PENDING} writes wait to be recorded")
    data = {"version": PENDING_VERSION, "writes": writes}
    write_atomically(path, json.dumps(data, ensure_ascii=False).encode("utf-8"))


class Recorder:
    """The writer thread of one store (see the module).  The timings are parameters so
    that a test can make a round short."""

    def __init__(self, store: Statistics, *, attempt: float | None = None,
                 patience: float | None = None, retry: float | None = None) -> None:
        """The timings default to the module's, read now (so a test may change them)."""
        self._store = store
        self._pending = store.pending_path
        self._in_memory = not store.persistent
        self.attempt = ATTEMPT_SECONDS if attempt is None else attempt
        self.patience = PATIENCE_SECONDS if patience is None else patience
        self.retry = RETRY_SECONDS if retry is None else retry
        self._cond = threading.Condition()
        self._queue: deque[Entry] = deque()
        self._waiting = 1  # until the pending file is read: unknown, so not settled
        self._stopping = False
        self._listeners: list[Callable[[Loss], None]] = []
        self._loss: Loss | None = None
        self.last_error: str | None = None
        """The last write dropped as malformed, or kept in memory only, in English."""
        # the writer thread's own
        self._backlog: list[Entry] = []
        self._kept: list[Entry] = []
        """What the pending file holds, as last written."""
        self._conn: sqlite3.Connection | None = None
        self._thread = threading.Thread(target=self._run, name="statistics writer",
                                        daemon=True)
        self._thread.start()

    # --- the window's side ------------------------------------------------------------------

    def put(self, entry: Entry) -> None:
        """Take a write to record; returns at once."""
        with self._cond:
            if self._stopping:
                self.last_error = "the statistics are closed"
                return
            self._queue.append(entry)
            self._cond.notify_all()

    def listen(self, listener: Callable[[Loss], None]) -> None:
        """Call ``listener`` (on the writer thread) when writes may be lost; at once if
        they may be already."""
        with self._cond:
            self._listeners.append(listener)
            loss = self._loss
        if loss is not None:
            listener(loss)

    def settle(self, timeout: float) -> int:
        """Wait up to ``timeout`` seconds until every write handed over is in; how many
        are not yet."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._outstanding() and (left := end - time.monotonic()) > 0:
                self._cond.wait(left)
            return self._outstanding()

    def _outstanding(self) -> int:
        return len(self._queue) + self._waiting

    def close(self, timeout: float = CLOSE_SECONDS) -> None:
        """Make a last attempt and keep the rest in the pending file, then stop; waits
        at most ``timeout`` seconds (the thread does not keep the program alive)."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._thread.join(timeout)

    # --- the writer thread ------------------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._pending is not None:
                self._backlog = read_pending(self._pending)
                self._kept = list(self._backlog)
            with self._cond:
                self._publish()
            if self._in_memory:
                self._kept_only()
            else:
                self._record_all()
        finally:
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
            with self._cond:
                self._publish()

    def _take(self, wait: float | None) -> bool:
        """Move what was put into the backlog, first waiting up to ``wait`` seconds (None:
        for ever) for something; True once closing."""
        end = None if wait is None else time.monotonic() + wait
        with self._cond:
            while not self._queue and not self._stopping:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    break
                self._cond.wait(left)
            self._backlog.extend(self._queue)
            self._queue.clear()
            self._publish()
            return self._stopping

    def _publish(self) -> None:
        """Say how many writes are not in (the caller holds the condition): in memory,
        those not yet applied there (the pending file's older ones never are)."""
        self._waiting = len(self._backlog) - (len(self._kept) if self._in_memory else 0)
        self._cond.notify_all()

    def _record_all(self) -> None:
        while True:
            self._record_round(final=False)
            stopping = self._take(self.retry if self._backlog else None)
            if stopping:
                self._record_round(final=True)
                return

    def _record_round(self, final: bool) -> None:
        """Write the backlog in order; against a busy database, pause and try again until
        the round's patience is spent (at closing, one attempt each).  What is not in at
        the end is kept in the pending file."""
        deadline = time.monotonic() + (0.0 if final else self.patience)
        pause = FIRST_PAUSE
        while self._backlog:
            try:
                self._write(self._backlog[0])
            except Exception as exc:
                if _is_malformed(exc):
                    self.last_error = f"dropped a malformed write: {_text(exc)}"
                    self._done_with_first()
                    continue
                self._keep(exc)
                if not is_busy(exc) or time.monotonic() + pause > deadline:
                    return
                if self._take(pause) and not final:  # closing: one more attempt, then keep
                    deadline = time.monotonic()
                self._keep(exc)  # writes that came meanwhile
                pause = min(2 * pause, LONGEST_PAUSE)
                continue
            self._done_with_first()
        self._keep(None)  # all in: the pending file goes
        with self._cond:
            self._loss = None
            self._publish()

    def _done_with_first(self) -> None:
        """The first write is in (or dropped); the last one is said to be only once
        the pending file is gone."""
        with self._cond:
            self._backlog.pop(0)
            if self._backlog:
                self._publish()

    def _write(self, entry: Entry) -> None:
        try:
            if self._conn is None:
                self._conn = self._store.writer_connection()
                self._conn.execute(f"PRAGMA busy_timeout = {round(self.attempt * 1000):d}")
            apply_entry(self._conn, entry)
        except sqlite3.Error as exc:
            if not is_busy(exc) and self._conn is not None:  # the next attempt starts anew
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None
            raise

    def _keep(self, failure: BaseException | None) -> None:
        """Make the pending file hold the backlog; if it cannot, and the database
        failed too (``failure``), the writes may be lost: tell."""
        if self._pending is None or self._backlog == self._kept:
            if self._pending is None and failure is not None:
                self._lose(failure, None)
            return
        try:
            write_pending(self._pending, self._backlog)
        except Exception as exc:
            if failure is not None:
                self._lose(failure, exc)
            return
        self._kept = list(self._backlog)
        with self._cond:
            if failure is not None:
                self._loss = None  # kept, so nothing is lost now

    def _lose(self, failure: BaseException, pending: BaseException | None) -> None:
        reason = _reason(failure)
        if reason == "other" and pending is not None:
            reason = _reason(pending)
        detail = f"database: {_text(failure)}" + (
            f"; pending file: {_text(pending)}" if pending is not None else "")
        self.last_error = detail
        folder = None if self._pending is None else self._pending.parent
        with self._cond:
            if self._loss is not None:  # told already
                return
            self._loss = loss = Loss(reason, detail, folder)
            listeners = list(self._listeners)
        for listener in listeners:
            with contextlib.suppress(Exception):
                listener(loss)

    def _kept_only(self) -> None:
        """Statistics in memory: each write goes there and into the pending file."""
        while True:
            stopping = self._take(None)
            for entry in self._backlog[len(self._kept):]:
                try:
                    self._store.apply(entry)
                except Exception as exc:
                    self.last_error = _text(exc)
            if self._pending is not None and self._backlog != self._kept:
                try:
                    write_pending(self._pending, self._backlog)
                    self._kept = list(self._backlog)
                except Exception as exc:
                    self.last_error = f"pending file: {_text(exc)}"
                    del self._backlog[len(self._kept):]  # in memory; the person was told
            else:
                del self._backlog[len(self._kept):]
            with self._cond:
                self._publish()
            if stopping:
                return
