"""Bots at the table: a human plays against bot seats that think in a Web Worker.

The bots' pause is 0 (the ?botpause=0 URL setting), so they act as soon as they have decided;
the tests wait on page state (data-bots, data-actions, dialogs), never on time. The human's
choices are made by play.py's simple scripted policy (climb, ask, agree) and clicked as a
player clicks; a Python mirror of the game is rebuilt from the page's save after each step
(the test may know everything; the page and the bots may not).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from qvcore import board
from qvcore.game import Game
from qvcore.protocol import Action
from tools.paths import PRECACHE_JSON, SITE

from .conftest import ENGINE_SETTLED, ENGINE_TIMEOUT_MS
from .play import STEP_TIMEOUT_MS, click_action, engine_log, log_texts, scripted_action

#: a bot's first decision waits for the worker's own Pyodide to start
BOT_TIMEOUT_MS = 90_000
HUMAN = 0


def open_site(page: Page, site_url: str, query: str = "?botpause=0") -> Page:
    page.goto(site_url + query)
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-engine") == "ready"
    return page


def start_with_bots(page: Page, kinds: list[str], seed: int = 4242, first: int = 0,
                    handover: bool | None = None) -> None:
    """The new game screen: seat kinds ("human" or a bot level), first player, seed, and the
    hand-over screen (None: as the screen sets it for these seats)."""
    dialog = page.get_by_test_id("new-game-dialog")
    if not dialog.is_visible():
        page.get_by_test_id("new-game").click()
    dialog.get_by_test_id(f"players-{len(kinds)}").check()
    for seat, kind in enumerate(kinds):
        dialog.get_by_test_id(f"kind-{seat}").select_option(kind)
    if handover is not None:
        dialog.get_by_test_id("handover-setting").set_checked(handover)
    dialog.get_by_test_id("first-player").select_option(str(first))
    dialog.get_by_test_id("seed").fill(str(seed))
    dialog.get_by_test_id("start-game").click()
    expect(dialog).to_have_count(0)


def mirror(page: Page) -> Game:
    """The page's game, rebuilt in Python from its save."""
    text = page.evaluate("() => window.__qv.app.saves.saveText()")
    return Game.load(json.loads(text))


def actions(page: Page) -> int:
    return int(page.get_attribute("html", "data-actions") or 0)


def wait_for_human(page: Page) -> None:
    """Wait until the bots have nothing to do: the human decides, or the game is over, in the
    view the page has drawn whole (an action's view is drawn in steps: <html data-actions> and
    data-bots change in the last, so both say the engine's latest action)."""
    page.wait_for_function(
        "() => { const r = document.documentElement.dataset;"
        " const drawn = Number(r.actions) === window.__qv.app.view?.log.length;"
        " return drawn && (r.stage === 'over' || r.bots === 'idle' || r.bots === 'error'); }",
        timeout=BOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-bots") != "error", page.get_by_test_id(
        "message").inner_text()


def human_action(game: Game, refused: set[tuple[int, int]]) -> Action:
    """The scripted policy, except that a request the bots refused is not made again."""
    s = game.state
    action = scripted_action(game)
    if action["type"] == "decline" and action not in game.legal_actions():
        # a deal the human accepted sends Caesar somewhere (R11): the bonus move goes there
        action = next(a for a in game.legal_actions() if a["type"] == "caesar")
    if action["type"] == "withdraw" and s.request is not None:
        refused.add((board.PATH_FROM[s.request.path], board.PATH_TO[s.request.path]))
    if action["type"] == "request" and (action["from"], action["to"]) in refused:
        mine = [a for a in game.legal_actions() if a["player"] == s.current]
        fresh = [a for a in mine if a["type"] in ("move", "add") or (
            a["type"] == "request" and (a["from"], a["to"]) not in refused)]
        action = fresh[0] if fresh else next(a for a in mine if a["type"] == "caesar")
    return action


def human_step(page: Page, refused: set[tuple[int, int]]) -> Action:
    """One decision of the human, clicked; returns it once the page has played it."""
    game = mirror(page)
    before = len(game.actions)
    action = human_action(game, refused)
    assert action["player"] == HUMAN, f"the table waits for a bot: {action}"
    click_action(page, game, action)
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before}",
                           timeout=STEP_TIMEOUT_MS)
    return action


