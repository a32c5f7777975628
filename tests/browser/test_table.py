"""At the table, seat by seat: only the deciding seat's controls act (R4, R6.3), a game can be
opened from the first screen, the input guard outlasts a slow double-click, a finished game
stays finished, and a seat can change hands.

Every test waits on page state (data-* attributes on <html>, dialogs), never on time. That a
click "did nothing" is shown by what happens next: the deciding seat's own decision is the
very next entry of the log.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from qvcore import board
from qvcore.game import Game

from .conftest import ENGINE_SETTLED, ENGINE_TIMEOUT_MS, window
from .play import (
    NAMES,
    SEED,
    advance_to,
    click_action,
    expect_addressed,
    log_texts,
    office,
    options,
    play,
    scripted_action,
    start_game,
    wait_actions,
    wait_actions_at_least,
    wait_armed,
)

HUMAN = 0


def asked_and_pending(game: Game) -> bool:
    r = game.state.request
    return game.state.stage == "consent" and r is not None and any(
        q not in r.answers for q in r.asked)


def mover_clicks(page: Page, game: Game) -> None:
    """What the issue's players clicked while someone else had to answer: an office of the
    mover's, a free entry office, and a laurel space Caesar could go to (R8)."""
    s = game.state
    mover = s.current
    mine = next(o for o, here in enumerate(s.offices) if mover in here)
    entry = next(o for o in board.ENTRY_OFFICES if len(s.offices[o]) < board.SEATS[o])
    space = next(p for p in board.LAUREL_PATHS if p != s.caesar)
    office(page, mine).dispatch_event("click")
    office(page, entry).dispatch_event("click")
    page.get_by_test_id(f"space-{board.PATH_FROM[space]}-{board.PATH_TO[space]}") \
        .dispatch_event("click")
    assert page.get_attribute("html", "data-actions") == str(len(game.actions))
    panel = page.get_by_test_id("turn-heading").locator("xpath=..")
    # the panel offers the asked player nothing of the mover's turn
    for testid in ("add-0", "add-1", "add-2", "add-3", "caesar-open", "withdraw"):
        expect(panel.get_by_test_id(testid)).to_have_count(0)


def answer_refuse(page: Page, game: Game) -> None:
    """The asked player answers (refuses): it is the next action in the log."""
    r = game.state.request
    assert r is not None
    seat = next(q for q in r.asked if q not in r.answers)
    before = len(game.actions)
    dialog = page.get_by_test_id("answer-dialog")
    if not dialog.is_visible():
        page.get_by_test_id("answer-open").click()
    expect_addressed(page, dialog, game.options.names[seat])
    wait_armed(page)
    dialog.get_by_test_id("answer-refuse").click()
    game.apply({"type": "answer", "player": seat, "consents": 0})
    wait_actions_at_least(page, before + 1)
    # the answer's own entry: with no pause, a bot may already have played the next action
    entry = page.evaluate(f"() => window.__qv.app.view.log[{before}].event")
    assert (entry["type"], entry["player"]) == ("answer", seat), entry


def test_hot_seat_the_asked_player_cannot_play_the_movers_turn(app: Page) -> None:
    """R6.3: while Livia answers, a click on the mover's office, an entry office or a laurel
    space plays nothing (before the fix: "Marcus moves Caesar…", the request dropped)."""
    start_game(app)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    for action in advance_to(mirror, asked_and_pending):
        play(app, game, action)
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog).to_be_visible()
    wait_armed(app)
    dialog.get_by_test_id("answer-later").click()
    expect(dialog).to_have_count(0)
    mover_clicks(app, game)
    answer_refuse(app, game)


def bot_table_save(game: Game) -> str:
    meta: dict[str, Any] = {"app": "quo-vadis-web", "colours": ["red", "blue", "yellow"],
                            "settings": {"handover": False},
                            "bots": {"1": {"level": "normal", "seed": 1},
                                     "2": {"level": "normal", "seed": 2}}}
    return json.dumps(game.save(meta))


