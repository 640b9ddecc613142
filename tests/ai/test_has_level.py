"""Which level the table seats by default, asked without importing any level: the
table's first start makes no computer player before its table is on the screen."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardtable.ai as registry
from cardtable.ai import has_level, offers_level
from cardtable.ui.settings import default_level


def test_offers_level_names_what_the_table_offers() -> None:
    assert offers_level("king", "normal")
    assert offers_level("metamorphosis", "hard")
    assert not offers_level("king", "cheater")  # the benchmark's alone
    assert not offers_level("clubs", "opening-peeker")
    assert not offers_level("chess", "normal")


def test_has_level_also_imports_the_level(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> dict[str, type]:
        raise ModuleNotFoundError("No module named 'cardtable.ai.clubs_normal'",
                                  name="cardtable.ai.clubs_normal")

    assert has_level("clubs", "normal")
    monkeypatch.setitem(registry.LOADERS, ("clubs", "normal"), missing)
    assert not has_level("clubs", "normal")
    assert offers_level("clubs", "normal")  # registered: the missing module shows later


def test_a_game_without_normal_gets_the_weakest_level(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_level("clubs") == "normal"
    monkeypatch.delitem(registry.LOADERS, ("clubs", "normal"))
    assert default_level("clubs") == "easy"


def test_the_default_level_imports_no_level() -> None:
    code = ("import sys\nfrom cardtable.ui.settings import default_level\n"
            "assert default_level('king') == 'normal'\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardtable.ai.king_')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['cardtable.ai.king_levels']"
