"""``replay``: check a game record and print its scores as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable.commands.common import print_json


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="check a game record and print its scores as JSON")
    p.add_argument("record", metavar="RECORD.json", help="the record file ('-' for stdin)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from cardtable.engine.record import MAX_BYTES, RecordError, load, parse_json, read_file, summary

    try:
        if args.record == "-":
            if sys.stdin is None:
                raise RecordError("no standard input to read the record from")
            data = parse_json(sys.stdin.buffer.read(MAX_BYTES + 1))
        else:
            data = read_file(args.record)
        match = load(data)
    except RecordError as exc:
        print_json(exc.to_json())
        return 1
    print_json(summary(match))
    return 0
