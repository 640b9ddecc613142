"""Behind a proxy every connection comes from the proxy's address: a trusted proxy's
connections are known by the address its ``X-Forwarded-For`` ends with, so one
player's wrong codes lock out that player, not everyone behind the proxy.  The header
of a connection that is not from a trusted proxy is ignored (anyone could write it)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.client import connect

from cardtable.net import protocol
from cardtable.net import server as server_module
from cardtable.net.server import TableServer, run_server

GUARD = 60.0


async def wrong_codes(url: str, forwarded: str, count: int) -> list[str]:
    """``count`` joins with a code no table has, from connections that say they are
    ``forwarded`` (a new one before each would be cut off); the error codes answered."""
    codes: list[str] = []
    while len(codes) < count:
        async with connect(url, additional_headers={"X-Forwarded-For": forwarded}) as ws:
            await ws.recv()  # welcome
            await ws.send(json.dumps({"type": "hello", "protocol": protocol.PROTOCOL}))
            for _ in range(min(count - len(codes), server_module.FAILED_JOINS - 1)):
                await ws.send(json.dumps({"type": "join", "code": "ZZZZ-ZZZZ"}))
                while (message := json.loads(await ws.recv()))["type"] != "error":
                    pass
                codes.append(message["code"])
    return codes


def limits_by_address(tmp_path: Path, trusted: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """One "player" spends the address's whole allowance of wrong codes, then another
    tries once: what each was answered."""
    async def run() -> tuple[list[str], list[str]]:
        stop = asyncio.Event()
        server = TableServer(tmp_path, trusted_proxies=trusted)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0,
                                              ready=started.set_result, stop=stop))
        url = f"ws://127.0.0.1:{await asyncio.wait_for(started, 10)}"
        try:
            first = await asyncio.wait_for(
                wrong_codes(url, "198.51.100.7, 203.0.113.5",
                            server_module.ADDRESS_FAILURES), GUARD)
            second = await asyncio.wait_for(wrong_codes(url, "203.0.113.9", 1), GUARD)
        finally:
            stop.set()
            await asyncio.wait_for(task, 30)
        return first, second

    return asyncio.run(run())


def test_a_trusted_proxys_players_are_limited_apart(tmp_path: Path) -> None:
    first, second = limits_by_address(tmp_path, ("127.0.0.1",))
    assert first == ["no_table"] * server_module.ADDRESS_FAILURES
    assert second == ["no_table"], "another player behind the proxy is not locked out"


def test_the_header_of_an_untrusted_connection_is_ignored(tmp_path: Path) -> None:
    """The deliberate bad case: without trust, both 'players' are one address, and the
    second is refused — the header cannot buy anyone a fresh allowance."""
    first, second = limits_by_address(tmp_path, ())
    assert first == ["no_table"] * server_module.ADDRESS_FAILURES
    assert second == ["slow_down"]
