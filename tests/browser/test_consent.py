"""Consent through the UI (R6, R7, R11): a refusal, a deal with a payment, the Caesar bonus."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from qvcore import board
from qvcore.game import Game
from qvcore.protocol import Action

from .play import (
    NAMES,
    SEED,
    advance_to,
    engine_log,
    expect_addressed,
    log_texts,
    office,
    options,
    play,
    play_script,
    scripted_action,
    start_game,
    wait_actions,
    wait_armed,
)


def test_a_refused_consent_then_another_action(app: Page) -> None:
    """The mover asks with an offer (a promise); everybody refuses; the mover adds instead."""
    start_game(app)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    prefix = advance_to(mirror, lambda g: g.state.stage == "consent")
    request = prefix[-1]
    for action in prefix[:-1]:
        play(app, game, action)
    mover = request["player"]
    asked = sorted(set(game.state.offices[request["from"]]) - {mover},
                   key=lambda q: (q - mover) % 3)
    # the request, with an offer to the first asked player composed in the terms dialog
    wait_armed(app)
    top = app.evaluate("scrollY")
    office(app, request["from"]).click()
    office(app, request["to"]).click()
    move = app.get_by_test_id("move-dialog")
    toggle = move.get_by_test_id("offers-toggle")
    cue = "t => getComputedStyle(t, '::before').content"
    assert "▸" in toggle.evaluate(cue)  # it looks like what it is: it opens (a review missed it)
    toggle.click()
    assert "▾" in toggle.evaluate(cue)
    # each player's button is named with the offer beside it (a keyboard review heard every
    # one as "Make an offer…")
    for q in asked:
        expect(move.get_by_test_id(f"offer-edit-{q}")).to_have_accessible_name(
            f"Make an offer… Offer to {NAMES[q]}: none")
    move.get_by_test_id(f"offer-edit-{asked[0]}").click()
    terms = app.get_by_test_id("terms-dialog")
    expect(terms.get_by_test_id("dialog-to")).to_have_text(NAMES[mover])
    # an offer of nothing is no offer (R11, rulings.md #31): kept empty, it still reads none
    terms.get_by_test_id("terms-submit").click()
    expect(terms).to_have_count(0)
    expect(move.get_by_test_id(f"offer-edit-{asked[0]}")).to_have_text("Make an offer…")
    expect(move).not_to_contain_text("no terms")
    move.get_by_test_id(f"offer-edit-{asked[0]}").click()
    terms.get_by_test_id("promise-add").click()
    # a new promise starts as the offer's author's own, to the other party (what an offer
    # gives; a playtest read "the asked player will consent to you" in its own offer)
    expect(terms.get_by_test_id("promise-by")).to_have_value(str(mover))
    expect(terms.get_by_test_id("promise-player")).to_have_value(str(asked[0]))
    terms.get_by_test_id("promise-by").select_option(str(mover))
    # nobody promises to themselves (R11): the promisor is not offered as its addressee
    expect(terms.get_by_test_id("promise-player").locator(f'option[value="{mover}"]')
           ).to_be_disabled()
    terms.get_by_test_id("promise-player").select_option(str(asked[0]))
    terms.get_by_test_id("terms-submit").click()
    expect(terms).to_have_count(0)
    expect(move).to_contain_text(f"{NAMES[mover]} promises to consent to {NAMES[asked[0]]}")
    # the keyboard goes on from the offer's button, drawn anew (a review found the focus lost)
    expect(move.get_by_test_id(f"offer-edit-{asked[0]}")).to_be_focused()
    move.get_by_test_id("ask-consent").click()
    offer = {"promises": [{"by": mover, "kind": "consent", "player": asked[0]}]}
    game.apply({**request, "offers": {str(asked[0]): offer}})
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]
    assert f"Offer to {NAMES[asked[0]]}: {NAMES[mover]} promises to consent to " \
        f"{NAMES[asked[0]]}." in log_texts(app)[-1]

    for seat in asked:
        dialog = app.get_by_test_id("answer-dialog")
        expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[seat])
        expect(dialog.get_by_test_id("answer-question")).to_contain_text(
            f"from office {request['from']} to office {request['to']}")
        if seat == asked[0]:
            expect(dialog.get_by_test_id("answer-offer")).to_contain_text("promises to consent")
            # on a phone the offer reads without scrolling the dialog: it follows the question
            # (a playtest found it under the pool's and the laurel's lines, out of sight)
            app.set_viewport_size(ViewportSize(width=390, height=844))
            assert dialog.get_by_test_id("answer-offer").evaluate(SHOWN_IN_BODY)
            app.set_viewport_size(ViewportSize(width=1280, height=720))
            expect(dialog.get_by_test_id("answer-others")).to_have_count(0)
        else:
            # the answers given so far, which a negotiator weighs (a playtest found them only
            # in the turn panel, under the dialog on a phone)
            expect(dialog.get_by_test_id("answer-others")).to_have_text(
                f"So far: {NAMES[asked[0]]} refuses.")
        dialog.get_by_test_id("answer-refuse").click()
        game.apply({"type": "answer", "player": seat, "consents": 0})
        wait_actions(app, len(game.actions))
        assert log_texts(app)[-1] == f"{NAMES[seat]} refuses."
    # nobody agreed: the mover is told, and does something else
    supporters = app.get_by_test_id("supporters-dialog")
    expect(supporters.get_by_test_id("dialog-to")).to_have_text(NAMES[mover])
    expect(supporters.get_by_test_id("no-supporters")).to_be_visible()
    # nothing to choose: the title says so (a review read "Choose your supporters" here)
    expect(supporters.locator("h2")).to_have_text("Too few consents")
    # the turn panel's heading says all of what to do (it ended in "…" on a desktop)
    heading = app.get_by_test_id("turn-heading").locator(".clip")
    expect(heading).to_contain_text("do something else")
    expect(heading).to_contain_text("too few consents")  # not "choose supporters" (a review)
    assert heading.evaluate("h => h.scrollWidth <= h.clientWidth"), heading.text_content()
    supporters.get_by_test_id("supporters-later").click()
    # the answers' dialogs scrolled the path clear of them; with the last one gone the page is
    # back where the request began (a review was left with the top bar off screen)
    app.wait_for_function("(top) => Math.abs(scrollY - top) < 2", arg=top, timeout=5_000)
    entry = next(o for o in board.ENTRY_OFFICES
                 if len(game.state.offices[o]) < board.SEATS[o])
    app.get_by_test_id(f"add-{entry}").click()
    game.apply({"type": "add", "player": mover, "office": entry})
    wait_actions(app, len(game.actions))
    assert log_texts(app) == engine_log(game)
    # the refused request is said to be dropped (R13), then the add
    assert log_texts(app)[-1] == (
        f"{NAMES[mover]} drops the request to move from office {request['from']} to office"
        f" {request['to']}. {NAMES[mover]} adds a senator to office {entry}.")


def _before_a_request_with_a_laurel_to_pay(app: Page) -> tuple[Game, Action, str]:
    """A new game played (in the page and in a mirror) up to the scripted request out of an
    office of three seats by a mover holding a laurel: the mirror, the request, and the kind of
    a laurel the mover holds."""
    start_game(app)
    mirror = Game(options(), SEED)

    def ready(g: Game) -> bool:
        s = g.state
        if s.stage != "action":
            return False
        a = scripted_action(g)
        return (a["type"] == "request" and board.SEATS[a["from"]] == 3
                and sum(s.hoards[s.current]) > 0)

    prefix = advance_to(mirror, ready)
    game = Game(options(), SEED)
    for action in prefix:
        play(app, game, action)
    request = scripted_action(game)
    hoard = game.state.hoards[request["player"]]
    kind = next(name for k, name in enumerate(("I", "II", "IIC", "III", "IV", "V")) if hoard[k])
    return game, request, kind


def _compose_offer(app: Page, request: Action, consenter: int) -> tuple[Locator, Locator]:
    """The mover clicks the request's path on the board and opens the offer to ``consenter``:
    the move dialog and the terms dialog, to fill in."""
    wait_armed(app)
    office(app, request["from"]).click()
    office(app, request["to"]).click()
    move = app.get_by_test_id("move-dialog")
    move.get_by_test_id("offers-toggle").click()
    move.get_by_test_id(f"offer-edit-{consenter}").click()
    return move, app.get_by_test_id("terms-dialog")


def test_a_deal_with_a_payment(app: Page) -> None:
    """The asked player agrees on terms (the mover pays a laurel); the mover accepts by picking
    them as supporter, and the engine moves the token (R11, R13)."""
    game, request, kind = _before_a_request_with_a_laurel_to_pay(app)
    mover = request["player"]
    play(app, game, request)
    assert game.state.request is not None
    consenter = game.state.request.asked[0]
    hoard = game.state.hoards[mover]

    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[consenter])
    dialog.get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    expect(terms.get_by_test_id("dialog-to")).to_have_text(NAMES[consenter])
    # R10: the mover's kinds are hidden from the consenter, not how many laurels they hold,
    # and what is asked of them never exceeds that count (R13: a payment not made fails)
    held = sum(hoard)
    expect(terms).to_contain_text(f"{NAMES[mover]} holds {held} laurel")
    plus = terms.locator('[data-testid^="pay-mover-"][data-testid$="-plus"]')
    expect(terms.get_by_test_id(f"pay-mover-{kind}-minus")).to_be_disabled()  # nothing to take off
    terms.get_by_test_id(f"pay-mover-{kind}-plus").focus()
    for _ in range(held):
        app.keyboard.press("Enter")
    expect(terms.get_by_test_id(f"pay-mover-{kind}")).to_have_text(str(held))
    for i in range(plus.count()):
        expect(plus.nth(i)).to_be_disabled()
    # the "+" that Enter disabled hands the keyboard to its minus (a playtest's focus fell to the
    # page's body, and the next Tab began the dialog again)
    expect(terms.get_by_test_id(f"pay-mover-{kind}-minus")).to_be_focused()
    for _ in range(held - 1):
        terms.get_by_test_id(f"pay-mover-{kind}-minus").click()
    expect(terms.get_by_test_id(f"pay-mover-{kind}")).to_have_text("1")
    assert held == 1 or plus.first.is_enabled()
    terms.get_by_test_id("terms-submit").click()
    answer = {"type": "answer", "player": consenter, "consents": 1,
              "terms": {"mover_pays": [kind]}}
    game.apply(answer)
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]
    assert "on terms: the mover pays 1 laurel" in game.log()[-1]["text"]

    supporters = app.get_by_test_id("supporters-dialog")
    expect(supporters.get_by_test_id("dialog-to")).to_have_text(NAMES[mover])
    expect(supporters).to_contain_text(
        f"{NAMES[mover]} pays the laurel {kind if kind != 'IIC' else 'II'}")
    # one way to move: nothing to pick, and the dialog says what is left to do
    expect(supporters.locator("h2")).to_have_text("Consent given")
    expect(supporters).to_contain_text("Enough consent is given: make the move, or do something "
                                       "else.")
    before = game.state.total(mover), game.state.total(consenter)
    supporters.get_by_test_id(f"support-{consenter}").click()
    move = {"type": "move", "player": mover, "from": request["from"], "to": request["to"],
            "supporters": [consenter]}
    event = game.apply(move)
    wait_actions(app, len(game.actions))
    assert event["deals"][0]["mover_pays"] == 1
    assert game.state.total(consenter) >= before[1] + 1
    text = log_texts(app)[-1]
    assert text == engine_log(game)[-1]
    assert f"Deal with {NAMES[consenter]}: the mover pays 1 laurel." in text
    assert kind not in text.split("Deal with")[1].replace("laurel", "")


def _offer_a_promise(app: Page) -> tuple[Game, int, int, str, Locator]:
    """The mover asks for consent offering a promise (to consent to the asked player later):
    the game mirror, the mover, the consenter, a laurel kind the mover holds, and the asked
    player's answer dialog."""
    game, request, kind = _before_a_request_with_a_laurel_to_pay(app)
    mover = request["player"]
    consenter = next(q for q in game.state.offices[request["from"]] if q != mover)
    move, terms = _compose_offer(app, request, consenter)
    terms.get_by_test_id("promise-add").click()
    terms.get_by_test_id("promise-by").select_option(str(mover))
    terms.get_by_test_id("promise-player").select_option(str(consenter))
    terms.get_by_test_id("terms-submit").click()
    move.get_by_test_id("ask-consent").click()
    offer = {"promises": [{"by": mover, "kind": "consent", "player": consenter}]}
    game.apply({**request, "offers": {str(consenter): offer}})
    wait_actions(app, len(game.actions))
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[consenter])
    return game, mover, consenter, kind, dialog


