"""The command line never crashes: on a terminal that cannot show Russian, on a
hostile record that would echo itself, on absurd benchmark arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=120)


def record(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": "cardtable-record", "version": 1, "game": "king",
        "options": {"length": "short", "stage2": "hvalenki"},
        "players": [{"name": f"Игрок {i}", "kind": "human"} for i in range(4)],
        "first_dealer": 0, "deals": [],
    }
    data.update(changes)
    return data


def test_russian_messages_on_a_cp1252_terminal(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record(options={"length": "short",
                                               "stage2": "hvalenki_reverse_eralash"})),
                    encoding="utf-8")
    proc = run("replay", str(path), encoding="cp1252")
    assert proc.returncode == 1
    answer = json.loads(proc.stdout)
    assert answer["ok"] is False and "ералаш" in answer["error"]
    assert b"Traceback" not in proc.stderr


HANDS = [["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
         ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
         ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
         ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]]


def test_a_hostile_contract_is_not_echoed_whole(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    for contract in ("x" * 100_000, "\ud800\n\u202e"):
        deal = {"cards": {"hands": HANDS},
                "actions": [{"seat": 1, "type": "order", "contract": contract}]}
        path.write_text(json.dumps(record(deals=[deal])), encoding="utf-8")
        proc = run("replay", str(path))
        answer = json.loads(proc.stdout)
        assert (proc.returncode, answer["deal"], answer["action"]) == (1, 0, 0)
        assert answer["error"].startswith("not a contract: ")
        assert len(proc.stdout) < 200
        assert b"Traceback" not in proc.stderr


def test_a_null_seed_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record(seed=None)), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"] == "'seed' must be an integer, not null"


def test_benchmark_time_must_be_a_sensible_number() -> None:
    for bad in ("nan", "inf", "-1", "0", "lots"):
        proc = run("bench", "engine", "--seconds", bad)
        assert proc.returncode == 2, bad
        assert b"--seconds" in proc.stderr and b"Traceback" not in proc.stderr
