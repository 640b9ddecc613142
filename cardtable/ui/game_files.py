"""Game files: the record's file name, the recent files of the Game menu, the
folders the file dialogs open in (the dialogs themselves: :mod:`cardtable.ui.file_dialog`),
and what to say of a file that cannot be opened — in the player's language, naming
the fault.

A game file is the record of ``record-format.md`` saved as ``<name>.cardtable.json``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

from cardtable.engine import record
from cardtable.ui import texts

SUFFIX = ".cardtable.json"
RECENT_KEY = "files/recent"
FOLDER_KEY = "files/folder"
"""The folder a game file was last opened from or saved to."""
EXPORT_FOLDER_KEY = "files/export_folder"
"""The folder the statistics were last exported to."""
MAX_RECENT = 8


class GameFiles:
    """The translation context of this module: ``GameFiles.tr(text)`` (``lupdate``
    files the words under the class's name)."""

    @staticmethod
    def tr(text: str) -> str:
        return QCoreApplication.translate("GameFiles", text)


def with_suffix(path: str | Path) -> Path:
    """``path``, with ``.cardtable.json`` added to a name that has no suffix at all (a
    file dialog that does not add the default one itself)."""
    path = Path(path)
    return path if path.suffix else path.with_name(path.name + SUFFIX)


def default_name(title: str, now: float | None = None) -> str:
    """A file name for a game saved now: the game and the time, nothing a file system
    refuses."""
    stamp = time.strftime("%Y-%m-%d %H-%M", time.localtime(now))
    safe = "".join(c for c in title if c.isalnum() or c in " -_") or "CardTable"
    return f"{safe} {stamp}{SUFFIX}"


def filter_text() -> str:
    return GameFiles.tr("CardTable games (*.cardtable.json);;All files (*)")


class RecentFiles:
    """The files opened or saved last, newest first, kept in the settings (a damaged
    or hand-edited value reads as an empty list)."""

    def __init__(self, qs: QSettings) -> None:
        self.qs = qs

    def paths(self) -> list[Path]:
        raw = self.qs.value(RECENT_KEY, "[]")
        try:
            items = json.loads(raw) if isinstance(raw, str) and len(raw) < 100_000 else []
        except ValueError:
            items = []
        if not isinstance(items, list):
            return []
        return [Path(p) for p in items if isinstance(p, str) and p][:MAX_RECENT]

    def _store(self, paths: list[Path]) -> None:
        self.qs.setValue(RECENT_KEY, json.dumps([str(p) for p in paths[:MAX_RECENT]]))

    def add(self, path: Path) -> None:
        path = path.absolute()
        self._store([path, *(p for p in self.paths() if p != path)])
        self.qs.setValue(FOLDER_KEY, str(path.parent))

    def remove(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != path.absolute()])

    def clear(self) -> None:
        self._store([])

    def folder(self, fallback: str | None = None) -> str:
        """Where the file dialogs open: the folder used last, if it still exists, else
        ``fallback`` (the person's documents when not given)."""
        return start_folder(self.qs, FOLDER_KEY, fallback)


def documents_folder() -> str:
    """The person's documents folder (``QStandardPaths``), or the home folder when the
    system names none or it does not exist (a fresh Linux account may have no
    ``~/Documents``)."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def start_folder(qs: QSettings, key: str = FOLDER_KEY, fallback: str | None = None) -> str:
    """Where a file dialog opens: the folder stored under ``key`` if it still exists,
    else ``fallback``, else the person's documents."""
    try:
        last = qs.value(key, "")
    except Exception:  # a damaged settings file: as if nothing were stored
        last = ""
    if isinstance(last, str) and last and Path(last).is_dir():
        return last
    return fallback if fallback is not None else documents_folder()


def remember_folder(qs: QSettings, path: str | Path, key: str = FOLDER_KEY) -> None:
    """Keep the folder of ``path`` (a file chosen) as where the next dialog opens."""
    qs.setValue(key, str(Path(path).absolute().parent))


def cannot_open_text(path: Path, exc: record.RecordError) -> str:
    """Why ``path`` was refused, in the player's words: what kind of fault, and where
    in the game it lies (deal and move counted from 1)."""
    reasons = {
        "unreadable": GameFiles.tr("the file could not be read"),
        "rules": GameFiles.tr("a move in it breaks the rules, so the file is damaged"),
        "newer": GameFiles.tr("it was saved by a newer version of CardTable, which this version "
                    "cannot read"),
        "too_large": GameFiles.tr("it is far too large to be a CardTable game, so it was not "
                                  "read"),
    }
    if exc.kind == "not_a_file":
        reason = not_a_file_reason(exc.file_type)
    else:
        reason = reasons.get(exc.kind,
                             GameFiles.tr("the file is damaged or is not a CardTable game"))
    text = texts.fill(GameFiles.tr("“%1” cannot be opened: %2."), path.name, reason)
    if exc.deal is not None and exc.action is not None:
        text += " " + texts.fill(GameFiles.tr("The fault is in deal %1, move %2."), exc.deal + 1,
                                 exc.action + 1)
    elif exc.deal is not None:
        text += " " + texts.fill(GameFiles.tr("The fault is in deal %1."), exc.deal + 1)
    text += "\n\n" + GameFiles.tr("The file was not changed, and the game on the table goes on.")
    return text


def not_a_file_reason(file_type: str | None) -> str:
    """What a path that is not a game file is (:data:`record.FILE_TYPES`), as a reason
    it cannot be opened.  Nothing was read from it: a pipe or a device could have held
    the program up."""
    reasons = {
        "folder": GameFiles.tr("it is a folder, not a file"),
        "fifo": GameFiles.tr("it is a named pipe (FIFO), not a file"),
        "device": GameFiles.tr("it is a device, not a file"),
        "socket": GameFiles.tr("it is a socket, not a file"),
    }
    return reasons.get(file_type or "", GameFiles.tr("it is not an ordinary file"))


def cannot_open_detail(exc: record.RecordError) -> str:
    """The fault itself, for "Show details": the rule a move breaks in the player's
    language, else the loader's own words."""
    if exc.illegal is not None:
        return texts.illegal_reason(exc.illegal)
    return str(exc)
