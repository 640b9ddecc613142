"""The command line: ``replay`` and ``simulate`` as ``record-format.md`` defines
them, ``review`` of a record's decisions, ``bench``, and network play: ``serve``,
``table new`` and ``join``.  With no command the table (the GUI) starts.

A dispatcher only: each command's parser, the checks of its arguments and the call
of its tool live with the command, in :mod:`cardtable.commands`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from cardtable.console import make_safe

if TYPE_CHECKING:  # the table (no command) needs no parser: built for the commands
    import argparse


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from cardtable.commands import bench, join, replay, review, serve, simulate, table

    parser = argparse.ArgumentParser(
        prog="python -m cardtable",
        description="CardTable: Кинг, Трефы and Метаморфоза. With no command the table "
                    "opens.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in (replay, review, simulate, bench, serve, table, join):
        command.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    make_safe()  # Russian in a message must never crash a console that cannot show it
    if not argv or argv[0] == "--self-check" or argv[0].lower().endswith(".json"):
        # no command, the self-check, or a game file to open (``cardtable game.cardtable.json``)
        from cardtable.ui.startup import begin

        begin()  # before the window's modules are imported
        from cardtable.ui.app import main as gui_main

        return gui_main(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "run", None)
    if run is None:
        parser.print_help()
        return 2
    try:
        result: int = run(args)
        return result
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        sys.stderr.close()
        return 0
