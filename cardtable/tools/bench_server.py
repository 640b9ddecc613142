"""``python -m cardtable bench server``: how many tables one server process holds.

N tables of Кинг for four play on loopback against one table server
(:func:`cardtable.net.server.run_server` in a process of its own, logging warnings only,
as ``serve --quiet``, keeping every table's record on the disk as it does).  Each seat
is a network computer player (``random`` or ``easy``) on a WebSocket connection of its
own, as a person's program would be; the clients run in two other processes, asyncio,
many connections each.  A client waits ``--think`` seconds (±50 %, so the tables do not
move in step) before it acts: N tables then model N tables of people at that pace.

Measured over ``--seconds`` once every table is seated:

* *tables held* — tables still playing at the end (four connections open, an update
  within the last few think times);
* *actions a second* — actions sent in the window whose update reached all four seats;
* *latency* — from the moment the acting client sends its action to the moment the
  last of its table's four seats has the update for that step;
* *memory a table* — the server process's resident memory (RSS, Linux) at the end of
  the window less what it was listening with no table, divided by the tables.

The clients share the machine's cores with the server, so the latency includes their
own delays: an upper bound of what a server on a machine of its own would show.  A
game that ends is replaced by a new table, so the number of tables stays N.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import random
import resource
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

GAME = "king"
PLAYERS = 4
CLIENT_PROCESSES = 2
SEATING_AT_ONCE = 16
"""Tables being made and joined at once in one client process (a burst of thousands
of connections at once would only overflow the listening socket's queue)."""
QUIET_FOR = 60.0
"""Seconds a seat may hear nothing before its table counts as stalled."""
MAX_TABLES = 20_000
FILES_A_TABLE = PLAYERS + 2
"""Open files a table needs in the server (its connections, a record being written)."""


@dataclass
class _Table:
    """One table as its four clients in one process see it."""

    pending: dict[int, list[float]] = field(default_factory=dict)
    """The step of an update awaited → [when the action was sent, seats still to have it]."""
    last_update: float = 0.0
    open: bool = False
    over: bool = False


@dataclass
class _Slot:
    """One of the N tables kept playing: the table at it now (a new one when a game
    ends)."""

    table: _Table | None = None
    gone: bool = False
    """It stopped: a seat's connection failed, or a new table could not be seated."""

    def held(self, now: float, recent: float) -> bool:
        """Playing, with an update within ``recent`` seconds, or between two games."""
        table = self.table
        return not self.gone and table is not None and (
            table.over or (table.open and now - table.last_update <= recent))


@dataclass
class _Figures:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)
    """Seconds from an action sent in the window to its update at the last seat."""
    sent: int = 0
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    window: tuple[float, float] = (math.inf, math.inf)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


# --- the clients -----------------------------------------------------------------------


async def _seat_loop(ws: Any, table: _Table, seat: int, level: str, think: float,
                     rng: random.Random, figures: _Figures) -> None:
    """Play one seat from its updates until the game is over."""
    from cardtable.engine.actions import action_to_json
    from cardtable.net import protocol

    acted = -1
    player = None
    if level != "random":
        from cardtable.ai import make_player

        player = make_player(GAME, level)
    while True:
        async with asyncio.timeout(QUIET_FOR):  # (wait_for may lose a cancellation)
            frame = await ws.recv()
        now = time.monotonic()
        message = json.loads(frame)
        kind = message.get("type")
        if kind == "error":
            figures.error(f"server said {message.get('code')}")
            continue
        if kind != "update":
            continue
        step = message["step"]
        table.last_update = now
        entry = table.pending.get(step)
        if entry is not None:
            entry[1] -= 1
            if entry[1] == 0:
                del table.pending[step]
                start, end = figures.window
                if start <= entry[0] <= end:
                    figures.latencies.append(now - entry[0])
        view, events = message["view"], message["events"]
        if view["phase"] == "over" or any(e["type"] == "game_over" for e in events):
            table.over = True
            return
        if any(e["type"] == "deal_ended" for e in events):
            await ws.send(protocol.encode("next"))
        if view["to_move"] == seat and view["legal"] and step != acted:
            acted = step
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if player is None:
                action = rng.choice(view["legal"])
            else:
                from cardtable.net.codec import view_from_json

                decoded = view_from_json(view)
                action = action_to_json(player.choose(decoded, decoded.legal, rng))
            sent = time.monotonic()
            table.pending[step + 1] = [sent, float(PLAYERS)]
            start, end = figures.window
            if start <= sent <= end:
                figures.sent += 1
            await ws.send(protocol.encode("act", action=action, step=step))