def open_with_autosave(page: Page, site_url: str, text: str) -> None:
    page.goto(site_url + "?botpause=0")
    page.evaluate("(t) => localStorage.setItem('quo-vadis.autosave', t)", text)
    page.goto(site_url + "?botpause=0")
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)


def test_bot_table_the_human_asked_by_a_bot_cannot_play_the_bots_turn(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    """R6.3 at a bot table: a bot asks the human; after "Not now", a click on the bot's office
    or a laurel space plays nothing for the bot (before the fix: "Gaius adds a senator…")."""
    game = Game(options(), SEED)

    def bot_asks_human(g: Game) -> bool:
        r = g.state.request
        return (g.state.stage == "consent" and r is not None and g.state.current != HUMAN
                and [q for q in r.asked if q not in r.answers][:1] == [HUMAN])

    advance_to(game, bot_asks_human)
    open_with_autosave(page, site_url, bot_table_save(game))
    wait_actions(page, len(game.actions))
    dialog = page.get_by_test_id("answer-dialog")
    expect_addressed(page, dialog, NAMES[HUMAN])
    wait_armed(page)
    dialog.get_by_test_id("answer-later").click()
    expect(dialog).to_have_count(0)
    mover_clicks(page, game)
    answer_refuse(page, game)
    assert console_errors == []


def test_a_first_visit_opens_a_saved_game_and_the_rules_from_the_first_screen(
        app: Page, tmp_path: Any) -> None:
    """The first screen (the new game dialog, nothing behind it yet) offers Open and the
    rules; Escape leaves an empty table whose top bar is reachable."""
    dialog = app.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("dialog-rules")).to_have_attribute("href", re.compile(
        r"rules/en\.html#play$"))
    app.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(app.get_by_test_id("new-game")).to_be_focused()
    app.get_by_test_id("new-game").click()
    expect(dialog).to_be_visible()
    game = Game(options(), SEED)
    advance_to(game, lambda g: len(g.actions) >= 5)
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(game.save()))
    with app.expect_file_chooser() as chooser:
        dialog.get_by_test_id("new-game-open").click()
    chooser.value.set_files(str(path))
    wait_actions(app, 5)
    expect(dialog).to_have_count(0)


def test_a_slow_double_click_does_not_decide_for_the_next_player(app: Page) -> None:
    """Marcus adds a senator (office 1), and the second click of his slow double-click lands
    600 ms later on office 2: it is held (guard.js), not played as the next player's add.
    Time is the page's fake clock, moved on by the test."""
    start_game(app)
    app.clock.install()
    # time stands still but for run_for: a slow machine's real time must not end the guard
    app.clock.pause_at(app.evaluate("Date.now()") + 1000)
    app.get_by_test_id("add-1").dispatch_event("click")
    wait_actions(app, 1)
    expect(app.locator("html")).to_have_attribute("data-guard", "on")
    app.clock.run_for(600)
    office(app, 2).dispatch_event("click")
    expect(app.locator("html")).to_have_attribute("data-guard", "on")
    assert app.get_attribute("html", "data-actions") == "1"
    app.clock.run_for(400)
    wait_armed(app)
    office(app, 2).dispatch_event("click")
    wait_actions(app, 2)


def test_two_humans_get_the_hand_over_screen_by_default(app: Page) -> None:
    """With two or more humans at the device, the hand-over screen is on unless switched off;
    one human against bots needs none."""
    dialog = app.get_by_test_id("new-game-dialog")
    setting = dialog.get_by_test_id("handover-setting")
    expect(setting).to_be_checked()
    dialog.get_by_test_id("kind-1").select_option("normal")
    expect(setting).to_be_checked()
    dialog.get_by_test_id("kind-2").select_option("normal")
    expect(setting).not_to_be_checked()
    dialog.get_by_test_id("kind-2").select_option("human")
    expect(setting).to_be_checked()
    # a human starts: were the bot first, the screen would wait for its worker's Python
    dialog.get_by_test_id("first-player").select_option("0")
    dialog.get_by_test_id("start-game").click()
    expect(app.get_by_test_id("handover")).to_be_visible()


