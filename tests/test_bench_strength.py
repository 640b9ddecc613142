"""``bench strength``: duplicate seatings, identical cards across rotations, intervals
that behave, the cheater seeing the true state, and the command's refusals.  (The
figures themselves are measured by running the benchmark.)"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cardtable.ai import available_levels, make_bench_player, make_player
from cardtable.engine import get_game
from cardtable.engine.game import GameState
from cardtable.tools import bench_strength
from cardtable.tools.bench_strength import Task, format_report, play_task, seatings, strength

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=120)


def options(game: str, **raw: Any) -> dict[str, Any]:
    return get_game(game).check_options(raw)


# --- seatings and cards ------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 9))
def test_each_level_holds_every_seat_equally_often(n: int) -> None:
    patterns = seatings(n)
    for seat in range(n):
        held = Counter(p[seat] for p in patterns)
        assert held["A"] == held["B"] > 0
    assert sum(p.count("A") for p in patterns) == sum(p.count("B") for p in patterns)


def test_the_named_seatings() -> None:
    assert seatings(2) == ["AB", "BA"]
    assert seatings(4) == ["ABAB", "BABA"]
    assert sorted(seatings(3)) == sorted(["ABB", "BBA", "BAB", "BAA", "AAB", "ABA"])


@pytest.mark.parametrize(("game", "raw"), [
    ("king", {"players": 3, "length": "short"}),
    ("clubs", {"players": 6}),
    ("metamorphosis", {"players": 3, "partii": 2}),
])
def test_the_cards_are_the_same_in_every_rotation(game: str, raw: dict[str, Any]) -> None:
    opts = options(game, **raw)
    tasks = bench_strength.tasks_for(game, opts, "easy", "random", units=2, seed=5)
    results = [play_task(t) for t in tasks]
    by_unit: dict[int, list[Any]] = {}
    for r in results:
        by_unit.setdefault(r.unit, []).append(r.layouts)
    assert len(by_unit) == 2
    for layouts in by_unit.values():
        assert len(layouts) == len(seatings(opts["players"]))
        assert all(each == layouts[0] for each in layouts)
        assert len(layouts[0]) == bench_strength.deals_per_unit(game, opts)
    assert by_unit[0][0][0] != by_unit[1][0][0]  # another unit, other cards


def test_a_unit_is_a_game_where_the_length_is_fixed_and_a_deal_in_clubs() -> None:
    assert not bench_strength.per_deal("king", options("king"))
    assert not bench_strength.per_deal("metamorphosis", options("metamorphosis"))
    assert bench_strength.per_deal("clubs", options("clubs"))


# --- figures ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "raw", "deals"), [
    ("king", {"length": "short"}, 20),
    ("clubs", {}, 60),
    ("metamorphosis", {"players": 3}, 40),
])
def test_random_against_random_is_level(game: str, raw: dict[str, Any], deals: int) -> None:
    report = strength(game, options(game, **raw), "random", "random", deals, seed=3)
    low, high = report["ci95"]
    assert low < 0 < high
    assert low <= report["mean_diff"] <= high


@pytest.mark.parametrize(("game", "raw", "deals"), [
    ("king", {"length": "short"}, 50),
    ("clubs", {}, 30),
    ("metamorphosis", {}, 30),
])
def test_easy_is_clearly_ahead_of_random(game: str, raw: dict[str, Any], deals: int) -> None:
    report = strength(game, options(game, **raw), "easy", "random", deals, seed=1)
    assert report["ci95"][0] > 0
    assert report["mean_score"]["a"] > report["mean_score"]["b"]
    for side, level in (("a", "easy"), ("b", "random")):
        times = report["decisions"][side]
        assert times["level"] == level
        assert times["count"] > 0
        assert 0 <= times["median_ms"] <= times["p95_ms"] <= times["max_ms"]


def test_processes_give_the_same_figures() -> None:
    opts = options("metamorphosis")
    one = strength("metamorphosis", opts, "easy", "random", 6, seed=9, jobs=1)
    two = strength("metamorphosis", opts, "easy", "random", 6, seed=9, jobs=2)
    for report in (one, two):
        del report["elapsed_s"], report["jobs"], report["decisions"]
    assert one == two


def test_a_run_continued_from_a_later_set_plays_the_same_sets() -> None:
    """Sets 1–2 and then sets 3–5 give exactly the figures of one run of sets 1–5."""
    opts = options("metamorphosis")
    whole = strength("metamorphosis", opts, "easy", "random", 5, seed=9)
    start = strength("metamorphosis", opts, "easy", "random", 2, seed=9)
    rest = strength("metamorphosis", opts, "easy", "random", 3, seed=9, first_set=3)
    assert len(set(whole["per_unit"])) > 1, "the sets must differ for the check to mean much"
    assert start["per_unit"] + rest["per_unit"] == whole["per_unit"]
    assert (whole["first_set"], rest["first_set"]) == (1, 3)
    assert rest["per_unit"] != whole["per_unit"][:3]


def test_the_interval_is_students() -> None:
    mean, half = bench_strength.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert half == pytest.approx(3.182 * 1.2910 / 2, abs=0.01)
    assert bench_strength.mean_interval([5.0]) == (5.0, None)
    assert bench_strength.t_quantile_975(10) == 2.228
    assert bench_strength.t_quantile_975(30) > bench_strength.t_quantile_975(31) \
        == pytest.approx(2.040, abs=0.001)
    assert bench_strength.t_quantile_975(120) == pytest.approx(1.980, abs=0.001)


# --- the cheater -------------------------------------------------------------------------------


class TrueStateWitness:
    """An omniscient stand-in: records what it is shown and plays the first action."""

    omniscient = True
    shown: ClassVar[list[tuple[GameState, int]]] = []

    def choose_seeing_all(self, state: GameState, seat: int, legal: Any,
                          rng: random.Random, budget: float | None = None) -> Any:
        self.shown.append((state, seat))
        assert state.to_move == seat and list(state.legal_actions()) == list(legal)
        return legal[0]

    def choose(self, view: Any, legal: Any, rng: random.Random,
               budget: float | None = None) -> Any:
        raise AssertionError("an omniscient player is given the state, not a view")


def test_the_benchmark_shows_an_omniscient_player_the_true_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def fake(game: str, level: str) -> Any:
        return TrueStateWitness() if level == "cheater" else make_bench_player(game, level)

    monkeypatch.setattr(bench_strength, "make_bench_player", fake)
    TrueStateWitness.shown.clear()
    result = play_task(Task("king", options("king", length="short"),
                            {"A": "cheater", "B": "random"}, 1, 0, 0, "ABAB"))
    assert TrueStateWitness.shown
    assert all(isinstance(s, GameState) and seat in (0, 2) for s, seat in
               TrueStateWitness.shown)
    assert sum(result.scores) == 0


def test_the_cheater_is_never_offered_outside_the_benchmark() -> None:
    for game in ("king", "clubs", "metamorphosis"):
        assert "cheater" not in available_levels(game)
        with pytest.raises(ValueError, match="cheater"):
            make_player(game, "cheater")
    proc = run("simulate", "--game", "king", "--bots", "cheater", "--seed", "1")
    assert proc.returncode == 2 and "cheater" in proc.stderr


# --- the command -------------------------------------------------------------------------------


def test_the_command_prints_a_report() -> None:
    proc = run("bench", "strength", "--game", "metamorphosis", "--a", "easy", "--b",
               "random", "--deals", "4", "--seed", "2", "--json", "--quiet")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["units"] == 4 and report["unit"] == "game" and report["seed"] == 2
    assert report["seatings"] == ["AB", "BA"]
    proc = run("bench", "strength", "--game", "clubs", "--a", "easy", "--b", "random",
               "--deals", "3", "--players", "5", "--seed", "2")
    assert proc.returncode == 0, proc.stderr
    assert "Mean score difference A − B per deal" in proc.stdout
    assert "3/30 plays" in proc.stderr or "30/30 plays" in proc.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "chess", "--a", "easy", "--b", "random"], "invalid choice: 'chess'"),
    (["--game", "king", "--a", "best", "--b", "random"], "--a: no computer level 'best'"),
    (["--game", "king", "--a", "easy", "--b", "superb"], "--b: no computer level 'superb'"),
    (["--game", "king", "--a", "easy", "--b", "random", "--option", "players=9"],
     "option 'players' must be 3 or 4"),
    (["--game", "king", "--a", "easy", "--b", "random", "--option", "colour=red"],
     "unknown option 'colour'"),
    (["--game", "king", "--a", "easy", "--b", "random", "--players", "3",
      "--option", "players=4"], "give the number of players once"),
    (["--game", "clubs", "--a", "easy", "--b", "random", "--deals", "0"],
     "--deals must be at least 1"),
    (["--game", "clubs", "--a", "easy", "--b", "random", "--first-set", "0"],
     "--first-set must be at least 1"),
    (["--game", "clubs", "--a", "easy", "--b", "random", "--jobs", "0"],
     "--jobs must be from 1 to 64"),
    (["--game", "clubs", "--a", "normal", "--b", "random", "--a-workers", "2"],
     "--a-workers: only the hard level searches on workers"),
    (["--game", "clubs", "--a", "hard", "--b", "random", "--b-workers", "0"],
     "--b-workers must be from 1 to 64"),
])
def test_the_command_refuses_bad_arguments(args: list[str], message: str) -> None:
    if "--deals" not in args:
        args = [*args, "--deals", "1"]
    proc = run("bench", "strength", *args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""


# --- contracts, fixed work, workers -------------------------------------------------------------


def test_clubs_contracts_are_counted_per_side() -> None:
    opts = options("clubs", players=3)
    report = strength("clubs", opts, "easy", "random", 4, seed=6)
    a, b = report["contracts"]["a"], report["contracts"]["b"]
    # one declarer a deal: 4 duplicate sets of 6 seatings
    assert a["count"] + b["count"] == 24
    for side in (a, b):
        assert sum(side["bids"].values()) == side["count"]
        assert 0 <= side["made"] <= side["count"]
    everyone = strength("clubs", options("clubs", players=3, bidding="everyone"), "easy",
                        "random", 2, seed=6)
    assert everyone["contracts"]["a"]["count"] + everyone["contracts"]["b"]["count"] == 36
    assert strength("metamorphosis", options("metamorphosis"), "easy", "random", 1,
                    seed=6)["contracts"] is None


def test_a_contract_is_made_when_the_tricks_equal_it() -> None:
    result = play_task(Task("clubs", options("clubs", players=2), {"A": "easy", "B": "easy"},
                            4, 0, 0, "AB"))
    (side, bid, taken), = result.contracts
    declarer = "AB".index(side)
    score = result.scores[declarer]
    assert score == (10 + taken if bid == taken else -10)


def test_the_search_has_no_time_cap_in_the_benchmark() -> None:
    player = bench_strength.bench_player("clubs", "hard")
    assert player.max_seconds == bench_strength.UNCAPPED
    assert make_bench_player("clubs", "hard").max_seconds < 1


def test_a_side_searches_on_workers_with_as_many_times_the_playouts() -> None:
    one = bench_strength.bench_player("metamorphosis", "hard")
    try:
        two = bench_strength.bench_player("metamorphosis", "hard", workers=2)
        assert two.pool is not None and two.pool.workers == 2
        assert two.playouts == 2 * one.playouts
        with pytest.raises(ValueError, match="does not search on workers"):
            bench_strength.bench_player("metamorphosis", "normal", workers=2)
    finally:
        bench_strength._stop_pools()


def test_a_king_difference_is_split_into_the_penalty_deals_and_the_hvalenki() -> None:
    """The two parts add up to the whole, and the penalty deals' own parts add up to
    theirs, set by set (so their means do too), and only Кинг is split."""
    from cardtable.tools.bench_strength import HVALENKI, PENALTY

    report = strength("king", options("king", length="short"), "easy", "random", 100,
                      seed=4)
    stages = report["stages"]
    keys = ("tricks", "hearts", "boys", "girls", "king", "last_two")
    assert set(stages) == {PENALTY, HVALENKI, *keys}
    assert stages[PENALTY]["mean_diff"] + stages[HVALENKI]["mean_diff"] == pytest.approx(
        report["mean_diff"], abs=0.002)
    units = report["per_unit_stages"]
    for k, whole in enumerate(units[PENALTY]):
        assert sum(units[key][k] for key in keys) == pytest.approx(whole, abs=1e-4)
    plus = strength("king", options("king", length="short", stage2="positive"), "easy",
                    "random", 12, seed=4)["stages"]
    assert "eralash" not in plus and "boys (plus)" in plus and "boys" in plus
    assert stages[PENALTY]["ci95"][0] > 0  # easy ducks where random takes
    assert stages[HVALENKI]["ci95"][0] > 0
    lines = list(format_report({**report, "elapsed_s": 1.0, "jobs": 1, "workers": {}}))
    assert any(line.strip().startswith(PENALTY) for line in lines)
    assert strength("clubs", options("clubs"), "easy", "random", 2, seed=4)["stages"] is None


@pytest.mark.parametrize("deal, players, total", [
    ("eralash", 4, -96), ("king", 3, -40), ("hvalenka", 4, 24), ("boys (plus)", 3, 40)])
def test_a_king_deal_can_be_played_alone(deal: str, players: int, total: int) -> None:
    """``deal``: each unit is one deal of that kind, the same cards in every seating, and
    its points are that deal's (every seat's sum is the deal's fixed total)."""
    opts = options("king", players=players,
                   **({"stage2": "positive"} if "plus" in deal else {}))
    tasks = bench_strength.tasks_for("king", opts, "easy", "random", 3, 5, deal=deal)
    results = [play_task(t) for t in tasks]
    for r in results:
        assert len(r.layouts) == 1 and sum(r.scores) == total and not r.stages
    for unit in range(3):
        layouts = {r.layouts[0] for r in results if r.unit == unit}
        assert len(layouts) == 1
    report = strength("king", opts, "easy", "random", 3, 5, deal=deal)
    assert report["deal"] == deal and report["unit"] == "deal" and report["units"] == 3
    assert report["deals_per_unit"] == 1 and report["stages"] is None


def test_a_deal_that_the_game_does_not_have_is_refused() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable", "bench", "strength", "--game", "king",
         "--option", "length=short", "--deal", "eralash", "--a", "easy", "--b", "random",
         "--deals", "1"], capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[1])
    assert proc.returncode == 2 and "no deal 'eralash' in this game" in proc.stderr
    assert "Traceback" not in proc.stderr
