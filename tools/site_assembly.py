"""The static site in ``_site/``: the sources copied and stamped, the runtime, micropip and the
rewritten lock, the wheel, the board, the Python snapshot, the build id, ``build-info.json`` and
the service worker's ``precache.json``; built in a staging folder and swapped in whole.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tools import wheel_backend
from tools.digests import sha256_bytes, sha256_file, subresource_integrity
from tools.engine_stdlib import WHOLE_STDLIB, engine_stdlib, top_level_names
from tools.memory_image import shipped_memory_length
from tools.paths import (
    BOARD_JSON,
    BUILD_INFO,
    CACHE,
    GENERATED,
    INDEX_HTML,
    PRECACHE_JSON,
    ROOT,
    RUNTIME_DIR,
    SITE,
    SNAPSHOT_DIR,
    WEB,
    WHEEL_DIR,
)
from tools.pins import (
    MICROPIP_WHEEL,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    RUNTIME_WASM,
    fetch_micropip,
    fetch_pyodide,
)
from tools.pyodide_lock import write_lock
from tools.shell import BuildError, log
from tools.snapshot import SNAPSHOT_WHEEL_FILE, make_snapshot
from tools.stamps import (
    BUILD_ID_PLACEHOLDER,
    CONTENT_SECURITY_POLICY,
    CSP_PLACEHOLDER,
    DOWNLOAD_BYTES_PLACEHOLDER,
    MEDIA_QUERIES,
    SNAPSHOT_BYTES_PLACEHOLDER,
    SNAPSHOT_INTEGRITY_PLACEHOLDER,
    SNAPSHOT_MEMORY_PLACEHOLDER,
    SNAPSHOT_PATH_PLACEHOLDER,
    STDLIB_NAMES_PLACEHOLDER,
    STDLIB_PATH_PLACEHOLDER,
    WHEEL_FILE_PLACEHOLDER,
    WHEEL_INTEGRITY_PLACEHOLDER,
    WHEEL_PATH_PLACEHOLDER,
    stamp_build_id,
)


def board_json() -> str:
    """The board as JSON, from qvcore.board.board_data() in this source tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from qvcore.board import board_data

    return json.dumps(board_data(), indent=1, ensure_ascii=False) + "\n"


def source_files() -> list[tuple[Path, str]]:
    """The hand-written site files with their paths in the site: index.html, web/'s tree.

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
    wheel = wheel_backend.write_wheel(staging / WHEEL_DIR)
    (staging / BOARD_JSON).write_text(board_json(), encoding="utf-8")
    stdlib = engine_stdlib(runtime_dir, wheel)
    # named by its content: the snapshot remembers its table of contents (engine_stdlib.py)
    stdlib_path = f"{RUNTIME_DIR}/python_stdlib-{sha256_bytes(stdlib)[:16]}.zip"
    (staging / stdlib_path).write_bytes(stdlib)
    snapshot = make_snapshot(runtime_dir, wheel, staging / stdlib_path)
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
                                     STDLIB_PATH_PLACEHOLDER: stdlib_path,
                                     STDLIB_NAMES_PLACEHOLDER: top_level_names(
                                         (runtime_dir / WHOLE_STDLIB).read_bytes()),
                                     DOWNLOAD_BYTES_PLACEHOLDER: json.dumps({
                                         "wasm": (runtime_dir / RUNTIME_WASM).stat().st_size,
                                         "stdlib": len(stdlib),
                                         "wheel": wheel.stat().st_size}),
                                     SNAPSHOT_INTEGRITY_PLACEHOLDER:
                                         subresource_integrity(snapshot),
                                     SNAPSHOT_BYTES_PLACEHOLDER: str(len(snapshot)),
                                     SNAPSHOT_MEMORY_PLACEHOLDER:
                                         str(shipped_memory_length(snapshot))})
    info = {
        "build": build_id,
        "version": wheel_backend.read_project().version,
        "wheel": wheel_path,
        "wheel_sha256": wheel_sha256,
        "snapshot": snapshot_path,
        "snapshot_sha256": sha256_bytes(snapshot),
        "stdlib": stdlib_path,
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
