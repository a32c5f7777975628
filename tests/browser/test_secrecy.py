"""Secrecy at a shared screen (R10) and names as text."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from qvcore.game import Game

from .play import SEED, advance_to, engine_log, log_texts, options, play, start_game, wait_actions

HOSTILE = ['<b id="bold">Brutus</b>', '<img src=x onerror=f()>', "Cassia & Co"]



def points(total: int) -> str:
    """The hoard view's total, as the page words it ("1 point", "2 points")."""
    return f"Total: {total} point{'' if total == 1 else 's'}"

def hoard_words(page: Page) -> str:
    """Everything in the DOM, markup and attributes included."""
    return page.content()


def test_no_hoard_value_in_the_page_unless_its_owner_looks(app: Page) -> None:
    start_game(app)
    mirror = Game(options(), SEED)
    # play until two players hold laurels
    prefix = advance_to(mirror, lambda g: g.state.stage == "action"
                        and sum(1 for h in g.state.hoards if sum(h)) >= 2)
    game = Game(options(), SEED)
    for action in prefix:
        play(app, game, action)
    holders = [q for q in range(3) if sum(game.state.hoards[q])]
    page_text = hoard_words(app)
    expect(app.get_by_test_id("hoard-view")).to_have_count(0)
    assert not re.search(r"total", page_text, re.IGNORECASE)
    assert not re.search(r"\bpoints?\b", page_text)
    for q in range(3):
        size = sum(game.state.hoards[q])
        expect(app.get_by_test_id(f"hoard-size-{q}")).to_have_text(
            f"Laurels: {size} token{'s' if size != 1 else ''}")
        expect(app.get_by_test_id(f"shown-hoard-{q}")).to_have_count(0)

    # the owner looks on purpose; a click anywhere hides it again, and it leaves the DOM
    owner = holders[0]
    app.get_by_test_id(f"look-{owner}").click()
    expect(app.get_by_test_id("look-confirm")).to_contain_text(
        f"Only {game.state.options.names[owner]} should look now")
    app.get_by_test_id("look-show").click()
    look = app.get_by_test_id("hoard-view")
    expect(look.get_by_test_id("hoard-total")).to_have_text(points(game.state.total(owner)))
    expect(app.locator("text=/Total: \\d+ points?/")).to_have_count(1)
    app.mouse.click(3, 3)
    expect(look).to_have_count(0)
    assert not re.search(r"\bpoints?\b", hoard_words(app))

    # and it hides by itself after a few seconds
    current = game.state.current
    app.get_by_test_id("look-mine").click()
    app.get_by_test_id("look-show").click()
    expect(app.get_by_test_id("hoard-total")).to_have_text(points(game.state.total(current)))
    expect(app.get_by_test_id("hoard-view")).to_have_count(0, timeout=10_000)

    # the engine's log texts never carry a hoard value
    assert log_texts(app) == engine_log(game)


def test_names_with_html_show_as_text_and_the_hand_over_screen(app: Page) -> None:
    start_game(app, names=HOSTILE, handover=True)
    handover = app.get_by_test_id("handover")
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {HOSTILE[0]}")
    handover.get_by_test_id("handover-continue").click()
    for seat, name in enumerate(HOSTILE):
        expect(app.get_by_test_id(f"player-name-{seat}")).to_have_text(name)
    expect(app.locator("#bold")).to_have_count(0)
    expect(app.locator("img")).to_have_count(0)
    game = Game(options(HOSTILE), SEED)
    app.get_by_test_id("add-1").click()
    game.apply({"type": "add", "player": 0, "office": 1})
    wait_actions(app, 1)
    # the board is covered until the next player takes the device
    expect(handover).to_be_visible()
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {HOSTILE[1]}")
    app.keyboard.press("Escape")  # no escape from a hand-over: only the button
    expect(handover).to_be_visible()
    handover.get_by_test_id("handover-continue").click()
    expect(handover).to_have_count(0)
    expect(app.get_by_test_id("turn-heading")).to_contain_text(f"{HOSTILE[1]}'s turn")
    assert log_texts(app) == engine_log(game)
    assert log_texts(app)[0] == f"{HOSTILE[0]} adds a senator to office 1."
    expect(app.locator("#bold")).to_have_count(0)
    expect(app.locator("img")).to_have_count(0)
    label = app.get_by_test_id("office-1").get_attribute("aria-label") or ""
    assert HOSTILE[0] in label
