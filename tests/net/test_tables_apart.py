"""Tables of different games at one server never mix: each seat is told only of its
own table, the records stay apart, and one table's token opens no other."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from seat_player import Seen, play

from cardtable.engine import record
from cardtable.net.client import ServerRefused, TableClient
from cardtable.net.server import TableServer, run_server

TABLES = [("king", 4, {}), ("clubs", 3, {"deals": 5}), ("metamorphosis", 2, {})]
GUARD = 300.0


def test_three_games_at_one_server_never_mix(tmp_path: Path) -> None:
    async def main() -> None:
        stop = asyncio.Event()
        server = TableServer(tmp_path, deal_pause=0.5)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0,
                                              ready=started.set_result, stop=stop))
        url = f"ws://127.0.0.1:{await asyncio.wait_for(started, GUARD)}"
        try:
            host = await TableClient.open(url)
            codes = [(await host.create(game, [{"kind": "open"}] * n, options))["code"]
                     for game, n, options in TABLES]
            await host.close()
            seats = {code: [Seen() for _ in range(n)]
                     for code, (_, n, _) in zip(codes, TABLES, strict=True)}
            await asyncio.wait_for(asyncio.gather(*(
                play(url, code, seed=i, seen=seen) for code, seen_list in seats.items()
                for i, seen in enumerate(seen_list))), GUARD)
            assert server.store is not None and server.store.flush(GUARD)  # written behind
            tokens = {code: [s.token for s in seen_list] for code, seen_list in seats.items()}
            for (game, n, _), code in zip(TABLES, codes, strict=True):
                for seen in seats[code]:
                    updates = [f for f in seen.frames if f["type"] == "update"]
                    assert updates and all(f["view"]["game"] == game for f in updates)
                    lobbies = [f for f in seen.frames if f["type"] == "lobby"]
                    assert lobbies and all(f["game"] == game and len(f["seats"]) == n
                                           for f in lobbies)
                    assert all(f["seat"] < n for f in seen.frames if f["type"] == "seat")
                    assert seen.totals is not None and len(seen.totals) == n
                    text = repr(seen.frames)
                    for other in codes:  # no other table's code or tokens, ever
                        if other != code:
                            assert other not in text
                            assert not any(t in text for t in tokens[other] if t)
                kept = record.load_file(tmp_path / f"{code}.json")
                assert kept.game.name == game and kept.state.is_over
                assert list(kept.state.totals) == seats[code][0].totals
            # acting with one table's token at another is refused
            for code, other in zip(codes, [*codes[1:], codes[0]], strict=True):
                client = await TableClient.open(url)
                token = tokens[other][0]
                assert token is not None
                with pytest.raises(ServerRefused) as refused:
                    await client.join(code, token=token)
                assert refused.value.code == "bad_token"
                with pytest.raises(ServerRefused) as refused:
                    await client.request("start", "lobby", code=code, host_token=token)
                assert refused.value.code == "not_host"
                await client.close()
        finally:
            stop.set()
            await task

    asyncio.run(main())
