"""``bench strength``: one computer level against another on duplicate deals — its
parser and the checks of its arguments (the measurement is
:mod:`cardtable.tools.bench_strength`)."""

from __future__ import annotations

import argparse
from typing import Any

from cardtable.commands.common import game_names, parse_options, random_seed


def add_parser(benches: Any) -> None:
    b = benches.add_parser(
        "strength", help="one computer level against another on duplicate deals",
        description="Play the same deals with the seats rotated between two computer "
                    "levels and report the mean score difference A − B with its 95% "
                    "interval, and decision times.  The unit is a whole game for Кинг "
                    "and Метаморфоза, one deal for Трефы.")
    b.add_argument("--game", required=True, choices=game_names())
    b.add_argument("--a", required=True, metavar="LEVEL",
                   help="level A: random, easy, normal, hard, cheater (sees all cards, even "
                        "those still to be dealt), peeker (sees every card dealt: the "
                        "cheater without foresight) or, in Кинг, opening-peeker (the "
                        "peeker in the first trick of each penalty deal, hard elsewhere)")
    b.add_argument("--b", required=True, metavar="LEVEL", help="level B")
    b.add_argument("--deals", type=int, required=True, metavar="N",
                   help="deals of cards to play in each seating, rounded up to whole "
                        "games where the unit is a game")
    b.add_argument("--players", type=int, metavar="P", help="same as --option players=P")
    b.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option from the rules file (repeatable)")
    b.add_argument("--seed", type=int,
                   help="seed of the cards and of the players' chances (default: random)")
    b.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="processes to play in (default 1)")
    for side in ("a", "b"):
        b.add_argument(f"--{side}-workers", type=int, default=1, metavar="W",
                       help=f"search worker processes for level {side.upper()} (hard "
                            "only; default 1: the search in the player's process)")
    b.add_argument("--deal", metavar="KIND",
                   help="Кинг: play only this kind of deal, each unit one deal of it "
                        "(tricks, hearts, boys, girls, king, last_two, eralash, hvalenka; "
                        "'boys (plus)' and so on for the plus deals)")
    b.add_argument("--first-set", type=int, default=1, metavar="K",
                   help="start at duplicate set K of the seed (default 1), to continue "
                        "an earlier run: set K plays the same cards in any run; bench "
                        "gap joins the two reports")
    b.add_argument("--json", action="store_true", help="the report as one JSON object")
    b.add_argument("--quiet", action="store_true", help="no progress on stderr")
    b.set_defaults(run=run, subparser=b)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.subparser
    from cardtable.ai import make_bench_player
    from cardtable.engine import get_game
    from cardtable.engine.game import OptionError
    from cardtable.engine.messages import short_repr
    from cardtable.tools import bench_strength

    pairs = list(args.option)
    if args.players is not None:
        if any(pair.partition("=")[0] == "players" for pair in pairs):
            parser.error("give the number of players once: --players or --option players=")
        pairs.append(f"players={args.players}")
    try:
        options = parse_options(args.game, pairs)
    except OptionError as exc:
        parser.error(str(exc))
    for flag, level in (("--a", args.a), ("--b", args.b)):
        try:
            make_bench_player(args.game, level)
        except ValueError as exc:
            parser.error(f"{flag}: {exc}")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.first_set < 1:
        parser.error("--first-set must be at least 1 (the first set is 1)")
    if not 1 <= args.jobs <= 64:
        parser.error("--jobs must be from 1 to 64")
    for flag, level, workers in (("--a-workers", args.a, args.a_workers),
                                 ("--b-workers", args.b, args.b_workers)):
        if not 1 <= workers <= 64:
            parser.error(f"{flag} must be from 1 to 64")
        if workers > 1 and (level not in ("hard",)):
            parser.error(f"{flag}: only the hard level searches on workers")
    if args.deal is not None:
        if args.game != "king":
            parser.error("--deal: only Кинг is played deal by deal (a Трефы unit is one "
                         "deal already)")
        from cardtable.engine.king import KingState

        state = get_game("king").new(options, 0)
        assert isinstance(state, KingState)
        kinds = bench_strength.deal_kinds(state)
        if args.deal not in kinds:
            parser.error(f"--deal: no deal {short_repr(args.deal)} in this game "
                         f"(it has: {', '.join(kinds)})")
    if args.seed is None:
        args.seed = random_seed()
    return bench_strength.main(args, options)
