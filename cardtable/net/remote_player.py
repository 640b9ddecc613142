"""A computer player at a network table: joins the next free seat and plays it to the
end, as a person's program would — from its seat's view and nothing else.

``python -m cardtable join`` runs it (a spare computer filling a seat, load tests);
it is also the client side of the end-to-end tests.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.ai import make_player
from cardtable.engine.game import View
from cardtable.net.client import TableClient
from cardtable.net.codec import event_from_json, view_from_json
from cardtable.net.protocol import ProtocolError


@dataclass
class SeatResult:
    """How a seat's game went, from that seat's side."""

    seat: int
    totals: list[int]
    moves: int
    frames: list[str] = field(default_factory=list)
    """Every message received, when asked to keep them (the privacy tests)."""


async def play_seat(url: str, code: str, level: str, name: str | None = None, *,
                    fingerprint: str | None = None, seed: int | None = None,
                    keep_frames: bool = False, timeout: float = 120.0) -> SeatResult:
    """Join ``code`` at ``url`` and play the seat at ``level`` until the game is over."""
    client = await TableClient.open(url, fingerprint)
    try:
        joined = await client.join(code, name=name)
        seat = joined["seat"]
        player = make_player(joined["game"], level)
        rng = random.Random(seed)
        moves = 0
        seen = -1
        frames: list[str] = []
        while True:
            frame = await asyncio.wait_for(client.ws.recv(), timeout)
            if keep_frames:
                frames.append(frame if isinstance(frame, str) else frame.decode())
            message = _read(frame)
            kind = message["type"]
            if kind == "error":
                raise ProtocolError(str(message.get("code")), str(message.get("message")))
            if kind != "update" or message["step"] <= seen:
                continue  # a step told twice (the view on joining, then its update)
            seen = message["step"]
            view = view_from_json(message["view"])
            events = [event_from_json(e) for e in message["events"]]
            if any(e.KIND == "game_over" for e in events) or view.phase == "over":
                return SeatResult(seat, list(view.totals), moves, frames)
            if any(e.KIND == "deal_ended" for e in events):
                await client.send("next")
            if view.to_move == seat and view.legal:
                action = await asyncio.to_thread(_choose, player, view, rng)
                await client.act(action, message["step"])
                moves += 1
    finally:
        await client.close()


def _read(frame: str | bytes) -> dict[str, Any]:
    from cardtable.net.protocol import read_server_message

    return read_server_message(frame)


def _choose(player: Any, view: View, rng: random.Random) -> Any:
    return player.choose(view, view.legal, rng)
