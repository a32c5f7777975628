"""Accessibility and layout: an axe-core audit (every rule but the AAA
ones) of every screen visited finds no violation; a full turn, consent included, is played
with Tab, Enter and Space only; at 360, 768, 1366 and 1920 px no control covers another and
nothing is clipped; the Look screen has no time limit, the focus follows each action.

axe-core comes from npm (pinned in tools/pins.py, `fetch_axe()`); it is injected into a
context that bypasses the page's CSP (the site itself never loads it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from qvcore import board
from qvcore.game import Game
from tools.pins import fetch_axe

from .conftest import window
from .play import (
    NAMES,
    SEED,
    add_senators,
    advance_to,
    close_dialogs,
    engine_log,
    log_texts,
    open_autosaved,
    options,
    play,
    play_script,
    play_to_first_request,
    scripted_action,
    start_game,
    wait_actions,
    wait_armed,
)

FIVE = ["Aurelia", "Brutus", "Cassia", "Decimus", "Emilia"]
#: how many Tab presses may lead to a control (the board has about 30 stops)
TAB_LIMIT = 120


@pytest.fixture(scope="module")
def axe_script() -> Path:
    """The pinned axe-core script (fetched from npm once)."""
    return fetch_axe()


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The audit's script is injected: the page's CSP must not refuse it (tests only)."""
    return {**browser_context_args, "bypass_csp": True}


