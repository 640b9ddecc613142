"""A game is a plug-in: the shared modules know no game.

A game's *own files* are those named for it — ``<game>.py``, ``<game>_*.py`` or a
folder ``<game>/`` anywhere under ``cardtable/`` (``engine/king.py``,
``ai/king_hard.py``, ``ui/games/king.py``).  Every other module is shared, and a
shared module must not name a game: not its id, title or own rule code as a string
(``"king"``, ``"Кинг"``, ``"must_trump"``; a code every game raises is shared), not a
module of its own (``cardtable.engine.king``), not a class or constant its own files
define (``KingState``, ``KING_GAME``, its events and actions).  Docstrings and
comments may speak of the games; code may not.

:data:`ALLOWED` lists today's offenders, by file and name: the list left is the work
left, and an entry that is no longer needed fails the test too, so it only shrinks.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardtable"

ALLOWED: dict[str, set[str]] = {
    'cardtable/tools/bench_engine.py': {"'clubs'", "'king'", "'metamorphosis'"},
    'cardtable/tools/bench_server.py': {"'king'"},  # its tables play Кинг for four
    'cardtable/tools/bench_memory.py': {"'king'"},
    'cardtable/tools/bench_saves.py': {"'clubs'", "'king'", "'metamorphosis'"},
    'cardtable/tools/bench_search.py': {"'clubs'", "'king'", "'metamorphosis'"},
    'cardtable/tools/bench_stats.py': {"'clubs'", "'king'", "'metamorphosis'"},
    'cardtable/tools/bench_strength.py': {"'clubs'", 'ClubsState', 'KingState',
        'cardtable.engine.clubs', 'cardtable.engine.king'},
    'cardtable/commands/bench_strength.py': {"'king'", 'KingState',
                                            'cardtable.engine.king'},
    'cardtable/tools/bench_gui.py': {"'king'"},
    'cardtable/commands/bench.py': {"'king'"},  # bench review's game unless told: the
    # issue's figure is a whole Кинг game's
    'cardtable/ui/self_check.py': {"'clubs'", "'king'", "'metamorphosis'"},
}
"""Shared module (relative to the repository) → the game names it may still use."""

MANIFESTS = {"cardtable/engine/installed.py", "cardtable/ai/installed.py",
             "cardtable/ui/games/installed.py"}
"""The lists of the games installed, one per layer: the one place a new game is named
outside its own files.  A manifest holds imports of game modules and nothing else, or
(where a game is imported when first asked for) one table of each game's name and
module and nothing else."""

NAMED_MANIFESTS = {"cardtable/engine/installed.py", "cardtable/ui/games/installed.py"}
"""The manifests that name each game's module instead of importing it."""

class Offence(NamedTuple):
    path: str
    line: int
    name: str


def game_ids() -> list[str]:
    from cardtable.engine import GAMES
    return list(GAMES)


def own_files(game: str, root: Path = PACKAGE) -> set[Path]:
    """The files named for ``game`` under ``root``."""
    out = set()
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        stem = rel.stem
        if stem == game or stem.startswith(f"{game}_") or game in rel.parts[:-1]:
            out.add(path)
    return out


def titles(game: str) -> set[str]:
    """The game's title in the source language and in every catalogue."""
    from cardtable.ui.games import presenter_class
    source = presenter_class(game).TITLE
    found = {source}
    for ts in (ROOT / "translations").glob("*.ts"):
        for context in ET.parse(ts).getroot().iter("context"):
            if context.findtext("name") != "GameOptions":
                continue
            for message in context.iter("message"):
                if message.findtext("source") == source and message.findtext("translation"):
                    found.add(message.findtext("translation") or "")
    return found


_CONSTANT = re.compile(r"[A-Z][A-Z0-9_]*$")


def defined_names(files: set[Path]) -> set[str]:
    """Top-level classes and UPPER_CASE constants of these files."""
    names: set[str] = set()
    for path in files:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                names.add(node.name)
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            for target in targets:
                if isinstance(target, ast.Name) and _CONSTANT.match(target.id):
                    names.add(target.id)
    return names


TRANSLATED = {"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"}
"""Calls whose string arguments are words for people ("king" the card, "clubs" the
suit), not a game's id."""


