"""The engine and the computer players must never depend on Qt: they run in worker
threads, in the command line and in tests without a screen."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "cardtable" / "tools"
QT_TOOLS = {"bench_gui.py", "bench_memory.py"}
"""The tools that measure the GUI: they start it, so they may name Qt."""
QT_FREE = [ROOT / "cardtable" / "cards.py", ROOT / "cardtable" / "engine",
           ROOT / "cardtable" / "ai", ROOT / "cardtable" / "ui" / "art" / "svg.py",
           ROOT / "cardtable" / "ui" / "sound" / "synthesis.py",
           *sorted(p for p in TOOLS.glob("*.py") if p.name not in QT_TOOLS)]


def _python_files() -> list[Path]:
    files: list[Path] = []
    for place in QT_FREE:
        files.extend(sorted(place.rglob("*.py")) if place.is_dir() else [place])
    return files


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_qt_free_sources_import_no_qt() -> None:
    files = _python_files()
    assert len(files) >= 8  # the scan really covers the engine and the players
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in _imported_modules(path)
                                            if m.split(".")[0] in ("PySide6", "shiboken6",
                                                                   "PyQt5", "PyQt6"))
        for path in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_qt_free_sources_import_nothing_from_the_ui() -> None:
    for path in _python_files():
        ui = [m for m in _imported_modules(path) if m.startswith("cardtable.ui")]
        assert ui == [], path


def test_importing_the_engine_and_players_loads_no_qt() -> None:
    code = (
        "import sys\n"
        "import cardtable.cards, cardtable.engine, cardtable.engine.record, "
        "cardtable.engine.match, cardtable.ai, cardtable.tools.simulate, "
        "cardtable.cli, cardtable.tools.bench_engine, cardtable.ui.art.svg, "
        "cardtable.ui.sound.synthesis\n"
        "from cardtable.tools.simulate import simulate\n"
        "list(simulate('king', {'length': 'short'}, ['easy'] * 4, 1, 1))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "[]"
