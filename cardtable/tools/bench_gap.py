"""``python -m cardtable bench gap``: the share of the gap between a level and a ceiling
that another level closes, with its 95% interval.

``bench strength --json`` reports, for every duplicate set, the difference A − B.  Run
once with the level measured (``hard`` − ``normal``) and once with the ceiling
(``cheater`` − ``normal``) on the same seed, the two runs play the same deals, so their
sets pair up: the share is mean(level − B) / mean(ceiling − B) over the pooled sets of
every seed given, and its interval is Fieller's for a ratio of two paired means — the
sets' own spread and the covariance between the two runs, no normal approximation of
the ratio itself.  Where the ceiling's gap is not clear of zero there is no bounded
interval, and the command says so.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.messages import short_repr
from cardtable.tools.bench_strength import emit, t_quantile_975


class GapError(ValueError):
    """Reports that cannot be paired: the message says which and why."""


def load_report(path: str) -> dict[str, Any]:
    """A ``bench strength --json`` report with its per-set figures."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(50_000_000)
    except OSError as exc:
        raise GapError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise GapError(f"{path}: not a text file") from None
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GapError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(report, dict) or not all(
            k in report for k in ("game", "options", "a", "b", "seed", "per_unit")):
        raise GapError(f"{path}: not a bench strength --json report with the figure of "
                       "every duplicate set (reports made before those were recorded "
                       "must be made again)")
    units = report["per_unit"]
    if not isinstance(units, list) or not all(
            isinstance(d, (int, float)) and not isinstance(d, bool) and math.isfinite(d)
            for d in units):
        raise GapError(f"{path}: its per-set figures are not a list of numbers")
    stages = report.get("per_unit_stages")
    if stages is not None and not (isinstance(stages, dict) and all(
            isinstance(v, list) and all(isinstance(d, (int, float))
                                        and not isinstance(d, bool) for d in v)
            for v in stages.values())):
        raise GapError(f"{path}: its per-set figures by stage are not lists of numbers")
    return report


def _per_set(report: Mapping[str, Any], stage: str | None, path: str) -> dict[int, float]:
    """The report's differences by set number (a run continued with ``--first-set``
    numbers its sets from there)."""
    if stage is None:
        values = report["per_unit"]
    else:
        stages = report.get("per_unit_stages") or {}
        if stage not in stages:
            known = ", ".join(sorted(stages)) or "none"
            raise GapError(f"{path}: no figures for the stage {stage!r} (it has: {known})")
        values = stages[stage]
    first = report.get("first_set", 1)
    if type(first) is not int or first < 1:
        raise GapError(f"{path}: first_set is not a set number: {short_repr(first)}")
    return {first + i: float(d) for i, d in enumerate(values)}


def paired_sets(level: Sequence[tuple[str, Mapping[str, Any]]],
                ceiling: Sequence[tuple[str, Mapping[str, Any]]],
                stage: str | None = None) -> tuple[list[float], list[float], dict[str, Any]]:
    """The per-set differences of the level's and the ceiling's reports, paired by
    (seed, set): the sets both have, in order.  Every report must be of the same game,
    options and opponent, and every seed must have both runs.  Several reports of one
    seed on one side (a run and its continuation) join, if no set is in two of them."""
    if not level or not ceiling:
        raise GapError("give at least one report of the level and one of the ceiling")
    first_path, first = level[0]
    key = (first["game"], first["options"], first["b"], first.get("deal"))
    by_seed: dict[str, dict[Any, tuple[str, dict[int, float]]]] = {"level": {}, "ceiling": {}}
    names: dict[str, set[str]] = {"level": set(), "ceiling": set()}
    for side, reports in (("level", level), ("ceiling", ceiling)):
        for path, report in reports:
            if (report["game"], report["options"], report["b"], report.get("deal")) != key:
                raise GapError(f"{path}: another game, options, deal or opponent than "
                               f"{first_path} ({report['game']} against {report['b']}, "
                               f"not {first['game']} against {first['b']})")
            sets = _per_set(report, stage, path)
            if report["seed"] in by_seed[side]:
                earlier_path, earlier = by_seed[side][report["seed"]]
                twice = sorted(set(earlier) & set(sets))
                if twice:
                    raise GapError(f"{path}: set {twice[0]} of seed {report['seed']} is "
                                   f"also in {earlier_path} (a second report of the "
                                   f"{side} must continue the first with --first-set)")
                sets = {**earlier, **sets}
            by_seed[side][report["seed"]] = (path, sets)
            names[side].add(report["a"])
    for side, other in (("level", "ceiling"), ("ceiling", "level")):
        for seed, (path, _) in by_seed[side].items():
            if seed not in by_seed[other]:
                raise GapError(f"{path}: no report of the {other} with seed {seed} "
                               "(the two must play the same deals)")
    xs: list[float] = []
    ys: list[float] = []
    sets_per_seed = {}
    for seed in sorted(by_seed["level"], key=_seed_order):
        x = by_seed["level"][seed][1]
        y = by_seed["ceiling"][seed][1]
        common = sorted(set(x) & set(y))
        xs += [x[k] for k in common]
        ys += [y[k] for k in common]
        sets_per_seed[str(seed)] = len(common)
    info = {"game": first["game"], "options": first["options"], "b": first["b"],
            "deal": first.get("deal"),
            "level": sorted(names["level"]), "ceiling": sorted(names["ceiling"]),
            "stage": stage, "sets_per_seed": sets_per_seed}
    return xs, ys, info


