"""The game kept between runs: resuming it, and never losing a file that cannot be
resumed.

A save that cannot be read — truncated, empty, garbage, a game the rules refuse, too
large — is moved aside into ``damaged/`` beside it, never deleted, and a save written
by a newer version of the program into ``newer/``, unchanged; so the first save of the
next game cannot overwrite either.  Temporary files left by interrupted saves are
removed.  Qt-free: the window only says what :func:`resume` found.
"""

from __future__ import annotations

import contextlib
import os
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
