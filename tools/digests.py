"""The hashes the build writes and checks: hex sha256 of bytes and files, and Subresource Integrity
values.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from pathlib import Path


def sha256_bytes(data: bytes) -> str:
    """Hex sha256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def subresource_integrity(data: bytes) -> str:
    """The `integrity` value (Subresource Integrity, "sha256-<base64>") of some bytes."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's content."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(functools.partial(f.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
