"""Load time and click latency of the built site in headless Chromium (Debian's, as the tests).

    python3 build.py site && .venv/bin/python bench/load.py [--runs 5] [--clicks 100]

One local server (serving a copy of _site/ taken at the start, plus the bare page below),
one browser, one run:

(a) cold: navigation start to a playable board (``<html data-engine="ready">``), each load in a
    new browser context (empty HTTP cache, no service worker), beside a bare page that only runs
    ``loadPyodide`` from the same site files (``bench-bare.html``, added to the copy only),
    and the ratio of the medians;
(b) warm: the same with the runtime cached, as on a second visit: each run opens a new context,
    visits the site once and waits until the service worker has cached it
    (``<html data-offline="ready">``) and the page has kept its copy of Python's snapshot, then
    times one more load of each page in that context (both are then served by the worker from
    Cache Storage);
(c) the first paint of the board: when the board's SVG has its offices in the DOM, and the end
    of the next frame (a ``setTimeout`` queued from the next animation frame), beside the
    browser's first-contentful-paint; and where the time of a load goes: the median time of
    each of the page's ``qv:*`` performance marks (app.js and engine-loader.js mark the engine's
    start, the board, the UI's modules, the snapshot read, Python restored, the wheel);
(d) click to updated screen over scripted hot-seat games: from the click (a capturing listener
    on window, which runs before the page's own) to the next animation frame after the first
    change anywhere in the page, measured with ``performance.now()``. The scripted players
    click the board (select, move, add, move Caesar, bonus, council), ask for consent through
    the move dialog now and then, and answer and pick supporters in the dialogs, so every kind
    of action is timed. Figures are printed per kind of action (the type of the log line the
    click added, "ui" for clicks that played none), over the whole game and for the first and
    last third of each game's actions (goal: at most 16 ms median and 33 ms p95, flat).

Goals: a first visit at most 1.0x the bare page, a return visit (runtime cached by the service
worker, Python restored from the browser's unzipped copy of the build's snapshot) at most 0.35x.
The cached state of each kind of load ends with what became of the snapshot (``data-snapshot``:
"restored" from the build's file, "restored-copy" from the browser's copy).

All times are measured in the page from its navigation start (``performance.now()``), so
Playwright's own latency is not in them. Prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
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

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.conftest import CHROMIUM_ARGS
from tools.chromium import chromium_path
from tools.paths import BUILD_INFO, SITE
from tools.server import serving

BARE_PAGE = "bench-bare.html"
ENGINE_TIMEOUT_MS = 120_000
GOALS = {"ratio": 1.0, "warm_ratio": 0.35, "first_paint_ms": 300.0, "click_median_ms": 16.0,
         "click_p95_ms": 33.0}

#: the board's SVG and a sign that it is drawn (its offices are in it)
BOARD_SVG = '[data-testid="board"], svg[aria-label*="board" i]'
BOARD_DRAWN = ('[data-testid="board"] [data-testid^="office-"], '
               'svg[aria-label*="board" i] [data-testid^="office-"]')

BARE_SCRIPT = "bench-bare.js"
#: the site's Content-Security-Policy allows no inline script: the bare page's is a file
BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head>
  <meta charset="utf-8">
  <title>bench: bare loadPyodide</title>
  <link rel="icon" href="data:,">
  <script type="module" src="bench-bare.js"></script>
</head>
<body><p>loadPyodide only</p></body>
</html>
"""
BARE_JS = """// Only the runtime: the baseline the game's load is compared with (bench/load.py).
import { loadPyodide } from "./pyodide/pyodide.mjs";
try {
  await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  document.documentElement.dataset.engine = "ready";
} catch (error) {
  document.documentElement.dataset.engineError = String(error);
  document.documentElement.dataset.engine = "error";
}
"""

