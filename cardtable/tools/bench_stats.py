"""``python -m cardtable bench stats``: how long the Statistics window's queries take
with many games stored, and what recording a game costs.

A temporary database is filled through the store's own calls with games as a
household plays them: the three games at their usual player counts, one person at
the table mostly (now and then another name, or two people passing the device), some
games helped by an undo or a hint, some left unfinished.  The figures are the
median and 95th percentile of repeated runs, in milliseconds, on this one process.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.stats import SeatEntry, Statistics

GAMES = 10_000
REPEATS = 40

TABLES: tuple[tuple[str, tuple[int, ...], tuple[int, ...], float], ...] = (
    ("king", (3, 4), (1, 4), 0.45),
    ("clubs", (2, 3, 4, 5, 6, 8), (1, 2, 6, 2, 1, 1), 0.30),
    ("metamorphosis", (2, 3), (3, 2), 0.25),
)
"""(game, player counts, their weights, the game's share of all games)."""

PEOPLE = ("Аня", "Борис", "Вика")
"""Who sits at the table: the first most of the time."""


def _seats(rng: random.Random, players: int) -> list[SeatEntry]:
    humans = 2 if players > 2 and rng.random() < 0.08 else 1
    names = rng.sample(PEOPLE, humans) if humans > 1 or rng.random() < 0.2 else [PEOPLE[0]]
    seats = [SeatEntry(name, "human", None) for name in names]
    for i in range(players - humans):
        level = rng.choice(("easy", "normal", "normal", "hard"))
        seats.append(SeatEntry(f"Computer {i + 1}", "computer", level))
    rng.shuffle(seats)
    return seats


def _totals(rng: random.Random, game: str, players: int) -> list[int]:
    if game == "king":
        return [rng.randrange(-120, 121, 2) for _ in range(players)]
    if game == "clubs":
        return [rng.randrange(0, 121) for _ in range(players)]
    return [rng.randrange(-40, 81) for _ in range(players)]


def fill(store: Statistics, games: int, seed: int = 1) -> list[float]:
    """Record ``games`` games over about two years; the time (s) each finished game's
    recording took (begin, any assist mark, finish)."""
    rng = random.Random(seed)
    shares = [share for *_, share in TABLES]
    clock = time.time() - 2 * 365 * 86_400
    costs: list[float] = []
    for number in range(games):
        game, counts, weights, _ = rng.choices(TABLES, shares)[0]
        players = rng.choices(counts, weights)[0]
        clock += rng.uniform(600, 6 * 3600)
        key = f"bench-{number}"
        start = time.perf_counter()
        store.begin(key, game, {"players": players}, _seats(rng, players), clock)
        if rng.random() < 0.15:
            store.mark_assisted(key, rng.choice(("undo", "hint", "hint", "takeover")))
        if rng.random() < 0.9:
            store.finish(key, _totals(rng, game, players), clock + rng.uniform(900, 3600))
            costs.append(time.perf_counter() - start)
        if store.last_error:
            raise RuntimeError(store.last_error)
    return costs


def _times(call: Callable[[], Any], repeats: int) -> list[float]:
    call()  # the first run reads the pages in: the window's second look is the usual
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def _figure(what: str, seconds: list[float], games: int, **extra: Any) -> dict[str, Any]:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {"what": what, "games": games, "runs": len(ms),
            "median_ms": round(statistics.median(ms), 3), "p95_ms": round(p95, 3), **extra}


def figures(games: int, repeats: int = REPEATS) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "statistics.sqlite"
        store = _open(path)
        try:
            costs = fill(store, games)
            rows = [_figure("insert per finished game", costs, games)]
            rows += _query_figures(store, games, repeats)
        finally:
            store.close()
        rows.append(_figure("open (checks included: quick_check, tables)",
                            _times(lambda: _open(path).close(), max(5, repeats // 4)), games,
                            bytes=path.stat().st_size))
    return rows


def _open(path: Path) -> Statistics:
    store, problem = Statistics.open(path)
    if problem is not None:
        raise RuntimeError(f"{problem.kind}: {problem.detail}")
    return store


def _query_figures(store: Statistics, games: int, repeats: int) -> list[dict[str, Any]]:
    """The calls the window makes, on the busiest table and the most frequent name."""
    largest = max(store.summaries(), key=lambda s: s.played)
    table = f"{largest.game} {largest.players} players"
    who = store.players()[0]
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("summaries, everyone", store.summaries),
        (f"summaries, {who}", lambda: store.summaries(who)),
        (f"recent 20, {table}", lambda: store.recent(largest.game, largest.players)),
        (f"recent 20, {table}, {who}",
         lambda: store.recent(largest.game, largest.players, player=who)),
        ("player list", store.players),
        ("the window's opening (player list, summaries, recent 20)",
         lambda: _opening(store, largest.game, largest.players)),
    ]
    return [_figure(what, _times(call, repeats), games) for what, call in calls]


def _opening(store: Statistics, game: str, players: int) -> None:
    store.players()
    store.summaries()
    store.recent(game, players)


def main(args: argparse.Namespace) -> int:
    games = int(getattr(args, "games", GAMES))
    rows = figures(games, int(getattr(args, "repeats", REPEATS)))
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return 0
    print(f"Statistics with {games:,} games stored (a temporary SQLite database; "
          f"milliseconds, median and 95th percentile):")
    for row in rows:
        print(f"  {row['what']:<58} {row['median_ms']:>9.3f} {row['p95_ms']:>9.3f}"
              f"   ({row['runs']} runs)")
    return 0
