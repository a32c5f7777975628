"""Copies of the built site turned into something else: the next build, or a site whose Python
snapshot is not the one it claims. Used by the offline and snapshot tests."""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
from pathlib import Path
from typing import Any

from tools.digests import subresource_integrity
from tools.memory_image import (
    DIFF_MAGIC,
    SPARSE_MAGIC,
    memory_diff,
    wasm_data_segments,
)
from tools.paths import BUILD_INFO, PRECACHE_JSON, RUNTIME_DIR
from tools.pins import RUNTIME_WASM
from tools.stamps import STAMPED_SUFFIXES

#: text files of the site in which build.py stamps the build id (and snapshot name)
TEXT_SUFFIXES = (*STAMPED_SUFFIXES, ".json")


def build_id(folder: Path) -> str:
    """The build id of a built site."""
    return str(json.loads((folder / BUILD_INFO).read_text())["build"])


def snapshot_path(folder: Path) -> Path:
    """The build's Python snapshot file (gzip) in a built site."""
    return folder / str(json.loads((folder / BUILD_INFO).read_text())["snapshot"])


def rehash_precache(folder: Path) -> None:
    """Make precache.json list the files' current hashes, as a real build would."""
    precache_path = folder / PRECACHE_JSON
    precache: dict[str, Any] = json.loads(precache_path.read_text())
    precache["sha256"] = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
                          for name in precache["files"]}
    precache_path.write_text(json.dumps(precache, indent=1))


def replace_in_text_files(folder: Path, old: str, new: str) -> None:
    """Replace a string in every text file of the site that holds it."""
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            if old in text:
                path.write_text(text.replace(old, new), encoding="utf-8")


def restamp_build(folder: Path, new_id: str) -> None:
    """Give the copied site another build id everywhere build.py puts one: the stamped files,
    the snapshot's name, precache.json."""
    old_id = build_id(folder)
    snapshot = snapshot_path(folder)
    snapshot.rename(snapshot.with_name(snapshot.name.replace(old_id, new_id)))
    replace_in_text_files(folder, old_id, new_id)
    rehash_precache(folder)


def runtime_wasm(folder: Path) -> bytes:
    """The runtime's WebAssembly in a built site."""
    return (folder / RUNTIME_DIR / RUNTIME_WASM).read_bytes()


def replace_snapshot(folder: Path, memory: bytes) -> None:
    """Ship other snapshot bytes under the build's snapshot name, with their sha256 stamped,
    so that they download whole and only restoring them can fail."""
    snapshot = snapshot_path(folder)
    old = subresource_integrity(snapshot.read_bytes())
    data = gzip.compress(memory_diff(memory, runtime_wasm(folder)), mtime=0)
    snapshot.write_bytes(data)
    replace_in_text_files(folder, old, subresource_integrity(data))
    rehash_precache(folder)


def snapshot_memory(folder: Path) -> bytes:
    """The build's snapshot: Python's memory, unzipped and rebuilt with the runtime's data."""
    return expand_diff(gzip.decompress(snapshot_path(folder).read_bytes()), runtime_wasm(folder))


def expand_diff(diff: bytes, wasm: bytes) -> bytes:
    """Memory from the build's form (memory_diff) and the runtime's WebAssembly, as
    memory-image.js rebuilds it."""
    assert diff[:4] == DIFF_MAGIC
    length, page, count, base = struct.unpack_from("<IIII", diff, 4)
    memory = bytearray(length)
    for address, data in wasm_data_segments(wasm):
        memory[base + address:base + address + len(data)] = data
    bitmap = diff[20:20 + -(-count // 8)]
    offset = 20 + len(bitmap)
    for index in range(count):
        if bitmap[index // 8] & (1 << (index % 8)):
            size = min(page, length - index * page)
            memory[index * page:index * page + size] = diff[offset:offset + size]
            offset += size
    assert offset == len(diff)
    return bytes(memory)


def expand_sparse(sparse: bytes) -> bytes:
    """Memory from its sparse form (sparse_memory), as python-snapshot.js expands it."""
    assert sparse[:4] == SPARSE_MAGIC
    length, page, count = struct.unpack_from("<III", sparse, 4)
    bitmap = sparse[16:16 + -(-count // 8)]
    memory = bytearray(length)
    offset = 16 + len(bitmap)
    for index in range(count):
        if bitmap[index // 8] & (1 << (index % 8)):
            size = min(page, length - index * page)
            memory[index * page:index * page + size] = sparse[offset:offset + size]
            offset += size
    assert offset == len(sparse)
    return bytes(memory)
