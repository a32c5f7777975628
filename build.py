#!/usr/bin/env python3
"""Build, serve and test the browser edition of Quo Vadis?.

    python3 build.py site                              # assemble the static site in _site/
    python3 build.py serve [--port 8000] [--host 127.0.0.1]
    python3 build.py test [PYTEST_ARGS...]             # venv, Chromium, site, linters, pytest
    python3 build.py lint                              # ruff, mypy, ESLint, tsc (checkJs) only

Only the standard library is used, so this runs on a bare Python 3.11. Downloads
(the Pyodide runtime from npm, micropip from PyPI) happen once into .cache/. Each build runs
the Pyodide runtime once in Node (tools/snapshot.py) to make the page's Python snapshot.
Each job is a module in tools/ (README's Layout, docs/architecture.md); this file is the
command line only.
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import time
from collections.abc import Sequence

from tools import js_checks
from tools.checks import run_checks
from tools.chromium import ensure_chromium
from tools.paths import CACHE, ROOT, SITE
from tools.pins import fetch_axe
from tools.server import make_server, server_url
from tools.shell import BuildError, log
from tools.site_assembly import build_site
from tools.testenv import ensure_venv

#: the repository and its folders, kept here for scripts that `import build`
__all__ = ["CACHE", "ROOT", "SITE", "main"]


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