def _the_others_refuse(app: Page, game: Game, dialog: Locator) -> Locator:
    """Every asked player yet to answer refuses; the mover's choice of supporters opens."""
    open_request = game.state.request
    for seat in open_request.asked if open_request else []:
        if open_request is None or seat in open_request.answers:
            continue
        dialog.get_by_test_id("answer-refuse").click()
        game.apply({"type": "answer", "player": seat, "consents": 0})
        wait_actions(app, len(game.actions))
    return app.get_by_test_id("supporters-dialog")


def test_terms_given_in_answer_to_an_offer_are_said_to_replace_it(app: Page) -> None:
    """R11: the mover offers a promise; the asked player agrees on terms of its own (the mover
    pays a laurel) instead. The mover's choice of supporters says that its offer was not taken
    and what the other terms are (a review saw its offer vanish from the deal unexplained)."""
    game, mover, consenter, kind, dialog = _offer_a_promise(app)
    dialog.get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    terms.get_by_test_id(f"pay-mover-{kind}-plus").click()
    terms.get_by_test_id("terms-submit").click()
    game.apply({"type": "answer", "player": consenter, "consents": 1,
                "terms": {"mover_pays": [kind]}})
    wait_actions(app, len(game.actions))
    supporters = _the_others_refuse(app, game, dialog)
    expect(supporters).to_contain_text(
        f"{NAMES[consenter]} does not take your offer ({NAMES[mover]} promises to consent to "
        f"{NAMES[consenter]}) and agrees (1 consent) on other terms: {NAMES[mover]} pays")


