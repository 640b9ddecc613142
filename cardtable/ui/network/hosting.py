"""Hosting a table from the desktop program: the same table server as ``serve``, run on
a thread of this program — nothing else to install or start.

It listens on every network of this computer (people at home join by its home-network
address) on the usual port, or any free one if that is taken; it speaks TLS with a
certificate of its own, whose fingerprint the invitation carries (so a joining program
refuses a stranger in the middle); and it keeps its tables in the program's data
folder, so that a host who quits or crashes can host again and let everyone back in.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface

from cardtable.net.certificate import server_certificate
from cardtable.net.invitation import DEFAULT_PORT, is_loopback_or_private
from cardtable.net.server import TableServer, run_server, tls_context


class EmbeddedServer:
    """A table server on a thread of the program, until :meth:`stop`."""

    def __init__(self, data: Path, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 computer_pace: float = 0.0) -> None:
        self.data, self.host, self.port = data, host, port
        self.computer_pace = computer_pace
        """Seconds at least between steps when a computer moves: the host's own pace."""
        self.server: TableServer | None = None
        self.error: str | None = None
        self.fingerprint: str | None = None
        """The SHA-256 of the server's own certificate: the invitation carries it."""
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    def start(self, timeout: float = 10.0) -> bool:
        """Start listening; False (and :attr:`error` says why) if it cannot."""
        self._thread.start()
        self._ready.wait(timeout)
        return self.server is not None and self.error is None

    @property
    def url(self) -> str:
        """The address this program itself connects to."""
        return f"wss://127.0.0.1:{self.port}"

    def _run(self) -> None:
        for port in (self.port, 0):  # the usual port, or any free one
            try:
                asyncio.run(self._serve(port))
                return
            except OSError as exc:
                self.error = str(exc)
                if self._ready.is_set():
                    return
        self._ready.set()

    async def _serve(self, port: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        everywhere = self.host in ("0.0.0.0", "")
        public = (home_address() if everywhere else None) or (
            "127.0.0.1" if everywhere else self.host)
        cert, key, self.fingerprint = server_certificate(self.data)
        server = TableServer(self.data, public_host=public, tls=True,
                             fingerprint=self.fingerprint, computer_pace=self.computer_pace)

        def ready(bound: int) -> None:
            self.port, self.server, self.error = bound, server, None
            self._ready.set()

        await run_server(server, self.host, port, tls_context(cert, key), ready=ready,
                         stop=self._stop)

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout=5)


def home_address() -> str | None:
    """This computer's address on the home network (the first private IPv4 one)."""
    for address in QNetworkInterface.allAddresses():
        if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
            continue
        text = address.toString()
        if address.isLoopback() or address == QHostAddress.SpecialAddress.LocalHost:
            continue
        if is_loopback_or_private(text):
            return text
    return None
