"""Whether one level is there, asked without importing every level: the table's first
start seats ``normal`` computers and needs no other level's module for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardtable.ai as registry
from cardtable.ai import has_level
from cardtable.ui.settings import default_level


def test_has_level_names_what_the_table_offers() -> None:
    assert has_level("king", "normal")
    assert has_level("metamorphosis", "hard")
    assert not has_level("king", "cheater")  # the benchmark's alone
    assert not has_level("clubs", "opening-peeker")
    assert not has_level("chess", "normal")


def test_a_missing_normal_level_gives_the_weakest_there_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> dict[str, type]:
        raise ModuleNotFoundError("No module named 'cardtable.ai.clubs_normal'",
                                  name="cardtable.ai.clubs_normal")

    assert default_level("clubs") == "normal"
    monkeypatch.setitem(registry.LOADERS, ("clubs", "normal"), missing)
    assert not has_level("clubs", "normal")
    assert default_level("clubs") == "easy"


def test_the_default_level_imports_no_other_level() -> None:
    code = ("import sys\nfrom cardtable.ui.settings import default_level\n"
            "assert default_level('king') == 'normal'\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardtable.ai.king_')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    imported = done.stdout.strip()
    assert "king_normal" in imported
    assert "king_hard" not in imported and "king_easy" not in imported
