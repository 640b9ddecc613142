"""A server stopped by Ctrl-C (asyncio.run cancels it) still closes its tables and
writes what its store holds: nothing of a finished game is lost."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from cardtable.net.server import TableServer, run_server


def test_a_cancelled_server_closes_its_tables_and_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[TableServer] = []
    real_close = TableServer.close

    def close(self: TableServer) -> None:
        closed.append(self)
        real_close(self)

    monkeypatch.setattr(TableServer, "close", close)

    async def main() -> TableServer:
        server = TableServer(tmp_path)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(server, "127.0.0.1", 0,
                                              ready=started.set_result))
        await asyncio.wait_for(started, 10)
        task.cancel()  # what asyncio.run does to its task on Ctrl-C
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return server

    server = asyncio.run(main())
    assert closed == [server]
