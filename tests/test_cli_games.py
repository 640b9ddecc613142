"""``simulate`` and ``replay`` for Трефы and Метаморфоза, with every option and player
count: the games run, their records replay to the same scores, and the command line
refuses bad options for these games with a message instead of a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import record
from cardtable.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def lines_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def replayed(path: Path) -> dict[str, Any]:
    return record.summary(record.load_file(path))


CLUBS_COMBOS = list(product(range(2, 9), ("auction", "everyone")))
META_COMBOS = list(product((2, 3), (False, True), (1, 3)))


@pytest.mark.parametrize(("players", "bidding"), CLUBS_COMBOS)
def test_clubs_simulate_every_player_count(players: int, bidding: str,
                                           tmp_path: Path) -> None:
    """Random players rarely reach the target, so the games stop at --max-deals: the
    line says so, the record is a valid game in progress that replays to the same
    scores, and each deal row scores only the contracts (10 + tricks or −10)."""
    options = {"players": players, "bidding": bidding}
    [line] = simulate("clubs", options, ["random"] * players, seed=players, games=1,
                      record_dir=tmp_path, max_deals=4)
    assert line["deals"] == 4
    assert line["finished"] is False
    summary = replayed(tmp_path / f"clubs-{players}.json")
    assert summary["finished"] is False
    assert summary["totals"] == line["totals"]
    assert len(summary["deal_scores"]) == 4
    for row in summary["deal_scores"]:
        assert len(row) == players
        assert all(s == -10 or 10 <= s <= 10 + 17 or s == 0 for s in row)
        if bidding == "auction":
            assert sum(1 for s in row if s != 0) <= 1


@pytest.mark.parametrize(("players", "turned_trump", "partii"), META_COMBOS)
def test_metamorphosis_simulate_every_option(players: int, turned_trump: bool, partii: int,
                                             tmp_path: Path) -> None:
    """A match is exactly ``partii`` партии; the record replays to the same scores."""
    options = {"players": players, "turned_trump": turned_trump, "partii": partii}
    [line] = simulate("metamorphosis", options, ["random"] * players, seed=7, games=1,
                      record_dir=tmp_path)
    assert "finished" not in line
    assert line["deals"] == partii
    summary = replayed(tmp_path / "metamorphosis-7.json")
    assert summary["finished"] is True
    assert summary["totals"] == line["totals"]
    assert [sum(col) for col in zip(*summary["deal_scores"], strict=True)] == line["totals"]


def test_clubs_command_line_round_trip(tmp_path: Path) -> None:
    """Through the real command: simulate writes records, replay reads them back."""
    proc = run("simulate", "--game", "clubs", "--option", "players=6", "--option",
               "target=25", "--seed", "11", "--games", "2", "--max-deals", "3",
               "--record-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    lines = lines_of(proc.stdout)
    assert [g["seed"] for g in lines] == [11, 12]
    for g in lines:
        out = run("replay", str(tmp_path / f"clubs-{g['seed']}.json"))
        assert out.returncode == 0
        answer = json.loads(out.stdout)
        assert answer["ok"] is True and answer["game"] == "clubs"
        assert answer["totals"] == g["totals"]
        assert answer["finished"] == ("finished" not in g)


def test_metamorphosis_command_line_round_trip(tmp_path: Path) -> None:
    proc = run("simulate", "--game", "metamorphosis", "--option", "players=3", "--option",
               "partii=2", "--option", "turned_trump=true", "--seed", "5",
               "--record-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    [g] = lines_of(proc.stdout)
    assert g == {"game": "metamorphosis", "seed": 5, "totals": g["totals"], "deals": 2}
    out = run("replay", str(tmp_path / "metamorphosis-5.json"))
    answer = json.loads(out.stdout)
    assert out.returncode == 0
    assert answer["finished"] is True and answer["totals"] == g["totals"]
    assert len(answer["deal_scores"]) == 2


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "clubs", "--option", "players=9"), "players"),
    (("--game", "clubs", "--option", "players=1"), "players"),
    (("--game", "clubs", "--option", "target=24"), "target"),
    (("--game", "clubs", "--option", "target=501"), "target"),
    (("--game", "clubs", "--option", "bidding=silent"), "bidding"),
    (("--game", "clubs", "--option", "partii=2"), "partii"),
    (("--game", "metamorphosis", "--option", "players=4"), "players"),
    (("--game", "metamorphosis", "--option", "partii=0"), "partii"),
    (("--game", "metamorphosis", "--option", "partii=13"), "partii"),
    (("--game", "metamorphosis", "--option", "turned_trump=maybe"), "turned_trump"),
    (("--game", "metamorphosis", "--bots", "random,random,random"), "3 levels"),
    (("--game", "clubs", "--max-deals", "0"), "--max-deals"),
    (("--game", "clubs", "--max-deals", "10001"), "--max-deals"),
])
def test_bad_arguments_are_refused(args: tuple[str, ...], message: str) -> None:
    proc = run("simulate", *args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
