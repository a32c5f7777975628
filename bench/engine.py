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
and a page that loads the engine as the game does runs the same code and
reports its figures. Prints a table and one JSON line.
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
import subprocess
import sys
import tempfile
import time
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
#: the code the page runs in Pyodide: the same two loops as ``run`` below
PAGE_PYTHON = """
import json, random, time
from qvcore.options import Options
from qvcore.playout import random_playout
from qvcore.simulate import play_random_game
from qvcore.state import GameState

def bench(games, fast):
    options = Options(players=5)
    start = time.perf_counter()
    turns = 0
    for seed in range(games):
        if fast:
            state = random_playout(GameState(options, seed), random.Random(seed))
        else:
            state = play_random_game(options, seed, check=False)[0]
        turns += state.turn
    return games / (time.perf_counter() - start), turns / games

bench(5, True)
bench(5, False)
rates = {"fast": [], "validated": []}
for _ in range(REPEATS):  # interleaved, so that a busy machine slows both alike
    for name, fast in (("fast", True), ("validated", False)):
        rates[name].append(bench(GAMES, fast)[0])
results = {name: round(sorted(r)[len(r) // 2], 1) for name, r in rates.items()}
import sys
results["python"] = sys.version.split()[0]
json.dumps(results)
"""
PAGE_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>bench: engine in Pyodide</title>
<script type="module">
  import { loadEngine } from "./engine-loader.js";
  try {
    const pyodide = await loadEngine();
    const code = await (await fetch("./bench-engine.py")).text();
    window.benchResult = JSON.parse(await pyodide.runPythonAsync(code));
  } catch (error) {
    window.benchResult = { error: String(error) };
  }
</script></head>
<body><p>engine benchmark</p></body>
</html>
"""


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


def cpython_figures(games: int, repeats: int) -> dict[str, Any]:
    """Median games/s (wall and CPU) of both paths over ``repeats`` runs of ``games`` games."""
    walls: dict[str, list[float]] = {"fast": [], "validated": []}
    cpus: dict[str, list[float]] = {"fast": [], "validated": []}
    for repeat in range(repeats):  # interleaved, so that a busy machine slows both alike
        for name, fast in (("fast", True), ("validated", False)):
            wall, cpu, turns = run(games, repeat * games, fast)
            walls[name].append(games / wall)
            cpus[name].append(games / cpu)
            print(f"CPython {name:9} run {repeat + 1}: {games / wall:7.1f} games/s wall, "
                  f"{games / cpu:7.1f} games/s CPU, {turns / games:5.1f} turns/game",
                  file=sys.stderr)
    out: dict[str, Any] = {
        name: {"games_per_second": round(statistics.median(walls[name]), 1),
               "games_per_cpu_second": round(statistics.median(cpus[name]), 1)}
        for name in walls}
    return out


def profile(games: int) -> str:
    """Where the fast path's time goes, by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(run, games, 0, True)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


# -- Pyodide in Chromium --


def browser_figures(games: int, repeats: int) -> dict[str, Any]:
    """Build the site, serve a snapshot with the bench page, run it in headless Chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return _browser_in_venv(games, repeats)
    import build
    from tests.browser.conftest import CHROMIUM_ARGS

    build.build_site()
    with tempfile.TemporaryDirectory() as tmp:
        snapshot = Path(tmp) / "site"
        shutil.copytree(build.SITE, snapshot)
        (snapshot / PAGE).write_text(PAGE_HTML, encoding="utf-8")
        code = PAGE_PYTHON.replace("GAMES", str(games)).replace("REPEATS", str(repeats))
        (snapshot / "bench-engine.py").write_text(code, encoding="utf-8")
        config = Path(tmp) / "xdg-config"
        config.mkdir()
        with build.serving(snapshot, "127.0.0.1", 0, quiet=True) as url, \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=build.chromium_path(), args=CHROMIUM_ARGS,
                env={**os.environ, "XDG_CONFIG_HOME": str(config)})
            try:
                # the bench page is not the game: the site's CSP is not what is measured
                page = browser.new_page(bypass_csp=True)
                page.goto(url + PAGE)
                page.wait_for_function("window.benchResult !== undefined",
                                       timeout=600_000, polling=500)
                result: dict[str, Any] = page.evaluate("window.benchResult")
                version = browser.version
            finally:
                browser.close()
    if "error" in result:
        return {"error": result["error"]}
    return {"fast": {"games_per_second": result["fast"]},
            "validated": {"games_per_second": result["validated"]},
            "python": result["python"], "chromium": version, "games_per_run": games}


def _browser_in_venv(games: int, repeats: int) -> dict[str, Any]:
    """Without Playwright here, run the browser part with the project's .venv (build.py test)."""
    python = ROOT / ".venv" / "bin" / "python"
    if not python.is_file() or sys.prefix != sys.base_prefix:
        return {"error": "Playwright is missing: run `python3 build.py test -q tests/test_setup.py`"
                " once to create .venv"}
    done = subprocess.run(
        [str(python), __file__, "--browser-only", "--browser-games", str(games),
         "--browser-repeats", str(repeats)], capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        return {"error": (done.stderr or done.stdout).strip()[-500:]}
    figures: dict[str, Any] = json.loads(lines[-1])
    return figures


# -- main --


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per CPython run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--browser", action=argparse.BooleanOptionalAction, default=True,
                        help="also measure Pyodide in headless Chromium (default: yes)")
    parser.add_argument("--browser-games", type=int, default=100, help="games per browser run")
    parser.add_argument("--browser-repeats", type=int, default=3)
    parser.add_argument("--browser-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.browser_only:
        print(json.dumps(browser_figures(args.browser_games, args.browser_repeats)))
        return
    result: dict[str, Any] = {
        "bench": "engine", "python": sys.version.split()[0], "players": 5,
        "games_per_run": args.games, "goal": GOAL,
        "cpython": cpython_figures(args.games, args.repeats),
    }
    fast = result["cpython"]["fast"]["games_per_second"]
    validated = result["cpython"]["validated"]["games_per_second"]
    result["speedup_cpu"] = round(result["cpython"]["fast"]["games_per_cpu_second"]
                                  / result["cpython"]["validated"]["games_per_cpu_second"], 2)
    if args.browser:
        result["pyodide"] = browser_figures(args.browser_games, args.browser_repeats)
        pyodide_fast = result["pyodide"].get("fast", {}).get("games_per_second")
        if pyodide_fast:
            result["pyodide_vs_cpython"] = round(pyodide_fast / fast, 2)
    rows = [("CPython fast", fast), ("CPython validated", validated),
            ("CPython fast CPU", result["cpython"]["fast"]["games_per_cpu_second"]),
            ("CPython valid. CPU", result["cpython"]["validated"]["games_per_cpu_second"])]
    if "fast" in result.get("pyodide", {}):
        rows += [("Pyodide fast", result["pyodide"]["fast"]["games_per_second"]),
                 ("Pyodide validated", result["pyodide"]["validated"]["games_per_second"])]
    for name, rate in rows:
        print(f"{name:18} {rate:8.1f} games/s (goal {GOAL})")
    print(json.dumps(result))
    if args.profile:
        print(profile(min(args.games, 100)))


if __name__ == "__main__":
    main()
