"""The test environment: ``.venv/`` with the project installed editable with its test extra,
reinstalled when ``pyproject.toml`` or the Python changes.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from tools.digests import sha256_bytes
from tools.paths import ROOT, VENV
from tools.shell import log, run


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