def test_an_offer_taken_is_said_as_agreed_not_as_a_counter_offer(app: Page) -> None:
    """R11: the asked player takes the mover's offer as it stands ("Agree"); the engine keeps
    the offer as its answer's terms. The mover's choice of supporters says it agreed on those
    terms (a review read "does not take your offer ... on other terms" with the same terms)."""
    game, mover, consenter, _kind, dialog = _offer_a_promise(app)
    dialog.get_by_test_id("answer-agree").click()
    game.apply({"type": "answer", "player": consenter, "consents": 1})
    wait_actions(app, len(game.actions))
    supporters = _the_others_refuse(app, game, dialog)
    expect(supporters).to_contain_text(
        f"{NAMES[consenter]} agrees (1 consent) on terms: {NAMES[mover]} promises to consent to "
        f"{NAMES[consenter]}")
    expect(supporters).not_to_contain_text("does not take your offer")


def _adds(*seats: tuple[int, int]) -> list[Action]:
    """Add actions, one a (player, office) pair, in turn order."""
    return [{"type": "add", "player": q, "office": o} for q, o in seats]


def _open_position(app: Page, game: Game, folder: Path) -> None:
    """Open `game` as a player opens a saved file (a game on the table first), at its end."""
    saved = folder / "position.json"
    saved.write_text(json.dumps(game.save()), encoding="utf-8")
    start_game(app)
    with app.expect_file_chooser() as chooser:
        app.get_by_test_id("import").click()
    chooser.value.set_files(saved)
    wait_actions(app, len(game.actions))


