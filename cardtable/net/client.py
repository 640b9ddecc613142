"""A table client: one connection to a table server, spoken in the protocol.

Used by ``python -m cardtable table new`` and ``join``, by the load benchmark and the
tests, and (on a thread of its own) by the desktop program.  It checks what the server
sends as carefully as the server checks what it is sent: a view or event that does not
decode is a :class:`~cardtable.net.protocol.ProtocolError`, never a crash.

Over TLS a home-network server is known by its certificate's fingerprint (from the
invitation) instead of a certificate authority: a different certificate — someone in
the middle — is refused before a word is said.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ssl
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import cardtable
from cardtable.engine.actions import Action, action_to_json
from cardtable.net import protocol
from cardtable.net.protocol import ProtocolError


class ServerRefused(Exception):
    """The server answered a request with an error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class WrongServer(Exception):
    """The server's certificate is not the one the invitation names."""


UNCHECKED = "unchecked"
"""In place of a fingerprint: speak TLS with whatever certificate the server has (an
address typed by hand carries none to check; the connection is private, but who is at
the other end is not proven)."""


def _tls(fingerprint: str | None) -> ssl.SSLContext:
    if fingerprint is None:
        return ssl.create_default_context()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False  # the fingerprint below is the check
    context.verify_mode = ssl.CERT_NONE
    return context


class TableClient:
    """A connection to a table server.  ``await TableClient.open(url)`` connects and
    says hello; then :meth:`request` sends and waits for the answer, :meth:`receive`
    waits for whatever comes next."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None

    @classmethod
    async def open(cls, url: str, fingerprint: str | None = None,
                   timeout: float = 10.0) -> TableClient:
        context = _tls(fingerprint) if url.startswith("wss://") else None
        ws = await asyncio.wait_for(
            connect(url, ssl=context, max_size=protocol.MAX_SERVER_MESSAGE, compression=None,
                    open_timeout=timeout), timeout)
        if fingerprint is not None and fingerprint != UNCHECKED:
            ssl_object = ws.transport.get_extra_info("ssl_object") if ws.transport else None
            der = ssl_object.getpeercert(binary_form=True) if ssl_object else None
            if der is None or hashlib.sha256(der).hexdigest() != fingerprint.lower():
                await ws.close()
                raise WrongServer("the server's certificate is not the one in the invitation")
        client = cls(ws)
        welcome = await client.receive(timeout)
        if welcome["type"] != "welcome":
            raise ProtocolError("bad_message", "the server did not say welcome")
        await client.send("hello", protocol=protocol.PROTOCOL,
                          client=f"cardtable {cardtable.__version__}")
        return client

    async def send(self, kind: str, **fields: Any) -> None:
        await self.ws.send(protocol.encode(kind, **fields))

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (``ConnectionClosed`` when the server has gone)."""
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        return protocol.read_server_message(frame)

    async def request(self, kind: str, answer: str, timeout: float = 10.0,
                      **fields: Any) -> dict[str, Any]:
        """Send a message and wait for ``answer`` (other messages before it are
        dropped); an ``error`` instead is :class:`ServerRefused`."""
        await self.send(kind, **fields)
        while True:
            message = await self.receive(timeout)
            if message["type"] == answer:
                return message
            if message["type"] == "error":
                raise ServerRefused(str(message.get("code")), str(message.get("message")))

    async def create(self, game: str, seats: list[dict[str, Any]],
                     options: dict[str, Any] | None = None, **rules: Any) -> dict[str, Any]:
        return await self.request("create", "created", game=game, seats=seats,
                                  options=options or {}, **rules)

    async def join(self, code: str, name: str | None = None, seat: int | None = None,
                   token: str | None = None) -> dict[str, Any]:
        fields: dict[str, Any] = {"code": code}
        for key, value in (("name", name), ("seat", seat), ("token", token)):
            if value is not None:
                fields[key] = value
        joined = await self.request("join", "joined", **fields)
        self.code, self.seat, self.token = joined["code"], joined["seat"], joined["token"]
        return joined

    async def act(self, action: Action, step: int | None = None) -> None:
        fields: dict[str, Any] = {"action": action_to_json(action)}
        if step is not None:
            fields["step"] = step
        await self.send("act", **fields)

    async def close(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close()
