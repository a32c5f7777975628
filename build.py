#!/usr/bin/env python3
"""Build, serve and test the browser edition of Quo Vadis?.

    python3 build.py site                              # assemble the static site in _site/
    python3 build.py serve [--port 8000] [--host 127.0.0.1]
    python3 build.py test [PYTEST_ARGS...]             # venv, Chromium, site, linters, pytest
    python3 build.py lint                              # ruff, mypy, ESLint, tsc (checkJs) only

Only the standard library is used, so this runs on a bare Python 3.11. Downloads
(the Pyodide runtime from npm, micropip from PyPI) happen once into .cache/. Each build runs
the Pyodide runtime once in Node (make_snapshot) to make the page's Python snapshot.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import functools
import gzip
import hashlib
import http
import http.server
import io
import json
import os
import shlex
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tools import js_checks, wheel_backend

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
SITE = ROOT / "_site"
WEB = ROOT / "web"
INDEX_HTML = ROOT / "index.html"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
PYODIDE_TGZ_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
#: the runtime files the page needs, as named in the npm tarball
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
#: axe-core, the accessibility audit the browser tests inject (never part of the site)
AXE_VERSION = "4.14.1"
AXE_TGZ_SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
AXE_SCRIPT = "axe.min.js"

#: where things land inside _site/
RUNTIME_DIR = "pyodide"
WHEEL_DIR = "wheels"
BUILD_INFO = "build-info.json"
BOARD_JSON = "board.json"
PRECACHE_JSON = "precache.json"
SNAPSHOT_DIR = "snapshot"
GENERATED = frozenset({RUNTIME_DIR, WHEEL_DIR, BUILD_INFO, BOARD_JSON, PRECACHE_JSON,
                       SNAPSHOT_DIR})

BUILD_ID_PLACEHOLDER = "__BUILD_ID__"
WHEEL_PATH_PLACEHOLDER = "__WHEEL_PATH__"
WHEEL_INTEGRITY_PLACEHOLDER = "__WHEEL_INTEGRITY__"
SNAPSHOT_PATH_PLACEHOLDER = "__SNAPSHOT_PATH__"
SNAPSHOT_INTEGRITY_PLACEHOLDER = "__SNAPSHOT_INTEGRITY__"
#: the snapshot file's size and the runtime's WebAssembly's (python-snapshot.js weighs the
#: snapshot's download against starting Python)
SNAPSHOT_BYTES_PLACEHOLDER = "__SNAPSHOT_BYTES__"
WASM_BYTES_PLACEHOLDER = "__WASM_BYTES__"
#: values written once, here, and stamped into the copied sources before the build id is taken
CSP_PLACEHOLDER = "__CONTENT_SECURITY_POLICY__"
WHEEL_FILE_PLACEHOLDER = "__WHEEL_FILE__"
#: the page's layouts (media queries), for style.css's @media rules and the modules that ask
#: matchMedia: a phone (the turn panel below the board), a tablet upright (board across the
#: top), a tablet on its side (board beside the panels), a desktop (panels | board | log)
PHONE = "(max-width: 759px)"
TABLET_PORTRAIT = "(min-width: 700px) and (max-aspect-ratio: 1/1)"
TABLET_LANDSCAPE = "(min-width: 760px) and (min-aspect-ratio: 1/1)"
DESKTOP = "(min-width: 1280px)"
MEDIA_QUERIES = {
    "__MEDIA_PHONE__": PHONE,
    "__MEDIA_TABLET_PORTRAIT__": TABLET_PORTRAIT,
    "__MEDIA_TABLET_LANDSCAPE__": TABLET_LANDSCAPE,
    "__MEDIA_DESKTOP__": DESKTOP,
    # where the players' panel stands beside the board (the board then draws no strip)
    "__MEDIA_PANELS_BESIDE_BOARD__": f"{DESKTOP}, {TABLET_LANDSCAPE}",
}
#: copied source files in which the placeholders are replaced
STAMPED_SUFFIXES = frozenset({".js", ".mjs", ".html", ".css", ".webmanifest"})

CHROMIUM_DEFAULT = "/usr/bin/chromium"
SUBPROCESS_TIMEOUT = 1800


def log(message: str) -> None:
    """Print one progress line, flushed so CI logs stay in order."""
    print(f"[build] {message}", flush=True)


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


def run(
    cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: Mapping[str, str] | None = None
) -> int:
    """Run a command, echoing it first, and return its exit code."""
    print("+ " + shlex.join(str(c) for c in cmd), flush=True)
    return subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, check=False, timeout=SUBPROCESS_TIMEOUT
    ).returncode


def run_or_fail(cmd: Sequence[str | Path], *, cwd: Path = ROOT) -> None:
    """Run a command and raise if it fails."""
    code = run(cmd, cwd=cwd)
    if code != 0:
        raise BuildError(f"command failed with exit code {code}: {' '.join(map(str, cmd))}")


class BuildError(Exception):
    """A build step failed; the message says which and why."""


# --- the qvcore wheel: tools/wheel_backend.py, also pyproject.toml's build backend ---------

build_wheel = wheel_backend.write_wheel
read_project = wheel_backend.read_project


# --- downloads, cached in .cache/ -------------------------------------------------------------


def npm_pack(package: str, version: str, sha256: str, folder: Path) -> Path:
    """Download a pinned npm package's tarball into ``folder`` and check its sha256."""
    run_or_fail(["npm", "pack", "--silent", f"{package}@{version}"], cwd=folder)
    tgz = folder / f"{package}-{version}.tgz"
    check_sha256(tgz, sha256)
    return tgz


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """Return a directory holding the pinned Pyodide runtime files, downloading them once."""
    target = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((target / name).is_file() and (target / name).stat().st_size > 0
           for name in RUNTIME_FILES):
        return target
    log(f"fetching pyodide@{PYODIDE_VERSION} from npm into {target.relative_to(ROOT)}/")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp_name:
        tmp = Path(tmp_name)
        tgz = npm_pack("pyodide", PYODIDE_VERSION, PYODIDE_TGZ_SHA256, tmp)
        unpacked = tmp / "runtime"
        extract_runtime(tgz, unpacked)
        shutil.rmtree(target, ignore_errors=True)
        unpacked.rename(target)
    return target


