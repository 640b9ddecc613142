"""The command line of ``record-format.md``: ``replay`` and ``simulate``.

Most tests run ``python -m cardtable`` in a subprocess, as a user would, and check
the exit code, the exact JSON printed and that no traceback reaches stderr.  The
bulk check of every option combination calls :func:`cardtable.tools.simulate.simulate`
in-process (the command is a thin loop around it) to stay fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from king_rules import COMBOS, expected_deals

from cardtable.ai import make_player
from cardtable.engine import record
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out, simulate

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", *args], cwd=ROOT, env=ENV, input=stdin,
        capture_output=True, timeout=120,
    )
    return subprocess.CompletedProcess(proc.args, proc.returncode,
                                       proc.stdout.decode("utf-8"),
                                       proc.stderr.decode("utf-8"))


def lines_of(stdout: str) -> list[dict[str, Any]]:
    assert stdout.endswith("\n")
    return [json.loads(line) for line in stdout.splitlines()]


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr
    assert "Traceback" not in proc.stdout


def played(options: dict[str, Any], seed: int, level: str = "random") -> Match:
    n = options.get("players", 4)
    match = Match.start("king", options,
                        [Seat(f"Бот {i + 1}", "computer", level) for i in range(n)], seed=seed)
    return play_out(match, [make_player("king", level)] * n)


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Match]:
    match = played({}, 2024)
    path = tmp_path_factory.mktemp("records") / "game.json"
    record.save(match, path)
    return path, match


# --- replay ----------------------------------------------------------------------------------


def test_replay_valid_record(game_file: tuple[Path, Match]) -> None:
    """A valid record: exit 0, one JSON object with exactly the documented keys."""
    path, match = game_file
    proc = run("replay", str(path))
    no_traceback(proc)
    assert proc.returncode == 0
    assert proc.stderr == ""
    [answer] = lines_of(proc.stdout)
    assert list(answer) == ["ok", "game", "finished", "totals", "deal_scores"]
    assert answer == {
        "ok": True, "game": "king", "finished": True,
        "totals": list(match.state.totals),
        "deal_scores": [list(r) for r in match.state.deal_scores],
    }
    assert sum(answer["totals"]) == 0
    assert len(answer["deal_scores"]) == 15


def test_replay_from_stdin(game_file: tuple[Path, Match]) -> None:
    """``replay -`` reads the record from standard input."""
    path, _ = game_file
    proc = run("replay", "-", stdin=path.read_bytes())
    assert proc.returncode == 0
    assert lines_of(proc.stdout) == lines_of(run("replay", str(path)).stdout)


def test_replay_unfinished_record(tmp_path: Path) -> None:
    """A saved game in progress replays with ``finished: false`` and the completed
    deals only."""
    data = record.to_json(played({"players": 3}, 5))
    del data["deals"][6]["actions"][10:]  # ералаш: always played out, so unfinished
    del data["deals"][7:]
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 0
    [answer] = lines_of(proc.stdout)
    assert answer["ok"] is True and answer["finished"] is False
    assert len(answer["deal_scores"]) == 6
    assert answer["totals"] == [sum(r[s] for r in answer["deal_scores"]) for s in range(3)]


def _invalid_records(tmp_path: Path) -> list[tuple[str, bytes, int | None, int | None]]:
    data = record.to_json(played({}, 77))

    def with_change(change: Any) -> bytes:
        d = json.loads(json.dumps(data))
        change(d)
        return json.dumps(d, ensure_ascii=False).encode()

    def wrong_seat(d: dict[str, Any]) -> None:
        a = d["deals"][2]["actions"][3]
        a["seat"] = (a["seat"] + 1) % 4

    return [
        ("not JSON", b"{not json", None, None),
        ("not UTF-8", b"\xff\xfe\xfd", None, None),
        ("empty", b"", None, None),
        ("array", b"[1, 2]", None, None),
        ("bad option", with_change(lambda d: d["options"].update(players=5)), None, None),
        ("version string", with_change(lambda d: d.update(version="1")), None, None),
        ("duplicate key", b'{"version": 1, "version": 1}', None, None),
        ("NaN", b'{"seed": NaN}', None, None),
        ("deep", b"[" * 100_000 + b"]" * 100_000, None, None),
        ("bad layout", with_change(lambda d: d["deals"][3]["cards"]["hands"][0].pop()), 3,
         None),
        ("wrong seat", with_change(wrong_seat), 2, 3),
        ("bad card", with_change(lambda d: d["deals"][1]["actions"][0].update(card="1S")),
         1, 0),
        ("deal after the end", with_change(lambda d: d["deals"].append(d["deals"][0])),
         15, None),
    ]


CASES = ["not JSON", "not UTF-8", "empty", "array", "bad option", "version string",
         "duplicate key", "NaN", "deep", "bad layout", "wrong seat", "bad card",
         "deal after the end"]


@pytest.mark.parametrize("name", CASES)
def test_replay_invalid_record(name: str, tmp_path: Path) -> None:
    """An invalid record: exit 1, ``{"ok": false, "deal", "action", "error"}`` with the
    right indices, nothing on stderr, and the file left as it was."""
    [(_, raw, deal, action)] = [c for c in _invalid_records(tmp_path) if c[0] == name]
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    proc = run("replay", str(path))
    no_traceback(proc)
    assert proc.returncode == 1
    assert proc.stderr == ""
    [answer] = lines_of(proc.stdout)
    assert list(answer) == ["ok", "deal", "action", "error"]
    assert answer["ok"] is False
    assert (answer["deal"], answer["action"]) == (deal, action)
    assert isinstance(answer["error"], str) and answer["error"]
    assert path.read_bytes() == raw


@pytest.mark.parametrize("raw", [b'{"\\ud800": 1}', b'{"game": "\\udc80", "format": 1}',
                                 b'{"format": "cardtable-record", "version": 1, '
                                 b'"game": "\\ud83d"}'])
def test_replay_lone_surrogates_print_valid_utf8(raw: bytes, tmp_path: Path) -> None:
    """Lone surrogates (JSON escapes) in a refused record do not break the output:
    exit 1, and stdout is valid UTF-8 JSON."""
    path = tmp_path / "surrogate.json"
    path.write_bytes(raw)
    proc = run("replay", str(path))  # run() decodes stdout as strict UTF-8
    no_traceback(proc)
    assert proc.returncode == 1
    [answer] = lines_of(proc.stdout)
    assert answer["ok"] is False


def test_replay_invalid_from_stdin() -> None:
    """``replay -`` refuses bad input the same way (exit 1, JSON answer)."""
    proc = run("replay", "-", stdin=b'{"format": "cardtable-record"}')
    no_traceback(proc)
    assert proc.returncode == 1
    [answer] = lines_of(proc.stdout)
    assert answer["ok"] is False and answer["deal"] is None and answer["action"] is None


def test_replay_oversized_stdin_refused_by_size() -> None:
    """20 MB on stdin is refused for its size, not parsed."""
    proc = run("replay", "-", stdin=b" " * (20 * 1024 * 1024) + b"{}")
    no_traceback(proc)
    assert proc.returncode == 1
    [answer] = lines_of(proc.stdout)
    assert answer["ok"] is False and "large" in answer["error"].lower()


@pytest.mark.parametrize("what", ["missing", "directory"])
def test_replay_unreadable_path(what: str, tmp_path: Path) -> None:
    """A missing file or a directory: exit 1 with an ``ok: false`` answer."""
    path = tmp_path / "missing.json" if what == "missing" else tmp_path
    proc = run("replay", str(path))
    no_traceback(proc)
    assert proc.returncode == 1
    [answer] = lines_of(proc.stdout)
    assert answer["ok"] is False and answer["deal"] is None and answer["action"] is None


# --- simulate --------------------------------------------------------------------------------


def test_simulate_output_shape_and_seeds() -> None:
    """One JSON object per game with exactly game/seed/totals/deals; game i has
    seed + i; totals sum to 0; the deal count fits the default options."""
    proc = run("simulate", "--game", "king", "--seed", "500", "--games", "4")
    no_traceback(proc)
    assert proc.returncode == 0
    assert proc.stderr == ""
    games = lines_of(proc.stdout)
    assert len(games) == 4
    for i, g in enumerate(games):
        assert list(g) == ["game", "seed", "totals", "deals"]
        assert g["game"] == "king"
        assert g["seed"] == 500 + i
        assert len(g["totals"]) == 4 and all(type(t) is int for t in g["totals"])
        assert sum(g["totals"]) == 0
        assert g["deals"] == 15
    assert len({tuple(g["totals"]) for g in games}) > 1


def test_simulate_seed_reproduces_output() -> None:
    """The same --seed gives byte-identical output; game i alone (seed + i) gives
    the same line as in the batch."""
    args = ("simulate", "--game", "king", "--seed", "31337", "--games", "3",
            "--bots", "easy,random,easy", "--option", "players=3")
    first, second = run(*args), run(*args)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    alone = run("simulate", "--game", "king", "--seed", "31339", "--games", "1",
                "--bots", "easy,random,easy", "--option", "players=3")
    assert lines_of(alone.stdout) == [lines_of(first.stdout)[2]]
    assert lines_of(first.stdout)[0]["deals"] == 13


def test_simulate_without_seed_prints_a_reusable_seed() -> None:
    """Without --seed a seed is drawn and printed; passing it back reproduces the game."""
    proc = run("simulate", "--game", "king", "--option", "length=short")
    assert proc.returncode == 0
    [g] = lines_of(proc.stdout)
    assert type(g["seed"]) is int and g["deals"] == 10
    again = run("simulate", "--game", "king", "--option", "length=short",
                "--seed", str(g["seed"]))
    assert lines_of(again.stdout) == [g]


def test_simulate_options_change_the_deal_count() -> None:
    proc = run("simulate", "--game", "king", "--seed", "1", "--games", "2",
               "--option", "players=3", "--option", "stage2=hvalenki_reverse_eralash",
               "--option", "must_trump=true", "--option", "boys=jacks_kings",
               "--option", "early_finish=false")
    assert proc.returncode == 0
    for g in lines_of(proc.stdout):
        assert g["deals"] == 7 + 3 + 1
        assert len(g["totals"]) == 3 and sum(g["totals"]) == 0


def test_simulate_record_dir_records_replay(tmp_path: Path) -> None:
    """--record-dir writes one record per game; each replays (exit 0) to the same
    totals, names the seed and the bots' levels, and the directory is created."""
    out = tmp_path / "new" / "records"
    proc = run("simulate", "--game", "king", "--seed", "90", "--games", "3",
               "--bots", "random,easy,easy,random", "--option", "stage2=positive",
               "--record-dir", str(out))
    no_traceback(proc)
    assert proc.returncode == 0
    games = lines_of(proc.stdout)
    files = sorted(out.iterdir())
    assert len(files) == 3
    by_seed = {g["seed"]: g for g in games}
    for i, path in enumerate(files):
        data = json.loads(path.read_text(encoding="utf-8"))
        g = by_seed[data["seed"]]
        assert [p["level"] for p in data["players"]] == ["random", "easy", "easy", "random"]
        assert data["options"]["stage2"] == "positive"
        if i == 0:  # one through the command line, the others in-process
            rep = run("replay", str(path))
            assert rep.returncode == 0
            [answer] = lines_of(rep.stdout)
        else:
            answer = record.summary(record.load_file(path))
        assert answer["ok"] is True and answer["finished"] is True
        assert answer["totals"] == g["totals"]
        assert len(answer["deal_scores"]) == g["deals"] == 14


