"""``python -m cardtable bench review``: the time a review takes.

One whole game of four ``normal`` players is played from the seed (the ``simulate``
machinery), then seat 0's decisions are reviewed on ``--workers`` search worker
processes, started and warmed up before the clock runs.  The figures: decisions
weighed, forced moves, seconds, seconds a decision, the playouts and the accuracy."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cardtable.ai import make_player, parallel
from cardtable.ai.review import MARKS, Review, review_match
from cardtable.engine.match import Match, Seat
from cardtable.tools.simulate import play_out

SEAT = 0
"""The seat reviewed."""


def played_game(game: str, seed: int) -> Match:
    """A whole game of four (or the game's usual number of) ``normal`` players."""
    from cardtable.engine import get_game

    options = get_game(game).check_options({})
    n = options["players"]
    seats = [Seat(f"normal {i + 1}", "computer", "normal") for i in range(n)]
    players = [make_player(game, "normal") for _ in range(n)]
    return play_out(Match.start(game, options, seats, seed=seed), players)


def measure(match: Match, workers: int, seed: int) -> tuple[Review, float]:
    """The review of :data:`SEAT` and its seconds, on ``workers`` processes (1: here)."""
    owner = parallel.SearchWorkers(workers)
    try:
        pool = owner.pool() if workers > 1 else None
        if workers > 1 and pool is None:
            raise RuntimeError("worker processes cannot start here")
        start = time.perf_counter()
        review = review_match(match, SEAT, seed, pool=pool)
        return review, time.perf_counter() - start
    finally:
        owner.shutdown()


def playouts(review: Review) -> int:
    """The playouts a review played: every legal action on each selection sample,
    two actions on each estimate sample (the pools' weighing not counted)."""
    return sum(len(d.estimates) * d.estimates[0].samples + 2 * d.samples
               for d in review.decisions)


def figures(game: str, seed: int, workers: int) -> dict[str, Any]:
    match = played_game(game, seed)
    review, seconds = measure(match, workers, seed)
    decided = len(review.decisions)
    return {
        "game": game, "seed": seed, "workers": workers, "seat": SEAT,
        "deals": len(match.deals), "decisions": decided, "forced": review.forced,
        "seconds": round(seconds, 2),
        "seconds_per_decision": round(seconds / decided, 3) if decided else None,
        "playouts": playouts(review),
        "accuracy": None if review.accuracy is None else round(review.accuracy, 1),
        "average_loss": None if review.average_loss is None
        else round(review.average_loss, 2),
        "marks": {mark: review.count(mark) for mark in MARKS},
    }


def main(args: argparse.Namespace) -> int:
    try:
        row = figures(args.game, args.seed, args.workers)
    except RuntimeError as exc:
        print(f"bench review: {exc}")
        return 1
    if args.json:
        print(json.dumps(row))
        return 0
    per = row["seconds_per_decision"]
    print(f"A review of seat {row['seat']} in a whole {row['game']} game of normal players "
          f"(seed {row['seed']}, {row['deals']} deals), {row['workers']} worker(s):")
    print(f"  decisions weighed   {row['decisions']}")
    print(f"  forced moves        {row['forced']}")
    print(f"  seconds             {row['seconds']:.1f}")
    print(f"  seconds a decision  {'—' if per is None else f'{per:.3f}'}")
    print(f"  playouts            {row['playouts']:,}")
    accuracy = row["accuracy"]
    print(f"  accuracy            {'—' if accuracy is None else f'{accuracy:.1f}'} "
          f"(average loss {row['average_loss']}, marks {row['marks']})")
    return 0
