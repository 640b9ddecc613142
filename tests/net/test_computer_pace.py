"""A computer's move at a network table waits for the server's pace while a person
sits there — so people see each card land before the next, as at a table on one
screen — and does not wait when only computers play."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cardtable.net import table as table_module
from cardtable.net.client import TableClient
from cardtable.net.remote_player import play_seat
from cardtable.net.server import TableServer, run_server

PACE = 0.02
GUARD = 120.0


def waits_of_a_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pace: float,
                    person: bool) -> tuple[list[float], int]:
    """Play a game of Трефы for three (two computer seats; the third a network player
    when ``person``, else a computer too) on a server with ``pace``: the pauses the
    computers made, and the steps of the game."""
    waited: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, *args: Any) -> Any:
        waited.append(delay)
        return await real_sleep(delay, *args)

    monkeypatch.setattr(table_module.asyncio, "sleep", sleep)

    async def run() -> int:
        stop = asyncio.Event()
        server = TableServer(tmp_path, deal_pause=0.05, computer_pace=pace)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0,
                                              ready=started.set_result, stop=stop))
        url = f"ws://127.0.0.1:{await asyncio.wait_for(started, 10)}"
        try:
            host = await TableClient.open(url)
            third = {"kind": "open"} if person else {"kind": "computer", "level": "random"}
            made = await host.create("clubs", [third, {"kind": "computer", "level": "random"},
                                               {"kind": "computer", "level": "random"}],
                                     {"players": 3, "deals": 5})
            await host.close()
            code = str(made["code"])
            if person:
                await asyncio.wait_for(play_seat(url, code, "random", seed=1), GUARD)
            else:
                while not (server.tables[code].session is not None
                           and server.tables[code].session.is_over):
                    await real_sleep(0.05)
            session = server.tables[code].session
            assert session is not None
            return session.step
        finally:
            stop.set()
            await asyncio.wait_for(task, 30)

    steps = asyncio.run(run())
    return [w for w in waited if 0 < w <= pace], steps


def test_computers_wait_for_the_pace_while_a_person_sits_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    waits, steps = waits_of_a_game(tmp_path, monkeypatch, PACE, person=True)
    assert steps > 10
    # most computer moves follow a step at once (the person's card, or the other
    # computer's): each of those waits out what is left of the pace
    assert len(waits) >= steps // 3


def test_no_pace_no_wait_and_computers_alone_never_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deliberate bad cases of the pace: with none set, or nobody to watch, the
    computers never pause."""
    assert waits_of_a_game(tmp_path / "a", monkeypatch, 0.0, person=True)[0] == []
    waits, steps = waits_of_a_game(tmp_path / "b", monkeypatch, PACE, person=False)
    assert waits == [] and steps > 10