def test_on_a_phone_the_replay_shows_the_board_and_its_controls_together(
        page: Page, site_url: str) -> None:
    """R10: a finished game's replay on a phone keeps the board it steps through and the step
    buttons on the screen together (a review had to scroll between the board and the log's
    bar at every step)."""
    page.set_viewport_size({"width": 390, "height": 844})
    game = Game(options(), SEED)
    advance_to(game, lambda g: g.state.stage == "over", limit=2000)
    open_with_autosave(page, site_url, json.dumps(game.save(
        {"app": "quo-vadis-web", "settings": {"handover": False}})))
    wait_actions(page, len(game.actions))
    page.get_by_test_id("end-screen").get_by_test_id("end-replay").click()
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_text(f"Step 0 of {len(game.actions)}")
    for n in (1, 2):
        page.get_by_test_id("replay-next").click()
        expect(step).to_have_text(f"Step {n} of {len(game.actions)}")
        expect(page.get_by_test_id("office-13")).to_be_in_viewport()
        expect(page.get_by_test_id("replay-next")).to_be_in_viewport(ratio=1.0)


def test_r10_undo_against_bots_does_not_put_a_drawn_token_back(
        page: Page, site_url: str) -> None:
    """R7.1, R10, rulings.md #30: a review undid its move against bots, played it again and
    saw the same token drawn: undo read the pile. Aurelia's last move drew a token onto its
    laurel space and the bots have played since; Undo (back to her decision) is refused with
    the rule's words, and the table stays as it was."""
    game = Game(options(), SEED)

    def drawn_then_bots(g: Game) -> bool:
        mine = [i for i, event in enumerate(g.events) if event.get("player") == 0]
        return bool(mine) and g.events[mine[-1]].get("replaced_by") is not None \
            and mine[-1] < len(g.events) - 1 and g.state.stage == "action" \
            and g.state.current == 0

    advance_to(game, drawn_then_bots)
    n = len(game.actions)
    open_with_autosave(page, site_url, bot_table_save(game))
    wait_actions(page, n)
    before = log_texts(page)
    undo = page.get_by_test_id("undo")
    # a review clicked an Undo that looked ready: it reads as unavailable, with the reason, and
    # still takes a click that says why (a touch screen shows no tooltip)
    reason = ("A token drawn from the pile stays drawn: the move that drew it cannot be "
              "undone. (R10)")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute("title", reason)
    undo.click(force=True)  # a real tap: Playwright waits for enabled ones
    # said right under the Undo button (a review found it under the turn panel, across the
    # screen and below its fold)
    said = page.get_by_test_id("log-message")
    expect(said).to_have_text(reason)
    expect(said).to_be_in_viewport()
    button, note = undo.bounding_box(), said.bounding_box()
    assert button and note and 0 <= note["y"] - (button["y"] + button["height"]) < 40, (
        button, note)
    expect(page.get_by_test_id("message")).to_be_empty()
    assert page.get_attribute("html", "data-actions") == str(n)
    assert log_texts(page) == before


def test_a_finished_game_is_not_undone(page: Page, site_url: str) -> None:
    """R9.1, rulings.md #29: after the end screen showed every hoard and the seed, Undo is
    gone (the engine refuses it too); replay and a new game remain."""
    game = Game(options(), SEED)
    advance_to(game, lambda g: g.state.stage == "over", limit=2000)
    n = len(game.actions)
    open_with_autosave(page, site_url, json.dumps(game.save(
        {"app": "quo-vadis-web", "settings": {"handover": False}})))
    wait_actions(page, n)
    expect(page.locator("html")).to_have_attribute("data-stage", "over")
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    # a review was told the finished game "resumes"
    expect(page.get_by_test_id("message")).to_have_text(
        f"Welcome back: this game is over ({n} actions played).")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("undo")).to_be_hidden()
    expect(page.get_by_test_id("replay")).to_be_enabled()
    expect(page.get_by_test_id("new-game-again")).to_be_visible()
    page.evaluate("() => window.__qv.app.undo(1)")
    expect(page.get_by_test_id("log-message")).to_have_text(
        "The game is over: it cannot be undone. Replay it, or start a new game.")
    assert page.get_attribute("html", "data-actions") == str(n)


