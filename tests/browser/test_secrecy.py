"""Secrecy at a shared screen (R10) and names as text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from qvcore.game import Game

from .play import (
    NAMES,
    SEED,
    advance_to,
    engine_log,
    log_texts,
    options,
    play,
    start_game,
    wait_actions,
    wait_armed,
)

HOSTILE = ['<b id="bold">Brutus</b>', '<img src=x onerror=f()>', "Cassia & Co"]



def points(total: int) -> str:
    """The hoard view's total, as the page words it ("1 point", "2 points")."""
    return f"Total: {total} point{'' if total == 1 else 's'}"

def hoard_words(page: Page) -> str:
    """Everything in the DOM, markup and attributes included."""
    return page.content()


def test_a_new_games_seed_is_drawn_unseen_unless_typed(app: Page) -> None:
    """R10, rulings.md #21: with the seed and the public actions anyone could foresee the pile
    and add up every hoard. The new-game screen proposes none (a review read the seed it once
    showed, before the game began): left empty, the seed drawn at the start (kept in the
    table's own autosave) appears nowhere in the page; a mistyped one is refused."""
    dialog = app.get_by_test_id("new-game-dialog")
    seed = dialog.get_by_test_id("seed")
    expect(seed).to_have_value("")
    expect(seed).to_have_attribute("placeholder", "drawn at random, unseen")
    seed.fill("12x")
    dialog.get_by_test_id("play-bots").click()
    expect(dialog).to_contain_text("The seed is a whole number")
    seed.fill("")
    dialog.get_by_test_id("play-bots").click()
    expect(dialog).to_have_count(0)
    saved = app.wait_for_function("() => localStorage.getItem('quo-vadis.autosave')").json_value()
    drawn = str(json.loads(saved)["seed"])
    assert re.fullmatch(r"\d+", drawn), drawn
    assert drawn not in app.content()
    app.get_by_test_id("new-game").click()
    expect(app.get_by_test_id("new-game-dialog").get_by_test_id("seed")).to_have_value("")
    assert drawn not in app.content()


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

    # no time limit and no key but Escape hides it (WCAG 2.2.1): its owner does, when done
    current = game.state.current
    app.get_by_test_id("look-mine").click()
    app.get_by_test_id("look-show").click()
    expect(app.get_by_test_id("hoard-total")).to_have_text(points(game.state.total(current)))
    app.keyboard.press("Tab")
    expect(app.get_by_test_id("hoard-view")).to_be_visible()
    app.keyboard.press("Escape")
    expect(app.get_by_test_id("hoard-view")).to_have_count(0)

    # the engine's log texts never carry a hoard value
    assert log_texts(app) == engine_log(game)


#: a point of the open hoard dialog, off its Hide button, over a control of the page beneath it
#: (the middle of their overlap), with that control's test id; null if none lies beneath
OVER_A_CONTROL = """() => {
  const dialog = document.querySelector('[data-testid="hoard-view"]');
  const inside = (r, x, y) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const hide = dialog.querySelector('[data-testid="hoard-hide"]').getBoundingClientRect();
  const box = dialog.getBoundingClientRect();
  for (const control of document.querySelectorAll('button, [role="button"]')) {
    if (control.closest("dialog") || !control.dataset.testid) continue;
    const r = control.getBoundingClientRect();
    const left = Math.max(r.left, box.left), right = Math.min(r.right, box.right);
    const top = Math.max(r.top, box.top), bottom = Math.min(r.bottom, box.bottom);
    if (right - left < 4 || bottom - top < 4) continue;
    const x = (left + right) / 2, y = (top + bottom) / 2;
    if (!inside(hide, x, y)) return { x, y, testid: control.dataset.testid };
  }
  return null;
}"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_tap_that_hides_the_laurels_acts_on_nothing_beneath(app: Page) -> None:
    """R10: a tap anywhere hides a player's laurels, and does only that. A playtest on a phone
    tapped the dialog's title and the office beneath took a senator: the dialog closed at
    the finger's touch, and the click that followed landed on the board."""
    start_game(app)
    wait_armed(app)
    app.get_by_test_id("look-mine").click()
    app.get_by_test_id("look-show").click()
    look = app.get_by_test_id("hoard-view")
    expect(look).to_be_visible()
    target = app.evaluate(OVER_A_CONTROL)
    assert target, "no control of the page lies under the dialog: the test would prove nothing"
    app.touchscreen.tap(target["x"], target["y"])
    expect(look).to_have_count(0)
    wait_actions(app, 0)
    expect(app.locator("dialog[open]")).to_have_count(0)
    assert app.evaluate("() => document.documentElement.dataset.actions") == "0", target