def audit(page: Page, axe_script: Path, screen: str) -> None:
    """Run axe-core on the page as it is with every rule it has but the AAA ones (the
    experimental ones too, such as label-content-name-mismatch); fail on any violation."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_script))
    result = page.evaluate("""async () => {
        // every rule but the AAA ones (7:1 contrast...): the page aims at WCAG 2.2 AA
        const every = axe.getRules().filter((rule) => !rule.tags.includes("wcag2aaa"))
            .map((rule) => rule.ruleId);
        const r = await axe.run(document, { runOnly: { type: "rule", values: every },
            resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary) }));
    }""")
    assert not result, f"{screen}: " + json.dumps(result, indent=1)


def finished_save(tmp_path: Path, names: list[str]) -> tuple[Path, Game]:
    """A save file of a game played to its end by the scripted policy."""
    game = Game(options(names), SEED)
    advance_to(game, lambda g: g.state.stage == "over", limit=2000)
    path = tmp_path / "finished.json"
    meta = {"colours": ["red", "blue", "gold", "green", "purple"][:len(names)]}
    path.write_text(json.dumps(game.save(meta)), encoding="utf-8")
    return path, game


def open_save(page: Page, path: Path, game: Game) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("import").click()
    chooser.value.set_files(path)
    confirm = page.get_by_test_id("import-confirm")
    done = f'html[data-actions="{len(game.actions)}"]'
    page.locator(f'[data-testid="import-confirm"], {done}').first.wait_for(state="attached")
    if confirm.count():
        confirm.get_by_test_id("confirm-yes").click()
    wait_actions(page, len(game.actions))


def test_axe_finds_no_serious_violation_on_the_main_screens(
    app: Page, axe_script: Path, tmp_path: Path
) -> None:
    expect(app.get_by_test_id("new-game-dialog")).to_be_visible()
    audit(app, axe_script, "new-game dialog")

    start_game(app)
    game = Game(options(), SEED)
    prefix = advance_to(Game(options(), SEED), lambda g: g.state.stage == "consent")
    for action in prefix[:-1]:
        play(app, game, action)
    audit(app, axe_script, "board mid-game")
    play(app, game, prefix[-1])  # the request: the answer dialog opens
    expect(app.get_by_test_id("answer-dialog")).to_be_visible()
    audit(app, axe_script, "consent dialog")

    app.keyboard.press("Escape")
    path, finished = finished_save(tmp_path, NAMES)
    open_save(app, path, finished)
    expect(app.get_by_test_id("end-screen")).to_be_visible()
    audit(app, axe_script, "end screen")


# -- the keyboard alone -----------------------------------------------------------------------


def focused_is(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => document.activeElement?.matches(s) ?? false", selector))


def tab_to(page: Page, target: Locator, selector: str) -> None:
    """Press Tab until the control `selector` has the focus (it must be reachable)."""
    expect(target).to_be_visible()
    if target.evaluate("el => el.tagName") == "BUTTON":
        expect(target).to_be_enabled()  # a guarded decision button is not a Tab stop yet
    for _ in range(TAB_LIMIT):
        if focused_is(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reachable with Tab")


#: where the button `selector` stands from the focused one, in CSS px: [dx, dy] between the
#: centres of what stands for each (an office's frame, a laurel space's ring)
TOWARDS = """(selector) => {
  const at = (el) => { const b = (el.querySelector(".frame, .focus-ring") ?? el)
    .getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; };
  const [x, y] = at(document.querySelector(selector));
  const [fx, fy] = at(document.activeElement);
  return [x - fx, y - fy];
}"""
ON_BOARD = "() => document.activeElement?.closest('[data-testid=\"board\"]') != null"


def board_to(page: Page, selector: str) -> None:
    """Tab onto the board, which is one Tab stop, then the arrow keys to its button
    `selector`, as a keyboard player goes (arrow-focus.js)."""
    for _ in range(TAB_LIMIT):
        if page.evaluate(ON_BOARD):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("the board is not reachable with Tab")
    for _ in range(40):
        if focused_is(page, selector):
            return
        dx, dy = page.evaluate(TOWARDS, selector)
        along = abs(dx) >= abs(dy)
        for horizontal in (along, not along):  # no button that way: the other axis
            delta = dx if horizontal else dy
            if abs(delta) < 1:
                continue
            before = page.evaluate("() => document.activeElement?.dataset.testid")
            page.keyboard.press(("ArrowRight" if delta > 0 else "ArrowLeft") if horizontal
                                else ("ArrowDown" if delta > 0 else "ArrowUp"))
            if page.evaluate("() => document.activeElement?.dataset.testid") != before:
                break
    raise AssertionError(f"{selector} is not reachable with the arrow keys")


def key_press(page: Page, selector: str, key: str = "Enter") -> None:
    if selector.startswith(('[data-testid="office-', '[data-testid="space-')):
        board_to(page, selector)
    else:
        tab_to(page, page.locator(selector), selector)
    page.keyboard.press(key)


def key_action(page: Page, game: Game, action: dict[str, Any]) -> None:
    """Play `action` with Tab, Enter and Space only."""
    s = game.state
    kind = action["type"]
    wait_armed(page)
    if kind == "request":
        key_press(page, f'[data-testid="office-{action["from"]}"]')
        key_press(page, f'[data-testid="office-{action["to"]}"]', " ")
        key_press(page, '[data-testid="move-dialog"] [data-testid="ask-consent"]')
    elif kind == "answer":
        dialog = page.get_by_test_id("answer-dialog")
        if not dialog.is_visible():
            key_press(page, '[data-testid="answer-open"]')
        button = {0: "answer-refuse", 1: "answer-agree", 2: "answer-agree-2"}[action["consents"]]
        key_press(page, f'[data-testid="answer-dialog"] [data-testid="{button}"]', " ")
    elif kind == "move":
        dialog = page.get_by_test_id("supporters-dialog")
        if not dialog.is_visible():
            key_press(page, f'[data-testid="office-{action["from"]}"]')
            key_press(page, f'[data-testid="office-{action["to"]}"]')
        support = "support-" + "-".join(map(str, action["supporters"]))
        key_press(page, f'[data-testid="supporters-dialog"] [data-testid="{support}"]')
    elif kind == "decline":
        key_press(page, '[data-testid="decline"]')
    elif kind == "withdraw":
        key_press(page, '[data-testid="withdraw"]')
    else:  # pragma: no cover - the consent turn needs no other action
        raise AssertionError(f"no keys for {action} in stage {s.stage}")


def test_a_full_turn_with_consent_by_keyboard_alone(app: Page) -> None:
    start_game(app)
    game = Game(options(), SEED)
    prefix = advance_to(Game(options(), SEED), lambda g: g.state.stage == "consent")
    for action in prefix[:-1]:
        play(app, game, action)
    mover = game.state.current
    app.locator("body").focus()
    # the request, every answer, the move and whatever else the turn holds
    action = prefix[-1]
    while True:
        key_action(app, game, action)
        game.apply(action)
        wait_actions(app, len(game.actions))
        if game.state.current != mover and game.state.stage == "action":
            break
        action = scripted_action(game)
    assert log_texts(app) == engine_log(game)
    assert any(e["type"] == "answer" for e in game.events[len(prefix) - 1:])


#: the focused board button and the centre of what stands for it (an office's frame, a laurel
#: space's ring), as arrow-focus.js measures it
FOCUSED_AT = """() => {
  const el = document.activeElement;
  const box = (el.querySelector(".frame, .focus-ring") ?? el).getBoundingClientRect();
  return [el.dataset.testid ?? el.tagName, box.x + box.width / 2, box.y + box.height / 2];
}"""


def test_arrow_keys_walk_the_board_as_it_is_seen(app: Page) -> None:
    """Arrow keys move the focus between the board's offices and laurel spaces in the arrow's
    direction: up from office 1 the focus climbs, each step higher on screen, to office 12
    beside the Senate, and right from there reaches the Senate; at the board's edge an arrow
    keeps the focus where it is and does not scroll the page; Home and End go to the board's
    first and last buttons (a review found them scrolling the page)."""
    start_game(app)
    app.get_by_test_id("office-1").focus()
    walk = [app.evaluate(FOCUSED_AT)]
    while True:
        app.keyboard.press("ArrowUp")
        here = app.evaluate(FOCUSED_AT)
        if here[0] == walk[-1][0]:
            break
        assert here[2] < walk[-1][2], (walk, here)
        walk.append(here)
    assert [step[0] for step in walk] == ["office-1", "space-1-5", "office-5", "office-8",
                                          "space-8-12", "office-12"], walk
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowRight")
    expect(app.get_by_test_id("office-13")).to_be_focused()
    bottom = app.get_by_test_id("office-1")
    bottom.focus()
    # the page scrolls on an arrow whose default action is left to it
    app.evaluate("addEventListener('keydown', (e) => { window.scrolls = !e.defaultPrevented; })")
    app.keyboard.press("ArrowDown")
    expect(bottom).to_be_focused()
    assert app.evaluate("window.scrolls") is False
    # Home and End: the board's first and last buttons (in the document's order), the page
    # kept still
    buttons = app.locator('#board [role="button"][tabindex]')
    app.keyboard.press("End")
    expect(buttons.last).to_be_focused()
    assert app.evaluate("window.scrolls") is False
    app.keyboard.press("Home")
    expect(buttons.first).to_be_focused()
    assert app.evaluate("window.scrolls") is False


def test_the_board_is_one_tab_stop_that_keeps_its_place(app: Page) -> None:
    """WCAG 2.1.1, 2.4.3: the board's offices and laurel spaces are one Tab stop, walked with
    the arrow keys, so that Tab goes on to the turn panel at once (a review pressed Shift+Tab
    17 times from the board to reach a decision); coming back, the focus is on the button it
    left. A whole turn is played by keyboard above (test_a_full_turn_with_consent_...)."""
    start_game(app)
    stops = app.locator('#board [role="button"][tabindex="0"]')
    expect(stops).to_have_count(1)
    office = app.get_by_test_id("office-5")
    office.focus()
    app.keyboard.press("ArrowUp")
    moved = app.evaluate("() => document.activeElement.dataset.testid")
    assert moved != "office-5", moved
    expect(stops).to_have_count(1)
    expect(app.get_by_test_id(moved)).to_have_attribute("tabindex", "0")
    app.keyboard.press("Tab")
    assert not app.evaluate(ON_BOARD)
    app.keyboard.press("Shift+Tab")
    expect(app.get_by_test_id(moved)).to_be_focused()
    # and the <svg> around them is no stop of its own: one more Shift+Tab leaves the board
    app.keyboard.press("Shift+Tab")
    assert not app.evaluate(ON_BOARD), app.evaluate("() => document.activeElement.outerHTML")


def ignored_by_screen_readers(page: Page, selector: str) -> list[str]:
    """Why Chromium's accessibility tree leaves the element out (e.g. "activeModalDialog":
    inert behind a modal dialog), or [] when a screen reader gets it."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node,
                                                            "fetchRelatives": False})
    finally:
        cdp.detach()
    first = tree["nodes"][0]
    return [r["name"] for r in first.get("ignoredReasons", [])] if first.get("ignored") else []


