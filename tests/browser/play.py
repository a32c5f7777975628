"""Driving the game UI as players do: clicks on what a player clicks, waits on page state.

A scripted game is computed with the Python engine (same options and seed as the page), and
each of its actions is turned into the clicks a player would make; the engine mirror also tells
the tests what the page must show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any
from weakref import WeakSet

from playwright.sync_api import BrowserContext, Locator, Page, expect

from qvcore import board
from qvcore.errors import RuleError
from qvcore.game import Game
from qvcore.protocol import Action
from tests.browser.conftest import ENGINE_TIMEOUT_MS
from tests.i18n.grammar import page_log

NAMES = ["Aurelia", "Brutus", "Cassia"]
SEED = 4242
#: generous: clicks are answered in milliseconds, but CI machines are slow
STEP_TIMEOUT_MS = 15_000


def options(names: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """The engine options the new game screen produces for these names (first player: seat 0)."""
    names = names or NAMES
    return {"players": len(names), "names": names, "first_player": 0, **extra}


def start_game(page: Page, names: list[str] | None = None, seed: int = SEED,
               first_player: int | None = 0, handover: bool = False,
               open_hoards: str = "off", series: bool = False) -> None:
    """Fill in the new game screen and start; waits until the game is on the board."""
    names = names or NAMES
    dialog = page.get_by_test_id("new-game-dialog")
    if not dialog.is_visible():
        close_dialogs(page)
        page.get_by_test_id("new-game").click()
    dialog.get_by_test_id(f"players-{len(names)}").check()
    for seat, name in enumerate(names):
        dialog.get_by_test_id(f"name-{seat}").fill(name)
    dialog.get_by_test_id("first-player").select_option(
        "" if first_player is None else str(first_player))
    dialog.get_by_test_id("seed").fill(str(seed))
    # the hand-over screen is on by default with two or more humans: set it as asked
    dialog.get_by_test_id("handover-setting").set_checked(handover)
    if open_hoards != "off":
        dialog.get_by_test_id("v2").select_option(open_hoards)
    if series:
        dialog.get_by_test_id("v3").check()
    dialog.get_by_test_id("start-game").click()
    confirm = page.get_by_test_id("new-game-confirm")
    if confirm.is_visible():
        confirm.get_by_test_id("confirm-yes").click()
    expect(dialog).to_have_count(0)
    wait_actions(page, 0)


def add_senators(page: Page, game: Game, offices: Sequence[int]) -> None:
    """Each seat in turn, from the first, adds a senator to the next of ``offices`` with the turn
    panel's button (R5); ``game`` mirrors it."""
    for seat, entry in enumerate(offices):
        page.get_by_test_id(f"add-{entry}").click()
        game.apply({"type": "add", "player": seat, "office": entry})
        wait_actions(page, len(game.actions))


def wait_actions(page: Page, count: int) -> None:
    """Wait until the page shows a game after exactly `count` actions."""
    page.locator(f'html[data-actions="{count}"]').wait_for(state="attached",
                                                           timeout=STEP_TIMEOUT_MS)


def wait_actions_at_least(page: Page, count: int) -> None:
    """Wait until the page shows a game after `count` actions or more: where a bot plays on
    at once, the count may stand at `count` for too short a moment to be seen."""
    page.wait_for_function("(n) => Number(document.documentElement.dataset.actions) >= n",
                           arg=count, timeout=STEP_TIMEOUT_MS)


#: how long the page holds input when the table turns to another player (web/turn/guard.js ARM_MS)
GUARD_MS = 700
#: browser contexts whose pages run on Playwright's clock (installed by `wait_armed`)
_CLOCKED: WeakSet[BrowserContext] = WeakSet()


def wait_armed(page: Page) -> None:
    """Input is held for a moment when the table turns to another player (no decision for the
    wrong player): wait until the board takes the new player's clicks.

    The test does not sit through the hold in real time: the page runs on Playwright's clock
    (installed at the first call; it follows real time) and, while input is held, that clock
    is moved on by the hold's length, as if the time had passed. The hold itself, and the
    clicks it ignores, are the page's own (tests/browser/test_decisions.py checks them)."""
    if page.context not in _CLOCKED:
        _CLOCKED.add(page.context)
        page.clock.install()
    elif page.get_attribute("html", "data-guard") is not None:
        page.clock.fast_forward(GUARD_MS)
    page.locator("html:not([data-guard])").wait_for(state="attached", timeout=STEP_TIMEOUT_MS)


