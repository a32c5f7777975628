"""When the bots' worker (a second Python) starts and stops (docs/page-bots.md): in idle time
once a bot seat is chosen in the new game screen, or a game with bots is on the table, so that
a bot's first answer does not wait for it; a table of humans stops it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_bots import open_site, start_with_bots, wait_for_human

#: counts the bots' workers the page creates and terminates (other workers aside)
COUNT_BOT_WORKERS = """
window.__botWorkers = { started: 0, stopped: 0 };
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    this.botWorker = String(url).includes("bot-worker");
    if (this.botWorker) window.__botWorkers.started += 1;
  }
  terminate() {
    if (this.botWorker) window.__botWorkers.stopped += 1;
    super.terminate();
  }
};
"""
#: resolves once the page has been idle twice over: an idle-time start queued before would
#: have run
TWO_IDLE_PERIODS = "() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r)))"


def counts(page: Page) -> dict[str, int]:
    return dict(page.evaluate("() => window.__botWorkers"))


def wait_counts(page: Page, started: int, stopped: int) -> None:
    page.wait_for_function(
        "([a, b]) => window.__botWorkers.started === a && window.__botWorkers.stopped === b",
        arg=[started, stopped])


def test_choosing_a_bot_seat_starts_the_bots_worker_before_any_game(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    """A page with no bot seat starts no worker; choosing one in the new game screen starts it
    in idle time, before any game, and the game then plays with that same worker."""
    page.add_init_script(COUNT_BOT_WORKERS)
    open_site(page, site_url)
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    page.evaluate(TWO_IDLE_PERIODS)
    assert counts(page) == {"started": 0, "stopped": 0}
    dialog.get_by_test_id("kind-1").select_option("normal")
    wait_counts(page, 1, 0)
    page.wait_for_function("() => window.__qv.app.bots.loaded")
    # its Python started from the page's compiled runtime: it downloaded no WebAssembly of its
    # own (engine-loader.js shareRuntime)
    worker = next(w for w in page.workers if "bot-worker" in w.url)
    assert worker.evaluate("""() => performance.getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".wasm")).map((entry) => entry.name)""") == []
    expect(dialog).to_be_visible()  # no game was started for it
    start_with_bots(page, ["human", "normal", "normal"], handover=False)
    wait_for_human(page)
    assert counts(page) == {"started": 1, "stopped": 0}
    assert console_errors == []


def test_a_bots_worker_with_no_kept_copy_rebuilds_the_snapshot_from_the_pages_runtime(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    """A bot seat chosen before the page has kept its copy of the snapshot (a loaded machine:
    the copy is kept in idle time; here it is dropped once kept) sends the worker to the
    build's file: it lays Python's first memory out from the runtime the page compiled and
    sent it, and downloads no WebAssembly of its own (it did: the test above failed so once,
    under load)."""
    page.add_init_script(COUNT_BOT_WORKERS)
    open_site(page, site_url)
    build = page.evaluate("window.__qv.buildInfo.build")
    page.wait_for_function("build => localStorage.getItem('quo-vadis.snapshot') === build",
                           arg=build)
    page.evaluate("""async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("quo-vadis snapshot ")) await caches.delete(name);
      }
    }""")
    page.get_by_test_id("new-game-dialog").get_by_test_id("kind-1").select_option("normal")
    wait_counts(page, 1, 0)
    page.wait_for_function("() => window.__qv.app.bots.loaded")
    worker = next(w for w in page.workers if "bot-worker" in w.url)
    fetched = worker.evaluate("""() => performance.getEntriesByType("resource")
        .map((entry) => entry.name.split("/").pop())""")
    assert any(name.endswith(".bin.gz") for name in fetched), fetched  # the build's file
    assert not [name for name in fetched if name.endswith(".wasm")], fetched
    start_with_bots(page, ["human", "normal", "normal"], handover=False)
    wait_for_human(page)
    assert console_errors == []


def test_a_table_of_humans_stops_the_bots_worker_and_a_bot_seat_starts_it_again(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    """Humans only, the worker a bot seat started stops (a second Python's memory); closing the
    new game screen without a game stops it too; a game with a bot starts it again; a resumed
    game of humans does not start it."""
    page.add_init_script(COUNT_BOT_WORKERS)
    open_site(page, site_url)
    dialog = page.get_by_test_id("new-game-dialog")
    dialog.get_by_test_id("kind-1").select_option("normal")
    wait_counts(page, 1, 0)
    start_with_bots(page, ["human", "human", "human"], handover=False)
    wait_counts(page, 1, 1)

    page.get_by_test_id("new-game").click()
    dialog.get_by_test_id("kind-2").select_option("easy")
    wait_counts(page, 2, 1)
    page.get_by_test_id("new-game-cancel").click()  # no game of bots after all
    wait_counts(page, 2, 2)

    start_with_bots(page, ["human", "normal", "human"], handover=False)
    wait_counts(page, 3, 2)
    wait_for_human(page)
    # nothing was played yet: no confirmation
    start_with_bots(page, ["human", "human", "human"], handover=False)
    wait_counts(page, 3, 3)

    open_site(page, site_url)  # loaded again: the autosave of the humans' game is resumed
    expect(page.get_by_test_id("new-game-dialog")).to_have_count(0)
    page.evaluate(TWO_IDLE_PERIODS)
    assert counts(page) == {"started": 0, "stopped": 0}
    assert console_errors == []
