"""The computer players use only the engine's public API.

A player that reaches into an engine object's private attributes, or writes a game
state's fields by hand, breaks as soon as the engine changes how it keeps a state.
The players build states through the engine (``Game.at_deal``, a state's
``from_view`` and ``with_hands``/``with_hidden``, ``stamped``) and read them through
public names.  This test reads every module under ``cardtable/ai/`` with ``ast`` and
fails on:

* ``obj._name`` where ``obj`` is not ``self``, ``cls``, ``super()`` or an imported
  module (dunders other than ``__dict__`` are Python's own, not an engine's);
* ``setattr``/``delattr`` and any use of ``__dict__``;
* assigning (or deleting, or assigning into) ``obj.field`` where ``field`` is a field of
  a game state and ``obj`` is not ``self`` or ``cls``.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import cardtable.ai
import cardtable.engine.installed  # the games register themselves
from cardtable.engine.registry import GAMES

AI_DIR = Path(cardtable.ai.__file__).parent


def state_fields() -> frozenset[str]:
    """Every field a game state of any registered game holds, dealt and undealt."""
    names: set[str] = set()
    for game in GAMES.values():
        state = game.new({}, 0)
        names.update(vars(state))
        state.deal(state.random_layout(random.Random(1)))
        names.update(vars(state))
        for cls in type(state).__mro__:
            names.update(getattr(cls, "__annotations__", {}))
    return frozenset(names)


def offences(source: str, fields: frozenset[str]) -> list[str]:
    """Each place in ``source`` where a player reaches past the engine's public API."""
    tree = ast.parse(source)
    modules = {alias.asname or alias.name.split(".")[0]
               for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    own = {"self", "cls"}
    found: list[str] = []

    def owner_is_own(node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id in own

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            base = node.value
            name = node.attr
            if name == "__dict__":
                found.append(f"{node.lineno}: {ast.unparse(node)} (__dict__)")
            elif (name.startswith("_") and not name.startswith("__")
                  and not owner_is_own(base)
                  and not (isinstance(base, ast.Name) and base.id in modules)
                  and not (isinstance(base, ast.Call) and isinstance(base.func, ast.Name)
                           and base.func.id == "super")):
                found.append(f"{node.lineno}: {ast.unparse(node)} (private)")
            if (isinstance(node.ctx, ast.Store | ast.Del) and name in fields
                    and not owner_is_own(base)):
                found.append(f"{node.lineno}: {ast.unparse(node)} (state field written)")
        elif (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del)
              and isinstance(node.value, ast.Attribute) and node.value.attr in fields
              and not owner_is_own(node.value.value)):
            found.append(f"{node.lineno}: {ast.unparse(node)} (state field written)")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("setattr", "delattr")):
            found.append(f"{node.lineno}: {node.func.id}(...)")
    return found


@pytest.fixture(scope="module")
def fields() -> frozenset[str]:
    return state_fields()


def test_the_players_use_only_the_engines_public_api(fields: frozenset[str]) -> None:
    bad = {path.name: found for path in sorted(AI_DIR.glob("*.py"))
           if (found := offences(path.read_text(encoding="utf-8"), fields))}
    assert bad == {}


@pytest.mark.parametrize("line", [
    "x = state._legal_mask(seat)",
    "state.__dict__.update(fields)",
    "setattr(state, 'seed', 1)",
    "state.dealer = 2",
    "st.ones[seat] = 0",
    "st.totals += [1]",
])
def test_a_planted_offender_is_caught(fields: frozenset[str], line: str) -> None:
    assert offences(line, fields)


@pytest.mark.parametrize("line", [
    "self._view = view",
    "self.totals = []",
    "os._exit(0)",
    "super()._scale(1, 2)",
    "name = type(exc).__name__",
    "plan.pool = WeightedPool(deals, weights)",
    "x = state.legal_mask_of(seat)",
])
def test_what_is_allowed_passes(fields: frozenset[str], line: str) -> None:
    source = "import os\n" + line if line.startswith("os.") else line
    assert offences(source, fields) == []