def test_a_split_no_hoard_can_make_is_named_when_it_leaves_no_way_to_move(
    app: Page, tmp_path: Path
) -> None:
    """R11, R13 (rulings.md #9): Brutus gives both consents Aurelia needs, on her offer to split
    the gains; the hoards cannot make the exact change, so no way to move is legal. Her choice
    of supporters says that, from the view's `move_refusal` (a review was told "Too few
    consents" with every consent given)."""
    game = Game({"players": 3, "names": NAMES, "first_player": 0}, 2)
    for action in (*_adds((0, 1), (1, 1), (2, 3), (0, 0), (1, 1), (2, 3)),
                   {"type": "request", "player": 0, "from": 1, "to": 8,
                    "offers": {"1": {"split": True}}},
                   {"type": "answer", "player": 1, "consents": 2}):
        game.apply(action)
    refusal = game.view(0)["request"]["move_refusal"]
    assert refusal is not None and refusal["code"] == "split_impossible"
    _open_position(app, game, tmp_path)
    supporters = app.get_by_test_id("supporters-dialog")
    expect(supporters.locator("h2")).to_have_text("No way to move")
    expect(supporters.get_by_test_id("no-supporters")).to_have_text(
        "The two hoards cannot make the exact change for the split: 1 point would have to pass"
        " from one to the other. (R11) Withdraw the request or do something else.")
    expect(supporters).not_to_contain_text("Not enough consent")


