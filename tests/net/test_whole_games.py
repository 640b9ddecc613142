"""Whole games over real sockets on loopback: a real server, real clients, every game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardtable.engine import record
from cardtable.net.client import TableClient
from cardtable.net.remote_player import play_seat
from cardtable.net.server import TableServer, run_server


async def _serve(server: TableServer, stop: asyncio.Event) -> tuple[asyncio.Task[None], int]:
    started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_server(server, "127.0.0.1", 0, ready=started.set_result,
                                          stop=stop))
    return task, await asyncio.wait_for(started, 10)


@pytest.mark.parametrize("game, players", [("king", 4), ("clubs", 3), ("metamorphosis", 3)])
def test_a_whole_game_between_network_players(tmp_path: Path, game: str, players: int) -> None:
    async def main() -> None:
        stop = asyncio.Event()
        server = TableServer(tmp_path, deal_pause=0.5)
        task, port = await _serve(server, stop)
        url = f"ws://127.0.0.1:{port}"
        host = await TableClient.open(url)
        options = {"target": 25, "deals": 5} if game == "clubs" else {}
        created = await host.create(game, [{"kind": "open"}] * players, options)
        await host.close()
        results = await asyncio.wait_for(asyncio.gather(*(
            play_seat(url, created["code"], "easy", f"P{i}", seed=i)
            for i in range(players))), 300)
        stop.set()
        await task
        assert sorted(r.seat for r in results) == list(range(players))
        totals = {tuple(r.totals) for r in results}
        assert len(totals) == 1, "every seat sees the same final totals"
        kept = record.load_file(tmp_path / f"{created['code']}.json")
        assert kept.state.is_over and tuple(kept.state.totals) in totals
        assert sum(r.moves for r in results) == sum(len(d.actions) for d in kept.deals)

    asyncio.run(main())
