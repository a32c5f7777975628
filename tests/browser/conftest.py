"""Browser tests: headless Debian Chromium, driven by pytest-playwright, against the built site
served on 127.0.0.1. Every test here is marked `browser`; no request may leave the local server.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

from tools.chromium import chromium_path
from tools.server import serving

HERE = Path(__file__).parent
#: generous: a cold start takes 3-4 s on two cores
ENGINE_TIMEOUT_MS = 60_000
ENGINE_SETTLED = 'html[data-engine="ready"], html[data-engine="error"]'
#: rules.js marks a reference page once its language switch and back link are wired
RULES_READY = 'html[data-rules="ready"]'
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disable-background-networking",
    "--disable-component-update",
]
#: the tests' own: V8 keeps Python's WebAssembly on its baseline compiler, where optimizing it
#: again in every test's fresh page cost half a CPU second per page load, a tenth of the
#: browser tests' time on two cores. The tests check what the page does, not how fast; the
#: benches (bench/) launch with CHROMIUM_ARGS alone, as players' browsers run
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]


#: the longest browser tests (whole games played by clicks, bots thinking, a walk through
#: every screen), as "file::function"; they run first, so that with `--dist worksteal` the
#: last tests to finish are short ones and no worker waits long for the other at the end
LONG_TESTS = frozenset({
    "test_bots.py::test_the_human_accepts_a_bots_offer",
    "test_bots.py::test_a_human_plays_a_full_game_against_two_bots",
    "test_bots.py::test_the_human_answers_a_bots_request_with_terms",
    "test_bots.py::test_one_click_start_against_two_normal_bots",
    "test_bots.py::test_a_bot_answers_the_humans_request",
    "test_bots.py::test_bots_play_offline_from_the_service_workers_cache",
    "test_bots.py::test_pause_stops_the_bots_and_resume_lets_them_play",
    "test_bots.py::test_undo_goes_back_to_the_humans_last_decision_and_saves_keep_the_bots",
    "test_game.py::test_a_complete_three_player_game_and_its_replay",
    "test_variants.py::test_open_hoards_and_the_council_between_games",
    "test_i18n.py::test_every_screen_reads_in_the_language",
    "test_a11y.py::test_no_control_covers_another_and_nothing_is_clipped",
    "test_palatinus.py::test_every_screen_reads_in_the_language",
    "test_palatinus.py::test_no_other_seats_hidden_kind_reaches_the_dom",
    "test_palatinus.py::test_axe_finds_no_serious_violation_on_the_board",
    "test_palatinus.py::test_a_hot_seat_game_is_clicked_through_the_setup_and_the_scoring",
    "test_table.py::test_a_bot_that_cannot_load_says_so_once_and_a_human_takes_its_seat",
})


def window(width: int, height: int) -> pytest.MarkDecorator:
    """Open the test's page at this size (the context's viewport), not resize it once loaded:
    twice under a loaded CI, a click right after `set_viewport_size` on a settled page waited
    30 s for an element to be "stable", no animation frame coming."""
    return pytest.mark.browser_context_args(viewport={"width": width, "height": height})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser/ as a browser test; the longest run first."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)

    def is_long(item: pytest.Item) -> bool:
        name = getattr(item, "originalname", item.name)
        return HERE in item.path.parents and f"{item.path.name}::{name}" in LONG_TESTS

    items.sort(key=lambda item: not is_long(item))  # stable: the rest keep their order


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (a free port) for the whole session."""
    with serving(built_site, "127.0.0.1", 0, quiet=True) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL, so page.goto("/") reaches the local site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Launch Debian's Chromium (or $CHROMIUM), with its config in a temporary folder."""
    config_home = tmp_path_factory.mktemp("xdg-config")
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": TEST_CHROMIUM_ARGS,
        "env": {**os.environ, "XDG_CONFIG_HOME": str(config_home)},
    }


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any],
                         request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each test's context, with the site's service worker blocked unless the test is marked
    `service_worker`: once a page has settled, the worker downloads, hashes and caches the whole
    site (20 MB) behind the test's back, which cost a sixth of the browser tests' time. The page
    then says offline play is unsupported, as in a browser without service workers; the tests of
    offline play, updates and the page's console with the worker run it."""
    if request.node.get_closest_marker("service_worker"):
        return browser_context_args
    return {**browser_context_args, "service_workers": "block"}


def back_to_the_game(rules: Page, words: str) -> None:
    """Follow a rules tab's "Back to the game" link (named `words` in its language), once the
    page has wired it, and wait for the tab to close (the link closes a tab the game opened)."""
    rules.locator(RULES_READY).wait_for(state="attached")
    with rules.expect_event("close"):
        try:
            rules.get_by_role("link", name=words).click()
        except PlaywrightError as error:
            # the click closed the page before Playwright was done with it: that is the test
            if "closed" not in str(error):
                raise


def is_local(url: str, site_url: str) -> bool:
    """Whether a request URL stays on the local server (data: and blob: URLs never leave)."""
    parts, site = urlsplit(url), urlsplit(site_url)
    return parts.scheme in ("data", "blob") or (parts.scheme, parts.netloc) == (
        site.scheme, site.netloc)


@pytest.fixture(autouse=True)
def requests_seen(context: BrowserContext, site_url: str) -> Iterator[list[str]]:
    """Record the URL of every request of the test's browser context, then fail the test if
    any went to another origin than the local server."""
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    yield seen
    foreign = [url for url in seen if not is_local(url, site_url)]
    assert not foreign, f"requests left the local server: {foreign}"


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of the page, for failure messages."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.fixture
def app(page: Page, site_url: str, console_errors: list[str]) -> Page:
    """The site opened in a fresh page, once the engine is ready (waits on page state)."""
    page.goto(site_url)
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    if page.get_attribute("html", "data-engine") != "ready":
        error = page.get_attribute("html", "data-engine-error")
        pytest.fail(f"the engine failed to load: {error}\nconsole: {console_errors}")
    return page
