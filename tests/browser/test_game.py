"""A complete hot-seat game played through the UI, consent dialogs answered by clicking, then
stepped through in the replay view."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from qvcore.game import Game

from .play import NAMES, SEED, engine_log, log_texts, options, play_script, start_game

#: whether the log list shows its replay's current entry (inside the list's own scroll)
CURRENT_ENTRY_IN_SIGHT = """() => {
    const list = document.querySelector("[data-testid=log]");
    const item = list.querySelector("li.current");
    if (!item) return false;
    const a = list.getBoundingClientRect(), b = item.getBoundingClientRect();
    return b.top >= a.top && b.bottom <= a.bottom;
}"""


def test_a_complete_three_player_game_and_its_replay(app: Page, console_errors: list[str]) -> None:
    start_game(app)
    game = Game(options(), SEED)
    play_script(app, game)
    assert game.state.stage == "over"
    kinds = [a["type"] for a in game.actions]
    assert {"add", "request", "answer", "move", "decline"} <= set(kinds)

    # the end screen: every hoard revealed, the winner and why (R9)
    end = app.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    winner = game.state.winner
    assert winner is not None
    expect(end.get_by_test_id("winner")).to_have_text(f"{NAMES[winner]} wins!")
    expect(end.get_by_test_id("winner-reason")).to_contain_text(NAMES[winner])
    expect(end.get_by_test_id("winner-reason")).to_contain_text("R9.3")
    for seat in range(3):
        expect(end.get_by_test_id(f"end-total-{seat}")).to_have_text(str(game.state.total(seat)))
    assert log_texts(app) == engine_log(game)

    # the replay steps through the finished game with the engine's views
    end.get_by_test_id("end-replay").click()
    step = app.get_by_test_id("replay-step")
    expect(step).to_have_text(f"Step 0 of {len(game.actions)}")
    expect(app.get_by_test_id("replay-text")).to_have_text("The game is set up.")
    app.get_by_test_id("replay-next").click()
    app.get_by_test_id("replay-next").click()
    expect(step).to_have_text(f"Step 2 of {len(game.actions)}")
    expect(app.get_by_test_id("replay-text")).to_have_text(engine_log(game)[1])
    # the log, which scrolls, shows the step's entry, not the game's end (a review saw it stay
    # at the end)
    app.wait_for_function(CURRENT_ENTRY_IN_SIGHT)
    past = Game.replay(options(), SEED, game.actions[:2]).state
    on_board = sum(len(here) for here in past.offices)
    expect(app.locator("[data-testid=board] .seat.taken")).to_have_count(on_board)
    expect(app.locator("[data-testid=office-13] .seat.taken")).to_have_count(0)
    app.get_by_test_id("replay-last").click()
    expect(step).to_have_text(f"Step {len(game.actions)} of {len(game.actions)}")
    expect(app.locator("[data-testid=office-13] .seat.taken")).to_have_count(5)
    # one way out of the replay: its bar's (a review found the log's header offering a second)
    expect(app.get_by_role("button", name="Leave the replay")).to_have_count(1)
    expect(app.get_by_test_id("replay")).to_be_hidden()
    app.get_by_test_id("replay-exit").click()
    expect(app.get_by_test_id("replay-step")).to_be_hidden()
    # the keyboard's place is the button that starts the replay again, not the page's top
    expect(app.get_by_test_id("replay")).to_have_text("Replay")
    expect(app.get_by_test_id("replay")).to_be_focused()
    assert console_errors == []