def test_each_action_is_announced_to_screen_readers(app: Page) -> None:
    """Every action is read out, also while a modal dialog makes the rest of the page inert:
    the live region is then inside the dialog."""
    start_game(app)
    game = Game(options(), SEED)
    announcer = app.get_by_test_id("announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    play_script(app, game, 2)
    expect(announcer).to_have_text(engine_log(game)[-1])
    assert ignored_by_screen_readers(app, '[data-testid="announcer"]') == []
    # a request: the answer dialog opens at once, and the request is heard inside it
    for action in advance_to(Game(options(), SEED), lambda g: g.state.stage == "consent")[2:]:
        play(app, game, action)
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("announcer")).to_have_text(engine_log(game)[-1])
    assert ignored_by_screen_readers(app, '[data-testid="announcer"]') == []
    # an answer given in the dialog: heard in the dialog the table turns to next
    play(app, game, scripted_action(game))
    expect(app.locator("dialog:modal").get_by_test_id("announcer")).to_have_text(
        engine_log(game)[-1])
    assert ignored_by_screen_readers(app, '[data-testid="announcer"]') == []
    close_dialogs(app)
    expect(app.locator("body > [data-testid=announcer]")).to_have_count(1)


def test_a_change_of_language_reads_out_nothing_of_the_log(app: Page) -> None:
    """A review heard the whole log read out on a switch of language: the log is worded
    again, which is no new action to announce. Another found the last action left there in
    the old language: the live region is emptied, which reads out nothing."""
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 4)
    announcer = app.get_by_test_id("announcer")
    expect(announcer).to_have_text(engine_log(game)[-1])
    app.locator("nav.menu").get_by_test_id("language").select_option("it")
    expect(app.locator("html")).to_have_attribute("lang", "it")
    expect(app.locator("#log-heading")).not_to_have_text("Log")
    assert announcer.text_content() == ""
    app.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => "
                          "requestAnimationFrame(() => done(true))))")
    assert announcer.text_content() == ""


def test_an_undone_action_or_a_past_game_is_not_left_to_be_read(app: Page) -> None:
    """A review found the live region still holding an undone action, and, in a new game's
    first dialog, the last game's end: a screen reader reading the dialog met them there. An
    undo (said in the status line) and a new game empty it, as a change of language does."""
    start_game(app)
    game = Game(options(), SEED)
    announcer = app.get_by_test_id("announcer")
    add_senators(app, game, (1, 1, 3))
    expect(announcer).to_have_text(engine_log(game)[-1])
    app.get_by_test_id("undo").click()
    app.get_by_test_id("undo-confirm").get_by_test_id("confirm-yes").click()
    wait_actions(app, 2)
    expect(app.get_by_test_id("log-message")).to_have_text("Undone: the last action.")
    expect(announcer).to_have_text("")
    app.get_by_test_id("add-2").click()
    wait_actions(app, 3)
    expect(announcer).to_have_text(re.compile("office 2"))
    start_game(app, seed=SEED + 1)
    expect(announcer).to_have_text("")


