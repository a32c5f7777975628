"""Moves by keyboard alone, the engine's reason for an impossible move, undo, and the board's
strip of players (supply and laurel counts)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from qvcore.errors import RuleError
from qvcore.game import Game

from .conftest import window
from .play import (
    NAMES,
    SEED,
    add_senators,
    advance_to,
    engine_log,
    log_texts,
    office,
    options,
    page_refusal,
    play,
    start_game,
    wait_actions,
    wait_armed,
)


def engine_reason(page: Page, game: Game, action: dict[str, object]) -> str:
    """The engine's refusal (its rule first, for tools) and the page's words for it."""
    with pytest.raises(RuleError) as error:
        game.check(action)
    assert str(error.value).startswith(f"{error.value.rule}: ")
    return page_refusal(page, game, action)


def first_senators(app: Page) -> None:
    """A new game in which Aurelia, Brutus and Cassia add a senator each, to offices 1, 0 and 2;
    then Aurelia is to play."""
    start_game(app)
    for seat, entry in enumerate((1, 0, 2)):
        wait_armed(app)
        app.get_by_test_id(f"add-{entry}").click()
        wait_actions(app, seat + 1)
    wait_armed(app)


def expect_said_in_sight(app: Page, text: re.Pattern[str]) -> Locator:
    """The message under the turn panel says ``text`` out of sight (a phone: the board fills
    the screen), and its copy at the bottom of the screen, in sight; the copy."""
    message = app.get_by_test_id("message")
    expect(message).to_have_text(text)
    expect(message).not_to_be_in_viewport()
    toast = app.get_by_test_id("message-toast")
    expect(toast).to_have_text(message.inner_text())
    expect(toast).to_be_in_viewport()
    return toast


def test_the_reason_for_a_refused_click_is_in_sight_on_a_phone(app: Page) -> None:
    """R4: on a phone the board fills the screen and the message under the turn panel is out of
    sight; the reason for a refused click shows at the bottom of the screen too, for a while,
    without taking clicks (a review saw only the Senate turn red, its reason 400 px below)."""
    first_senators(app)
    office(app, 1).focus()
    app.keyboard.press("Enter")
    expect(office(app, 1)).to_have_attribute("aria-pressed", "true")
    app.set_viewport_size(ViewportSize(width=390, height=844))
    office(app, 9).focus()
    app.keyboard.press("Enter")
    toast = expect_said_in_sight(app, re.compile(r"\(R4\)$"))
    assert toast.evaluate("t => getComputedStyle(t).pointerEvents") == "none"


def test_a_reason_cut_by_the_bottom_of_the_screen_is_shown_whole(app: Page) -> None:
    """R4: on a laptop the message under the turn panel can start above the bottom of the
    screen and end below it (a playtest read half the reason at 1366x768); it counts as out of
    sight, and its copy shows whole at the bottom of the screen."""
    first_senators(app)
    office(app, 1).focus()
    app.keyboard.press("Enter")
    office(app, 9).focus()
    app.keyboard.press("Enter")
    message = app.get_by_test_id("message")
    expect(message).to_have_text(re.compile(r"\(R4\)$"))
    box = message.bounding_box()
    assert box is not None and box["height"] > 20
    app.evaluate("() => window.scrollTo(0, 0)")
    app.set_viewport_size(ViewportSize(width=1366, height=int(box["y"] + box["height"] / 2)))
    office(app, 9).focus()
    app.keyboard.press("Enter")
    toast = app.get_by_test_id("message-toast")
    expect(toast).to_have_text(message.inner_text())
    expect(toast).to_be_in_viewport(ratio=1)


def test_a_senator_that_can_go_nowhere_says_so_in_sight_on_a_phone(app: Page) -> None:
    """R6.2: Aurelia's one senator in office 1 (five seats) cannot leave without Caesar; on a
    phone, selecting it says so at the bottom of the screen too, as a refused click does (a
    review saw only red paths, the reason 500 px below). A tap on an entry office then adds
    there (R5), the selection notwithstanding."""
    first_senators(app)
    app.set_viewport_size(ViewportSize(width=390, height=844))
    office(app, 1).click()  # a phone asks: add here, or move the senator
    app.get_by_test_id("entry-move").click()
    expect_said_in_sight(app, re.compile(r"^No move out of office 1 is possible now"))
    office(app, 3).click()
    wait_actions(app, 4)
    log = app.evaluate("() => window.__qv.app.view.log.map((e) => e.event)")
    assert log[3] == {"type": "add", "player": 0, "office": 3}


def test_a_selected_senator_names_its_destinations_as_a_choice(app: Page) -> None:
    """A review read "choose where it goes (office 8 and 5)": two destinations are offices,
    and the senator goes to one of them."""
    first_senators(app)
    for done in (4, 5, 6):  # Aurelia, Brutus and Cassia add to office 1: consents to be had
        app.get_by_test_id("add-1").click()
        wait_actions(app, done)
        wait_armed(app)
    office(app, 1).focus()
    app.keyboard.press("Enter")
    expect(office(app, 1)).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_test_id("message")).to_have_text(re.compile(
        r"^Senator in office 1 selected: choose where it goes \(offices (8 or 5|5 or 8)\)\.$"))


def test_a_held_enter_on_the_board_acts_once(app: Page) -> None:
    """A key held on an office repeats its keydown: Enter selecting Aurelia's senator in
    office 1 then took the selection back at once (or, on an entry office, would act again on
    the next view). The board acts on a key's first press only."""
    first_senators(app)
    office(app, 1).focus()
    app.keyboard.down("Enter")
    expect(office(app, 1)).to_have_attribute("aria-pressed", "true")
    app.keyboard.down("Enter")  # the key's repeat
    app.keyboard.up("Enter")
    app.keyboard.press("Shift")  # one more key event handled: the repeat's would be before it
    expect(office(app, 1)).to_have_attribute("aria-pressed", "true")
    app.keyboard.press("Enter")  # pressed again, it does take the selection back
    expect(office(app, 1)).to_have_attribute("aria-pressed", "false")