def office(page: Page, office_id: int) -> Locator:
    return page.get_by_test_id(f"office-{office_id}")


def scripted_action(game: Game) -> Action:
    """A simple, deterministic policy that ends a game quickly: climb towards the Senate,
    ask for consent when needed, everyone agrees as much as they can, no Caesar bonus."""
    s = game.state
    legal = game.legal_actions()
    if s.stage == "consent":
        assert s.request is not None
        pending = [q for q in s.request.asked if q not in s.request.answers]
        if pending:
            answers = [a for a in legal if a["type"] == "answer" and a["player"] == pending[0]]
            return max(answers, key=lambda a: int(a["consents"]))
        path = s.request.path
        moves = [a for a in legal if a["type"] == "move" and a["player"] == s.current
                 and board.PATH_INDEX[(a["from"], a["to"])] == path]
        return moves[0] if moves else {"type": "withdraw", "player": s.current}
    if s.stage == "bonus":
        return {"type": "decline", "player": s.current}
    if s.stage == "council":
        return min((a for a in legal if a["type"] == "retire"), key=lambda a: int(a["office"]))
    mine = [a for a in legal if a["player"] == s.current]
    moves = [a for a in mine if a["type"] == "move"]
    if moves:
        return max(moves, key=lambda a: (a["to"] == board.SENATE, a["to"], -len(a["supporters"])))
    requests = [a for a in mine if a["type"] == "request"]
    if requests:
        return max(requests, key=lambda a: int(a["to"]))
    adds = [a for a in mine if a["type"] == "add"]
    if adds:
        return sorted(adds, key=lambda a: (a["office"] != 1, a["office"]))[0]
    return next(a for a in mine if a["type"] == "caesar")


def close_dialogs(page: Page) -> None:
    """Close open dialogs with Escape, as a player does to get back to the board."""
    dialogs = page.locator("dialog[open]")
    while dialogs.count():
        before = dialogs.count()
        page.keyboard.press("Escape")
        expect(dialogs).to_have_count(before - 1)


def expect_addressed(page: Page, dialog: Locator, name: str) -> None:
    """A dialog names the player it is for while several people share the screen; the only
    person at a table of bots is not told each time."""
    people = page.evaluate("""() => { const app = window.__qv.app;
      return app.view.players.filter((p) => !app.bots.isBot(p.seat)).length; }""")
    line = dialog.get_by_test_id("dialog-to")
    if people > 1:
        expect(line).to_have_text(name)
    else:
        expect(dialog.get_by_role("heading", level=2)).to_be_visible()
        expect(line).to_have_count(0)


def click_action(page: Page, game: Game, action: Action) -> None:
    """Make the clicks that play `action` in the page (the engine mirror is not changed)."""
    s = game.state
    kind = action["type"]
    player = action["player"]
    wait_armed(page)
    on_board = kind in ("add", "request", "caesar", "withdraw") or (kind == "move" and (
        s.request is None or s.request.path != board.PATH_INDEX[(action["from"], action["to"])]))
    if on_board:
        close_dialogs(page)
    if kind == "add":
        page.get_by_test_id(f"add-{action['office']}").click()
    elif kind == "request":
        office(page, action["from"]).click()
        office(page, action["to"]).click()
        page.get_by_test_id("move-dialog").get_by_test_id("ask-consent").click()
    elif kind == "answer":
        dialog = page.get_by_test_id("answer-dialog")
        if not dialog.is_visible():  # dismissed earlier: the turn panel opens it again
            page.get_by_test_id("answer-open").click()
        expect_addressed(page, dialog, s.options.names[player])
        button = {0: "answer-refuse", 1: "answer-agree", 2: "answer-agree-2"}[action["consents"]]
        dialog.get_by_test_id(button).click()
    elif kind == "move":
        path = board.PATH_INDEX[(action["from"], action["to"])]
        supporters = action["supporters"]
        if s.request is not None and s.request.path == path:
            dialog = page.get_by_test_id("supporters-dialog")
            if not dialog.is_visible():  # e.g. moving on with own senators before all answers
                close_dialogs(page)
                office(page, action["from"]).click()
                office(page, action["to"]).click()
            dialog.get_by_test_id("support-" + "-".join(map(str, supporters))).click()
        else:
            office(page, action["from"]).click()
            office(page, action["to"]).click()
            others = set(s.offices[action["from"]]) - {player}
            if supporters and others:
                page.get_by_test_id("move-dialog").get_by_test_id("move-own").click()
    elif kind == "caesar":
        page.get_by_test_id(f"space-{action['from']}-{action['to']}").click()
    elif kind == "decline":
        page.get_by_test_id("decline").click()
    elif kind == "withdraw":
        page.get_by_test_id("withdraw").click()
    elif kind == "retire":
        page.get_by_test_id(f"retire-{action['office']}").click()
    else:  # pragma: no cover - the script makes no other actions
        raise AssertionError(f"no clicks for {action}")