def fetch_axe(cache: Path = CACHE) -> Path:
    """Return the pinned axe-core script (for the accessibility tests), from npm once."""
    target = cache / f"axe-core-{AXE_VERSION}" / AXE_SCRIPT
    if target.is_file() and target.stat().st_size > 0:
        return target
    log(f"fetching axe-core@{AXE_VERSION} from npm into {target.parent.relative_to(ROOT)}/")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp_name:
        tgz = npm_pack("axe-core", AXE_VERSION, AXE_TGZ_SHA256, Path(tmp_name))
        with tarfile.open(tgz, "r:gz") as tar:
            member = tar.extractfile(f"package/{AXE_SCRIPT}")
            if member is None:
                raise BuildError(f"{AXE_SCRIPT} is missing from {tgz.name}")
            data = member.read()
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(target)
    return target


def extract_runtime(tgz: Path, dest: Path) -> None:
    """Copy the runtime files out of the npm tarball (by name, so no path is trusted)."""
    dest.mkdir()
    with tarfile.open(tgz, "r:gz") as tar:
        for name in RUNTIME_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{name} is missing from {tgz.name}")
            (dest / name).write_bytes(member.read())


def fetch_micropip(cache: Path = CACHE) -> Path:
    """Return the pinned micropip wheel, downloading it from PyPI once."""
    target = cache / MICROPIP_WHEEL
    if target.is_file() and sha256_file(target) == MICROPIP_SHA256:
        return target
    log(f"fetching micropip=={MICROPIP_VERSION} from PyPI into {target.relative_to(ROOT)}")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp_name:
        tmp = Path(tmp_name)
        run_or_fail([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                     "--python-version", "3.14", "--only-binary=:all:",
                     "--disable-pip-version-check", "--dest", tmp,
                     f"micropip=={MICROPIP_VERSION}"])
        check_sha256(tmp / MICROPIP_WHEEL, MICROPIP_SHA256)
        (tmp / MICROPIP_WHEEL).replace(target)
    return target


