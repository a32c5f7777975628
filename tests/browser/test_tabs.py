"""Two tabs, one game: a second tab of the site says that the game is open
elsewhere and offers to take it over; the tab that loses the game says so; no action made in
either tab is lost."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, Route, expect

from .conftest import ENGINE_TIMEOUT_MS
from .play import start_game, wait_actions


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page


def opened_holding_runtime(context: BrowserContext, url: str) -> tuple[Page, list[Route]]:
    """A tab whose runtime download is held back (until the routes returned continue), once it
    holds the game's lock: it asks for it while Python loads."""
    held: list[Route] = []
    page = context.new_page()
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(url)
    page.locator("html[data-tab='owner']").wait_for(state="attached")
    return page, held


def test_a_second_tab_offers_to_take_the_game_over(context: BrowserContext, site_url: str) -> None:
    first = opened(context, site_url)
    start_game(first)
    first.get_by_test_id("add-1").click()
    wait_actions(first, 1)

    second = opened(context, site_url)
    notice = second.get_by_test_id("tab-elsewhere")
    expect(notice).to_contain_text("open in another tab")
    assert second.get_attribute("html", "data-tab") == "elsewhere"
    # a language chosen in the playing tab: the open notice follows it, and back
    first.locator("nav.menu").get_by_test_id("language").select_option("it")
    expect(notice.get_by_role("heading")).to_have_text("La partita è aperta in un'altra scheda")
    expect(notice).to_contain_text("aperto in un'altra scheda")
    first.locator("nav.menu").get_by_test_id("language").select_option("en")
    expect(notice).to_contain_text("open in another tab")
    notice.get_by_test_id("take-over").click()
    wait_actions(second, 1)
    # the first tab knows at once, and cannot act any more
    expect(first.get_by_test_id("tab-elsewhere")).to_contain_text("taken over by another tab")
    assert first.get_attribute("html", "data-tab") == "elsewhere"

    second.locator("html:not([data-guard])").wait_for(state="attached")
    second.get_by_test_id("add-2").click()
    wait_actions(second, 2)

    # taking it back continues from the other tab's last action
    first.get_by_test_id("take-over").click()
    wait_actions(first, 2)
    expect(second.get_by_test_id("tab-elsewhere")).to_be_visible()


def test_a_tab_where_python_failed_leaves_the_game_to_the_next(
    context: BrowserContext, site_url: str
) -> None:
    # the lock is asked for while Python loads: a page that then fails must not keep it
    failed = context.new_page()
    failed.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=500, body="x"))
    failed.goto(site_url)
    failed.locator('html[data-engine="error"]').wait_for(state="attached",
                                                         timeout=ENGINE_TIMEOUT_MS)
    assert failed.get_attribute("html", "data-tab") is None

    second = opened(context, site_url)
    assert second.get_attribute("html", "data-tab") == "owner"
    expect(second.get_by_test_id("new-game-dialog")).to_be_visible()
    assert second.get_by_test_id("tab-elsewhere").count() == 0


def test_a_tab_taken_over_while_python_loads_does_not_start_a_game(
    context: BrowserContext, site_url: str
) -> None:
    # the first tab holds the lock while its runtime is still on the way
    slow, held = opened_holding_runtime(context, site_url)

    second = opened(context, site_url)
    second.get_by_test_id("take-over").click()
    expect(second.get_by_test_id("new-game-dialog")).to_be_visible()
    expect(slow.get_by_test_id("tab-elsewhere")).to_contain_text("taken over by another tab")

    for route in held:
        route.continue_()
    slow.locator('html[data-engine="ready"]').wait_for(state="attached",
                                                       timeout=ENGINE_TIMEOUT_MS)
    assert slow.get_attribute("html", "data-tab") == "elsewhere"
    expect(slow.get_by_test_id("tab-elsewhere")).to_contain_text("taken over by another tab")
    expect(slow.get_by_test_id("new-game-dialog")).to_be_hidden()
