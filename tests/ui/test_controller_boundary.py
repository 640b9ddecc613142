"""The controller is the table's one authority: the window and the parts that show the
table ask it questions and send it requests, and never read its match or its state."""

from __future__ import annotations

import ast
import inspect
import typing
from pathlib import Path

import pytest

import cardtable.ui as ui_package
from cardtable.ui.controller import GameController
from cardtable.ui.games.base import GamePresenter

UI = Path(ui_package.__file__).parent

WINDOW = UI / "window"
"""The window and the parts it is made of: every module there is scanned."""

HIDDEN = {"match", "state"}


def hidden_reads(source: str) -> list[str]:
    """Where ``source`` reads ``.match`` or ``.state`` of a controller: of an expression
    ending in ``controller``, or of a name that was given one (``c = self.controller``)."""
    tree = ast.parse(source)
    aliases = {"controller"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute | ast.Name):
            value = node.value
            name = value.attr if isinstance(value, ast.Attribute) else value.id
            if name in aliases:
                aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in HIDDEN:
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else \
                owner.id if isinstance(owner, ast.Name) else None
            if name in aliases:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_window_never_reads_the_match_or_the_state() -> None:
    scanned = sorted(WINDOW.glob("*.py"))
    assert WINDOW / "main_window.py" in scanned and WINDOW / "table_flow.py" in scanned
    reads = {path.name: hidden_reads(path.read_text(encoding="utf-8")) for path in scanned}
    assert reads == {path.name: [] for path in scanned}


@pytest.mark.parametrize("planted", [
    "def f(self):\n    return self.controller.match\n",
    "def f(self):\n    return self.controller.state.to_move\n",
    "def f(self):\n    c = self.controller\n    return c.state\n",
    "def f(self):\n    c = self.window.controller\n    return c.match.seats\n",
])
def test_the_scan_finds_a_planted_read(planted: str) -> None:
    assert len(hidden_reads(planted)) == 1


def test_the_scan_leaves_other_matches_alone() -> None:
    assert hidden_reads("def f(self):\n    return self.replay.timeline.match\n") == []


QUESTIONS = ("table_view", "view", "view_of_mover", "score_sheet", "game_name", "options",
             "seats", "human_has_played", "can_watch", "copy_to_watch", "save_record",
             "can_undo", "can_redo", "can_restart", "moves_in_deal", "unsaved_moves",
             "moves_beyond")
REQUESTS = ("submit", "undo", "redo", "restart_deal", "new_game", "start_match", "next_deal",
            "take_over", "request_hint", "pause", "resume", "save_now", "stop")
PROPERTIES = ("has_game", "to_move", "is_over", "step_count", "shared")


@pytest.mark.parametrize("name", QUESTIONS + REQUESTS)
def test_the_boundary_is_typed_and_documented(name: str) -> None:
    """What the table may ask and send: documented, and nothing of it typed ``Any``."""
    method = getattr(GameController, name)
    assert inspect.getdoc(method), name
    hints = typing.get_type_hints(method, localns={"GamePresenter": GamePresenter})
    assert "return" in hints
    assert typing.Any not in hints.values(), (name, hints)


@pytest.mark.parametrize("name", PROPERTIES)
def test_the_facts_are_typed(name: str) -> None:
    prop = getattr(GameController, name)
    assert isinstance(prop, property) and prop.fget is not None
    hints = typing.get_type_hints(prop.fget)
    assert hints["return"] is not typing.Any
