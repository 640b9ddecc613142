"""The journal: every step on the disk before the seats are told, rotated as it grows,
read back after a crash even where a line was cut short."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from cardtable.engine import record
from cardtable.net import server as server_module
from cardtable.net.journal import journal_files, read_steps
from cardtable.net.server import TableServer, run_server


def test_a_line_cut_short_by_a_crash_ends_its_journal(tmp_path: Path) -> None:
    whole = json.dumps({"table": "T", "step": 1, "cards": {}}).encode()
    (tmp_path / "journal-000001.jsonl").write_bytes(whole + b"\n" + whole[:10])
    (tmp_path / "journal-000002.jsonl").write_bytes(whole.replace(b"1", b"2", 1) + b"\n")
    assert [e["step"] for e in read_steps(tmp_path)] == [1, 2]


def test_a_computers_game_rotates_its_journals_and_its_record_holds_every_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "ROTATE_BYTES", 400)  # many rotations in one game

    async def main() -> tuple[str, int, int, int]:
        stop = asyncio.Event()
        server = TableServer(tmp_path, deal_pause=0.01)
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0, ready=ready.set_result,
                                              stop=stop))
        await asyncio.wait_for(ready, 10)
        table = server.create({"game": "metamorphosis", "options": {},
                               "seats": [{"kind": "computer", "level": "random"}] * 2})
        for _ in range(3000):  # bounded: a random players' game is quick
            if table.session is not None and table.session.is_over:
                break
            await asyncio.sleep(0.01)
        session = table.session
        assert session is not None and session.is_over
        journal = server.journal
        assert journal is not None
        syncs, rotations = journal.syncs, journal.number - 1
        stop.set()
        await task
        return table.code, session.step, syncs, rotations

    code, steps, syncs, rotations = asyncio.run(main())
    assert rotations >= 2
    kept = record.load_file(tmp_path / f"{code}.json")
    assert kept.state.is_over and kept.step_count == steps
    assert syncs > 0
    # rotated as it grew: the old journals went once the records held their steps
    assert len(journal_files(tmp_path)) <= 2
