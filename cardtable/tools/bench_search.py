"""``python -m cardtable bench search``: how many playouts a second the ``hard``
search plays with one worker (its own thread) and with one worker process a core.

Each game searches the same positions (from a seeded game of easy players) for
``--seconds`` each, with no playout limit, and the figure is the playouts over the
time spent.  Workers are started and warmed up before the clock runs."""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from cardtable.ai import make_player, parallel
from cardtable.ai.positions import POSITIONS, positions

TABLES = (("king", 4), ("clubs", 4), ("metamorphosis", 2))
def playouts_per_second(game: str, n: int, pool: Any, seconds: float) -> float:
    player: Any = make_player(game, "hard")
    player.use_pool(pool)
    player.max_seconds = seconds
    spots = list(positions(game, n))
    view, legal = spots[0]
    player.evaluate_actions(view, legal, random.Random(0))  # warm up (workers included)
    playouts, spent = 0, 0.0
    for i, (view, legal) in enumerate(spots):
        player.playouts = 10**9  # the clock decides here
        if hasattr(player, "base_playouts"):
            player.base_playouts = 10**9
        player.evaluate_actions(view, legal, random.Random(i))
        stats = player.last_stats
        playouts += stats.playouts
        spent += stats.seconds
    return playouts / spent


def main(args: argparse.Namespace) -> int:
    counts = sorted({1, parallel.cores()})
    rows = []
    for workers in counts:
        owner = parallel.SearchWorkers(workers)
        pool = owner.pool() if workers > 1 else None
        if workers > 1 and pool is None:
            print(f"worker processes cannot start here: measured {counts[:1]} only")
            break
        for game, n in TABLES:
            rate = playouts_per_second(game, n, pool, args.seconds)
            rows.append({"game": game, "players": n, "workers": workers,
                         "playouts_per_second": round(rate)})
        owner.shutdown()
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    print(f"The hard search, playouts a second ({args.seconds:g} s a decision, "
          f"{POSITIONS} positions):")
    for row in rows:
        print(f"  {row['game']:<13} {row['players']} players  {row['workers']} worker(s)  "
              f"{row['playouts_per_second']:>9,}")
    return 0
