"""A server killed mid-game (SIGKILL) and started again on the same folder resumes
every unfinished table: the record on the disk replays, people come back by token
and every game goes on to its end."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from seat_player import Seen, play
from serve_process import Server, cardtable, new_server, servers

from cardtable.engine import record
from cardtable.net import store as store_module
from cardtable.net.client import TableClient
from cardtable.net.journal import read_steps
from cardtable.net.session import TableSession
from cardtable.net.store import TableStore

TABLES = [("king", 4, {}), ("clubs", 3, {"deals": 5}), ("metamorphosis", 3, {"partii": 3})]
GUARD = 120.0
BACK_WITHIN = 300.0
"""Seconds a client keeps trying to get back to its table (a guard only)."""


def _kept(folder: Path, code: str) -> bool:
    """Whether the disk holds the table's record and a table file that says so (the
    record is written asynchronously: what is not yet on the disk is not kept)."""
    try:
        table = json.loads((folder / f"{code}.table.json").read_text())
    except (OSError, ValueError):  # not there yet, or being replaced
        return False
    return bool(table["started"]) and (folder / f"{code}.json").exists()


@pytest.fixture
def made() -> Iterator[list[Server]]:
    with servers() as made:
        yield made


def test_every_table_resumed_after_the_server_is_killed(tmp_path: Path,
                                                        made: list[Server]) -> None:
    server = new_server(made, tmp_path / "tables", tmp_path / "serve.log")

    async def main() -> dict[str, int]:
        url = server.url
        host = await TableClient.open(url)
        codes = []
        for game, players, options in TABLES:
            created = await host.create(game, [{"kind": "open"}] * players, options)
            codes.append(created["code"])
        lobby = (await host.create("king", [{"kind": "open"}] * 3))["code"]
        await host.close()
        seats = {code: [Seen() for _ in range(players)]
                 for code, (_, players, _) in zip(codes, TABLES, strict=True)}
        playing = [asyncio.create_task(play(url, code, seed=i, reconnect=BACK_WITHIN,
                                            seen=seen))
                   for code, seen_list in seats.items() for i, seen in enumerate(seen_list)]
        everyone.extend(s for seen_list in seats.values() for s in seen_list)
        early = Seen()  # the lobby table: one person in, waiting for the others
        first = asyncio.create_task(play(url, lobby, reconnect=BACK_WITHIN, seen=early))
        for _ in range(int(GUARD / 0.02)):  # every game well under way, and on the disk
            if all(min(s.told_step for s in seen_list) >= 30 for seen_list in seats.values()) \
                    and early.token is not None and all(_kept(server.data, c) for c in codes):
                break
            assert not any(task.done() for task in playing), "a game ended too soon"
            await asyncio.sleep(0.02)
        server.kill()
        told = {code: max(s.told_step for s in seen_list) for code, seen_list in seats.items()}
        behind = {}
        for code in codes:
            kept = TableSession(record.load_file(server.data / f"{code}.json"))
            for entry in read_steps(server.data):  # and the journal's steps beyond it
                if entry.get("table") == code and "start" not in entry:
                    kept.take_step({k: v for k, v in entry.items() if k != "table"})
            assert not kept.is_over
            behind[code] = told[code] - kept.step
            # nothing a seat was told is missing from the disk (a step is on it before
            # the seats are told); the disk may hold the one step whose update was still
            # on its way when the server died (each step waits for a seat's reply)
            assert -1 <= behind[code] <= 0
        server.start(server.port)  # the same folder, the same address
        for code in [*codes, lobby]:
            assert f"table={code} resumed" in server.log_text()
        late = [Seen(), Seen()]
        everyone.extend([early, *late])
        others = [asyncio.create_task(play(url, lobby, seed=9, seen=seen)) for seen in late]
        results = await asyncio.wait_for(asyncio.gather(*playing, first, *others), GUARD * 3)
        for code in [*codes, lobby]:
            at_table = [s for s in results if s in seats.get(code, [])] or results[-3:]
            totals = {tuple(s.totals or ()) for s in at_table}
            assert len(totals) == 1, f"{code}: everyone's totals equal"
            replayed = json.loads(cardtable("replay", str(server.data / f"{code}.json")).stdout)
            assert replayed["finished"] and tuple(replayed["totals"]) in totals
        for code, seen_list in seats.items():
            kept_at = told[code] - behind[code]
            for seen in seen_list:  # back where the disk had the game (and a deal that
                # was due then dealt on resuming), never before
                assert len(seen.joins) == 2 and kept_at <= seen.joins[1] <= kept_at + 1, \
                    (code, kept_at, seen.joins)
        return behind

    async def guarded() -> dict[str, int]:
        try:
            return await main()
        finally:
            for seen in everyone:
                seen.give_up = True

    everyone: list[Seen] = []
    behind = asyncio.run(guarded())
    print("steps the disk was behind what the clients were told:", behind)


def test_a_started_table_file_is_never_written_before_its_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer takes files in the order handed over: a table file saying the game
    has started comes after the record it needs (a kill between the two would
    otherwise leave a table that cannot be resumed)."""
    written: list[str] = []
    hold = threading.Event()
    write = record.write_atomically

    def slow_write(path: Path, data: bytes) -> None:
        hold.wait(GUARD)
        written.append(Path(path).name)
        write(path, data)

    monkeypatch.setattr(store_module.record, "write_atomically", slow_write)
    store = TableStore(tmp_path)
    try:
        store.save("OTHR-TABL", None, {"started": False})  # keeps the writer busy
        store.save("ABCD-EFGH", None, {"started": False})  # someone joined the lobby
        store.save("ABCD-EFGH", '{"record": 1}', {"started": True})  # the game began
        hold.set()
        assert store.flush(GUARD)
    finally:
        store.close()
    assert written.index("ABCD-EFGH.json") < written.index("ABCD-EFGH.table.json"), written
    assert json.loads((tmp_path / "ABCD-EFGH.table.json").read_text())["started"]
