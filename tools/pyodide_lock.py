"""The runtime's lock file (``pyodide-lock.json``) rewritten for the site: micropip's sha256 set to
the wheel the site ships.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tools.pins import MICROPIP_WHEEL
from tools.shell import BuildError


def write_lock(source: Path, dest: Path, micropip_sha256: str) -> str:
    """Copy pyodide-lock.json with micropip's sha256 set to the shipped wheel's; return Python's
    version from the lock.

    PyPI's micropip wheel differs from the one the lock was made with, so the browser's
    integrity check would refuse it otherwise.
    """
    lock: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    entry = lock["packages"]["micropip"]
    if entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(f"the lock expects {entry['file_name']}, the build ships {MICROPIP_WHEEL}")
    entry["sha256"] = micropip_sha256
    dest.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
    return str(lock["info"]["python"])