def play_until(page: Page, done: Any, limit: int = 300) -> Game:
    """The human plays (bots in between) until done(game) holds at a human decision."""
    refused: set[tuple[int, int]] = set()
    for _ in range(limit):
        wait_for_human(page)
        game = mirror(page)
        if done(game) or game.state.stage == "over":
            return game
        human_step(page, refused)
    raise AssertionError("the game did not get there")


def test_one_click_start_against_two_normal_bots(page: Page, site_url: str,
                                                 console_errors: list[str]) -> None:
    open_site(page, site_url)
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    # the button says what it starts (a playtest set four seats, pressed "Play against bots"
    # and got three players with two normal bots): its name is its visible words
    button = dialog.get_by_test_id("play-bots")
    expect(button).to_have_text("Quick game: 2 normal bots")
    expect(button).to_have_accessible_name("Quick game: 2 normal bots")
    button.click()
    expect(dialog).to_have_count(0)
    for seat in (1, 2):
        expect(page.get_by_test_id(f"bot-badge-{seat}")).to_contain_text("normal bot")
    expect(page.get_by_test_id("bot-badge-0")).to_have_count(0)
    # one human: their own laurels stay shown, no hand-over screen, no "Look" for bots
    expect(page.get_by_test_id("own-hoard-0")).to_contain_text("Your laurels")
    expect(page.get_by_test_id("handover")).to_have_count(0)
    expect(page.get_by_test_id("look-1")).to_have_count(0)
    game = mirror(page)
    assert game.options.players == 3
    meta = json.loads(page.evaluate("() => window.__qv.app.saves.saveText()"))["meta"]
    assert {k: v["level"] for k, v in meta["bots"].items()} == {"1": "normal", "2": "normal"}
    # the human moves, and both bots take their turns by themselves
    wait_for_human(page)
    human_step(page, set())
    wait_for_human(page)
    game = mirror(page)
    players = {e["player"] for e in game.log()}
    assert {1, 2} <= players, "both bots played"
    assert log_texts(page) == engine_log(game)
    # where the board draws its strip of players (the panel is not beside it), bots are marked
    page.set_viewport_size({"width": 768, "height": 1024})
    for seat in (1, 2):
        expect(page.get_by_test_id(f"board-bot-{seat}")).to_be_attached()
    assert console_errors == []


def test_the_only_human_at_the_table_looks_without_being_asked(page: Page, site_url: str,
                                                               console_errors: list[str]) -> None:
    """R10: with one person among bots nobody else shares the screen, so "Look at my laurels"
    shows the hoard at once; at a hot-seat table the owner is asked first (test_decisions)."""
    open_site(page, site_url)
    start_with_bots(page, ["human", "easy", "easy"], seed=4242)
    wait_for_human(page)
    page.get_by_test_id("look-mine").click()
    look = page.get_by_test_id("hoard-view")
    expect(look).to_be_visible()
    expect(page.get_by_test_id("look-confirm")).to_have_count(0)
    game = mirror(page)
    total = game.state.total(HUMAN)
    expect(look.get_by_test_id("hoard-total")).to_contain_text(f"Total: {total} point")
    look.get_by_test_id("hoard-hide").click()
    expect(look).to_have_count(0)
    assert console_errors == []


#: records what the page sends to the bots' worker (a copy of every message; other workers,
#: such as the one that unzips Python's snapshot, aside)
RECORD_WORKER_MESSAGES = """
window.__botMessages = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    this.botWorker = String(url).includes("bot-worker");
  }
};
const post = PageWorker.prototype.postMessage;
PageWorker.prototype.postMessage = function (message, ...rest) {
  if (this.botWorker) {
    window.__botMessages.push(message?.module instanceof WebAssembly.Module
      ? { ...message, module: "WebAssembly.Module" } : JSON.parse(JSON.stringify(message)));
  }
  return post.call(this, message, ...rest);
};
"""