async def _seat_table(url: str) -> tuple[_Table, list[Any]]:
    """A new table of four open seats, every seat joined by a connection of its own."""
    from cardtable.net.client import TableClient

    first = await TableClient.open(url)
    clients = [first]
    try:
        made = await first.create(GAME, [{"kind": "open"}] * PLAYERS, {})
        clients += await asyncio.gather(*(TableClient.open(url) for _ in range(PLAYERS - 1)))
        for i, client in enumerate(clients):  # whatever came before "joined" is told
            await client.join(made["code"], name=f"Bench {i + 1}")  # again after it
    except BaseException:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        raise
    return _Table(open=True, last_update=time.monotonic()), clients


async def _run_table(url: str, level: str, think: float, rng: random.Random,
                     figures: _Figures, seating: asyncio.Semaphore,
                     seated: asyncio.Queue[_Slot | None]) -> None:
    """Keep one table playing: seat it, play it, and seat a new one when a game ends."""
    first = True
    slot = _Slot()
    while True:
        try:
            async with seating:
                table, clients = await _seat_table(url)
        except Exception as exc:  # reported, and the table counts as not seated
            figures.error(f"could not seat a table: {type(exc).__name__}: {exc}")
            slot.gone = True
            if first:
                seated.put_nowait(None)
            return
        slot.table = table
        if first:
            seated.put_nowait(slot)
            first = False
        try:
            plays = [_seat_loop(c.ws, table, seat, level, think, rng, figures)
                     for seat, c in enumerate(clients)]
            results = await asyncio.gather(*plays, return_exceptions=True)
            for result in results:
                if isinstance(result, asyncio.CancelledError):
                    raise result
                if isinstance(result, BaseException):
                    figures.error(f"a seat stopped: {type(result).__name__}")
        finally:
            table.open = False
            await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        if not table.over:
            slot.gone = True
            return
        figures.games += 1


async def _clients(conn: Connection, port: int, tables: int, level: str, think: float,
                   seed: int, setup_time: float) -> None:
    url = f"ws://127.0.0.1:{port}"
    figures = _Figures()
    seating = asyncio.Semaphore(SEATING_AT_ONCE)
    seated: asyncio.Queue[_Slot | None] = asyncio.Queue()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(_run_table(url, level, think, random.Random(rng.random()),
                                            figures, seating, seated))
             for _ in range(tables)]
    held: list[_Slot] = []
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(setup_time):
            for _ in range(tables):
                slot = await seated.get()
                if slot is not None:
                    held.append(slot)
    conn.send(("seated", len(held), dict(figures.errors)))
    message = await asyncio.to_thread(conn.recv)
    start, end = message[1], message[2]
    figures.window = (start, end)
    await asyncio.sleep(max(0.0, end - time.monotonic()))
    now = time.monotonic()
    recent = max(5.0, 3 * think * 1.5)
    playing = sum(1 for slot in held if slot.held(now, recent))
    for task in tasks:
        task.cancel()
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(30):
            await asyncio.gather(*tasks, return_exceptions=True)
    conn.send(("done", {"held": playing, "seated": len(held), "latencies": figures.latencies,
                        "sent": figures.sent, "games": figures.games,
                        "errors": figures.errors}))


def _client_process(conn: Connection, port: int, tables: int, level: str, think: float,
                    seed: int, setup_time: float) -> None:
    """A process of clients (started by :func:`main`, spawned)."""
    raise_file_limit(tables * PLAYERS + 64)
    asyncio.run(_clients(conn, port, tables, level, think, seed, setup_time))


# --- the server ------------------------------------------------------------------------


