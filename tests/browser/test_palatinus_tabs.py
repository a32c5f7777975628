"""One tab per game (web/boot/tabs.js): each game's lock is named after its autosave, so a second
Palatinus tab offers to take the game over (and the first tab then stops saving), while a Quo
Vadis tab beside a Palatinus tab plays its own game."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.test_palatinus import NO_PAUSE, actions, human_turn, start, wait_engine
from tests.browser.test_tabs import opened_holding_runtime


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    wait_engine(page)
    return page


def test_two_palatinus_tabs_cannot_both_play_but_a_quo_vadis_tab_can(
    context: BrowserContext, site_url: str
) -> None:
    context.add_init_script(NO_PAUSE)
    first = opened(context, site_url + "palatinus.html")
    assert first.get_attribute("html", "data-tab") == "owner"
    start(first, ["human", "human", "human"])
    human_turn(first)
    first.locator("html[data-saved='1']").wait_for(state="attached")

    # the other game in a third tab holds its own lock: no notice there
    quo = context.new_page()
    quo.goto(site_url)
    quo.locator("html[data-tab='owner']").wait_for(state="attached")
    assert quo.get_by_test_id("tab-elsewhere").count() == 0

    second = opened(context, site_url + "palatinus.html")
    notice = second.get_by_test_id("tab-elsewhere")
    expect(notice).to_contain_text("This Palatinus game is open in another tab")
    assert second.get_attribute("html", "data-tab") == "elsewhere"
    assert first.get_attribute("html", "data-tab") == "owner"
    notice.get_by_test_id("take-over").click()
    # the taking tab continues from the autosave; the first one knows at once
    second.locator("html[data-pal-actions='1']").wait_for(state="attached")
    expect(first.get_by_test_id("tab-elsewhere")).to_contain_text(
        "taken over by another tab")
    assert first.get_attribute("html", "data-tab") == "elsewhere"
    assert quo.get_attribute("html", "data-tab") == "owner"

    human_turn(second)
    second.locator("html[data-saved='2']").wait_for(state="attached")
    # taking it back continues from the other tab's last action
    first.get_by_test_id("take-over").click()
    first.locator("html[data-pal-actions='2']").wait_for(state="attached")
    expect(second.get_by_test_id("tab-elsewhere")).to_be_visible()
    assert actions(first) == 2


def test_a_palatinus_tab_where_python_failed_leaves_the_game_to_the_next(
    context: BrowserContext, site_url: str
) -> None:
    # the lock is asked for while Python loads: a page that then fails must not keep it
    failed = context.new_page()
    failed.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=500, body="x"))
    failed.goto(site_url + "palatinus.html")
    failed.locator('html[data-engine="error"]').wait_for(state="attached")
    assert failed.get_attribute("html", "data-tab") is None

    second = opened(context, site_url + "palatinus.html")
    assert second.get_attribute("html", "data-tab") == "owner"
    assert second.get_by_test_id("tab-elsewhere").count() == 0


def test_a_palatinus_tab_taken_over_while_python_loads_does_not_resume_the_game(
    browser: Browser, site_url: str
) -> None:
    # no service worker: it would serve the runtime the test holds back
    context = browser.new_context(service_workers="block")
    context.add_init_script(NO_PAUSE)
    url = site_url + "palatinus.html"
    # a game saved in this browser, then two tabs: the first holds the lock while its runtime
    # is still on the way, the second takes the game over and resumes it
    first = opened(context, url)
    start(first, ["human", "human", "human"])
    human_turn(first)
    first.locator("html[data-saved='1']").wait_for(state="attached")
    first.close()
    slow, held = opened_holding_runtime(context, url)

    second = opened(context, url)
    second.get_by_test_id("take-over").click()
    second.locator("html[data-pal-actions='1']").wait_for(state="attached")
    expect(slow.get_by_test_id("tab-elsewhere")).to_contain_text("taken over by another tab")

    for route in held:
        route.continue_()
    wait_engine(slow)
    assert slow.get_attribute("html", "data-tab") == "elsewhere"
    expect(slow.get_by_test_id("tab-elsewhere")).to_contain_text("taken over by another tab")
    assert actions(slow) == 0  # the autosave is the other tab's to play
    context.close()
