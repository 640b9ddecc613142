"""``table new``: make a table on a server whose seats are all open to network players."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable.commands.common import game_names, parse_options, print_json


def add_parser(sub: Any) -> None:
    p = sub.add_parser("table", help="make a table on a table server")
    actions = p.add_subparsers(dest="table_command", metavar="ACTION", required=True)
    new = actions.add_parser("new", help="a table whose seats are all open; prints its "
                                         "code and invitation as JSON")
    new.add_argument("url", metavar="URL", help="the server, e.g. ws://127.0.0.1:8765")
    new.add_argument("--game", required=True, choices=game_names())
    new.add_argument("--players", type=int, default=None,
                     help="how many seats (default: the game's usual number)")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, as for simulate (repeatable)")
    new.add_argument("--away-after", type=int, default=120,
                     help="seconds before a computer plays for someone away (default 120)")
    new.set_defaults(run=run_new)


def run_new(args: argparse.Namespace) -> int:
    import asyncio

    from cardtable.engine.game import OptionError

    pairs = list(args.option)
    if args.players is not None:
        pairs.append(f"players={args.players}")
    try:
        options = parse_options(args.game, pairs)
    except OptionError as exc:
        print(f"table new: {exc}", file=sys.stderr)
        return 2
    return asyncio.run(_new(args.url, args.game, options, args.away_after))


async def _new(url: str, game: str, options: dict[str, Any], away_after: int) -> int:
    from websockets.exceptions import WebSocketException

    from cardtable.net.client import ServerRefused, TableClient
    from cardtable.net.protocol import ProtocolError

    try:
        client = await TableClient.open(url)
        try:
            created = await client.create(game, [{"kind": "open"}] * options["players"],
                                          options, away_after=away_after)
        finally:
            await client.close()
    except ServerRefused as exc:
        print(f"table new: the server refused: {exc.message}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError, WebSocketException, ProtocolError) as exc:
        # nobody there, no WebSocket address, or something else than a table server
        print(f"table new: cannot reach {url}: {exc}", file=sys.stderr)
        return 1
    print_json({"code": created["code"], "invitation": created["invitation"],
                "host_token": created["host_token"]})
    return 0
