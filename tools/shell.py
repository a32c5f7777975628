"""Running the build's commands and reporting its progress: ``log``, ``run`` and ``BuildError``,
the one error every build step raises.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from tools.paths import ROOT

SUBPROCESS_TIMEOUT = 1800


def log(message: str) -> None:
    """Print one progress line, flushed so CI logs stay in order."""
    print(f"[build] {message}", flush=True)


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


def run_node(script: str, env: Mapping[str, str], output: Path, doing: str) -> None:
    """Run an ES module script with Node, with ``env`` added to this process's environment,
    and check that it wrote ``output``; a BuildError says what it was ``doing`` otherwise."""
    try:
        done = subprocess.run(["node", "--input-type=module", "-"], input=script, text=True,
                              env={**os.environ, **env}, capture_output=True, check=False,
                              timeout=SUBPROCESS_TIMEOUT)
    except FileNotFoundError as error:
        raise BuildError(f"Node.js (node) is needed for {doing}") from error
    if done.returncode != 0 or not output.is_file():
        raise BuildError(f"{doing} with Node failed (exit code {done.returncode}):\n"
                         f"{done.stderr[-2000:]}")


class BuildError(Exception):
    """A build step failed; the message says which and why."""