def assert_only_own_views_and_public_events(messages: list[dict[str, Any]],
                                            game: Game) -> None:
    """R10: the worker gets each bot seat's own view (no other hoard, no seed) and the public
    events, never the save, the actions' secrets or the full state."""
    views = [(m["seat"], m["view"]) for m in messages if m["type"] == "decide"]
    views += [(b["seat"], b["view"]) for m in messages if m["type"] == "reset" for b in m["bots"]]
    assert views
    for seat, view in views:
        assert view["viewer"] == seat and "seed" not in view
        for player in view["players"]:
            if player["seat"] != seat:
                assert "hoard" not in player and "total" not in player
    events = [e for m in messages if m["type"] in ("reset", "observe") for e in m["events"]]
    assert events == game.events[:len(events)]
    assert {m["type"] for m in messages} <= {"runtime", "reset", "observe", "decide"}
    # the page's compiled runtime (engine-loader.js shareRuntime), and nothing else with it
    assert [m for m in messages if m["type"] == "runtime"] == [
        {"type": "runtime", "module": "WebAssembly.Module"}]


def test_a_human_plays_a_full_game_against_two_bots(page: Page, site_url: str,
                                                    console_errors: list[str]) -> None:
    page.add_init_script(RECORD_WORKER_MESSAGES)
    open_site(page, site_url)
    start_with_bots(page, ["human", "easy", "normal"], seed=77)
    game = play_until(page, lambda g: False, limit=400)
    assert game.state.stage == "over"
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    winner = game.state.winner
    assert winner is not None
    expect(end.get_by_test_id("winner")).to_contain_text(game.options.names[winner])
    players = [e["player"] for e in game.log()]
    assert {0, 1, 2} <= set(players)
    # the bots' decisions read in the log like anyone's
    assert log_texts(page) == engine_log(game)
    assert page.get_attribute("html", "data-bot-errors") is None
    assert_only_own_views_and_public_events(page.evaluate("() => window.__botMessages"), game)
    assert console_errors == []


def test_a_bot_answers_the_humans_request(page: Page, site_url: str,
                                          console_errors: list[str]) -> None:
    open_site(page, site_url)
    start_with_bots(page, ["human", "normal", "normal"], seed=5)

    def can_ask_a_bot(g: Game) -> bool:
        return g.state.stage == "action" and g.state.current == HUMAN and any(
            a["type"] == "request" and a["player"] == HUMAN for a in g.legal_actions())

    game = play_until(page, can_ask_a_bot)
    request = next(a for a in game.legal_actions()
                   if a["type"] == "request" and a["player"] == HUMAN)
    before = len(game.actions)
    click_action(page, game, request)
    # the bots answer by themselves; then the human (the mover) picks supporters or withdraws
    wait_for_human(page)
    game = mirror(page)
    answers = [e for e in game.log()[before:] if e["type"] == "answer"]
    assert answers and all(e["player"] != HUMAN for e in answers)
    assert game.state.stage == "consent" and game.state.current == HUMAN
    expect(page.get_by_test_id("supporters-dialog")).to_be_visible()
    for e in answers:
        expect(page.get_by_test_id("log")).to_contain_text(e["text"])
    assert console_errors == []


def test_the_human_answers_a_bots_request_with_terms(page: Page, site_url: str,
                                                     console_errors: list[str]) -> None:
    open_site(page, site_url)
    start_with_bots(page, ["human", "easy", "normal"], seed=11)

    def asked_by_a_bot(g: Game) -> bool:
        r = g.state.request
        return g.state.stage == "consent" and r is not None and g.state.current != HUMAN \
            and HUMAN in r.asked and HUMAN not in r.answers

    game = play_until(page, asked_by_a_bot)
    mover = game.state.current
    dialog = page.get_by_test_id("answer-dialog")
    expect(dialog).to_be_visible()
    # the only person at the table is not told the dialog is theirs (several are: test_consent)
    expect(dialog.get_by_role("heading", level=2)).to_be_visible()
    expect(dialog.get_by_test_id("dialog-to")).to_have_count(0)
    # it decides: the focus is on the dialog, on no decision button an Enter would press
    assert page.evaluate("() => document.activeElement?.dataset.testid") == "answer-dialog"
    before = len(game.actions)
    dialog.get_by_test_id("answer-terms").click()
    terms = page.get_by_test_id("terms-dialog")
    terms.get_by_test_id("terms-split").check()
    terms.get_by_test_id("terms-submit").click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before}",
                           timeout=STEP_TIMEOUT_MS)
    # the bot, as the mover, decides by itself on the human's terms
    wait_for_human(page)
    game = mirror(page)
    answer = game.log()[before]
    assert answer["type"] == "answer" and answer["player"] == HUMAN
    assert "on terms" in answer["text"]
    assert len(game.actions) > before + 1
    assert game.log()[before + 1]["player"] == mover
    assert console_errors == []