def check_sha256(path: Path, expected: str) -> None:
    """Fail unless the file exists and has the pinned sha256."""
    if not path.is_file():
        raise BuildError(f"{path.name} was not downloaded")
    actual = sha256_file(path)
    if actual != expected:
        raise BuildError(f"{path.name}: sha256 {actual}, pinned {expected}")


# --- the site ---------------------------------------------------------------------------------


def write_lock(source: Path, dest: Path, micropip_sha256: str) -> str:
    """Copy pyodide-lock.json with micropip's sha256 set to the shipped wheel's; return Python's
    version from the lock.

    PyPI's micropip wheel differs from the one the lock was made with, so the browser's
    integrity check would refuse it otherwise.
    """
    lock: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    entry = lock["packages"]["micropip"]
    if entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(f"the lock expects {entry['file_name']}, build.py ships {MICROPIP_WHEEL}")
    entry["sha256"] = micropip_sha256
    dest.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
    return str(lock["info"]["python"])


# --- the Python snapshot ----------------------------------------------------------------------

#: Node runs the site's own runtime, writes the wheel where the page writes it and imports the
#: engine from it as the page does (engine-loader.js, WHEEL_FILE and IMPORT_ENGINE), then writes
#: Pyodide's memory snapshot to $QV_SNAPSHOT. argv is cut to the program's name first, so that
#: Python's sys.executable and $_ in the snapshot are the browser's ("./this.program"), not a
#: path of the building machine.
SNAPSHOT_WHEEL_FILE = "/lib/qvcore.whl"
SNAPSHOT_SCRIPT = f"""
process.argv.splice(1);
const {{ readFileSync, writeFileSync }} = await import("node:fs");
const {{ pathToFileURL }} = await import("node:url");
const runtime = process.env.QV_RUNTIME;
const {{ loadPyodide }} = await import(pathToFileURL(`${{runtime}}/pyodide.mjs`).href);
const pyodide = await loadPyodide({{ indexURL: `${{runtime}}/`, _makeSnapshot: true }});
pyodide.FS.writeFile("{SNAPSHOT_WHEEL_FILE}", new Uint8Array(readFileSync(process.env.QV_WHEEL)));
pyodide.runPython('import sys\\nsys.path.insert(0, "{SNAPSHOT_WHEEL_FILE}")\\nimport qvcore.jsapi');
writeFileSync(process.env.QV_SNAPSHOT, pyodide.makeMemorySnapshot());
"""


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
RUNTIME_WASM = "pyodide.asm.wasm"


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
    i32.const address); anything else is refused, since the page could not rebuild it."""
    if wasm[:8] != b"\0asm\x01\0\0\0":
        raise BuildError("not a WebAssembly module (version 1)")
    segments: list[tuple[int, bytes]] = []
    at = 8
    while at < len(wasm):
        section = wasm[at]
        size, at = _uleb(wasm, at + 1)
        end = at + size
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


def make_snapshot(runtime_dir: Path, wheel: Path) -> bytes:
    """Python's memory right after ``import qvcore.jsapi``, made with Node from the site's own
    runtime and wheel, as its difference from the runtime's initial memory (memory_diff) and
    gzipped: the page restores it instead of starting Python (and importing the engine)
    itself. Pyodide checks that a snapshot matches its runtime."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "python.snapshot"
        env = {**os.environ, "QV_RUNTIME": str(runtime_dir.resolve()),
               "QV_WHEEL": str(wheel.resolve()), "QV_SNAPSHOT": str(out)}
        try:
            done = subprocess.run(["node", "--input-type=module", "-"], input=SNAPSHOT_SCRIPT,
                                  text=True, env=env, capture_output=True, check=False,
                                  timeout=SUBPROCESS_TIMEOUT)
        except FileNotFoundError as error:
            raise BuildError("Node.js (node) is needed to make the Python snapshot") from error
        if done.returncode != 0 or not out.is_file():
            raise BuildError(f"making the Python snapshot with Node failed (exit code "
                             f"{done.returncode}):\n{done.stderr[-2000:]}")
        diff = memory_diff(out.read_bytes(), (runtime_dir / RUNTIME_WASM).read_bytes())
        return gzip.compress(diff, compresslevel=6, mtime=0)


