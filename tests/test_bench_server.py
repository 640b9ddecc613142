"""The server benchmark runs end to end — a real server process, client processes,
whole tables on loopback — and prints its figures (how fast the server is, is
measured by running ``bench server``, not asserted here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardtable.tools import bench_server

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", "bench", "server",
                           "--tables", "2", "--seconds", "2", "--think", "0", *args],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=240)


def test_two_tables_for_two_seconds_print_every_figure() -> None:
    proc = bench("--json", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    figures: dict[str, Any] = json.loads(proc.stdout)
    assert (figures["tables"], figures["seated"], figures["held"]) == (2, 2, 2)
    assert figures["errors"] == {}
    assert figures["actions"] > 0 and figures["actions_per_second"] > 0
    assert figures["actions"] <= figures["sent"] + 2 * bench_server.PLAYERS
    latency = figures["latency_ms"]
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    if sys.platform.startswith("linux"):
        assert figures["server_rss_mb"]["listening"] > 0
        assert figures["memory_per_table_kb"] is not None
    text = bench_server.report(figures)
    for words in ("2 tables of 4", "tables held         2 of 2", "actions a second",
                  "p50", "p99", "memory a table", "clients act at once", "share"):
        assert words in text


def test_the_text_says_the_pace_and_the_figures() -> None:
    proc = bench("--level", "easy")
    assert proc.returncode == 0, proc.stderr
    assert "level easy" in proc.stdout and "tables held         2 of 2" in proc.stdout
    assert "latency to all four p50" in proc.stdout


def test_a_pause_is_reported_as_the_pace() -> None:
    figures = {"tables": 1, "players": 4, "game": "king", "level": "random", "seed": 1,
               "seconds": 1.0, "think": 2.5, "client_processes": 1, "cores": 2, "held": 1,
               "seated": 1, "games_finished": 0, "actions_per_second": 0.0, "actions": 0,
               "sent": 0, "latency_ms": {"p50": None, "p99": None, "max": None},
               "memory_per_table_kb": None, "server_rss_mb": {}, "file_limit": 10,
               "cpu_percent": {"server": None, "clients": []},
               "file_limit_enough": False, "errors": {"a seat stopped: X": 2}}
    text = bench_server.report(figures)
    assert "waits 2.5 s ±50 %" in text and "load average" not in text
    assert "p50 - ms" in text
    assert "open-file limit (10) is too low" in text
    assert "error: a seat stopped: X (×2)" in text
