"""A first visit on slow links and slow CPUs: the page's chosen route against both routes.

    python3 build.py site && .venv/bin/python bench/first_visit.py [--runs 1]
        [--rows local,40mbps,10mbps,1.6mbps,local@4x,40mbps@4x,10mbps@4x]
        [--variants auto,build,start,bare] [--other OLD_SITE --variants auto,other,...]

One local server (a copy of _site/, every compressible file gzipped beforehand, as GitHub
Pages sends it; build.py serves the same), one headless Chromium. Each load is a first visit
(a new browser context: empty HTTP cache, no service worker), throttled with the DevTools
protocol: ``Network.emulateNetworkConditions`` (download and upload rate, latency) and
``Emulation.setCPUThrottlingRate``. For each row it times, from navigation start to a playable
board (``<html data-engine="ready">``):

- ``auto``: the page as a player gets it: it asks for the snapshot once the runtime's own
  downloads prove it faster than the start, never when they say it is slower, and weighs the
  rest of that download again when Python could start (snapshot-route.js); the route it chose
  (``data-snapshot-route``) and what it weighed (``data-snapshot-weighed``) are printed, with
  the engine loader's marks and the large downloads' times;
- ``build``: ``?route=build``, the build's snapshot fetched whatever the link;
- ``start``: ``?route=start``, Python started (and the engine imported) in the page;
- ``bare``: a page that only runs ``loadPyodide`` from the same files (bench/load.py's);
- ``other``: with ``--other DIR``, another build's site (its page as a player gets it), served
  beside this one from ``other/``: an older commit's ``_site/`` (built in a git worktree)
  gives a before/after comparison in the same runs.

Caveats: DevTools' CPU throttling is a thread that interrupts the page's main thread every
0.2 ms, so on a machine busy with other work it throttles less than asked, and a busy machine
slows Python's start (seconds of main-thread work) and the restore alike. Say how loaded the
machine was (the JSON line has the load average) with every figure.

Goal: ``auto`` within 5% of the faster of ``build`` and ``start`` on every row. The variants
of a row run in turn, once per run, so that a busy machine slows them alike; medians are
printed. A 1.6 Mbit/s row takes minutes a load. Prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import BARE_HTML, BARE_JS, BARE_PAGE, BARE_SCRIPT, INIT_SCRIPT
from playwright.sync_api import Browser, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS
from tools.chromium import chromium_path
from tools.paths import BUILD_INFO, SITE
from tools.server import precompress, serving

READY_TIMEOUT_MS = 600_000


@dataclass(frozen=True)
class Row:
    """A link and a CPU: Mbit/s (None: not throttled), latency in ms, CPU slowdown."""

    name: str
    mbps: float | None
    latency_ms: float
    cpu: float


ROWS = {
    "local": Row("local @1x", None, 0, 1),
    "40mbps": Row("40 Mbps / 20 ms @1x", 40, 20, 1),
    "10mbps": Row("10 Mbps / 40 ms @1x", 10, 40, 1),
    "1.6mbps": Row("1.6 Mbps / 150 ms @1x", 1.6, 150, 1),
    "local@4x": Row("local @4x", None, 0, 4),
    "40mbps@4x": Row("40 Mbps / 20 ms @4x", 40, 20, 4),
    "10mbps@4x": Row("10 Mbps / 40 ms @4x", 10, 40, 4),
    "1.6mbps@4x": Row("1.6 Mbps / 150 ms @4x", 1.6, 150, 4),
}
VARIANTS = {"auto": "", "build": "?route=build", "start": "?route=start", "bare": BARE_PAGE,
            "other": "other/"}
#: where --other's site is served, beside this one
OTHER = "other"

GOAL = 1.05

#: the page's downloads of 100 kB or more: name, when asked for and when whole (s)
FILES_JS = """() => performance.getEntriesByType('resource')
  .filter((e) => e.transferSize >= 100000 || e.name.includes('/snapshot/'))
  .map((e) => `${e.name.split('/').pop().slice(0, 16)} ${(e.startTime / 1000).toFixed(2)}-`
    + `${(e.responseEnd / 1000).toFixed(2)}`).join(', ')"""


@dataclass(frozen=True)
class Visit:
    """One first visit: seconds to a playable board, and the route the page took."""

    seconds: float
    route: str | None
    weighed: str | None
    #: the engine loader's marks (s from navigation start)
    marks: str = ""
    #: the large downloads: name, from request to last byte (s from navigation start)
    files: str = ""


def visit(browser: Browser, url: str, row: Row) -> Visit:
    """One throttled first visit in a new context."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(INIT_SCRIPT)  # records when data-engine turns "ready"
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        if row.mbps is not None:
            rate = row.mbps * 1e6 / 8
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": row.latency_ms, "downloadThroughput": rate,
                "uploadThroughput": rate})
        if row.cpu != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": row.cpu})
        page.goto(url, timeout=READY_TIMEOUT_MS)
        page.locator('html[data-engine="ready"], html[data-engine="error"]').wait_for(
            state="attached", timeout=READY_TIMEOUT_MS)
        if page.get_attribute("html", "data-engine") != "ready":
            raise RuntimeError(f"{url}: {page.get_attribute('html', 'data-engine-error')}")
        ready = page.evaluate("() => window.__bench.ready")
        marks = page.evaluate(
            "() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith("
            "'qv:engine-')).map((m) => `${m.name.slice(10)} ${(m.startTime / 1000).toFixed(2)}`)"
            ".join(', ')")
        files = page.evaluate(FILES_JS)
        return Visit(ready / 1000, page.get_attribute("html", "data-snapshot-route"),
                     page.get_attribute("html", "data-snapshot-weighed"), marks, files)
    finally:
        context.close()