def test_the_asked_player_reads_that_a_split_cannot_make_its_change_before_agreeing(
    app: Page, tmp_path: Path
) -> None:
    """R11 (rulings.md #9): Aurelia offers Brutus a split; both hoards are empty, so the laurel
    and Brutus's rewards can never make the exact change. Brutus reads so in the answer dialog,
    before he agrees to a deal that would leave Aurelia no way to move (a playtest agreed, and
    three decisions were wasted); the view's gains say `change: false`."""
    game = Game({"players": 3, "names": NAMES, "first_player": 0}, 2)
    for action in (*_adds((0, 1), (1, 1), (2, 3), (0, 0), (1, 1), (2, 3)),
                   {"type": "request", "player": 0, "from": 1, "to": 8,
                    "offers": {"1": {"split": True}}}):
        game.apply(action)
    gains = game.view(1)["request"]["asked"][0]["gains"]
    assert [g["split"]["change"] for g in gains if g["split"]] == [False, False]
    _open_position(app, game, tmp_path)
    dialog = app.get_by_test_id("answer-dialog")
    expect_addressed(app, dialog, NAMES[1])
    expect(dialog.get_by_test_id("answer-no-change")).to_have_text(
        f"But the laurels you and {NAMES[0]} will hold cannot make this split's exact change: "
        "as things stand, the move could not be made on these terms (R11).")


def _drain_the_pool(game: Game, rand: random.Random) -> Action:
    """Play on, each asked player giving every consent it can, until one I token is left and
    the player to act may ask two others for the two consents a 5-seat office needs; that
    request (R6.2, R7.2)."""
    while len(game.actions) < 400:
        s = game.state
        legal = game.legal_actions()
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if s.pool == 1 and s.stage == "action" and not s.promises:
            for action in by_type.get("request", []):
                others = set(s.offices[action["from"]]) - {s.current}
                if len(others) == 2 and board.CONSENTS_NEEDED[action["from"]] == 2:
                    return action
        if s.stage == "consent" and "answer" in by_type:
            pick = max(by_type["answer"], key=lambda a: (a["consents"], -len(a.get("terms") or {})))
        elif s.stage == "consent":
            pick = by_type.get("move", by_type.get("withdraw", legal))[0]
        elif s.stage == "bonus":
            pick = by_type.get("decline", legal)[0]
        elif "request" in by_type and rand.random() < 0.7:
            pick = rand.choice(by_type["request"])
        elif "move" in by_type and rand.random() < 0.5:
            pick = rand.choice(by_type["move"])
        else:
            pick = rand.choice(by_type.get("add", legal))
        game.apply(pick)
    raise AssertionError("the pool was not drained to one I token")


def test_with_one_i_token_left_the_mover_chooses_who_takes_it(app: Page, tmp_path: Path) -> None:
    """R7.2 (rulings.md #22): the pool's last I token goes to the supporter named first. Both
    others consent to a move that needs two; the mover is offered both orders, each saying who
    takes the token, and the order clicked decides it (a review found no way to choose). Asked,
    each consenter is told that the mover chooses who takes it."""
    game = Game({"players": 3, "names": NAMES, "first_player": 0, "scarce_laurels": True}, 3)
    request = _drain_the_pool(game, random.Random(3))
    mover = request["player"]
    first, second = ((mover + 1) % 3, (mover + 2) % 3)
    game.apply(request)
    assert game.state.pool == 1 and game.state.request is not None
    assert game.state.request.asked == [first, second]
    _open_position(app, game, tmp_path)
    for seat in (first, second):
        dialog = app.get_by_test_id("answer-dialog")
        expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[seat])
        expect(dialog.get_by_test_id("answer-pool")).to_have_text(
            "The reward pool holds one last I laurel, and this move takes two consents: the "
            "mover chooses which supporter takes it (R7.2).")
        wait_armed(app)
        dialog.get_by_test_id("answer-agree").click()
        game.apply({"type": "answer", "player": seat, "consents": 1})
        wait_actions(app, len(game.actions))
    supporters = app.get_by_test_id("supporters-dialog")
    for a, b in ((first, second), (second, first)):
        expect(supporters.get_by_test_id(f"support-{a}-{b}")).to_have_text(
            f"Move with {NAMES[a]} and {NAMES[b]}: the pool's last I laurel goes to {NAMES[a]}")
    supporters.get_by_test_id(f"support-{second}-{first}").click()
    event = game.apply({"type": "move", "player": mover, "from": request["from"],
                        "to": request["to"], "supporters": [second, first]})
    assert event["rewards"] == {str(second): 1}
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]


