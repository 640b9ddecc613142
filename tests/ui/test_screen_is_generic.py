"""The screen is written once for every game: outside ``cardtable/ui/games/`` no code
names a game, and none asks a view what it has (``getattr``/``hasattr``) to guess
which game it came from.  Each game's screen knowledge lives in its presenter.

``self_check.py`` is exempt: it is a diagnostic that chooses particular tables to
exercise, not part of the screen."""

from __future__ import annotations

import ast
from pathlib import Path

from cardtable.engine import GAMES

UI = Path(__file__).resolve().parents[2] / "cardtable" / "ui"
EXEMPT = {UI / "self_check.py"}


def screen_files() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py")
                  if (UI / "games") not in p.parents and p not in EXEMPT)


TRANSLATE = {"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"}
"""Calls whose strings are words to show ("clubs", the suit), not names of games."""


def problems(source: str, where: str) -> list[str]:
    """Each game name written in ``source`` (outside the words it shows), and each
    ``getattr``/``hasattr`` on a name that holds a view."""
    tree = ast.parse(source)
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else ""
            if name in TRANSLATE:
                words.update(id(arg) for arg in node.args)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in GAMES and id(node) not in words:
            found.append(f"{where}:{node.lineno}: names the game {node.value!r}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and node.args:
            target = ast.unparse(node.args[0])
            if target.split(".")[-1].endswith("view"):
                found.append(f"{where}:{node.lineno}: {node.func.id} on {target}")
    return found


def test_the_check_finds_a_game_name_and_a_guess() -> None:
    bad = (
        'def rule(self, view):\n'
        '    if self.game == "clubs":\n'
        '        return Texts.tr("clubs")\n'
        '    return getattr(self.turn_view, "tricks", ())\n'
    )
    assert sorted(problems(bad, "x.py")) == ["x.py:2: names the game 'clubs'",
                                     "x.py:4: getattr on self.turn_view"]


def test_no_game_name_and_no_guessing_outside_the_presenters() -> None:
    files = screen_files()
    assert UI / "window" / "main_window.py" in files and UI / "table" / "scene.py" in files
    found = [p for path in files
             for p in problems(path.read_text(encoding="utf-8"), path.relative_to(UI).as_posix())]
    assert found == []
