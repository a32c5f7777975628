"""The Chromium the browser tests, benches and icon maker drive: where it is, and installing
Debian's package when it is missing.
"""

from __future__ import annotations

import os
from pathlib import Path

from tools.shell import log, run

CHROMIUM_DEFAULT = "/usr/bin/chromium"


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