def run_rows(site: Path, rows: Sequence[Row], variants: Sequence[str],
             runs: int) -> list[dict[str, Any]]:
    """Every row's variants, `runs` times each, in turn."""
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-xdg-") as xdg, \
            serving(site, "127.0.0.1", 0, quiet=True) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                    env={**os.environ, "XDG_CONFIG_HOME": xdg})
        for row in rows:
            visits: dict[str, list[Visit]] = {name: [] for name in variants}
            for _ in range(runs):
                for name in variants:
                    done = visit(browser, url + VARIANTS[name], row)
                    visits[name].append(done)
                    print(f"  {row.name:24} {name:6} {done.seconds:7.2f} s  {done.route or ''} "
                          f"{done.weighed or ''} [{done.marks}] [{done.files}]", file=sys.stderr,
                          flush=True)
            results.append(summarize(row, visits))
        browser.close()
    return results


def summarize(row: Row, visits: dict[str, list[Visit]]) -> dict[str, Any]:
    """Medians per variant, the routes auto took, and auto against the faster route."""
    medians = {name: round(statistics.median(v.seconds for v in runs), 2)
               for name, runs in visits.items()}
    out: dict[str, Any] = {"row": row.name, "seconds": medians,
                           "runs": {name: [round(v.seconds, 2) for v in runs]
                                    for name, runs in visits.items()}}
    if "auto" in visits:
        out["auto_routes"] = [v.route for v in visits["auto"]]
        out["auto_weighed"] = [v.weighed for v in visits["auto"]]
    if {"auto", "build", "start"} <= medians.keys():
        out["auto_vs_best"] = round(medians["auto"] / min(medians["build"], medians["start"]), 3)
    if {"auto", "bare"} <= medians.keys():
        out["auto_vs_bare"] = round(medians["auto"] / medians["bare"], 3)
    return out


def print_table(results: list[dict[str, Any]], variants: Sequence[str]) -> None:
    """One line per row: the medians, the route auto took, auto / best route."""
    head = f"{'network @ CPU':24}" + "".join(f"{name:>9}" for name in variants)
    print(head + "  auto/best  auto/bare  auto's route")
    for r in results:
        cells = "".join(f"{r['seconds'][name]:8.2f}s" for name in variants)
        best = r.get("auto_vs_best")
        bare = r.get("auto_vs_bare")
        routes = ",".join(map(str, r.get("auto_routes", [])))
        print(f"{r['row']:24}{cells}  {'' if best is None else f'{best:9.2f}'}  "
              f"{'' if bare is None else f'{bare:9.2f}'}  {routes}")
    print(f"goal: auto within {GOAL:.2f}x of the faster route on every row")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every chosen row and print."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--rows", default="local,40mbps,10mbps,local@4x,40mbps@4x",
                        help=f"comma-separated, of {', '.join(ROWS)}")
    parser.add_argument("--variants", default="auto,build,start,bare",
                        help=f"comma-separated, of {', '.join(VARIANTS)}")
    parser.add_argument("--other", type=Path, default=None,
                        help="another build's site, timed as the variant 'other'")
    args = parser.parse_args(argv)
    rows = [ROWS[name] for name in args.rows.split(",")]
    variants = [name for name in args.variants.split(",") if name]
    unknown = set(variants) - VARIANTS.keys()
    if unknown:
        parser.error(f"unknown variants {unknown}")
    if ("other" in variants) != (args.other is not None):
        parser.error("the variant 'other' and --other go together")
    site = SITE
    if not (site / BUILD_INFO).is_file():
        print("no built site: run `python3 build.py site` first", file=sys.stderr)
        return 1
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        (copy / BARE_PAGE).write_text(BARE_HTML, encoding="utf-8")
        (copy / BARE_SCRIPT).write_text(BARE_JS, encoding="utf-8")
        if args.other is not None:
            shutil.copytree(args.other, copy / OTHER)
        precompress(copy)
        info = json.loads((copy / BUILD_INFO).read_text(encoding="utf-8"))
        results = run_rows(copy, rows, variants, args.runs)
    print_table(results, variants)
    print(json.dumps({"bench": "first_visit", "build": info["build"], "cpus": os.cpu_count(),
                      "load_average": os.getloadavg(), "runs": args.runs, "rows": results,
                      "seconds": round(time.monotonic() - started, 1)}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