def _seed_order(seed: Any) -> tuple[int, int, str]:
    """Seeds in numeric order (a seed that is not a number after them)."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return (0, seed, "")
    return (1, 0, str(seed))


def ratio_interval(xs: Sequence[float], ys: Sequence[float]
                   ) -> tuple[float, tuple[float, float] | None]:
    """mean(xs) / mean(ys) and Fieller's 95% interval for it (xs and ys paired), or
    None where mean(ys) is not clear of zero (the interval is then unbounded)."""
    n = len(xs)
    if n != len(ys) or n < 2:
        raise GapError("the share needs at least two paired duplicate sets")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    if my == 0:
        raise GapError("the ceiling's mean difference is exactly zero: no gap to close")
    vxx = statistics.variance(xs) / n
    vyy = statistics.variance(ys) / n
    vxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (n - 1) / n
    t2 = t_quantile_975(n - 1) ** 2
    a = my * my - t2 * vyy
    b = -2 * (mx * my - t2 * vxy)
    c = mx * mx - t2 * vxx
    disc = b * b - 4 * a * c
    if a <= 0 or disc < 0:
        return mx / my, None
    root = math.sqrt(disc)
    low, high = sorted(((-b - root) / (2 * a), (-b + root) / (2 * a)))
    return mx / my, (low, high)


def gap_report(level_paths: Sequence[str], ceiling_paths: Sequence[str],
               stage: str | None = None) -> dict[str, Any]:
    level = [(p, load_report(p)) for p in level_paths]
    ceiling = [(p, load_report(p)) for p in ceiling_paths]
    xs, ys, info = paired_sets(level, ceiling, stage)
    share, interval = ratio_interval(xs, ys)
    return {**info, "sets": len(xs),
            "level_diff": round(statistics.fmean(xs), 3),
            "ceiling_diff": round(statistics.fmean(ys), 3),
            "share": round(share, 4),
            "ci95": None if interval is None else [round(interval[0], 4),
                                                   round(interval[1], 4)]}


def format_gap(report: Mapping[str, Any]) -> list[str]:
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items())
    stage = f", {report['stage']} only" if report["stage"] else ""
    if report.get("deal"):
        stage += f", the deal {report['deal']} alone"
    seeds = ", ".join(f"seed {s}: {k}" for s, k in report["sets_per_seed"].items())
    lines = [
        f"{report['game']} ({options}){stage}, against {report['b']}",
        f"{report['sets']} paired duplicate sets ({seeds})",
        f"{'/'.join(report['level'])} − {report['b']}: {report['level_diff']:+.2f}; "
        f"{'/'.join(report['ceiling'])} − {report['b']}: {report['ceiling_diff']:+.2f}",
    ]
    ci = report["ci95"]
    share = f"Share of the gap closed: {100 * report['share']:.0f} %"
    if ci is None:
        lines.append(share + " (no bounded interval: the ceiling's own difference is "
                     "not clear of zero)")
    else:
        lines.append(share + f" (95% interval {100 * ci[0]:.0f} … {100 * ci[1]:.0f} %)")
    return lines


def main(args: argparse.Namespace) -> int:
    try:
        report = gap_report(args.level, args.ceiling, args.stage)
    except GapError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    return emit(report, args.json, format_gap)