def test_an_offer_the_asked_player_cannot_pay_is_answered_on_its_own_terms(app: Page) -> None:
    """R11, R13: the mover's offer asks the consenter for a laurel it does not hold, so it cannot
    simply agree; it may still name terms of its own (a review found only "Refuse" offered)."""
    start_game(app)
    game = Game(options(), SEED)

    def ready(g: Game) -> bool:
        s = g.state
        if s.stage != "action":
            return False
        a = scripted_action(g)
        if a["type"] != "request":
            return False
        others = [q for q in s.offices[a["from"]] if q != s.current]
        return bool(others) and sum(s.hoards[others[0]]) > 0

    for action in advance_to(Game(options(), SEED), ready):
        play(app, game, action)
    request = scripted_action(game)
    consenter = next(q for q in game.state.offices[request["from"]] if q != request["player"])
    kind = "V"
    assert game.state.hoards[consenter][5] == 0, "the consenter must lack the laurel asked"
    move, terms = _compose_offer(app, request, consenter)
    terms.get_by_test_id(f"pay-consenter-{kind}-plus").click()
    terms.get_by_test_id("terms-submit").click()
    move.get_by_test_id("ask-consent").click()
    game.apply({**request, "offers": {str(consenter): {"consenter_pays": [kind]}}})
    wait_actions(app, len(game.actions))
    assert [a["consents"] for a in game.view(consenter)["legal"]] == [0]

    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[consenter])
    expect(dialog.get_by_test_id("answer-cannot-pay")).to_have_text(
        "You do not hold the laurels this offer asks of you: refuse, or agree on terms of your "
        "own (R11, R13).")
    expect(dialog.get_by_test_id("answer-agree")).to_have_count(0)
    dialog.get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    expect(terms.get_by_test_id(f"pay-consenter-{kind}")).to_have_count(0)  # not its to give
    assert game.state.request is not None
    needed = game.state.request.needed
    terms.get_by_test_id("terms-consents").select_option(str(needed))
    terms.get_by_test_id("terms-split").check()
    terms.get_by_test_id("terms-submit").click()
    game.apply({"type": "answer", "player": consenter, "consents": needed,
                "terms": {"split": True}})
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]
    expect(app.get_by_test_id("supporters-dialog")).to_contain_text(NAMES[consenter])


def test_a_turn_owed_to_a_caesar_promise_says_so_before_any_click(
    app: Page, tmp_path: Path
) -> None:
    """R11 (rulings.md #25): Aurelia promised Brutus, for his consent, to move Caesar to 1→8 on
    her next turn; on it that move is her only action. Her turn panel says so at once (a
    review saw "Move a senator" offered, and learnt of the promise only from its refusal), and
    that move is the one button it offers."""
    game = Game({"players": 4, "names": [*NAMES, "Decima"], "first_player": 0}, 7)
    promise = {"by": 0, "kind": "caesar", "player": 1, "caesar": {"from": 1, "to": 8}}
    for action in (*_adds((0, 3), (1, 3), (2, 1), (3, 1)),
                   {"type": "request", "player": 0, "from": 3, "to": 6},
                   {"type": "answer", "player": 1, "consents": 1,
                    "terms": {"promises": [promise]}},
                   {"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]},
                   *_adds((1, 0), (2, 2), (3, 1))):
        game.apply(action)
    assert game.legal_actions(0) == [{"type": "caesar", "player": 0, "from": 1, "to": 8}]
    _open_position(app, game, tmp_path)
    expect(app.get_by_test_id("caesar-duty")).to_have_text(
        f"{NAMES[0]} promised to move Caesar to 1→8: this turn, that is the only action (R11).")
    # her senator picked on the board says why it cannot leave: the promise, not only "no move"
    wait_armed(app)
    office(app, 6).click()
    message = app.get_by_test_id("message")
    expect(message).to_have_text(f"No move out of office 6 is possible now. {NAMES[0]} "
                                 "promised to move Caesar to 1→8 this turn. (R11)")
    # that action is the panel's only control: no senator to pick, no office to add to
    panel = app.locator("#turn-panel")
    for testid in ("select-6", "add-1", "caesar-open"):
        expect(panel.get_by_test_id(testid)).to_have_count(0)
    panel.get_by_test_id("caesar-duty-move").click()
    game.apply({"type": "caesar", "player": 0, "from": 1, "to": 8})
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]


