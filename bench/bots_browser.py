"""Bots in the page, in headless Chromium (Debian's, as the tests): decision times per level and
the main thread's longest task while the bots play.

    python3 build.py site && .venv/bin/python bench/bots_browser.py [--games 1] [--pause 0]
        [--players 3] [--load 0]

For each level (easy, normal, hard) one browser context opens the site, starts a game of
``--players`` (three to five) with the human in seat 0 and bots of that level in the other seats
(the new game screen, as a player does), and plays it to the end: the human's decisions are
made by a small policy in the page (climb, ask, agree; the same kind of choices as the browser
tests' player), called between the bots' turns.
The bots think in their Web Worker (bot-worker.js).

Printed per level, in milliseconds:
- ``think``: a decision's time inside the worker (the bot alone);
- ``answer``: from the page asking to the answer arriving back on the main thread (includes the
  worker's start-up for the game's first decision, and the messages);
- ``shown``: from the page asking to the move on the board: max(pause, answer) when the pause
  overlaps the thinking (run with ``--pause 700`` to see it);
- the main thread's longest task during the game (PerformanceObserver ``longtask``; tasks under
  50 ms are not reported by the browser, so 0 means none over 50 ms) and how many were over 50 ms;
  that is wall-clock time, which a busy machine stretches, so the same tasks are also read from
  a Chromium trace (category ``toplevel``) with their CPU time on the main thread (``tdur``):
  the work the page itself does in one task;
- when the worker was created, after the board became playable (``data-engine="ready"``), and
  the game's first answer (which waits for the worker's start unless it is warm: the page
  starts it when a bot seat is chosen); ``--read-ms 2000`` keeps the new game screen open that
  long after the bench has chosen the bots, as a player still filling it in.

``--load N`` runs N processes that keep a core busy each, from before the browser starts to the
end: a loaded machine, made the same way every time (``--load 2`` on two cores: the browser's
threads then share the cores with two busy processes). The load average printed is the
machine's, the bench's own included.

Goals: hard p95 <= 500 ms and max <= 1500 ms, normal p95 <= 50 ms (think), no main-thread task over
50 ms during bot play. Prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS
from tools.chromium import chromium_path
from tools.paths import SITE
from tools.server import serving

LEVELS = ("easy", "normal", "hard")
GOALS_P95_MS = {"hard": 500.0, "normal": 50.0}
GOALS_MAX_MS = {"hard": 1500.0}
LONG_TASK_MS = 50.0
#: a long task made on purpose on the main thread before the games, which the observer must see
PROBE_MS = 80
TIMEOUT_MS = 600_000

OBSERVE_LONG_TASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask", buffered: true});
"""

#: the human's decision, made in the page between the bots' turns; returns false when the
#: table does not wait for the human
HUMAN_MOVE = """() => {
  const app = window.__qv.app;
  const view = app.view;
  if (view.stage === "over" || app.bots.actor(view) !== null) return false;
  const seat = view.waiting_for[0];
  const own = app.engine.seatView(seat).view;  // without the log: the policy's own cost stays small
  const legal = own.legal.filter((a) => a.player === seat);
  const tried = (window.__tried ??= new Set());
  const key = (a) => `${view.turn}:${a.from}-${a.to}`;
  const by = (f) => (a, b) => f(b) - f(a);
  const of = (type) => legal.filter((a) => a.type === type);
  let pick = of("answer").sort(by((a) => a.consents))[0];
  if (!pick && view.stage === "bonus") pick = of("decline")[0] ?? legal[0];
  if (!pick && view.stage === "council") pick = of("retire")[0];
  if (!pick && view.stage === "consent") {
    const r = own.request;
    pick = of("move").find((a) => a.from === r.from && a.to === r.to);
    if (!pick) { tried.add(key(r)); pick = of("withdraw")[0]; }
  }
  if (!pick) pick = of("move").sort(by((a) => a.to * 10 - a.supporters.length))[0];
  if (!pick) pick = of("request").filter((a) => !tried.has(key(a))).sort(by((a) => a.to))[0];
  if (!pick) pick = of("add")[0] ?? of("caesar")[0] ?? legal[0];
  const reply = app.act(pick);
  if (!reply.ok) throw new Error(reply.error.message);
  return true;
}"""