def test_keyboard_play_and_the_engine_reason_for_an_impossible_move(app: Page) -> None:
    start_game(app)
    game = Game(options(), SEED)
    # Aurelia adds at office 1 with the keyboard, on the turn panel's button (once the click on
    # Start no longer holds it: guard.js)
    wait_armed(app)
    app.get_by_test_id("add-1").focus()
    app.keyboard.press("Enter")
    game.apply({"type": "add", "player": 0, "office": 1})
    wait_actions(app, 1)
    # Brutus adds at office 0 by pressing Enter on the board's office
    wait_armed(app)
    office(app, 0).focus()
    app.keyboard.press("Enter")
    game.apply({"type": "add", "player": 1, "office": 0})
    wait_actions(app, 2)
    wait_armed(app)
    office(app, 2).focus()
    app.keyboard.press(" ")
    game.apply({"type": "add", "player": 2, "office": 2})
    wait_actions(app, 3)
    assert log_texts(app) == engine_log(game)

    # Aurelia selects her senator in office 1: it can go to 5 and 8, with consent only
    wait_armed(app)
    office(app, 1).focus()
    app.keyboard.press("Enter")
    expect(office(app, 1)).to_have_attribute("aria-pressed", "true")
    # alone in a 5-seat office: no consent can be had, but Caesar on a path frees it (R6.5)
    freed = ("Caesar on the path {} would free this senator: move Caesar there as your "
             "turn's action, or with the bonus of a Caesar laurel (R6.5).")
    expect(app.get_by_test_id("message")).to_have_text(
        "No move out of office 1 is possible now. " + freed.format("1→8 or 1→5"))
    expect(app.get_by_test_id("dest-5")).to_contain_text(
        "needs 2 consents nobody can give: only with Caesar on this path")
    # office 9 is not on a path from office 1: the engine says why (R4)
    office(app, 9).focus()
    app.keyboard.press("Enter")
    reason = engine_reason(app, game, {"type": "move", "player": 0, "from": 1, "to": 9,
                                       "supporters": []})
    assert reason.endswith("(R4)")
    expect(app.get_by_test_id("message")).to_have_text(reason)
    # office 5 is on a path, but nobody else sits in office 1 to consent (R6)
    office(app, 5).focus()
    app.keyboard.press("Enter")
    reason = engine_reason(app, game, {"type": "request", "player": 0, "from": 1, "to": 5})
    assert re.search(r"\(R6[.\d]*\)$", reason), reason
    expect(app.get_by_test_id("message")).to_have_text(f"{reason} {freed.format('1→5')}")
    # clicking the blocked destination in the panel says the same for its path
    app.get_by_test_id("dest-8").click()
    expect(app.get_by_test_id("message")).to_have_text(f"{reason} {freed.format('1→8')}")
    # nothing was played
    assert log_texts(app) == engine_log(game)

    # Escape takes the selection back, as "Cancel the selection" does (a review missed it)
    expect(app.get_by_test_id("deselect")).to_be_visible()
    app.keyboard.press("Escape")
    expect(app.get_by_test_id("deselect")).to_have_count(0)
    expect(office(app, 1)).not_to_have_attribute("aria-pressed", "true")
    # Caesar by keyboard: the chooser dialog, Escape closes it, then a laurel space on the board
    app.get_by_test_id("caesar-open").focus()
    app.keyboard.press("Enter")
    chooser = app.get_by_test_id("caesar-dialog")
    expect(chooser).to_be_visible()
    # each space says its path and laurel, the Caesar laurel's name in no nested parentheses
    labels = chooser.locator(".dlg-body").get_by_role("button").all_inner_texts()
    assert labels and all(re.fullmatch(r"Path \d+→\d+: laurel [^()]+( \(Caesar\))?|"
                                       r"Path \d+→\d+: [^()]+", x.strip()) for x in labels), labels
    app.keyboard.press("Escape")
    expect(chooser).to_have_count(0)
    app.get_by_test_id("space-8-12").focus()
    app.keyboard.press("Enter")
    game.apply({"type": "caesar", "player": 0, "from": 8, "to": 12})
    wait_actions(app, 4)
    assert log_texts(app)[-1] == f"{NAMES[0]} moves Caesar to the path 8→12."


