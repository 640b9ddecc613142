"""``bench``: speed and strength figures.  Each measurement is a module of
:mod:`cardtable.tools`, imported only when it runs; ``bench strength``'s own parser
and checks are in :mod:`cardtable.commands.bench_strength`."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from cardtable.commands import bench_strength, review
from cardtable.commands.common import game_names, seconds


def add_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="print speed and strength figures")
    benches = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    for name, text in (("engine", "random deals per second"),
                       ("gui", "start-up and frame times"),
                       ("search", "the hard search's playouts per second, per worker count")):
        b = benches.add_parser(name, help=text)
        b.add_argument("--seconds", type=seconds, default=1.0 if name == "search" else 3.0,
                       help="time per measurement (default 3; search: per decision, 1)")
        b.add_argument("--json", action="store_true", help="one JSON object per line")
        if name == "gui":
            b.add_argument("--program", metavar="PATH",
                           help="time the start of this program (a bundle's CardTable) "
                                "instead of python -m cardtable")
            b.add_argument("--yardstick", metavar="PATH",
                           help="start this program as the minimal window (its frozen "
                                "copy, packaging/build.py yardstick: a bundle compared "
                                "like for like)")
            b.add_argument("--runs", type=int, default=5, choices=range(1, 101),
                           metavar="N", help="launches of each, in turn (default 5)")
            b.add_argument("--launch-only", action="store_true",
                           help="only the launch figures, not the frames")
            b.add_argument("--while-review", action="store_true",
                           help="count the frames while a review of a whole game runs "
                                "beside the table")
    b = benches.add_parser("memory", help="the process tree's memory (RSS and PSS, Linux) "
                                          "while four hard computers play")
    b.add_argument("--seconds", type=seconds, default=20.0,
                   help="seconds of sampling after a 10 s warm-up (default 20)")
    b.add_argument("--program", metavar="PATH",
                   help="measure this program (a bundle's CardTable) instead of "
                        "python -m cardtable")
    b.add_argument("--json", action="store_true", help="the figures as one JSON object")
    b = benches.add_parser("saves", help="the autosave's cost per move and the time to open "
                                         "a long game")
    b.add_argument("--json", action="store_true", help="one JSON object per line")
    b = benches.add_parser("stats", help="the statistics' queries with 10,000 games stored")
    b.add_argument("--games", type=int, default=10_000, help="games to store (default "
                                                              "10,000)")
    b.add_argument("--json", action="store_true", help="one JSON object per line")
    b = benches.add_parser(
        "server", help="tables of four network computer players against one table server "
                       "on this computer: tables held, actions a second, latency, memory")
    b.add_argument("--tables", type=int, default=1000, help="tables at once (default 1000)")
    b.add_argument("--seconds", type=seconds, default=20.0,
                   help="seconds measured once every table is seated (default 20)")
    b.add_argument("--level", choices=("random", "easy"), default="random",
                   help="the computer players' level (default random)")
    b.add_argument("--think", type=float, default=2.0, metavar="SECONDS",
                   help="a client's pause before it acts, ±50 %% (default 2: people's "
                        "pace; 0: as fast as the machine goes)")
    b.add_argument("--seed", type=int, default=1, help="the clients' choices and pauses "
                                                       "(default 1)")
    b.add_argument("--profile", metavar="FILE", default=None,
                   help="write the server process's cProfile statistics to FILE")
    b.add_argument("--json", action="store_true", help="the figures as one JSON object")
    b = benches.add_parser(
        "review", help="the time a review of one seat takes in a whole game",
        description="Play one whole game of normal players from the seed, review seat "
                    "0 on worker processes and print the decisions weighed, the forced "
                    "moves, the seconds, the playouts and the accuracy.")
    b.add_argument("--game", choices=game_names(), default="king",
                   help="the game (default king)")
    b.add_argument("--seed", type=int, default=1, help="the game's and the review's seed "
                                                       "(default 1)")
    b.add_argument("--workers", type=review.workers, default=2, metavar="W",
                   help="search worker processes (default 2; 1: in this process)")
    b.add_argument("--json", action="store_true", help="the figures as one JSON object")
    bench_strength.add_parser(benches)
    b = benches.add_parser(
        "gap", help="the share of the gap to a ceiling that a level closes",
        description="From bench strength --json reports of a level and of a ceiling "
                    "against the same opponent on the same seeds (the same deals): "
                    "the share of the ceiling's difference that the level's reaches, "
                    "over the paired duplicate sets, with Fieller's 95% interval.")
    b.add_argument("--level", nargs="+", required=True, metavar="REPORT.json",
                   help="reports of the level measured (hard − normal), one per seed")
    b.add_argument("--ceiling", nargs="+", required=True, metavar="REPORT.json",
                   help="reports of the ceiling (cheater − normal) on the same seeds")
    b.add_argument("--stage", metavar="STAGE",
                   help="only one kind of deal of a Кинг game: 'penalty deals' or "
                        "'хвалёнки'")
    b.add_argument("--json", action="store_true", help="the figures as one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``bench strength`` checks its arguments first; every other measurement is
    ``cardtable.tools.bench_<what>.main``."""
    if args.what == "strength":
        return bench_strength.run(args)
    tool: Any = importlib.import_module(f"cardtable.tools.bench_{args.what}")
    result: int = tool.main(args)
    return result
