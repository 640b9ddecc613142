"""``join``: play the next free seat of a network table as a computer player."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable.commands.common import print_json


def add_parser(sub: Any) -> None:
    p = sub.add_parser("join", help="play the next free seat of a network table as a "
                                    "computer player; prints the final totals as JSON")
    p.add_argument("url", metavar="URL", help="the server, e.g. ws://127.0.0.1:8765")
    p.add_argument("code", metavar="CODE", help="the table's code")
    p.add_argument("--level", required=True, choices=("random", "easy", "normal", "hard"))
    p.add_argument("--name", default=None, help="the name shown at the table")
    p.add_argument("--fingerprint", default=None,
                   help="the server certificate's SHA-256 (from a home-network invitation)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    from cardtable.net.client import ServerRefused, WrongServer
    from cardtable.net.protocol import ProtocolError
    from cardtable.net.remote_player import play_seat

    name = args.name or f"{args.level.capitalize()} (computer)"
    try:
        result = asyncio.run(play_seat(args.url, args.code, args.level, name,
                                       fingerprint=args.fingerprint))
    except ServerRefused as exc:
        print(f"join: the server refused: {exc.message}", file=sys.stderr)
        return 1
    except (WrongServer, ProtocolError) as exc:
        print(f"join: {exc}", file=sys.stderr)
        return 1
    except ConnectionClosed:
        print("join: the server closed the connection before the game ended", file=sys.stderr)
        return 1
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake) as exc:
        print(f"join: cannot reach {args.url}: {exc}", file=sys.stderr)
        return 1
    print_json({"seat": result.seat, "totals": result.totals, "moves": result.moves})
    return 0