#: the bots have nothing to do in the view the page has drawn whole (an action's view is drawn
#: in steps; data-actions and data-bots change in the last)
WAIT_HUMAN = """() => { const r = document.documentElement.dataset;
  const drawn = Number(r.actions) === window.__qv.app.view?.log.length;
  return drawn && (r.stage === "over" || r.bots === "idle" || r.bots === "error"); }"""


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summary(values: list[float]) -> dict[str, float]:
    return {"n": len(values), "mean": statistics.fmean(values) if values else float("nan"),
            "p50": percentile(values, 0.5), "p95": percentile(values, 0.95),
            "max": max(values, default=float("nan"))}


def start_game(page: Page, level: str, seed: int, read_ms: int = 0, players: int = 3) -> None:
    """The new game screen, as a player fills it in: seat 0 human, the other seats bots of
    ``level``, then ``read_ms`` more before the game starts."""
    dialog = page.get_by_test_id("new-game-dialog")
    end = page.get_by_test_id("end-screen")
    if end.is_visible():  # the last game's end screen offers the next one
        end.get_by_test_id("end-new-game").click()
    elif not dialog.is_visible():
        page.get_by_test_id("new-game").click()
    dialog.get_by_test_id(f"players-{players}").check()
    for seat, kind in enumerate(("human",) + (level,) * (players - 1)):
        dialog.get_by_test_id(f"kind-{seat}").select_option(kind)
    dialog.get_by_test_id("first-player").select_option("0")
    dialog.get_by_test_id("seed").fill(str(seed))
    if read_ms:
        page.wait_for_timeout(read_ms)  # a player still filling the screen in
    dialog.get_by_test_id("start-game").click()
    confirm = page.get_by_test_id("new-game-confirm")
    if confirm.is_visible():
        confirm.get_by_test_id("confirm-yes").click()
    page.wait_for_function("() => document.documentElement.dataset.actions === '0'")


def play_game(page: Page) -> int:
    """The human plays until the game is over; returns the number of actions."""
    for _ in range(5000):
        page.wait_for_function(WAIT_HUMAN, timeout=TIMEOUT_MS)
        if page.get_attribute("html", "data-bots") == "error":
            raise RuntimeError(page.get_by_test_id("message").inner_text())
        if page.get_attribute("html", "data-stage") == "over":
            return int(page.get_attribute("html", "data-actions") or 0)
        page.evaluate(HUMAN_MOVE)
    raise RuntimeError("the game did not end")


def run_level(browser: Any, url: str, level: str, games: int, pause: int,
              read_ms: int = 0, players: int = 3) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    context.add_init_script(OBSERVE_LONG_TASKS)
    page = context.new_page()
    page.goto(f"{url}?botpause={pause}")
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'",
                           timeout=TIMEOUT_MS)
    ready_ms = page.evaluate("() => performance.now()")
    # the observer must see a long task, or its count of none would mean nothing: one of
    # PROBE_MS, made on purpose before the games (and not counted in them)
    page.evaluate(f"() => {{ const end = performance.now() + {PROBE_MS}; "
                  "while (performance.now() < end); }")
    page.wait_for_function(f"() => window.__longtasks.some((t) => t.ms >= {PROBE_MS})")
    actions = []
    starts = []
    cpu: list[float] = []
    for game in range(games):
        start_game(page, level, seed=1000 + game, read_ms=read_ms if game == 0 else 0,
                   players=players)
        starts.append(page.evaluate("() => performance.now()"))
        browser.start_tracing(page=page, categories=["toplevel"])
        try:
            actions.append(play_game(page))
        finally:
            cpu += main_thread_cpu_ms(browser.stop_tracing())
    data = page.evaluate("""() => ({
      stats: window.__qv.app.bots.stats,
      long: window.__longtasks,
      worker: performance.getEntriesByName("qv:bots-worker")[0]?.startTime ?? null,
      errors: window.__qv.app.bots.errors,
    })""")
    context.close()
    mine = [s for s in data["stats"] if s["level"] == level]
    during = [t for t in data["long"] if t["start"] >= starts[0]]
    return {
        "level": level, "games": games, "actions": actions,
        "think": summary([s["ms"] for s in mine]),
        # the game's first answer waits for the worker's Pyodide: counted apart
        "answer": summary([s["wall"] for s in mine[1:]]),
        "first_answer_ms": mine[0]["wall"] if mine else None,
        "shown": summary([s["shown"] for s in mine if s["shown"] is not None]),
        "long_tasks_over_50ms": len([t for t in during if t["ms"] > LONG_TASK_MS]),
        "longest_task_ms": max((t["ms"] for t in during), default=0.0),
        "worker_started_after_ready_ms": None if data["worker"] is None
        else data["worker"] - ready_ms,
        "longest_task_cpu_ms": max(cpu, default=0.0),
        "tasks_over_50ms_cpu": len([ms for ms in cpu if ms > LONG_TASK_MS]),
        "bot_errors": data["errors"],
    }


