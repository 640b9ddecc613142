"""The registry of computer levels: every level the table offers is imported by a plain
``from … import`` statement, which a freezer (PyInstaller) follows — the first bundle
lacked every level but ``random`` because the registry named its modules in strings."""

from __future__ import annotations

import ast
import inspect

import pytest

import cardtable.ai as registry
from cardtable.ai import (
    BENCH_LEVELS,
    GAMES,
    LEVELS,
    available_levels,
    bench_levels,
    make_bench_player,
    make_player,
)


def imported_modules(loader: object) -> set[str]:
    """The modules a loader imports, read from its source as a freezer reads it."""
    tree = ast.parse(inspect.getsource(loader))  # type: ignore[arg-type]
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module}


def test_every_level_comes_from_a_static_import() -> None:
    for game in GAMES:
        for level in BENCH_LEVELS:
            if (game, level) not in registry.LOADERS:
                assert level == "opening-peeker" and game != "king", (game, level)
                continue
            loader = registry.LOADERS[(game, level)]
            classes = loader()
            cls = classes[level]
            if level == "random":
                continue
            assert cls.__module__ in imported_modules(loader), (game, level)
            assert cls.__module__.startswith(f"cardtable.ai.{game}_")


def test_the_registry_names_no_module_in_a_string() -> None:
    source = inspect.getsource(registry)
    assert "importlib" not in source and "import_module" not in source
    assert "__import__" not in source


def test_every_level_is_available_in_a_whole_install() -> None:
    for game in GAMES:
        assert available_levels(game) == list(LEVELS)


def test_a_missing_module_takes_its_level_away(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> dict[str, type]:
        raise ModuleNotFoundError("No module named 'cardtable.ai.clubs_normal'",
                                  name="cardtable.ai.clubs_normal")

    monkeypatch.setitem(registry.LOADERS, ("clubs", "normal"), missing)
    assert available_levels("clubs") == ["random", "easy", "hard"]
    with pytest.raises(ValueError, match="'normal' for 'clubs' is missing from this "
                                         "installation"):
        make_player("clubs", "normal")
    with pytest.raises(ValueError, match="no computer level 'cheater'"):
        make_player("clubs", "cheater")


def test_a_level_one_game_lacks_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no computer level 'opening-peeker' for 'clubs'"):
        make_bench_player("clubs", "opening-peeker")
    assert "opening-peeker" in bench_levels("king")
    assert "opening-peeker" not in bench_levels("metamorphosis")


def test_registering_the_levels_imports_no_player() -> None:
    """Each game registers its levels at import, yet no level's module is loaded
    before the level is asked for (the cold start stays as light as before)."""
    import subprocess
    import sys
    code = ("import sys, cardtable.ai as ai; ai.has_level(ai.GAMES[0], 'random'); "
            "print(sorted(m for m in sys.modules if m.startswith('cardtable.ai.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = set(ast.literal_eval(out))
    assert loaded and all(m.endswith(("_levels", ".levels", ".installed", ".base"))
                          for m in loaded), loaded
