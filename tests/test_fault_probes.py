"""The fault probes (``tests/fault_probes.py``) keep running: their quickest scenario, a
save interrupted by a second start, reports no loss on this code, and reports the loss
when the second start is made to delete every temporary as the old code did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

PROBES = Path(__file__).resolve().parent / "fault_probes.py"


def probe(*args: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, str(PROBES), "--trials", "1", "--json", *args],
        cwd=PROBES.parents[1], env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True, text=True, timeout=600, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_a_save_interrupted_by_a_second_start_is_kept() -> None:
    (row,) = probe("--only", "mid-save")
    assert (row["scenario"], row["lost"], row["of"], row["hung"]) == ("mid-save", 0, 1, False)


def test_the_probe_sees_a_second_start_that_deletes_the_save_in_progress() -> None:
    (row,) = probe("--only", "mid-save", "--sabotage")
    assert (row["lost"], row["of"]) == (1, 1)


def test_an_unknown_scenario_is_refused() -> None:
    done = subprocess.run([sys.executable, str(PROBES), "--only", "nonsense"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "unknown scenarios: nonsense" in done.stderr
