"""The players of a Palatinus table on screen (web/palatinus/table.js): their names, however
long, in every place the page writes them, and who owns which colour (P2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from qvcore.palatinus.game import Game
from tests.browser.conftest import window
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    browser_context_args,
    human_turn,
    pal,
    stage,
    start,
)
from tests.browser.test_palatinus_replay import finished_save, open_save

#: how many pixels the page is wider than its window (0 or less: it never scrolls sideways)
WIDER = "() => document.documentElement.scrollWidth - innerWidth"


@pytest.mark.parametrize("width", [pytest.param(w, marks=window(w, 844), id=str(w))
                                   for w in (390, 1366)])
def test_a_long_name_never_widens_the_page(pal: Page, tmp_path: Path, width: int) -> None:  # noqa: F811
    """The form takes names of up to 30 characters; a playtest's 30 W's without a space made
    the page scroll sideways (1473 px at 1366, 447 at 390) from the players panel. Through the
    set-up (P3), a hand-over, a placement (P4), the scoring (P5-P7) and the replay, the page
    stays as wide as its window."""
    assert pal.evaluate("innerWidth") == width
    names = ("W" * 30, "M" * 30)
    for i, name in enumerate(names):
        pal.get_by_test_id(f"pal-name-{i}").fill(name)
    start(pal, ["human", "human"])
    assert pal.evaluate(WIDER) <= 0, "the set-up"
    while stage(pal) == "setup":
        human_turn(pal)
    pal.get_by_test_id("pal-handover-ok").wait_for()
    assert pal.evaluate(WIDER) <= 0, "the hand-over"
    pal.get_by_test_id("pal-handover-ok").click()
    pal.locator("html[data-pal-looking]").wait_for(state="attached")
    pal.locator('[data-testid^="pal-piece-"]').last.click()
    assert pal.evaluate(WIDER) <= 0, "a placement"

    open_save(pal, finished_save(11, names), tmp_path)
    pal.get_by_test_id("pal-open-confirm").get_by_test_id("confirm-yes").click()
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    pal.get_by_test_id("pal-score-next").click()
    pal.locator("html[data-pal-shown='1']").wait_for(state="attached")
    assert pal.evaluate(WIDER) <= 0, "the scoring"
    pal.get_by_test_id("pal-score-all").click()
    pal.locator("html[data-pal-scoring='done']").wait_for(state="attached")
    assert pal.evaluate(WIDER) <= 0, "the result"
    # nor its panel: a long name ends in an ellipsis there, whole in its title
    assert pal.evaluate("""() => document.querySelector('[data-testid="pal-result"]')
        .getBoundingClientRect().right - document.getElementById("pal-panel")
        .getBoundingClientRect().right""") <= 0.5
    expect(pal.get_by_test_id("pal-result").get_by_title(names[0])).to_have_count(1)
    pal.get_by_test_id("pal-replay").click()
    pal.get_by_test_id("pal-replay-last").click()
    pal.locator("html[data-pal-replay]:not([data-pal-replay='0'])").wait_for(state="attached")
    assert pal.evaluate(WIDER) <= 0, "the replay"


def extra_colours_placed() -> dict[str, Any]:
    """A two-player game (P2) in which both players have placed all four inhabitants of
    their extra colour (ruling 6: seat 1's yellow, seat 2's green), and hold others still."""
    game = Game({"players": 2, "names": ["Ada", "Bruno"]}, 5)

    def extra_held() -> int:
        return sum(row["count"] for p in game.view(None)["players"] for row in p["screen"]
                   if row["colour"] in (2, 3))

    while extra_held():
        legal = game.legal_actions()
        extra = [a for a in legal if a["type"] == "place" and a["colour"] in (2, 3)]
        game.apply((extra or legal)[0])
    assert not game.is_over()
    return game.save({"seats": ["human", "human"], "botSeed": 1})


def test_each_player_shows_both_colours_once_one_is_all_placed(
    pal: Page, tmp_path: Path  # noqa: F811
) -> None:
    """P2: with two players each also plays an extra colour (ruling 6). A playtest found that
    once a player had placed all of one colour the players panel no longer named it, and
    nothing on screen said whose the yellow pieces on the board were: each player's entry
    keeps both colours, each a chip named by its colour."""
    open_save(pal, extra_colours_placed(), tmp_path)
    pal.locator("html[data-pal-stage='place']").wait_for(state="attached")
    seats = pal.locator("#pal-players li")
    for seat, colours in enumerate((("red", "yellow"), ("blue", "green"))):
        for colour in colours:
            expect(seats.nth(seat).get_by_role("img", name=colour, exact=True)).to_be_visible()
