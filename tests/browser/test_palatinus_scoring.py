"""The final scoring step by step (P5-P7, web/palatinus/scoring-screen.js): each step a
player asks for comes into sight. A review found the newest steps hidden below the list's own
scroll and, on a phone, the board scrolled away above it while its hills were scored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from qvcore.palatinus.game import Game
from tests.browser.conftest import window
from tests.browser.test_palatinus import (  # noqa: F401  (the page's fixtures)
    browser_context_args,
    pal,
)
from tests.browser.test_palatinus_replay import finished_save, open_save

#: the steps a player taps through, more than a list of them shows at once on any screen
TAPS = 20

#: each element's box in the viewport, and the steps list's: whether each is wholly in sight
IN_SIGHT = """() => {
  const list = document.querySelector('[data-testid="pal-steps"]');
  const box = (el) => el && el.getBoundingClientRect();
  const within = (b, top, bottom) => b !== null && b.top >= top - 1 && b.bottom <= bottom + 1;
  const newest = box(list.lastElementChild);
  const shown = box(list);
  const tile = box(document.querySelector('.pal-tile.scoring'));
  return {
    newest: within(newest, 0, innerHeight) && within(newest, shown.top, shown.bottom),
    next: within(box(document.querySelector('[data-testid="pal-score-next"]')), 0, innerHeight),
    tile: tile === null ? null : within(tile, 0, innerHeight),
  };
}"""


@pytest.mark.parametrize("width, height", [
    pytest.param(w, h, marks=window(w, h), id=f"{w}x{h}")
    for w, h in [(390, 844), (360, 640), (1280, 800)]])
def test_each_scoring_step_comes_into_sight_with_its_hill(
    pal: Page, tmp_path: Path, width: int, height: int  # noqa: F811
) -> None:
    save = finished_save(11)
    steps = Game.load(save).events[-1]["final"]["steps"]
    assert len(steps) > TAPS + 1
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    assert pal.evaluate("[innerWidth, innerHeight]") == [width, height]
    with pal.expect_file_chooser() as chooser:
        pal.get_by_test_id("pal-import").click()
    chooser.value.set_files(path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    hills = 0
    for shown in range(1, TAPS + 1):
        pal.get_by_test_id("pal-score-next").click()
        pal.locator(f"html[data-pal-shown='{shown}']").wait_for(state="attached")
        sight = pal.evaluate(IN_SIGHT)
        assert sight["newest"], (shown, "the newest step is out of sight")
        assert sight["next"], (shown, "the Next step button is out of sight")
        if sight["tile"] is not None:
            hills += 1
            assert sight["tile"], (shown, "the hill being scored is out of sight")
    assert hills > TAPS // 2  # most steps score a hill: the check above ran


def test_show_all_leaves_the_keyboard_on_the_result(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """A review pressed "Show all" from the keyboard and lost the focus to the page's body: it
    lands on the result table, which the scoring ends with (P7)."""
    open_save(pal, finished_save(11), tmp_path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    pal.get_by_test_id("pal-score-all").focus()
    pal.keyboard.press("Enter")
    pal.locator("html[data-pal-scoring='done']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-result")).to_be_focused()


def test_show_all_ends_the_list_on_its_last_step(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """A review pressed "Show all" after a few steps and saw the list jump back to its first
    step, a line cut in half above the result: the list ends on its last step (the winner,
    P7), as it follows the newest step while they are tapped through."""
    open_save(pal, finished_save(11), tmp_path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    for shown in range(1, 4):
        pal.get_by_test_id("pal-score-next").click()
        pal.locator(f"html[data-pal-shown='{shown}']").wait_for(state="attached")
    pal.get_by_test_id("pal-score-all").click()
    pal.locator("html[data-pal-scoring='done']").wait_for(state="attached")
    end = pal.evaluate("""() => {
        const list = document.querySelector('[data-testid="pal-steps"]');
        const last = list.lastElementChild.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        return {scrolls: list.scrollHeight > list.clientHeight,
                last: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
                step: list.lastElementChild.dataset.step};
    }""")
    assert end["scrolls"], "the list is short enough to show whole: nothing checked"
    assert end["last"], end
    assert end["step"] == "total", end


def test_a_tie_on_points_says_how_p7_broke_it(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """P7: a tie on points goes to the tied player with the most tokens, discs and captured
    inhabitants together. A playtest read only "The winner: Ada." after two players tied on
    points: the last step and the result say the tie, and each tied player's count (in words
    that hold when the counts are equal too, and the tied players share the win: a playtest
    read "P7 breaks the tie by…" before "The winners: Marcus and Gaius.")."""
    save = finished_save(34)
    total = Game.load(save).events[-1]["final"]["steps"][-1]
    points = [p["points"] for p in total["players"]]
    things = [p["things"] for p in total["players"]]
    assert points[0] == points[1] and things[0] > things[1] and total["winners"] == [0]
    said = (f"Ada and Bruno tie on {points[0]} points; P7 compares their tokens, discs and "
            f"captured inhabitants together: Ada {things[0]} and Bruno {things[1]}.")
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    pal.get_by_test_id("pal-score-all").click()
    pal.locator("html[data-pal-scoring='done']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-steps").locator("li").last).to_have_text(
        f"{said} The winner: Ada.")
    expect(pal.get_by_test_id("pal-tie-break")).to_have_text(said)


def test_a_captive_leaves_the_board_on_its_own_step(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """P6a: a condottiero's capture is one step, then each captive goes to its taker, one
    step each. A playtest saw the captives gone from the board at the capture, a step before
    the lines that say where each goes: each stays in sight until its own line."""
    save = finished_save(1)
    steps = Game.load(save).events[-1]["final"]["steps"]
    leaves = {st["terrain"]: i for i, st in enumerate(steps) if st["step"] == "captive"}
    capture = next(i for i, st in enumerate(steps) if st["step"] == "capture")
    captives = [c["terrain"] for c in steps[capture]["captives"]]
    assert len(captives) >= 2 and all(leaves[t] > capture for t in captives)
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    for shown in range(1, max(leaves[t] for t in captives) + 2):
        pal.get_by_test_id("pal-score-next").click()
        pal.locator(f"html[data-pal-shown='{shown}']").wait_for(state="attached")
        for terrain in captives:
            on_board = 0 if leaves[terrain] < shown else 1
            expect(pal.locator(f'[data-cell="{terrain}"] g[data-owner]')).to_have_count(
                on_board)


def test_the_players_panel_keeps_the_running_score(pal: Page, tmp_path: Path) -> None:  # noqa: F811
    """P7: while the hills are scored one by one, each player's points so far stand beside
    their name (the engine's running score of the step shown; a playtest saw them only in the
    result table at the end)."""
    save = finished_save(1)
    steps = Game.load(save).events[-1]["final"]["steps"]
    open_save(pal, save, tmp_path)
    pal.locator("html[data-pal-shown='0']").wait_for(state="attached")
    expect(pal.get_by_test_id("pal-points-0")).to_have_count(0)
    scored = next(i for i, st in enumerate(steps) if sum(st["scores"]) > 0) + 1
    for shown in range(1, scored + 1):
        pal.get_by_test_id("pal-score-next").click()
        pal.locator(f"html[data-pal-shown='{shown}']").wait_for(state="attached")
    for q, points in enumerate(steps[scored - 1]["scores"]):
        expect(pal.get_by_test_id(f"pal-points-{q}")).to_have_text(
            f"{points} point" if points == 1 else f"{points} points")
    assert sum(steps[scored - 1]["scores"]) > 0
    pal.get_by_test_id("pal-score-all").click()
    for q, points in enumerate(steps[-1]["scores"]):
        expect(pal.get_by_test_id(f"pal-points-{q}")).to_have_text(
            f"{points} point" if points == 1 else f"{points} points")
