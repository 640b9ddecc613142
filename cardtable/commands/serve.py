"""``serve``: run a table server."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run a table server for play over the network")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (0.0.0.0: every network; default "
                        "127.0.0.1, this computer only)")
    p.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    p.add_argument("--data", type=Path, default=Path("cardtable-tables"),
                   help="the folder where every table's record is kept (default: "
                        "cardtable-tables in the current folder)")
    p.add_argument("--tls-cert", type=Path, default=None, help="certificate (PEM) for wss://")
    p.add_argument("--tls-key", type=Path, default=None, help="its private key (PEM)")
    p.add_argument("--public-address", default=None, metavar="URL",
                   help="the address players use, for the invitations (behind a proxy: "
                        "e.g. wss://cards.example.org:443)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a proxy in front of the server (e.g. 127.0.0.1): its connections "
                        "count by the address its X-Forwarded-For header names; repeat "
                        "for several")
    p.add_argument("--computer-pace", type=float, default=0.6, metavar="SECONDS",
                   help="a computer's move comes at least this long after the step before "
                        "it while a person sits at the table, so that each card is seen "
                        "(default 0.6; 0: at once)")
    p.add_argument("--threads", type=int, default=2,
                   help="computer players thinking at once (default 2)")
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from cardtable.net.server import TableServer, run_server, tls_context

    if (args.tls_cert is None) != (args.tls_key is None):
        print("serve: --tls-cert and --tls-key go together", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535 or not 1 <= args.threads <= 64:
        print("serve: the port is 0 to 65535, the threads 1 to 64", file=sys.stderr)
        return 2
    if not 0 <= args.computer_pace <= 10:
        print("serve: --computer-pace is 0 to 10 seconds", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    context = None
    if args.tls_cert is not None:
        try:
            context = tls_context(args.tls_cert, args.tls_key)
        except (OSError, ValueError) as exc:
            print(f"serve: cannot use the certificate: {exc}", file=sys.stderr)
            return 2
    public_host, public_port, public_tls = args.host, None, context is not None
    if args.public_address is not None:
        from cardtable.net.invitation import read_address

        try:
            public_host, public_port, public_tls = read_address(args.public_address)
        except ValueError as exc:
            print(f"serve: --public-address: {exc}", file=sys.stderr)
            return 2
    proxies = []
    for text in args.trusted_proxy:
        try:
            proxies.append(str(ipaddress.ip_address(text.strip())))
        except ValueError:
            print(f"serve: --trusted-proxy: {text!r} is not an IP address", file=sys.stderr)
            return 2
    server = TableServer(args.data, threads=args.threads, public_host=public_host,
                         tls=public_tls, public_port=public_port, trusted_proxies=proxies,
                         computer_pace=args.computer_pace)
    try:
        asyncio.run(run_server(server, args.host, args.port, context, own_process=True))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    return 0

