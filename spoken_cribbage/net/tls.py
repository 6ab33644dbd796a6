"""TLS for a table (issue 26, item 3): the host's self-signed certificate, made on first use
and kept, and the invite code that carries a short hash of it, so the joiner's client checks
the table it reached is the host's without anyone comparing hex by ear.

An invite code is ``SECRET-TAG``: the secret (six letters or digits) is the table's password,
sent only after the check; the tag is the first 40 bits of the SHA-256 of the certificate
(DER), in base 32 (eight characters). A client reaching a server whose certificate does not
hash to the tag closes before sending anything (:class:`CertificateMismatch`). The
certificate is made with ``cryptography`` (Python's ssl reads certificates but cannot make
one): an EC P-256 key, valid ten years, kept in the folder the caller gives.

The tag is short (40 bits, to be read aloud), so the joiner's client also pins the whole
certificate per address on first use, as SSH does with its known hosts (:class:`Pins`: the
SHA-256 of each table's certificate by ``host:port``, in a file of the player's data folder):
a later join to that address whose certificate is another is refused
(:class:`CertificateChanged`) before anything is sent, whatever its code says.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import hmac
import os
import ssl
from pathlib import Path
from typing import Annotated

import msgspec

from spoken_cribbage.storage.paths import atomic_write

__all__ = [
    "CertificateMismatch",
    "CertificateChanged",
    "PinsUnreadable",
    "Pins",
    "host_certificate",
    "server_context",
    "client_context",
    "fingerprint_tag",
    "invite_code",
    "split_code",
    "check_peer",
]

_CERT, _KEY = "table-cert.pem", "table-key.pem"
TAG_LENGTH = 8


class CertificateMismatch(Exception):
    """The table's certificate is not the one the invite code names."""


class CertificateChanged(Exception):
    """The table at ``address`` shows another certificate than the one pinned for it."""

    def __init__(self, address: str, path: Path) -> None:
        self.address, self.path = address, path
        super().__init__(address)


class PinsUnreadable(Exception):
    """The file of pinned certificates cannot be read (nothing is trusted blindly instead)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(str(path))


_Pinned = dict[Annotated[str, msgspec.Meta(max_length=300)], Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]]


class Pins:
    """The certificates of the tables this player has joined, by address (``host:port``),
    trusted on first use: one JSON object in ``path``, written atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[str, str]:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError:
            raise PinsUnreadable(self.path) from None
        try:
            return msgspec.json.decode(data, type=_Pinned)
        except msgspec.DecodeError:
            raise PinsUnreadable(self.path) from None

    def check(self, address: str, der: bytes) -> bool:
        """CertificateChanged when ``address`` is pinned to another certificate; True when it
        was not pinned (it is now), False when it is the one pinned."""
        fingerprint = hashlib.sha256(der).hexdigest()
        pins = self.read()
        known = pins.get(address)
        if known is not None:
            if not hmac.compare_digest(known, fingerprint):
                raise CertificateChanged(address, self.path)
            return False
        pins[address] = fingerprint
        with contextlib.suppress(OSError):  # (not kept: the tag still checks the next join)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, msgspec.json.format(msgspec.json.encode(dict(sorted(pins.items()))), indent=1))
        return True


def host_certificate(folder: Path) -> tuple[Path, Path]:
    """The host's certificate and key in ``folder``: made on first use, then kept (the key
    readable by its owner only)."""
    cert, key = folder / _CERT, folder / _KEY
    if cert.exists() and key.exists():
        return cert, key
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder.mkdir(parents=True, exist_ok=True)
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Spoken Cribbage table")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .sign(private, hashes.SHA256())
    )
    key_bytes = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key_bytes)
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return cert, key


def fingerprint_tag(der: bytes) -> str:
    """The short hash of a certificate (DER) that an invite code carries."""
    digest = hashlib.sha256(der).digest()
    return base64.b32encode(digest[:5]).decode()[:TAG_LENGTH]


def certificate_der(cert: Path) -> bytes:
    return ssl.PEM_cert_to_DER_cert(cert.read_text())


def invite_code(secret: str, cert: Path) -> str:
    return f"{secret}-{fingerprint_tag(certificate_der(cert))}"


def split_code(code: str) -> tuple[str, str | None]:
    """(the secret, the tag or None) of an invite code as typed (any case, spaces ignored)."""
    code = "".join(code.split()).upper()
    secret, _, tag = code.partition("-")
    return secret, tag or None


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    # No TLS 1.3 session tickets. A server sends them just after the handshake, while the
    # client (websockets' sync client) reads in its own thread and writes its opening request
    # in another: Python's ssl sockets are not safe for that, and about 1 connection in 125
    # lost its request (the handshake waited its whole time) or its line (closed without a
    # close frame) on this machine (bench/bench_net.py --handshakes). Our clients never resume
    # a session, so the tickets were of no use.
    context.num_tickets = 0
    context.load_cert_chain(cert, key)
    return context


def client_context() -> ssl.SSLContext:
    """A client context that accepts the host's self-signed certificate: the check is the
    invite code's tag (:func:`check_peer`), made before anything is sent."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_peer(der: bytes | None, tag: str) -> None:
    """CertificateMismatch unless the peer's certificate hashes to ``tag``."""
    if der is None or fingerprint_tag(der) != tag.upper():
        raise CertificateMismatch(tag)
