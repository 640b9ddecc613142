"""A person's program at a network table, as the end-to-end tests need one.

Unlike ``python -m cardtable join`` it can come back to its seat by token, keeps
trying to come back when the server goes away (``reconnect``), writes its seat, token
and moves to a state file as it goes (so a test can kill its process at a chosen
moment and bring it back), and keeps what it was told.  Run as a script it plays one
seat and prints one JSON line with ``seat``, ``totals`` and ``moves``::

    python tests/net/seat_player.py URL CODE --state FILE [--token=T --seat S]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from cardtable.ai import make_player
from cardtable.net.client import TableClient
from cardtable.net.codec import view_from_json
from cardtable.net.protocol import ProtocolError

RECONNECT_PAUSE = 0.1
FRAME_GUARD = 120.0
"""Seconds to wait for the server's next word before giving up (a guard only)."""


@dataclass
class Seen:
    """What one seat's program was told, and what it did."""

    seat: int | None = None
    token: str | None = None
    moves: int = 0
    told_step: int = -1
    """The highest step of any update this seat was told."""
    joins: list[int] = field(default_factory=list)
    """The step of the first update after each join (where the seat found the game)."""
    totals: list[int] | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    give_up: bool = False
    """Set by a test that has failed: stop trying to get back (a cancellation can be
    lost in a connection's opening)."""


async def play(url: str, code: str, *, level: str = "easy", name: str | None = None,
               seat: int | None = None, token: str | None = None, state: Path | None = None,
               reconnect: float = 0.0, seed: int = 0, seen: Seen | None = None) -> Seen:
    """Play one seat to the end of the game (joining a free seat, or ``seat`` back by
    ``token``).  With ``reconnect`` seconds, a lost server is tried again every
    tenth of a second for that long and the seat taken back by its token."""
    seen = seen or Seen(seat, token)
    rng = random.Random(seed)
    player: Any = None
    tries = max(1, int(reconnect / RECONNECT_PAUSE))
    for _ in range(tries):
        if seen.give_up:
            break
        try:
            client = await TableClient.open(url)
        except (OSError, TimeoutError):
            if not reconnect:
                raise
            await asyncio.sleep(RECONNECT_PAUSE)
            continue
        try:
            joined = await client.join(code, name=name, token=seen.token,
                                       seat=seen.seat if seen.token else None)
            seen.seat, seen.token = joined["seat"], joined["token"]
            _write_state(state, seen)
            player = player or make_player(joined["game"], level)
            await client.send("next")  # ready, should a deal be waiting for this seat
            await _play_on(client, seen, player, rng, state)
            return seen
        except ConnectionClosed:
            if not reconnect:
                raise
        finally:
            await client.close()
        await asyncio.sleep(RECONNECT_PAUSE)
    raise TimeoutError(f"could not get back to table {code} at {url}")


async def _play_on(client: TableClient, seen: Seen, player: Any, rng: random.Random,
                   state: Path | None) -> None:
    first = True
    while True:
        message = await client.receive(FRAME_GUARD)
        seen.frames.append(message)
        kind = message["type"]
        if kind == "error":
            raise ProtocolError(str(message.get("code")), str(message.get("message")))
        if kind != "update":
            continue
        step = message["step"]
        if first:
            seen.joins.append(step)
            first = False
        elif step <= seen.told_step:
            continue  # told twice (the view on joining, then the step's own update)
        seen.told_step = max(seen.told_step, step)
        view = view_from_json(message["view"])
        if view.phase == "over":
            seen.totals = list(view.totals)
            return
        if any(e.get("type") == "deal_ended" for e in message["events"]):
            await client.send("next")
        if view.to_move == seen.seat and view.legal:
            action = await asyncio.to_thread(player.choose, view, view.legal, rng)
            await client.act(action, step)
            seen.moves += 1
            _write_state(state, seen)


def _write_state(path: Path | None, seen: Seen) -> None:
    if path is None:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"seat": seen.seat, "token": seen.token, "moves": seen.moves,
                               "step": seen.told_step}))
    os.replace(tmp, path)


def read_state(path: Path) -> dict[str, Any] | None:
    """The state a seat's process last wrote, or ``None`` before its first."""
    try:
        return dict(json.loads(path.read_text()))
    except FileNotFoundError:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url")
    parser.add_argument("code")
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--token")
    parser.add_argument("--seat", type=int)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seen = asyncio.run(play(args.url, args.code, level=args.level, seat=args.seat,
                            token=args.token, state=args.state, seed=args.seed))
    sys.stdout.write(json.dumps({"seat": seen.seat, "totals": seen.totals,
                                 "moves": seen.moves}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
