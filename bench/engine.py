"""Engine throughput: complete random 5-player games per second on one core.

    python3 bench/engine.py [--games 300] [--repeats 3] [--no-browser] [--browser-games 100]
                            [--profile]

The random player is the one of ``simulate``/``randomplay`` (a uniformly random
kind of action, then a uniformly random action of that kind, random deal terms
on a fifth of the consents), so games keep their length (~300 actions). Two
paths play it:

- ``fast``: ``qvcore.playout.random_playout`` (draws actions without listing
  them all, applies them unchecked; the same games, see tests/test_playout.py);
- ``validated``: ``simulate.play_random_game`` (``rules.legal_actions`` and the
  checking ``rules.apply_action``), invariant checks off.

Each is timed on CPython here and, unless ``--no-browser``, inside Pyodide in
headless Chromium: the site is built (``build.py site``), served on 127.0.0.1,
and a page that loads the engine as the game does (restoring the build's snapshot)
runs the same code, one call per timed batch, as the game calls Python:

- first call: the first batch of each path right after the restore. Chromium runs a
  long call that starts cold on its baseline WebAssembly compiler (Liftoff) from
  start to finish, so this is what a player's first bot decisions get;
- warm: after one warm-up call of each path, ``--browser-repeats`` batches of
  ``--browser-games`` games, each its own call, alternating with a batch of the
  same games on CPython, so that a busy machine slows both alike.

Figures are games per wall second and per CPU second (CPython: the process's CPU
time; Pyodide: the CPU time of the browser's processes during the call, read from
/proc, where there is one). Prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from qvcore.options import Options  # noqa: E402
from qvcore.playout import random_playout  # noqa: E402
from qvcore.simulate import play_random_game  # noqa: E402
from qvcore.state import GameState  # noqa: E402

GOAL = 1000
PAGE = "bench-engine.html"
#: the code the page defines in Pyodide: the same loop as ``run`` below, one batch a call
PAGE_PYTHON = """
import json, random, sys, time
from qvcore.options import Options
from qvcore.playout import random_playout
from qvcore.simulate import play_random_game
from qvcore.state import GameState

def bench(games, seed, fast):
    options = Options(players=5)
    turns = 0
    start = time.perf_counter()
    for index in range(games):
        if fast:
            state = random_playout(GameState(options, seed + index), random.Random(seed + index))
        else:
            state = play_random_game(options, seed + index, check=False)[0]
        turns += state.turn
    return json.dumps({"seconds": time.perf_counter() - start, "turns": turns,
                       "python": sys.version.split()[0]})
"""
PAGE_SCRIPT = "bench-engine.js"
PAGE_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>bench: engine in Pyodide</title>
<script type="module" src="bench-engine.js"></script></head>
<body><p>engine benchmark</p></body>
</html>
"""
PAGE_JS = """import { loadEngine } from "./boot/engine-loader.js";
try {
  const pyodide = await loadEngine();
  pyodide.runPython(await (await fetch("./bench-engine.py")).text());
  window.benchBatch = (games, seed, fast) =>
    JSON.parse(pyodide.runPython(`bench(${games}, ${seed}, ${fast ? "True" : "False"})`));
  window.benchReady = true;
} catch (error) {
  window.benchReady = String(error);
}
"""
PATHS = (("fast", True), ("validated", False))


# -- CPython --


def run(games: int, seed: int, fast: bool) -> tuple[float, float, int]:
    """Play ``games`` games; returns (wall seconds, CPU seconds, turns played)."""
    options = Options(players=5)
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(games):
        if fast:
            state = random_playout(GameState(options, seed + index), random.Random(seed + index))
        else:
            state = play_random_game(options, seed + index, check=False)[0]
        turns += state.turn
    return time.perf_counter() - wall, time.process_time() - cpu, turns