@pytest.mark.parametrize(("args", "says"), [
    (["--option", "colour=red"], "colour"),
    (["--option", "players=5"], "players"),
    (["--option", "players=four"], "players"),
    (["--option", "players=4.0"], "players"),
    (["--option", "length=long"], "length"),
    (["--option", "stage2=reverse"], "stage2"),
    (["--option", "must_trump=maybe"], "must_trump"),
    (["--option", "early_finish="], "early_finish"),
    (["--option", "length=short", "--option", "stage2=hvalenki_reverse_eralash"], "stage2"),
    (["--option", "players"], "KEY=VALUE"),
    (["--option", "players=3", "--option", "players=4"], "players"),
    (["--bots", "random,random,random"], "bots"),
    (["--bots", "random,random,random,random", "--option", "players=3"], "bots"),
    (["--bots", "random,random,random,random,random"], "bots"),
    (["--bots", "genius"], "genius"),
    (["--bots", "easy,easy,grandmaster,easy"], "grandmaster"),
    (["--games", "0"], "games"),
    (["--seed", "abc"], "seed"),
])
def test_simulate_bad_arguments(args: list[str], says: str) -> None:
    """Bad options, a wrong number of bots or an unknown level: exit 2, a clear
    message on stderr that names the culprit, nothing on stdout, no traceback."""
    proc = run("simulate", "--game", "king", "--seed", "1", *args)
    no_traceback(proc)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "error" in proc.stderr
    assert says.lower() in proc.stderr.lower()