def test_names_with_html_show_as_text_and_the_hand_over_screen(app: Page) -> None:
    start_game(app, names=HOSTILE, handover=True)
    handover = app.get_by_test_id("handover")
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {HOSTILE[0]}")
    handover.get_by_test_id("handover-continue").click()
    # the first player's keyboard starts at the turn, not at the top bar (a review)
    expect(app.get_by_test_id("turn-heading")).to_be_focused()
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
    # the keyboard goes on from the new turn's heading, not from the page's start
    expect(app.get_by_test_id("turn-heading")).to_be_focused()
    # who took the device has said so: their laurels show without asking again (a playtest
    # was asked twice); another player's are still asked for (R10)
    app.get_by_test_id("look-1").click()
    expect(app.get_by_test_id("look-confirm")).to_have_count(0)
    app.get_by_test_id("hoard-view").get_by_test_id("hoard-hide").click()
    app.get_by_test_id("look-2").click()
    expect(app.get_by_test_id("look-confirm")).to_be_visible()
    app.get_by_test_id("look-confirm").get_by_test_id("look-cancel").click()
    # once another decides (here with the hand-over screen turned off), who holds the device
    # is not known any more: the look is asked for again
    app.get_by_test_id("setting-handover").uncheck()
    app.get_by_test_id("add-1").click()
    game.apply({"type": "add", "player": 1, "office": 1})
    wait_actions(app, 2)
    app.get_by_test_id("look-1").click()
    expect(app.get_by_test_id("look-confirm")).to_be_visible()
    app.get_by_test_id("look-confirm").get_by_test_id("look-cancel").click()
    assert log_texts(app) == engine_log(game)
    assert log_texts(app)[0] == f"{HOSTILE[0]} adds a senator to office 1."
    expect(app.locator("#bold")).to_have_count(0)
    expect(app.locator("img")).to_have_count(0)
    label = app.get_by_test_id("office-1").get_attribute("aria-label") or ""
    assert HOSTILE[0] in label


def test_keys_meant_for_the_move_before_do_not_undo_it_on_the_hand_over_screen(app: Page) -> None:
    """A review played a turn by keyboard; the next player's Tab and Enter on the hand-over
    screen that opened at once undid that turn: "continue" was held (no decision for the wrong
    player) and the undo was not, so Tab reached it first. The undo is held as the decisions
    are, and once input is taken again the first Tab reaches "continue"."""
    start_game(app, handover=True)
    handover = app.get_by_test_id("handover")
    handover.get_by_test_id("handover-continue").click()
    wait_armed(app)
    # the page's clock stands still from the key on: the next screen opens within the hold
    # however slow the machine (the hold is measured from the last key, guard.js)
    app.clock.pause_at(app.evaluate("Date.now()") + 1000)
    app.get_by_test_id("add-1").focus()
    app.keyboard.press("Enter")
    app.get_by_test_id("handover-undo").wait_for()
    state = app.evaluate("""() => ({guard: document.documentElement.dataset.guard ?? null,
        undo: document.querySelector('[data-testid="handover-undo"]').disabled,
        go: document.querySelector('[data-testid="handover-continue"]').disabled})""")
    assert state == {"guard": "on", "undo": True, "go": True}
    app.keyboard.press("Tab")
    app.keyboard.press("Enter")
    expect(app.locator("html")).to_have_attribute("data-actions", "1")
    app.clock.resume()
    expect(handover.get_by_test_id("handover-undo")).to_be_enabled()
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {NAMES[1]}")
    assert log_texts(app) == [f"{NAMES[0]} adds a senator to office 1."]
    handover.focus()
    app.keyboard.press("Tab")
    expect(handover.get_by_test_id("handover-continue")).to_be_focused()