#: the bots' worker fails to load (its script is missing) until the test lets it load
FAILING_BOT_WORKER = """
window.__botsOk = false;
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    const bot = String(url).includes("bot-worker") && !window.__botsOk;
    super(bot ? new URL("no-such-bot-worker.js", location.href) : url, options);
  }
};
"""


def saved_bots(page: Page) -> dict[str, Any]:
    text = page.evaluate("() => localStorage.getItem('quo-vadis.autosave')")
    return {k: v["level"] for k, v in json.loads(text)["meta"]["bots"].items()}


def test_a_bot_that_cannot_load_says_so_once_and_a_human_takes_its_seat(
        page: Page, site_url: str) -> None:
    """The worker fails: one status (no "thinking", no "Pause the bots", no second message),
    Retry, and a human takes the seat over; the seat stays human through a save, a reload
    and an undo, and a seat can go back to a bot (kept in meta.bots)."""
    from .test_bots import BOT_TIMEOUT_MS, human_step, mirror, open_site, start_with_bots

    page.add_init_script(FAILING_BOT_WORKER)
    open_site(page, site_url)
    start_with_bots(page, ["human", "normal", "normal"], seed=4242)
    human_step(page, set())
    html = page.locator("html")
    expect(html).to_have_attribute("data-bots", "error", timeout=BOT_TIMEOUT_MS)
    note = page.get_by_test_id("bot-note")
    expect(note).to_contain_text("cannot play")
    for testid in ("bots-pause", "bots-pause-turn", "bots-state"):
        expect(page.get_by_test_id(testid)).to_have_count(0)
    expect(page.get_by_test_id("message")).to_have_text("")
    expect(html).not_to_have_attribute("data-bot-thinking", "1")
    expect(page.get_by_test_id("bots-retry")).to_be_visible()
    # someone joins the table and plays seat 1
    page.get_by_test_id("seat-take-over").click()
    expect(page.get_by_test_id("bot-badge-1")).to_have_count(0)
    assert saved_bots(page) == {"2": "normal"}
    game = mirror(page)
    before = len(game.actions)
    action = scripted_action(game)
    assert action["player"] == 1
    click_action(page, game, action)
    wait_actions(page, before + 1)
    # seat 2's bot fails too; this time Retry finds its worker
    expect(html).to_have_attribute("data-bots", "error", timeout=BOT_TIMEOUT_MS)
    page.evaluate("() => { window.__botsOk = true; }")
    page.get_by_test_id("bots-retry").click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > "
                           f"{before + 1}", timeout=BOT_TIMEOUT_MS)
    assert mirror(page).log()[before + 1]["player"] == 2
    # the hand-over is kept: reload, then a seat goes back to a bot, then undo
    open_site(page, site_url)
    expect(page.get_by_test_id("bot-badge-2")).to_be_attached()
    expect(page.get_by_test_id("bot-badge-1")).to_have_count(0)
    assert saved_bots(page) == {"2": "normal"}
    page.get_by_test_id("hands-1").click()
    page.get_by_test_id("hands-dialog").get_by_test_id("hands-easy").click()
    expect(page.get_by_test_id("bot-badge-1")).to_contain_text("easy bot")
    assert saved_bots(page) == {"1": "easy", "2": "normal"}
    page.get_by_test_id("undo").click()
    confirm = page.get_by_test_id("undo-confirm")
    if confirm.is_visible():
        confirm.get_by_test_id("confirm-yes").click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) <= "
                           f"{before + 1}", timeout=BOT_TIMEOUT_MS)
    assert saved_bots(page) == {"1": "easy", "2": "normal"}
    expect(page.get_by_test_id("bot-badge-1")).to_contain_text("easy bot")