def test_families_are_told_apart_by_shape(app: Page) -> None:
    start_game(app, names=FIVE)
    game = Game(options(FIVE), SEED)
    play_script(app, game, 5)
    shapes = app.locator("#board .senator[data-shape]").evaluate_all(
        "els => [...new Set(els.map((e) => e.dataset.shape))]")
    assert len(shapes) == len(set(shapes)) and len(shapes) >= 2
    label = app.get_by_test_id("office-1").get_attribute("aria-label") or ""
    assert "circle" in label or "square" in label or "triangle" in label, label


def test_the_players_names_line_up_whatever_their_chips_shape(app: Page) -> None:
    """A review saw a triangle's chip push its player's name further right than a circle's:
    the five shapes take one width in the players panel, so the names start in one column."""
    start_game(app, names=FIVE)
    lefts = app.locator('[data-testid^="player-name-"]').evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().left)")
    assert len(lefts) == 5 and max(lefts) - min(lefts) < 1, lefts


# -- every screen at every size ---------------------------------------------------------------

CONTROLS_JS = """() => {
    // the part of an element not cut off by a scrolling ancestor
    const seen = (el) => {
        let { left, top, right, bottom } = el.getBoundingClientRect();
        for (let p = el.parentElement; p; p = p.parentElement) {
            if (getComputedStyle(p).overflowY === "visible") continue;
            const r = p.getBoundingClientRect();
            left = Math.max(left, r.left); right = Math.min(right, r.right);
            top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
        }
        return { x: left, y: top, w: right - left, h: bottom - top };
    };
    const shown = (el) => getComputedStyle(el).visibility !== "hidden"
        && el.getClientRects().length > 0;
    // what a player clicks or reads: buttons, fields, messages, the board's offices
    const top = document.querySelector("dialog[open]") ?? document;
    const els = [...top.querySelectorAll("button, a.btn, input:not([type=hidden]), select, "
        + ".message, .dlg-error, #board .office .frame")].filter(shown);
    return els.map((el) => ({
        what: el.dataset.testid || el.id || el.className.baseVal || el.textContent.slice(0, 30),
        ...seen(el), nested: els.some((o) => o !== el && o.contains(el)),
    })).filter((b) => b.w > 0 && b.h > 0);
}"""

CLIPPED_JS = """() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
        out.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    }
    const boxes = document.querySelectorAll(
        "dialog[open], dialog[open] .dlg-body, dialog[open] .table-wrap, .panel");
    for (const el of boxes) {
        if (el.clientWidth && el.scrollWidth > el.clientWidth) {
            out.push(`${el.dataset.testid || el.className} ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    return out;
}"""


def overlaps(page: Page) -> list[str]:
    """Pairs of visible controls whose boxes overlap (by more than half a pixel each way)."""
    boxes = page.evaluate(CONTROLS_JS)
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a["nested"] or b["nested"]:
                continue
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0.5 and dy > 0.5:
                found.append(f"{a['what']} / {b['what']}")
    return found


#: the players' supply and laurels, shown on the board's strip and in the players' panel
SHOWN_JS = """() => {
    const shown = (el) => el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== "hidden"
        && !el.closest("[visibility=hidden]");
    return {
        strip: [...document.querySelectorAll("#board .pchip")].filter(shown).length,
        panel: [...document.querySelectorAll("#players [data-testid^=hoard-size-]")]
            .filter(shown).length,
    };
}"""


#: words of the end screen's table drawn across two lines (broken in the middle)
BROKEN_WORDS_JS = """() => {
    const broken = [];
    const cells = document.querySelectorAll("dialog[open] .results th, dialog[open] .results td");
    for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                    .map((r) => Math.round(r.top)));
                if (tops.size > 1) broken.push(m[0]);
            }
        }
    }
    return broken;
}"""


def shown_once(page: Page, name: str) -> None:
    """Each player's supply and laurel count is on the board's strip or in the players'
    panel, never in both (player information isn't shown twice)."""
    shown = page.evaluate(SHOWN_JS)
    players = page.locator("#players .player").count()
    assert players and sorted(shown.values()) == [0, players], f"{name}: {shown}"


def check_screen(page: Page, name: str, shots: Path, axe_script: Path | None = None) -> None:
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    assert not overlaps(page), f"{name}: controls overlap: {overlaps(page)}"
    clipped = page.evaluate(CLIPPED_JS)
    assert not clipped, f"{name}: clipped: {clipped}"
    if axe_script is not None:
        audit(page, axe_script, name)


#: a phone, a tablet upright, the two laptops of the issue and a desktop
SIZES = [(360, 740), (768, 1024), (1366, 768), (1280, 800), (1920, 1080)]


