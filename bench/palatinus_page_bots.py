"""Palatinus bot decision times in the page (Chromium), as players meet them.

    python3 build.py site && .venv/bin/python bench/palatinus_page_bots.py \
        [--games 3] [--seats hard,easy,easy,easy]

Opens the built site's palatinus.html in headless Chromium (Debian's, as the tests), seats
only bots and lets each game play to its end, with no pause between moves. The bots' worker
(web/palatinus/bot-worker.js) times each decision (``performance.now()`` around
``BotHost.decide``); the page keeps the times (``window.__pal.table.bots.times``). Prints per
level the number of decisions, their median, p95 and max in milliseconds, as one JSON line.
The goal is a p95 of at most 500 ms for every level.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from tools.chromium import chromium_path  # noqa: E402
from tools.paths import SITE  # noqa: E402
from tools.server import serving  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seats", default="hard,easy,easy,easy")
    args = parser.parse_args()
    seats = args.seats.split(",")
    times: dict[str, list[float]] = {}
    with serving(SITE, "127.0.0.1", 0, quiet=True) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for _ in range(args.games):
            page = browser.new_page()
            page.add_init_script('localStorage.setItem("quo-vadis.bot-pause-ms", "0");')
            page.goto(url + "palatinus.html")
            page.locator('html[data-engine="ready"]').wait_for(state="attached",
                                                               timeout=120_000)
            page.get_by_test_id("pal-count").select_option(str(len(seats)))
            for i, level in enumerate(seats):
                page.get_by_test_id(f"pal-seat-{i}").select_option(level)
            page.get_by_test_id("pal-start").click()
            page.locator('html[data-pal-stage="over"]').wait_for(state="attached",
                                                                 timeout=600_000)
            for entry in page.evaluate("() => window.__pal.table.bots.times"):
                times.setdefault(seats[entry["seat"]], []).append(float(entry["ms"]))
            page.close()
        browser.close()
    result = {level: {"decisions": len(ms), "median_ms": round(statistics.median(ms), 1),
                      "p95_ms": round(p95(ms), 1), "max_ms": round(max(ms), 1)}
              for level, ms in sorted(times.items())}
    print(json.dumps({"games": args.games, "seats": seats, "levels": result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