@window(360, 740)
def test_a_wide_name_is_cut_by_width_where_it_is_drawn(app: Page) -> None:
    """A 30-character name of wide letters at 360 px: the page keeps its width, the board's
    corner ends the name before the Senate, and the full name stays in the text (read out) and
    in a tooltip."""
    wide = "W" * 30
    start_game(app, names=[wide, "Livia", "Gaius"])
    assert app.evaluate("() => document.documentElement.scrollWidth") <= 360
    turn = app.locator("svg .turn-text")
    senate = app.get_by_test_id("office-13")
    turn_box, senate_box = turn.bounding_box(), senate.bounding_box()
    assert turn_box and senate_box
    assert turn_box["x"] + turn_box["width"] <= senate_box["x"], (turn_box, senate_box)
    assert (turn.text_content() or "").endswith("…")
    assert app.locator("svg .turn-indicator title").text_content() == wide
    name = app.get_by_test_id("player-name-0")
    expect(name).to_have_text(wide)
    expect(name).to_have_attribute("title", wide)
    box = name.bounding_box()
    assert box and box["x"] + box["width"] <= 360
    expect(app.get_by_test_id("turn-heading").locator(".clip")).to_have_attribute(
        "title", f"{wide}'s turn")


@window(768, 1024)
def test_the_board_marks_and_animates_the_last_move_and_lights_the_request(app: Page) -> None:
    """Each move is marked on the board (data-last-move) and animated along its path (a state
    that comes and goes, data-animating); during a request its path is lit and, on a tablet,
    the answer dialog keeps clear of it."""
    start_game(app)
    game = Game(options(), SEED)
    board_svg = app.locator("svg[data-last-move]")
    first = next(a for a in game.legal_actions() if a["type"] == "add")
    play(app, game, first)
    expect(board_svg).to_have_attribute("data-last-move", f"add:{first['office']}")
    expect(office(app, first["office"])).to_have_class(re.compile(r"\blast-move-to\b"))
    expect(app.locator("svg[data-animating]")).to_have_count(0)  # it ends by itself
    mirror = Game(options(), SEED)
    mirror.apply(first)
    for action in advance_to(mirror, asked_and_pending):
        play(app, game, action)
    r = game.state.request
    assert r is not None
    ends = f"{board.PATH_FROM[r.path]}-{board.PATH_TO[r.path]}"
    expect(board_svg).to_have_attribute("data-requested", ends)
    expect(board_svg).to_have_attribute("data-last-move", f"request:{ends}")
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box
    for end in (board.PATH_FROM[r.path], board.PATH_TO[r.path]):
        o = office(app, end).bounding_box()
        assert o and (o["y"] + o["height"] <= box["y"] or o["y"] >= box["y"] + box["height"]), (
            end, o, box)
    expect(dialog.get_by_test_id("dialog-rules")).to_have_attribute(
        "href", re.compile(r"rules/en\.html#r6-3$"))


def test_with_reduced_motion_nothing_moves_but_the_last_move_is_marked(app: Page) -> None:
    app.emulate_media(reduced_motion="reduce")
    start_game(app)
    app.evaluate("""() => {
      window.__animated = false;
      new MutationObserver(() => {
        if (document.querySelector("svg[data-animating]")) window.__animated = true;
      }).observe(document.documentElement, { subtree: true, attributes: true });
    }""")
    app.get_by_test_id("add-1").click()
    wait_actions(app, 1)
    expect(app.locator("svg[data-last-move]")).to_have_attribute("data-last-move", "add:1")
    assert app.evaluate("() => window.__animated") is False


def test_a_refusal_cites_its_rule_as_a_link_in_the_players_language(app: Page) -> None:
    start_game(app)
    app.evaluate("() => window.__qv.app.turn.act({type: 'add', player: 0, office: 5})")
    link = app.get_by_test_id("message").locator("a[data-rules='r5']")
    expect(link).to_have_text("R5")
    expect(link).to_have_attribute("href", re.compile(r"rules/en\.html#r5$"))
    app.evaluate("() => localStorage.setItem('qv-lang', 'it')")
    link.focus()
    expect(link).to_have_attribute("href", re.compile(r"rules/it\.html#r5$"))