def test_a_control_focused_right_after_a_panel_click_keeps_the_focus(app: Page) -> None:
    """A click that takes its own button out of the turn panel sends the focus to the turn's
    heading in the next frame (WCAG 2.4.3), unless a control was focused meanwhile: the
    control a keyboard user went on to is not taken from them (it was, and Enter on "Move
    Caesar" then did nothing: a CI failure of the test above)."""
    start_game(app)
    game = Game(options(), SEED)
    for seat, entry in enumerate((1, 0, 2)):
        wait_armed(app)
        play(app, game, {"type": "add", "player": seat, "office": entry})
    wait_armed(app)
    office(app, 1).click()
    expect(app.get_by_test_id("deselect")).to_be_visible()
    focused = app.evaluate("""() => new Promise((done) => {
        const deselect = document.querySelector('[data-testid="deselect"]');
        deselect.focus();
        deselect.click();
        document.querySelector('[data-testid="caesar-open"]').focus();
        requestAnimationFrame(() => requestAnimationFrame(
            () => done(document.activeElement.dataset.testid ?? document.activeElement.id)));
    })""")
    assert focused == "caesar-open"
    app.keyboard.press("Enter")
    expect(app.get_by_test_id("caesar-dialog")).to_be_visible()


def test_a_way_out_short_of_consents_says_how_many_can_be_had(app: Page) -> None:
    """R6.3, R6.5: a review read "needs 2 consents nobody can give" while Brutus, beside
    Aurelia in office 1, could give one: the label says how many can be given there."""
    start_game(app)
    game = Game(options(), SEED)
    add_senators(app, game, (1, 1, 3))
    hint = next(m for m in game.view(0)["moves"] if m["to"] == 5)
    assert (hint["needed"], hint["others"], hint["caesar_frees"]) == (2, {"1": 1}, True)
    wait_armed(app)
    office(app, 1).click()
    expect(app.get_by_test_id("dest-5")).to_contain_text(
        "needs 2 consents and only 1 can be given here: only with Caesar on this path")


def test_undo_asks_before_taking_back_another_players_decision(app: Page) -> None:
    start_game(app)
    game = Game(options(), SEED)
    add_senators(app, game, (1, 1, 3))
    # Aurelia decides now; the last action was Cassia's
    app.get_by_test_id("undo").click()
    confirm = app.get_by_test_id("undo-confirm")
    expect(confirm).to_contain_text(f"{NAMES[2]}'s action")
    confirm.get_by_test_id("confirm-no").click()
    expect(confirm).to_have_count(0)
    assert len(log_texts(app)) == 3
    app.get_by_test_id("undo").click()
    confirm.get_by_test_id("confirm-yes").click()
    game.undo(1)
    wait_actions(app, 2)
    assert log_texts(app) == engine_log(game)
    expect(app.get_by_test_id("turn-heading")).to_contain_text(f"{NAMES[2]}'s turn")
    # Cassia plays differently this time
    app.get_by_test_id("add-2").click()
    game.apply({"type": "add", "player": 2, "office": 2})
    wait_actions(app, 3)
    assert log_texts(app) == engine_log(game)


