"""``bench gap``: the share of a ceiling's gap that a level closes, over paired
duplicate sets, with Fieller's interval — and clear refusals of reports that cannot
be paired."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import get_game
from cardtable.tools import bench_gap, bench_strength
from cardtable.tools.bench_gap import GapError, paired_sets, ratio_interval
from cardtable.tools.bench_strength import t_quantile_975

ROOT = Path(__file__).resolve().parents[1]


def _report(a: str, seed: int, per_unit: list[float], game: str = "clubs",
            b: str = "normal", **extra: Any) -> dict[str, Any]:
    return {"game": game, "options": {"players": 4}, "a": a, "b": b, "seed": seed,
            "per_unit": per_unit, **extra}


def _fieller_gap(xs: list[float], ys: list[float], r: float) -> float:
    """|mean(x) − r·mean(y)| − t·SE(x − r·y): zero at Fieller's limits, below zero
    inside them (computed from the paired differences themselves, not the quadratic)."""
    n = len(xs)
    d = [x - r * y for x, y in zip(xs, ys, strict=True)]
    mean = sum(d) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1) / n)
    return abs(mean) - t_quantile_975(n - 1) * se


def test_the_interval_is_fiellers() -> None:
    rng = random.Random(3)
    ys = [10 + rng.gauss(0, 4) for _ in range(40)]
    xs = [0.6 * y + rng.gauss(0, 3) for y in ys]
    share, interval = ratio_interval(xs, ys)
    assert share == pytest.approx(sum(xs) / sum(ys))
    assert interval is not None
    low, high = interval
    assert low < share < high
    assert _fieller_gap(xs, ys, low) == pytest.approx(0, abs=1e-9)
    assert _fieller_gap(xs, ys, high) == pytest.approx(0, abs=1e-9)
    assert _fieller_gap(xs, ys, share) < 0
    assert _fieller_gap(xs, ys, low - 0.05) > 0 and _fieller_gap(xs, ys, high + 0.05) > 0


def test_pairing_narrows_the_interval() -> None:
    """The same sets, once paired and once shuffled apart: the covariance counts."""
    rng = random.Random(4)
    ys = [10 + rng.gauss(0, 6) for _ in range(30)]
    xs = [0.5 * y + rng.gauss(0, 1) for y in ys]
    _, paired = ratio_interval(xs, ys)
    apart = xs[:]
    rng.shuffle(apart)
    _, unpaired = ratio_interval(apart, ys)
    assert paired is not None and unpaired is not None
    assert paired[1] - paired[0] < 0.6 * (unpaired[1] - unpaired[0])


def test_a_ceiling_not_clear_of_zero_has_no_bounded_interval() -> None:
    rng = random.Random(5)
    ys = [rng.gauss(0.1, 3) for _ in range(20)]
    xs = [rng.gauss(0.1, 3) for _ in range(20)]
    assert ratio_interval(xs, ys)[1] is None


def test_sets_pair_by_seed_and_pool() -> None:
    level = [("h1", _report("hard", 1, [1.0, 2.0, 3.0])), ("h2", _report("hard", 2, [4.0]))]
    ceiling = [("c2", _report("cheater", 2, [8.0, 9.0])),
               ("c1", _report("cheater", 1, [2.0, 4.0]))]
    xs, ys, info = paired_sets(level, ceiling)
    assert xs == [1.0, 2.0, 4.0] and ys == [2.0, 4.0, 8.0]
    assert info["sets_per_seed"] == {"1": 2, "2": 1}


def test_a_continued_run_joins_its_first_part_and_pairs_by_set_number() -> None:
    level = [("h1", _report("hard", 1, [1.0, 2.0])),
             ("h1b", _report("hard", 1, [3.0, 5.0], first_set=3))]
    ceiling = [("c1", _report("cheater", 1, [2.0, 4.0, 6.0, 8.0, 10.0]))]
    xs, ys, info = paired_sets(level, ceiling)
    assert xs == [1.0, 2.0, 3.0, 5.0] and ys == [2.0, 4.0, 6.0, 8.0]
    assert info["sets_per_seed"] == {"1": 4}
    # a continuation that skips a set pairs only the sets both sides have
    level = [("h1", _report("hard", 1, [1.0])), ("h1c", _report("hard", 1, [5.0], first_set=3))]
    xs, ys, _ = paired_sets(level, ceiling)
    assert xs == [1.0, 5.0] and ys == [2.0, 6.0]


@pytest.mark.parametrize("second, says", [
    (_report("hard", 1, [3.0, 5.0]), "set 1 of seed 1 is also in h1"),
    (_report("hard", 1, [3.0, 5.0], first_set=2), "set 2 of seed 1 is also in h1"),
    (_report("hard", 1, [3.0], first_set=0), "first_set is not a set number: 0"),
    (_report("hard", 1, [3.0], first_set="3"), "first_set is not a set number"),
])
def test_reports_of_one_seed_that_overlap_are_refused(second: dict[str, Any],
                                                      says: str) -> None:
    with pytest.raises(GapError, match=says):
        paired_sets([("h1", _report("hard", 1, [1.0, 2.0])), ("h2", second)],
                    [("c", _report("cheater", 1, [1.0, 2.0, 3.0]))])


@pytest.mark.parametrize("ceiling, says", [
    (_report("cheater", 2, [1.0, 2.0]), "no report of the ceiling with seed 1"),
    (_report("cheater", 1, [1.0, 2.0], game="king"), "another game"),
    (_report("cheater", 1, [1.0, 2.0], b="easy"), "another game, options, deal or opponent"),
    (_report("cheater", 1, [1.0, 2.0], deal="eralash"), "another game, options, deal"),
])
def test_reports_that_do_not_pair_are_refused(ceiling: dict[str, Any], says: str) -> None:
    with pytest.raises(GapError, match=says):
        paired_sets([("h", _report("hard", 1, [1.0, 2.0]))], [("c", ceiling)])


@pytest.mark.parametrize("content, says", [
    (b"\xff\xfe garbage", "not a text file"),
    (b"{not json", "not JSON"),
    (b'{"game": "clubs"}', "not a bench strength --json report"),
    (json.dumps(_report("hard", 1, [1.0, "x"])).encode(), "not a list of numbers"),
    (json.dumps(_report("hard", 1, [1.0, True])).encode(), "not a list of numbers"),
    (json.dumps(_report("hard", 1, [1.0], per_unit_stages={"p": "x"})).encode(),
     "by stage are not lists"),
    (b"[1, 2]", "not a bench strength --json report"),
])
def test_a_file_that_is_not_a_report_is_refused(content: bytes, says: str,
                                                tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(content)
    with pytest.raises(GapError, match=says):
        bench_gap.load_report(str(path))


def test_the_command_pairs_real_reports(tmp_path: Path) -> None:
    """Two real runs of bench strength on the same seed, then the command as a user
    runs it: the share, its interval, and a stage that is not there refused."""
    options = get_game("clubs").check_options({"players": 4})
    paths = []
    for a in ("easy", "normal"):
        report = bench_strength.strength("clubs", options, a, "random", 24, 7)
        assert len(report["per_unit"]) == 24
        assert sum(report["per_unit"]) / 24 == pytest.approx(report["mean_diff"], abs=1e-3)
        path = tmp_path / f"{a}.json"
        path.write_text(json.dumps(report), encoding="utf-8")
        paths.append(str(path))
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "bench", "gap", "--level", paths[0],
         "--ceiling", paths[1], "--json"], cwd=ROOT, capture_output=True, text=True,
        timeout=120)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["sets"] == 24 and got["level"] == ["easy"] and got["ceiling"] == ["normal"]
    assert got["share"] == pytest.approx(got["level_diff"] / got["ceiling_diff"], rel=1e-3)
    assert got["ci95"][0] < got["share"] < got["ci95"][1]
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "bench", "gap", "--level", paths[0],
         "--ceiling", paths[1], "--stage", "хвалёнки"], cwd=ROOT, capture_output=True,
        text=True, timeout=120)
    assert proc.returncode == 2
    assert "no figures for the stage" in proc.stderr and "Traceback" not in proc.stderr