def test_no_control_covers_another_and_nothing_is_clipped(
    app: Page, tmp_path: Path, axe_script: Path
) -> None:
    """The new game screen, a game's start, a consent request's dialog, the board and the end
    screen of a five-player game, each at every size of SIZES (the window resized, as a
    tablet turned or a window narrowed): no control covers another, nothing is clipped, axe
    finds nothing, and each player's supply and laurels are shown once on the board."""

    def at_every_size(screen: str, *, board: bool = False, end: bool = False) -> None:
        for width, height in SIZES:
            app.set_viewport_size({"width": width, "height": height})
            check_screen(app, f"{width}-{screen}", tmp_path, axe_script)
            if board:
                shown_once(app, f"{width}-{screen}")
            if end:
                assert app.evaluate(BROKEN_WORDS_JS) == [], f"{width}: words broken in the end"
        app.set_viewport_size({"width": 1280, "height": 720})

    at_every_size("new-game")
    start_game(app, names=FIVE)
    expect(app.get_by_test_id("message")).not_to_be_empty()  # "a new game begins"
    at_every_size("start")
    game = Game(options(FIVE), SEED)
    play_script(app, game, 6)  # a consent request is open: its dialog is shown
    at_every_size("mid-game")
    close_dialogs(app)
    at_every_size("board", board=True)
    path, finished = finished_save(tmp_path, FIVE)
    open_save(app, path, finished)
    expect(app.get_by_test_id("end-screen")).to_be_visible()
    at_every_size("end", end=True)


def test_a_long_name_of_one_word_widens_no_screen_on_a_phone(app: Page, tmp_path: Path) -> None:
    """R1: a name may be 30 characters with no space (rulings #26). A playtest on a phone named
    a player so: their laurels' dialog ran past the screen's edge, and the page stayed wider
    than the phone, shifted sideways, its later dialogs cut off."""
    app.set_viewport_size({"width": 390, "height": 844})
    names = ["Aurelia", "W" * 30, "Cassia"]
    start_game(app, names=names)
    check_screen(app, "long-start", tmp_path)
    app.get_by_test_id("look-1").click()
    check_screen(app, "long-look-confirm", tmp_path)
    app.get_by_test_id("look-show").click()
    expect(app.get_by_test_id("hoard-view")).to_be_visible()
    check_screen(app, "long-look", tmp_path)
    app.get_by_test_id("hoard-hide").click()
    game = Game(options(names), SEED)
    # played wide (on a phone an office with a free seat asks "add or move" first); a consent
    # request is then open, its dialog shown
    app.set_viewport_size({"width": 1366, "height": 768})
    play_script(app, game, 6)
    app.set_viewport_size({"width": 390, "height": 844})
    check_screen(app, "long-mid-game", tmp_path)
    close_dialogs(app)
    path, finished = finished_save(tmp_path, names)
    open_save(app, path, finished)
    expect(app.get_by_test_id("end-screen")).to_be_visible()
    check_screen(app, "long-end", tmp_path)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 800)], ids=["1366", "1280"])
def test_the_new_game_dialog_shows_its_title_and_start_button(
    app: Page, width: int, height: int
) -> None:
    app.set_viewport_size({"width": width, "height": height})
    dialog = app.get_by_test_id("new-game-dialog")
    expect(dialog.locator("h2").first).to_be_in_viewport(ratio=1)
    expect(dialog.get_by_test_id("start-game")).to_be_in_viewport(ratio=1)
    dialog.get_by_test_id("players-5").check()
    expect(dialog.get_by_test_id("start-game")).to_be_in_viewport(ratio=1)


def test_no_empty_panel_before_the_first_game(app: Page) -> None:
    expect(app.get_by_test_id("new-game-dialog")).to_be_visible()
    for panel in app.locator("main .panel").all():
        if panel.is_visible():
            assert (panel.inner_text() or "").strip(), "an empty panel is shown"


def test_reduced_motion_stops_the_pulses(app: Page) -> None:
    app.emulate_media(reduced_motion="reduce")
    start_game(app)
    moving = app.evaluate("""() => [...document.querySelectorAll("*")].filter((el) => {
        const st = getComputedStyle(el);
        return st.animationName !== "none" || parseFloat(st.transitionDuration) > 0;
    }).map((el) => el.className.baseVal ?? el.className)""")
    assert moving == []


def test_enter_starts_a_game_and_focus_goes_to_whose_turn_it_is(app: Page) -> None:
    dialog = app.get_by_test_id("new-game-dialog")
    dialog.get_by_test_id("seed").fill(str(SEED))
    dialog.get_by_test_id("handover-setting").uncheck()  # on by default for several humans
    dialog.get_by_test_id("name-0").press("Enter")
    expect(dialog).to_have_count(0)
    wait_actions(app, 0)
    expect(app.locator("#turn-panel")).to_be_focused()
    expect(app.locator("#turn-panel").get_by_test_id("turn-heading")).to_be_visible()


