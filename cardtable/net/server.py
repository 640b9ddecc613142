"""The table server: many tables, people on WebSocket connections, computers on threads.

``python -m cardtable serve`` runs it; the desktop program will embed the same server
to host on the home network.  One asyncio loop serves every connection; each message
is checked against the protocol (:mod:`cardtable.net.protocol`) before anything looks
at it, and a client that sends too much, too fast or too wrong is told so and then
disconnected — never another table disturbed.  Every table's record is kept under the
data folder as it goes, so a restarted server resumes every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import signal
import ssl
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

import cardtable
from cardtable.engine.game import IllegalAction
from cardtable.net import protocol
from cardtable.net.computers import ComputerSeats
from cardtable.net.invitation import Invitation, new_code, normal_code, same_token
from cardtable.net.journal import ROTATE_BYTES, Journal, journal_files, read_steps
from cardtable.net.protocol import ProtocolError
from cardtable.net.store import TableStore
from cardtable.net.table import NetTable, TableError

log = logging.getLogger("cardtable.server")

RATE = 20.0
"""Messages a second a connection may send on average (a person sends one a second at
most; a computer client a few)."""
BURST = 40.0
BAD_MESSAGES = 10
"""Malformed messages a connection may send before it is disconnected."""
FAILED_JOINS = 5
"""Wrong codes or tokens a connection may try before it is disconnected."""
ADDRESS_FAILURES = 30
"""Wrong codes or tokens from one address in ``FAILURE_WINDOW`` seconds, after which the
address's joins are refused for that long: guessing a token is hopeless anyway (192
bits), guessing a table's code is made slow."""
FAILURE_WINDOW = 60.0
WRITE_BACKLOG = 4 * 1024 * 1024
"""Bytes waiting to go to one client before it is deemed gone (it stopped reading)."""
IDLE_TABLE = 30 * 60.0
"""A finished or abandoned table leaves memory after this long with nobody at it (it
stays on the disk)."""