def _server_process(conn: Connection, data: str, profile: str | None) -> None:
    """The table server's process: tells the port, serves until told to stop, then
    tells what it saw."""
    import cProfile

    from cardtable.net.server import TableServer, run_server

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s",
                        stream=sys.stderr)
    raise_file_limit(1 << 20)
    server = TableServer(Path(data), threads=2)

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()

        def wait_for_stop() -> None:
            with contextlib.suppress(EOFError, OSError):
                conn.recv()
            loop.call_soon_threadsafe(stop.set)

        threading.Thread(target=wait_for_stop, daemon=True).start()
        await run_server(server, "127.0.0.1", 0, ready=conn.send, stop=stop, own_process=True)

    profiler = cProfile.Profile() if profile else None
    if profiler is not None:
        profiler.enable()
    asyncio.run(serve())
    if profiler is not None and profile:
        profiler.disable()
        profiler.dump_stats(profile)
    with contextlib.suppress(OSError):
        conn.send({"tables": len(server.tables), "messages": server.messages,
                   "write_failures": server.store.failures if server.store else 0})


def rss(pid: int) -> int | None:
    """A process's resident memory in bytes (Linux), or None."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def cpu_seconds(pid: int) -> float | None:
    """A process's processor time so far, user and system (Linux), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def raise_file_limit(needed: int) -> int:
    """Raise this process's open-file limit towards ``needed`` (never past the hard
    limit); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if want > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# --- the run ---------------------------------------------------------------------------


def _receive(conn: Connection, timeout: float, what: str) -> Any:
    if not conn.poll(timeout):
        raise TimeoutError(f"no word from {what} in {timeout:.0f} s")
    return conn.recv()


def _load() -> float | None:
    """The machine's load average over the last minute (other work sharing the cores)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def measure(tables: int, seconds: float, level: str, think: float, seed: int,
            data: Path | None = None, profile: str | None = None) -> dict[str, Any]:
    """Run the benchmark; its figures (see the module's notes).  Bounded in time: every
    wait has a limit, and whatever process is still alive at the end is stopped."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    load_before = _load()
    limit = raise_file_limit(tables * PLAYERS + 64)
    setup_time = 30.0 + 0.1 * tables
    processes = []
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as folder:
        where = data if data is not None else Path(folder)
        to_server, server_end = context.Pipe()
        server = context.Process(target=_server_process, args=(server_end, str(where), profile),
                                 name="bench-server", daemon=True)
        processes.append(server)
        try:
            server.start()
            port = _receive(to_server, 60, "the server")
            base = rss(server.pid) if server.pid else None
            shares = [tables // CLIENT_PROCESSES + (1 if i < tables % CLIENT_PROCESSES else 0)
                      for i in range(CLIENT_PROCESSES)]
            pipes = []
            for i, share in enumerate(s for s in shares if s):
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_client_process, name=f"bench-clients-{i + 1}",
                    args=(theirs, port, share, level, think, seed * 1000 + i, setup_time),
                    daemon=True)
                processes.append(process)
                process.start()
                pipes.append(mine)
            seated = 0
            errors: dict[str, int] = {}
            for pipe in pipes:
                _, count, their_errors = _receive(pipe, setup_time + 60, "a client process")
                seated += count
                for key, value in their_errors.items():
                    errors[key] = errors.get(key, 0) + value
            start = time.monotonic() + 0.1
            end = start + seconds
            for pipe in pipes:
                pipe.send(("go", start, end))
            seated_rss = rss(server.pid) if server.pid else None
            cpu_start = [cpu_seconds(p.pid) if p.pid else None for p in processes]
            peak = seated_rss
            while time.monotonic() < end:
                time.sleep(min(1.0, max(0.0, end - time.monotonic())))
                now_rss = rss(server.pid) if server.pid else None
                if now_rss is not None and (peak is None or now_rss > peak):
                    peak = now_rss
            final_rss = rss(server.pid) if server.pid else None
            cpu_end = [cpu_seconds(p.pid) if p.pid else None for p in processes]
            results = [_receive(pipe, 90, "a client process")[1] for pipe in pipes]
            to_server.send("stop")
            served = _receive(to_server, 60, "the server")
        finally:
            for process in processes:
                process.join(10 if process is server else 5)
                if process.is_alive():
                    process.terminate()
                    process.join(5)
    latencies = [x for r in results for x in r["latencies"]]
    for r in results:
        for key, value in r["errors"].items():
            errors[key] = errors.get(key, 0) + value
    busy = [None if a is None or b is None else round(100 * (b - a) / seconds, 1)
            for a, b in zip(cpu_start, cpu_end, strict=True)]
    memory = None
    if base is not None and final_rss is not None and tables:
        memory = (final_rss - base) / tables
    return {
        "tables": tables, "seated": seated, "held": sum(r["held"] for r in results),
        "game": GAME, "players": PLAYERS, "level": level, "think": think, "seed": seed,
        "seconds": seconds,
        "actions": len(latencies), "sent": sum(r["sent"] for r in results),
        "actions_per_second": len(latencies) / seconds if seconds else 0.0,
        "latency_ms": {
            "p50": _percentile(latencies, 0.50) * 1000 if latencies else None,
            "p99": _percentile(latencies, 0.99) * 1000 if latencies else None,
            "max": max(latencies) * 1000 if latencies else None,
        },
        "games_finished": sum(r["games"] for r in results),
        "server_rss_mb": {key: (value / 2**20 if value is not None else None)
                          for key, value in (("listening", base), ("seated", seated_rss),
                                             ("peak", peak), ("end", final_rss))},
        "memory_per_table_kb": memory / 1024 if memory is not None else None,
        "cpu_percent": {"server": busy[0], "clients": busy[1:]},
        "load_average": {"before": load_before, "after": _load()},
        "server_tables": served.get("tables"), "server_messages": served.get("messages"),
        "write_failures": served.get("write_failures"),
        "client_processes": len(results), "cores": os.cpu_count(), "file_limit": limit,
        "file_limit_enough": limit >= tables * FILES_A_TABLE,
        "errors": errors,
    }


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _load_text(load: dict[str, float | None] | None) -> str:
    if not load or load.get("before") is None:
        return ""
    return (f"\n  the machine's load average {load['before']:.1f} before, "
            f"{load['after']:.1f} after (other work on the same cores slows all of it)")


def report(figures: dict[str, Any]) -> str:
    think = figures["think"]
    pace = (f"each client waits {think:g} s ±50 % before it acts: a table moves about every "
            f"{think:g} s (people take a few seconds a card)" if think > 0
            else "clients act at once (no pause: as fast as the machine goes)")
    latency = figures["latency_ms"]
    memory = figures["server_rss_mb"]
    lines = [
        f"bench server: {figures['tables']} tables of {figures['players']} "
        f"({figures['game']}, level {figures['level']}, seed {figures['seed']}), "
        f"{figures['seconds']:g} s measured after every table was seated",
        f"  pace: {pace}",
        f"  one server process and {figures['client_processes']} client processes share "
        f"{figures['cores']} cores on 127.0.0.1; the server logs warnings only and keeps "
        f"every table's record on the disk{_load_text(figures.get('load_average'))}",
        f"  tables held         {figures['held']} of {figures['tables']} "
        f"({figures['seated']} seated; {figures['games_finished']} games finished and "
        f"replaced)",
        f"  actions a second    {figures['actions_per_second']:.1f} "
        f"({figures['actions']} actions of {figures['sent']} sent in the window)",
        f"  latency to all four p50 {_ms(latency['p50'])} ms, p99 {_ms(latency['p99'])} ms, "
        f"max {_ms(latency['max'])} ms",
    ]
    cpu = figures["cpu_percent"]
    if cpu["server"] is not None:
        lines.append(f"  processor           server {cpu['server']:.0f} %, clients "
                     + ", ".join(f"{c:.0f} %" for c in cpu["clients"] if c is not None)
                     + " (100 % = one core, over the window)")
    if figures["memory_per_table_kb"] is not None:
        lines.append(f"  memory a table      {figures['memory_per_table_kb']:.0f} KB (server "
                     f"RSS {memory['listening']:.0f} MB listening, {memory['end']:.0f} MB at "
                     f"the end, {memory['peak']:.0f} MB at most)")
    if not figures["file_limit_enough"]:
        lines.append(f"  the open-file limit ({figures['file_limit']}) is too low for "
                     f"{figures['tables']} tables: it stopped the run short")
    for what, count in sorted(figures["errors"].items()):
        lines.append(f"  error: {what} (×{count})")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    if not 1 <= args.tables <= MAX_TABLES or not 0 <= args.think <= 60:
        print(f"bench server: --tables 1 to {MAX_TABLES}, --think 0 to 60 seconds",
              file=sys.stderr)
        return 2
    try:
        figures = measure(args.tables, args.seconds, args.level, args.think, args.seed,
                          profile=args.profile)
    except TimeoutError as exc:
        print(f"bench server: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
    else:
        print(report(figures))
    return 0 if figures["seated"] == figures["tables"] else 1
