"""The desktop program's connection to a table server, on a thread of its own.

The table never waits for the network: a :class:`NetLink` runs the asyncio client
(:class:`cardtable.net.client.TableClient`) on its own thread and hands every message
to the GUI thread as a Qt signal.  A connection that drops is tried again, with a
growing pause, and the seat is asked back by its token — a Wi-Fi hiccup or a laptop
lid costs a few seconds, not the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.net.client import UNCHECKED, ServerRefused, TableClient, WrongServer
from cardtable.net.protocol import ProtocolError

RETRY_PAUSES = (1.0, 2.0, 4.0, 8.0, 10.0)
"""Seconds between tries to reconnect (the last one repeats)."""


class NetLink(QObject):
    """One seat's connection: connect, join (or come back), then messages both ways."""

    received = Signal(object)
    """A message from the server (a dict with ``type``)."""
    joined = Signal(object)
    """The ``joined`` answer: our seat and its token."""
    connectionChanged = Signal(bool, str)
    """(connected, why not in plain English): the connection came or went."""
    refused = Signal(str, str)
    """(code, message): the server refused to seat us; the link has stopped."""

    def __init__(self, url: str, code: str, name: str, *, fingerprint: str | None = None,
                 create: dict[str, Any] | None = None, seat: int | None = None,
                 token: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.url, self.code, self.name = url, code, name
        self.fingerprint = fingerprint
        self.create = create
        """A table to make before joining it (hosting): the ``create`` fields."""
        self.seat, self.token = seat, token
        self.host_token: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: TableClient | None = None
        self._stop: asyncio.Event | None = None
        self._sending: set[asyncio.Future[None]] = set()
        self._typed = fingerprint == UNCHECKED
        """An address typed by hand: a table hosted at home speaks TLS, ``serve``
        without a certificate does not; both are tried until one answers."""
        self._found = False
        self._thread = threading.Thread(target=self._run, name="table-link", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def send(self, kind: str, **fields: Any) -> None:
        """Send a message (dropped while the connection is down: the server's next
        update shows where the table is)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._send_now, kind, fields)

    def _send_now(self, kind: str, fields: dict[str, Any]) -> None:
        client = self._client
        if client is not None:
            task = asyncio.ensure_future(self._quietly(client.send(kind, **fields)))
            self._sending.add(task)  # held until sent (the loop keeps only weak ones)
            task.add_done_callback(self._sending.discard)

    @staticmethod
    async def _quietly(job: Any) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await job

    def close(self) -> None:
        """Leave: the connection is closed (the seat stays ours on the server)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout=3)

    def _other_scheme(self) -> None:
        if self.url.startswith("wss://"):
            self.url, self.fingerprint = "ws://" + self.url[len("wss://"):], None
        elif self.url.startswith("ws://"):
            self.url, self.fingerprint = "wss://" + self.url[len("ws://"):], UNCHECKED

    # --- the link's own thread --------------------------------------------------------

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        tries = 0
        while not self._stop.is_set():
            reason = await self._session()
            if reason is None or self._stop.is_set():
                return
            self.connectionChanged.emit(False, reason)
            pause = RETRY_PAUSES[min(tries, len(RETRY_PAUSES) - 1)]
            tries += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), pause)

    async def _session(self) -> str | None:
        """One connection, until it drops (the reason) or we stop or are refused (None)."""
        assert self._stop is not None
        try:
            client = await TableClient.open(self.url, self.fingerprint)
        except WrongServer as exc:
            self.refused.emit("wrong_server", str(exc))
            return None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ProtocolError,
                ConnectionClosed) as exc:
            if self._typed and not self._found:
                self._other_scheme()
            return str(exc) or type(exc).__name__
        self._client = client
        self._found = True  # this address speaks this way: kept from now on
        try:
            if self.create is not None and self.token is None:
                created = await client.request("create", "created", **self.create)
                self.code, self.host_token = created["code"], created["host_token"]
                self.received.emit(created)
            joined = await client.join(self.code, name=self.name, seat=self.seat,
                                       token=self.token)
            self.seat, self.token = joined["seat"], joined["token"]
            self.connectionChanged.emit(True, "")
            self.joined.emit(joined)
            stop = asyncio.ensure_future(self._stop.wait())
            while True:
                message = asyncio.ensure_future(client.receive())
                done, _ = await asyncio.wait({message, stop},
                                             return_when=asyncio.FIRST_COMPLETED)
                if stop in done:
                    message.cancel()
                    await client.close()
                    return None
                self.received.emit(message.result())
        except ServerRefused as exc:
            await client.close()
            self.refused.emit(exc.code, exc.message)
            return None
        except (ConnectionClosed, OSError, TimeoutError, ProtocolError) as exc:
            return str(exc) or type(exc).__name__
        finally:
            self._client = None
