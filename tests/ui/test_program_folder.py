"""The program's data folder is named once (…/CardTable, not …/CardTable/CardTable),
and what an earlier version kept in the doubled folder moves up into it — nothing
overwritten, nothing lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths

from cardtable.ui import identity


def contents(root: Path) -> list[bytes]:
    """The bytes of every file under ``root``, wherever it lies."""
    return sorted(p.read_bytes() for p in root.rglob("*") if p.is_file())


def assert_nothing_lost(before: list[bytes], root: Path) -> None:
    """Every file there was is still there, byte for byte (moved perhaps)."""
    assert contents(root) == before, "a file was lost or changed"


def test_the_check_catches_a_lost_file(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(b"1")
    before = contents(tmp_path)
    (tmp_path / "a.json").unlink()
    with pytest.raises(AssertionError):
        assert_nothing_lost(before, tmp_path)


def test_a_doubled_folder_moves_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outer = tmp_path / "CardTable"
    inner = outer / "CardTable"
    (inner / "damaged").mkdir(parents=True)
    (inner / "current-game.json").write_bytes(b"game")
    (inner / "damaged" / "20261201-current-game.json").write_bytes(b"kept")
    (inner / "statistics.sqlite").write_bytes(b"old stats")
    (outer / "statistics.sqlite").write_bytes(b"newer stats")  # already there: stays
    before = contents(tmp_path)
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda kind: str(inner))
    folder = identity.program_folder(QStandardPaths.StandardLocation.AppDataLocation)
    assert folder == outer
    assert (outer / "current-game.json").read_bytes() == b"game"
    assert (outer / "damaged" / "20261201-current-game.json").read_bytes() == b"kept"
    assert (outer / "statistics.sqlite").read_bytes() == b"newer stats"
    assert (inner / "statistics.sqlite").read_bytes() == b"old stats"  # left, not lost
    assert_nothing_lost(before, tmp_path)
    # a second start finds the same folder and changes nothing
    assert identity.program_folder(QStandardPaths.StandardLocation.AppDataLocation) == outer


def test_a_folder_named_once_is_used_as_it_is(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    only = tmp_path / "CardTable"
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda kind: str(only))
    assert identity.program_folder(QStandardPaths.StandardLocation.AppDataLocation) == only
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda kind: "")
    assert identity.program_folder(QStandardPaths.StandardLocation.AppDataLocation) is None