def board_json() -> str:
    """The board as JSON, from qvcore.board.board_data() in this source tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from qvcore.board import board_data

    return json.dumps(board_data(), indent=1, ensure_ascii=False) + "\n"


def source_files() -> list[tuple[Path, str]]:
    """The hand-written site files with their paths in the site: index.html and web/, flattened.

    web/ is copied to the site root (not to _site/web/) so that a service worker in web/
    lands at the root and may control the whole site.
    """
    files = [(INDEX_HTML, "index.html")] if INDEX_HTML.is_file() else []
    if WEB.is_dir():
        files += [(path, path.relative_to(WEB).as_posix()) for path in sorted(WEB.rglob("*"))
                  if path.is_file() and "__pycache__" not in path.parts]
    names = [name for _, name in files]
    clashes = {name for name in names if names.count(name) > 1 or name.split("/")[0] in GENERATED}
    if clashes:
        raise BuildError(f"site files clash with each other or with generated ones: {clashes}")
    return files


def list_files(root: Path) -> list[str]:
    """All files under root as sorted POSIX paths relative to it."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def content_hash(root: Path, extra: Sequence[tuple[str, bytes]] = ()) -> str:
    """A short hash over every file's path and content (and the extra (name, data) pairs of
    files not written yet): the build id."""
    digest = hashlib.sha256()
    for name, data in extra:
        digest.update(f"{name}\0{sha256_bytes(data)}\n".encode())
    for name in list_files(root):
        digest.update(f"{name}\0{sha256_file(root / name)}\n".encode())
    return digest.hexdigest()[:16]


def stamp_build_id(root: Path, names: Sequence[str], values: Mapping[str, str]) -> None:
    """Replace the placeholders (__BUILD_ID__, ...) in the copied text files that can hold
    them."""
    for name in names:
        path = root / name
        if path.suffix in STAMPED_SUFFIXES:
            text = original = path.read_text(encoding="utf-8")
            for placeholder, value in values.items():
                text = text.replace(placeholder, value)
            if text != original:
                path.write_text(text, encoding="utf-8")


