"""No decision for the wrong player: with the hand-over screen off, input meant
for one player never acts for the next one. A double-click on "Agree", a triple Enter on the
move dialog and a double-click on an add button each decide once; a dialog addressed to a new
player says whose decision it is and puts focus on no decision button; a hoard is shown at a
shared screen only after its owner confirms (R10)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from qvcore import board
from qvcore.game import Game

from .conftest import ENGINE_TIMEOUT_MS
from .play import (
    NAMES,
    SEED,
    advance_to,
    log_texts,
    open_autosaved,
    options,
    wait_actions,
    wait_armed,
)


def open_position(page: Page, site_url: str, actions: list[dict[str, Any]],
                  names: list[str] | None = None) -> Game:
    """Open the site on the game after these actions (stored as its autosave, then resumed)."""
    game = Game(options(names), SEED)
    for action in actions:
        game.apply(action)
    open_autosaved(page, site_url, game)
    return game


def two_asked() -> list[dict[str, Any]]:
    """Actions up to a request that asks two players (the last action is that request)."""
    game = Game(options(), SEED)
    actions = advance_to(game, lambda g: g.state.stage == "consent" and g.state.request
                         is not None and len(g.state.request.asked) == 2
                         and not g.state.request.answers)
    return actions


def test_double_click_on_agree_answers_for_one_player_only(page: Page, site_url: str) -> None:
    actions = two_asked()
    game = open_position(page, site_url, actions)
    request = game.state.request
    assert request is not None
    first, second = request.asked
    dialog = page.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[first])
    dialog.get_by_test_id("answer-agree").dblclick()
    wait_actions(page, len(actions) + 1)
    # the next player's dialog is up, and the second click did not answer it
    expect(page.get_by_test_id("answer-dialog").get_by_test_id("dialog-to")).to_have_text(
        NAMES[second])
    expect(page.get_by_test_id(f"answer-state-{second}")).to_contain_text("has not answered yet")
    expect(page.get_by_test_id(f"answer-state-{first}")).to_contain_text("agrees")
    assert page.get_attribute("html", "data-actions") == str(len(actions) + 1)
    # it says whose decision it is, and focus is on no decision button
    expect(page.get_by_test_id("answer-dialog")).to_contain_text(
        f"For {NAMES[second]} to decide")
    focused = page.evaluate("() => document.activeElement.tagName + ':' + "
                            "(document.activeElement.dataset.testid ?? '')")
    assert focused == "DIALOG:answer-dialog"


def test_enter_three_times_on_the_move_dialog_only_asks(page: Page, site_url: str) -> None:
    actions = two_asked()
    request = actions[-1]
    open_position(page, site_url, actions[:-1])
    page.get_by_test_id(f"office-{request['from']}").click()
    page.get_by_test_id(f"office-{request['to']}").click()
    dialog = page.get_by_test_id("move-dialog")
    expect(dialog).to_be_visible()
    ask = dialog.get_by_test_id("ask-consent")
    expect(page.locator("dialog[open]")).to_be_focused()  # no decision button has focus
    ask.focus()
    for _ in range(3):
        page.keyboard.press("Enter")
    wait_actions(page, len(actions))
    answer = page.get_by_test_id("answer-dialog")
    expect(answer).to_be_visible()
    for seat in (1, 2):
        expect(page.get_by_test_id(f"answer-state-{seat}")).to_contain_text("has not answered yet")
    assert page.get_attribute("html", "data-actions") == str(len(actions))


def test_double_click_on_an_add_button_adds_once(page: Page, site_url: str) -> None:
    open_position(page, site_url, [])
    page.keyboard.press("Escape")  # nothing to answer: no dialog stays open
    page.get_by_test_id("add-1").dblclick()
    wait_actions(page, 1)
    expect(page.get_by_test_id("turn-heading")).to_contain_text(f"{NAMES[1]}'s turn")
    page.locator("html:not([data-guard])").wait_for(state="attached")
    assert page.get_attribute("html", "data-actions") == "1"
    expect(page.get_by_test_id("log").locator("li")).to_have_count(1)


def test_a_click_on_the_board_right_after_start_decides_nothing(page: Page,
                                                               site_url: str) -> None:
    """The second click of a double-click on Start lands on what the game draws under it (a
    playtest's laid Palatinus's first tile): input is held a moment after a new game starts, as
    when the table turns to a new player, so the first player's first decision is their own."""
    page.goto(site_url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    dialog = page.get_by_test_id("new-game-dialog")
    dialog.get_by_test_id("players-3").check()
    dialog.get_by_test_id("first-player").select_option("0")
    dialog.get_by_test_id("handover-setting").set_checked(False)
    # the page's clock stands still from Start on: the board's click comes within the hold
    # however slow the machine (guard.js measures it from the last click)
    wait_armed(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    dialog.get_by_test_id("start-game").click()
    box = page.get_by_test_id("office-1").locator(".frame").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("html")).to_have_attribute("data-guard", "on")
    assert page.evaluate("() => window.__qv.app.view.log.length") == 0
    page.clock.resume()
    wait_armed(page)
    page.get_by_test_id("office-1").click()
    wait_actions(page, 1)


def test_a_click_on_the_panel_of_the_turn_before_decides_nothing(page: Page, site_url: str) -> None:
    """The page shows an action's view in steps (ui.js): the board at once, the panels a task
    later. A click on what the turn panel still shows of the turn before (the first player's
    add buttons) in between decides nothing for the next player (R4: one action, by the player
    to act), and <html data-actions> counts the action once everything is drawn."""
    open_position(page, site_url, [])
    assert page.get_by_test_id("add-2").is_enabled()
    counted = page.evaluate("""() => {
      const root = document.documentElement;
      const before = root.dataset.actions;
      document.querySelector('[data-testid="add-1"]').click();
      const acted = window.__qv.app.view.log.length;
      document.querySelector('[data-testid="add-2"]').click();  // the first player's, drawn before
      return [before, root.dataset.actions, acted, window.__qv.app.view.log.length];
    }""")
    assert counted == ["0", "0", 1, 1]
    wait_actions(page, 1)
    log = page.evaluate("() => window.__qv.app.view.log.map((e) => [e.player, e.type])")
    assert log == [[0, "add"]]
    expect(page.get_by_test_id("turn-heading")).to_contain_text(NAMES[1])


def test_look_at_a_shared_screen_asks_the_owner_first(page: Page, site_url: str) -> None:
    open_position(page, site_url, two_asked()[:2])
    page.keyboard.press("Escape")
    page.get_by_test_id("look-mine").click()
    confirm = page.get_by_test_id("look-confirm")
    expect(confirm).to_contain_text(f"Only {NAMES[2]} should look now")
    expect(page.get_by_test_id("hoard-total")).to_have_count(0)
    confirm.get_by_test_id("look-show").click()
    expect(page.get_by_test_id("hoard-view").get_by_test_id("hoard-total")).to_contain_text(
        "Total:")


def test_the_first_click_after_a_bots_move_is_taken(page: Page, site_url: str) -> None:
    """Input is held when the table turns to another player only if a click or a key came just
    before (the second of a double-click, meant for the player before): a player whose turn
    comes after the bots' moves, not having touched anything, is heard at once (a review saw
    taps dropped for 0.7 s after every bot move)."""
    game = Game(options(), SEED)
    game.apply({"type": "add", "player": 0, "office": 1})  # then the two bots play
    meta: dict[str, Any] = {"app": "quo-vadis-web", "settings": {"handover": False},
                            "bots": {"1": {"level": "normal", "seed": 1},
                                     "2": {"level": "normal", "seed": 2}}}
    page.goto(site_url + "?botpause=0")
    page.evaluate("(t) => localStorage.setItem('quo-vadis.autosave', t)",
                  json.dumps(game.save(meta)))
    page.goto(site_url + "?botpause=0")
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    wait_actions(page, 3)
    expect(page.get_by_test_id("turn-heading")).to_contain_text(f"{NAMES[0]}'s turn")
    assert page.get_attribute("html", "data-guard") is None
    page.get_by_test_id("add-2").click()
    page.wait_for_function("() => Number(document.documentElement.dataset.actions) >= 4")
    log = page.evaluate("() => window.__qv.app.view.log.map((e) => [e.player, e.type])")
    assert log[3] == [0, "add"]


def test_the_players_panel_counts_each_senator_once(page: Page, site_url: str) -> None:
    """Supply, offices and Senate add up to each player's eight senators (R1): a senator in the
    Senate is counted there, not also among those on the board (a review read "Supply 5,
    Board 3, Senate 2")."""
    game = Game(options(), SEED)
    actions = advance_to(game, lambda g: len(g.state.offices[13]) >= 2)
    open_position(page, site_url, actions)
    page.keyboard.press("Escape")
    for q in range(game.state.n):
        row = page.get_by_test_id(f"player-{q}")
        in_senate = game.state.offices[13].count(q)
        offices = sum(here.count(q) for here in game.state.offices) - in_senate
        expect(row).to_contain_text(f"Supply {game.state.supply[q]}")
        expect(row).to_contain_text(f"Offices {offices}")
        expect(row).to_contain_text(f"Senate {in_senate}")
        assert game.state.supply[q] + offices + in_senate == 8


def test_the_turns_actions_come_before_the_summary_of_the_others(page: Page,
                                                                 site_url: str) -> None:
    """On a laptop's screen (1280 x 800) the turn's actions are in sight when the turn opens,
    however long the summary of what the others did since: they come first (a review had to
    scroll past the summary every turn of a game of four to reach them)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    names = ["Aurelia", "Brutus", "Cassia", "Decimus"]
    game = Game(options(names), SEED)

    def long_summary(g: Game) -> bool:
        log = g.log()
        mine = max((i for i, e in enumerate(log) if e["player"] == g.state.current), default=-1)
        return g.state.stage == "action" and len(log) - mine - 1 >= 8

    open_position(page, site_url, advance_to(game, long_summary), names)
    page.keyboard.press("Escape")
    summary = page.get_by_test_id("since-your-turn")
    expect(summary).to_be_visible()
    assert summary.locator("li").count() >= 5
    panel = page.locator("#turn-panel")
    order = panel.locator("button, [data-testid=since-your-turn]")
    assert order.first.get_attribute("data-testid") != "since-your-turn"
    expect(panel.get_by_test_id("caesar-open")).to_be_in_viewport()


def test_when_every_player_asked_refused_the_panel_offers_no_supporters_to_choose(
        page: Page, site_url: str) -> None:
    """R6.2, R11: the answers are in and too few agreed: the mover can withdraw the request or
    act otherwise, and the panel says so instead of offering to choose supporters (a review
    was offered "Choose supporters" with nobody to choose)."""
    game = Game(options(), SEED)
    actions = advance_to(game, lambda g: g.state.stage == "consent" and g.state.request
                         is not None and not g.state.request.answers)
    request = game.state.request
    assert request is not None
    for q in request.asked:
        refusal = {"type": "answer", "player": q, "consents": 0}
        game.apply(refusal)
        actions.append(refusal)
    assert game.state.stage == "consent"
    assert not [a for a in game.legal_actions() if a["type"] == "move"
                and a["to"] == board.PATH_TO[request.path]]
    open_position(page, site_url, actions)
    page.keyboard.press("Escape")
    panel = page.locator("#turn-panel")
    expect(panel.get_by_test_id("withdraw")).to_be_visible()
    expect(panel.get_by_test_id("supporters-open")).to_have_count(0)
    expect(panel.get_by_test_id("request-short")).to_have_text(
        "Too few consents: withdraw the request, or take another action.")


def test_since_your_last_turn_starts_at_that_turn_not_at_an_answer_since(page: Page,
                                                                         site_url: str) -> None:
    """"Since your last turn" lists what happened after the player's last turn, an answer they
    gave in between (to another player's request) and what came before it included: a playtest
    saw two of the others' adds left out after answering a bot."""
    game = Game(options(), SEED)

    def answered_since_own_turn(g: Game) -> bool:
        if g.state.stage != "action":
            return False
        log = g.log()
        seat = g.state.current
        turns = [i for i, e in enumerate(log) if e["player"] == seat and e["type"] != "answer"]
        answers = [i for i, e in enumerate(log) if e["player"] == seat and e["type"] == "answer"]
        # their last turn, then another's action, then their answer; few enough lines since
        # for the summary to show them all
        return (bool(turns and answers) and answers[-1] > turns[-1] + 1
                and len(log) - turns[-1] - 1 <= 6)

    actions = advance_to(game, answered_since_own_turn)
    open_position(page, site_url, actions)
    page.keyboard.press("Escape")  # nothing to answer: no dialog stays open
    log = game.log()
    seat = game.state.current
    last_turn = max(i for i, e in enumerate(log) if e["player"] == seat and e["type"] != "answer")
    summary = page.get_by_test_id("since-your-turn")
    expect(summary.locator("h3")).to_have_text("Since your last turn")
    first = summary.locator("li").first
    expect(first).to_have_text(re.compile("^" + re.escape(log_texts(page)[last_turn + 1])))