def test_on_a_phone_an_entry_office_offers_adding_another_senator(app: Page) -> None:
    app.set_viewport_size({"width": 360, "height": 740})
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 3)  # everyone has added a senator to office 1 (R5)
    mover = game.state.current
    assert mover in game.state.offices[1]
    wait_armed(app)
    app.get_by_test_id("office-1").click()
    choice = app.get_by_test_id("entry-choice")
    expect(choice).to_be_visible()
    expect(choice.get_by_test_id("entry-choice-text")).to_contain_text("You have a senator in")
    choice.get_by_test_id("entry-add").click()
    game.apply({"type": "add", "player": mover, "office": 1})
    wait_actions(app, len(game.actions))
    assert log_texts(app) == engine_log(game)
    # round the table (on a wide window, where a click on office 1 selects its senator), back
    # to the mover, now with two senators there: the question counts them (a review saw "a
    # senator")
    app.set_viewport_size({"width": 1280, "height": 800})
    play_script(app, game, 7)
    assert game.state.current == mover and game.state.offices[1].count(mover) == 2
    app.set_viewport_size({"width": 360, "height": 740})
    wait_armed(app)
    app.get_by_test_id("office-1").click()
    expect(choice.get_by_test_id("entry-choice-text")).to_contain_text(
        "You have 2 senators in office 1")


def test_the_checks_catch_what_they_look_for(app: Page, axe_script: Path, tmp_path: Path) -> None:
    """The audit and the geometry checks fail on a planted fault (so they can fail at all)."""
    start_game(app)
    app.evaluate("""() => {
        const b = document.createElement("button");
        b.className = "btn"; b.style.cssText = "position: fixed; left: 0; bottom: 0; width: 500px";
        document.body.append(b);  // no name, over the page's controls
    }""")
    with pytest.raises(AssertionError, match="button-name"):
        audit(app, axe_script, "planted")
    app.set_viewport_size({"width": 360, "height": 740})
    with pytest.raises(AssertionError, match=r"clipped|overlap"):
        check_screen(app, "planted", tmp_path)


# -- the Look screen, the focus, the top bar, the board's names ------------------------------


def test_the_look_screen_stays_until_its_owner_hides_it(app: Page, axe_script: Path) -> None:
    """No time limit (WCAG 2.2.1): neither time nor Tab nor any key but Escape hides a hoard
    shown to its owner (R10); its button does."""
    start_game(app)
    app.clock.install()
    key_press(app, '[data-testid="look-mine"]')
    key_press(app, '[data-testid="look-confirm"] [data-testid="look-show"]')
    look = app.get_by_test_id("hoard-view")
    expect(look).to_be_visible()
    audit(app, axe_script, "look screen")
    app.clock.run_for(60_000)
    for key in ("Tab", "Tab", "Shift+Tab", "ArrowDown", "a"):
        app.keyboard.press(key)
    expect(look).to_be_visible()
    key_press(app, '[data-testid="hoard-view"] [data-testid="hoard-hide"]')
    expect(look).to_have_count(0)


def heading_has_focus(page: Page) -> None:
    """The turn panel's heading (the only one: no duplicate id) has the focus, and the panel
    is announced by it."""
    heading = page.locator("#turn-heading")
    expect(heading).to_have_count(1)
    expect(heading).to_be_focused()
    text = heading.evaluate("""el => [...el.childNodes].filter((n) => n.nodeType !== 1
        || n.getAttribute("aria-hidden") !== "true").map((n) => n.textContent).join("").trim()""")
    expect(page.get_by_role("region", name=text, exact=True)).to_be_visible()


def own_moves(game: Game) -> list[dict[str, Any]]:
    """Moves the player to act may make alone: no consent, or only their own senators'."""
    me = game.state.current
    return [a for a in game.legal_actions() if a["type"] == "move" and game.state.stage == "action"
            and all(q == me for q in a["supporters"])]


