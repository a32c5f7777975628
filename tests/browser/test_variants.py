"""Variants through the UI: V2 open hoards (show all on demand) and V3 appeal to the council."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from qvcore import board
from qvcore.game import Game

from .conftest import window
from .play import (
    NAMES,
    SEED,
    engine_log,
    log_texts,
    open_autosaved,
    options,
    play,
    scripted_action,
    start_game,
    wait_actions,
)
from .test_i18n import each_language


def test_open_hoards_and_the_council_between_games(app: Page) -> None:
    start_game(app, open_hoards="every_entry", series=True)
    game = Game(options(open_hoards="every_entry", series=True), SEED)
    revealed = False
    while game.state.stage != "council":
        play(app, game, scripted_action(game))
        if not revealed and game.state.reveal_open:
            # V2: right after a Senate entry anyone may ask to see every hoard
            expect(app.get_by_test_id("shown-hoard-0")).to_have_count(0)
            asker = game.state.current
            if app.get_by_test_id("answer-dialog").is_visible():
                app.get_by_test_id("answer-later").click()
            app.get_by_test_id("reveal").click()
            game.apply({"type": "reveal", "player": asker})
            wait_actions(app, len(game.actions))
            for q in range(3):
                expect(app.get_by_test_id(f"shown-hoard-{q}")).to_contain_text(
                    f"total {game.state.total(q)}")
            expect(app.get_by_test_id("revealed-note")).to_be_visible()
            assert log_texts(app)[-1] == f"{NAMES[asker]} asks that every hoard be shown."
            # the next action hides them again
            play(app, game, scripted_action(game))
            expect(app.get_by_test_id("shown-hoard-0")).to_have_count(0)
            revealed = True
    assert revealed
    # R12 V3: the table sees who won the game, and why, before the council (a playtest found
    # the series going on with the winner in one line of the log)
    result = game.state.series_results[0]
    over = app.get_by_test_id("game-over")
    expect(over.get_by_role("heading", name="Game 1 of 3 is over")).to_be_visible()
    winner = result["winner"]
    assert winner is not None
    expect(over.get_by_test_id("game-winner")).to_have_text(f"{NAMES[winner]} wins game 1!")
    expect(over.get_by_test_id("game-winner-reason")).to_contain_text(NAMES[winner])
    # read out as it opens (WCAG 4.1.2), its one action focused
    expect(over).to_have_accessible_description(re.compile(f"{NAMES[winner]} wins game 1!.*R9"))
    expect(over.get_by_test_id("game-over-go")).to_be_focused()
    for q in range(3):
        expect(over.get_by_test_id(f"game-total-{q}")).to_have_text(str(result["totals"][q]))
        expect(over.get_by_test_id(f"series-total-{q}")).to_have_text(str(result["totals"][q]))
    over.get_by_test_id("game-over-go").click()
    expect(over).to_have_count(0)
    # V3: the council, highest total first, each down to two senators on the board
    assert game.state.game_number == 1
    while game.state.stage == "council":
        seat = game.state.council_next
        expect(app.get_by_test_id("turn-heading")).to_contain_text(f"Council: {NAMES[seat]}")
        play(app, game, scripted_action(game))
    assert game.state.game_number == 2
    assert log_texts(app)[-1].endswith("Game 2 begins.")
    assert log_texts(app) == engine_log(game)
    heading = app.get_by_test_id("turn-heading")
    expect(heading).to_contain_text(f"{NAMES[game.state.current]}'s turn")
    # the game counts its own turns (a review saw game 2 open on the series' turn 60 or so)
    assert game.state.turn > 1
    expect(app.locator(".turn-meta")).to_have_text("Game 2 of 3 · turn 1")
    expect(app.locator("[data-testid=office-13] .seat.taken")).to_have_count(0)
    for q in range(3):
        assert game.state.on_board(q) <= 2
    caesar = app.get_by_test_id(f"space-{board.PATH_FROM[board.CAESAR_START]}-13")
    expect(caesar).to_have_class(re.compile(r"\bhas-caesar\b"))
    # each player's points in the games before stay in sight (a review found them in the log
    # only, until the series' end)
    first = game.state.series_results[0]["totals"]
    for q in range(3):
        expect(app.get_by_test_id(f"series-{q}")).to_have_text(f"Earlier games: {first[q]}")


def test_the_series_end_names_the_last_games_winner_and_counts_the_games_won(
        app: Page, tmp_path: Path) -> None:
    """R12 V3: the series is won on the sum of the three totals, wherever the senators stand,
    ties going to the games won: the end screen says who won the third game too, and how many
    each player won (a playtest found only "The Senate is full", and a player outside the
    Senate marked "cannot win")."""
    game = Game(options(series=True), 31)
    while game.state.stage != "over":
        game.apply(scripted_action(game))
    results = game.state.series_results
    assert [r["winner"] for r in results] == [1, 0, 2] and game.state.winner == 0
    saved = tmp_path / "series.json"
    saved.write_text(json.dumps(game.save()))
    start_game(app)
    with app.expect_file_chooser() as chooser:
        app.get_by_test_id("import").click()
    chooser.value.set_files(saved)
    end = app.get_by_test_id("end-screen")
    expect(end.get_by_role("heading", name="Game 3 of 3 is over")).to_be_visible()
    expect(end.get_by_test_id("winner")).to_have_text(f"{NAMES[0]} wins the series!")
    expect(end.get_by_test_id("last-game-winner")).to_have_text(
        f"{NAMES[2]} wins game 3. " + end_reason(results[-1]))
    for q in range(3):
        expect(end.get_by_test_id(f"end-games-won-{q}")).to_have_text("1")
        expect(end.get_by_test_id(f"end-total-{q}")).to_have_text(
            str(sum(r["totals"][q] for r in results)))
    expect(end.get_by_role("columnheader", name="Games won")).to_be_visible()
    expect(end.get_by_role("columnheader", name="In the Senate (game 3)")).to_be_visible()


@window(390, 844)
def test_on_a_phone_the_series_end_keeps_each_players_name_and_total_in_sight(
        page: Page, site_url: str) -> None:
    """R12 V3: the series' end has six columns, wider than a phone (a review found its totals
    scrolled out of sight): the player's column and the total stay in sight, the columns
    between them scroll, in every language."""
    game = Game(options(series=True), 31)
    while game.state.stage != "over":
        game.apply(scripted_action(game))
    open_autosaved(page, site_url, game)
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    wrap = end.locator(".table-wrap")
    for lang in each_language(page):
        expect(end).to_be_visible()
        for where in (0, 10_000):  # scrolled to its start, then to its end
            wrap.evaluate("(el, x) => { el.scrollLeft = x; }", where)
            box = wrap.bounding_box()
            assert box is not None
            for q in range(3):
                for cell in (end.locator("tbody tr").nth(q).locator("th"),
                             end.get_by_test_id(f"end-total-{q}")):
                    seen = cell.bounding_box()
                    assert seen is not None
                    assert box["x"] - 0.5 <= seen["x"] and \
                        seen["x"] + seen["width"] <= box["x"] + box["width"] + 0.5, \
                        (lang, where, q, seen, box)


def end_reason(result: dict[str, object]) -> str:
    """R9.3's reason for one game, as the end screen words it (the highest total here)."""
    totals = result["totals"]
    senate = result["senate"]
    assert isinstance(totals, list) and isinstance(senate, list)
    best = max(set(senate), key=lambda q: (totals[q], -senate.index(q)))
    return (f"{NAMES[best]} has the highest laurel total ({totals[best]}) among the players "
            "with a senator in the Senate (R9.3).")