def assemble(staging: Path) -> dict[str, str]:
    """Fill the empty staging directory with the whole site and return its build info."""
    runtime = fetch_pyodide()
    micropip = fetch_micropip()
    copied = []
    for path, name in source_files():
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, staging / name)
        copied.append(name)
    stamp_build_id(staging, copied, {CSP_PLACEHOLDER: CONTENT_SECURITY_POLICY,
                                     WHEEL_FILE_PLACEHOLDER: SNAPSHOT_WHEEL_FILE,
                                     **MEDIA_QUERIES})
    runtime_dir = staging / RUNTIME_DIR
    runtime_dir.mkdir()
    for name in RUNTIME_FILES:
        if name != "pyodide-lock.json":
            shutil.copyfile(runtime / name, runtime_dir / name)
    shutil.copyfile(micropip, runtime_dir / MICROPIP_WHEEL)
    python = write_lock(runtime / "pyodide-lock.json", runtime_dir / "pyodide-lock.json",
                        sha256_file(micropip))
    wheel = build_wheel(staging / WHEEL_DIR)
    (staging / BOARD_JSON).write_text(board_json(), encoding="utf-8")
    snapshot = make_snapshot(runtime_dir, wheel)
    # the snapshot's name carries the build id, which covers the snapshot's bytes too
    build_id = content_hash(staging, [(SNAPSHOT_DIR, snapshot)])
    snapshot_path = f"{SNAPSHOT_DIR}/python-{build_id}.bin.gz"
    (staging / SNAPSHOT_DIR).mkdir()
    (staging / snapshot_path).write_bytes(snapshot)
    wheel_path, wheel_sha256 = f"{WHEEL_DIR}/{wheel.name}", sha256_file(wheel)
    stamp_build_id(staging, copied, {BUILD_ID_PLACEHOLDER: build_id,
                                     WHEEL_PATH_PLACEHOLDER: wheel_path,
                                     WHEEL_INTEGRITY_PLACEHOLDER:
                                         subresource_integrity(wheel.read_bytes()),
                                     SNAPSHOT_PATH_PLACEHOLDER: snapshot_path,
                                     SNAPSHOT_INTEGRITY_PLACEHOLDER:
                                         subresource_integrity(snapshot),
                                     SNAPSHOT_BYTES_PLACEHOLDER: str(len(snapshot)),
                                     WASM_BYTES_PLACEHOLDER:
                                         str((runtime_dir / RUNTIME_WASM).stat().st_size)})
    info = {
        "build": build_id,
        "version": read_project().version,
        "wheel": wheel_path,
        "wheel_sha256": wheel_sha256,
        "snapshot": snapshot_path,
        "snapshot_sha256": sha256_bytes(snapshot),
        "pyodide": PYODIDE_VERSION,
        "python": python,
    }
    (staging / BUILD_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    files = list_files(staging)
    #: sha256 per file: the service worker checks each download and keeps unchanged files
    precache = {"build": build_id, "files": files,
                "sha256": {name: sha256_file(staging / name) for name in files}}
    (staging / PRECACHE_JSON).write_text(json.dumps(precache, indent=1) + "\n", encoding="utf-8")
    return info


def build_site(site: Path = SITE) -> dict[str, str]:
    """Build the static site into a staging directory, then swap it in for site.

    A failed build leaves the previous site untouched.
    """
    started = time.monotonic()
    CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="site-", dir=CACHE))
    staging.chmod(0o755)  # mkdtemp makes it private
    try:
        info = assemble(staging)
        old = Path(tempfile.mkdtemp(prefix="old-site-", dir=CACHE))
        if site.exists():
            site.rename(old / "site")
        staging.rename(site)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    files = list_files(site)
    size = sum((site / name).stat().st_size for name in files)
    log(f"built {site.name}/: {len(files)} files, {size / 1e6:.1f} MB, build {info['build']}, "
        f"{time.monotonic() - started:.1f}s")
    return info


# --- serving ----------------------------------------------------------------------------------

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".gz": "application/gzip",
}
#: the page's Content-Security-Policy: only this site's scripts and WebAssembly. It is stamped
#: into index.html's <meta> tag too (GitHub Pages sets no headers); frame-ancestors works only
#: as a header.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                           "object-src 'none'; base-uri 'none'; img-src 'self' data:")
CSP_HEADER = CONTENT_SECURITY_POLICY + "; frame-ancestors 'none'"
#: the pinned runtime never changes under its URL; everything else is revalidated
RUNTIME_CACHE_CONTROL = "public, max-age=86400"
DEFAULT_CACHE_CONTROL = "no-cache"


#: what GitHub Pages sends gzip-compressed to a browser that accepts it: text types and
#: WebAssembly; zips, wheels, images and the snapshot's .gz go as they are (README)
GZIP_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg",
                           ".wasm"})
_gzipped: dict[tuple[str, int, int], bytes] = {}
_gzipped_lock = threading.Lock()


def gzipped(path: Path) -> bytes:
    """A file's content gzip-compressed (level 6, as a host would), kept while the file is
    unchanged."""
    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    with _gzipped_lock:
        found = _gzipped.get(key)
    if found is None:
        found = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with _gzipped_lock:
            _gzipped[key] = found
    return found


