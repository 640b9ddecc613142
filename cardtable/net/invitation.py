"""Table codes, seat tokens and invitations.

A table's code is what people say to each other ("K7QX-M2PD"): eight characters of an
alphabet without look-alikes, 40 bits drawn from the system's randomness.  A seat's
token is the secret that proves a seat is yours when you come back: 192 bits, compared
in constant time.  An invitation carries the address, the code and, on the home
network, the fingerprint of the server's certificate, as one ``cardtable://`` link::

    cardtable://192.168.1.20:8765/K7QX-M2PD?tls=1&fp=3f…a9

The link is only read by this program (pasted into Join a table); nothing is
registered with the system.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

from cardtable.net.protocol import CODE_ALPHABET, CODE_LENGTH

SCHEME = "cardtable"
DEFAULT_PORT = 8765


def new_code() -> str:
    """A fresh table code, e.g. ``K7QX-M2PD``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(text: str) -> str | None:
    """``text`` as a code in its usual form (case, spaces and dashes forgiven), or
    ``None`` if it is not one."""
    raw = "".join(ch for ch in text.upper() if ch not in " -")
    if len(raw) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in raw):
        return None
    return f"{raw[:4]}-{raw[4:]}"


def new_token() -> str:
    """A seat's secret: 192 bits, URL-safe text."""
    return secrets.token_urlsafe(24)


def same_token(given: str, kept: str) -> bool:
    """Whether ``given`` is the token ``kept``, in time that does not depend on how
    much of it matches."""
    return hmac.compare_digest(given.encode(), kept.encode())


@dataclass(frozen=True)
class Invitation:
    """Where a table is and how to check it is the right server."""

    host: str
    port: int
    code: str
    tls: bool = False
    fingerprint: str | None = None
    """The SHA-256 of the server's certificate, hex: a home-network server's
    certificate is its own, so the joining program checks this instead of a CA."""

    @property
    def url(self) -> str:
        """The server's WebSocket address."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"

    @property
    def link(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        query = []
        if self.tls:
            query.append("tls=1")
        if self.fingerprint:
            query.append(f"fp={self.fingerprint}")
        tail = f"?{'&'.join(query)}" if query else ""
        return f"{SCHEME}://{host}:{self.port}/{quote(self.code)}{tail}"


def read_link(text: str) -> Invitation:
    """An invitation from a ``cardtable://`` link; ``ValueError`` saying what is wrong."""
    text = text.strip()
    parts = urlsplit(text)
    if parts.scheme != SCHEME or not parts.hostname:
        raise ValueError("not a CardTable invitation (it starts with cardtable://)")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError("the invitation's port is not a number from 1 to 65535") from None
    code = normal_code(parts.path.strip("/"))
    if code is None:
        raise ValueError("the invitation has no table code")
    query = parse_qs(parts.query)
    tls = query.get("tls", ["0"])[0] == "1"
    fingerprint = query.get("fp", [None])[0]
    if fingerprint is not None:
        fingerprint = fingerprint.lower().replace(":", "")
        if len(fingerprint) != 64 or any(ch not in "0123456789abcdef" for ch in fingerprint):
            raise ValueError("the invitation's certificate fingerprint is malformed")
        tls = True
    return Invitation(parts.hostname, port, code, tls, fingerprint)


def read_address(text: str) -> tuple[str, int, bool]:
    """A server address as typed (``host``, ``host:port``, ``ws://…``, ``wss://…``) as
    (host, port, tls); ``ValueError`` if it is not one."""
    text = text.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError("an address is a host name or number, with :port if not "
                         f"{DEFAULT_PORT}")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError("the port must be a number from 1 to 65535") from None
    return parts.hostname, port, parts.scheme == "wss"


def is_loopback_or_private(host: str) -> bool:
    """Whether ``host`` is this machine or the home network (where a self-made
    certificate, checked by fingerprint, is the way to speak TLS)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host == "localhost" or host.endswith(".local")
    return address.is_loopback or address.is_private or address.is_link_local