#: runs before any script of every page: records when the engine is ready, when the board is
#: drawn and painted, the paint timings, and (once armed) click-to-board latencies
INIT_SCRIPT = """
(() => {
  const BOARD_SVG = __BOARD_SVG__;
  const BOARD_DRAWN = __BOARD_DRAWN__;
  const b = window.__bench = {
    ready: null, boardDrawn: null, boardFrame: null, boardPainted: null, fcp: null, fp: null,
    clicks: [], pending: null, unchanged: 0, settled: 0,
  };
  const afterNextFrame = (callback) => requestAnimationFrame(() => {
    const frame = performance.now();
    setTimeout(() => callback(frame, performance.now()), 0);
  });
  const load = new MutationObserver(() => {
    const html = document.documentElement;
    if (b.ready === null && html && html.dataset.engine === "ready") b.ready = performance.now();
    if (b.boardDrawn === null && document.querySelector(BOARD_DRAWN)) {
      b.boardDrawn = performance.now();
      afterNextFrame((frame, painted) => { b.boardFrame = frame; b.boardPainted = painted; });
    }
    if (b.ready !== null && b.boardDrawn !== null) load.disconnect();
  });
  load.observe(document, { subtree: true, childList: true, attributes: true,
                           attributeFilter: ["data-engine"] });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "first-contentful-paint") b.fcp = entry.startTime;
        if (entry.name === "first-paint") b.fp = entry.startTime;
      }
    }).observe({ type: "paint", buffered: true });
  } catch (error) { /* no paint timing here */ }

  // Click latency: armed by the benchmark once the game runs (b.armClicks()). A click is timed
  // to the frame after the first change it makes anywhere in the page (board, panels, log,
  // dialogs); its kind is the type of the action it played (the log's new last line), or "ui".
  let observer = null;
  const kindOf = (pending) => {
    const html = document.documentElement;
    if (html.dataset.actions === pending.actions) return "ui";
    return document.querySelector("#log li:last-child")?.dataset.type ?? "ui";
  };
  b.armClicks = () => {
    observer = new MutationObserver(() => {
      const pending = b.pending;
      if (pending === null || pending.changed) return;
      pending.changed = performance.now();
      requestAnimationFrame(() => {
        b.clicks.push({ ms: performance.now() - pending.start,
                        dom_ms: pending.changed - pending.start, target: pending.target,
                        kind: kindOf(pending), at: Number(pending.actions ?? 0),
                        game: b.game,
                        acted: document.documentElement.dataset.actions !== pending.actions });
        b.settled += 1;
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true,
                                      characterData: true });
  };
  b.game = 0;
  // A click's handlers run in its task, so a page that has not changed by the next animation
  // frame did not change: the click counts as unchanged.
  window.addEventListener("click", (event) => {
    if (observer === null) return;
    const target = event.target instanceof Element ?
      (event.target.closest("[data-testid]")?.getAttribute("data-testid") ??
       event.target.tagName.toLowerCase()) : "?";
    const pending = b.pending = { start: performance.now(), changed: null, target,
                                  actions: document.documentElement.dataset.actions };
    requestAnimationFrame(() => {
      if (pending.changed === null) {
        b.unchanged += 1;
        b.settled += 1;
      }
    });
  }, { capture: true });
})();
""".replace("__BOARD_SVG__", json.dumps(BOARD_SVG)).replace("__BOARD_DRAWN__",
                                                            json.dumps(BOARD_DRAWN))


