"""The home-network server's own TLS certificate, made once and kept.

A table hosted at home has no name a certificate authority could vouch for, so it
speaks TLS with a certificate of its own, and the invitation carries that
certificate's SHA-256 fingerprint: the joining program compares it and refuses any
other server — a stranger in the middle cannot show the same certificate.

The certificate is made here, not with a cryptography library: the one that would do
it (``cryptography``) is larger than what is left of the program's size budget, and
all that is needed is one RSA key and one self-signed X.509 certificate, in DER —
the TLS handshake itself is Python's ``ssl`` (OpenSSL), which loads both.  The
signature matters little (the fingerprint is the check) but is made right, so that
any TLS library accepts the certificate.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import math
import secrets
from pathlib import Path

from cardtable.engine.record import write_atomically

CERT_NAME = "server-certificate.pem"
KEY_NAME = "server-key.pem"
KEY_BITS = 2048
PUBLIC_EXPONENT = 65537
_SMALL_PRIMES = [p for p in range(3, 2000, 2) if all(p % d for d in range(3, int(p ** 0.5) + 1, 2))]


def server_certificate(folder: Path) -> tuple[Path, Path, str]:
    """The certificate and key files in ``folder`` (made the first time), and the
    certificate's fingerprint (SHA-256 of its DER, hex)."""
    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    try:
        der = pem_body(cert_path.read_text("ascii"))
        if key_path.is_file():
            return cert_path, key_path, hashlib.sha256(der).hexdigest()
    except (OSError, ValueError):
        pass
    folder.mkdir(parents=True, exist_ok=True)
    key = new_key()
    der = self_signed(key, "CardTable table server")
    # the key first (a private temporary renamed into place: mode 0600 throughout)
    write_atomically(key_path, pem("RSA PRIVATE KEY", key.der()))
    write_atomically(cert_path, pem("CERTIFICATE", der))
    return cert_path, key_path, hashlib.sha256(der).hexdigest()


def pem(label: str, der: bytes) -> bytes:
    body = base64.encodebytes(der).decode("ascii").replace("\n", "")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return ("\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"]) +
            "\n").encode("ascii")


def pem_body(text: str) -> bytes:
    lines = [line for line in text.strip().splitlines() if not line.startswith("-----")]
    if not lines:
        raise ValueError("no PEM body")
    return base64.b64decode("".join(lines), validate=True)


# --- the RSA key ----------------------------------------------------------------------


class RsaKey:
    """An RSA private key: the primes and what follows from them."""

    def __init__(self, p: int, q: int, e: int = PUBLIC_EXPONENT) -> None:
        self.p, self.q, self.e = p, q, e
        self.n = p * q
        self.d = pow(e, -1, math.lcm(p - 1, q - 1))

    def der(self) -> bytes:
        """PKCS #1 RSAPrivateKey."""
        p, q, d = self.p, self.q, self.d
        return _seq(_int(0), _int(self.n), _int(self.e), _int(d), _int(p), _int(q),
                    _int(d % (p - 1)), _int(d % (q - 1)), _int(pow(q, -1, p)))

    def public_der(self) -> bytes:
        """PKCS #1 RSAPublicKey."""
        return _seq(_int(self.n), _int(self.e))

    def sign_sha256(self, message: bytes) -> bytes:
        """An RSASSA-PKCS1-v1_5 signature with SHA-256."""
        size = (self.n.bit_length() + 7) // 8
        digest_info = _seq(_seq(_oid("2.16.840.1.101.3.4.2.1"), _NULL),
                           _tlv(0x04, hashlib.sha256(message).digest()))
        padded = b"\x00\x01" + b"\xff" * (size - len(digest_info) - 3) + b"\x00" + digest_info
        return pow(int.from_bytes(padded, "big"), self.d, self.n).to_bytes(size, "big")


def new_key(bits: int = KEY_BITS) -> RsaKey:
    """A fresh key from the system's randomness."""
    while True:
        p, q = _prime(bits // 2), _prime(bits // 2)
        if p != q and (p * q).bit_length() == bits:
            return RsaKey(p, q)


def _prime(bits: int) -> int:
    while True:
        candidate = secrets.randbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if (candidate - 1) % PUBLIC_EXPONENT == 0:
            continue  # e must be invertible modulo p - 1
        if any(candidate % p == 0 for p in _SMALL_PRIMES):
            continue
        if _probably_prime(candidate):
            return candidate


def _probably_prime(n: int, rounds: int = 40) -> bool:
    """Miller–Rabin with random bases: a composite passes with odds below 4^-rounds."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(rounds):
        a = 2 + secrets.randbelow(n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


# --- the certificate ------------------------------------------------------------------


def self_signed(key: RsaKey, common_name: str, now: dt.datetime | None = None,
                days: int = 3650) -> bytes:
    """An X.509 certificate (version 1) of ``key``, issued by itself, in DER."""
    now = now or dt.datetime.now(dt.UTC)
    name = _seq(_set(_seq(_oid("2.5.4.3"), _tlv(0x0C, common_name.encode()))))
    algorithm = _seq(_oid("1.2.840.113549.1.1.11"), _NULL)  # sha256WithRSAEncryption
    public = _seq(_seq(_oid("1.2.840.113549.1.1.1"), _NULL),  # rsaEncryption
                  _tlv(0x03, b"\x00" + key.public_der()))
    validity = _seq(_time(now - dt.timedelta(days=1)), _time(now + dt.timedelta(days=days)))
    tbs = _seq(_int(secrets.randbits(63) + 1), algorithm, name, validity, name, public)
    return _seq(tbs, algorithm, _tlv(0x03, b"\x00" + key.sign_sha256(tbs)))


# --- DER ------------------------------------------------------------------------------


def _tlv(tag: int, content: bytes) -> bytes:
    size = len(content)
    if size < 0x80:
        length = bytes([size])
    else:
        raw = size.to_bytes((size.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + length + content


def _seq(*items: bytes) -> bytes:
    return _tlv(0x30, b"".join(items))


def _set(*items: bytes) -> bytes:
    return _tlv(0x31, b"".join(sorted(items)))


def _int(value: int) -> bytes:
    raw = value.to_bytes(value.bit_length() // 8 + 1, "big")  # a leading 0 keeps it positive
    while len(raw) > 1 and raw[0] == 0 and raw[1] < 0x80:
        raw = raw[1:]
    return _tlv(0x02, raw)


def _oid(dotted: str) -> bytes:
    parts = [int(p) for p in dotted.split(".")]
    out = bytearray([40 * parts[0] + parts[1]])
    for part in parts[2:]:
        chunk = [part & 0x7F]
        part >>= 7
        while part:
            chunk.append(0x80 | (part & 0x7F))
            part >>= 7
        out.extend(reversed(chunk))
    return _tlv(0x06, bytes(out))


_NULL = b"\x05\x00"


def _time(moment: dt.datetime) -> bytes:
    if moment.year < 2050:
        return _tlv(0x17, moment.strftime("%y%m%d%H%M%SZ").encode())
    return _tlv(0x18, moment.strftime("%Y%m%d%H%M%SZ").encode())
