"""The command line of network play, exactly as documented, as real processes:
``serve``, ``table new``, N × ``join``, then ``replay`` of the record kept."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_process import Server, cardtable, environment, free_port, new_server, servers

GAMES = [
    ("king", 4, []),
    ("clubs", 3, ["target=25", "deals=5"]),  # with no deal limit a game can go on for long
    ("metamorphosis", 3, ["partii=2"]),
]


@pytest.fixture
def made() -> Iterator[list[Server]]:
    with servers() as made:
        yield made


def _json_line(out: str) -> dict[str, object]:
    lines = out.splitlines()
    assert len(lines) == 1, f"one JSON line expected, got {out!r}"
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def _refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """A clear message naming the fault, a non-zero exit, never a traceback."""
    assert result.returncode != 0, result
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout == "", result.stdout
    message = result.stderr.lower()
    assert all(word in message for word in words), result.stderr


def test_whole_games_through_the_commands(tmp_path: Path, made: list[Server]) -> None:
    server = new_server(made, tmp_path / "tables", tmp_path / "serve.log")
    for game, players, options in GAMES:
        made_table = cardtable("table", "new", server.url, "--game", game, "--players",
                               str(players), *(a for o in options for a in ("--option", o)))
        assert made_table.returncode == 0, made_table.stderr
        table = _json_line(made_table.stdout)
        code = str(table["code"])
        assert str(table["invitation"]).endswith(code)
        joins = [subprocess.Popen([sys.executable, "-m", "cardtable", "join", server.url, code,
                                   "--level", "easy"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=environment())
                 for _ in range(players)]
        results = []
        for process in joins:
            out, err = process.communicate(timeout=300)
            assert process.returncode == 0, err
            results.append(_json_line(out))
        assert sorted(r["seat"] for r in results) == list(range(players))  # type: ignore[type-var]
        totals = [r["totals"] for r in results]
        assert all(t == totals[0] for t in totals), totals
        assert isinstance(totals[0], list) and len(totals[0]) == players
        replayed = cardtable("replay", str(server.data / f"{code}.json"))
        assert replayed.returncode == 0, replayed.stdout
        summary = _json_line(replayed.stdout)
        assert summary["game"] == game and summary["finished"] is True
        assert summary["totals"] == totals[0]
    assert "Traceback" not in server.log_text()


def test_a_table_the_server_refuses_or_cannot_make(tmp_path: Path, made: list[Server]) -> None:
    server = new_server(made, tmp_path / "tables", tmp_path / "serve.log")
    url = server.url
    _refused(cardtable("table", "new", url, "--game", "poker"), "invalid choice", "poker")
    _refused(cardtable("table", "new", url, "--game", "king", "--players", "9"), "players")
    _refused(cardtable("table", "new", url, "--game", "king", "--option", "colour=red"),
             "colour")
    _refused(cardtable("table", "new", url, "--game", "clubs", "--option", "target"),
             "key=value")
    _refused(cardtable("table", "new", url, "--game", "clubs", "--option", "target=many"),
             "target")
    _refused(cardtable("join", url, "NOPE-NOPE", "--level", "easy"), "no table")
    _refused(cardtable("join", url, "NOPE-NOPE", "--level", "genius"), "invalid choice")
    _refused(cardtable("join", "http://127.0.0.1:1", "NOPE-NOPE", "--level", "easy"),
             "cannot reach")
    assert not list(server.data.glob("*.table.json")), "no table was made"
    # the server still serves after all that
    made_table = cardtable("table", "new", url, "--game", "king")
    assert made_table.returncode == 0, made_table.stderr
    _refused(cardtable("serve", "--host", "127.0.0.1", "--port", str(server.port),
                       "--data", str(tmp_path / "other")), "cannot listen")


def test_nobody_listening(tmp_path: Path) -> None:
    url = f"ws://127.0.0.1:{free_port()}"  # nothing listens there
    _refused(cardtable("table", "new", url, "--game", "king"), "cannot reach")
    _refused(cardtable("join", url, "ABCD-EFGH", "--level", "easy"), "cannot reach")


def test_not_a_table_server(tmp_path: Path) -> None:
    """A URL that is no WebSocket address, or a port where something else answers."""
    for command in (["table", "new", "nonsense", "--game", "king"],
                    ["join", "nonsense", "ABCD-EFGH", "--level", "easy"]):
        _refused(cardtable(*command), "cannot reach", "nonsense")
    with socket.socket() as other:  # answers every connection with a line of text
        other.bind(("127.0.0.1", 0))
        other.listen()
        url = f"ws://127.0.0.1:{other.getsockname()[1]}"
        stop = threading.Event()

        def answer() -> None:
            other.settimeout(0.2)
            while not stop.is_set():
                try:
                    conn, _ = other.accept()
                except TimeoutError:
                    continue
                with conn:
                    conn.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")

        thread = threading.Thread(target=answer, daemon=True)
        thread.start()
        try:
            _refused(cardtable("table", "new", url, "--game", "king"), "cannot reach")
            _refused(cardtable("join", url, "ABCD-EFGH", "--level", "easy"), "cannot reach")
        finally:
            stop.set()
            thread.join(10)
