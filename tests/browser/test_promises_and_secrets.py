"""A Caesar promise composed in the terms dialog and then enforced (R11, rulings #25), its
words whole on a phone in every language; the seed and the replay stay closed while the game
runs (R10, rulings #21, #27)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from qvcore import board
from qvcore.game import Game

from .play import (
    NAMES,
    SEED,
    advance_to,
    engine_log,
    log_texts,
    options,
    play,
    play_to_first_request,
    scripted_action,
    start_game,
    wait_actions,
)

#: what each option of a select needs beyond its room (text wider than the select, less the
#: arrow Chromium draws in it); none is truncated when every figure is at most 0
OVERFLOW = """(select) => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - 16;
  return [...select.options].map((o) => [o.text, Math.ceil(pen.measureText(o.text).width - room)]);
}"""


def test_the_promise_editor_reads_whole_on_a_phone_in_every_language(app: Page) -> None:
    """R11 promises are composed from selects: on a phone (360 px) no option of any select in
    the terms dialog is cut off, in any of the four languages (a review found the French
    Caesar promise truncated)."""
    start_game(app)
    mirror = Game(options(), SEED)

    def ready(g: Game) -> bool:
        a = scripted_action(g) if g.state.stage == "action" else None
        return a is not None and a["type"] == "request" and board.SEATS[a["from"]] == 3

    game = Game(options(), SEED)
    for action in advance_to(mirror, ready):
        play(app, game, action)
    play(app, game, scripted_action(game))
    for lang in ("en", "fr", "it", "es"):
        app.set_viewport_size({"width": 1280, "height": 800})
        app.locator("nav.menu").get_by_test_id("language").select_option(lang)
        expect(app.locator("html")).to_have_attribute("lang", lang)
        app.set_viewport_size({"width": 360, "height": 740})
        app.get_by_test_id("answer-dialog").get_by_test_id("answer-terms").click()
        terms = app.get_by_test_id("terms-dialog")
        terms.get_by_test_id("promise-add").click()
        for kind in ("consent", "caesar"):  # the addressee's select, then the space's
            terms.get_by_test_id("promise-kind").select_option(kind)
            selects = terms.locator("select:visible")
            assert selects.count() >= 3
            for i in range(selects.count()):
                cut = [(text, over) for text, over in selects.nth(i).evaluate(OVERFLOW)
                       if over > 0]
                assert cut == [], (lang, cut)
        terms.get_by_test_id("terms-cancel").click()
        expect(terms).to_have_count(0)


def test_the_same_promise_listed_twice_is_refused_and_a_new_row_offers_another(
        app: Page) -> None:
    """R11: a playtest tapped "Add a promise" twice and the deal recorded one promise twice.
    A second row now starts from the other party's promise; made the same by hand, the deal
    is refused with the reason, and nothing is answered."""
    game, request = play_to_first_request(app)
    assert game.state.request is not None
    mover, consenter = request["player"], game.state.request.asked[0]
    app.get_by_test_id("answer-dialog").get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    terms.get_by_test_id("promise-add").click()
    terms.get_by_test_id("promise-add").click()
    by = terms.get_by_test_id("promise-by")
    player = terms.get_by_test_id("promise-player")
    expect(by.nth(0)).to_have_value(str(consenter))
    expect(player.nth(0)).to_have_value(str(mover))
    expect(by.nth(1)).to_have_value(str(mover))
    expect(player.nth(1)).to_have_value(str(consenter))
    by.nth(1).select_option(str(consenter))  # the same promise as the first row
    player.nth(1).select_option(str(mover))
    terms.get_by_test_id("terms-submit").click()
    expect(terms).to_contain_text(f"the same promise of {NAMES[consenter]} to {NAMES[mover]} "
                                  "twice")
    wait_actions(app, len(game.actions))  # nothing was answered
    # a promise removed, the keyboard goes on from "Add a promise" (it fell to the page's body)
    terms.get_by_role("button", name="Remove this promise").last.press("Enter")
    expect(by).to_have_count(1)
    expect(terms.get_by_test_id("promise-add")).to_be_focused()


def test_a_caesar_promise_is_made_in_the_terms_dialog_and_binds_the_next_turn(app: Page) -> None:
    start_game(app)
    mirror = Game(options(), SEED)

    def ready(g: Game) -> bool:
        """A request from a 3-seat office where exactly one other player is asked."""
        if g.state.stage != "action":
            return False
        a = scripted_action(g)
        if a["type"] != "request" or board.SEATS[a["from"]] != 3:
            return False
        here = g.state.offices[a["from"]]
        return len(set(here) - {a["player"]}) == 1

    prefix = advance_to(mirror, ready)
    game = Game(options(), SEED)
    for action in prefix:
        play(app, game, action)
    request = scripted_action(game)
    mover = request["player"]
    play(app, game, request)
    assert game.state.request is not None
    consenter = game.state.request.asked[0]
    target = next(p for p in board.LAUREL_PATHS if p != game.state.caesar)
    a, b = board.PATH_FROM[target], board.PATH_TO[target]

    dialog = app.get_by_test_id("answer-dialog")
    dialog.get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    terms.get_by_test_id("promise-add").click()
    terms.get_by_test_id("promise-by").select_option(str(mover))
    terms.get_by_test_id("promise-kind").select_option("caesar")
    expect(terms.get_by_test_id("promise-player")).to_be_hidden()
    terms.get_by_test_id("promise-space").select_option(f"{a}-{b}")
    terms.get_by_test_id("terms-submit").click()
    promise = {"by": mover, "kind": "caesar", "player": consenter, "caesar": {"from": a, "to": b}}
    answer = {"type": "answer", "player": consenter, "consents": 1,
              "terms": {"promises": [promise]}}
    game.apply(answer)
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]
    assert (f"{NAMES[mover]} promises {NAMES[consenter]} to move Caesar to {a}→{b}"
            in log_texts(app)[-1])

    supporters = app.get_by_test_id("supporters-dialog")
    choice = next(m for m in game.legal_actions(mover) if m["type"] == "move"
                  and consenter in m["supporters"])
    supporters.get_by_test_id("support-" + "-".join(map(str, choice["supporters"]))).click()
    game.apply(choice)
    wait_actions(app, len(game.actions))
    while game.state.stage == "bonus" or game.state.current != mover:
        play(app, game, scripted_action(game) if game.state.stage != "bonus"
             else {"type": "decline", "player": game.state.current})
        assert game.state.stage != "over"
    # the promisor's turn: only the promised Caesar move, the panel's one button for it
    assert game.legal_actions(mover) == [{"type": "caesar", "player": mover, "from": a, "to": b}]
    expect(app.get_by_test_id("caesar-open")).to_have_count(0)
    expect(app.get_by_test_id("caesar-duty-move")).to_have_text(f"Move Caesar to {a}→{b}")
    app.get_by_test_id("caesar-duty-move").click()
    game.apply({"type": "caesar", "player": mover, "from": a, "to": b})
    wait_actions(app, len(game.actions))
    assert log_texts(app) == engine_log(game)


def test_r10_no_seed_on_the_page_and_no_replay_while_the_game_runs(app: Page) -> None:
    seed = 9876543
    start_game(app, seed=seed)
    game = Game(options(), seed)
    play(app, game, scripted_action(game))
    expect(app.locator("#replay")).to_be_disabled()
    # it reads disabled but a tap says why (a touch screen shows no tooltip)
    app.locator("#replay").click(force=True)  # a real tap: Playwright waits for enabled ones
    expect(app.get_by_test_id("log-message")).to_have_text(
        "The replay opens when the game is over (R10).")
    expect(app.get_by_test_id("turn-heading")).to_be_visible()
    assert str(seed) not in app.locator("body").inner_text()
    assert str(seed) not in (app.get_by_test_id("log-message").text_content() or "")
    expect(app.locator("html")).not_to_have_attribute("data-seed", re.compile(".*"))