def test_a_request_one_asked_player_promised_to_refuse_says_so_before_it_is_made(
    app: Page, tmp_path: Path
) -> None:
    """R11: Brutus promised, in a deal with Aurelia, to refuse Cassia; on Cassia's turn his
    refusal binds. Her request out of office 1 needs his consent: the move dialog says he will
    refuse before she asks (a review asked, and learnt it from his answer only)."""
    game = Game({"players": 4, "names": [*NAMES, "Decima"], "first_player": 0}, 7)
    deal = {"promises": [{"by": 1, "kind": "consent", "player": 0},
                         {"by": 1, "kind": "refuse", "player": 2}]}
    for action in (*_adds((0, 1), (1, 1), (2, 1), (3, 3), (0, 1), (1, 1), (2, 3), (3, 3)),
                   {"type": "request", "player": 0, "from": 1, "to": 8, "offers": {"1": deal}},
                   {"type": "answer", "player": 1, "consents": 1},
                   {"type": "answer", "player": 2, "consents": 0},
                   {"type": "move", "player": 0, "from": 1, "to": 8, "supporters": [0, 1]},
                   *_adds((1, 0))):
        game.apply(action)
    assert game.state.current == 2
    _open_position(app, game, tmp_path)
    wait_armed(app)
    office(app, 1).click()
    office(app, 5).click()
    dialog = app.get_by_test_id("move-dialog")
    expect(dialog.get_by_test_id("move-refusals")).to_have_text(
        f"{NAMES[1]} promised to refuse you: that answer is owed (R11).")


def test_the_caesar_bonus(app: Page) -> None:
    """Taking a Caesar laurel (R7.3) lets the mover move Caesar at the end of the turn."""
    start_game(app)
    mirror = Game(options(), SEED)
    prefix = advance_to(mirror, lambda g: g.state.stage == "bonus")
    game = Game(options(), SEED)
    play_script(app, game, len(prefix))
    assert game.state.stage == "bonus"
    mover = game.state.current
    expect(app.get_by_test_id("turn-heading")).to_contain_text(f"{NAMES[mover]} may move Caesar")
    expect(app.get_by_test_id("decline")).to_be_visible()
    target = next(p for p in board.LAUREL_PATHS if p != game.state.caesar)
    a, b = board.PATH_FROM[target], board.PATH_TO[target]
    wait_armed(app)
    app.get_by_test_id(f"space-{a}-{b}").click()
    event = game.apply({"type": "caesar", "player": mover, "from": a, "to": b})
    wait_actions(app, len(game.actions))
    assert event["bonus"] is True
    assert log_texts(app)[-1] == f"{NAMES[mover]} moves Caesar with the Caesar laurel's bonus " \
        f"to the path {a}→{b}."
    expect(app.get_by_test_id(f"space-{a}-{b}")).to_have_class(re.compile(r"\bhas-caesar\b"))
    expect(app.locator("[data-testid^=space-].has-caesar")).to_have_count(1)
    # the turn has passed on
    expect(app.get_by_test_id(f"player-{game.state.current}")).to_have_attribute(
        "aria-current", "true")
    expect(office(app, 13)).to_be_visible()


def test_a_deal_that_splits_the_gains_and_sends_caesar(app: Page) -> None:
    """Terms with the split and Caesar's destination: the bonus move is then forced (R11)."""
    start_game(app)
    mirror = Game(options(), SEED)
    prefix = advance_to(mirror, lambda g: g.state.stage == "bonus")
    game = Game(options(), SEED)
    for action in prefix[:-2]:  # up to the last answer before the move taking a Caesar laurel
        play(app, game, action)
    last_answer, move = prefix[-2:]
    assert last_answer["type"] == "answer" and move["type"] == "move"
    seat = last_answer["player"]
    target = next(p for p in board.LAUREL_PATHS if p != game.state.caesar)
    a, b = board.PATH_FROM[target], board.PATH_TO[target]
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[seat])
    dialog.get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    terms.get_by_test_id("terms-split").check()
    terms.get_by_test_id("terms-caesar").select_option(f"{a}-{b}")
    terms.get_by_test_id("terms-submit").click()
    game.apply({**last_answer, "terms": {"split": True, "caesar": {"from": a, "to": b}}})
    wait_actions(app, len(game.actions))
    assert log_texts(app)[-1] == engine_log(game)[-1]
    assert f"the gains are split; Caesar goes to {a}→{b}" in log_texts(app)[-1]

    supporters = app.get_by_test_id("supporters-dialog")
    supporters.get_by_test_id("support-" + "-".join(map(str, move["supporters"]))).click()
    event = game.apply(move)
    wait_actions(app, len(game.actions))
    assert event["bonus"] is True and "split_tokens" in event["deals"][0]
    assert log_texts(app)[-1] == engine_log(game)[-1]
    # the deal fixed Caesar's destination: no other choice is offered, and the banner says
    # the move is owed (a review read "may move Caesar" over a move it could not decline)
    expect(app.get_by_test_id("decline")).to_have_count(0)
    expect(app.locator("#banner")).to_contain_text(
        f"{NAMES[move['player']]} must move Caesar (the deal's bonus)")
    # and so does the turn panel (a playtest read "may now move Caesar" over the one button)
    panel = app.locator("#turn-panel")
    expect(panel).to_contain_text(f"{NAMES[move['player']]} took a Caesar laurel: the deal"
                                  f" sends Caesar to the path {a}→{b} (R7.3, R11).")
    expect(panel).not_to_contain_text("may now move Caesar")
    app.get_by_test_id("caesar-forced").click()
    game.apply({"type": "caesar", "player": move["player"], "from": a, "to": b})
    wait_actions(app, len(game.actions))
    assert log_texts(app) == engine_log(game)
    expect(app.get_by_test_id(f"space-{a}-{b}")).to_have_class(re.compile(r"\bhas-caesar\b"))


