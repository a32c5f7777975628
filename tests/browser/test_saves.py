"""Saves: autosave and resume after a reload (also mid-consent), export then
import, and a corrupt or foreign file that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from qvcore.game import Game

from .conftest import ENGINE_TIMEOUT_MS
from .play import (
    NAMES,
    SEED,
    advance_to,
    engine_log,
    log_texts,
    options,
    play,
    play_script,
    scripted_action,
    start_game,
    wait_actions,
)

AUTOSAVE = "quo-vadis.autosave"


def reload(page: Page) -> None:
    page.reload()
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)


def autosave(page: Page) -> str | None:
    value = page.evaluate(f"() => localStorage.getItem({AUTOSAVE!r})")
    assert value is None or isinstance(value, str)
    return value


def test_reload_mid_game_and_mid_consent_resumes(app: Page) -> None:
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 3)
    reload(app)
    wait_actions(app, 3)
    assert log_texts(app) == engine_log(game)
    expect(app.get_by_test_id("turn-heading")).to_contain_text(NAMES[game.state.current])

    # into a consent request with one answer given and one still pending
    mirror = Game(options(), SEED)
    for action in game.actions:
        mirror.apply(action)
    rest = advance_to(mirror, lambda g: g.state.stage == "consent" and g.state.request is not None
                      and 0 < len(g.state.request.answers) < len(g.state.request.asked))
    for action in rest:
        play(app, game, action)
    request = game.state.request
    assert request is not None
    pending = next(q for q in request.asked if q not in request.answers)
    reload(app)
    wait_actions(app, len(game.actions))
    dialog = app.get_by_test_id("answer-dialog")
    expect(dialog.get_by_test_id("dialog-to")).to_have_text(NAMES[pending])
    assert log_texts(app) == engine_log(game)
    # and the game goes on from there
    play_script(app, game, 3)
    assert log_texts(app) == engine_log(game)


def test_export_then_import_gives_the_same_game(app: Page, tmp_path: Path) -> None:
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 8)
    with app.expect_download() as download_info:
        app.get_by_test_id("export").click()
    saved = tmp_path / "game.json"
    download_info.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "qvcore-save"
    assert data["seed"] == SEED
    assert data["actions"] == game.actions
    assert data["meta"]["colours"] == ["red", "blue", "gold"]

    # another game on the table, then the file comes back
    start_game(app, names=["Decimus", "Eppia", "Fabia"], seed=7)
    expect(app.get_by_test_id("player-name-0")).to_have_text("Decimus")
    with app.expect_file_chooser() as chooser:
        app.get_by_test_id("import").click()
    chooser.value.set_files(saved)
    wait_actions(app, len(game.actions))
    assert log_texts(app) == engine_log(game)
    expect(app.get_by_test_id("player-name-0")).to_have_text(NAMES[0])
    stored = autosave(app)
    assert stored is not None and json.loads(stored)["actions"] == game.actions
    # the imported game plays on
    play_script(app, game, 2)
    assert log_texts(app) == engine_log(game)


def test_an_action_is_saved_when_the_page_is_left_before_its_autosave(app: Page) -> None:
    """An action's autosave is written in the last of the steps that show it (ui.js), or at
    once when the page is hidden or left before that: a reload right after resumes it."""
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 2)
    for leave in ("hide", "pagehide"):
        action = scripted_action(game)
        saved = app.evaluate("""([key, action, leave]) => {
          const actions = () => JSON.parse(localStorage.getItem(key)).actions.length;
          window.__qv.app.act(action);
          const before = actions();
          if (leave === "hide") {
            Object.defineProperty(document, "visibilityState",
                                  { value: "hidden", configurable: true });
            document.dispatchEvent(new Event("visibilitychange"));
            delete document.visibilityState;  // the page's own again
          } else {
            window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
          }
          return [before, actions()];
        }""", [AUTOSAVE, action, leave])
        done = len(game.actions)
        assert saved == [done, done + 1]
        game.apply(action)
        wait_actions(app, done + 1)
    reload(app)
    wait_actions(app, 4)
    assert log_texts(app) == engine_log(game)


def test_a_corrupt_or_foreign_file_changes_nothing(app: Page, tmp_path: Path) -> None:
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game, 4)
    # a request is open: its answer dialog closes with Escape, and the menu is usable
    answer = app.get_by_test_id("answer-dialog")
    expect(answer).to_be_visible()
    app.keyboard.press("Escape")
    expect(answer).to_have_count(0)
    before = autosave(app)
    assert before is not None
    log_before = log_texts(app)
    cases = {
        "corrupt.json": ('{"format": "qvcore-save", "version": 1, "seed": ', "save is damaged"),
        "foreign.json": ('{"name": "some other game", "moves": []}', "not a Quo Vadis? save"),
        "tampered.json": (json.dumps({**json.loads(before), "actions": [{"type": "fly"}]}),
                          "cannot be replayed"),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_text(content)
        with app.expect_file_chooser() as chooser:
            app.get_by_test_id("import").click()
        chooser.value.set_files(path)
        notice = app.get_by_test_id("notice")
        expect(notice).to_contain_text("This file cannot be opened")
        expect(notice).to_contain_text(message)
        expect(notice).to_contain_text("unchanged")
        notice.get_by_test_id("notice-ok").click()
        expect(notice).to_have_count(0)
        assert autosave(app) == before
        assert log_texts(app) == log_before
    # the game is still playable
    play_script(app, game, 1)
    assert log_texts(app) == engine_log(game)
