"""``python -m cardtable review`` through the real command: the same seed prints the
same bytes (twice, and on one worker process or two), the JSON has what the issue
names, bad arguments exit 2 and bad records exit 1 without a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "cardtable", "review", *args], cwd=ROOT,
                          env=env, input=stdin, capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three tricks of a Кинг game of easy players (a few decisions a seat)."""
    match = Match.start("king", {}, [Seat(f"P{i}", "computer", "easy") for i in range(4)],
                        seed=11)
    match.deal()
    players = [make_player("king", "easy") for _ in range(4)]
    while len(match.deals[-1].actions) < 12:
        seat = match.state.to_move
        assert seat is not None
        match.apply(players[seat].choose(match.state.view(seat),
                                         match.state.legal_actions(), match.rng))
    path = tmp_path_factory.mktemp("review") / "game.json"
    record.save(match, path)
    return path


def test_the_same_seed_prints_the_same_bytes(game_file: Path) -> None:
    first = run(str(game_file), "--seat", "1", "--seed", "5", "--json", "--workers", "1")
    assert first.returncode == 0, first.stderr
    again = run(str(game_file), "--seat", "1", "--seed", "5", "--json", "--workers", "1")
    two = run(str(game_file), "--seat", "1", "--seed", "5", "--json", "--workers", "2")
    assert first.stdout == again.stdout == two.stdout
    assert first.stderr == b""  # no progress where stderr is not a terminal
    answer = json.loads(first.stdout)
    assert answer["game"] == "king" and answer["seat"] == 1 and answer["seed"] == 5
    assert isinstance(answer["accuracy"], float) and answer["decisions"]
    for decision in answer["decisions"]:
        assert {"deal", "move", "choice", "best", "cost", "stderr", "mark"} <= set(decision)
        assert decision["cost"] >= 0 and decision["stderr"] >= 0
    other = run(str(game_file), "--seat", "1", "--seed", "6", "--json", "--workers", "1")
    assert other.stdout != first.stdout


def test_the_table_for_people_and_stdin(game_file: Path) -> None:
    proc = run("-", "--seat", "0", "--workers", "1", stdin=game_file.read_bytes())
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("utf-8")
    assert text.startswith("Review of seat 0 (P0) in king")
    assert "cost ± stderr" in text and "accuracy" in text and "forced moves" in text


def test_hindsight_is_its_own_review(game_file: Path) -> None:
    fair = run(str(game_file), "--seat", "2", "--json", "--workers", "1")
    seeing = run(str(game_file), "--seat", "2", "--json", "--hindsight")
    assert json.loads(fair.stdout)["hindsight"] is False
    assert json.loads(seeing.stdout)["hindsight"] is True


@pytest.mark.parametrize(("args", "words"), [
    (("--seat", "4"), b"--seat must be from 0 to 3"),
    (("--seat", "-1"), b"--seat must be from 0 to 3"),
    (("--seat", "one"), b"invalid int value"),
    ((), b"required: --seat"),
    (("--seat", "0", "--workers", "0"), b"must be from 1 to 64"),
    (("--seat", "0", "--workers", "x" * 1000), b"not a whole number"),
])
def test_bad_arguments_exit_2(game_file: Path, args: tuple[str, ...], words: bytes) -> None:
    proc = run(str(game_file), *args)
    assert proc.returncode == 2 and words in proc.stderr
    assert b"Traceback" not in proc.stderr and proc.stdout == b""
    assert len(proc.stderr) < 1000


@pytest.mark.parametrize("where", ["missing", "folder", "not json", "not a record"])
def test_a_bad_record_is_refused_as_replay_refuses_it(tmp_path: Path, where: str) -> None:
    path = {"missing": tmp_path / "none.json", "folder": tmp_path}.get(where,
                                                                       tmp_path / "r.json")
    if where == "not json":
        path.write_text("{", encoding="utf-8")
    elif where == "not a record":
        path.write_text("{}", encoding="utf-8")
    proc = run(str(path), "--seat", "0")
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["ok"] is False and answer["error"]
