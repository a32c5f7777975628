"""The forms of a Python memory snapshot the site ships and the page keeps: the sparse form
(``QVSP``, all-zero pages left out) and the shipped diff (``QVSD``, only the pages that differ from
the runtime's initial memory, read from its WebAssembly's data segments).
``web/boot/memory-image.js`` and ``web/boot/python-snapshot.js`` read them back.
"""

from __future__ import annotations

import gzip
import struct

from tools.shell import BuildError

#: the sparse form of a snapshot: "QVSP", the memory's length, the page size and the number of
#: pages (u32, little-endian), a bitmap of the pages that are not all zeros (bit i of byte
#: i // 8), then those pages in order. The page keeps its copy of the snapshot in this form
#: (python-snapshot.js makes and expands it); half of Python's memory is zeros.
SPARSE_MAGIC = b"QVSP"
SPARSE_PAGE = 4096
#: the form the build ships, "QVSD": the same header with one more u32, where the runtime's
#: memory starts in the snapshot (Pyodide's header comes first), then a bitmap of the pages
#: that differ from the memory the runtime starts with (the wasm's data segments there, zeros
#: elsewhere), then those pages. Most of the runtime's own static data is unchanged after
#: Python's start, so this is a quarter smaller gzipped than the sparse form; the page
#: rebuilds the memory from the runtime's WebAssembly it downloads anyway (memory-image.js).
DIFF_MAGIC = b"QVSD"


def _pages_unlike(memory: bytes, initial: bytes, page: int) -> tuple[bytes, bytes]:
    """The bitmap of the pages of memory that differ from initial's (zeros past its end), and
    those pages in order."""
    count = -(-len(memory) // page)
    bitmap = bytearray(-(-count // 8))
    kept = []
    for index in range(count):
        chunk = memory[index * page:(index + 1) * page]
        base = initial[index * page:(index + 1) * page]
        if chunk != base.ljust(len(chunk), b"\0"):
            bitmap[index // 8] |= 1 << (index % 8)
            kept.append(chunk)
    return bytes(bitmap), b"".join(kept)


def sparse_memory(memory: bytes, page: int = SPARSE_PAGE) -> bytes:
    """The sparse form of a memory snapshot (SPARSE_MAGIC): its all-zero pages left out."""
    bitmap, pages = _pages_unlike(memory, b"", page)
    header = SPARSE_MAGIC + struct.pack("<III", len(memory), page, -(-len(memory) // page))
    return header + bitmap + pages


def _uleb(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number of a WebAssembly module, and where the next field starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _sleb(data: bytes, at: int) -> tuple[int, int]:
    """A signed LEB128 number, and where the next field starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if byte & 0x40 else value), at


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of a WebAssembly module as (address, bytes): what its memory
    holds before any code runs. Only the form Pyodide's runtime uses is read (memory 0, an
    i32.const address); anything else is refused, since the page could not rebuild it, and so
    is a start function: the page lays this memory out by instantiating the module with inert
    imports (memory-image.js instantiatedSegments), which must run none of its code."""
    if wasm[:8] != b"\0asm\x01\0\0\0":
        raise BuildError("not a WebAssembly module (version 1)")
    segments: list[tuple[int, bytes]] = []
    at = 8
    while at < len(wasm):
        section = wasm[at]
        size, at = _uleb(wasm, at + 1)
        end = at + size
        if section == 8:
            raise BuildError("the runtime has a start function: instantiating it would run "
                             "code, and the page's first memory would not be its data alone")
        if section == 11:
            count, pos = _uleb(wasm, at)
            for _ in range(count):
                flags, pos = _uleb(wasm, pos)
                if flags != 0 or wasm[pos] != 0x41:
                    raise BuildError(f"a data segment of another form (flags {flags}): the page "
                                     "rebuilds only active segments at i32.const addresses")
                address, pos = _sleb(wasm, pos + 1)
                if wasm[pos] != 0x0B:
                    raise BuildError("a data segment's address is not a plain constant")
                length, pos = _uleb(wasm, pos + 1)
                segments.append((address, wasm[pos:pos + length]))
                pos += length
        at = end
    return segments


def memory_diff(snapshot: bytes, wasm: bytes, page: int = SPARSE_PAGE) -> bytes:
    """The shipped form of a Pyodide memory snapshot (DIFF_MAGIC): only the pages that differ
    from the runtime's initial memory, placed where the snapshot's header ends."""
    base = struct.unpack_from("<I", snapshot, 4)[0]  # Pyodide's header length
    initial = bytearray(len(snapshot))
    for address, data in wasm_data_segments(wasm):
        start = base + address
        if start + len(data) > len(initial):
            raise BuildError("a data segment lies past the snapshot's memory")
        initial[start:start + len(data)] = data
    bitmap, pages = _pages_unlike(snapshot, bytes(initial), page)
    count = -(-len(snapshot) // page)
    return DIFF_MAGIC + struct.pack("<IIII", len(snapshot), page, count, base) + bitmap + pages


def shipped_memory_length(shipped: bytes) -> int:
    """The length of the memory a shipped snapshot (the gzipped diff) rebuilds: the page makes
    the runtime's memory that size before the snapshot has arrived (python-snapshot.js)."""
    diff = gzip.decompress(shipped)
    if diff[:4] != DIFF_MAGIC:
        raise BuildError("the shipped snapshot is not a memory diff")
    return int(struct.unpack_from("<I", diff, 4)[0])