def test_each_humans_turn_opens_with_what_the_others_did(app: Page) -> None:
    """The "since your turn" summary: the others' actions since the seat's last one, worded
    as the public log words them (no hidden laurel value can be in it, R10)."""
    start_game(app)
    game = Game(options(), SEED)
    play(app, game, next(a for a in game.legal_actions() if a["type"] == "add"))
    summary = app.get_by_test_id("since-your-turn")
    expect(summary.locator("h3")).to_have_text("Before your first turn")
    expect(summary.locator("li")).to_have_count(1)
    for _ in range(2):
        play(app, game, next(a for a in game.legal_actions() if a["type"] == "add"))
    expect(summary.locator("h3")).to_have_text("Since your last turn")
    texts = [x.strip() for x in summary.locator("li").all_inner_texts()]
    assert texts == log_texts(app)[-2:]


def test_an_offer_is_said_in_numbers(app: Page) -> None:
    """R7.2, R11: the engine's sums (an offer's `gains` per count of consents) in words: a
    split of a move over a IV with the pool not empty gains 5 points, the asked player 2 of
    them; payments count too; an owner of two senators reads what both consents give (a review
    read the one-consent figures only)."""
    words = app.evaluate("""async () => {
      const { offerNumbers } = await import("./turn/consent.js");
      return [offerNumbers([{ consents: 1, points: 2, split: { total: 5, share: 2 } }]),
              offerNumbers([{ consents: 1, points: 3, split: null }]),
              offerNumbers([{ consents: 1, points: -3, split: null }]),
              offerNumbers([{ consents: 1, points: 3, split: { total: 6, share: 3 } },
                            { consents: 2, points: 3, split: { total: 7, share: 3 } }]),
              offerNumbers([{ consents: 1, points: 1, split: null },
                            { consents: 2, points: 2, split: null }])];
    }""")
    assert words == [
        "A split: you would get 2 of the 5 points the move gains (the laurel on the path and "
        "the reward for your consent). In all, agreeing would give you 2 points.",
        "In all, agreeing would give you 3 points.",
        "In all, agreeing would cost you 3 points.",
        "A split: you would get 3 of the 6 points the move gains (the laurel on the path and "
        "the reward for your consent). In all, agreeing would give you 3 points. With both your "
        "senators' consents: 3 of the 7 points, 3 points in all.",
        "In all, agreeing would give you 1 point. With both your senators' consents: 2 points in"
        " all.",
    ]


def test_on_a_phone_the_new_game_screen_opens_no_keyboard(page: Page, site_url: str) -> None:
    """The new game screen puts the focus in the first name on a computer, so that typing goes
    there; on a phone that would open the on-screen keyboard over half of it (review): the
    focus stays on the screen's first button there."""
    for width, height, typing in ((1280, 800, True), (390, 844, False)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site_url)
        expect(page.get_by_test_id("new-game-dialog")).to_be_visible()
        focused = page.evaluate("() => [document.activeElement.tagName, "
                                "document.activeElement.dataset.testid ?? null]")
        assert (focused[0] == "INPUT") == typing, (width, focused)
        if not typing:
            assert focused == ["BUTTON", "start-game"]


def test_the_replay_of_a_finished_bot_game_offers_no_pause_for_the_bots(
        page: Page, site_url: str) -> None:
    """A finished game against bots, watched again: the bots have nothing left to do, so the
    players panel offers no "Pause the bots" during the replay either (review)."""
    game = Game(options(), SEED)
    while not game.is_over():
        game.apply(scripted_action(game))
    open_with_autosave(page, site_url, bot_table_save(game))
    expect(page.get_by_test_id("bots-pause")).to_have_count(0)
    page.get_by_test_id("end-replay").click()
    expect(page.get_by_test_id("replay-step")).to_be_visible()
    page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("1")
    expect(page.get_by_test_id("player-0")).to_be_visible()
    expect(page.get_by_test_id("bots-pause")).to_have_count(0)


@window(1280, 800)
def test_on_a_desktop_the_board_stays_in_sight_while_the_panels_scroll(app: Page) -> None:
    """A playtest at 1280x800 scrolled down to the players' panel and lost the board, with
    empty room under it: beside the panels the board keeps its place in sight."""
    start_game(app)
    board_box = app.get_by_test_id("board")
    players = app.locator("#players-heading").locator("xpath=..")
    players.evaluate("(el) => el.scrollIntoView({block: 'end'})")
    app.wait_for_function("() => scrollY > 100")
    box = board_box.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