def test_simulate_unknown_game() -> None:
    proc = run("simulate", "--game", "poker")
    no_traceback(proc)
    assert proc.returncode == 2
    assert "poker" in proc.stderr


# --- every option combination ----------------------------------------------------------------

def test_every_combination_is_listed() -> None:
    """2 player counts x 5 valid length/stage2 forms x 2 x 2 x 2 = 80 combinations."""
    assert len(COMBOS) == 80
    assert len({tuple(sorted(c.items())) for c in COMBOS}) == 80


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_simulate_every_combination(options: dict[str, Any]) -> None:
    """Whole games under every option combination are zero-sum and have exactly the
    number of deals of the length table (full 7 / short 6 + the stage-2 deals)."""
    k = COMBOS.index(options)
    levels = ["random" if (k + s) % 3 else "easy" for s in range(options["players"])]
    results = list(simulate("king", options, levels, seed=10_000 * k, games=12))
    assert [r["seed"] for r in results] == [10_000 * k + i for i in range(12)]
    for r in results:
        assert r["game"] == "king"
        assert sum(r["totals"]) == 0, r
        assert r["deals"] == expected_deals(options), r
    # stage 2 explicitly, from the rules text rather than the helper above
    n, full = options["players"], options["length"] == "full"
    stage2 = {"hvalenki": 2 * n if full else n, "hvalenki_reverse_eralash": n + 1,
              "positive": 7 if full else 6}[options["stage2"]]
    assert results[0]["deals"] == (7 if full else 6) + stage2


