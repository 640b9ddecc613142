"""The table server needs nothing of Qt: ``serve`` runs, hosts a game and stops with
PySide6 refused at import, as in the server's container (packaging/server/), which
installs websockets alone."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from cardtable.engine import record
from cardtable.net.client import TableClient
from cardtable.net.remote_player import play_seat

REPO = Path(__file__).resolve().parents[2]
NO_QT = '''
import runpy, sys

class NoQt:
    """Refuses Qt's bindings, and says so where the test looks."""

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("PySide6", "shiboken6"):
            print(f"QT IMPORTED: {name}", file=sys.stderr, flush=True)
            raise ImportError(f"{name} is refused: the server must not import Qt")
        return None

sys.meta_path.insert(0, NoQt())
sys.modules.pop("PySide6", None)
sys.argv = ["cardtable", *sys.argv[1:]]
runpy.run_module("cardtable", run_name="__main__", alter_sys=True)
'''


def no_qt_command(tmp_path: Path, *args: str) -> list[str]:
    script = tmp_path / "no_qt.py"
    script.write_text(NO_QT, "utf-8")
    return [sys.executable, str(script), *args]


def environment() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    env.pop("QT_QPA_PLATFORM", None)
    return env


def test_serve_help_imports_no_qt(tmp_path: Path) -> None:
    done = subprocess.run(no_qt_command(tmp_path, "serve", "--help"), env=environment(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "--tls-cert" in done.stdout and "QT IMPORTED" not in done.stderr


def test_the_blocker_refuses_what_needs_qt(tmp_path: Path) -> None:
    """The deliberate bad case: the self-check is the window's, and needs Qt."""
    done = subprocess.run(no_qt_command(tmp_path, "--self-check", "--only", "version"),
                          env=environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "QT IMPORTED: PySide6" in done.stderr + done.stdout


def started_server(tmp_path: Path, data: Path, **popen: Any
                   ) -> tuple[subprocess.Popen[str], list[str], int | None, threading.Thread]:
    """``serve`` without Qt; its log, read as it comes (a full pipe would stop it) by the
    thread returned last; and the port it says it listens on (None if it did not say so
    in a minute)."""
    server = subprocess.Popen(
        no_qt_command(tmp_path, "serve", "--host", "127.0.0.1", "--port", "0",
                      "--data", str(data)),
        env=environment(), stderr=subprocess.PIPE, text=True, **popen)
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(iter(server.stderr.readline, "")),
                              daemon=True)
    reader.start()
    port = None
    deadline = time.monotonic() + 60
    while port is None and time.monotonic() < deadline and server.poll() is None:
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)", "".join(log))
        port = int(found.group(1)) if found else None
        time.sleep(0.05)
    return server, log, port, reader


def test_a_server_without_qt_hosts_a_game_and_stops(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    server, log, port, reader = started_server(tmp_path, data)
    try:
        assert port is not None, f"the server did not say where it listens: {log}"
        url = f"ws://127.0.0.1:{port}"

        async def game() -> tuple[str, list[list[int]]]:
            host = await TableClient.open(url)
            created = await host.create("metamorphosis", [{"kind": "open"}] * 2,
                                        {"partii": 1})
            await host.close()
            seats = await asyncio.wait_for(asyncio.gather(*(
                play_seat(url, created["code"], "easy", f"P{i}", seed=i)
                for i in range(2))), 120)
            return created["code"], [seat.totals for seat in seats]

        code, totals = asyncio.run(game())
        assert totals[0] == totals[1]
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=60) == 0, log
        reader.join(timeout=30)
        assert not any("QT IMPORTED" in line for line in log), log
        assert any(code in line for line in log), "one line per table event"
        kept = record.load_file(data / f"{code}.json")
        assert kept.state.is_over and list(kept.state.totals) == totals[0]
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)


def test_a_server_started_with_sigint_ignored_still_stops_at_it(tmp_path: Path) -> None:
    """A shell script's background job starts with SIGINT ignored, and Python leaves it
    so: the server's stop signal then did nothing, and it ran on (the test suite itself,
    run that way, hung here).  It now closes its tables and ends all the same."""
    server, log, port, reader = started_server(
        tmp_path, tmp_path / "tables",
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert port is not None, f"the server did not say where it listens: {log}"
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=60) == 0, log
        reader.join(timeout=30)
        assert any("stopping: closing the tables" in line for line in log), log
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
