"""The pinned downloads, fetched once into ``.cache/`` and checked against their sha256: the Pyodide
runtime (``npm pack``), micropip (``pip download``) and axe-core (``npm pack``, for the browser
tests' accessibility audit).
"""

from __future__ import annotations

import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

from tools.digests import sha256_file
from tools.paths import CACHE, ROOT
from tools.shell import BuildError, log, run_or_fail

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
#: the runtime's WebAssembly, one of RUNTIME_FILES (its data segments are the memory the
#: snapshot's diff is taken against: tools/memory_image.py)
RUNTIME_WASM = "pyodide.asm.wasm"


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
