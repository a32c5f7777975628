"""The players of a Palatinus table on screen (web/palatinus/table.js): their names, however
long, in every place the page writes them, and who owns which colour (P2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

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


@pytest.mark.parametrize("width", [390, 1366])
def test_a_long_name_never_widens_the_page(pal: Page, tmp_path: Path, width: int) -> None:  # noqa: F811
    """The form takes names of up to 30 characters; a playtest's 30 W's without a space made
    the page scroll sideways (1473 px at 1366, 447 at 390) from the players panel. Through the
    set-up (P3), a hand-over, a placement (P4), the scoring (P5-P7) and the replay, the page
    stays as wide as its window."""
    pal.set_viewport_size(ViewportSize(width=width, height=844))
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
