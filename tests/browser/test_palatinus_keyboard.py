"""Palatinus played from the keyboard with a screen reader: where the focus goes and what is
read out when a screen changes without a control of its own (a keyboard review found the focus
on the page's body and an undo or a replay's step said by nothing)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from qvcore.palatinus.game import Game
from qvcore.palatinus.geometry import TERRAIN_NEIGHBOURS
from tests.browser.conftest import back_to_the_game, window
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    actions,
    browser_context_args,
    human_turn,
    pal,
    place_and_let_the_bot_answer,
    stage,
    start,
    to_a_terrain_from_the_keyboard,
    wait_next,
)
from tests.browser.test_palatinus_replay import finished_save, open_replay, open_save

FOCUSED = "() => document.activeElement?.id || document.activeElement?.tagName"


def test_the_hand_over_after_a_bots_move_takes_the_keyboard_to_its_heading(
        pal: Page) -> None:  # noqa: F811
    """P4: the hand-over screen drawn after a bot's move (nothing of the person's focused any
    more): the focus is on its heading, not on the page's body; its button, held a moment for
    the new person (guard.js), then takes the Tab."""
    start(pal, ["human", "easy", "human"])
    seen = 0
    for _ in range(60):
        # the count first: a bot that moves between the two reads is not waited for again
        before = actions(pal)
        human = pal.get_attribute("html", "data-pal-turn") == "human"
        if human and stage(pal) != "setup" and pal.get_by_test_id("pal-handover-ok").count():
            expect(pal.locator("#pal-turn-heading")).to_be_focused()
            seen += 1
            if seen == 2:
                break
        if human:
            human_turn(pal)
        else:
            wait_next(pal, before)
    assert seen == 2, "no hand-over came"
    pal.locator("html:not([data-guard])").wait_for(state="attached")
    pal.keyboard.press("Tab")
    expect(pal.get_by_test_id("pal-handover-ok")).to_be_focused()


def test_an_undo_is_said(pal: Page) -> None:  # noqa: F811
    """R10 (Palatinus's undo, ruling 16): the log only loses lines, which no screen reader
    hears; the message under the board says what was undone, in the page's language."""
    before = place_and_let_the_bot_answer(pal)
    undone = actions(pal) - before  # the person's move and the bot's answer
    pal.get_by_test_id("pal-undo").click()
    pal.locator(f"html[data-pal-actions='{before}']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-message")).to_have_text(f"Undone: {undone} actions.")


@window(1280, 800)
def test_the_last_scoring_step_leaves_the_keyboard_on_the_result(
        pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """P7: "Next step" pressed on the last step disappears with it: the focus goes to the
    result table, as "Show all" leaves it, not to the page's body."""
    save = finished_save(11)
    steps = Game.load(save).events[-1]["final"]["steps"]
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-scoring]").wait_for(state="attached")
    for _ in steps:
        nxt = pal.get_by_test_id("pal-score-next")
        if not nxt.count():
            break
        nxt.focus()
        pal.keyboard.press("Enter")
    pal.locator("html[data-pal-scoring='done']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-result")).to_be_focused()
    assert pal.evaluate(FOCUSED) != "BODY"