def test_the_human_accepts_a_bots_offer(page: Page, site_url: str,
                                        console_errors: list[str]) -> None:
    """A bot asks the human for consent with an offer (seed 137: the bot offers a laurel); the
    answer dialog shows it, and agreeing accepts it (R11)."""
    open_site(page, site_url)
    start_with_bots(page, ["human", "normal", "normal"], seed=137)

    def offered_by_a_bot(g: Game) -> bool:
        r = g.state.request
        return g.state.stage == "consent" and r is not None and g.state.current != HUMAN \
            and HUMAN in r.asked and HUMAN not in r.answers and HUMAN in r.offers

    game = play_until(page, offered_by_a_bot)
    assert offered_by_a_bot(game), "no bot made the human an offer"
    mover = game.state.current
    dialog = page.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("answer-offer")).to_contain_text(
        f"{game.options.names[mover]} offers: {game.options.names[mover]} pays")
    before = len(game.actions)
    dialog.get_by_test_id("answer-agree").click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before}",
                           timeout=STEP_TIMEOUT_MS)
    wait_for_human(page)
    game = mirror(page)
    answer = game.events[before]
    assert answer["type"] == "answer" and answer["player"] == HUMAN and answer["consents"] >= 1
    request = next(e for e in reversed(game.events[:before]) if e["type"] == "request")
    assert answer["terms"] == request["offers"][str(HUMAN)]  # agreeing accepted the offer
    assert game.log()[before + 1]["player"] == mover
    assert console_errors == []


def test_pause_stops_the_bots_and_resume_lets_them_play(page: Page, site_url: str,
                                                        console_errors: list[str]) -> None:
    open_site(page, site_url)
    start_with_bots(page, ["human", "normal", "normal"], seed=3)
    wait_for_human(page)
    pause = page.get_by_test_id("bots-pause")
    pause.click()
    expect(pause).to_have_text("Resume the bots")
    before = actions(page)
    human_step(page, set())
    # the next seat is a bot: paused, nothing is asked of it and nothing is scheduled
    html = page.locator("html")
    expect(html).to_have_attribute("data-bots", "paused")
    expect(html).not_to_have_attribute("data-bot-thinking", "1")
    expect(page.get_by_test_id("bot-note")).to_contain_text("paused")
    assert actions(page) == before + 1
    assert mirror(page).view(None)["waiting_for"] == [1]
    page.get_by_test_id("bots-pause-turn").click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.actions) > {before + 1}",
                           timeout=BOT_TIMEOUT_MS)
    assert mirror(page).log()[before + 1]["player"] == 1
    assert console_errors == []


