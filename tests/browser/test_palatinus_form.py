"""Palatinus's new-game form over a running game, its Start, and the message under the turn
panel: a playtest threw a game away unasked (New game pressed twice, or the language switched on
the form), lost what was filled in on a switch of language, laid the first player's tile with
the second click of a double-click on Start, could not see why Undo did nothing, and found the
hand-over's two buttons touching."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import window
from tests.browser.play import wait_armed
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    actions,
    browser_context_args,
    human_turn,
    pal,
    stage,
    start,
)


def a_game_with_actions(page: Page) -> int:
    """A two-person game three actions in; how many actions it holds."""
    start(page, ["human", "human"])
    for _ in range(3):
        human_turn(page)
    return actions(page)


def expect_start_asks_first(page: Page, before: int) -> None:
    """Start over the running game asks first; No keeps the game as it was."""
    expect(page.get_by_test_id("pal-resume")).to_have_text("Back to the game")
    page.get_by_test_id("pal-start").click()
    confirm = page.get_by_test_id("new-game-confirm")
    expect(confirm).to_be_visible()
    confirm.get_by_test_id("confirm-no").click()
    page.get_by_test_id("pal-resume").click()
    page.locator(f"html[data-pal-actions='{before}']").wait_for(state="attached")


def test_new_game_pressed_twice_still_asks_before_the_game_is_lost(pal: Page) -> None:  # noqa: F811
    before = a_game_with_actions(pal)
    pal.get_by_test_id("pal-new").click()
    pal.get_by_test_id("pal-new").click()
    expect(pal.locator("#pal-board .pal-tile:not(.empty)")).not_to_have_count(0)
    expect_start_asks_first(pal, before)


def test_a_switch_of_language_on_the_form_keeps_the_game_and_what_was_filled_in(
        pal: Page) -> None:  # noqa: F811
    before = a_game_with_actions(pal)
    pal.get_by_test_id("pal-new").click()
    pal.get_by_test_id("pal-count").select_option("4")
    pal.get_by_test_id("pal-name-3").fill("Quintus")
    pal.get_by_test_id("pal-seat-2").select_option("hard")
    pal.get_by_test_id("language").select_option("es")
    pal.locator("html[lang='es']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-count")).to_have_value("4")
    expect(pal.get_by_test_id("pal-name-3")).to_have_value("Quintus")
    expect(pal.get_by_test_id("pal-seat-2")).to_have_value("hard")
    pal.get_by_test_id("language").select_option("en")
    pal.locator("html[lang='en']").wait_for(state="attached")
    expect_start_asks_first(pal, before)


def test_a_click_on_the_board_right_after_start_lays_no_tile(pal: Page) -> None:  # noqa: F811
    """The set-up's first tile is laid by the first player's own click, never by the second
    click of a double-click on Start (a playtest's landed on a place): input is held a moment
    after Start, as between players (guard.js)."""
    pal.get_by_test_id("pal-count").select_option("2")
    for seat in (0, 1):
        pal.get_by_test_id(f"pal-seat-{seat}").select_option("human")
    # the page's clock stands still from Start on: the place's click comes within the hold
    # however slow the machine (guard.js measures it from the last click)
    wait_armed(pal)
    pal.clock.pause_at(pal.evaluate("Date.now()") + 1000)
    pal.get_by_test_id("pal-start").click()
    place = pal.locator('[data-testid^="pal-place-"]').first
    box = place.bounding_box()
    assert box is not None
    pal.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(pal.locator("html")).to_have_attribute("data-guard", "on")
    assert actions(pal) == 0
    pal.clock.resume()
    wait_armed(pal)
    place.click()
    pal.locator("html[data-pal-actions='1']").wait_for(state="attached")


@window(1280, 800)
def test_a_refusal_under_a_long_panel_comes_into_sight(pal: Page) -> None:  # noqa: F811
    """The message under the turn panel said why Undo was refused 5 px below an 800 px
    window on a seat's first placement, so the button seemed to do nothing: a message said
    comes into sight."""
    start(pal, ["human", "human"])
    while stage(pal) == "setup":
        human_turn(pal)
    pal.get_by_test_id("pal-handover-ok").click()
    pal.locator("html[data-pal-looking]").wait_for(state="attached")
    wait_armed(pal)
    pal.get_by_test_id("pal-undo").click(force=True)  # it reads disabled (Playwright waits)
    refusal = re.compile("^A laid tile stays laid")
    expect(pal.get_by_test_id("pal-message")).to_have_text(refusal)
    expect(pal.get_by_test_id("pal-message")).not_to_be_in_viewport(ratio=1)
    toast = pal.get_by_test_id("message-toast")  # the copy Quo Vadis? shows, hidden from readers
    expect(toast).to_have_text(refusal)
    expect(toast).to_be_in_viewport(ratio=1)


def test_the_board_is_no_tab_stop_where_it_offers_nothing(pal: Page) -> None:  # noqa: F811
    """A keyboard playtest tabbed from Start onto the board's whole drawing, outlined, where
    nothing can be chosen: the board's places and terrains are its one Tab stop, the drawing
    itself none."""
    pal.get_by_test_id("pal-start").focus()
    pal.keyboard.press("Tab")
    focused = pal.evaluate("() => document.activeElement?.id || document.activeElement?.tagName")
    assert focused != "pal-board"


def test_the_hand_over_s_buttons_stand_apart(pal: Page) -> None:  # noqa: F811
    start(pal, ["human", "human"])
    while stage(pal) == "setup":
        human_turn(pal)
    ok = pal.get_by_test_id("pal-handover-ok").bounding_box()
    undo = pal.get_by_test_id("pal-undo").bounding_box()
    assert ok and undo
    apart = max(undo["x"] - (ok["x"] + ok["width"]), undo["y"] - (ok["y"] + ok["height"]))
    assert apart >= 4, (ok, undo)


def test_undo_over_a_bots_move_says_the_bots_go_back_too(pal: Page) -> None:  # noqa: F811
    """At a table of two people and a bot, Undo on the next person's hand-over takes back the
    last person's move and the bot's after it: the question says so, as Quo Vadis?'s does (a
    playtest read only the person's move named, and three actions went)."""
    start(pal, ["human", "easy", "human"])
    for _ in range(60):
        now = pal.evaluate("() => ({...document.documentElement.dataset})")
        log = pal.evaluate("() => window.__pal.engine.view().view.log.map((e) => e.event.player)")
        # the hand-over of seat 2, right after the bot (seat 1) answered seat 0's placement
        if (now.get("palStage") == "place" and now.get("palTurn") == "human"
                and now.get("palCurrent") == "2" and log[-2:] == [0, 1]):
            break
        if now.get("palTurn") == "human":
            human_turn(pal)
        else:
            pal.wait_for_function("(n) => Number(document.documentElement.dataset.palActions) > n",
                                  arg=int(now.get("palActions") or "0"))
    else:
        raise AssertionError("no hand-over after a bot's placement")
    wait_armed(pal)
    pal.get_by_test_id("pal-undo").click()
    confirm = pal.get_by_test_id("undo-confirm")
    expect(confirm).to_contain_text("and the bots' actions after it")
    confirm.get_by_test_id("confirm-no").click()
