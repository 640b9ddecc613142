"""``python -m cardtable bench memory``: the memory of the program's whole process tree —
the window, each search worker, multiprocessing's resource tracker — while four ``hard``
computers play Кинг at the fast pace (the search's workers busy all along).

Linux only: it reads ``/proc/PID/smaps_rollup``.  Two sums over the tree, sampled once a
second after a warm-up: RSS (what each process holds, shared libraries counted in every
process that maps them) and PSS (each shared page divided among the processes sharing it:
the honest share of the machine's memory).  ``--program`` measures a bundle's program
instead of ``python -m cardtable``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEATS = [{"name": f"Bot {i + 1}", "kind": "computer", "level": "hard"} for i in range(4)]
WARM_UP_S = 10.0
"""Seconds before sampling: the program has started its workers and is searching."""


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            found += [int(c) for c in Path(f"/proc/{pid}/task/{task}/children").read_text()
                      .split()]
    except OSError:  # the process has ended
        pass
    return found


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process under it."""
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo += _children(current)
    return tree


def rss_pss_kib(pid: int) -> tuple[int, int]:
    """The process's RSS and PSS in KiB (0, 0 once it has ended)."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def _prepare_home(home: Path) -> dict[str, str]:
    """A first start's settings in ``home``: Кинг, four hard computers, the fast pace."""
    from PySide6.QtCore import QSettings

    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home),
               XDG_DATA_HOME=str(home), APPDATA=str(home))
    env.pop("CARDTABLE_BENCH_READY", None)
    settings = QSettings(str(home / "CardTable" / "CardTable.conf"),
                         QSettings.Format.IniFormat)
    settings.setValue("new_game/game", "king")
    settings.setValue("new_game/seats", json.dumps(SEATS))
    settings.setValue("table/pace", "fast")
    settings.sync()
    return env


def sample_tree(command: list[str], seconds: float) -> list[tuple[int, float, float]]:
    """(processes, RSS MiB, PSS MiB) of the tree once a second for ``seconds`` after the
    warm-up."""
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        env = _prepare_home(Path(folder))
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            time.sleep(WARM_UP_S)
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline and proc.poll() is None:
                sizes = [rss_pss_kib(pid) for pid in process_tree(proc.pid)]
                samples.append((len(sizes), sum(r for r, _ in sizes) / 1024,
                                sum(p for _, p in sizes) / 1024))
                time.sleep(1)
        finally:
            proc.terminate()
            proc.wait(30)
    return samples


def main(args: argparse.Namespace) -> int:
    if not Path("/proc/self/smaps_rollup").is_file():
        print("bench memory: needs Linux's /proc/PID/smaps_rollup", file=sys.stderr)
        return 2
    program = getattr(args, "program", None)
    command = [sys.executable, "-m", "cardtable"] if program is None else [str(program)]
    samples = sample_tree(command, args.seconds)
    if not samples:
        print("bench memory: the program ended before it could be measured", file=sys.stderr)
        return 1
    rows = {"program": str(program or "python -m cardtable"),
            "processes": max(n for n, _, _ in samples),
            "rss_mib_median": round(statistics.median(r for _, r, _ in samples), 1),
            "rss_mib_max": round(max(r for _, r, _ in samples), 1),
            "pss_mib_median": round(statistics.median(p for _, _, p in samples), 1),
            "pss_mib_max": round(max(p for _, _, p in samples), 1),
            "samples": len(samples),
            "platform": os.environ.get("QT_QPA_PLATFORM", "default")}
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"Process tree of {rows['program']} during Кинг between four hard computers "
          f"({rows['processes']} processes, {rows['samples']} samples, Qt platform "
          f"{rows['platform']}):\n"
          f"  PSS {rows['pss_mib_median']} MiB median, {rows['pss_mib_max']} MiB most\n"
          f"  RSS {rows['rss_mib_median']} MiB median, {rows['rss_mib_max']} MiB most")
    return 0
