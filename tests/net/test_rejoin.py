"""A dropped connection is normal: a seat's program is killed at a random moment,
the others are told, a computer stands in after the table's wait, and the person
comes back by token to their seat exactly where the game is."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from seat_player import Seen, play, read_state
from serve_process import environment

from cardtable.engine import record
from cardtable.net.client import ServerRefused, TableClient
from cardtable.net.codec import view_to_json
from cardtable.net.server import TableServer, run_server
from cardtable.net.table import NetTable

Process = asyncio.subprocess.Process

SCRIPT = Path(__file__).with_name("seat_player.py")
GUARD = 120.0
"""Seconds any one wait may take before the test gives up (a guard, never a measure)."""


async def _until(what: str, ready: Callable[[], bool]) -> None:
    """Wait (bounded) until ``ready()``; every table runs on this very loop."""
    for _ in range(int(GUARD / 0.02)):
        if ready():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


PROCESSES: list[Process] = []
"""Every seat's program started, killed at the end of the test whatever happens."""


async def _seat_process(url: str, code: str, state: Path, *extra: str) -> Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(SCRIPT), url, code, "--state", str(state), *extra,
        stdout=asyncio.subprocess.PIPE, env=environment())
    PROCESSES.append(process)
    return process


async def _kill_all() -> None:
    while PROCESSES:
        process = PROCESSES.pop()
        if process.returncode is None:
            process.kill()
        await process.wait()


async def _state_when(state: Path, process: Process,
                      ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    found: dict[str, Any] = {}

    def check() -> bool:
        assert process.returncode is None, "the seat's program ended by itself"
        nonlocal found
        found = read_state(state) or {}
        return bool(found) and ready(found)

    await _until("the seat's program got that far", check)
    return found


def _seat_news(seen: Seen, seat: int) -> list[dict[str, Any]]:
    return [f for f in seen.frames if f["type"] == "seat" and f["seat"] == seat]


def _victim_moves(table: NetTable, seat: int) -> int:
    assert table.session is not None
    return sum(1 for deal in table.session.record()["deals"] for a in deal["actions"]
               if a["seat"] == seat)


async def _drop_and_rejoin(url: str, server: TableServer, folder: Path, rng: random.Random,
                           away_after: int, back: Callable[..., Awaitable[None]]) -> None:
    """One table of four: a seat's program is killed after a random number of its
    moves, ``back`` checks the time away and brings the person back, and everyone
    plays to the end."""
    host = await TableClient.open(url)
    created = await host.create("king", [{"kind": "open"}] * 4, away_after=away_after)
    await host.close()
    code = created["code"]
    state = folder / f"{code}.state"
    victim_process = await _seat_process(url, code, state)
    victim = int((await _state_when(state, victim_process, lambda s: True))["seat"])
    others = [Seen() for _ in range(3)]
    playing = [asyncio.create_task(play(url, code, seed=i, seen=seen))
               for i, seen in enumerate(others)]
    drop_after = rng.randint(1, 30)
    kept = await _state_when(state, victim_process, lambda s: s["moves"] >= drop_after)
    victim_process.kill()  # SIGKILL: no goodbye
    await victim_process.wait()
    table = server.tables[code]
    assert table.session is not None and not table.session.is_over
    await _until("the seat is away", lambda: table.seats[victim].away_since is not None)
    await _until("the others are told", lambda: all(
        any(f["away"] for f in _seat_news(seen, victim)) for seen in others))
    await back(table, victim, kept["token"])
    back_process = await _seat_process(url, code, state, f"--token={kept['token']}",
                                       "--seat", str(victim))
    out, _ = await asyncio.wait_for(back_process.communicate(), GUARD * 2)
    assert back_process.returncode == 0
    results = await asyncio.wait_for(asyncio.gather(*playing), GUARD * 2)
    back_totals = json.loads(out)["totals"]
    assert all(seen.totals == back_totals for seen in results), "everyone's totals equal"
    for seen in others:
        news = _seat_news(seen, victim)
        assert news[-1]["present"] and not news[-1]["away"] and not news[-1]["stand_in"]
    assert table.session is not None and list(table.session.totals) == back_totals
    assert server.store is not None and server.store.flush(GUARD)
    assert list(record.load_file(folder / f"{code}.json").state.totals) == back_totals


def test_a_dropped_seat_comes_back_and_a_computer_stands_in(tmp_path: Path) -> None:
    seed = random.randrange(10**6)
    rng = random.Random(seed)
    url = ""

    async def back_where_the_game_is(table: NetTable, seat: int, token: str) -> None:
        """The table waits for the person (its wait is long): they come back by token
        and are shown their seat exactly as the table's session has it."""
        session = table.session
        assert session is not None
        await _until("the table waits for the seat", lambda: session.to_move == seat
                     or session.is_over)
        assert not session.is_over and not table.seats[seat].stand_in
        client = await TableClient.open(url)
        for wrong in ("x" * 32, token[:-1] + ("A" if token[-1] != "A" else "B")):
            with pytest.raises(ServerRefused) as refused:
                await client.join(table.code, token=wrong)
            assert refused.value.code == "bad_token"
        with pytest.raises(ServerRefused):  # the right token, another seat
            await client.join(table.code, token=token, seat=(seat + 1) % 4)
        joined = await client.join(table.code, token=token)
        assert joined["seat"] == seat
        while (message := await client.receive(GUARD))["type"] != "update":
            pass
        assert message["step"] == session.step
        assert message["view"] == view_to_json(session.view_for(seat))
        assert message["view"]["legal"], "their turn, with their moves"
        await client.close()

    async def computer_stands_in(table: NetTable, seat: int, token: str) -> None:
        """The wait is short: a computer plays the seat until the person is back."""
        before = _victim_moves(table, seat)
        await _until("a computer stands in", lambda: table.seats[seat].stand_in)
        await _until("the computer plays the seat",
                     lambda: _victim_moves(table, seat) >= before + 2
                     or table.session is None or table.session.is_over)
        assert table.session is not None and not table.session.is_over

    async def main() -> None:
        stop = asyncio.Event()
        server = TableServer(tmp_path, deal_pause=0.5)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0,
                                              ready=started.set_result, stop=stop))
        nonlocal url
        url = f"ws://127.0.0.1:{await asyncio.wait_for(started, GUARD)}"
        try:
            await asyncio.gather(
                _drop_and_rejoin(url, server, tmp_path, rng, 3600, back_where_the_game_is),
                _drop_and_rejoin(url, server, tmp_path, rng, 5, computer_stands_in))
        finally:
            await _kill_all()
            stop.set()
            await task

    try:
        asyncio.run(main())
    except BaseException as exc:
        exc.add_note(f"random seed {seed}")
        raise