@dataclass(frozen=True)
class Load:
    """One page load, in ms from navigation start (None: did not happen)."""

    ready: float
    board_drawn: float | None
    board_painted: float | None
    fcp: float | None
    marks: dict[str, float]
    #: what became of Python's snapshot (<html data-snapshot>), None on the bare page
    snapshot: str | None = None


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def median(values: Sequence[float | None]) -> float | None:
    """The median of the values that are present, or None."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def rounded(value: float | None, digits: int = 1) -> float | None:
    """A figure for the JSON line."""
    return None if value is None else round(value, digits)


def wait_engine(page: Page) -> None:
    """Wait until the page says its engine is ready; raise with its message if it failed."""
    page.locator('html[data-engine="ready"], html[data-engine="error"]').wait_for(
        state="attached", timeout=ENGINE_TIMEOUT_MS)
    if page.get_attribute("html", "data-engine") != "ready":
        raise RuntimeError(f"{page.url}: {page.get_attribute('html', 'data-engine-error')}")


def load_once(context: BrowserContext, url: str) -> Load:
    """Open url in a new page of the context, wait until playable, return the page's timings."""
    page = context.new_page()
    try:
        response = page.goto(url)
        if response is None or not response.ok:
            raise RuntimeError(f"{url}: HTTP {response.status if response else '?'}")
        wait_engine(page)
        if page.locator(BOARD_SVG).count() > 0:
            page.wait_for_function("() => window.__bench.boardPainted !== null")
        data: dict[str, float | None] = page.evaluate(
            "() => ({ready: __bench.ready, board_drawn: __bench.boardDrawn, "
            "board_painted: __bench.boardPainted, fcp: __bench.fcp})")
        marks: dict[str, float] = page.evaluate(
            "() => Object.fromEntries(performance.getEntriesByType('mark')"
            ".filter((m) => m.name.startsWith('qv:')).map((m) => [m.name.slice(3), m.startTime]))")
        ready = data.pop("ready")
        if ready is None:
            raise RuntimeError(f"{url}: the ready time was not recorded")
        page.wait_for_function("() => !document.querySelector('script[src=\"app.js\"]') || "
                               "document.documentElement.dataset.snapshot")
        snapshot = page.get_attribute("html", "data-snapshot")
        return Load(ready=ready, marks=marks, snapshot=snapshot, **data)
    finally:
        page.close()