def test_the_hand_over_screen_lets_the_player_who_acted_take_it_back(app: Page) -> None:
    """A review misclicked, and the hand-over screen that covered the board at once offered
    only "I am Brutus: continue": to undo, Aurelia had to claim to be Brutus. The screen now
    offers Aurelia's undo, and the device stays with her (no hand-over to the one holding it)."""
    start_game(app, handover=True)
    handover = app.get_by_test_id("handover")
    # a new game's first hand-over: nothing to take back
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {NAMES[0]}")
    expect(handover.get_by_test_id("handover-undo")).to_have_count(0)
    handover.get_by_test_id("handover-continue").click()
    app.get_by_test_id("add-1").click()
    wait_actions(app, 1)
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {NAMES[1]}")
    expect(handover.get_by_test_id("handover-undo")).to_have_text(f"Undo {NAMES[0]}'s action")
    wait_armed(app)
    handover.get_by_test_id("handover-undo").click()
    wait_actions(app, 0)
    expect(app.get_by_test_id("log-message")).to_have_text("Undone: the last action.")
    expect(handover).to_have_count(0)
    expect(app.get_by_test_id("turn-heading")).to_contain_text(f"{NAMES[0]}'s turn")
    expect(app.get_by_test_id("turn-heading")).to_be_focused()
    # she plays again, and the device goes on to Brutus as before
    app.get_by_test_id("add-2").click()
    wait_actions(app, 1)
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {NAMES[1]}")
    game = Game(options(), SEED)
    game.apply({"type": "add", "player": 0, "office": 2})
    assert log_texts(app) == engine_log(game)
    # Brutus takes back her action from the log: the device goes back to her, and the undo is
    # read out on the hand-over screen (a keyboard review heard nothing: the message line is
    # behind the modal screen, inert)
    handover.get_by_test_id("handover-continue").click()
    wait_armed(app)
    app.get_by_test_id("undo").click()
    app.get_by_test_id("undo-confirm").get_by_test_id("confirm-yes").click()
    wait_actions(app, 0)
    expect(handover.get_by_role("heading")).to_have_text(f"Pass the device to {NAMES[0]}")
    expect(handover.get_by_test_id("announcer")).to_have_text("Undone: the last action.")


def choose(rules: Page, game: Page, language: str) -> None:
    """Choose a language in the rules reference's tab, then come back to the game's tab."""
    rules.get_by_role("link", name=language).click()
    game.bring_to_front()


def test_open_dialogs_follow_a_language_chosen_in_another_tab(app: Page, site_url: str,
                                                              tmp_path: Path) -> None:
    """The look question, the hoard view (R10) and a refused file's notice, left open while
    the language is changed in the rules reference's tab, re-word in the new language."""
    rules = app.context.new_page()
    rules.goto(f"{site_url.rstrip('/')}/rules/en.html")
    app.bring_to_front()
    start_game(app)
    app.get_by_test_id("look-mine").click()
    ask = app.get_by_test_id("look-confirm")
    expect(ask.get_by_role("heading")).to_have_text("Only Aurelia should look now")
    choose(rules, app, "Italiano")
    expect(ask.get_by_role("heading")).to_have_text("Ora deve guardare solo Aurelia")
    ask.get_by_test_id("look-show").click()
    hoard = app.get_by_test_id("hoard-view")
    expect(hoard.get_by_test_id("hoard-total")).to_have_text("Totale: 0 punti")
    choose(rules, app, "Français")
    expect(hoard.get_by_test_id("hoard-total")).to_have_text("Total\u00a0: 0 point")
    hoard.get_by_test_id("hoard-hide").click()
    expect(hoard).to_have_count(0)

    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"name": "some other game"}', encoding="utf-8")
    with app.expect_file_chooser() as chooser:
        app.get_by_test_id("import").click()
    chooser.value.set_files(foreign)
    notice = app.get_by_test_id("notice")
    expect(notice.get_by_role("heading")).to_have_text("Ce fichier ne peut pas être ouvert")
    choose(rules, app, "Español")
    expect(notice.get_by_role("heading")).to_have_text("Este archivo no se puede abrir")
    expect(notice).to_contain_text("Esto no es una partida guardada de Quo Vadis?")
    notice.get_by_test_id("notice-ok").click()
    expect(notice).to_have_count(0)
    assert app.evaluate("window.__qvMissingKeys ?? []") == []