def profile(games: int) -> str:
    """Where the fast path's time goes, by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(run, games, 0, True)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


# -- Pyodide in Chromium --

#: one batch: (wall seconds, CPU seconds or None, turns)
Batch = Callable[[int, int, bool], tuple[float, float | None, int]]


def descendants_cpu_seconds() -> float | None:
    """The CPU time (user + system) of every process started from this one (the Playwright
    driver and the browser's processes), from /proc; None where there is no /proc."""
    try:
        stats = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    text = (entry / "stat").read_text()
                except OSError:
                    continue
                fields = text[text.rindex(")") + 2:].split()
                stats[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    except OSError:
        return None
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += stats[pid][1]
        todo += children.get(pid, [])
    return total / os.sysconf("SC_CLK_TCK")


@contextmanager
def pyodide_page() -> Iterator[tuple[Batch, str]]:
    """Build the site, serve a copy with the bench page, open it in headless Chromium; yield
    a function that plays one batch in the page (one call into Python), and the browser's
    version."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS
    from tools.chromium import chromium_path
    from tools.paths import SITE
    from tools.server import serving
    from tools.site_assembly import build_site

    build_site()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(SITE, site)
        (site / PAGE).write_text(PAGE_HTML, encoding="utf-8")
        (site / PAGE_SCRIPT).write_text(PAGE_JS, encoding="utf-8")
        (site / "bench-engine.py").write_text(PAGE_PYTHON, encoding="utf-8")
        config = Path(tmp) / "xdg-config"
        config.mkdir()
        with serving(site, "127.0.0.1", 0, quiet=True) as url, \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(), args=CHROMIUM_ARGS,
                env={**os.environ, "XDG_CONFIG_HOME": str(config)})
            try:
                # the bench page is not the game: the site's CSP is not what is measured
                page = browser.new_page(bypass_csp=True)
                page.goto(url + PAGE)
                page.wait_for_function("window.benchReady !== undefined", timeout=120_000)
                ready = page.evaluate("window.benchReady")
                if ready is not True:
                    raise RuntimeError(f"the bench page failed: {ready}")

                def batch(count: int, seed: int, fast: bool) -> tuple[float, float | None, int]:
                    cpu = descendants_cpu_seconds()
                    result: dict[str, Any] = page.evaluate(
                        "([g, s, f]) => window.benchBatch(g, s, f)", [count, seed, fast])
                    after = descendants_cpu_seconds()
                    used = None if cpu is None or after is None else after - cpu
                    return float(result["seconds"]), used, int(result["turns"])

                yield batch, browser.version
            finally:
                browser.close()


def rate(games: int, seconds: float | None) -> float | None:
    """Games per second, rounded (None when not measured)."""
    return None if not seconds else round(games / seconds, 1)


def measure(games: int, repeats: int, browser_games: int, repeats_browser: int,
            browser: bool) -> dict[str, Any]:
    """First-call and warm figures of both paths, CPython and (if asked) Pyodide batches
    alternating."""
    out: dict[str, Any] = {}

    def cpython(count: int, seed: int, fast: bool) -> tuple[float, float | None, int]:
        return run(count, seed, fast)

    runners: dict[str, tuple[Batch, int, int]] = {"cpython": (cpython, games, repeats)}
    page = pyodide_page() if browser else None
    try:
        if page is not None:
            batch, version = page.__enter__()
            runners["pyodide"] = (batch, browser_games, repeats_browser)
            out["chromium"] = version
        # first calls, cold: what a player's first decisions get
        for runtime, (play, count, _) in runners.items():
            for name, fast in PATHS:
                wall, cpu, _ = play(count, 0, fast)
                out.setdefault(runtime, {}).setdefault(name, {})["first_call"] = {
                    "games_per_second": rate(count, wall),
                    "games_per_cpu_second": rate(count, cpu)}
                play(count, 10_000, fast)  # the warm-up call
        samples: dict[tuple[str, str], list[tuple[float, float | None]]] = {}
        for repeat in range(max(r for _, _, r in runners.values())):
            for name, fast in PATHS:
                for runtime, (play, count, times) in runners.items():
                    if repeat >= times:
                        continue
                    wall, cpu, turns = play(count, (repeat + 1) * 1000, fast)
                    samples.setdefault((runtime, name), []).append((wall, cpu))
                    print(f"{runtime:8} {name:9} batch {repeat + 1}: {count / wall:7.1f} games/s "
                          f"wall, {'-' if not cpu else f'{count / cpu:7.1f}'} games/s CPU, "
                          f"{turns / count:5.1f} turns/game", file=sys.stderr, flush=True)
        for (runtime, name), values in samples.items():
            count = runners[runtime][1]
            cpus = [c for _, c in values if c]
            out[runtime][name]["warm"] = {
                "games_per_second": rate(count, statistics.median(w for w, _ in values)),
                "games_per_cpu_second": rate(count, statistics.median(cpus)) if cpus else None}
    finally:
        if page is not None:
            page.__exit__(None, None, None)
    return out


# -- main --


def print_table(result: dict[str, Any]) -> None:
    """Games per second (wall and CPU), first call and warm, and Pyodide against CPython."""
    print(f"{'':22}{'first call':>22}{'warm':>22}")
    print(f"{'games/s':22}{'wall':>11}{'CPU':>11}{'wall':>11}{'CPU':>11}")
    for runtime in ("cpython", "pyodide"):
        for name, _ in PATHS:
            figures = result.get(runtime, {}).get(name)
            if not figures:
                continue
            cells = "".join(f"{'-' if v is None else v:>11}" for part in ("first_call", "warm")
                            for v in (figures[part]["games_per_second"],
                                      figures[part]["games_per_cpu_second"]))
            print(f"{runtime + ' ' + name:22}{cells}")
    for key, value in result.get("pyodide_vs_cpython", {}).items():
        print(f"Pyodide / CPython {key}: {value}")
    print(f"goal: {GOAL} games/s (CPython fast, wall)")


def ratios(result: dict[str, Any]) -> dict[str, float]:
    """Pyodide's games per second over CPython's, per path, first call and warm, wall and CPU."""
    out: dict[str, float] = {}
    for name, _ in PATHS:
        for part in ("first_call", "warm"):
            for unit in ("games_per_second", "games_per_cpu_second"):
                mine = result.get("pyodide", {}).get(name, {}).get(part, {}).get(unit)
                theirs = result["cpython"][name][part][unit]
                if mine and theirs:
                    label = "wall" if unit == "games_per_second" else "CPU"
                    out[f"{name} {part} {label}"] = round(mine / theirs, 2)
    return out


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per CPython batch")
    parser.add_argument("--repeats", type=int, default=3, help="warm CPython batches")
    parser.add_argument("--browser", action=argparse.BooleanOptionalAction, default=True,
                        help="also measure Pyodide in headless Chromium (default: yes)")
    parser.add_argument("--browser-games", type=int, default=100, help="games per browser batch")
    parser.add_argument("--browser-repeats", type=int, default=3, help="warm browser batches")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.browser:
        try:
            import playwright  # noqa: F401
        except ImportError:
            python = ROOT / ".venv" / "bin" / "python"
            if not python.is_file() or sys.prefix != sys.base_prefix:
                sys.exit("Playwright is missing: run `python3 build.py test -q "
                         "tests/test_build.py` once to create .venv, or pass --no-browser")
            os.execv(python, [str(python), __file__, *sys.argv[1:]])
    result: dict[str, Any] = {
        "bench": "engine", "python": sys.version.split()[0], "players": 5,
        "games_per_run": args.games, "browser_games_per_run": args.browser_games,
        "goal": GOAL, "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    result.update(measure(args.games, args.repeats, args.browser_games, args.browser_repeats,
                          args.browser))
    result["pyodide_vs_cpython"] = ratios(result)
    print_table(result)
    print(json.dumps(result))
    if args.profile:
        print(profile(min(args.games, 100)))


if __name__ == "__main__":
    main()
