"""Watching a finished Palatinus game again (web/palatinus/replay.js): the replay steps through
the game's actions with the engine's replay view, and a face-down inhabitant keeps its wolf side
in every past position (P8); only the end, as the final scoring did (P5), shows every kind."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from qvcore.palatinus.game import Game
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    KIND_WORDS,
    browser_context_args,
    pal,
)
from tools.pins import fetch_axe


def finished_save(seed: int, names: tuple[str, str] = ("Ada", "Bruno")) -> dict[str, Any]:
    """A two-player game played to its end by random legal actions."""
    game = Game({"players": 2, "names": list(names)}, seed)
    rand = random.Random(seed)
    while not game.is_over():
        game.apply(rand.choice(game.legal_actions()))
    return game.save({"seats": ["human", "human"], "botSeed": 1})


def open_save(page: Page, save: dict[str, Any], folder: Path) -> None:
    """Open `save` as a player does: written to a file, chosen with "Open"."""
    path = folder / "finished.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("pal-import").click()
    chooser.value.set_files(path)


def open_replay(page: Page, folder: Path) -> None:
    """A finished two-player game opened from a file, its scoring shown at once, its replay
    opened at its first step."""
    open_save(page, finished_save(11), folder)
    page.locator("html[data-pal-scoring]").wait_for(state="attached")
    page.get_by_test_id("pal-score-all").click()
    page.get_by_test_id("pal-replay").click()
    page.locator("html[data-pal-replay='0']").wait_for(state="attached")


def cell_words(page: Page, terrain: int) -> str:
    """A board cell's name and everything inside it, as a screen reader or a script reads it,
    but for its description of the terrains beside it (each of which says its own)."""
    cell = page.locator(f"[data-cell='{terrain}']")
    return str(cell.evaluate("(el) => { const own = el.cloneNode(true);"
                             " own.querySelector(':scope > desc')?.remove();"
                             " return [own.getAttribute('aria-label') ?? '', own.textContent,"
                             " ...[...own.querySelectorAll('*')].flatMap((e) =>"
                             " [...e.attributes].map((a) => a.value))].join(' '); }"))


def test_a_finished_game_is_watched_again_without_showing_a_wolf_early(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    save = finished_save(11)
    actions = save["actions"]
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-scoring]").wait_for(state="attached")
    # the replay is offered once the scoring has been shown
    assert pal.get_by_test_id("pal-replay").count() == 0
    pal.get_by_test_id("pal-score-all").click()
    # P6: once scored, a hill whose token a player took, or a tie removed, shows none
    game = Game.load(save)
    steps = game.events[-1]["final"]["steps"]
    taken = {st["hill"] for st in steps if st["step"] in ("token", "tie")}
    assert taken
    for tile in game.view()["tiles"]:
        hill = pal.locator(f"[data-cell='{tile['hill']}'] .pal-token")
        expect(hill).to_have_count(0 if tile["letter"] in taken else 1)
    pal.get_by_test_id("pal-replay").click()
    pal.locator("html[data-pal-replay='0']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-replay-step")).to_have_text(f"Step 0 of {len(actions)}")
    expect(pal.get_by_test_id("pal-replay-text")).to_contain_text("middle tile")
    assert pal.get_by_test_id("pal-log").locator("li").count() == 0
    pal.get_by_test_id("pal-replay-next").click()
    pal.locator("html[data-pal-replay='1']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-log").locator("li")).to_have_count(1)

    # a position in the placements: every wolf placed so far shows no kind
    middle = len(actions) - 6
    pal.get_by_test_id("pal-replay-last").click()
    pal.locator(f"html[data-pal-replay='{len(actions)}']").wait_for(state="attached")
    wolves = [a for a in actions[:middle] if a["type"] == "place" and a["wolf"]]
    assert len(wolves) > 3
    # at the end every kind is known, as the final scoring revealed it: this check can fail
    names = ["Ada", "Bruno"]
    for action in wolves:
        assert action["kind"] in cell_words(pal, action["terrain"]), action
        # named as the end's board names it: its owner's, turned over (a review read "your
        # farmer, wolf side up" on every wolf of every seat)
        label = pal.locator(f"[data-cell='{action['terrain']}']").get_attribute("aria-label")
        assert label and f"{names[action['player']]}'s {action['kind']}" in label, label
        assert "your" not in label and "wolf side up" not in label, label
    bar = pal.get_by_test_id("pal-replay-bar")
    bar.get_by_test_id("pal-replay-prev").focus()
    for shown in range(len(actions) - 1, middle - 1, -1):
        pal.keyboard.press("ArrowLeft")  # the bar's keys step back as its buttons do
        pal.locator(f"html[data-pal-replay='{shown}']").wait_for(state="attached")
    for action in wolves:
        words = cell_words(pal, action["terrain"])
        assert not [w for w in KIND_WORDS if w in words], (action, words)
    # the steps shown are the game's own, in the log
    expect(pal.get_by_test_id("pal-log").locator("li")).to_have_count(middle)
    # and each player holds what it held then (P8: counts anyone may see), not the end's none
    past = Game.load({**save, "actions": actions[:middle]})
    seats = pal.locator("#pal-players li")
    for seat in range(2):
        expect(seats.nth(seat)).to_contain_text(f"{past.state.held(seat)} inhabitants held")
    assert past.state.held(0) > 0

    # the replay's screen passes axe too (its bar is a named group of buttons)
    pal.add_script_tag(path=str(fetch_axe()))
    violations = pal.evaluate("""async () => (await axe.run(document,
        { resultTypes: ["violations"] })).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)""")
    assert violations == []

    pal.get_by_test_id("pal-replay-exit").click()
    pal.locator("html:not([data-pal-replay])").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-result")).to_be_visible()


def test_the_players_panel_counts_only_what_is_still_held(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """P8: the panel says what each player holds behind the screen, and a review saw a
    finished game still list "0 inhabitants held: 0 merchants, 0 farmers, 0 condottieri, 0
    wolf side up" for everyone: a face held by nobody is not counted, nor an empty screen."""
    open_save(pal, finished_save(11), tmp_path)
    pal.locator("html[data-pal-scoring]").wait_for(state="attached")
    players = pal.locator("#pal-players")
    expect(players).to_contain_text("Ada")
    expect(players).not_to_contain_text("held")
    expect(players).not_to_contain_text(re.compile(r"\b0 "))