#: whether an element of a dialog's body is wholly within the body's scrolled view
SHOWN_IN_BODY = """(el) => {
    const body = el.closest(".dlg-body").getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.top >= body.top - 0.5 && box.bottom <= body.bottom + 0.5;
}"""


#: a docked request's dialog must show at least this many lines of its question (its body
#: scrolls for the rest), on a desktop and on a phone
LINES_SHOWN = 3


@pytest.mark.parametrize("viewport", [ViewportSize(width=1280, height=800),
                                      ViewportSize(width=390, height=844)],
                         ids=["desktop", "phone"])
def test_a_request_dialog_shows_its_question_beside_the_board(
        app: Page, viewport: ViewportSize) -> None:
    """R6/R11: the asked player reads what they are asked (who moves where, how many consents,
    the laurels at stake) before answering, here with two senators to consent with (the most
    answer buttons): the dialog docks away from the path on the board, and its body, which
    scrolls, still shows several lines of text with every answer button in sight (a review
    found half a line of it on a desktop, 16 px on a phone). The game is played on a desktop
    window, then the window takes the size under test (the dialog lays itself out again)."""
    start_game(app)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)

    def two_senators_asked(g: Game) -> bool:
        s = g.state
        if s.stage != "consent" or s.request is None:
            return False
        here = s.offices[board.PATH_FROM[s.request.path]]
        return any(here.count(q) >= 2 for q in s.request.asked)

    for action in advance_to(mirror, two_senators_asked):
        play(app, game, action)
    app.set_viewport_size(viewport)
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("answer-question")).to_be_visible()
    assert dialog.get_attribute("data-dock") in ("top", "bottom")
    shown = dialog.locator(".dlg-body").evaluate("""body => {
        const style = getComputedStyle(body);
        const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return (body.clientHeight - padding) / line;
    }""")
    assert shown >= LINES_SHOWN - 0.05, f"the body shows {shown:.1f} lines of text"
    for button in dialog.locator(".dlg-actions button").all():
        expect(button).to_be_in_viewport(ratio=1.0)


def test_on_a_phone_the_path_asked_about_stays_in_sight_beside_the_answer(app: Page) -> None:
    """R6: on a phone the turn panel is under the board, so the page may be scrolled past the
    board when the asked player's dialog opens (here the player put it off and opens it again
    from the panel with a tap); the page scrolls back so that both offices of the path
    show beside the docked dialog (a review found them off the top of the screen, with only the
    panel's words to say which path it was)."""
    start_game(app)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    for action in advance_to(mirror, lambda g: g.state.stage == "consent"):
        play(app, game, action)
    request = game.state.request
    assert request is not None
    dialog = app.get_by_test_id("answer-dialog")
    dialog.get_by_test_id("answer-later").click()
    expect(dialog).to_have_count(0)
    app.set_viewport_size(ViewportSize(width=390, height=844))
    answer = app.get_by_test_id("answer-open")
    answer.scroll_into_view_if_needed()
    assert app.evaluate("scrollY") > 0
    answer.dispatch_event("click")  # a tap where the button is: nothing scrolls first
    expect(dialog).to_be_visible()
    docked = dialog.bounding_box()
    assert docked is not None
    for end in (board.PATH_FROM[request.path], board.PATH_TO[request.path]):
        box = office(app, end).bounding_box()
        assert box is not None
        top, bottom = box["y"], box["y"] + box["height"]
        assert top >= 0 and bottom <= 844, f"office {end} is off the screen ({top}..{bottom})"
        assert bottom <= docked["y"] or top >= docked["y"] + docked["height"], (
            f"office {end} ({top}..{bottom}) is under the dialog")