def precompress(directory: Path) -> None:
    """Compress every file the server would send gzipped, so that no timed request waits for
    it (benchmarks call this before they measure)."""
    for path in directory.rglob("*"):
        if path.is_file() and path.suffix.lower() in GZIP_SUFFIXES:
            gzipped(path)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the MIME types and cache headers the page needs, compressed
    where GitHub Pages compresses (GZIP_SUFFIXES)."""

    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The MIME type by file suffix, ours first (Python 3.11 calls .js application/...)."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def send_head(self) -> Any:
        """The file gzip-compressed when the browser accepts it and the host would compress
        it; otherwise as the standard handler sends it."""
        accepted = self.headers.get("Accept-Encoding", "")
        if "gzip" not in [part.split(";")[0].strip() for part in accepted.split(",")]:
            return super().send_head()
        path = Path(self.translate_path(self.path))
        if self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.suffix.lower() not in GZIP_SUFFIXES or not path.is_file():
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= modified:
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
        body = gzipped(path)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        """Add Cache-Control and the Content-Security-Policy to every response."""
        runtime = self.path.startswith(f"/{RUNTIME_DIR}/")
        self.send_header("Cache-Control",
                         RUNTIME_CACHE_CONTROL if runtime else DEFAULT_CACHE_CONTROL)
        self.send_header("Content-Security-Policy", CSP_HEADER)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests unless the server is quiet (as in tests)."""
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """SiteHandler without request logging."""

    quiet = True


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that takes a browser dropping a download (a closed tab, a
    cancelled fetch) calmly: no traceback for a connection the other side closed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Report errors, except a connection the client closed."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for directory; port 0 picks a free port."""
    handler = functools.partial(QuietSiteHandler if quiet else SiteHandler,
                                directory=str(directory))
    return SiteServer((host, port), handler)