def _words_not_ids(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (a string statement) or text given
    to translation."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            out.add(id(node.value))
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if called in TRANSLATED:
                out.update(id(arg) for arg in node.args if isinstance(arg, ast.Constant))
    return out


def _is_class(name: str) -> bool:
    return not _CONSTANT.match(name)


def offences(source: str, path: str, words: set[str], names: set[str],
             modules: set[str]) -> Iterator[Offence]:
    """Where ``source`` names a game: a string equal to one of ``words`` (not a
    docstring, not text to translate), a class in ``names`` or any name of ``names``
    imported, an import of one of ``modules``.  A constant's name is only matched
    where it is imported: ``KEEP`` in one module is not ``KEEP`` in another."""
    tree = ast.parse(source)
    docs = _words_not_ids(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs and node.value.strip() in words:
            yield Offence(path, node.lineno, repr(node.value.strip()))
        elif isinstance(node, ast.Name) and node.id in names and _is_class(node.id):
            yield Offence(path, node.lineno, node.id)
        elif isinstance(node, ast.Attribute) and node.attr in names and _is_class(node.attr):
            yield Offence(path, node.lineno, node.attr)
        elif isinstance(node, ast.ImportFrom):
            if node.module in modules:
                yield Offence(path, node.lineno, node.module)
            for alias in node.names:
                if alias.name in names:
                    yield Offence(path, node.lineno, alias.name)
                elif node.module and f"{node.module}.{alias.name}" in modules:
                    yield Offence(path, node.lineno, f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield Offence(path, node.lineno, alias.name)


def rule_codes(files: set[Path]) -> set[str]:
    """The rule codes these files raise (``IllegalAction("must_follow", …)``)."""
    codes = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "IllegalAction" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                codes.add(str(node.args[0].value))
    return codes


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


class GameNames(NamedTuple):
    """What names the games: their words, classes and constants, modules."""

    words: set[str]
    names: set[str]
    modules: set[str]


def game_names() -> GameNames:
    """Every game's id, titles and own rule codes; the classes and constants its own
    files define; its own modules."""
    ids = game_ids()
    own = {game: own_files(game) for game in ids}
    found = GameNames(set(), set(), set())
    codes = {game: rule_codes(own[game]) for game in ids}
    for game in ids:
        others = set().union(*(codes[g] for g in ids if g != game))
        found.words.update({game} | titles(game) | (codes[game] - others))
        found.names.update(defined_names(own[game]))
        found.modules.update(_module_name(p) for p in own[game])
    return found


def scan() -> list[Offence]:
    """Every place a shared module of the package names a game."""
    words, names, modules = game_names()
    mine = set().union(*(own_files(game) for game in game_ids()))
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in mine:
            continue
        rel = path.relative_to(ROOT).as_posix()
        if rel in MANIFESTS:
            continue
        found.extend(offences(path.read_text(encoding="utf-8"), rel, words, names, modules))
    return found


def test_no_shared_module_names_a_game() -> None:
    found = scan()
    unexpected = sorted({(o.path, o.name) for o in found
                         if o.name not in ALLOWED.get(o.path, set())})
    assert not unexpected, "shared modules that name a game:\n" + "\n".join(
        f"  {path}: {name}" for path, name in unexpected)


def manifest_modules(rel: str) -> dict[str, str]:
    """The game (named by its module) → module a manifest lists; ``AssertionError``
    if it holds anything else."""
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
    body = tree.body[1:] if ast.get_docstring(tree) is not None else tree.body
    if rel in NAMED_MANIFESTS:
        assert len(body) == 1 and isinstance(body[0], ast.Assign), rel
        named = ast.literal_eval(body[0].value)
        assert isinstance(named, dict), rel
        modules = list(named.values())
        assert all(m.rpartition(".")[2] == game for game, m in named.items()), rel
    else:
        assert body and all(isinstance(node, ast.Import) for node in body), rel
        modules = [alias.name for node in body for alias in node.names]  # type: ignore[attr-defined]
    return {m.rpartition(".")[2].partition("_")[0]: m for m in modules}


def test_a_manifest_only_imports_games() -> None:
    for rel in MANIFESTS:
        assert list(manifest_modules(rel)) == game_ids(), rel


def test_a_manifest_holding_more_than_games_fails(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "cardtable" / "engine"
    package.mkdir(parents=True)
    (package / "installed.py").write_text('"""Games."""\nGAMES = {"king": "x.king"}\n'
                                          'import os\n', encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError):
        manifest_modules("cardtable/engine/installed.py")


def test_a_lazy_registry_loads_one_game_for_a_name_and_all_to_go_through() -> None:
    """In a fresh process: asking for the last game imports its module alone; going
    through the registry imports every installed game and lists them in order."""
    from cardtable.engine.installed import GAMES as INSTALLED
    last = list(INSTALLED)[-1]
    code = ("import json, sys; from cardtable.engine import GAMES, get_game\n"
            f"modules = {sorted(INSTALLED.values())!r}\n"
            "loaded = lambda: [m for m in modules if m in sys.modules]\n"
            f"before = loaded(); get_game({last!r}); one = loaded()\n"
            "names = list(GAMES); print(json.dumps([before, one, loaded(), names]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    before, one, every, names = json.loads(done.stdout)
    assert (before, one) == ([], [INSTALLED[last]])
    assert every == sorted(INSTALLED.values())
    assert names == list(INSTALLED)


def test_the_allow_list_only_shrinks() -> None:
    found = {(o.path, o.name) for o in scan()}
    stale = sorted((path, name) for path, names in ALLOWED.items() for name in names
                   if (path, name) not in found)
    assert not stale, "allowed offences that are gone — strike them from ALLOWED:\n" + \
        "\n".join(f"  {path}: {name}" for path, name in stale)


@pytest.mark.parametrize("line, named", [
    ("from cardtable.engine.game import AuctionWon\n", "AuctionWon"),
    ("GAME = 'king'\n", "'king'"),
    ("x = isinstance(e, clubs_events.AuctionWon)\n", "AuctionWon"),
    ("import cardtable.engine.king\n", "cardtable.engine.king"),
    ("from cardtable.engine import king\n", "cardtable.engine.king"),
    ("title = 'Кинг'\n", "'Кинг'"),
])
def test_the_scan_finds_a_planted_offender(line: str, named: str) -> None:
    found = list(offences(line, "planted.py", {"king", "Кинг"}, {"AuctionWon"},
                          {"cardtable.engine.king"}))
    assert [o.name for o in found] == [named]


@pytest.mark.parametrize("line, named", [
    ("from cardtable.engine.actions import Bid\n", ["Bid"]),
    ("from cardtable.engine.king_actions import Order\n",
     ["cardtable.engine.king_actions", "Order"]),
    ("x = actions.Buy(2)\n", ["Buy"]),
    ("ok = isinstance(action, Declare)\n", ["Declare"]),
])
def test_the_scan_finds_a_games_action_in_a_shared_module(line: str,
                                                          named: list[str]) -> None:
    """Each game's actions are its own: a shared module that names one is caught
    with the names the real scan uses."""
    words, names, modules = game_names()
    assert sorted(o.name for o in offences(line, "planted.py", words, names, modules)) \
        == sorted(named)


def test_the_scan_lets_docstrings_and_other_words_be() -> None:
    source = ('"""Кинг, Трефы and Метаморфоза: the king of clubs."""\nx = "King of clubs"\n'
              'rank = tr("king")\nKEEP = 5\nprint(KEEP)\n')
    assert list(offences(source, "fine.py", {"king", "Кинг"}, {"AuctionWon", "KEEP"}, set())) == []


def test_a_games_own_files_are_the_ones_named_for_it(tmp_path: Path) -> None:
    for rel in ("engine/whist.py", "ai/whist_easy.py", "ui/whist/table.py", "ai/whistle.py",
                "engine/game.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    assert {p.relative_to(tmp_path).as_posix() for p in own_files("whist", tmp_path)} == {
        "engine/whist.py", "ai/whist_easy.py", "ui/whist/table.py"}


def test_the_bundle_takes_every_game_the_manifests_name() -> None:
    """The games are imported by name, which the freezer cannot follow: the package's
    PyInstaller hook names each module of the manifests that name modules."""
    import runpy
    hook = runpy.run_path(str(ROOT / "packaging" / "hooks" / "hook-cardtable.py"))
    named = [m for rel in sorted(NAMED_MANIFESTS) for m in manifest_modules(rel).values()]
    assert sorted(hook["hiddenimports"]) == sorted(named)