def expect_board_strip(page: Page, game: Game) -> None:
    """The board's strip of players shows each one's supply and laurel count, as the engine has
    them, and highlights the player to act."""
    for seat, name in enumerate(game.state.options.names):
        size = sum(game.state.hoards[seat])
        chip = page.get_by_test_id(f"board-player-{seat}")
        expect(chip.get_by_test_id(f"board-name-{seat}")).to_have_text(name)
        expect(chip.get_by_test_id(f"board-supply-{seat}")).to_have_text(
            f"supply {game.state.supply[seat]}")
        expect(chip.get_by_test_id(f"board-laurels-{seat}")).to_have_text(
            f"laurels {size} token{'s' if size != 1 else ''}")
        expect(chip).to_have_attribute("aria-label", re.compile(
            rf"^{re.escape(name)} \([^)]+\)(, to play)?: supply {game.state.supply[seat]}, "))
    expect(page.locator("[data-testid=board] .pchip.acting")).to_have_attribute(
        "data-testid", f"board-player-{game.state.current}")


# the strip is drawn where the players' panel is not beside the board: a tablet, upright
@window(768, 1024)
def test_the_board_shows_each_players_supply_and_laurel_count_never_values(app: Page) -> None:
    start_game(app)
    game = Game(options(), SEED)
    expect(app.get_by_test_id("board-players")).to_have_attribute("aria-label", re.compile("."))
    assert game.state.supply[0] == 8
    expect_board_strip(app, game)
    app.get_by_test_id("add-1").click()
    game.apply({"type": "add", "player": 0, "office": 1})
    wait_actions(app, 1)
    expect(app.get_by_test_id("board-supply-0")).to_have_text("supply 7")
    expect_board_strip(app, game)

    # play on until two players hold laurels: counts only, on the board as in the panel
    mirror = Game(options(), SEED)
    mirror.apply({"type": "add", "player": 0, "office": 1})
    for action in advance_to(mirror, lambda g: g.state.stage == "action"
                             and sum(1 for h in g.state.hoards if sum(h)) >= 2):
        play(app, game, action)
    assert sum(1 for h in game.state.hoards if sum(h)) >= 2
    expect_board_strip(app, game)
    board_markup = app.get_by_test_id("board").evaluate("svg => svg.outerHTML")
    assert not re.search(r"total|points?\b", board_markup, re.IGNORECASE)
    strip_text = app.get_by_test_id("board-players").text_content() or ""
    assert re.fullmatch(r"(\d.+?supply \d+laurels \d+ tokens?)+", strip_text), strip_text


def test_a_blocked_destination_says_why_before_it_is_clicked(app: Page) -> None:
    """R6: a senator chosen, a destination the rules refuse read "To office 8 — not possible",
    and a review found the reason only after clicking it: the button says it beside the
    refusal (the engine's reason, the same words a click shows)."""
    start_game(app)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)

    def blocked(g: Game) -> bool:
        return g.state.stage == "action" and any(
            m["click"] == "refused" and not m["caesar_frees"]
            for m in g.view(g.state.current)["moves"])

    for action in advance_to(mirror, blocked):
        play(app, game, action)
    hint = next(m for m in game.view(game.state.current)["moves"]
                if m["click"] == "refused" and not m["caesar_frees"])
    wait_armed(app)
    app.get_by_test_id(f"select-{hint['from']}").click()
    button = app.get_by_test_id(f"dest-{hint['to']}")
    expect(button).to_contain_text("not possible")
    move = {"type": "request" if hint["needed"] else "move", "player": game.state.current,
            "from": hint["from"], "to": hint["to"], "supporters": []}
    if move["type"] == "request":
        del move["supporters"]
    reason = engine_reason(app, game, move)
    expect(button).to_contain_text(reason)
    button.click()
    expect(app.get_by_test_id("message")).to_have_text(reason)