def server_url(server: http.server.ThreadingHTTPServer) -> str:
    """The base URL (with a trailing slash) a server answers on."""
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextlib.contextmanager
def serving(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = True
) -> Iterator[str]:
    """Serve directory in a background thread; yield its base URL, stop on exit."""
    server = make_server(directory, host, port, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def cmd_serve(host: str, port: int) -> int:
    """Build the site, then serve it in the foreground until interrupted."""
    build_site()
    try:
        server = make_server(SITE, host, port)
    except OSError as error:
        log(f"cannot listen on {host}:{port}: {error}")
        return 1
    with server:
        print(f"Serving {SITE.name}/ at {server_url(server)}  (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


# --- testing ----------------------------------------------------------------------------------


def chromium_path() -> str:
    """The Chromium binary the browser tests drive: $CHROMIUM, else Debian's."""
    return os.environ.get("CHROMIUM") or CHROMIUM_DEFAULT


def ensure_chromium() -> bool:
    """Make sure Chromium is installed, installing Debian's package when running as root."""
    if Path(chromium_path()).is_file():
        return True
    if os.geteuid() != 0:
        log(f"Chromium is missing at {chromium_path()}. Install it as root with "
            "`apt-get update && apt-get install -y chromium`, or set CHROMIUM=/path/to/chromium.")
        return False
    log("installing Debian's chromium (first run only)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    apt = ["apt-get", "-q", "-o", "DPkg::Lock::Timeout=600"]  # wait if another apt runs
    if run([*apt, "update"], env=env) != 0:
        log("apt-get update failed; trying the install with the package lists as they are")
    if run([*apt, "install", "-y", "chromium"], env=env) != 0:
        log("installing chromium failed")
        return False
    return Path(chromium_path()).is_file()


def venv_python() -> Path:
    """The virtual environment's interpreter."""
    return VENV / "bin" / "python"


def install_stamp() -> str:
    """What the test environment was installed from: pyproject.toml and this Python."""
    data = (ROOT / "pyproject.toml").read_bytes() + sys.version.encode()
    return sha256_bytes(data)


def ensure_venv() -> bool:
    """Create .venv if needed and install the project with its test extra, unless up to date."""
    stamp_file = VENV / ".qv-install-stamp"
    python = venv_python()
    if python.is_file() and stamp_file.is_file() and stamp_file.read_text() == install_stamp():
        return True
    started = time.monotonic()
    if not python.is_file() and run([sys.executable, "-m", "venv", VENV]) != 0:
        return False
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1",
           "PIP_ROOT_USER_ACTION": "ignore"}
    if run([python, "-m", "pip", "install", "--quiet", "-e", ".[test]"], env=env) != 0:
        log("installing the test environment failed")
        return False
    stamp_file.write_text(install_stamp())
    log(f"test environment installed in {time.monotonic() - started:.1f}s")
    return True


def mypy_targets() -> list[str]:
    """The paths of [tool.mypy] files that hold Python files (mypy refuses an empty folder)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files: list[str] = config.get("tool", {}).get("mypy", {}).get("files", [])
    return [name for name in files
            if (ROOT / name).is_file() or any((ROOT / name).rglob("*.py"))]


def parallel_args(pytest_args: Sequence[str]) -> list[str]:
    """pytest-xdist workers, one per core (at most 4), unless the arguments choose already.

    Most of the suite's time is browser tests, each starting Pyodide in a fresh page; work
    stealing keeps both workers busy to the end (14.4 min in one process, 8 with two workers
    on two cores). `python3 build.py test -n 0` runs in one process.
    """
    chosen = any(arg in ("-n", "--numprocesses", "-p") or arg.startswith(("-n", "--numprocesses="))
                 for arg in pytest_args)
    workers = min(os.cpu_count() or 1, 4)
    return [] if chosen or workers < 2 else ["-n", str(workers), "--dist", "worksteal"]


def lint_checks() -> list[tuple[str, list[str | Path]]]:
    """ruff and mypy over the Python, ESLint and the TypeScript checker over the page."""
    bin_dir = VENV / "bin"
    js_tools = js_checks.ensure_installed(CACHE)
    return [
        ("ruff", [bin_dir / "ruff", "check", "."]),
        ("mypy", [bin_dir / "mypy", *mypy_targets()]),
        ("eslint", [*js_checks.eslint_command(js_tools)]),
        ("tsc", [*js_checks.tsc_command(js_tools)]),
    ]


def run_checks(pytest_args: Sequence[str] | None) -> int:
    """Run the linters, then pytest (unless ``pytest_args`` is None); report each and return 0
    only if all passed."""
    env = {**os.environ, "CHROMIUM": chromium_path(), "QV_SITE_BUILT": "1", "QV_ROOT": str(ROOT)}
    checks = lint_checks()
    if pytest_args is not None:
        checks.append(("pytest", [venv_python(), "-m", "pytest", *parallel_args(pytest_args),
                                  *pytest_args]))
    failed = []
    for name, cmd in checks:
        started = time.monotonic()
        code = run(cmd, env=env)
        log(f"{name}: {'ok' if code == 0 else f'FAILED (exit {code})'} "
            f"in {time.monotonic() - started:.1f}s")
        if code != 0:
            failed.append(name)
    if failed:
        log(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


def cmd_test(pytest_args: Sequence[str]) -> int:
    """Install what the tests need, build the site and run every check."""
    started = time.monotonic()
    if not (ensure_venv() and ensure_chromium()):
        return 1
    build_site()
    fetch_axe()  # the accessibility audit's script (tests/browser/test_a11y.py)
    code = run_checks(pytest_args)
    log(f"test finished in {time.monotonic() - started:.1f}s")
    return code


# --- command line -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command line; unknown arguments of `test` go to pytest."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("site", help="build the static site in _site/")
    serve = commands.add_parser("serve", help="build, then serve _site/")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    commands.add_parser("lint", help="ruff, mypy, ESLint and the TypeScript checker only")
    commands.add_parser("test", help="install, build and run the linters and pytest; "
                        "further arguments go to pytest", add_help=False)
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra[:1] == ["--"]:
        extra = extra[1:]
    return args, extra


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: dispatch to a subcommand and return the exit code."""
    args, extra = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "site":
            build_site()
            return 0
        if args.command == "serve":
            return cmd_serve(args.host, args.port)
        if args.command == "lint":
            return run_checks(None) if ensure_venv() else 1
        return cmd_test(extra)
    except (BuildError, js_checks.JsToolsError, OSError, subprocess.SubprocessError) as error:
        log(f"error: {error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
