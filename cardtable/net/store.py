"""Where a table server keeps its tables: one folder, two files a table.

``CODE.json`` is the game's record in the record format (``python -m cardtable replay``
reads it); ``CODE.table.json`` is the table's own: its seats' names and kinds, the
seats' tokens and the host's (so that people can come back after a restart: the file
is readable by its owner only), the start rule and the away settings.

Writing is off the event loop: one writer thread takes the newest text of each file
and writes it whole (:func:`cardtable.engine.record.write_atomically`); a file handed
over again before it was written is written once, with the newer text.  A failed
write is logged and kept for the next turn — the table plays on from memory.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardtable.engine import record

log = logging.getLogger("cardtable.server")

RECORD_SUFFIX = ".json"
TABLE_SUFFIX = ".table.json"


class Barrier:
    """A mark in the writer's queue (see :meth:`TableStore.barrier`)."""

    def __init__(self, reached: Callable[[bool], None], failures: int) -> None:
        self.reached = reached
        self.failures = failures


class TableStore:
    """The folder of a server's tables, written by one background thread."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._pending: dict[Path | Barrier, bytes] = {}
        self._tables: dict[Path, dict[str, Any]] = {}
        """The table file last handed over, per path: a table hands its file over at
        every step, and it is encoded and written again only when it has changed."""
        self._lock = threading.Condition()
        self._busy = False
        self._closed = False
        self.failures = 0
        self._thread = threading.Thread(target=self._run, name="table-store", daemon=True)
        self._thread.start()

    def record_path(self, code: str) -> Path:
        return self.folder / f"{code}{RECORD_SUFFIX}"

    def table_path(self, code: str) -> Path:
        return self.folder / f"{code}{TABLE_SUFFIX}"

    def save(self, code: str, record_text: str | None, table: dict[str, Any] | None) -> None:
        """Hand over a table's newest record text and/or table file."""
        with self._lock:
            if self._closed:
                return
            if record_text is not None:
                self._pending[self.record_path(code)] = record_text.encode("utf-8")
            path = self.table_path(code)
            if table is not None and table != self._tables.get(path):
                # after the record (written in the order handed over): a table file
                # that says the game has started never lies on the disk without it;
                # and only when it has changed (its seats, not every move)
                self._tables[path] = table
                self._pending.pop(path, None)
                self._pending[path] = json.dumps(table, indent=1).encode()
            self._lock.notify_all()

    def tables(self) -> Iterator[tuple[str, dict[str, Any], Any]]:
        """Every table kept here: (code, table file, record), skipping — and logging —
        any that cannot be read (they stay on the disk untouched)."""
        for path in sorted(self.folder.glob(f"*{TABLE_SUFFIX}")):
            code = path.name[:-len(TABLE_SUFFIX)]
            try:
                table = record.read_file(path)
                if not isinstance(table, dict):
                    log.warning("table=%s not resumed: its table file is not an object",
                                code)
                    continue
                # a table still in its lobby has no record yet
                data = record.read_file(self.record_path(code)) if table.get("started") \
                    else None
            except (OSError, ValueError) as exc:
                log.warning("table=%s not resumed: %s", code, exc)
                continue
            yield code, table, data

    def barrier(self, reached: Callable[[bool], None]) -> None:
        """Call ``reached`` (on the writer thread) once everything handed over before is
        written: with True if every write since succeeded."""
        with self._lock:
            mark = Barrier(reached, self.failures)
            self._pending[mark] = b""
            self._lock.notify_all()

    def _idle(self) -> bool:
        return not self._pending and not self._busy

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is written (or failed); False on time-out."""
        with self._lock:
            return self._lock.wait_for(self._idle, timeout)

    def close(self, timeout: float = 10.0) -> None:
        self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._pending) or self._closed)
                if not self._pending:
                    return
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._busy = True
            if isinstance(path, Barrier):
                path.reached(self.failures == path.failures)
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
                continue
            try:
                # written as a private temporary renamed into place (mode 0600 from
                # its first byte: the table file holds the seats' tokens)
                record.write_atomically(path, data)
            except OSError as exc:
                self.failures += 1
                with self._lock:  # handed over again, it is written again
                    self._tables.pop(path, None)
                log.error("could not write %s: %s (the table plays on; it is tried again "
                          "at its next move)", path.name, exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
