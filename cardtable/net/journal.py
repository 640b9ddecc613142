"""The server's journal: every step of every table on the disk before anyone is told.

A table's record is rewritten whole (atomically) as it grows, but off the event loop
and coalesced — a thousand tables cannot have a file synced at every move.  So that a
server killed at any instant loses nothing a player has seen, each step is first
appended to one journal for the whole server, as a line of JSON, and the seats are
told of it only once the journal is synced: one ``fsync`` covers every step that
arrived meanwhile (a group commit), so a busy server pays it once per batch, not per
move.

On start the server reads each table's record, then takes from the journals the
steps the record does not hold yet.  Journals are rotated: a new one is begun, every
table's record handed to the store, and the old journal removed once the store has
written them all (never after a failed write).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

log = logging.getLogger("cardtable.server")

PREFIX, SUFFIX = "journal-", ".jsonl"
ROTATE_BYTES = 8 * 1024 * 1024
"""A journal this long is rotated (its steps are in the records by then)."""


class Journal:
    """One append-only file of steps, synced in batches by its own thread; each
    step's ``then`` runs on the event loop once the step is on the disk."""

    def __init__(self, folder: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.folder = folder
        self._loop = loop
        self._lock = threading.Condition()
        self._lines: list[bytes] = []
        self._thens: list[Callable[[], None]] = []
        self._closed = False
        self._busy = False
        self.syncs = 0
        numbers = [n for n, _ in journal_files(folder)]
        self.number = max(numbers, default=0) + 1
        self.path = self._open(self.number)
        self._thread = threading.Thread(target=self._run, name="journal", daemon=True)
        self._thread.start()

    def _open(self, number: int) -> Path:
        path = self.folder / f"{PREFIX}{number:06d}{SUFFIX}"
        self._file = open(path, "ab")  # noqa: SIM115 (held open while the server runs)
        self.size = path.stat().st_size
        return path

    def append(self, entry: dict[str, Any] | None, then: Callable[[], None]) -> None:
        """Write ``entry`` (None: nothing, only wait for what is before) and call
        ``then`` on the loop when it is on the disk."""
        line = b"" if entry is None else json.dumps(entry, separators=(",", ":")).encode() + b"\n"
        with self._lock:
            self._lines.append(line)
            self._thens.append(then)
            self._lock.notify_all()

    def rotate(self) -> Path:
        """Begin a new journal; returns the old one's path (the caller removes it once
        every record is written)."""
        with self._lock:
            self._lock.wait_for(lambda: not self._busy)
            self._flush_locked()
            old = self.path
            self._file.close()
            self.number += 1
            self.path = self._open(self.number)
            return old

    def _flush_locked(self) -> None:
        if self._lines:
            lines, thens = self._lines, self._thens
            self._lines, self._thens = [], []
            self._write(lines, thens)

    def _write(self, lines: list[bytes], thens: list[Callable[[], None]]) -> None:
        data = b"".join(lines)
        if data:
            try:
                self._file.write(data)
                self._file.flush()
                os.fsync(self._file.fileno())
                self.size += len(data)
                self.syncs += 1
            except OSError as exc:  # the table plays on; its record is still written
                log.error("could not write the journal %s: %s", self.path.name, exc)
        for then in thens:
            self._loop.call_soon_threadsafe(then)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._lines) or self._closed)
                if not self._lines:
                    return
                lines, thens = self._lines, self._thens
                self._lines, self._thens = [], []
                self._busy = True
            try:
                self._write(lines, thens)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(10)
        self._file.close()


def journal_files(folder: Path) -> list[tuple[int, Path]]:
    """The journals in ``folder``, oldest first."""
    found = []
    for path in folder.glob(f"{PREFIX}*{SUFFIX}"):
        number = path.name[len(PREFIX):-len(SUFFIX)]
        if number.isdigit():
            found.append((int(number), path))
    return sorted(found)


def read_steps(folder: Path) -> Iterator[dict[str, Any]]:
    """Every step in the journals, oldest first; a line cut short by a crash (the
    last one) ends its journal."""
    for _, path in journal_files(folder):
        try:
            lines = path.read_bytes().splitlines()
        except OSError as exc:
            log.error("could not read the journal %s: %s", path.name, exc)
            continue
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                break
            if isinstance(entry, dict):
                yield entry