@pytest.mark.parametrize("options", [
    ["players=3", "length=short", "stage2=positive", "must_trump=true"],
    ["players=4", "stage2=hvalenki_reverse_eralash", "boys=jacks_kings",
     "early_finish=false"],
])
def test_simulate_command_many_games(options: list[str]) -> None:
    """The command itself over 100 games: zero-sum, right deal count, seeds in order."""
    args = [a for o in options for a in ("--option", o)]
    proc = run("simulate", "--game", "king", "--games", "100", "--seed", "7", *args)
    assert proc.returncode == 0
    games = lines_of(proc.stdout)
    parsed = dict(o.split("=") for o in options)
    opts: dict[str, Any] = {k: int(v) if k == "players" else v for k, v in parsed.items()}
    assert len(games) == 100
    assert [g["seed"] for g in games] == list(range(7, 107))
    assert all(sum(g["totals"]) == 0 for g in games)
    assert {g["deals"] for g in games} == {expected_deals(opts)}


def _parsers(parser: Any) -> list[Any]:
    """A parser and every sub-command's parser below it."""
    import argparse

    out = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out += _parsers(sub)
    return out


def test_every_help_text_reads_as_written() -> None:
    """argparse fills in ``%`` in help lines but prints descriptions as they are: a
    description must not carry the doubled ``%%`` a help line needs."""
    from cardtable.cli import build_parser

    parsers = _parsers(build_parser())
    assert len(parsers) > 8
    for parser in parsers:
        text = parser.format_help()
        assert "%%" not in text, parser.prog
