"""The table's signing key: the server vouches for each head it hands out.

Each table has its own Ed25519 key, made at creation and kept beside the table
in the store; its public key is in the table's first event. A head the server
signed (``SignedHead``) and a client kept proves later what the log held at
that position, so a history rewritten after people saw it is caught by
``fracas verify --heads``.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from domain.proof import head_message
from domain.wire import SignedHead


def new_signing_key() -> bytes:
    """A new private key, as its 32 raw bytes."""
    return Ed25519PrivateKey.generate().private_bytes_raw()


def public_key(private: bytes) -> str:
    """The public key of ``private``, in hex, as ``TableCreated.public_key`` holds it."""
    key = Ed25519PrivateKey.from_private_bytes(private).public_key()
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


class Signer:
    """Signs one table's heads."""

    def __init__(self, table_id: str, private: bytes) -> None:
        self.table_id = table_id
        self._key = Ed25519PrivateKey.from_private_bytes(private) if private else None

    def head(self, position: int, chain: str) -> SignedHead | None:
        """The signed head at ``position``, or None for a table made before tables had keys."""
        if self._key is None:
            return None
        signature = self._key.sign(head_message(self.table_id, position, chain)).hex()
        return SignedHead(table_id=self.table_id, position=position, chain=chain, signature=signature)