def test_focus_follows_each_action_to_the_new_turn_heading(app: Page) -> None:
    """After an add, a selection and a move made with the keyboard, the focus is on the new
    turn heading (not on the page's body), and the turn panel is named by it."""
    start_game(app)
    game = Game(options(), SEED)
    action = next(a for a in game.legal_actions() if a["type"] == "add")
    key_press(app, f'[data-testid="add-{action["office"]}"]')
    game.apply(action)
    wait_actions(app, len(game.actions))
    heading_has_focus(app)
    while not own_moves(game):
        play(app, game, scripted_action(game))
    move = own_moves(game)[0]
    wait_armed(app)
    key_press(app, f'[data-testid="select-{move["from"]}"]')
    expect(app.get_by_test_id(f"dest-{move['to']}")).to_be_visible()
    heading_has_focus(app)
    key_press(app, f'[data-testid="dest-{move["to"]}"]')
    if move["supporters"]:  # moved with the player's own senators' consent (R6.4)
        key_press(app, '[data-testid="move-dialog"] [data-testid="move-own"]')
    game.apply(move)
    wait_actions(app, len(game.actions))
    heading_has_focus(app)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def lum(c: tuple[int, int, int]) -> float:
        def ch(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else float(((x + 0.055) / 1.055) ** 2.4)
        return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rgb(css: str) -> list[tuple[int, int, int]]:
    return [(int(r), int(g), int(b)) for r, g, b in
            re.findall(r"rgba?\((\d+), (\d+), (\d+)", css)]


def test_the_top_bars_focus_ring_stands_out_from_the_purple(app: Page) -> None:
    """Non-text contrast (WCAG 1.4.11): each top bar control's focus ring is at least 3:1
    against both colours of the bar's gradient."""
    start_game(app)
    bar = rgb(app.locator(".topbar").evaluate("el => getComputedStyle(el).backgroundImage"))
    assert len(bar) == 2, bar
    controls = app.locator(".topbar button:not([disabled]), .topbar a, .topbar select")
    assert controls.count() >= 4
    for i in range(controls.count()):
        control = controls.nth(i)
        control.focus()
        app.keyboard.press("Shift+Tab")
        app.keyboard.press("Tab")  # a keyboard focus: :focus-visible
        ring = rgb(control.evaluate("el => getComputedStyle(el).outlineColor"))[0]
        for colour in bar:
            assert contrast(ring, colour) >= 3, (control.inner_text(), ring, colour)


#: every board office's frame: its state's classes and its computed stroke while it has the
#: keyboard's focus
FOCUSED_FRAMES = """() => [...document.querySelectorAll('#board .office[tabindex]')]
  .map((el) => {
  el.focus();
  return [el.dataset.testid, el.getAttribute("class"),
          getComputedStyle(el.querySelector(".frame")).stroke];
})"""


def test_an_offices_focus_ring_is_the_focus_colour_whatever_its_state(app: Page) -> None:
    """A review saw the board's focus ring change colour with the office it was on: the office
    of the last move kept its purple frame when focused. Every office's frame takes the focus
    colour when focused: at a turn's start (offices to move from, to add to, of the last move)
    and with a senator chosen (its destinations free, needing consent or blocked)."""
    app.emulate_media(reduced_motion="reduce")  # no frame's colour caught in a transition
    start_game(app)
    for actions in range(1, len(NAMES) + 1):  # each player adds a senator in office 1 (R5)
        wait_armed(app)
        app.get_by_test_id("office-1").click()
        wait_actions(app, actions)
    wait_armed(app)
    app.get_by_test_id("office-1").focus()
    app.keyboard.press("Shift+Tab")
    app.keyboard.press("Tab")  # a keyboard focus: :focus-visible
    focus = "rgb(28, 95, 208)"
    frames = app.evaluate(FOCUSED_FRAMES)
    classes = {name for _id, cls, _stroke in frames for name in cls.split()}
    assert {"selectable", "addable", "last-move-to"} <= classes, frames
    assert [f for f in frames if f[2] != focus] == []
    selectable = app.locator("#board .office.selectable").first
    selectable.focus()
    app.keyboard.press(" ")
    app.locator("#board .office.selected").wait_for()
    frames = app.evaluate(FOCUSED_FRAMES)
    states = " ".join(cls for _id, cls, _stroke in frames)
    assert "dest-" in states, frames
    assert [f for f in frames if f[2] != focus] == []


def test_the_boards_names_say_the_senate_order_and_the_paths_up(
    app: Page, tmp_path: Path
) -> None:
    """The Senate's name lists its senators in the order they entered (R9.3: 1st, 2nd...);
    an office's name says which paths lead up from it (R4); a button's name begins with its
    visible label ("Office 1, entry")."""
    start_game(app)
    office_1 = app.get_by_test_id("office-1").get_attribute("aria-label") or ""
    assert office_1.startswith("Office 1, entry, 5 seats"), office_1
    ups = sorted(to for (frm, to) in board.PATH_INDEX if frm == 1)
    assert f"paths up to offices {', '.join(map(str, ups[:-1]))} and {ups[-1]}" in office_1, (
        office_1)
    senate = app.get_by_test_id("office-13").get_attribute("aria-label") or ""
    assert "path" not in senate, senate
    path, finished = finished_save(tmp_path, NAMES)
    open_save(app, path, finished)
    expect(app.get_by_test_id("end-screen")).to_be_visible()
    senate = app.get_by_test_id("office-13").get_attribute("aria-label") or ""
    entered = [NAMES[q] for q in finished.state.offices[13]]
    words = ["1st", "2nd", "3rd", "4th", "5th"]
    said = [f"{words[i]}: {name}" for i, name in enumerate(entered)]
    assert all(x in senate for x in said), senate
    assert sorted(said, key=senate.index) == said, senate


def test_an_undo_that_disables_undo_leaves_the_focus_on_the_turn(app: Page) -> None:
    """WCAG 2.4.3: Undo taken by the keyboard with nothing left to undo after it (the button
    goes disabled) hands the focus to the turn heading; a keyboard review was left on the
    page's body."""
    start_game(app)
    game = Game(options(), SEED)
    action = next(a for a in game.legal_actions() if a["type"] == "add")
    key_press(app, f'[data-testid="add-{action["office"]}"]')
    wait_actions(app, 1)
    key_press(app, '[data-testid="undo"]')
    expect(app.get_by_test_id("undo-confirm")).to_be_visible()  # Aurelia's add, Brutus's turn
    key_press(app, '[data-testid="undo-confirm"] [data-testid="confirm-yes"]')
    wait_actions(app, 0)
    expect(app.get_by_test_id("undo")).to_be_disabled()
    heading_has_focus(app)


@window(683, 384)
def test_at_twice_the_zoom_the_focused_turn_is_in_sight(app: Page) -> None:
    """WCAG 2.4.11: at 200% zoom (683x384 CSS pixels) the turn panel sits under the board; the
    focus a new game or a new turn puts on it scrolls it into sight (a keyboard review found it
    500 px below the screen)."""
    dialog = app.get_by_test_id("new-game-dialog")
    dialog.get_by_test_id("seed").fill(str(SEED))
    dialog.get_by_test_id("handover-setting").uncheck()
    dialog.get_by_test_id("name-0").press("Enter")
    expect(dialog).to_have_count(0)
    wait_actions(app, 0)
    focused = app.locator("#turn-panel")
    expect(focused).to_be_focused()
    expect(focused.get_by_test_id("turn-heading")).to_be_in_viewport()
    game = Game(options(), SEED)
    action = next(a for a in game.legal_actions() if a["type"] == "add")
    key_press(app, f'[data-testid="add-{action["office"]}"]')
    wait_actions(app, 1)
    heading_has_focus(app)
    expect(app.locator("#turn-heading")).to_be_in_viewport()


def test_the_replay_reads_out_each_step_and_marks_the_current_one(page: Page,
                                                                   site_url: str) -> None:
    """WCAG 4.1.3, 1.3.1, 1.4.3: stepping through the replay reads out what the step did (a
    review heard only "Step 1 of 94"); the log marks the current entry (aria-current) and the
    entries still to come keep a readable contrast (they were at 2.1:1)."""
    game = Game(options(), SEED)
    advance_to(game, lambda g: g.state.stage == "over", limit=2000)
    open_autosaved(page, site_url, game)
    page.get_by_test_id("end-screen").get_by_test_id("end-replay").click()
    page.get_by_test_id("replay-next").click()
    text = page.get_by_test_id("replay-text")
    expect(text).to_have_text(engine_log(game)[0])
    expect(text).to_have_attribute("aria-live", "polite")
    log = page.locator("#log li")
    expect(log.nth(0)).to_have_attribute("aria-current", "step")
    expect(page.locator("#log li[aria-current]")).to_have_count(1)
    future = log.nth(1)
    style = future.evaluate("""li => { const s = getComputedStyle(li);
        let bg = null, el = li;
        while (el && !bg) { const c = getComputedStyle(el).backgroundColor;
          if (!c.endsWith(", 0)") && c !== "transparent") bg = c; el = el.parentElement; }
        return [s.opacity, s.color, bg]; }""")
    assert style[0] == "1", style
    assert contrast(rgb(style[1])[0], rgb(style[2])[0]) >= 4.5, style


def test_the_end_screen_opens_on_its_result_and_enter_decides_nothing(page: Page,
                                                                     site_url: str) -> None:
    """WCAG 2.4.3, 4.1.2: the end screen (R9) takes the focus itself and is described by its
    result, so a screen reader reads who won and why as it opens; a review found the focus on
    "Replay the game", where the winner went unread and a stray Enter started the replay."""
    game = Game(options(), SEED)
    advance_to(game, lambda g: g.state.stage == "over", limit=2000)
    open_autosaved(page, site_url, game)
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_focused()
    winner = game.state.winner
    assert winner is not None
    expect(end).to_have_accessible_description(re.compile(
        re.escape(f"{NAMES[winner]} wins!") + ".*R9\\.3"))
    page.keyboard.press("Enter")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("replay-step")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(end.get_by_test_id("end-replay")).to_be_focused()


def test_every_link_to_the_rules_says_it_opens_another_tab(app: Page) -> None:
    """WCAG 3.2.5 (advisory), G201: the Rules link and a dialog's link to its rule open the
    reference in another tab, and say so in the page's language (a review found nothing
    telling a screen reader's user that the page would change); a rule cited in a message is
    wired the same way (rules-link.js)."""
    links = [app.get_by_test_id("rules-link"),
             app.get_by_test_id("new-game-dialog").get_by_test_id("dialog-rules")]
    for lang, words in (("en", "Opens in another tab."), ("it", "Si apre in un'altra scheda.")):
        app.get_by_test_id("language").select_option(lang)
        expect(app.locator("html")).to_have_attribute("lang", lang)
        for link in links:
            expect(link).to_have_accessible_description(words)


def test_each_promise_row_of_the_terms_is_named_by_its_number(app: Page) -> None:
    """WCAG 1.3.1: the terms dialog's promise rows are groups named "Promise 1", "Promise 2"
    (a keyboard review met rows of like-named selects it could not tell apart)."""
    play_to_first_request(app)
    app.get_by_test_id("answer-dialog").get_by_test_id("answer-terms").click()
    terms = app.get_by_test_id("terms-dialog")
    terms.get_by_test_id("promise-add").focus()
    app.keyboard.press("Enter")
    # the keyboard goes on in the row just added (a playtest's stayed on "Add a promise")
    expect(terms.get_by_role("group", name="Promise 1", exact=True).get_by_role(
        "combobox", name="Who promises")).to_be_focused()
    terms.get_by_test_id("promise-add").click()
    for n in (1, 2):
        row = terms.get_by_role("group", name=f"Promise {n}", exact=True)
        expect(row.get_by_role("combobox", name="Who promises")).to_be_visible()
