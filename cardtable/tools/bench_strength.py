"""``python -m cardtable bench strength``: how much stronger one computer level is than
another, measured on duplicate deals.

**Duplicate deals.**  Luck of the cards dwarfs skill, so every set of cards is played
several times with the levels' seats rotated (:func:`seatings`): each level plays
every seat equally often with the same cards, and both hold the same number of seats
overall.  The cards of deal *j* of unit *k* come from ``(seed, k, j)`` alone, never
from how the play went, so all rotations see the same deals.

**The unit** is what one difference is measured over:

* a whole game where the game has a fixed length — Кинг (its deals differ by
  contract, and a хвалёнка's order is the players' own choice, so a deal alone is not
  comparable across seats; ``length=short`` makes it quicker) and Метаморфоза (one
  партия by default, or the ``partii`` asked for);
* one deal where it has not — Трефы is played to a target over any number of deals,
  so each unit is one deal of a fresh game, scored by the deal's contract points.

For each unit the difference is the mean over its rotations of (mean score of A's
seats − mean score of B's seats); the 95% interval is Student's over these units,
which are independent, unlike the seats of one rotation.

**Speed.**  Each (unit, rotation) is one task; ``--jobs`` runs tasks in that many
processes.  Decision times are taken around each ``choose`` with more than one legal
action, in the process that made it.

**Fixed work.**  A searching level plays its fixed number of playouts here with no time
cap (at the table a search stops at 0.9 s on a busy machine), so a seed reproduces the
figures whatever else the machine is doing; only the times depend on the load.
``--a-workers``/``--b-workers`` give a searching side a pool of that many worker
processes, and with it as many times the playouts in the same time a decision — how
the table plays on a computer with that many cores.

**Contracts.**  In Трефы each side's contracts are counted too: how many it declared
(in the auction) or named (everyone bids), how many it made exactly, and their size —
a declarer of one level against defenders of the other.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.ai import make_bench_player
from cardtable.engine import get_game
from cardtable.engine.clubs import ClubsState
from cardtable.engine.game import GameState, Layout
from cardtable.engine.king import KingState

A, B = "A", "B"


def seatings(n: int) -> list[str]:
    """The seat patterns of one duplicate set: the letter at seat *i* is the level
    sitting there.  Even tables alternate (``ABAB``, ``BABA``); odd tables use every
    rotation of an alternating pattern closed by an extra B (``ABB``, ``ABABB``) and of
    its mirror (``BAA``), so each level holds each seat equally often."""
    if n < 2:
        raise ValueError("a duplicate needs at least 2 players")
    if n % 2 == 0:
        base = "AB" * (n // 2)
        return [base, base.translate(_SWAP)]
    base = "AB" * (n // 2) + "B"
    mirror = base.translate(_SWAP)
    return [p[i:] + p[:i] for p in (base, mirror) for i in range(n)]


_SWAP = str.maketrans("AB", "BA")


def deal_kinds(state: KingState) -> dict[str, int]:
    """The kinds of deal of a Кинг game, by the name a split uses (a penalty deal's key,
    «(plus)» after a plus deal of the second stage, ``hvalenka``), each with the index of
    its first deal in the schedule."""
    out: dict[str, int] = {}
    for i, spec in enumerate(state.schedule):
        name = "hvalenka" if spec.is_hvalenka else (
            spec.key if spec.sign < 0 else f"{spec.key} (plus)")
        out.setdefault(name, i)
    return out


def per_deal(game: str, options: Mapping[str, Any]) -> bool:
    """True where the unit is one deal (a game of no fixed length), else a whole game."""
    return get_game(game).new(options, 0).deals_total is None


def deals_per_unit(game: str, options: Mapping[str, Any]) -> int:
    total = get_game(game).new(options, 0).deals_total
    return 1 if total is None else total


def layout_for(state: GameState, seed: int, unit: int, deal_index: int) -> Layout:
    """The cards of deal ``deal_index`` of ``unit``: a function of the seed and the two
    numbers alone (``random_layout`` reads only the state's fixed deck and size)."""
    return state.random_layout(random.Random(f"{seed}:{unit}:{deal_index}:cards"))


def first_dealer(n: int, seed: int, unit: int) -> int:
    return random.Random(f"{seed}:{unit}:dealer").randrange(n)


# --- one task: a unit played in one seating ----------------------------------------------


@dataclass
class SeatingResult:
    """One unit played in one seating: each seat's score, the decision times (seconds)
    and search playouts of each side, and the layouts dealt."""

    unit: int
    seating: int
    pattern: str
    scores: tuple[int, ...]
    times: dict[str, list[float]] = field(default_factory=dict)
    playouts: dict[str, list[int]] = field(default_factory=dict)
    layouts: list[Layout] = field(default_factory=list)
    contracts: list[tuple[str, int, int]] = field(default_factory=list)
    """Трефы: (side, contract, tricks taken) for every seat with a contract."""
    stages: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Кинг: each seat's points in each kind of deal (the penalty deals, the хвалёнки),
    to see where a difference comes from."""

    def difference(self, scores: tuple[int, ...] | None = None) -> float:
        """Mean score of A's seats minus mean score of B's seats (of ``scores``, else of
        the unit's)."""
        scores = self.scores if scores is None else scores
        a = [s for s, side in zip(scores, self.pattern, strict=True) if side == A]
        b = [s for s, side in zip(scores, self.pattern, strict=True) if side == B]
        return statistics.fmean(a) - statistics.fmean(b)


@dataclass(frozen=True)
class Task:
    game: str
    options: Mapping[str, Any]
    levels: Mapping[str, str]
    """The level of each side: {"A": ..., "B": ...}."""
    seed: int
    unit: int
    seating: int
    pattern: str
    workers: Mapping[str, int] = field(default_factory=lambda: {A: 1, B: 1})
    """Search worker processes of each side (1: the search in the player's process)."""
    deal: str | None = None
    """Кинг: play only the first deal of this kind (a key of :func:`deal_kinds`) as the
    unit, instead of whole games."""


PENALTY, HVALENKI = "penalty deals", "хвалёнки"
"""The two kinds of Кинг deal a difference is split into."""

UNCAPPED = 3600.0
"""The search's time cap in the benchmark: in effect none (see "Fixed work")."""

_POOLS: dict[int, Any] = {}
"""This process's search pools by worker count, started at first use and kept."""


def _search_pool(workers: int) -> Any:
    from cardtable.ai.parallel import SearchPool

    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = SearchPool(workers)
        pool.warm_up()
    return pool


def bench_player(game: str, level: str, workers: int = 1) -> Any:
    """A player as the benchmark seats it: its fixed playouts with no time cap, and for
    ``workers`` > 1 a pool of worker processes (searching levels only)."""
    player: Any = make_bench_player(game, level)
    if hasattr(player, "max_seconds"):
        player.max_seconds = UNCAPPED
    if workers > 1:
        if not hasattr(player, "use_pool") or getattr(player, "omniscient", False):
            raise ValueError(f"level {level!r} does not search on workers")
        player.use_pool(_search_pool(workers))
    return player


def play_task(task: Task) -> SeatingResult:
    """Play one unit in one seating.  Players are made fresh for each seat; a player
    marked ``omniscient`` (the cheater) is shown the true state."""
    game = get_game(task.game)
    n = len(task.pattern)
    state = game.new(task.options, first_dealer(n, task.seed, task.unit))
    players = [bench_player(task.game, task.levels[side], task.workers.get(side, 1))
               for side in task.pattern]
    rng = random.Random(f"{task.seed}:{task.unit}:{task.seating}:players")
    result = SeatingResult(task.unit, task.seating, task.pattern, (),
                           {A: [], B: []}, {A: [], B: []})
    one_deal = state.deals_total is None or task.deal is not None
    if task.deal is not None:
        assert isinstance(state, KingState)
        state.deal_index = deal_kinds(state)[task.deal]
    dealt = False
    clock = time.perf_counter
    while not state.is_over:
        if state.needs_deal:
            if isinstance(state, ClubsState) and state.deal_index >= 1:
                result.contracts += _contracts(state, task.pattern)
            if one_deal and dealt:
                break
            layout = layout_for(state, task.seed, task.unit, state.deal_index)
            result.layouts.append(layout)
            state.deal(layout)
            dealt = True
            continue
        seat = state.to_move
        assert seat is not None
        player: Any = players[seat]
        legal = state.legal_actions()
        searched = hasattr(player, "last_stats")
        if searched:
            player.last_stats = None
        start = clock()
        if getattr(player, "omniscient", False):
            action = player.choose_seeing_all(state, seat, legal, rng)
        else:
            action = player.choose(state.view(seat), legal, rng)
        spent = clock() - start
        if len(legal) > 1:
            side = task.pattern[seat]
            result.times[side].append(spent)
            stats = player.last_stats if searched else None
            if stats is not None:
                result.playouts[side].append(stats.playouts)
        state.apply(action)
    if isinstance(state, ClubsState) and state.is_over:
        result.contracts += _contracts(state, task.pattern)
    result.scores = tuple(state.deal_scores[0]) if one_deal else tuple(state.totals)
    if isinstance(state, KingState) and task.deal is None:
        result.stages = king_stages(state)
    return result


def king_stages(state: KingState) -> dict[str, tuple[int, ...]]:
    """Each seat's points in the penalty deals and in the хвалёнки of a game, and in
    each penalty-type deal on its own (by its key, «(plus)» for a plus deal of the
    second stage)."""
    out: dict[str, list[int]] = {}
    for spec, scores in zip(state.schedule, state.deal_scores, strict=False):
        kinds = [HVALENKI] if spec.is_hvalenka else [
            PENALTY, spec.key if spec.sign < 0 else f"{spec.key} (plus)"]
        for kind in kinds:
            sums = out.setdefault(kind, [0] * state.n)
            for seat, points in enumerate(scores):
                sums[seat] += points
    return {kind: tuple(sums) for kind, sums in out.items()}


def _contracts(state: ClubsState, pattern: str) -> list[tuple[str, int, int]]:
    """The finished deal's contracts (read before the next deal clears them)."""
    return [(pattern[seat], bid, state.tricks_taken[seat])
            for seat, bid in enumerate(state.contracts) if bid is not None]


# --- the whole benchmark ---------------------------------------------------------------------


def tasks_for(game: str, options: Mapping[str, Any], a: str, b: str, units: int,
              seed: int, workers: Mapping[str, int] | None = None,
              deal: str | None = None, first_set: int = 1) -> list[Task]:
    """Every seating of ``units`` sets from set number ``first_set`` (counted from 1;
    a set plays the same cards in whatever run it is played)."""
    n = options["players"]
    sides = dict(workers or {A: 1, B: 1})
    return [Task(game, dict(options), {A: a, B: b}, seed, unit, k, pattern, sides, deal)
            for unit in range(first_set - 1, first_set - 1 + units)
            for k, pattern in enumerate(seatings(n))]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(tasks: Sequence[Task], jobs: int,
              progress: Callable[[int, int], None] | None = None) -> list[SeatingResult]:
    """Every task's result, in task order whatever the number of processes."""
    results: list[SeatingResult] = []
    done = 0
    if jobs == 1:
        for task in tasks:
            results.append(play_task(task))
            done += 1
            if progress:
                progress(done, len(tasks))
        return results
    pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    try:
        for result in pool.imap_unordered(play_task, tasks):
            results.append(result)
            done += 1
            if progress:
                progress(done, len(tasks))
        pool.close()
    finally:
        pool.terminate()  # on Ctrl-C too: a hard game may have minutes left to run
        pool.join()
    results.sort(key=lambda r: (r.unit, r.seating))
    return results


def _stop_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown()
    _POOLS.clear()


T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t 97.5% quantiles for 1 to 30 degrees of freedom (the printed tables)."""


def t_quantile_975(df: int) -> float:
    """Student's t 97.5% quantile: the table up to 30 degrees of freedom, beyond it the
    Cornish–Fisher expansion around the normal quantile (off by less than 0.001)."""
    if df < 1:
        raise ValueError("at least one degree of freedom")
    if df <= len(T975):
        return T975[df - 1]
    z = 1.959964
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


def mean_interval(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95% interval (None for a single value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, t_quantile_975(len(values) - 1) * statistics.stdev(values) / math.sqrt(
        len(values))


def time_summary(seconds: Sequence[float]) -> dict[str, Any]:
    """Count, median, 95th percentile (nearest rank) and max, in milliseconds."""
    if not seconds:
        return {"count": 0, "median_ms": None, "p95_ms": None, "max_ms": None}
    ordered = sorted(seconds)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"count": len(ordered), "median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3)}


def summarize(game: str, options: Mapping[str, Any], a: str, b: str, seed: int,
              results: Sequence[SeatingResult], deal: str | None = None) -> dict[str, Any]:
    """The report: per-unit differences, their mean and interval, mean scores, times
    (``deal``: the kind of Кинг deal played alone as the unit, if one was)."""
    by_unit: dict[int, list[SeatingResult]] = {}
    for r in results:
        by_unit.setdefault(r.unit, []).append(r)
    diffs = [statistics.fmean(r.difference() for r in rs) for _, rs in sorted(by_unit.items())]
    mean, half = mean_interval(diffs)
    side_scores: dict[str, list[float]] = {A: [], B: []}
    for r in results:
        for score, side in zip(r.scores, r.pattern, strict=True):
            side_scores[side].append(score)
    decisions = {}
    for side, level in ((A, a), (B, b)):
        times = [t for r in results for t in r.times[side]]
        summary = {"level": level, **time_summary(times)}
        playouts = [p for r in results for p in r.playouts[side]]
        if playouts:
            summary["playouts_median"] = statistics.median(playouts)
        decisions[side.lower()] = summary
    unit = "deal" if deal is not None or per_deal(game, options) else "game"
    stages = {}
    stage_units = {}
    kinds = [PENALTY]
    for r in results:
        kinds += [k for k in r.stages if k not in kinds and k != HVALENKI]
    for kind in [*kinds, HVALENKI]:
        per_set = [statistics.fmean(r.difference(r.stages[kind]) for r in rs)
                   for _, rs in sorted(by_unit.items()) if all(kind in r.stages for r in rs)]
        if per_set:
            mid, spread = mean_interval(per_set)
            stages[kind] = {"mean_diff": round(mid, 3), "ci95": None if spread is None
                            else [round(mid - spread, 3), round(mid + spread, 3)]}
            stage_units[kind] = [round(d, 6) for d in per_set]
    contracts = {side.lower(): contract_summary([c for r in results for c in r.contracts
                                                 if c[0] == side])
                 for side in (A, B)} if game == "clubs" else None
    return {
        "game": game, "options": dict(options), "a": a, "b": b, "seed": seed,
        "unit": unit, "units": len(diffs),
        "deal": deal,
        "deals_per_unit": 1 if deal is not None else deals_per_unit(game, options),
        "seatings": seatings(options["players"]),
        "mean_diff": round(mean, 3),
        "ci95": None if half is None else [round(mean - half, 3), round(mean + half, 3)],
        "mean_score": {"a": round(statistics.fmean(side_scores[A]), 3),
                       "b": round(statistics.fmean(side_scores[B]), 3)},
        "decisions": decisions,
        "contracts": contracts,
        "stages": stages or None,
        "per_unit": [round(d, 6) for d in diffs],
        "per_unit_stages": stage_units or None,
    }


def contract_summary(contracts: Sequence[tuple[str, int, int]]) -> dict[str, Any]:
    """How many contracts, how many made exactly, and their sizes (Трефы)."""
    made = sum(1 for _, bid, taken in contracts if bid == taken)
    bids = [bid for _, bid, _ in contracts]
    return {"count": len(contracts), "made": made,
            "made_pct": round(100 * made / len(contracts), 1) if contracts else None,
            "mean_bid": round(statistics.fmean(bids), 2) if bids else None,
            "bids": {str(k): bids.count(k) for k in sorted(set(bids))}}


def strength(game: str, options: Mapping[str, Any], a: str, b: str, deals: int, seed: int,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None,
             workers: Mapping[str, int] | None = None,
             deal: str | None = None, first_set: int = 1) -> dict[str, Any]:
    """Play at least ``deals`` deals of cards in every seating (whole units) and report.
    ``options`` must be checked (complete); ``workers``: search processes per side;
    ``deal``: a Кинг kind of deal (:func:`deal_kinds`) played alone as the unit;
    ``first_set``: the number of the first set (from 1), to continue an earlier run of
    the seed without playing its sets again."""
    units = deals if deal is not None else math.ceil(deals / deals_per_unit(game, options))
    sides = {A: 1, B: 1, **(workers or {})}
    start = time.perf_counter()
    try:
        results = run_tasks(tasks_for(game, options, a, b, units, seed, sides, deal,
                                      first_set), jobs, progress)
    finally:
        _stop_pools()
    report = summarize(game, options, a, b, seed, results, deal)
    report["first_set"] = first_set
    report["workers"] = {"a": sides[A], "b": sides[B]}
    report["jobs"] = jobs
    report["elapsed_s"] = round(time.perf_counter() - start, 1)
    return report


# --- the command -------------------------------------------------------------------------------


def _fmt_ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} ms"


def format_report(report: Mapping[str, Any]) -> Iterator[str]:
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items())
    unit = report["unit"]
    plays = report["units"] * len(report["seatings"])
    alone = f", only the deal {report['deal']}" if report.get("deal") else ""
    first = report.get("first_set", 1)
    sets = f", sets {first}–{first + report['units'] - 1}" if first > 1 else ""
    yield f"{report['game']} ({options}){alone}, seed {report['seed']}{sets}"
    per_unit = report["deals_per_unit"]
    yield (f"A = {report['a']}, B = {report['b']}; {report['units']} duplicate sets of one "
           f"{unit}{f' ({per_unit} deals)' if per_unit > 1 else ''}, each played in the "
           f"seatings {' '.join(report['seatings'])}: {plays} {unit}s in all")
    ci = report["ci95"]
    interval = "no interval from one unit" if ci is None else \
        f"95% interval {ci[0]:+.2f} … {ci[1]:+.2f}"
    yield f"Mean score difference A − B per {unit}: {report['mean_diff']:+.2f}  ({interval})"
    yield (f"Mean score per {unit}: A {report['mean_score']['a']:+.2f}, "
           f"B {report['mean_score']['b']:+.2f}")
    yield "Decision time (decisions with more than one legal action):"
    workers = report.get("workers", {})
    for side in ("a", "b"):
        d = report["decisions"][side]
        level = d["level"] + (f" ×{workers[side]}" if workers.get(side, 1) > 1 else "")
        line = (f"  {side.upper()} {level:<8} {d['count']:>7} decisions  median "
                f"{_fmt_ms(d['median_ms'])}, 95th percentile {_fmt_ms(d['p95_ms'])}, "
                f"max {_fmt_ms(d['max_ms'])}")
        if "playouts_median" in d:
            line += f", median {d['playouts_median']:.0f} playouts"
        yield line
    stages = report.get("stages")
    if stages:
        yield f"Of which, per {unit}:"
        for kind, part in stages.items():
            ci = part["ci95"]
            spread = "" if ci is None else f"  (95% interval {ci[0]:+.2f} … {ci[1]:+.2f})"
            label = kind if kind in (PENALTY, HVALENKI) else f"  {kind}"
            yield f"  {label:<17} {part['mean_diff']:+7.2f}{spread}"
    contracts = report.get("contracts")
    if contracts:
        yield "Contracts (declared in the auction, or named by every seat):"
        for side in ("a", "b"):
            c = contracts[side]
            if not c["count"]:
                yield f"  {side.upper()} none"
                continue
            yield (f"  {side.upper()} {c['count']:>6} contracts, made {c['made']} "
                   f"({c['made_pct']:.1f}%), mean contract {c['mean_bid']:.2f}")
    if any(n > 1 for n in workers.values()):
        yield ("Search workers: " + ", ".join(f"{side.upper()} {workers[side]}"
                                               for side in ("a", "b")))
    yield f"Elapsed {report['elapsed_s']} s with {report['jobs']} process(es)"


class _Progress:
    """Progress on stderr, at most every two seconds, with a rough time left."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.shown < 2:
            return
        self.shown = now
        elapsed = now - self.start
        left = elapsed / done * (total - done)
        line = f"{done}/{total} plays, {elapsed:.0f} s, about {left:.0f} s left"
        if sys.stderr.isatty():  # one line rewritten in place
            sys.stderr.write(f"\r{line}  " + ("\n" if done == total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def main(args: argparse.Namespace, options: Mapping[str, Any]) -> int:
    """Run the benchmark for parsed, checked arguments (the command line checks them)."""
    try:
        report = strength(args.game, options, args.a, args.b, args.deals, args.seed,
                          args.jobs, None if args.quiet else _Progress(),
                          {A: args.a_workers, B: args.b_workers}, args.deal,
                          args.first_set)
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted: no figures\n")
        return 130
    return emit(report, args.json, format_report)


def emit(report: Mapping[str, Any], as_json: bool,
         lines: Callable[[Mapping[str, Any]], Iterable[str]]) -> int:
    """Print a benchmark's report: one JSON line, or its text ``lines``."""
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        for line in lines(report):
            print(line)
    return 0
