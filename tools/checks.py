"""The checks ``build.py lint`` and ``build.py test`` run: ruff, mypy, ESLint, the TypeScript
checker, then pytest with xdist workers; each reported, all run.
"""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

from tools import js_checks
from tools.chromium import chromium_path
from tools.paths import CACHE, ROOT, VENV
from tools.shell import log, run
from tools.testenv import venv_python


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