def main_thread_cpu_ms(trace: bytes) -> list[float]:
    """The CPU time (ms) of every task on the page's main thread in a Chromium trace."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
            and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return [e.get("tdur", 0) / 1000 for e in events
            if e.get("ph") == "X" and e.get("name") in ("RunTask", "ThreadControllerImpl::RunTask")
            and (e["pid"], e["tid"]) in main]


def _busy() -> None:
    """Keep one core busy until killed (``--load``)."""
    while True:
        pass


@contextlib.contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """``count`` processes that each keep a core busy while the block runs."""
    workers = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(count)]
    for worker in workers:
        worker.start()
    try:
        yield
    finally:
        for worker in workers:
            worker.kill()
            worker.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per level")
    parser.add_argument("--pause", type=int, default=0, help="the bots' visible pause, ms")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=3,
                        help="players at the table: you and the bots")
    parser.add_argument("--load", type=int, default=0,
                        help="processes that keep a core busy each while the bench runs")
    parser.add_argument("--read-ms", type=int, default=0,
                        help="how long the new game screen stays open, bots chosen, "
                        "before the first game")
    args = parser.parse_args(argv)
    site = SITE
    if not (site / "index.html").is_file():
        print("build the site first: python3 build.py site", file=sys.stderr)
        return 2
    results = []
    load_before = os.getloadavg()[0]
    with busy_cores(args.load), serving(site, "127.0.0.1", 0, quiet=True) as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for level in args.levels.split(","):
                results.append(run_level(browser, url, level, args.games, args.pause,
                                         args.read_ms, args.players))
        finally:
            browser.close()
    load = (load_before, os.getloadavg()[0])
    print(f"bots in headless Chromium, {args.players} players (you + {args.players - 1} bots), "
          f"pause {args.pause} ms, {args.games} game(s) per level; times in ms; {args.load} "
          f"busy processes; load average {load[0]:.1f} before, {load[1]:.1f} after "
          f"({os.cpu_count()} cores)")
    print(f"{'level':7} {'n':>4} {'think mean':>10} {'p50':>7} {'p95':>7} {'max':>7} "
          f"{'answer p95':>10} {'shown p95':>9} {'longest task':>12} {'>50ms':>5} "
          f"{'longest CPU':>11} {'>50ms':>5}")
    for r in results:
        t = r["think"]
        print(f"{r['level']:7} {t['n']:>4} {t['mean']:>10.1f} {t['p50']:>7.1f} {t['p95']:>7.1f} "
              f"{t['max']:>7.1f} {r['answer']['p95']:>10.1f} {r['shown']['p95']:>9.1f} "
              f"{r['longest_task_ms']:>12.1f} {r['long_tasks_over_50ms']:>5} "
              f"{r['longest_task_cpu_ms']:>11.1f} {r['tasks_over_50ms_cpu']:>5}")
    for r in results:
        worker, first = r["worker_started_after_ready_ms"], r["first_answer_ms"]
        if worker is None or first is None:
            print(f"{r['level']}: no worker")
            continue
        print(f"{r['level']}: the game's first answer {first:.0f} ms after the question; the "
              f"worker created {worker:.0f} ms after the page was ready (screen open "
              f"{args.read_ms} ms with the bots chosen)")
    for r in results:
        goal = GOALS_P95_MS.get(r["level"])
        if goal is not None:
            verdict = "met" if r["think"]["p95"] <= goal else "NOT met"
            print(f"goal {r['level']} p95 <= {goal:.0f} ms: {verdict}")
        top = GOALS_MAX_MS.get(r["level"])
        if top is not None:
            verdict = "met" if r["think"]["max"] <= top else "NOT met"
            print(f"goal {r['level']} max <= {top:.0f} ms: {verdict}")
    worst = max((r["longest_task_ms"] for r in results), default=0.0)
    worst_cpu = max((r["longest_task_cpu_ms"] for r in results), default=0.0)
    print(f"goal no main-thread task over {LONG_TASK_MS:.0f} ms during bot play: "
          f"{'met' if worst <= LONG_TASK_MS else 'NOT met'} in wall-clock time (longest "
          f"{worst:.1f} ms), {'met' if worst_cpu <= LONG_TASK_MS else 'NOT met'} in the main "
          f"thread's CPU time (longest {worst_cpu:.1f} ms)")
    print(json.dumps({"bots_browser": results, "pause_ms": args.pause, "read_ms": args.read_ms,
                      "players": args.players, "busy_processes": args.load,
                      "load_average": load}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
