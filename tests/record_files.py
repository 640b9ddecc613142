"""The hand-checked records of tests/data/records/<game>: where they are, what
``replay`` prints for one (run as a user runs it), and what it must print."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def records_dir(game: str) -> Path:
    return ROOT / "tests" / "data" / "records" / game


def record_files(game: str) -> list[Path]:
    """The records of ``game`` (not their expectations), in name order."""
    return sorted(p for p in records_dir(game).glob("*.json")
                  if not p.name.endswith(".expected.json"))


def replay(path: Path) -> tuple[int, str]:
    """``python -m cardtable replay PATH`` in a subprocess: exit code and stdout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


def expected_of(path: Path) -> dict[str, Any]:
    """The answer worked out by hand for a record (NAME.expected.json beside it)."""
    return json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