def new_context(browser: Browser, *, service_workers: bool = False) -> BrowserContext:
    """A fresh context (its own HTTP cache and service workers) with the timing script.

    Service workers are blocked unless asked for: the site registers its worker only once the
    engine is ready, so this does not change the load, but it keeps a worker from downloading
    the site again while the benchmark closes the context.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="allow" if service_workers else "block")
    context.add_init_script(INIT_SCRIPT)
    return context


def prime(context: BrowserContext, url: str) -> str:
    """Visit the site once and wait until it is cached: "service worker" or "HTTP cache"."""
    page = context.new_page()
    try:
        page.goto(url)
        wait_engine(page)
        if page.get_attribute("html", "data-offline") is None:
            return "HTTP cache"
        page.locator('html[data-offline="ready"], html[data-offline="error"], '
                     'html[data-offline="unsupported"]').wait_for(
            state="attached", timeout=ENGINE_TIMEOUT_MS)
        state = page.get_attribute("html", "data-offline")
        # the page keeps an unzipped copy of Python's snapshot once it is idle: wait for it
        page.wait_for_function("() => localStorage.getItem('quo-vadis.snapshot')",
                               timeout=ENGINE_TIMEOUT_MS)
        return "service worker" if state == "ready" else f"HTTP cache (offline: {state})"
    finally:
        page.close()


def measure_loads(
    browser: Browser, app: str, bare: str, runs: int, *, warm: bool
) -> tuple[list[Load], list[Load], str]:
    """Time the app and the bare page, alternating which goes first; also say what was cached."""
    apps: list[Load] = []
    bares: list[Load] = []
    cache = "nothing"
    for run in range(runs):
        order: list[tuple[str, list[Load]]] = [(app, apps), (bare, bares)]
        if run % 2:
            order.reverse()
        if warm:
            context = new_context(browser, service_workers=True)
            cache = prime(context, app)
        for url, into in order:
            if not warm:
                context = new_context(browser)
            into.append(load_once(context, url))
            if not warm:
                context.close()
        if warm:
            context.close()
    states = sorted({load.snapshot or "none" for load in apps})
    return apps, bares, f"{cache}; Python snapshot {'/'.join(states)}"


# --- (d) click to board -----------------------------------------------------------------------


#: what the scripted game reads from the board (the classes board-svg.js sets)
BOARD_STATE_JS = """() => {
  const ids = (selector) => [...document.querySelectorAll(selector)]
    .map((e) => e.getAttribute("data-testid"));
  return {
    stage: document.documentElement.dataset.stage ?? null,
    actions: document.documentElement.dataset.actions ?? null,
    dialog: document.querySelector("dialog[open]") !== null,
    selected: ids(".office.selected[data-testid]"),
    dest: ids(".office.dest-free[data-testid]"),
    dest_consent: ids(".office.dest-consent[data-testid]"),
    selectable: ids(".office.selectable[data-testid]"),
    addable: ids(".office.addable[data-testid]"),
    targets: ids(".space.target[data-testid]"),
  };
}"""
START_BUTTON = re.compile(r"^start", re.IGNORECASE)
NEW_GAME_BUTTON = re.compile(r"^new game", re.IGNORECASE)
OWN_SENATOR = re.compile(r"own senator", re.IGNORECASE)
CLICK_TIMEOUT_MS = 5_000


def start_game(page: Page) -> None:
    """Start a game with the new-game dialog's defaults (3 players, no hand-over screen).

    The page opens that dialog by itself at first; after a game it is reached by a "New game"
    button (in the end screen if that is open, else in the menu). A confirmation, if any, is
    accepted the same way: by its "Start ..." button.
    """
    open_dialog = page.locator("dialog[open]")
    start = open_dialog.get_by_role("button", name=START_BUTTON)
    if start.count() == 0:
        scope = open_dialog.last if open_dialog.count() else page
        scope.get_by_role("button", name=NEW_GAME_BUTTON).first.click()
        start.first.wait_for(state="visible")
    # hot-seat without the hand-over screen (its default with two or more humans): the bench
    # times the clicks of one player's decision, not the screen between players
    handover = open_dialog.get_by_test_id("handover-setting")
    if handover.count():
        handover.set_checked(False)
    for _ in range(3):
        if start.count() == 0:
            break
        button = start.first
        button.click()
        button.wait_for(state="detached")
    page.locator('html[data-stage]:not([data-stage="over"])').wait_for(state="attached")
    page.wait_for_function("() => document.querySelector('dialog[open]') === null")


def choose_click(state: dict[str, Any], tried: set[str], rng: random.Random) -> str | None:
    """The data-testid to click next: a scripted player that plays every kind of action.

    It moves a selected senator where its own senators suffice (dest-free) or, now and then,
    where others must consent (dest-consent: a request follows in the move dialog), else
    selects one of its senators (not tried yet this turn), adds a senator at an entry office or
    moves Caesar; in the council it retires a senator, in the Caesar bonus it places Caesar.
    `tried` holds what led nowhere in this state.
    """
    stage = state["stage"]
    if stage in ("action", "consent"):
        dest = [x for x in state["dest"] if x not in tried]
        consent = [x for x in state["dest_consent"] if x not in tried]
        if consent and stage == "action" and (not dest or rng.random() < 0.5):
            return str(rng.choice(consent))
        if dest:
            return str(rng.choice(dest))
        if state["selected"]:
            tried.update(state["selected"])
            return str(state["selected"][0])  # no free move from here: deselect
        options = [("select", [x for x in state["selectable"] if x not in tried]),
                   ("add", state["addable"]), ("caesar", state["targets"])]
        weights = {"select": 6, "add": 3, "caesar": 1}
        present = [(kind, ids) for kind, ids in options if ids]
        if not present:
            return None
        _, ids = rng.choices(present, weights=[weights[k] for k, _ in present])[0]
        return str(rng.choice(ids))
    if stage == "bonus" and state["targets"]:
        return str(rng.choice(state["targets"]))
    if stage == "council" and state["selectable"]:
        return str(rng.choice(state["selectable"]))
    return None


def click_board(page: Page, testid: str) -> None:
    """Click a board element like a user; if something covers its centre, dispatch the click."""
    target = page.locator(f'[data-testid="{testid}"]')
    try:
        target.click(timeout=CLICK_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        target.dispatch_event("click")


#: in an open dialog, what the scripted player clicks (first present, enabled, wins)
DIALOG_CHOICES = {
    "answer-dialog": ["answer-agree-2", "answer-agree", "answer-refuse"],
    "move-dialog": ["move-own", "ask-consent"],
    "supporters-dialog": ["support-", "supporters-withdraw"],
}


def answer_dialog(page: Page, rng: random.Random) -> bool:
    """Click a decision in an open stage dialog (timed like any click); False if none fits."""
    dialog = page.locator("dialog[open]").last
    testid = dialog.get_attribute("data-testid") or ""
    for prefix in DIALOG_CHOICES.get(testid, []):
        buttons = dialog.locator(f'footer [data-testid^="{prefix}"]')
        if buttons.count():
            choice = buttons.nth(rng.randrange(buttons.count())) if prefix == "support-" \
                else buttons.first
            if testid == "answer-dialog" and rng.random() < 0.25 and dialog.locator(
                    '[data-testid="answer-refuse"]').count():
                choice = dialog.locator('[data-testid="answer-refuse"]')
            choice.click(timeout=CLICK_TIMEOUT_MS)  # waits until the guard lets it
            return True
    return False


def scripted_game(page: Page, clicks: int, seed: int = 1) -> dict[str, Any]:
    """Play hot-seat games by clicking until `clicks` clicks changed the page."""
    rng = random.Random(seed)
    start_game(page)
    page.evaluate("() => __bench.armClicks()")
    games, steps, dialogs_closed = 1, 0, 0
    tried: set[str] = set()
    last = ""
    turn: tuple[Any, ...] = ()
    while page.evaluate("() => __bench.clicks.length") < clicks:
        steps += 1
        if steps > clicks * 6:
            raise RuntimeError(f"the scripted game got stuck after {steps} steps")
        page.locator("html:not([data-guard])").wait_for(state="attached")
        state: dict[str, Any] = page.evaluate(BOARD_STATE_JS)
        if state["stage"] == "over":
            games += 1
            page.evaluate("() => { __bench.game += 1; }")
            start_game(page)
            continue
        now = (state["stage"], state["actions"])
        if now != turn:
            turn, tried = now, set()
        settled = page.evaluate("() => __bench.settled")
        if state["dialog"]:
            if answer_dialog(page, rng):
                page.wait_for_function("n => __bench.settled > n", arg=settled)
                continue
            dialogs_closed += 1  # any other dialog: close it and try something else
            tried.add(last)
            dialog = page.locator("dialog[open]").last
            page.keyboard.press("Escape")
            dialog.wait_for(state="detached")
            continue
        last = choose_click(state, tried, rng) or ""
        if not last:
            raise RuntimeError(f"nothing to click on the board: {state}")
        click_board(page, last)
        page.wait_for_function("n => __bench.settled > n", arg=settled)
    data: dict[str, Any] = page.evaluate("() => ({clicks: __bench.clicks, "
                                         "unchanged: __bench.unchanged})")
    return summarize_clicks(data["clicks"], data["unchanged"], games, dialogs_closed)


def summarize_clicks(
    clicks: list[dict[str, Any]], unchanged: int, games: int, dialogs_closed: int
) -> dict[str, Any]:
    """Medians and p95 overall and per action kind, early (first third of each game's actions)
    and late (last third)."""
    samples = [float(c["ms"]) for c in clicks]
    dom = [float(c["dom_ms"]) for c in clicks]
    acted = [float(c["ms"]) for c in clicks if c["acted"]]
    length: dict[int, int] = {}
    for c in clicks:
        length[c["game"]] = max(length.get(c["game"], 0), int(c["at"]) + 1)

    def phase(c: dict[str, Any]) -> str:
        share = int(c["at"]) / max(1, length[c["game"]])
        return "early" if share < 1 / 3 else "late" if share >= 2 / 3 else "middle"

    kinds: dict[str, dict[str, list[float]]] = {}
    for c in clicks:
        by_phase = kinds.setdefault(str(c["kind"]), {"all": [], "early": [], "late": []})
        by_phase["all"].append(float(c["ms"]))
        if phase(c) != "middle":
            by_phase[phase(c)].append(float(c["ms"]))

    def stats(values: list[float]) -> dict[str, Any]:
        if not values:
            return {"n": 0, "median_ms": None, "p95_ms": None}
        return {"n": len(values), "median_ms": round(statistics.median(values), 2),
                "p95_ms": round(percentile(values, 0.95), 2)}

    return {
        "n": len(samples), "median_ms": round(statistics.median(samples), 2),
        "p95_ms": round(percentile(samples, 0.95), 2), "max_ms": round(max(samples), 2),
        "dom_median_ms": round(statistics.median(dom), 2),
        "dom_p95_ms": round(percentile(dom, 0.95), 2),
        # the clicks that played an action through the engine (the others select a senator)
        "actions": len(acted),
        "actions_median_ms": round(statistics.median(acted), 2) if acted else None,
        "actions_p95_ms": round(percentile(acted, 0.95), 2) if acted else None,
        "unchanged_clicks": unchanged, "games": games, "dialogs_closed": dialogs_closed,
        "kinds": {kind: {p: stats(v) for p, v in by_phase.items()}
                  for kind, by_phase in sorted(kinds.items())},
    }


def play_clicks(browser: Browser, app: str, clicks: int) -> dict[str, Any]:
    """Play a scripted game by clicking and return the click-to-board figures."""
    context = new_context(browser)
    page = context.new_page()
    try:
        page.goto(app)
        wait_engine(page)
        return scripted_game(page, clicks)
    finally:
        context.close()


# --- report -----------------------------------------------------------------------------------


def chromium_version(browser: Browser) -> str:
    """The browser's version string."""
    return browser.version


def summarize(loads: list[Load], bares: list[Load], cache: str) -> dict[str, Any]:
    """Medians, spreads and the ratio for one of cold / warm."""
    app_ms = [x.ready for x in loads]
    bare_ms = [x.ready for x in bares]
    app_median = statistics.median(app_ms)
    bare_median = statistics.median(bare_ms)
    return {
        "cached": cache,
        "app_ms": [round(x) for x in app_ms],
        "bare_ms": [round(x) for x in bare_ms],
        "app_median_ms": round(app_median),
        "bare_median_ms": round(bare_median),
        "ratio": round(app_median / bare_median, 3),
        "board_drawn_median_ms": rounded(median([x.board_drawn for x in loads])),
        "board_painted_median_ms": rounded(median([x.board_painted for x in loads])),
        "fcp_median_ms": rounded(median([x.fcp for x in loads])),
        "board_painted_ms": [rounded(x.board_painted) for x in loads],
        "stages_ms": stages(loads),
    }


def stages(loads: list[Load]) -> dict[str, float]:
    """The median time of each qv:* mark (present in every load), in the order they come."""
    names = set.intersection(*(set(x.marks) for x in loads)) if loads else set()
    medians = {name: round(statistics.median(x.marks[name] for x in loads)) for name in names}
    medians["ready"] = round(statistics.median(x.ready for x in loads))
    return dict(sorted(medians.items(), key=lambda item: item[1]))


def fmt_ms(value: float | None) -> str:
    """A time for the table."""
    return "-" if value is None else f"{value:.0f} ms" if value >= 100 else f"{value:.1f} ms"


def print_table(result: dict[str, Any]) -> None:
    """The compact human-readable table."""
    rows: list[tuple[str, str, str]] = []
    for phase in ("cold", "warm"):
        r = result[phase]
        rows += [
            (f"{phase}: game, to playable board", fmt_ms(r["app_median_ms"]),
             f"runs {r['app_ms']}"),
            (f"{phase}: bare loadPyodide", fmt_ms(r["bare_median_ms"]), f"runs {r['bare_ms']}"),
            (f"{phase}: ratio game / bare", f"{r['ratio']:.2f}",
             f"goal <= {GOALS['ratio' if phase == 'cold' else 'warm_ratio']}; "
             f"cached: {r['cached']}"),
            (f"{phase}: board drawn / painted", f"{fmt_ms(r['board_drawn_median_ms'])} / "
             f"{fmt_ms(r['board_painted_median_ms'])}",
             f"goal painted <= {GOALS['first_paint_ms']:.0f} ms; FCP {fmt_ms(r['fcp_median_ms'])}"),
            (f"{phase}: stages (ms)", "", " ".join(f"{name} {ms}" for name, ms
                                                   in r["stages_ms"].items())),
        ]
    c = result.get("clicks")
    if c:
        rows.append(("click to board: median / p95", f"{fmt_ms(c['median_ms'])} / "
                     f"{fmt_ms(c['p95_ms'])}",
                     f"goal median <= {GOALS['click_median_ms']:.0f} ms; {c['n']} clicks, "
                     f"max {fmt_ms(c['max_ms'])}"))
        rows.append(("  of which played an action", f"{fmt_ms(c['actions_median_ms'])} / "
                     f"{fmt_ms(c['actions_p95_ms'])}", f"{c['actions']} clicks"))
        rows.append(("  click to DOM updated", f"{fmt_ms(c['dom_median_ms'])} / "
                     f"{fmt_ms(c['dom_p95_ms'])}", "before waiting for the frame"))
        for kind, by_phase in c["kinds"].items():
            for part in ("all", "early", "late"):
                k = by_phase[part]
                if k["n"]:
                    rows.append((f"  {kind} ({part}): median / p95",
                                 f"{fmt_ms(k['median_ms'])} / {fmt_ms(k['p95_ms'])}",
                                 f"{k['n']} clicks; goal {GOALS['click_median_ms']:.0f} / "
                                 f"{GOALS['click_p95_ms']:.0f} ms"))
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    print(f"Chromium {result['chromium']}, Pyodide {result['pyodide']}, {result['cpus']} CPUs, "
          f"{result['runs']} runs each, medians")
    for name, value, note in rows:
        print(f"  {name:<{width}}  {value:>{value_width}}  {note}")


def run_all(site: Path, info: dict[str, Any], runs: int, clicks: int | None) -> dict[str, Any]:
    """Every measurement, in one browser against one local server."""
    with tempfile.TemporaryDirectory(prefix="bench-xdg-") as xdg, \
            serving(site, "127.0.0.1", 0, quiet=True) as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS,
            env={**os.environ, "XDG_CONFIG_HOME": xdg})
        app, bare = url, url + BARE_PAGE
        cold = measure_loads(browser, app, bare, runs, warm=False)
        warm = measure_loads(browser, app, bare, runs, warm=True)
        result: dict[str, Any] = {
            "bench": "load", "chromium": chromium_version(browser), "pyodide": info["pyodide"],
            "build": info["build"], "cpus": os.cpu_count(), "runs": runs,
            "cold": summarize(*cold), "warm": summarize(*warm),
        }
        if clicks is not None:
            result["clicks"] = play_clicks(browser, app, clicks)
        browser.close()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run every measurement in one browser against one local server."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="loads per page, cold and warm")
    parser.add_argument("--clicks", type=int, default=100, help="clicks to time (>= 50)")
    parser.add_argument("--skip-clicks", action="store_true", help="skip (d)")
    args = parser.parse_args(argv)
    site = SITE
    if not (site / "index.html").is_file() or not (site / BUILD_INFO).is_file():
        print("no built site: run `python3 build.py site` first", file=sys.stderr)
        return 1
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        # A copy of _site/ plus the bare page: a `build.py site` or `test` run meanwhile
        # (which swaps _site/ for a new one) cannot change the site under the benchmark.
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        (copy / BARE_PAGE).write_text(BARE_HTML, encoding="utf-8")
        (copy / BARE_SCRIPT).write_text(BARE_JS, encoding="utf-8")
        info = json.loads((copy / BUILD_INFO).read_text(encoding="utf-8"))
        result = run_all(copy, info, args.runs, None if args.skip_clicks else args.clicks)
    result["first_paint_ms"] = result["cold"]["board_painted_median_ms"]
    result["goals"] = GOALS
    result["seconds"] = round(time.monotonic() - started, 1)
    print_table(result)
    print(json.dumps(result, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