@dataclass
class Connection:
    """One client's connection, as the tables see it (``send``, ``close``)."""

    ws: ServerConnection
    address: str
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    bad: int = 0
    failed_joins: int = 0
    table: NetTable | None = None
    seat: int | None = None
    hello: bool = False

    def send(self, frame: str) -> None:
        broadcast([self.ws], frame)
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > WRITE_BACKLOG:
            self.close("you are not reading what the table sends")

    def close(self, reason: str) -> None:
        asyncio.get_running_loop().create_task(self.ws.close(1008, reason[:120]))

    def refund(self) -> None:
        self.tokens = min(BURST, self.tokens + 1)

    def allow(self) -> bool:
        """A token bucket: whether one more message is within the rate."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableServer:
    """Every table of one server process, and what each connection may do."""

    def __init__(self, data: Path | None, *, threads: int = 2, public_host: str = "",
                 port: int = 0, tls: bool = False, fingerprint: str | None = None,
                 deal_pause: float | None = None, public_port: int | None = None,
                 trusted_proxies: Iterable[str] = (), computer_pace: float = 0.0) -> None:
        self.store = TableStore(data) if data is not None else None
        self.computers = ComputerSeats(threads)
        self.tables: dict[str, NetTable] = {}
        self.public_host = public_host
        self.public_port = public_port
        """The port players use when it is not the one listened on (behind a proxy)."""
        self.port = port
        self.tls = tls
        self.fingerprint = fingerprint
        self.deal_pause = deal_pause
        self.computer_pace = computer_pace
        """Seconds at least between steps when a computer moves and a person watches
        (see :data:`cardtable.net.table.COMPUTER_PACE`)."""
        self._failures: dict[str, list[float]] = {}
        self.trusted_proxies = frozenset(trusted_proxies)
        """Addresses of proxies in front of the server: a connection from one of them is
        known by the address its ``X-Forwarded-For`` ends with (see :func:`peer_address`)."""
        self.journal: Journal | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._rotating = False
        self.connections = 0
        self.messages = 0

    # --- tables -----------------------------------------------------------------------

    def resume_tables(self) -> int:
        """Bring back every table kept on the disk; how many."""
        if self.store is None:
            return 0
        journaled: dict[str, list[dict[str, Any]]] = {}
        for entry in read_steps(self.store.folder):
            journaled.setdefault(str(entry.get("table")), []).append(entry)
        for code, data, record in self.store.tables():
            steps = journaled.get(code, [])
            start = next((e["start"] for e in steps if "start" in e), None)
            if not data.get("started") and start is not None:
                data, record = {**data, "started": True}, start  # begun just before a crash
            try:
                table = NetTable.from_file(data, record, computers=self.computers,
                                           save=self._save)
            except ValueError as exc:
                log.warning("table=%s not resumed: %s", code, exc)
                continue
            table.durable = self._durable
            _replay(table, steps)
            self._set_pauses(table)
            if table.session is not None and table.session.is_over:
                continue
            self.tables[table.code] = table
            table.resume()
            log.info("table=%s resumed", table.code)
        return len(self.tables)

    def keep_everything(self) -> None:
        """At start, after resuming: every table's record written whole, then the
        journals it came from removed (kept if a write failed)."""
        store = self.store
        if store is None:
            return
        failures = store.failures
        for table in self.tables.values():
            self._save(table)
        store.flush()
        if store.failures == failures:
            for _, path in journal_files(store.folder):
                path.unlink(missing_ok=True)

    def open_journal(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.store is not None:
            self.journal = Journal(self.store.folder, loop)
            self._loop = loop

    def _durable(self, table: NetTable, step: dict[str, Any] | None,
                 then: Callable[[], None]) -> None:
        """A step on the disk (the journal, synced in batches), then the seats told."""
        journal = self.journal
        if journal is None:
            then()
            return
        journal.append(None if step is None else {"table": table.code, **step}, then)
        if journal.size > ROTATE_BYTES and not self._rotating:
            self._rotate(journal)

    def _rotate(self, journal: Journal) -> None:
        """A new journal; the old one goes once every record holds its steps."""
        store, loop = self.store, self._loop
        if store is None or loop is None:
            return
        self._rotating = True
        old = journal.rotate()
        for table in self.tables.values():
            if table.session is not None:
                self._save(table)

        def written(ok: bool) -> None:
            loop.call_soon_threadsafe(self._rotated, old, ok)

        store.barrier(written)

    def _rotated(self, old: Path, ok: bool) -> None:
        self._rotating = False
        if ok:
            old.unlink(missing_ok=True)
        else:
            log.error("the journal %s is kept: a record could not be written", old.name)

    def _set_pauses(self, table: NetTable) -> None:
        if self.deal_pause is not None:
            table.deal_pause = self.deal_pause
        table.computer_pace = self.computer_pace

    def _save(self, table: NetTable) -> None:
        if self.store is not None:
            text = table.session.record_text() if table.session is not None else None
            self.store.save(table.code, text, table.to_file())

    def invitation(self, code: str) -> Invitation:
        host = self.public_host if self.public_host not in ("", "0.0.0.0", "::") \
            else "127.0.0.1"
        return Invitation(host, self.public_port or self.port, code, self.tls,
                          self.fingerprint)

    def create(self, request: dict[str, Any]) -> NetTable:
        code = new_code()
        while code in self.tables or (self.store is not None
                                      and self.store.table_path(code).exists()):
            code = new_code()
        table = NetTable.plan(code, request, computers=self.computers, save=self._save)
        table.durable = self._durable
        self._set_pauses(table)
        self.tables[code] = table
        log.info("table=%s created game=%s seats=%s", code, table.game,
                 ",".join(s.kind for s in table.seats))
        self._save(table)
        if table.start_rule == "full" and all(s.kind != "open" for s in table.seats):
            table.start()  # computers only: nobody to wait for
        return table

    def sweep(self) -> None:
        """Let go of tables nobody has been at for a long time (kept on the disk)."""
        now = time.monotonic()
        for code, table in list(self.tables.items()):
            if not table.clients() and now - table.last_activity > IDLE_TABLE:
                table.close()
                del self.tables[code]
                log.info("table=%s left memory", code)

    # --- connections ------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, peer_address(ws, self.trusted_proxies))
        self.connections += 1
        try:
            conn.send(protocol.encode("welcome", protocol=protocol.PROTOCOL,
                                      server=f"cardtable {cardtable.__version__}"))
            async for frame in ws:
                self.messages += 1
                if not conn.allow():
                    self._error(conn, "too_fast", "too many messages: slow down")
                    conn.bad += 1
                else:
                    self._receive(conn, frame)
                if conn.bad >= BAD_MESSAGES or conn.failed_joins >= FAILED_JOINS:
                    await ws.close(1008, "too many refused messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            if conn.table is not None:
                conn.table.leave(conn)

    def _error(self, conn: Connection, code: str, message: str) -> None:
        conn.send(protocol.encode("error", code=code, message=message))

    def _receive(self, conn: Connection, frame: str | bytes) -> None:
        try:
            kind, fields = protocol.read_client_message(frame)
            if kind != "hello" and not conn.hello:
                raise ProtocolError("hello_first", "say hello first")
            self._dispatch(conn, kind, fields)
        except ProtocolError as exc:
            conn.bad += 1
            self._error(conn, exc.code, exc.message)
        except TableError as exc:
            self._error(conn, exc.code, exc.message)
        except Exception:  # a bug of ours must cost one message, never the server
            log.exception("table=%s a message could not be handled",
                          conn.table.code if conn.table else "-")
            self._error(conn, "server_fault", "the server could not handle that message")

    def _dispatch(self, conn: Connection, kind: str, fields: dict[str, Any]) -> None:
        if kind == "hello":
            if fields["protocol"] != protocol.PROTOCOL:
                raise ProtocolError("protocol", f"this server speaks protocol "
                                                f"{protocol.PROTOCOL}; update the program")
            conn.hello = True
        elif kind == "ping":
            conn.send(protocol.encode("pong"))
        elif kind == "create":
            if conn.table is not None:
                raise TableError("seated", "you are already at a table")
            made = self.create(fields)
            conn.send(protocol.encode("created", code=made.code, host_token=made.host_token,
                                      invitation=self.invitation(made.code).link))
        elif kind == "join":
            self._join(conn, fields)
        elif kind == "start":
            self._start(conn, fields)
        else:
            table, seat = conn.table, conn.seat
            if table is None or seat is None:
                raise TableError("not_seated", "join a table first")
            if kind == "act":
                table.act(seat, fields["action"], fields.get("step"))
                conn.refund()  # an accepted move is paced by the game itself
            elif kind == "next":
                table.ready(seat)
            elif kind == "chat":
                table.chat(seat, fields["text"])

    def _start(self, conn: Connection, fields: dict[str, Any]) -> None:
        code = normal_code(fields["code"])
        table = self.tables.get(code) if code else None
        if table is None or not same_token(fields["host_token"], table.host_token):
            conn.failed_joins += 1
            raise TableError("not_host", "only the table's host may start the game")
        table.start()

    def _join(self, conn: Connection, fields: dict[str, Any]) -> None:
        if conn.table is not None:
            raise TableError("seated", "you are already at a table")
        now = time.monotonic()
        recent = [t for t in self._failures.get(conn.address, []) if now - t < FAILURE_WINDOW]
        self._failures[conn.address] = recent
        if len(recent) >= ADDRESS_FAILURES:
            raise TableError("slow_down", "too many wrong codes from your address; wait a "
                                          "minute")
        code = normal_code(fields["code"])
        table: NetTable | None = self.tables.get(code) if code else None
        try:
            if table is None:
                raise TableError("no_table", "there is no table with that code here")
            seat, token = table.join(conn, fields.get("name"), fields.get("seat"),
                                     fields.get("token"))
        except TableError as exc:
            if exc.code in ("no_table", "bad_token"):
                conn.failed_joins += 1
                recent.append(now)
            raise
        conn.table, conn.seat = table, seat
        conn.send(protocol.encode("joined", code=table.code, seat=seat, token=token,
                                  game=table.game, options=table.options))
        table.welcome_back(conn, seat)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        if self.store is not None:
            self.store.close()
        if self.journal is not None:
            self.journal.close()
        self.computers.close()


def _collect_rarely() -> None:
    """A server holds many long-lived objects (every table's match and views): Python's
    full collections, each a walk over all of them, paused it for hundreds of
    milliseconds at a thousand tables.  What exists at start is set aside for good, and
    the older generations are collected far less often (reference counting frees
    almost everything; the cycles left are few)."""
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, 50_000), max(middle, 50), max(old, 100))


def _replay(table: NetTable, steps: list[dict[str, Any]]) -> None:
    """Take the journal's steps the table's record does not hold yet."""
    session = table.session
    if session is None:
        return
    for entry in steps:
        if "start" in entry:
            continue
        try:
            session.take_step({key: value for key, value in entry.items() if key != "table"})
        except (ValueError, IllegalAction) as exc:
            log.error("table=%s journal step %s not taken: %s", table.code,
                      entry.get("step"), exc)
            return


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def peer_address(ws: ServerConnection, trusted_proxies: frozenset[str]) -> str:
    """Who a connection is, for the limits kept per address: its own address, or —
    when it comes from a trusted proxy — the last address of ``X-Forwarded-For``, the
    one that proxy saw (the earlier ones are the client's own word and prove nothing).
    Behind a proxy every player would otherwise share the proxy's address, and one
    person's wrong codes would lock everyone out."""
    address = str(ws.remote_address[0]) if ws.remote_address else "?"
    if address not in trusted_proxies or ws.request is None:
        return address
    forwarded = ws.request.headers.get_all("X-Forwarded-For")
    last = forwarded[-1].rsplit(",", 1)[-1].strip() if forwarded else ""
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return address  # no usable header: the proxy itself


async def run_server(server: TableServer, host: str, port: int,
                     context: ssl.SSLContext | None = None,
                     ready: Callable[[int], Awaitable[None] | None] | None = None,
                     stop: asyncio.Event | None = None, own_process: bool = False) -> None:
    """Serve until ``stop`` is set (or forever); ``ready`` is told the port listened on;
    ``own_process``: the process is the server's alone (``serve``, the benchmark): its
    collector is tuned for a server; the desktop program hosting a table keeps its own.
    Stopped any way (Ctrl-C cancels it), it closes every table and writes its store."""
    resumed = server.resume_tables()
    server.keep_everything()  # before any task runs: the tables wait a moment
    if own_process:
        _collect_rarely()
        stop = _stopped_at_interrupt(stop)
    server.open_journal(asyncio.get_running_loop())
    async with _closed_after(server), serve(server.handle, host, port, ssl=context,
                     max_size=protocol.MAX_CLIENT_MESSAGE, max_queue=8,
                     compression=None, ping_interval=20, ping_timeout=40,
                     close_timeout=2) as ws_server:
        sockets = list(ws_server.sockets)
        server.port = sockets[0].getsockname()[1] if sockets else port
        log.info("listening on %s://%s:%d (%d tables resumed)",
                 "wss" if context else "ws", host, server.port, resumed)
        if ready is not None:
            result = ready(server.port)
            if result is not None:
                await result
        sweeper = asyncio.get_running_loop().create_task(_sweep(server))
        try:
            if stop is None:
                await asyncio.Future()
            else:
                await stop.wait()
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper


def _stopped_at_interrupt(stop: asyncio.Event | None) -> asyncio.Event | None:
    """The server in a process of its own stops at SIGINT, its stop signal (Ctrl-C,
    ``kill -INT``, the container's ``STOPSIGNAL``), and closes its tables — even when
    it was started with SIGINT ignored, as a shell script's background job is: Python
    then leaves the signal ignored, and ``kill -INT`` did nothing at all.  A second
    SIGINT while the tables close ends it at once, as before.  (Windows: asyncio's own
    Ctrl-C handling.)"""
    if sys.platform == "win32":
        return stop
    stopping = asyncio.Event() if stop is None else stop

    def interrupted() -> None:
        if stopping.is_set():
            raise KeyboardInterrupt  # a second time: stop waiting for the tables
        log.info("stopping: closing the tables")
        stopping.set()

    asyncio.get_running_loop().add_signal_handler(signal.SIGINT, interrupted)
    return stopping


@contextlib.asynccontextmanager
async def _closed_after(server: TableServer) -> AsyncIterator[None]:
    try:
        yield
    finally:
        server.close()


async def _sweep(server: TableServer) -> None:
    while True:
        await asyncio.sleep(60)
        server.sweep()
