"""The new game screen says in one sentence what each bot level does, in the page's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .test_bots import open_site

LEVELS = ["easy", "normal", "hard"]
ENGLISH = Path(__file__).resolve().parents[2] / "web" / "locales" / "en.js"


def english(key: str) -> str:
    """A string of the English catalog (the page's language in the tests' browser)."""
    found = re.search(rf'^  "{re.escape(key)}": (".*"),$', ENGLISH.read_text(), re.MULTILINE)
    assert found, key
    return str(json.loads(found.group(1)))


def test_the_new_game_screen_describes_each_bot_level(page: Page, site_url: str,
                                                      console_errors: list[str]) -> None:
    open_site(page, site_url)
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    sentences = dialog.get_by_test_id("bot-levels").locator("li")
    expect(sentences).to_have_count(len(LEVELS))
    for i, level in enumerate(LEVELS):
        expect(sentences.nth(i)).to_have_text(english(f"newGame.bot.{level}.about"))
    assert console_errors == []


def test_palatinus_new_game_form_describes_each_bot_level(page: Page, site_url: str,
                                                           console_errors: list[str]) -> None:
    """Palatinus's form offered "Easy bot" and "Hard bot" and said nothing of either: one
    sentence each, as the Quo Vadis? screen has, and in the language chosen."""
    page.goto(site_url + "palatinus.html")
    page.locator("html[data-engine=ready]").wait_for(state="attached", timeout=120_000)
    sentences = page.get_by_test_id("pal-bot-levels").locator("li")
    expect(sentences).to_have_count(2)
    for i, level in enumerate(("easy", "hard")):
        expect(sentences.nth(i)).to_have_text(english(f"palatinus.level.{level}.about"))
    page.get_by_test_id("language").select_option("fr")
    expect(sentences.nth(1)).to_have_text(re.compile(r"^Le bot difficile, pour chaque pose"))
    assert console_errors == []