def test_each_replay_step_is_read_out(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """P8: a step of the replay is read out through the page's live region, the step's count
    and its action, where the step's own line was drawn anew (and not heard) at each step."""
    open_replay(pal, tmp_path)
    announcer = pal.get_by_test_id("pal-announce")
    expect(announcer).to_contain_text("Step 0 of")
    pal.keyboard.press("ArrowRight")
    pal.locator("html[data-pal-replay='1']").wait_for(state="attached")
    expect(announcer).to_contain_text("Step 1 of")
    expect(announcer).to_contain_text(pal.get_by_test_id("pal-replay-text").inner_text())
    assert pal.get_by_test_id("pal-replay-step").get_attribute("aria-live") is None


@window(640, 400)
def test_at_twice_the_zoom_the_focused_heading_is_in_sight(pal: Page) -> None:  # noqa: F811
    """WCAG 2.4.11: at 200% zoom (640x400 CSS pixels) a tile laid from the keyboard leaves the
    focus on the heading, and the heading is scrolled into sight (a review found it 97 px
    above the screen, no focus ring to be seen)."""
    start(pal, ["human", "human"])
    pal.locator("html:not([data-guard])").wait_for(state="attached")
    for laid in (1, 2):
        pal.locator('[data-testid^="pal-place-"]').first.focus()
        pal.keyboard.press("Enter")
        pal.locator(f"html[data-pal-actions='{laid}']").wait_for(state="attached")
        heading = pal.locator("#pal-turn-heading")
        expect(heading).to_be_focused()
        expect(heading).to_be_in_viewport()
        pal.locator("html:not([data-guard])").wait_for(state="attached")


def test_back_to_the_game_from_the_rules_closes_their_tab(pal: Page) -> None:  # noqa: F811
    """The Rules link opens the rules in a tab of their own; their "Back to the game" opened
    the game a second time there (a review met the two-tabs notice): as Quo Vadis's rules do,
    it closes that tab, and the game is where it was."""
    start(pal, ["human", "human"])
    with pal.expect_popup() as opened:
        pal.get_by_test_id("pal-rules").click()
    back_to_the_game(opened.value, "Back to the game")
    assert pal.context.pages == [pal]
    expect(pal.get_by_test_id("pal-board")).to_be_visible()


def test_new_game_mid_game_takes_the_keyboard_to_the_form(pal: Page) -> None:  # noqa: F811
    """The menu's New game replaces the panel with the form: the focus goes to the heading
    that names it (it stayed on the button, and nothing said the screen had changed); the
    empty log is no Tab stop on the first screen, and is one once it has a line to read."""
    log = pal.get_by_test_id("pal-log")
    expect(log).not_to_have_attribute("tabindex", "0")
    start(pal, ["human", "human"])
    human_turn(pal)
    expect(log).to_have_attribute("tabindex", "0")
    pal.get_by_test_id("pal-new").focus()
    pal.keyboard.press("Enter")
    heading = pal.locator("#pal-turn-heading")
    expect(heading).to_be_focused()
    expect(heading).to_have_text("A new game")
    # Escape leads back to the game: the heading, still focused, names the game's screen
    # again, and that is read out (a focus that does not move reads nothing)
    pal.keyboard.press("Escape")
    expect(heading).not_to_have_text("A new game")
    expect(heading).to_be_focused()
    expect(pal.get_by_test_id("pal-announce")).to_have_text(str(heading.text_content()))


def test_the_rules_link_says_it_opens_another_tab(pal: Page) -> None:  # noqa: F811
    """WCAG 3.2.5 (advisory), G201: the Rules link opens the reference in another tab and
    says so, in the page's language."""
    link = pal.get_by_test_id("pal-rules")
    expect(link).to_have_accessible_description("Opens in another tab.")
    pal.get_by_test_id("language").select_option("fr")
    expect(pal.locator("html")).to_have_attribute("lang", "fr")
    expect(link).to_have_accessible_description("S'ouvre dans un autre onglet.")


def test_the_board_is_one_tab_stop_and_the_arrows_walk_it(pal: Page) -> None:  # noqa: F811
    """The hills are one Tab stop, as Quo Vadis?'s board is (a roving tab stop): a playtest
    tabbed through up to 42 terrains to leave the board. The arrow keys walk the choices; the
    terrain last focused keeps the stop; Tab leaves the board, Shift+Tab comes back to it."""
    to_a_terrain_from_the_keyboard(pal)
    terrains = pal.locator('[data-testid^="pal-terrain-"]')
    assert terrains.count() > 10
    expect(pal.locator('[data-testid^="pal-terrain-"][tabindex="0"]')).to_have_count(1)
    focused = pal.locator('[data-testid^="pal-terrain-"]:focus')
    expect(focused).to_have_attribute("tabindex", "0")
    pal.keyboard.press("ArrowRight")
    moved = focused.get_attribute("data-testid")
    expect(pal.locator(f'[data-testid="{moved}"]')).to_have_attribute("tabindex", "0")
    expect(pal.locator('[data-testid^="pal-terrain-"][tabindex="0"]')).to_have_count(1)
    pal.keyboard.press("Tab")
    expect(pal.locator("#pal-board :focus")).to_have_count(0)
    pal.keyboard.press("Shift+Tab")
    expect(pal.locator(f'[data-testid="{moved}"]')).to_be_focused()


def test_a_terrain_says_which_hill_it_is_around_and_what_lies_beside_it(
        pal: Page) -> None:  # noqa: F811
    """P6 counts what lies beside a terrain: its description says the hill it is around and
    each terrain next to it, with what stands there (a review found the board's adjacency
    perceivable by sight only)."""
    start(pal, ["human", "human"])
    while stage(pal) == "setup":
        human_turn(pal)
    human_turn(pal)  # a first inhabitant on the hills
    line = pal.locator("#pal-log li").last.inner_text()
    placed, placer = int(re.findall(r"terrain (\d+)", line)[-1]), line.split(" ")[0]
    beside = next(n for n in TERRAIN_NEIGHBOURS[placed])
    cell = pal.locator(f'[data-cell="{beside}"]')
    hill = cell.locator("xpath=..").get_attribute("aria-label")
    assert hill is not None and (letter := re.search(r"hill ([A-G])", hill)), hill
    description = cell.evaluate("(el) => el.querySelector(':scope > desc').textContent")
    assert description.startswith(f"Around hill {letter.group(1)}. Next to: "), description
    for n in TERRAIN_NEIGHBOURS[beside]:
        assert re.search(rf"[Tt]errain {n}\b", description), (n, description)
    assert re.search(rf"[Tt]errain {placed}: {placer}", description), description
    expect(cell).to_have_accessible_description(description)


def test_what_was_read_out_goes_when_the_language_changes(pal: Page) -> None:  # noqa: F811
    """The last action read out stayed in its language in the live region after a switch (a
    playtest found it English in an Italian page, as Quo Vadis?'s log once had it): it goes,
    as Quo Vadis?'s does (nothing new happened to read out)."""
    start(pal, ["human", "human"])
    human_turn(pal)
    announced = pal.get_by_test_id("pal-announce")
    expect(announced).not_to_have_text("")
    pal.get_by_test_id("language").select_option("it")
    expect(pal.locator("html")).to_have_attribute("lang", "it")
    expect(announced).to_have_text("")