def test_undo_goes_back_to_the_humans_last_decision_and_saves_keep_the_bots(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    open_site(page, site_url)
    start_with_bots(page, ["human", "easy", "hard"], seed=9)
    wait_for_human(page)
    human_step(page, set())
    wait_for_human(page)
    game = mirror(page)
    last_human = max(i for i, e in enumerate(game.log()) if e["player"] == HUMAN)
    assert len(game.actions) > last_human + 1, "the bots played after the human"
    page.get_by_test_id("undo").click()
    page.wait_for_function(f"() => document.documentElement.dataset.actions === '{last_human}'",
                           timeout=STEP_TIMEOUT_MS)
    # the human decides again; a reload restores the bot seats from the autosave
    open_site(page, site_url)
    for seat, level in ((1, "easy"), (2, "hard")):
        expect(page.get_by_test_id(f"bot-badge-{seat}")).to_contain_text(f"{level} bot")
    wait_for_human(page)
    assert console_errors == []


@pytest.mark.service_worker
def test_bots_play_offline_from_the_service_workers_cache(
        page: Page, context: BrowserContext, site_url: str, console_errors: list[str]) -> None:
    """The precache holds every site file, the bots' worker and its runtime included, so a game
    against bots starts and runs with the network off."""
    precache = json.loads((SITE / PRECACHE_JSON).read_text())
    assert {"bots/bots.js", "bots/bot-worker.js"} <= set(precache["files"])
    open_site(page, site_url)
    page.locator('html[data-offline="ready"]').wait_for(state="attached",
                                                          timeout=BOT_TIMEOUT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("() => navigator.onLine") is False
    page.get_by_test_id("new-game-dialog").get_by_test_id("play-bots").click()
    wait_for_human(page)
    human_step(page, set())
    wait_for_human(page)
    assert {1, 2} <= {e["player"] for e in mirror(page).log()}
    context.set_offline(False)
    assert console_errors == []


def test_a_bot_waits_for_the_series_game_over_screen_and_says_so(
        page: Page, site_url: str, tmp_path: Any, console_errors: list[str]) -> None:
    """R12 V3: a bot that has decided while the screen of a series' game is open does not play
    until it is closed, and the table says it waits (a playtest saw "is thinking…" for a
    minute, then every council decision at once)."""
    game = Game({"players": 3, "names": ["Marcus", "Livia", "Gaius"], "series": True}, 31)
    while game.state.stage != "council":
        game.apply(scripted_action(game))
    seat = game.state.council_next
    saved = tmp_path / "series.json"
    saved.write_text(json.dumps(game.save(
        {"bots": {str(seat): {"level": "easy", "seed": 5}}})))
    open_site(page, site_url)
    start_with_bots(page, ["human", "easy", "easy"])
    wait_for_human(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("import").click()
    chooser.value.set_files(saved)
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible(timeout=STEP_TIMEOUT_MS)
    html = page.locator("html")
    expect(html).to_have_attribute("data-bots", "waiting", timeout=BOT_TIMEOUT_MS)
    name = game.state.options.names[seat]
    expect(page.get_by_test_id("bot-note")).to_have_text(
        f"{name} (easy bot) has decided, and plays once the open window is closed.")
    expect(page.get_by_test_id("bots-state")).to_have_text(
        f"{name} waits for the open window to close.")
    assert actions(page) == len(game.actions)
    over.get_by_test_id("game-over-go").click()
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.actions) > {len(game.actions)}",
        timeout=BOT_TIMEOUT_MS)
    expect(html).not_to_have_attribute("data-bots", "waiting")
    assert console_errors == []


def test_while_a_bot_answers_first_the_banner_names_the_bot(page: Page, site_url: str,
                                                             console_errors: list[str]) -> None:
    """Bots answer a request before the humans asked with them (bots.js actor): a playtest read
    "Marcus must answer Julia's request" in the banner while the panel said a bot was answering
    and offered Marcus nothing. The banner names the player the table waits for."""
    game = Game({"players": 3, "names": ["Marcus", "Livia", "Gaius"]}, 4242)

    def asks_the_human_before_a_bot(g: Game) -> bool:
        waiting = g.view(None)["waiting_for"]
        return (g.state.stage == "consent" and g.state.current != HUMAN and len(waiting) >= 2
                and waiting[0] == HUMAN)

    while not asks_the_human_before_a_bot(game):
        assert game.state.stage != "over"
        game.apply(scripted_action(game))
    bots = {str(seat): {"level": "normal", "seed": 5} for seat in (1, 2)}
    save = game.save({"app": "quo-vadis-web", "settings": {"handover": False}, "bots": bots})
    # a long pause: the bot is still "answering" while the banner is read
    open_site(page, site_url, "?botpause=60000")
    page.evaluate("(text) => localStorage.setItem('quo-vadis.autosave', text)", json.dumps(save))
    page.reload()
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    bot = game.view(None)["waiting_for"][1]
    mover = game.state.current
    names = ["Marcus", "Livia", "Gaius"]
    expect(page.get_by_test_id("bot-note")).to_contain_text(f"{names[bot]} (normal bot) answers",
                                                            timeout=BOT_TIMEOUT_MS)
    expect(page.locator("#banner")).to_contain_text(
        f"{names[bot]} must answer {names[mover]}'s request")
    assert console_errors == []
