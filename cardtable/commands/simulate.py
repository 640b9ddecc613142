"""``simulate``: whole games between computer players, a JSON line each (the tool is
:mod:`cardtable.tools.simulate`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cardtable.commands.common import game_names, parse_options, print_json, random_seed


def add_parser(sub: Any) -> None:
    from cardtable.tools.simulate import MAX_DEALS as SIMULATE_MAX_DEALS

    p = sub.add_parser("simulate", help="play whole games between computer players")
    p.add_argument("--game", required=True, choices=game_names())
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option from the rules file (repeatable)")
    p.add_argument("--seed", type=int, help="seed of the first game (then +1 per game)")
    p.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    p.add_argument("--bots", default="random", metavar="LEVEL,LEVEL,...",
                   help="one computer level per seat, or one for all (default: random)")
    p.add_argument("--record-dir", metavar="DIR", help="also write each game's record here")
    p.add_argument("--max-deals", type=int, default=SIMULATE_MAX_DEALS, metavar="N",
                   help="stop a game that has not ended after N deals (Трефы has no fixed "
                        f"length); such a game's line says \"finished\": false "
                        f"(default {SIMULATE_MAX_DEALS})")
    p.set_defaults(run=run, subparser=p)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.subparser
    from cardtable.ai import make_player
    from cardtable.engine.game import OptionError
    from cardtable.engine.record import MAX_DEALS
    from cardtable.tools.simulate import simulate

    try:
        options = parse_options(args.game, args.option)
    except OptionError as exc:
        parser.error(str(exc))
    n = options["players"]
    levels = [b.strip() for b in args.bots.split(",")]
    if len(levels) == 1:
        levels *= n
    if len(levels) != n:
        parser.error(f"--bots names {len(levels)} levels for {n} players")
    for level in levels:
        try:
            make_player(args.game, level)
        except ValueError as exc:
            parser.error(str(exc))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 1 <= args.max_deals <= MAX_DEALS:
        parser.error(f"--max-deals must be from 1 to {MAX_DEALS}")
    record_dir = None
    if args.record_dir is not None:
        record_dir = Path(args.record_dir)
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(f"cannot create {record_dir}: {exc.strerror}")
    seed = args.seed if args.seed is not None else random_seed()
    try:
        for line in simulate(args.game, options, levels, seed, args.games, record_dir,
                             args.max_deals):
            print_json(line)
    except BrokenPipeError:
        raise
    except OSError as exc:
        print(f"cardtable simulate: cannot write a record: {exc}", file=sys.stderr)
        return 1
    return 0
