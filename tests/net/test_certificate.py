"""The home-network server's own certificate: accepted by TLS, pinned by fingerprint."""

from __future__ import annotations

import asyncio
import hashlib
import os
import ssl
from pathlib import Path

import pytest

from cardtable.net import certificate
from cardtable.net.client import TableClient, WrongServer
from cardtable.net.server import TableServer, run_server, tls_context


def test_the_certificate_is_made_once_and_loads_into_tls(tmp_path: Path) -> None:
    cert, key, fingerprint = certificate.server_certificate(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)  # the key matches the certificate
    der = certificate.pem_body(cert.read_text("ascii"))
    assert hashlib.sha256(der).hexdigest() == fingerprint
    again = certificate.server_certificate(tmp_path)
    assert again[2] == fingerprint  # kept, not made anew
    if os.name == "posix":
        assert key.stat().st_mode & 0o077 == 0  # the key is the owner's alone


def test_the_signature_is_right() -> None:
    """A self-signed certificate's signature verifies under its own key (checked with
    the public key alone, as a TLS library would)."""
    key = certificate.new_key(1024)
    der = certificate.self_signed(key, "test")
    message = b"what is signed"
    signature = int.from_bytes(key.sign_sha256(message), "big")
    padded = pow(signature, key.e, key.n).to_bytes((key.n.bit_length() + 7) // 8, "big")
    assert padded.startswith(b"\x00\x01\xff") and padded.endswith(
        hashlib.sha256(message).digest())
    bad = int.from_bytes(key.sign_sha256(b"something else"), "big")
    assert not pow(bad, key.e, key.n).to_bytes(len(padded), "big").endswith(
        hashlib.sha256(message).digest())
    assert der[0] == 0x30  # a DER sequence


@pytest.mark.parametrize("value", [0, 1, 127, 128, 255, 256, 2**64 - 1, 2**2047 + 12345])
def test_whole_numbers_are_encoded_as_der_requires(value: int) -> None:
    encoded = certificate._int(value)
    assert encoded[0] == 0x02
    body = encoded[2:] if encoded[1] < 0x80 else encoded[2 + (encoded[1] & 0x7F):]
    assert int.from_bytes(body, "big") == value
    assert body[0] < 0x80  # positive
    assert len(body) == 1 or not (body[0] == 0 and body[1] < 0x80)  # minimal


def test_a_joining_program_refuses_a_server_with_another_certificate(tmp_path: Path) -> None:
    """Pinned by fingerprint: the right one connects; any other is refused before a
    word is said (the planted bad case: another server's fingerprint)."""
    cert, key, fingerprint = certificate.server_certificate(tmp_path / "ours")
    _, _, stranger = certificate.server_certificate(tmp_path / "stranger")
    assert stranger != fingerprint

    async def main() -> None:
        stop = asyncio.Event()
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(run_server(TableServer(None), "127.0.0.1", 0,
                                              tls_context(cert, key),
                                              ready=ready.set_result, stop=stop))
        port = await asyncio.wait_for(ready, 10)
        url = f"wss://127.0.0.1:{port}"
        client = await TableClient.open(url, fingerprint)
        await client.close()
        with pytest.raises(WrongServer):
            await TableClient.open(url, stranger)
        stop.set()
        await task

    asyncio.run(main())
