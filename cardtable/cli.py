"""The command line: ``replay`` and ``simulate`` as ``record-format.md`` defines them,
and ``bench``.  With no command the table (the GUI) starts."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.ai import make_bench_player, make_player
from cardtable.console import make_safe
from cardtable.engine import GAMES, get_game
from cardtable.engine.game import OptionError
from cardtable.engine.messages import short_repr
from cardtable.engine.record import (
    MAX_BYTES,
    MAX_DEALS,
    RecordError,
    load,
    parse_json,
    read_file,
    summary,
)

if TYPE_CHECKING:  # the table (no command) needs neither: imported by the commands
    import argparse


def _print_json(obj: Any) -> None:
    # ASCII JSON is valid whatever the terminal's encoding (a Windows pipe is cp1252).
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.record == "-":
            if sys.stdin is None:
                raise RecordError("no standard input to read the record from")
            data = parse_json(sys.stdin.buffer.read(MAX_BYTES + 1))
        else:
            data = read_file(args.record)
        match = load(data)
    except RecordError as exc:
        _print_json(exc.to_json())
        return 1
    _print_json(summary(match))
    return 0


def _parse_options(game_name: str, pairs: list[str]) -> dict[str, Any]:
    game = get_game(game_name)
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(key, f"--option needs KEY=VALUE, not {short_repr(pair)}")
        if key in options:
            raise OptionError(key, f"option '{key}' is given twice")
        options[key] = game.spec(key).parse_text(value)
    return game.check_options(options)


def cmd_simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from cardtable.tools.simulate import simulate

    try:
        options = _parse_options(args.game, args.option)
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
    seed = args.seed if args.seed is not None else _random_seed()
    try:
        for line in simulate(args.game, options, levels, seed, args.games, record_dir,
                             args.max_deals):
            _print_json(line)
    except BrokenPipeError:
        raise
    except OSError as exc:
        print(f"cardtable simulate: cannot write a record: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "gui":
        from cardtable.tools import bench_gui

        return bench_gui.main(args)
    if args.what == "strength":
        return cmd_bench_strength(args, args.subparser)
    if args.what == "search":
        from cardtable.tools import bench_search

        return bench_search.main(args)
    if args.what == "saves":
        from cardtable.tools import bench_saves

        return bench_saves.main(args)
    if args.what == "memory":
        from cardtable.tools import bench_memory

        return bench_memory.main(args)
    if args.what == "stats":
        from cardtable.tools import bench_stats

        return bench_stats.main(args)
    if args.what == "gap":
        from cardtable.tools import bench_gap

        return bench_gap.main(args)
    from cardtable.tools import bench_engine

    return bench_engine.main(args)


def cmd_bench_strength(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from cardtable.tools import bench_strength

    pairs = list(args.option)
    if args.players is not None:
        if any(pair.partition("=")[0] == "players" for pair in pairs):
            parser.error("give the number of players once: --players or --option players=")
        pairs.append(f"players={args.players}")
    try:
        options = _parse_options(args.game, pairs)
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
        args.seed = _random_seed()
    return bench_strength.main(args, options)


def _random_seed() -> int:
    import secrets

    return secrets.randbits(32)


def _seconds(text: str) -> float:
    """A measuring time: a finite number of seconds, more than 0 and at most 600."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {short_repr(text)}") from None
    if not 0 < value <= 600:  # also refuses nan
        raise argparse.ArgumentTypeError("must be more than 0 and at most 600 seconds")
    return value


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from cardtable.tools.simulate import MAX_DEALS as SIMULATE_MAX_DEALS

    parser = argparse.ArgumentParser(
        prog="python -m cardtable",
        description="CardTable: Кинг, Трефы and Метаморфоза. With no command the table "
                    "opens.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("replay", help="check a game record and print its scores as JSON")
    p.add_argument("record", metavar="RECORD.json", help="the record file ('-' for stdin)")

    p = sub.add_parser("simulate", help="play whole games between computer players")
    p.add_argument("--game", required=True, choices=sorted(GAMES))
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
    p.set_defaults(subparser=p)

    p = sub.add_parser("bench", help="print speed and strength figures")
    benches = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    for name, text in (("engine", "random deals per second"),
                       ("gui", "start-up and frame times"),
                       ("search", "the hard search's playouts per second, per worker count")):
        b = benches.add_parser(name, help=text)
        b.add_argument("--seconds", type=_seconds, default=1.0 if name == "search" else 3.0,
                       help="time per measurement (default 3; search: per decision, 1)")
        b.add_argument("--json", action="store_true", help="one JSON object per line")
        if name == "gui":
            b.add_argument("--program", metavar="PATH",
                           help="time the start of this program (a bundle's CardTable) "
                                "instead of python -m cardtable")
            b.add_argument("--runs", type=int, default=5, choices=range(1, 101),
                           metavar="N", help="launches of each, in turn (default 5)")
            b.add_argument("--launch-only", action="store_true",
                           help="only the launch figures, not the frames")
    b = benches.add_parser("memory", help="the process tree's memory (RSS and PSS, Linux) "
                                          "while four hard computers play")
    b.add_argument("--seconds", type=_seconds, default=20.0,
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
    _add_strength_parser(benches)
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
    return parser


def _add_strength_parser(benches: Any) -> None:
    b = benches.add_parser(
        "strength", help="one computer level against another on duplicate deals",
        description="Play the same deals with the seats rotated between two computer "
                    "levels and report the mean score difference A − B with its 95% "
                    "interval, and decision times.  The unit is a whole game for Кинг "
                    "and Метаморфоза, one deal for Трефы.")
    b.add_argument("--game", required=True, choices=sorted(GAMES))
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
    b.set_defaults(subparser=b)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    make_safe()  # Russian in a message must never crash a console that cannot show it
    if not argv or argv[0] == "--self-check" or argv[0].lower().endswith(".json"):
        # no command, the self-check, or a game file to open (``cardtable game.cardtable.json``)
        from cardtable.ui.app import main as gui_main

        return gui_main(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "simulate":
            return cmd_simulate(args, args.subparser)
        if args.command == "bench":
            return cmd_bench(args)
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        sys.stderr.close()
        return 0
    parser.print_help()
    return 2
