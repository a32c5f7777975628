"""Palatinus bot decision times inside Pyodide (the page's Python), run by Node's V8.

    python3 bench/palatinus_pyodide.py [--games 4] [--players 4] [--seats hard,easy,easy,easy]

Builds the wheel, starts the cached Pyodide of the build (``.cache/pyodide-*``) in Node
(the same WebAssembly engine as Chromium), and plays seeded bot games through the JSON
bridges the page uses (``jsapi.Table`` and ``botbridge.BotHost``); each decision is timed
from JavaScript with the process's CPU time (``process.cpuUsage``: a loaded machine does
not inflate it) and the wall clock. Prints one JSON line: per level the decisions' mean,
p95 and max CPU milliseconds and the wall clock's p95. A decision here includes the
bridge calls the page makes around it (the seat's view, the action). The goal is a p95
of at most 500 ms for every level.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import wheel_backend  # noqa: E402
from tools.paths import CACHE  # noqa: E402
from tools.pins import PYODIDE_VERSION  # noqa: E402

PLAY = r"""
import json, sys
sys.path.insert(0, "/lib/qvcore.whl")
from qvcore.palatinus.jsapi import Table
from qvcore.palatinus.botbridge import BotHost
seats = SEATS
games = iter(range(GAMES))
table = host = order = None


def step():
    # one bot decision and its action: the level that decided, or "" when all is played
    global table, host, order
    seat = None if table is None else json.loads(table.view(None))["view"]["current"]
    if seat is None:
        game = next(games, None)
        if game is None:
            return ""
        order = seats[game % len(seats):] + seats[:game % len(seats)]
        table, host = Table(), BotHost()
        table.new_game(json.dumps({"players": len(order), "first_player": None}), 100 + game)
        for s, level in enumerate(order):
            host.create(s, level, game * 7 + s)
        seat = json.loads(table.view(None))["view"]["current"]
    view = json.dumps(json.loads(table.seat_view(seat))["view"])
    reply = json.loads(host.decide(seat, view))
    assert json.loads(table.act(json.dumps(reply["action"])))["ok"]
    return order[seat]
"""

NODE = r"""
import { loadPyodide } from "PYODIDE/pyodide.mjs";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "PYODIDE/" });
pyodide.FS.writeFile("/lib/qvcore.whl", readFileSync("WHEEL"));
pyodide.runPython(readFileSync("SCRIPT", "utf8"));
const step = pyodide.globals.get("step");
const times = {};
for (;;) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const level = step();
  if (!level) break;
  const used = process.cpuUsage(cpu);
  (times[level] ??= []).push([(used.user + used.system) / 1000, performance.now() - wall]);
}
console.log(JSON.stringify(times));
"""


def figures(samples: list[list[float]]) -> dict[str, float]:
    """Mean, p95 and max in milliseconds of CPU time, and the p95 of the wall clock."""
    cpu = sorted(s[0] for s in samples)
    wall = sorted(s[1] for s in samples)
    p95 = int(0.95 * (len(cpu) - 1))
    return {"decisions": len(cpu), "cpu_mean_ms": round(sum(cpu) / len(cpu), 1),
            "cpu_p95_ms": round(cpu[p95], 1), "cpu_max_ms": round(cpu[-1], 1),
            "wall_p95_ms": round(wall[p95], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="hard,easy,easy,easy")
    args = parser.parse_args()
    seats = args.seats.split(",")
    if len(seats) != args.players:
        parser.error("give one level per seat")
    pyodide = CACHE / f"pyodide-{PYODIDE_VERSION}"
    with tempfile.TemporaryDirectory() as tmp:
        wheel = wheel_backend.write_wheel(Path(tmp))
        script = Path(tmp) / "play.py"
        script.write_text(PLAY.replace("SEATS", repr(seats)).replace("GAMES", str(args.games)))
        runner = Path(tmp) / "run.mjs"
        runner.write_text(NODE.replace("PYODIDE", str(pyodide)).replace("WHEEL", str(wheel))
                          .replace("SCRIPT", str(script)))
        result = subprocess.run(["node", str(runner)], capture_output=True, text=True,
                                check=False)
        if result.returncode:
            raise SystemExit("\n".join(line[:300] for line in result.stderr.splitlines()[-15:]))
    times = json.loads(result.stdout.strip().splitlines()[-1])
    print(json.dumps({"players": args.players, "games": args.games, "seats": seats,
                      "levels": {level: figures(t) for level, t in times.items()}}))


if __name__ == "__main__":
    main()