def test_a_new_game_after_the_end_leaves_nothing_of_the_last_one(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """A playtest opened the new-game form after a finished game (and from its replay): the
    board was emptied but the banner still said the game was over, the players panel showed
    the replay's counts, the log the old game and the message the file saved. The form starts
    from a clear table: banner, players, log and message empty, the replay ended."""
    save = finished_save(11)
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-scoring]").wait_for(state="attached")
    pal.get_by_test_id("pal-score-all").click()
    pal.get_by_test_id("pal-export").click()
    expect(pal.locator("#pal-message")).to_contain_text("palatinus.json")
    pal.get_by_test_id("pal-replay").click()
    pal.get_by_test_id("pal-replay-next").click()
    pal.locator("html[data-pal-replay='1']").wait_for(state="attached")
    pal.locator("#pal-new").click()
    expect(pal.get_by_test_id("pal-start")).to_be_visible()
    expect(pal.locator("#banner")).to_have_text("")
    expect(pal.locator("#pal-players")).to_have_text("")
    expect(pal.get_by_test_id("pal-log").locator("li")).to_have_count(0)
    expect(pal.locator("#pal-message")).to_have_text("")
    for state in ("data-pal-replay", "data-pal-scoring", "data-pal-stage"):
        assert pal.get_attribute("html", state) is None, state


def test_a_save_with_a_move_against_the_rules_names_the_move(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """A playtest opened a save with a move against the rules: the page said "…breaks the
    rules (save)", the engine's word for its own refusal. It names the move, counted from 1,
    and the page stays as it was."""
    save = finished_save(11)
    bad = {**save, "actions": [*save["actions"][:2], {**save["actions"][2], "slot": 99}]}
    open_save(pal, bad, tmp_path)
    expect(pal.get_by_test_id("pal-message")).to_have_text(
        "Move 3 of this save breaks the rules: it cannot be replayed.")
    assert pal.get_attribute("html", "data-pal-stage") is None


#: where the board and the ▶ button are on the screen, and whether the log's current line lies
#: within the log's own box
PLACES = """() => {
  const log = document.getElementById("pal-log").getBoundingClientRect();
  const line = document.querySelector("#pal-log li.current")?.getBoundingClientRect();
  const top = (selector) => document.querySelector(selector).getBoundingClientRect().top;
  return {board: top("#pal-board"), next: top('[data-testid="pal-replay-next"]'),
          line: !line || (line.top >= log.top - 1 && line.bottom <= log.bottom + 1)};
}"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_stepping_through_the_replay_leaves_the_board_where_it_is(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """A playtest on a phone tapped ▶ through a finished game's replay (P8) and the page
    scrolled down to the log's newest line at each tap, until the board was above the
    screen: the board stays where it is, and only the log's own list scrolls to its line."""
    open_replay(pal, tmp_path)
    step = pal.get_by_test_id("pal-replay-next")
    step.scroll_into_view_if_needed()  # the player scrolls to the bar, under the board
    before = pal.evaluate(PLACES)
    for shown in range(1, 16):
        box = step.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, (shown, box)
        pal.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        pal.locator(f"html[data-pal-replay='{shown}']").wait_for(state="attached")
        now = pal.evaluate(PLACES)
        # the board never goes up (the key under it may grow shorter as the places fill:
        # the page then keeps the button under the finger and the board comes down a little)
        assert now["board"] >= before["board"] - 1, (shown, before, now)
        assert abs(now["next"] - before["next"]) <= 1, (shown, before, now)
        assert now["line"], (shown, "the current line is out of the log's sight")
    # the list did scroll: its first lines are above its top
    assert pal.evaluate('document.getElementById("pal-log").scrollTop') > 0


def test_the_banner_says_replay_while_the_game_is_watched_again(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """A playtest watched a finished game again under a banner saying "Game over" until it
    switched the language: the banner says the replay from its first position (P8: past
    positions of a finished game), and the end again once the replay is left."""
    open_save(pal, finished_save(11), tmp_path)
    pal.locator("html[data-pal-scoring]").wait_for(state="attached")
    pal.get_by_test_id("pal-score-all").click()
    banner = pal.locator("#banner")
    expect(banner).to_have_text("Game over")
    pal.get_by_test_id("pal-replay").click()
    pal.locator("html[data-pal-replay='0']").wait_for(state="attached")
    expect(banner).to_have_text("Replay")
    pal.get_by_test_id("pal-replay-next").click()
    pal.locator("html[data-pal-replay='1']").wait_for(state="attached")
    expect(banner).to_have_text("Replay")
    pal.get_by_test_id("pal-replay-exit").click()
    pal.locator("html:not([data-pal-replay])").wait_for(state="attached")
    expect(banner).to_have_text("Game over")