def play(page: Page, game: Game, action: Action) -> None:
    """Play one action through the UI and in the mirror; wait until the page has it."""
    click_action(page, game, action)
    game.apply(action)
    wait_actions(page, len(game.actions))


def play_script(page: Page, game: Game, steps: int | None = None) -> None:
    """Play the scripted policy for `steps` actions (or to the end of the game)."""
    done = 0
    while game.state.stage != "over" and (steps is None or done < steps):
        play(page, game, scripted_action(game))
        done += 1


def advance_to(game: Game, until: Any, limit: int = 400) -> list[Action]:
    """Actions of the scripted policy (played on `game`) until `until(game)` holds."""
    actions: list[Action] = []
    while not until(game):
        assert len(actions) < limit and game.state.stage != "over", "the script never got there"
        action = scripted_action(game)
        game.apply(action)
        actions.append(action)
    return actions


def play_to_first_request(page: Page) -> tuple[Game, Action]:
    """A new game played through the page by the scripted policy up to its first request,
    that request included: the mirror and the request (the asked player's dialog is open)."""
    start_game(page)
    mirror = Game(options(), SEED)

    def ready(g: Game) -> bool:
        a = scripted_action(g) if g.state.stage == "action" else None
        return a is not None and a["type"] == "request"

    game = Game(options(), SEED)
    for action in advance_to(mirror, ready):
        play(page, game, action)
    request = scripted_action(game)
    play(page, game, request)
    return game, request


def log_texts(page: Page) -> list[str]:
    return [re.sub(r"^\d+\s*", "", t).strip()
            for t in page.get_by_test_id("log").locator("li .text").all_inner_texts()]


def engine_log(game: Game) -> list[str]:
    """What the page's English log says for the mirror game: the engine's text with the
    interface's grammar (tests/i18n/grammar.py), worded by the page from each entry's event."""
    return page_log(game.log(), [p["name"] for p in game.view()["players"]])


def page_refusal(page: Page, game: Game, action: Action) -> str:
    """The mirror engine's refusal of ``action`` (its code and params), worded as the page
    words refusals in its current language (web/words/error-words.js)."""
    try:
        game.check(action)
    except RuleError as error:
        data = error.to_dict()
    else:
        raise AssertionError(f"the engine accepts {action}")
    names = [p["name"] for p in game.view()["players"]]
    text: str = page.evaluate("""async ([error, names]) => {
      const { errorWords } = await import("./words/error-words.js");
      return errorWords(error, { names, board: window.__qv.app.board.data });
    }""", [data, names])
    return text


def open_autosaved(page: Page, site_url: str, game: Game) -> None:
    """Open the site on ``game`` as its autosave (a table of people, no hand-over screen), and
    wait until its actions are all shown."""
    page.goto(site_url)
    page.evaluate("(t) => localStorage.setItem('quo-vadis.autosave', t)", json.dumps(
        game.save({"app": "quo-vadis-web", "settings": {"handover": False}})))
    page.goto(site_url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached",
                                                       timeout=ENGINE_TIMEOUT_MS)
    wait_actions(page, len(game.actions))
