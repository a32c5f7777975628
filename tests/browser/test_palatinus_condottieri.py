"""P4's condottiero timing said on the seat's own screen (ruling 10; the view's `withheld` and
`condottiero_turns`, web/palatinus/table.js condottieriNote). A review put its condottieri off
and saw its merchants and farmers vanish from the choice on its 11th turn, unexplained."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from qvcore.palatinus.facts import CONDOTTIERO
from qvcore.palatinus.game import Game
from qvcore.palatinus.state import PLACE, SETUP
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    browser_context_args,
    pal,
)
from tests.browser.test_palatinus_replay import open_save


def put_off_until(held: int, condottieri: int = 2) -> dict[str, Any]:
    """A 3-player game of people in which everyone puts its condottieri off as long as P4
    lets them (all but `condottieri` of them placed first), saved when the seat to act holds
    `held` inhabitants, `condottieri` of them condottieri (the last four turns take none: with
    7 held, 3 turns are left for them)."""
    game = Game({"players": 3, "names": ["Ada", "Bruno", "Cleo"], "first_player": 0}, 4)
    rand = random.Random(4)
    while game.state.stage == SETUP:
        game.apply(game.legal_actions()[0])
    while game.state.stage == PLACE:
        seat = game.state.current
        now = game.state.held_condottieri(seat)
        if game.state.held(seat) == held and now == condottieri:
            return game.save({"seats": ["human"] * 3, "botSeed": 1})
        legal = game.legal_actions()
        early = [a for a in legal if a["kind"] == CONDOTTIERO] if now > condottieri else []
        game.apply(rand.choice(early or [a for a in legal if a["kind"] != CONDOTTIERO] or legal))
    raise AssertionError("no such turn")


def offered_kinds(page: Page) -> set[str]:
    """The kinds of the inhabitants the turn screen offers to place."""
    return set(page.locator('[data-testid^="pal-piece-"]').evaluate_all(
        "(els) => els.map((el) => el.dataset.kind)"))


def own_screen(page: Page, save: dict[str, Any], folder: Path) -> None:
    """Open the save, and show the screen of the seat to act."""
    open_save(page, save, folder)
    page.get_by_test_id("pal-handover-ok").click()
    page.locator("html[data-pal-looking]").wait_for(state="attached")


def test_the_turns_left_for_the_condottieri_are_said_before_they_are_forced(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    own_screen(pal, put_off_until(7), tmp_path)
    expect(pal.get_by_test_id("pal-condottieri-due")).to_have_text(
        "The condottieri behind your screen must be placed within your next 3 turns: none may"
        " be placed in your last 4 (P4).")
    expect(pal.get_by_test_id("pal-withheld")).to_have_count(0)
    assert offered_kinds(pal) > {CONDOTTIERO}  # a free choice still


def test_one_condottiero_left_is_said_in_the_singular(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """A playtest held one condottiero and read "The condottieri behind your screen must be
    placed…": one is said as one."""
    own_screen(pal, put_off_until(7, condottieri=1), tmp_path)
    expect(pal.get_by_test_id("pal-condottieri-due")).to_have_text(
        "The condottiero behind your screen must be placed within your next 3 turns: none may"
        " be placed in your last 4 (P4).")


def test_a_choice_narrowed_to_a_condottiero_says_why(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    own_screen(pal, put_off_until(6), tmp_path)
    expect(pal.get_by_test_id("pal-withheld")).to_have_text(
        "Only a condottiero may be placed now: none may stay behind your screen for your last 4"
        " turns (P4). The others wait.")
    expect(pal.get_by_test_id("pal-condottieri-due")).to_have_count(0)
    assert offered_kinds(pal) == {CONDOTTIERO}
    # what waits is still listed behind the screen
    expect(pal.get_by_test_id("pal-hand")).to_contain_text("merchant")
